//! What every store does: the [`Store`] trait the server writes through, and what
//! the databases' implementations share.

use crate::cluster::api::Cluster;
use super::stored::{Append, StoredAccount, StoredGame, StoredMove};
use crate::error::StoreError;
use seabattle_bots::StoredHistory;
use seabattle_core::Player;

/// Where games live. Every method is blocking; the server calls them off the async
/// threads. Each write is durable when it returns.
pub trait Store: super::players::Players + Send + Sync + 'static {
    /// Stores a new game (its seats and fleets as given).
    fn create(&self, game: &StoredGame) -> Result<(), StoreError>;
    /// Gives a seat its token hash.
    fn take_seat(&self, id: &str, player: Player, token_hash: &str) -> Result<(), StoreError>;
    /// Stores a placed fleet and its salt.
    fn place(&self, id: &str, player: Player, fleet: &str, salt: &str) -> Result<(), StoreError>;
    /// Stores who shoots first.
    fn start(&self, id: &str, first: Player) -> Result<(), StoreError>;
    /// Appends the move numbered `seq` (0-based).
    fn append(&self, id: &str, seq: usize, mv: &StoredMove) -> Result<(), StoreError> {
        self.append_all(id, seq, std::slice::from_ref(mv))
    }
    /// Appends `moves` numbered from `seq` on, all or none: a volley and the dying
    /// shots it caused are stored together.
    fn append_all(&self, id: &str, seq: usize, moves: &[StoredMove]) -> Result<(), StoreError>;
    /// Appends several games' moves in one transaction (a group commit): each game's
    /// moves all or none, and one game's refusal (a fenced write, a duplicate move)
    /// refuses only that game's, one result each, in order. `Err` when the transaction
    /// as a whole failed and nothing of it was stored. Every `Ok` is durable when this
    /// returns. A store without a shared transaction appends each alone.
    fn append_together(&self, batch: &[Append]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        Ok(batch
            .iter()
            .map(|a| self.append_all(&a.id, a.seq, &a.moves))
            .collect())
    }
    /// Marks the game over.
    fn finish(&self, id: &str, result: &str) -> Result<(), StoreError>;
    /// Reads a game with its moves.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// Learns the fleet (canonical text) `player` placed under `rules` in a game that
    /// has ended; only the newest [`LEARNED_FLEETS`] per rules text are kept. `player`
    /// is the SHA-256 of their key ([`crate::learning::player_hash`]), never the key.
    fn remember(&self, player: &str, rules: &str, fleet: &str) -> Result<(), StoreError>;
    /// The fleets `player` placed, one history per rules text (only `rules`, if
    /// given), oldest fleet first; empty if nothing was learned.
    fn learned(&self, player: &str, rules: Option<&str>) -> Result<Vec<StoredHistory>, StoreError>;
    /// Erases every fleet `player` placed, under every rules; how many there were.
    fn forget(&self, player: &str) -> Result<usize, StoreError>;
    /// Where the data is, for logs.
    fn describe(&self) -> String;

    /// Creates an account named `name` (whose normalized key is `key`); `None` when the
    /// key is taken.
    fn create_account(
        &self,
        name: &str,
        key: &str,
        password_hash: &str,
    ) -> Result<Option<i64>, StoreError>;

    /// The account whose name's key is `key`.
    fn account(&self, key: &str) -> Result<Option<StoredAccount>, StoreError>;

    /// Opens a session whose token's SHA-256 is `token_hash`, until `expires_at`
    /// (seconds since the epoch).
    fn open_session(
        &self,
        token_hash: &str,
        account: i64,
        expires_at: i64,
    ) -> Result<(), StoreError>;

    /// The account of the session `token_hash`, if it still runs.
    fn session(&self, token_hash: &str) -> Result<Option<StoredAccount>, StoreError>;

    /// Ends the session `token_hash`.
    fn close_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Ends every session of `account`; returns how many.
    fn close_sessions(&self, account: i64) -> Result<usize, StoreError>;

    /// Erases `account` and its sessions.
    fn delete_account(&self, account: i64) -> Result<(), StoreError>;

    /// Erases the sessions that ended before `now` (seconds since the epoch); how many.
    fn sweep_sessions(&self, now: i64) -> Result<usize, StoreError>;
    /// The cluster this store is shared by, if it can be shared (PostgreSQL); `None`
    /// for a store only one server uses (SQLite).
    fn cluster(&self) -> Option<&dyn Cluster> {
        None
    }
}

/// Fleets kept per player and rules text: as many as the expert learns from.
pub const LEARNED_FLEETS: usize = seabattle_bots::learn::MAX_FLEETS;

/// Gathers `(rules, fleet)` rows, sorted by rules and then oldest first, into one
/// history per rules text.
pub(crate) fn histories(rows: impl IntoIterator<Item = (String, String)>) -> Vec<StoredHistory> {
    let mut out: Vec<StoredHistory> = Vec::new();
    for (rules, fleet) in rows {
        match out.last_mut() {
            Some(h) if h.rules == rules => h.fleets.push(fleet),
            _ => out.push(StoredHistory {
                rules,
                fleets: vec![fleet],
            }),
        }
    }
    out
}

/// Seconds since the Unix epoch.
pub(crate) fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
