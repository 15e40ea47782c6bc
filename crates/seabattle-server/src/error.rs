//! The server's error types: one for starting and storing, one for what a client is told.

use crate::protocol::{ClientError, ErrorCode};
use std::fmt;

pub use crate::db::{StoreError, chain};

/// The server could not start or stop.
#[derive(Debug)]
pub enum ServerError {
    /// A database URL that cannot be used.
    BadDbUrl(String),
    /// A bot program that cannot be registered under that name.
    BadBot(String),
    /// Storage failed.
    Store(StoreError),
    /// A backup could not be made: what failed, and where.
    Backup(String),
    /// The listener failed.
    Io(std::io::Error),
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::BadDbUrl(m) => f.write_str(m),
            ServerError::BadBot(m) => f.write_str(m),
            ServerError::Store(e) => f.write_str(&chain(e)),
            ServerError::Backup(m) => write!(f, "backup: {m}"),
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
            Failure::Store(StoreError::Fenced { game: id }) => {
                tracing::warn!(game = %id, "a write was refused: another node owns the game now");
                ClientError::new(
                    ErrorCode::Moved,
                    format!("game {id} is served by another node now; reconnect and resume"),
                )
            }
            Failure::Store(e) => {
                tracing::error!(error = %chain(&e), "storage failed");
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
