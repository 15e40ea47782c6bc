//! The daily sea's answers over HTTP (`GET /daily/day/DATE`, `POST /daily/start`,
//! `POST /daily/shot`): one type for the server that writes them and the clients and
//! tests that read them (docs/arena.md, "The daily sea").

use seabattle_core::Answer;
use serde::{Deserialize, Serialize};

/// A day, as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DayJson {
    /// The day (`YYYY-MM-DD`).
    pub date: String,
    /// Today, by the server's clock.
    pub today: String,
    /// The rules: always `classic`.
    pub rules: String,
    /// The SHA-256 commitment, public from the start of the day.
    pub commitment: String,
    /// The account playing, or none for a guest.
    pub player: Option<String>,
    /// The player's attempt, if they started one.
    pub attempt: Option<AttemptJson>,
    /// Everyone's results: once the player's attempt is over, or the day is.
    pub results: Option<ResultsJson>,
    /// The fleet and salt: once the day is over.
    pub reveal: Option<DayRevealJson>,
}

/// A player's attempt: their shots and what they found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttemptJson {
    /// Every shot in order, answered; a sunk ship's cells with the shot that sank it.
    pub shots: Vec<Fired>,
    /// The sizes of the ships still afloat, largest first.
    pub afloat: Vec<usize>,
    /// Whether every ship has sunk.
    pub over: bool,
    /// The shots it took, once over.
    pub score: Option<usize>,
}

/// One shot of an attempt as its player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fired {
    /// The cell shot (`e5`).
    pub cell: String,
    /// `miss`, `hit` or `sunk`.
    pub answer: Answer,
    /// The ship this shot sank, every cell of it (for `sunk` only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship: Vec<String>,
    /// The cells around the ship sunk, where by the rules no ship can be.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub halo: Vec<String>,
}

/// The day's results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ResultsJson {
    /// Everyone who finished (guests too), by score.
    pub histogram: Vec<Bar>,
    /// How many finished.
    pub finished: u32,
    /// The expert computer's shots on the same fleet.
    pub expert: usize,
    /// The best accounts of the day (people; BOTs play but are not ranked).
    pub ranked: Vec<RankedJson>,
    /// Accounts ranked in all.
    pub ranked_count: u32,
    /// The player's place among them, for a person's account that finished.
    pub rank: Option<u32>,
    /// The player's streak and best.
    pub record: Option<Record>,
    /// The result to share, for a player who finished.
    pub share: Option<ShareJson>,
}

/// One bar of the histogram: the players who took `from` to `to` shots, both counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bar {
    /// The fewest shots in the bar.
    pub from: u32,
    /// The most.
    pub to: u32,
    /// Players whose score is in it.
    pub count: u32,
}

/// A ranked account of the day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RankedJson {
    /// The account's name.
    pub name: String,
    /// Its score.
    pub score: u32,
}

/// A player's own record: streak and best score over every day they played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
// Not `Record` on the page: TypeScript has a `Record` of its own.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DailyRecord"))]
pub struct Record {
    /// Days in a row, the longest run, days in all.
    pub streak: Streak,
    /// The fewest shots they ever took.
    pub best: Option<u32>,
}

/// How a player's days went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Streak {
    /// Days in a row up to today, or up to yesterday while today is not played yet (a
    /// streak lasts until a day is missed).
    pub current: u32,
    /// The longest run of days in a row.
    pub longest: u32,
    /// Days played in all.
    pub days: u32,
}

/// The result to share, in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShareJson {
    /// In Russian.
    pub ru: String,
    /// In English.
    pub en: String,
}

/// A day revealed, once it is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DayRevealJson {
    /// The fleet, ship by ship, in canonical order.
    pub fleet: Vec<String>,
    /// The salt.
    pub salt: String,
    /// The text whose SHA-256 is the commitment (docs/arena.md).
    pub committed: String,
    /// The expert's shots, in order.
    pub expert_shots: Vec<String>,
    /// The seed of the expert's generator.
    pub expert_seed: u64,
}
