//! Where the games are stored, as the operator names it: down here with the storage
//! that opens it, so the storage needs nothing from the server's settings.

use crate::error::ServerError;
use std::path::PathBuf;
use std::str::FromStr;

/// Where games are stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbUrl {
    /// An SQLite file (created on first start).
    Sqlite(PathBuf),
    /// A PostgreSQL server, by its `postgres://` URL.
    Postgres(String),
}

impl DbUrl {
    /// The default: `seabattle/seabattle.db` in the user's data directory
    /// (`$XDG_DATA_HOME`, else `$HOME/.local/share`), else in the working directory.
    pub fn default_sqlite() -> DbUrl {
        let base = std::env::var_os("XDG_DATA_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME")
                    .filter(|v| !v.is_empty())
                    .map(|h| PathBuf::from(h).join(".local").join("share"))
            });
        match base {
            Some(b) => DbUrl::Sqlite(b.join("seabattle").join("seabattle.db")),
            None => DbUrl::Sqlite(PathBuf::from("seabattle.db")),
        }
    }

    /// The URL as shown in logs, with any password hidden.
    pub fn display(&self) -> String {
        match self {
            DbUrl::Sqlite(p) => format!("sqlite://{}", p.display()),
            DbUrl::Postgres(u) => match (u.find("://"), u.rfind('@')) {
                (Some(s), Some(at)) if at > s => format!("postgres://…@{}", &u[at + 1..]),
                _ => u.clone(),
            },
        }
    }
}

impl FromStr for DbUrl {
    type Err = ServerError;
    /// Reads `sqlite://PATH`, `sqlite:PATH`, `postgres://…`, `postgresql://…`, or a bare
    /// file path (SQLite).
    fn from_str(s: &str) -> Result<DbUrl, ServerError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ServerError::BadDbUrl("empty database url".into()));
        }
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return Ok(DbUrl::Postgres(s.to_string()));
        }
        let path = s
            .strip_prefix("sqlite://")
            .or_else(|| s.strip_prefix("sqlite:"))
            .unwrap_or(s);
        if path.is_empty() {
            return Err(ServerError::BadDbUrl("sqlite url without a path".into()));
        }
        if let Some((scheme, _)) = s.split_once("://")
            && scheme != "sqlite"
        {
            return Err(ServerError::BadDbUrl(format!(
                "unknown database scheme {scheme:?}: expected sqlite:// or postgres://"
            )));
        }
        Ok(DbUrl::Sqlite(PathBuf::from(path)))
    }
}
