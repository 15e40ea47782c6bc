//! What every game on this node needs, and nothing a feature owns: settings, storage,
//! the pool costly work runs in, the games in memory, and the bus the games publish
//! their events on. A game's task holds this, never the hub with the features' state:
//! features hear of games through [`crate::bus`].

use crate::bus::Bus;
use crate::config::Config;
use crate::db::Store;
use crate::error::StoreError;
use crate::game::group::GroupCommit;
use crate::game::handle::GameHandle;
use crate::game::stored::StoredMove;
use crate::guard::address::Addresses;
use crate::guard::work::Work;
use crate::ids::GameId;
use crate::metrics::Metrics;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A game looked up by id.
pub enum Lookup {
    /// In memory: its task's handle.
    Live(GameHandle),
    /// No game has that id.
    Missing,
    /// The game was closed unfinished (see [`crate::game::expire`]).
    Abandoned,
}

/// The result word stored for a game closed unfinished.
pub const ABANDONED: &str = "abandoned";

/// What the games of this node share.
pub struct Node {
    /// Settings.
    pub config: Config,
    /// Where games are stored.
    pub store: Arc<Store>,
    /// Where moves are stored, many games' in one commit.
    pub moves: GroupCommit,
    /// The pool costly work runs in.
    pub work: Work,
    /// What each client address holds.
    pub addresses: Arc<Addresses>,
    /// What `/metrics` shows.
    pub metrics: Metrics,
    /// Where games publish what features hear of: their ends, no-shows, berserks, their
    /// part in the lobby.
    pub bus: Bus,
    rooms: Mutex<HashMap<GameId, GameHandle>>,
    /// Held while a game is loaded from storage, so it is loaded once even if two
    /// players reconnect at once.
    pub load_lock: tokio::sync::Mutex<()>,
    /// The games this node is claiming (in a cluster), one claim of a game at a time.
    pub claims: crate::cluster::Claims,
    /// Flips to `true` when the server shuts down.
    pub closing: tokio::sync::watch::Receiver<bool>,
}

/// The node as games and handlers hold it.
pub type SharedNode = Arc<Node>;

/// The node as a route's state (`State<NodeState>`): a handler that needs nothing of
/// the features takes only this.
#[derive(Clone)]
pub struct NodeState(pub SharedNode);

/// How often a release of a game that failed is tried again: as often as a node renews
/// its lease.
const RELEASE_RETRY: std::time::Duration = std::time::Duration::from_secs(1);

impl Node {
    /// A node storing in `store`.
    pub fn new(
        config: Config,
        store: Arc<Store>,
        moves: GroupCommit,
        closing: tokio::sync::watch::Receiver<bool>,
    ) -> Node {
        Node {
            moves,
            addresses: Arc::new(Addresses::new(config.limits.clone())),
            config,
            store,
            work: Work::new(),
            metrics: Metrics::default(),
            bus: Bus::default(),
            rooms: Mutex::new(HashMap::new()),
            load_lock: tokio::sync::Mutex::new(()),
            claims: Default::default(),
            closing,
        }
    }

    /// Runs a blocking storage call off the async threads.
    pub async fn db<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let store = Arc::clone(&self.store);
        let started = Instant::now();
        let done = tokio::task::spawn_blocking(move || f(&store))
            .await
            .map_err(|e| StoreError::Unavailable {
                what: "a storage task",
                source: Some(Arc::new(e)),
            })?;
        self.metrics.store_seconds.observe(started.elapsed());
        done
    }

    /// Stores `moves` of game `id` from move `seq` on in the next group commit, and
    /// returns once it is durable.
    pub async fn append(
        &self,
        id: GameId,
        seq: usize,
        moves: Vec<StoredMove>,
    ) -> Result<(), StoreError> {
        let started = Instant::now();
        let done = self.moves.append(id, seq, moves).await;
        self.metrics.store_seconds.observe(started.elapsed());
        done
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, GameHandle>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Notes a live game's task.
    pub fn insert(&self, handle: GameHandle) {
        self.rooms().insert(handle.id().clone(), handle);
    }

    /// Games held in memory.
    pub fn rooms_held(&self) -> usize {
        self.rooms().len()
    }

    /// Forgets a game (it stays stored); its task ends once nobody holds its handle.
    /// In a cluster the game is released first, so any node may take it at once: it
    /// stays in memory, served, until the release lands (retried every heartbeat), so
    /// the database never names this node the owner of a game it no longer has.
    pub fn evict(self: &Arc<Self>, id: &GameId) {
        let Some(c) = self.store.cluster() else {
            self.rooms().remove(id);
            return;
        };
        if !c.holds(id) {
            self.drop_room(id);
            return;
        }
        let (hub, id) = (Arc::clone(self), id.clone());
        tokio::spawn(async move {
            loop {
                let key = id.clone();
                let released = hub
                    .db(
                        move |s| match (s.cluster(), s.cluster().and_then(|c| c.fence_of(&key))) {
                            (Some(c), Some(fence)) => c.release(&key, fence),
                            _ => Ok(()),
                        },
                    )
                    .await;
                match released {
                    Ok(()) => break,
                    Err(e) => {
                        tracing::warn!(game = %id, error = %e, "releasing a game failed; it stays here, served, and the release is tried again");
                        tokio::time::sleep(RELEASE_RETRY).await;
                    }
                }
            }
            hub.drop_room(&id);
        });
    }

    /// Takes a game out of memory without releasing it: another node holds it now,
    /// this node's lease lapsed, or it was released already.
    pub fn drop_room(&self, id: &GameId) {
        self.rooms().remove(id);
        if let Some(c) = self.store.cluster() {
            c.forget(id);
        }
    }

    /// The game `id` if it is in memory.
    pub fn live(&self, id: &GameId) -> Option<GameHandle> {
        self.rooms().get(id).cloned()
    }

    /// Every game in memory, for the expiry sweep.
    pub fn all_rooms(&self) -> Vec<GameHandle> {
        self.rooms().values().cloned().collect()
    }
}
