//! The server's error types: one for starting and storing, one for what a client is told.

use crate::protocol::{ClientError, ErrorCode};
use std::fmt;

/// Storage failed. The message is for logs, never for clients.
#[derive(Clone, Debug)]
pub enum StoreError {
    /// The database could not be opened or created.
    Open(String),
    /// The schema could not be brought up to date.
    Migrate(String),
    /// A query failed.
    Query(String),
    /// The connection to the database broke (the server restarted, the network
    /// failed): the statement may not have reached it. The store replaces the
    /// connection and tries once more before it reports this.
    Connection(String),
    /// Stored data could not be read back as a game.
    Corrupt(String),
    /// A write of a game this node no longer owns: another node took it over (its
    /// fencing token moved on), so the write was refused and nothing changed.
    Fenced(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open(m) => write!(f, "cannot open the database: {m}"),
            StoreError::Migrate(m) => write!(f, "cannot migrate the database: {m}"),
            StoreError::Query(m) => write!(f, "database query failed: {m}"),
            StoreError::Connection(m) => write!(f, "database connection broke: {m}"),
            StoreError::Corrupt(m) => write!(f, "stored game is unreadable: {m}"),
            StoreError::Fenced(id) => write!(f, "game {id} is owned by another node now"),
        }
    }
}

impl std::error::Error for StoreError {}

/// `e` and its sources, joined by `: ` (some drivers keep the useful part in a source).
pub(crate) fn chain(e: &dyn std::error::Error) -> String {
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

/// The server could not start or stop.
#[derive(Debug)]
pub enum ServerError {
    /// A database URL that cannot be used.
    BadDbUrl(String),
    /// A bot program that cannot be registered under that name.
    BadBot(String),
    /// Storage failed.
    Store(StoreError),
    /// The listener failed.
    Io(std::io::Error),
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::BadDbUrl(m) => f.write_str(m),
            ServerError::BadBot(m) => f.write_str(m),
            ServerError::Store(e) => e.fmt(f),
            ServerError::Io(e) => write!(f, "network: {e}"),
        }
    }
}

// No `source`: the messages above already include the inner error, and a chain
// printed with `{:#}` would say it twice.
impl std::error::Error for ServerError {}

impl From<StoreError> for ServerError {
    fn from(e: StoreError) -> ServerError {
        ServerError::Store(e)
    }
}

impl From<std::io::Error> for ServerError {
    fn from(e: std::io::Error) -> ServerError {
        ServerError::Io(e)
    }
}

/// Why a client's request was not carried out, inside the server: a refusal the client
/// may be told as it is, or a failure of the server's own, which the client is told
/// only as `internal` while the detail goes to the log. It becomes the wire's
/// [`ClientError`] at the edge ([`Failure::into_client`]: the WebSocket handler and the
/// HTTP handlers), and nowhere else.
#[derive(Debug)]
pub enum Failure {
    /// Refused, for a reason the client may know.
    Refused(ClientError),
    /// Storage failed; a write of a game another node owns now among them.
    Store(StoreError),
    /// Work in the pool failed (it panicked: a bug), naming the work.
    Pool(String),
    /// The referee refused what the server itself asked of it (a bug).
    Referee(String),
}

impl Failure {
    /// A refusal with `code`, saying `message` to the client.
    pub fn refused(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure::Refused(ClientError::new(code, message))
    }

    /// What the client is told. Failures of the server's own are logged here, once,
    /// and told as `internal`; a write fenced by another node tells the client where
    /// to go (`moved`).
    pub fn into_client(self) -> ClientError {
        match self {
            Failure::Refused(e) => e,
            Failure::Store(StoreError::Fenced(id)) => {
                tracing::warn!(game = %id, "a write was refused: another node owns the game now");
                ClientError::new(
                    ErrorCode::Moved,
                    format!("game {id} is served by another node now; reconnect and resume"),
                )
            }
            Failure::Store(e) => {
                tracing::error!(error = %e, "storage failed");
                ClientError::internal()
            }
            Failure::Pool(what) => {
                tracing::error!(work = %what, "work in the pool failed");
                ClientError::internal()
            }
            Failure::Referee(why) => {
                tracing::error!(error = %why, "the referee refused the server's own request");
                ClientError::internal()
            }
        }
    }
}

impl From<ClientError> for Failure {
    fn from(e: ClientError) -> Failure {
        Failure::Refused(e)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::Store(e)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Refused(e) => write!(f, "{:?}: {}", e.code, e.message),
            Failure::Store(e) => e.fmt(f),
            Failure::Pool(what) => write!(f, "work in the pool failed: {what}"),
            Failure::Referee(why) => write!(f, "the referee refused: {why}"),
        }
    }
}

impl std::error::Error for Failure {}
