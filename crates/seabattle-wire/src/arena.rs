//! The arenas' answers over HTTP (`GET /arenas.json`, `GET /arena/{id}/json`,
//! `POST /arena/create`, `POST /arena/{id}/berserk`) and what their requests carry:
//! one type for the server that writes them and the clients and tests that read them
//! (docs/arena.md).

use serde::{Deserialize, Serialize};

/// Where an arena stands at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ArenaState {
    /// It has not started: players may join already.
    Upcoming,
    /// Its games are being paired.
    Running,
    /// Its time is up.
    Finished,
}

/// How often the server's schedule makes an arena (`hourly`, `daily`): the page names
/// it in its own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Cadence {
    /// Every hour.
    Hourly,
    /// Every day.
    Daily,
}

/// An arena as listed, and as `POST /arena/create` answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArenaSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// A preset's id or custom rules' text.
    pub rules: String,
    /// Seconds per move.
    pub clock: u32,
    /// How long it runs.
    pub minutes: u32,
    /// When it starts, in milliseconds since the epoch.
    pub starts_ms: i64,
    /// When it ends (or ended), in milliseconds since the epoch.
    pub ends_ms: i64,
    /// Where it stands.
    pub state: ArenaState,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether BOTs may join.
    pub bots: bool,
    /// Rated games a player must have played to join.
    pub min_rated_games: u32,
    /// Who made it; none for the server's schedule.
    pub by: Option<String>,
    /// How often the server's schedule makes it, for one of its arenas.
    pub every: Option<Cadence>,
    /// How many players have joined it (the start screen says it of a running arena).
    pub players: u32,
}

/// What `GET /arenas.json` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArenaListJson {
    /// The server's clock, in milliseconds since the epoch.
    pub now_ms: i64,
    /// Running and coming, soonest first.
    pub open: Vec<ArenaSummary>,
    /// Ended in the last day, latest first.
    pub ended: Vec<ArenaSummary>,
}

/// One game's points as the standings show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PointJson {
    /// The points.
    pub points: u32,
    /// Doubled by a streak.
    pub fire: bool,
    /// With the berserk bonus.
    pub berserk: bool,
    /// Lost without a shot.
    pub no_show: bool,
}

/// A player's row of the standings, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RowJson {
    /// Its place, from 1.
    pub rank: u32,
    /// The account's name.
    pub name: String,
    /// Whether it is a BOT.
    pub bot: bool,
    /// Its rating under the arena's preset, rounded (1500 before its first rated game).
    pub rating: i32,
    /// Whether that rating is still provisional (shown with «?»).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
    /// Its points.
    pub score: u32,
    /// On a streak ("on fire"): its next win counts double.
    pub fire: bool,
    /// Each game's points, in order.
    pub points: Vec<PointJson>,
    /// Paused by its own choice (or withdrawn).
    pub paused: bool,
}

/// An arena's game being played, for spectators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayingJson {
    /// The game's id.
    pub game: String,
    /// The two players' names, by seat.
    pub players: [String; 2],
}

/// The viewer's place in the arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MeJson {
    /// The viewer's account name.
    pub name: String,
    /// Whether they joined.
    pub joined: bool,
    /// Whether they paused.
    pub paused: bool,
    /// Withdrawn by the arena after two no-shows in a row (back by joining again).
    pub withdrawn: bool,
    /// Their place, once joined.
    pub rank: Option<u32>,
    /// Their points.
    pub score: u32,
    /// Their game being played, if any.
    pub game: Option<String>,
    /// Whether they went berserk in it.
    pub berserk: bool,
    /// Whether they may join (signed in, admitted, the arena not over), and if not why.
    pub refused: Option<String>,
    /// The next pairing, as far as anyone can tell: how many other players are free to
    /// be paired now (in the arena, not paused, withdrawn or playing).
    pub free: u32,
    /// How long two must have waited before a wave pairs them (seconds).
    pub wave_secs: u32,
    /// When the only opponent free now is the one just played: how long both must
    /// wait before the arena pairs them again (it prefers anyone else until then).
    pub rematch_secs: Option<u32>,
}

/// What `GET /arena/{id}/json` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArenaJson {
    /// The server's clock, in milliseconds since the epoch.
    pub now_ms: i64,
    /// The arena.
    pub arena: ArenaSummary,
    /// Its standings, best first.
    pub standings: Vec<RowJson>,
    /// The first three, once the arena is over.
    pub podium: Option<Vec<RowJson>>,
    /// Its games being played.
    pub playing: Vec<PlayingJson>,
    /// The viewer's place, when signed in.
    pub me: Option<MeJson>,
}

/// What `POST /arena/create` takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CreateArena {
    /// Its name; the creator's («NAME: arena») if empty.
    #[serde(default)]
    pub name: String,
    /// A preset's id or custom rules' text.
    pub rules: String,
    /// Seconds per move.
    pub clock: u32,
    /// How long it runs, in minutes.
    pub minutes: u32,
    /// Minutes from now until it starts (0: at once).
    #[serde(default)]
    pub starts_in: u32,
    /// Whether its games are rated.
    #[serde(default)]
    pub rated: bool,
    /// Whether BOTs may join.
    #[serde(default)]
    pub bots: bool,
    /// Rated games a player must have played to join.
    #[serde(default)]
    pub min_rated_games: u32,
}

/// What `POST /arena/{id}/berserk` takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Berserk {
    /// The game.
    pub game: String,
}

/// What `POST /arena/{id}/berserk` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BerserkJson {
    /// The seconds per move the player has now.
    pub clock: u32,
}
