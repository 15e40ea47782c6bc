//! Analyses in storage, written once for both databases: the JSON of each finished
//! game's analysis, kept with the version that made it, and each side's figures beside
//! it for the profile ([`Store::analysed_games`]).

use crate::db::params;
use crate::db::{FromRow, Row, Store, StoreError, now_secs};
use crate::ids::{AccountId, GameId};
use seabattle_core::Player;
use seabattle_wire::analysis::AnalysisJson;

/// One side's figures of an analysis, as the profile sums them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// Its accuracy, as a percentage.
    pub accuracy: f64,
    /// The shots the expert needs, on average, to sink its own fleet.
    pub hardness: Option<f64>,
    /// The same for a random fleet under the game's rules.
    pub uniform: Option<f64>,
}

/// Both sides' figures (players 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures(pub [Side; 2]);

impl Figures {
    /// The figures of `analysis`.
    pub fn of(analysis: &AnalysisJson) -> Figures {
        Figures(Player::BOTH.map(|p| {
            let fleet = analysis.fleets.as_ref().map(|f| &f[p.index()]);
            Side {
                accuracy: analysis.sides[p.index()].accuracy_percent,
                hardness: fleet.map(|f| f.mean_expert_shots),
                uniform: fleet.map(|f| f.uniform_mean_expert_shots),
            }
        }))
    }
}

/// One of an account's analysed games, with the account's side's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysedGame {
    /// The game's rules text.
    pub rules: String,
    /// The account's side.
    pub side: Side,
}

impl FromRow for AnalysedGame {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let seat: i64 = r.get("seat")?;
        let column = |name: &str| format!("{name}{seat}");
        Ok(AnalysedGame {
            rules: r.get("rules")?,
            side: Side {
                accuracy: r.get(&column("accuracy"))?,
                hardness: r.get(&column("hardness"))?,
                uniform: r.get(&column("uniform"))?,
            },
        })
    }
}

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

    /// Keeps the analysis of game `game` and its `figures`, replacing one of another
    /// version. Two nodes that analysed the same game store the same JSON: the first
    /// write stands.
    pub fn save_analysis(
        &self,
        game: &GameId,
        version: u32,
        body: &str,
        figures: &Figures,
    ) -> Result<(), StoreError> {
        let version = i64::from(version);
        let [one, two] = figures.0;
        self.db().tx(|sql| {
            sql.exec(
                "DELETE FROM analyses WHERE game = $1 AND version <> $2",
                params![game.as_str(), version],
            )?;
            sql.exec(
                "INSERT INTO analyses (game, version, body, created_at, accuracy1, accuracy2, \
                 hardness1, hardness2, uniform1, uniform2) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
                params![
                    game.as_str(),
                    version,
                    body,
                    now_secs(),
                    one.accuracy,
                    two.accuracy,
                    one.hardness,
                    two.hardness,
                    one.uniform,
                    two.uniform
                ],
            )?;
            Ok(())
        })
    }

    /// `account`'s analysed games (by analyses of `version`), newest first, at most
    /// `limit`, each with the account's side's figures. A game the account played on
    /// both seats (at one device) counts its first seat.
    pub fn analysed_games(
        &self,
        account: AccountId,
        version: u32,
        limit: u32,
    ) -> Result<Vec<AnalysedGame>, StoreError> {
        self.db().rows(
            "SELECT g.rules, CASE WHEN g.account1 = $1 THEN 1 ELSE 2 END AS seat, \
             a.accuracy1, a.accuracy2, a.hardness1, a.hardness2, a.uniform1, a.uniform2 \
             FROM analyses a JOIN games g ON g.id = a.game \
             WHERE (g.account1 = $1 OR g.account2 = $1) AND a.version = $2 \
             AND a.accuracy1 IS NOT NULL ORDER BY g.finished_at DESC, g.id LIMIT $3",
            params![account, i64::from(version), limit],
        )
    }
}
