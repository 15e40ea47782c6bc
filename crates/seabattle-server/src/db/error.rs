//! What storage can fail with, by kind; the driver's own error rides along as the
//! source, for logs. No client is ever told any of it (see `crate::error::Failure`).

use std::fmt;
use std::sync::Arc;

/// A driver's error, kept whole for the log.
pub type Source = Arc<dyn std::error::Error + Send + Sync>;

/// Storage failed. The message is for logs, never for clients.
#[derive(Clone, Debug)]
pub enum StoreError {
    /// The database could not be opened or created: `what` names the file or URL.
    Open {
        /// The file, the URL (shown without its password), or the part that failed.
        what: String,
        /// Why, from the driver.
        source: Option<Source>,
    },
    /// The schema could not be brought up to date.
    Migrate {
        /// The migration that failed.
        version: i64,
        /// Why, from the driver.
        source: Source,
    },
    /// What was asked for is not there: a game, an account.
    NotFound {
        /// What kind of thing.
        what: &'static str,
        /// Its key.
        key: String,
    },
    /// A row with the same key is there already (a move number used twice, an id taken).
    Conflict {
        /// Why, from the driver.
        source: Source,
    },
    /// The database cannot be reached now: its pool is exhausted, the commit writer has
    /// stopped, a blocking task failed. Trying again later may work.
    Unavailable {
        /// What could not be had.
        what: &'static str,
        /// Why, from the driver, if it said.
        source: Option<Source>,
    },
    /// The connection broke (the database restarted, the network failed): the statement
    /// may not have reached it. The store replaces the connection and tries once more
    /// before it reports this.
    Disconnected {
        /// Why, from the driver.
        source: Source,
    },
    /// A write of a game this node no longer owns: another node took it over (its
    /// fencing token moved on), so the write was refused and nothing changed.
    Fenced {
        /// The game.
        game: crate::ids::GameId,
    },
    /// Stored data could not be read back.
    Corrupt {
        /// What was wrong, and where.
        what: String,
    },
    /// Asked of a store that cannot do it: the shared queue of a store no other node
    /// shares (SQLite).
    Unsupported {
        /// What was asked.
        what: &'static str,
    },
    /// Any other refusal of a statement.
    Query {
        /// Why, from the driver.
        source: Source,
    },
}

impl StoreError {
    /// A game, an account… that is not there.
    pub fn not_found(what: &'static str, key: impl fmt::Display) -> StoreError {
        StoreError::NotFound {
            what,
            key: key.to_string(),
        }
    }

    /// Stored data that does not read.
    pub fn corrupt(what: impl Into<String>) -> StoreError {
        StoreError::Corrupt { what: what.into() }
    }

    /// The database, or a part of the server's storage, cannot be had now.
    pub fn unavailable(what: &'static str) -> StoreError {
        StoreError::Unavailable { what, source: None }
    }

    /// Whether the write may have landed although its answer was lost, so that the
    /// caller should look before it says it failed: the connection broke, or a retry
    /// found its own rows.
    pub fn may_have_landed(&self) -> bool {
        matches!(
            self,
            StoreError::Disconnected { .. } | StoreError::Conflict { .. }
        )
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open { what, .. } => write!(f, "cannot open the database {what}"),
            StoreError::Migrate { version, .. } => {
                write!(f, "cannot migrate the database to version {version}")
            }
            StoreError::NotFound { what, key } => write!(f, "no such {what} {key}"),
            StoreError::Conflict { .. } => f.write_str("a row with that key exists already"),
            StoreError::Unavailable { what, .. } => write!(f, "{what} is unavailable"),
            StoreError::Disconnected { .. } => f.write_str("the database connection broke"),
            StoreError::Fenced { game } => write!(f, "game {game} is owned by another node now"),
            StoreError::Corrupt { what } => write!(f, "stored data is unreadable: {what}"),
            StoreError::Unsupported { what } => {
                write!(f, "{what} needs a store shared by a cluster (PostgreSQL)")
            }
            StoreError::Query { .. } => f.write_str("a database statement failed"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Open { source, .. } | StoreError::Unavailable { source, .. } => {
                source.as_deref().map(|s| s as _)
            }
            StoreError::Migrate { source, .. }
            | StoreError::Conflict { source }
            | StoreError::Disconnected { source }
            | StoreError::Query { source } => Some(source.as_ref()),
            StoreError::NotFound { .. }
            | StoreError::Fenced { .. }
            | StoreError::Corrupt { .. }
            | StoreError::Unsupported { .. } => None,
        }
    }
}

/// `e` and its sources, joined by `: `, for a log line (a driver often keeps the
/// useful part in a source).
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut next = e.source();
    while let Some(s) = next {
        let text = s.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        next = s.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_carries_the_drivers_words_and_a_client_never_sees_them() {
        let driver: Source = Arc::new(std::io::Error::other("connection reset by peer"));
        let e = StoreError::Disconnected { source: driver };
        assert_eq!(e.to_string(), "the database connection broke");
        assert_eq!(
            chain(&e),
            "the database connection broke: connection reset by peer"
        );
        assert!(e.may_have_landed());
        assert!(!StoreError::not_found("game", "abc").may_have_landed());
    }
}
