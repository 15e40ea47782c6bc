//! "My games" over HTTP (`GET /account/games`): the signed-in account's unfinished
//! games and its latest finished ones, one type for the server that writes them and
//! the clients and tests that read them.

use seabattle_core::Player;
use serde::{Deserialize, Serialize};

/// Who sat in the other seat, as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatedOpponent {
    /// The computer.
    Computer,
    /// A guest.
    Guest,
    /// An account, by name.
    Account {
        /// Its name.
        name: String,
    },
    /// An account since deleted.
    Deleted,
}

/// A game of the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountGameJson {
    /// The game's id.
    pub game: String,
    /// A preset's id or custom rules' text.
    pub rules: String,
    /// `computer:LEVEL`, `friend`, `random`, `arena:ID`, ….
    pub mode: String,
    /// The account's seat.
    pub seat: Player,
    /// Who sat in the other.
    pub opponent: SeatedOpponent,
    /// Whether it is rated.
    pub rated: bool,
    /// Ended before each player had fired: not rated, not counted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// How it ended, once over.
    pub result: Option<String>,
    /// When it was made (seconds since the epoch).
    pub created_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Its page's path.
    pub link: String,
}

/// What `GET /account/games` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MyGames {
    /// The unfinished games, from any device (resumed with `resume` without a token).
    pub unfinished: Vec<AccountGameJson>,
    /// The latest finished ones.
    pub finished: Vec<AccountGameJson>,
    /// The account's public profile's path.
    pub profile: String,
}
