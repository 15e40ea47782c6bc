//! Storage behind a trait: games as their setup plus the list of moves, replayed through
//! the rules engine when loaded. SQLite (a file) and PostgreSQL (a `postgres://` URL),
//! each with its own migrations in `migrations/` and the shared queries of `sql.rs`.

mod api;
mod backup;
mod group;
mod pg_players;
mod players;
mod players_common;
pub(crate) mod postgres;
mod sql;
mod sqlite;
mod sqlite_players;
mod stored;

pub use api::Store;
pub(crate) use api::now_secs;
pub use backup::{Copied, backup};
pub use crate::cluster::api::{Claim, Cluster, Notice, Pairing, RatedSeeker};
pub use group::{CommitCounts, GroupCommit};
pub use crate::cluster::pg::{HEARTBEAT, LEASE, MAX_DRIFT};
pub use players::{
    AccountGame, DELETED, GameList, Players, RatedGame, RatingChange, RatingPoint, Sitter,
    StoredRating,
};
pub use stored::{Append, MoveKind, StoredAccount, StoredGame, StoredMove};

use crate::config::DbUrl;
use crate::error::StoreError;
use std::sync::Arc;

/// Opens (and creates, migrating to the latest schema) the store at `url`.
/// Under PostgreSQL the server is one node of a cluster, named `node` (see
/// [`Cluster`]).
pub fn open(url: &DbUrl, node: &str) -> Result<Arc<dyn Store>, StoreError> {
    match url {
        DbUrl::Sqlite(path) => Ok(Arc::new(sqlite::SqliteStore::open(path)?)),
        DbUrl::Postgres(u) => postgres::open(u, url.display(), node),
    }
}
