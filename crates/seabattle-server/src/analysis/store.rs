//! Analyses in storage, written once for both databases: the JSON of each finished
//! game's analysis, kept with the version that made it.

use crate::db::params;
use crate::db::{FromRow, Row, Store, StoreError, now_secs};
use crate::ids::GameId;

/// A stored analysis: its version and its JSON.
struct Stored {
    version: i64,
    body: String,
}

impl FromRow for Stored {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Stored {
            version: r.get("version")?,
            body: r.get("body")?,
        })
    }
}

impl Store {
    /// The analysis of game `game` made by `version`, as JSON, if one is stored.
    pub fn analysis(&self, game: &GameId, version: u32) -> Result<Option<String>, StoreError> {
        let stored: Option<Stored> = self.db().row(
            "SELECT version, body FROM analyses WHERE game = $1",
            params![game.as_str()],
        )?;
        Ok(stored
            .filter(|s| s.version == i64::from(version))
            .map(|s| s.body))
    }

    /// Keeps the analysis of game `game`, replacing one of another version. Two nodes
    /// that analysed the same game store the same JSON: the first write stands.
    pub fn save_analysis(&self, game: &GameId, version: u32, body: &str) -> Result<(), StoreError> {
        let version = i64::from(version);
        self.db().tx(|sql| {
            sql.exec(
                "DELETE FROM analyses WHERE game = $1 AND version <> $2",
                params![game.as_str(), version],
            )?;
            sql.exec(
                "INSERT INTO analyses (game, version, body, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT DO NOTHING",
                params![game.as_str(), version, body, now_secs()],
            )?;
            Ok(())
        })
    }
}
