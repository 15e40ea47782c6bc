//! A finished game's analysis over HTTP (`GET /games/{id}/analysis.json`,
//! docs/protocol.md, "Game analysis"): every shot judged from what its shooter knew,
//! each side summed up, each fleet's hardness. One type for the server that writes it,
//! `seabattle analyse` that prints it, and the page and tests that read it.

use seabattle_core::Player;
use serde::{Deserialize, Serialize};

/// The analysis of one finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AnalysisJson {
    /// How it was computed: a stored analysis of another version is made again.
    pub version: u32,
    /// The rules, as text.
    pub rules: String,
    /// Players 1 and 2, summed up.
    pub sides: [SideSummaryJson; 2],
    /// Every shot of both sides, in the order fired.
    pub shots: Vec<JudgedShotJson>,
    /// How hard each player's fleet was to find (players 1 and 2); absent where it was
    /// not measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fleets: Option<[FleetHardnessJson; 2]>,
}

/// One shot, judged from its shooter's own information only, under the uniform prior
/// over legal fleets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JudgedShotJson {
    /// The number of the move (the volley) it was fired in, counting the record's moves
    /// from 1: where a replay shows it.
    pub move_number: u32,
    /// Who fired.
    pub player: Player,
    /// The cell, in Latin letters (`e5`).
    pub cell: String,
    /// The probability that the cell held an unhit ship cell.
    pub p: f64,
    /// The highest such probability among the cells not yet shot.
    pub best: f64,
    /// The cells with that probability.
    pub best_cells: Vec<String>,
    /// `p / best`.
    pub quality: f64,
    /// What the shot was.
    pub verdict: ShotVerdict,
    /// Whether it hit.
    pub hit: bool,
}

/// What a shot was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ShotVerdict {
    /// Neither of the others.
    Fine,
    /// No fleet consistent with what the shooter knew could cover the cell (`p = 0`).
    Wasted,
    /// `quality` below one half while a cell with `best ≥ 0.5` was open: a ship
    /// half-found and left.
    Mistake,
}

/// One side of the game, summed up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideSummaryJson {
    /// The mean `quality` of its shots, as a percentage.
    pub accuracy_percent: f64,
    /// Its wasted shots.
    pub wasted: u32,
    /// Its mistakes.
    pub mistakes: u32,
    /// Hits minus the sum of `p`: how many hits came above (or below) what the shots
    /// deserved.
    pub luck: f64,
    /// Its shots.
    pub shots: u32,
    /// Its hits.
    pub hits: u32,
    /// The shots the expert needs, on average, to sink the fleet this side shot at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub expert_shots: Option<f64>,
}

/// How hard a fleet was to find.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetHardnessJson {
    /// The mean number of shots the expert needs to sink this exact fleet.
    pub mean_expert_shots: f64,
    /// The same for a uniformly random fleet under the same rules.
    pub uniform_mean_expert_shots: f64,
    /// How many games each mean is over.
    pub runs: u32,
}
