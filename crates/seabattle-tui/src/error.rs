//! The library's errors.

use std::fmt;

/// What can go wrong in the terminal game outside the game's own rules.
#[derive(Debug)]
pub enum TuiError {
    /// The terminal could not be set up, drawn on or restored.
    Terminal(std::io::Error),
    /// The options cannot make a game (a board too wide for the coordinate system, rules
    /// under which no fleet fits…).
    Setup(String),
    /// The server address cannot be used.
    BadUrl(String),
    /// The server could not be reached, or refused to start the game.
    Server(String),
    /// The game was stopped by a signal (`SIGTERM`, `SIGHUP`, `SIGINT`); the terminal
    /// was restored first.
    Signal(&'static str),
}

impl fmt::Display for TuiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuiError::Terminal(e) => write!(f, "terminal: {e}"),
            TuiError::Setup(m) => f.write_str(m),
            TuiError::BadUrl(m) => write!(f, "server address: {m}"),
            TuiError::Server(m) => write!(f, "server: {m}"),
            TuiError::Signal(name) => write!(f, "stopped by {name}"),
        }
    }
}

impl std::error::Error for TuiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TuiError::Terminal(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for TuiError {
    fn from(e: std::io::Error) -> TuiError {
        TuiError::Terminal(e)
    }
}
