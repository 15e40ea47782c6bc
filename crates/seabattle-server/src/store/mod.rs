//! Storage behind a trait: games as their setup plus the list of moves, replayed through
//! the rules engine when loaded. SQLite (a file) and PostgreSQL (a `postgres://` URL),
//! each with its own migrations in `migrations/` and the shared queries of `sql.rs`.

mod backup;
mod cluster;
mod pg_cluster;
mod postgres;
mod sql;

pub use backup::{Copied, backup};
pub use cluster::{Claim, Cluster, Notice, Pairing};
pub use pg_cluster::{HEARTBEAT, LEASE, MAX_DRIFT};
mod sqlite;

use crate::config::DbUrl;
use crate::error::StoreError;
use seabattle_bots::StoredHistory;
use seabattle_core::Player;
use std::sync::Arc;

/// What a stored move row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A volley with its answers.
    Volley,
    /// A resignation.
    Resign,
    /// The player's clock ran out; if they owed a reveal, `shots` holds the cell the
    /// server showed for them, and if they owed a move of their hit flying ship, the
    /// place the server moved it to (`d4+e5+f6`).
    Timeout,
    /// A reveal owed after a mine or minesweeper: `shots` holds the cell shown.
    Reveal,
    /// A sunk submarine's dying shot, `cell:answer`. The volley before it already
    /// implies it; the row keeps the stored moves one for one with the record's, and
    /// a restart checks the replay against it.
    Dying,
    /// A hit flying ship's move (the Flying Dutchman): `shots` holds its new cells in
    /// the notation's ship form, `d4+e5+f6` (`a20-d20` when straight).
    Relocate,
}

impl MoveKind {
    /// The word stored.
    pub fn word(self) -> &'static str {
        match self {
            MoveKind::Volley => "volley",
            MoveKind::Resign => "resign",
            MoveKind::Timeout => "timeout",
            MoveKind::Reveal => "reveal",
            MoveKind::Dying => "dying",
            MoveKind::Relocate => "relocate",
        }
    }

    /// Reads a stored word.
    pub fn from_word(w: &str) -> Option<MoveKind> {
        match w {
            "volley" => Some(MoveKind::Volley),
            "resign" => Some(MoveKind::Resign),
            "timeout" => Some(MoveKind::Timeout),
            "reveal" => Some(MoveKind::Reveal),
            "dying" => Some(MoveKind::Dying),
            "relocate" => Some(MoveKind::Relocate),
            _ => None,
        }
    }
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// Who.
    pub player: Player,
    /// What.
    pub kind: MoveKind,
    /// For a volley or a dying shot, `cell:answer` pairs separated by spaces
    /// (`e5:miss f5:hit`); for a reveal, the cell shown; for a move, the ship's new
    /// cells (`d4+e5+f6`).
    pub shots: String,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The public id.
    pub id: String,
    /// The rules text.
    pub rules: String,
    /// `computer:LEVEL`, `friend` or `random`.
    pub mode: String,
    /// Seconds per move, if any.
    pub clock_secs: Option<u32>,
    /// SHA-256 of each seat's token, once taken.
    pub tokens: [Option<String>; 2],
    /// Each fleet as canonical text, once placed.
    pub fleets: [Option<String>; 2],
    /// Each commitment's salt.
    pub salts: [Option<String>; 2],
    /// Who shot first, once the battle started.
    pub first: Option<Player>,
    /// The result, once over.
    pub result: Option<String>,
    /// Every move, in order.
    pub moves: Vec<StoredMove>,
}

impl StoredGame {
    /// A new game with nothing placed.
    pub fn new(id: String, rules: String, mode: String, clock_secs: Option<u32>) -> StoredGame {
        StoredGame {
            id,
            rules,
            mode,
            clock_secs,
            tokens: [None, None],
            fleets: [None, None],
            salts: [None, None],
            first: None,
            result: None,
            moves: Vec::new(),
        }
    }
}

/// Where games live. Every method is blocking; the server calls them off the async
/// threads. Each write is durable when it returns.
pub trait Store: Send + Sync + 'static {
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

/// Opens (and creates, migrating to the latest schema) the store at `url`.
/// Under PostgreSQL the server is one node of a cluster, named `node` (see
/// [`Cluster`]).
pub fn open(url: &DbUrl, node: &str) -> Result<Arc<dyn Store>, StoreError> {
    match url {
        DbUrl::Sqlite(path) => Ok(Arc::new(sqlite::SqliteStore::open(path)?)),
        DbUrl::Postgres(u) => postgres::open(u, url.display(), node),
    }
}

/// Seconds since the Unix epoch.
pub(crate) fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
