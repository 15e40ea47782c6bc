//! Why a connection could not be made, or a message not sent or received.

use seabattle_wire::ParseError;
use std::fmt;
use std::time::Duration;

/// What went wrong on a [`Connection`](crate::Connection).
#[derive(Debug)]
pub enum ConnectionError {
    /// The address or a header is not usable: what is wrong with it.
    BadRequest(String),
    /// The server answered the upgrade with this HTTP status instead of a WebSocket.
    Refused(u16),
    /// The socket failed (could not connect, or broke): the underlying error.
    Socket(String),
    /// The server closed the connection.
    Closed,
    /// No message (or none that was waited for) came within this time.
    Timeout(Duration),
    /// A text frame that is not a server message of this protocol version.
    Unreadable {
        /// Why it is not.
        error: ParseError,
        /// The frame as received.
        text: String,
    },
}

impl fmt::Display for ConnectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectionError::BadRequest(why) => write!(f, "bad request: {why}"),
            ConnectionError::Refused(status) => write!(f, "refused with http status {status}"),
            ConnectionError::Socket(why) => write!(f, "socket error: {why}"),
            ConnectionError::Closed => f.write_str("the server closed the connection"),
            ConnectionError::Timeout(d) => write!(f, "no message within {} ms", d.as_millis()),
            ConnectionError::Unreadable { error, text } => {
                write!(f, "unreadable message ({error}): {text}")
            }
        }
    }
}

impl std::error::Error for ConnectionError {}

impl From<tokio_tungstenite::tungstenite::Error> for ConnectionError {
    fn from(e: tokio_tungstenite::tungstenite::Error) -> ConnectionError {
        use tokio_tungstenite::tungstenite::Error;
        match e {
            Error::Http(response) => ConnectionError::Refused(response.status().as_u16()),
            Error::ConnectionClosed | Error::AlreadyClosed => ConnectionError::Closed,
            Error::Url(why) => ConnectionError::BadRequest(why.to_string()),
            other => ConnectionError::Socket(other.to_string()),
        }
    }
}
