//! What every client of a round shares, and what they tell the checks.

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What every client shares: where to connect, how fast to play, when to give up, and
/// what the disruption (a kill or a SIGTERM) did.
pub(crate) struct Ctx {
    pub(crate) proxy: SocketAddr,
    pub(crate) pace: Duration,
    pub(crate) deadline: Instant,
    /// When the node was killed (or sent SIGTERM), and its name.
    pub(crate) disrupted: Mutex<Option<(Instant, String)>>,
    /// Per game, the longest time from the disruption to a client's first `state`
    /// after it came back, and the node it came back to.
    pub(crate) takeovers: Mutex<BTreeMap<String, (Duration, Option<String>)>>,
    /// Per game, the node its players' connections reached last, while it runs.
    pub(crate) owners: Mutex<HashMap<String, Option<String>>>,
    /// Per game, the `shot` messages its clients received.
    pub(crate) moves: Mutex<HashMap<String, usize>>,
    /// Per game, the highest move number any client was told of.
    pub(crate) told: Mutex<HashMap<String, u64>>,
    /// States older than a move the client had been told of.
    pub(crate) stale: Mutex<Vec<String>>,
    /// The database is restarted (or its primary killed) in this run: `internal`
    /// errors are expected while it is down, and none once it is back (when this is
    /// set).
    pub(crate) db_fault: bool,
    pub(crate) db_back: Mutex<Option<Instant>>,
    /// When the database's primary was killed (after the kill command returned), and
    /// the first `shot` any client heard after that.
    pub(crate) db_killed: Mutex<Option<Instant>>,
    pub(crate) first_move_after: Mutex<Option<Instant>>,
    /// `internal` errors heard after the database was back.
    pub(crate) internal_after: Mutex<Vec<String>>,
}

impl Ctx {
    /// The time left before the deadline.
    pub(crate) fn left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// An `internal` error reached a client of `game`: counted if the database was
    /// back already. Whether the client may go on (only in a database-restart run).
    pub(crate) fn internal(&self, game: &str, who: &str, v: &Value) -> bool {
        if let Some(t) = *lock(&self.db_back) {
            lock(&self.internal_after).push(format!(
                "{game} {who}: {v} ({} ms after the database was back)",
                t.elapsed().as_millis()
            ));
        }
        self.db_fault
    }

    /// A `shot` reached a client: the first one after the primary was killed is kept.
    pub(crate) fn move_heard(&self) {
        if lock(&self.db_killed).is_some() {
            lock(&self.first_move_after).get_or_insert_with(Instant::now);
        }
    }

    /// A client that was told of move `told` received a state of `moves` moves.
    pub(crate) fn state_seen(
        &self,
        game: &str,
        who: &str,
        told: u64,
        moves: u64,
        node: &Option<String>,
    ) {
        if moves < told {
            lock(&self.stale).push(format!(
                "{game} {who}: a state of {moves} moves from {} after move {told} was told",
                node.as_deref().unwrap_or("?")
            ));
        }
    }

    /// The node a player of `game` reached last.
    pub(crate) fn owner(&self, game: &str, node: Option<String>) {
        lock(&self.owners).insert(game.to_string(), node);
    }

    /// A client of `game` is back with a state: counts for the takeover time if the
    /// game was cut off by the disruption.
    pub(crate) fn back(&self, game: &str, node: &Option<String>, cut_at: Option<Instant>) {
        let Some((t, _)) = lock(&self.disrupted).clone() else {
            return;
        };
        // Only a client cut off by the disruption measures it: one that followed its
        // game earlier, or reconnected for another reason before it, does not.
        if cut_at.is_none_or(|c| c < t) {
            return;
        }
        let d = t.elapsed();
        let mut m = lock(&self.takeovers);
        let e = m.entry(game.to_string()).or_insert((d, node.clone()));
        if d > e.0 {
            *e = (d, node.clone());
        }
    }
}

/// Locks `m`, whether or not a task panicked holding it.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
