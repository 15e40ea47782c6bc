//! The server's shared state above the games: the [`Node`] every game needs, and beside
//! it the features' own state (the lobby, challenges, the daily sea, the arenas, the
//! computer's levels, the accounts' sockets). The router's handlers hold it; a game's
//! task never does.

use crate::guard::vet::Verdicts;
use crate::ids::AccountId;
use crate::node::{Node, NodeState, SharedNode};
use crate::web::records::Records;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Everything the handlers share.
pub struct Hub {
    /// What the games share; the hub reads as it ([`std::ops::Deref`]).
    pub node: SharedNode,
    /// Rules already vetted.
    pub vetted: Verdicts,
    /// Finished games' records and replays, rendered once.
    pub records: Records,
    /// The computer's levels' accounts, for rated games against them.
    pub levels: Arc<crate::levels::Levels>,
    /// Everyone here waiting for a random opponent.
    pub seekers: crate::matchmaking::seeker::Seekers,
    next_conn: AtomicU64,
    /// Set when a node of a cluster is about to stop: `/readyz` fails so the proxy
    /// sends no one new, while everyone here is still served.
    pub draining: std::sync::atomic::AtomicBool,
    /// The open sockets of each signed-in account.
    pub sockets: crate::accounts::sockets::Sockets,
    /// Failed logins and sign-ups, per address and per account.
    pub throttle: crate::guard::pace::Paces,
    /// Who is here, for the lobby.
    pub lobby: Arc<crate::lobby::Lobby>,
    /// The challenges sent from this node's sockets, waiting for an answer.
    pub challenges: crate::challenges::Pending,
    /// The daily sea's draws on this node.
    pub daily: crate::daily::Daily,
    /// The lane finished games are analysed in.
    pub analyst: Arc<crate::analysis::lane::Analyst>,
    /// The arenas' runner on this node.
    pub arenas: Arc<crate::arenas::ArenaRunner>,
}

/// The hub as handlers hold it.
pub type SharedHub = Arc<Hub>;

impl std::ops::Deref for Hub {
    type Target = Node;

    fn deref(&self) -> &Node {
        &self.node
    }
}

impl axum::extract::FromRef<SharedHub> for NodeState {
    fn from_ref(hub: &SharedHub) -> NodeState {
        NodeState(Arc::clone(&hub.node))
    }
}

impl Hub {
    /// A hub over `node`, its features' state empty.
    pub fn new(node: SharedNode) -> Hub {
        Hub {
            node,
            vetted: Verdicts::default(),
            records: Records::default(),
            levels: Default::default(),
            seekers: Default::default(),
            next_conn: AtomicU64::new(1),
            draining: std::sync::atomic::AtomicBool::new(false),
            sockets: Default::default(),
            throttle: Default::default(),
            lobby: Default::default(),
            challenges: Default::default(),
            daily: Default::default(),
            analyst: Default::default(),
            arenas: Default::default(),
        }
    }

    /// A fresh connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Signs `account` out of every socket it has open, here and (in a cluster) on every
    /// other node.
    pub async fn sign_out(&self, account: AccountId) {
        let here = self.sockets.sign_out(account);
        tracing::info!(account = %account, sockets = here, "the account's sockets were closed");
        let told = self
            .db(move |db| db.cluster().map_or(Ok(()), |c| c.tell_signed_out(account)))
            .await;
        if let Err(e) = told {
            tracing::warn!(error = %crate::error::chain(&e), "the other nodes could not be told of a sign-out");
        }
    }
}
