//! Where players meet outside a game: the lobby (who is here, the open games waiting
//! for an opponent) and challenges by name.

use serde::{Deserialize, Serialize};

use crate::SeatAccountJson;

/// Who is here: what the home page shows, sent to a socket that asked with `lobby` at
/// once and then whenever it changes, at most once every two seconds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LobbyJson {
    /// Open sockets: players (and spectators) on the site now.
    pub online: u32,
    /// Games being played now (both seats taken, not over).
    pub playing: u32,
    /// The open games waiting for an opponent, oldest first.
    pub open: Vec<OpenGameJson>,
}

/// A game in the lobby: its creator waits for anyone to `join` it. The lobby and the
/// random queue are one pool: a player who pressed «Найти соперника» is listed too
/// (`seeking`), and `join` pairs with them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OpenGameJson {
    /// What to `join` by: the game id, or for a seeker its place in the queue
    /// (`q-…`, never a game id).
    pub game: String,
    /// The rules text.
    pub rules: String,
    /// Seconds per move, absent for no clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<u32>,
    /// Rated when the one who joins is signed in (another account); casual otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The name the waiting player gave, for a guest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// The waiting player's account, name and rating, if signed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub account: Option<SeatAccountJson>,
    /// A player waiting in the random queue rather than a game opened in the lobby:
    /// the game is made when someone joins (it has no clock).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seeking: bool,
}

/// A challenge by name, as both players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChallengeJson {
    /// Its id, to accept, decline or cancel it by.
    pub id: String,
    /// Who challenges.
    pub from: SeatAccountJson,
    /// Who is challenged.
    pub to: SeatAccountJson,
    /// The rules text.
    pub rules: String,
    /// Seconds per move, absent for no clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<u32>,
    /// Whether the game will be rated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Seconds left before it expires unanswered.
    pub expires_secs: u32,
}

/// How a challenge ended without a game, or with one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ChallengeEnd {
    /// The challenged player accepted: both are sent `joined`.
    Accepted,
    /// The challenged player declined.
    Declined,
    /// The challenger took it back (or left the site).
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// The challenged player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ChallengeAnswer"))]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Play: the game starts at once.
    Accept,
    /// Not now.
    Decline,
}
