//! A finished game's replay over HTTP (`GET /games/{id}/frames.json`,
//! docs/protocol.md): one type for the server that writes it and the page and tests
//! that read it.

use crate::{EndReason, RulesJson, TargetJson};
use seabattle_core::Player;
use serde::{Deserialize, Serialize};

/// What the replay says besides the moves: who played and how it ended (the record
/// holds only what the rules engine keeps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct About {
    /// `computer:LEVEL`, `friend`, `random` or `hotseat`.
    pub mode: String,
    /// The winner.
    // The page reads null and absent alike here, as its types always said.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub winner: Option<Player>,
    /// How the game ended.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reason: Option<EndReason>,
}

/// The replay's frames: the rules in full, and for each number of moves played (from
/// none to all) what each player knew of the enemy waters, as `state`'s boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Frames {
    /// The rules in full.
    pub spec: RulesJson,
    /// The two boards after 0, 1, … moves.
    pub frames: Vec<[TargetJson; 2]>,
    /// Who played and how it ended.
    #[serde(flatten)]
    pub about: About,
}
