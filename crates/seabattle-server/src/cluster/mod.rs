//! This server as one node of many on a shared PostgreSQL (see `docs/deploy.md`): the
//! lease it renews, taking a game before loading it, handing a game over when another
//! node is asked for it, letting every game go when it stops, and the notes other nodes
//! send. With SQLite none of this runs.

mod answers;
mod claims;
mod lease;
mod listen;
mod node;
mod notice;
mod presence;
mod queue;

pub use answers::{Claim, Notice, Pairing};
pub use claims::Claims;
pub use lease::{HEARTBEAT, LEASE, MAX_DRIFT};
pub use node::Cluster;
pub use queue::Look;

pub use listen::start;

use crate::error::Failure;
use crate::game::msg::GameMsg;
use crate::ids::GameId;
use crate::node::SharedNode;
use crate::protocol::ErrorCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The close code of a socket whose game left this node: the client reconnects to the
/// game's address and resumes.
pub const MOVED: u16 = 4001;

/// How long a request waits for a game to become this node's: a dead owner's lease
/// runs out within five seconds, a live owner hands over at once.
const CLAIM_WAIT: Duration = Duration::from_secs(8);

/// How often a request waiting for a game tries again, and asks the owner again.
const CLAIM_RETRY: Duration = Duration::from_millis(50);
const ASK_AGAIN: Duration = Duration::from_secs(1);

/// How often the games in memory are checked against the lease.
const LEASE_CHECK: Duration = Duration::from_millis(250);

/// Makes game `id` this node's before it is loaded: `Ok(false)` if there is no such
/// game. A live owner is asked to hand it over; a dead one's lease must run out.
pub async fn claim(node: &SharedNode, id: &GameId) -> Result<bool, Failure> {
    if node.store.cluster().is_none() {
        return Ok(true);
    }
    let started = Instant::now();
    let mut asked: Option<Instant> = None;
    loop {
        let key = id.clone();
        let claim = node
            .db(move |s| match s.cluster() {
                Some(c) => c.acquire(&key),
                None => Ok(Claim::Owned { took_over: false }),
            })
            .await?;
        match claim {
            Claim::Missing => return Ok(false),
            Claim::Owned { took_over } => {
                if took_over {
                    node.metrics.takeovers.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(game = %id, waited_ms = started.elapsed().as_millis() as u64, "took the game over from a node that is gone");
                }
                return Ok(true);
            }
            Claim::Lapsed => {
                // This node's own lease lapsed: the heartbeat renews it within a second.
                if started.elapsed() > CLAIM_WAIT {
                    return Err(Failure::refused(
                        ErrorCode::Moved,
                        format!("this node cannot take game {id} now; try again"),
                    ));
                }
                tokio::time::sleep(CLAIM_RETRY).await;
            }
            Claim::Held { owner } => {
                if started.elapsed() > CLAIM_WAIT {
                    return Err(Failure::refused(
                        ErrorCode::Moved,
                        format!("game {id} is still held by another node; try again"),
                    ));
                }
                if asked.is_none_or(|t| t.elapsed() > ASK_AGAIN) {
                    asked = Some(Instant::now());
                    tracing::debug!(game = %id, %owner, "asking the owner to hand the game over");
                    let key = id.clone();
                    node.db(move |s| s.cluster().map_or(Ok(()), |c| c.ask_handover(&key)))
                        .await?;
                }
                tokio::time::sleep(CLAIM_RETRY).await;
            }
        }
    }
}

/// Another node was asked for game `id`: if it is here, it is released and let go at
/// once. A release that fails leaves the game here, served, and the asking node asks
/// again. A game this node is named the owner of but does not have in memory (a
/// release that failed earlier, a lapse) is given up in the database.
pub(super) async fn hand_over(node: &SharedNode, id: &GameId) {
    let Some(h) = node.live(id) else {
        let key = id.clone();
        if let Err(e) = node
            .db(move |s| s.cluster().map_or(Ok(()), |c| c.disown(&key)))
            .await
        {
            tracing::warn!(game = %id, error = %e, "giving up a game not in memory failed; tried again when asked again");
        }
        return;
    };
    let _ = h.ask(|reply| GameMsg::HandOver { reply }).await;
}

/// Whether this node may not serve game `id` from memory: it is in a cluster and no
/// longer holds the game (a write was fenced, or its lease lapsed).
pub fn stale(node: &SharedNode, id: &GameId) -> bool {
    node.store.cluster().is_some_and(|c| !c.holds(id))
}

/// Lets game `h` go if this node no longer holds it, before anything is served from
/// it: its task lets it go before it runs any job. Returns when it has left memory.
pub async fn drop_if_stale(node: &SharedNode, h: &crate::game::handle::GameHandle) -> bool {
    if !stale(node, h.id()) {
        return false;
    }
    // The task checks before handling any message.
    let _ = h.ask(|reply| GameMsg::Wake { reply }).await;
    true
}

/// Every few hundred milliseconds, lets go the games in memory this node no longer
/// holds, so a spectator on a game that nothing else wakes is sent on too.
pub(super) fn watch_lease(node: &SharedNode) {
    let h = Arc::clone(node);
    tokio::spawn(async move {
        let mut ticker = crate::ticker::Ticker::new(LEASE_CHECK, &h.closing);
        while ticker.next().await {
            for g in h.all_rooms() {
                drop_if_stale(&h, &g).await;
            }
        }
    });
}

/// Lets every game here go, for a node that stops: their players reconnect and reach
/// other nodes, which take the games at once. Then the node leaves the cluster.
pub async fn drain(node: &SharedNode) {
    if node.store.cluster().is_none() {
        return;
    }
    for h in node.all_rooms() {
        let _ = h.ask(|reply| GameMsg::LetGo { reply }).await;
    }
    if let Err(e) = node
        .db(|s| s.cluster().map_or(Ok(()), |c| c.retire()))
        .await
    {
        tracing::warn!(error = %e, "leaving the cluster failed; the lease runs out instead");
    }
}
