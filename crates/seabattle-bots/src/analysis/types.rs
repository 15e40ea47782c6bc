//! What an analysis says, as plain data the server can store and send: one judgement
//! per shot, a summary per side, and how hard each fleet was to find.

use seabattle_core::{Coord, Player, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The analysis of one finished game. Sides and fleets are indexed by
/// [`Player::index`]: `sides[0]` is player one's shooting, `fleets[0]` player one's fleet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The rules the game was played under.
    pub rules: Rules,
    /// Each side's shooting, summed up.
    pub sides: [SideSummary; 2],
    /// Every shot of the game, both sides, in the order fired.
    pub shots: Vec<ShotJudgement>,
    /// How hard each fleet was to find; `None` when [`Options::hardness_runs`] is 0
    /// (it is the costly part, and may be worked out apart with [`crate::analysis::fleet_hardness`]).
    pub fleets: Option<[FleetHardness; 2]>,
}

/// One shot, judged from its shooter's own information only (its earlier shots and
/// their answers, the ships it sank) under the uniform prior over legal fleets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShotJudgement {
    /// The number of the move (the volley) it was fired in, counting the record's moves
    /// from 1: where a replay shows it.
    pub number: usize,
    /// Who fired.
    pub player: Player,
    /// The cell fired at.
    pub cell: Coord,
    /// The probability that the cell held an unhit ship cell. Exactly 0 for a wasted
    /// shot, and never 0 otherwise.
    pub p: f64,
    /// The highest such probability among the cells not yet shot.
    pub best: f64,
    /// The cells not yet shot whose probability is `best`.
    pub best_cells: Vec<Coord>,
    /// `p / best`, in `[0, 1]`.
    pub quality: f64,
    /// Whether the shot was wasted or a mistake (see [`Verdict`]).
    pub verdict: Verdict,
    /// Whether the shot hit a ship (sinking it or not).
    pub hit: bool,
}

/// What a shot was, beyond its quality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Nothing to say against it.
    Fine,
    /// No fleet consistent with what the shooter knew could cover the cell: next to a
    /// sunk ship, a diagonal of a hit where ships may not touch, and the like.
    Wasted,
    /// A shot of quality below one half while a cell at least even odds of a ship was
    /// open (a ship half-found and left). A wasted shot is [`Verdict::Wasted`], not this.
    Mistake,
}

/// One side's shooting, summed up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    /// The mean quality of its shots, as a percentage (100 with no shots).
    pub accuracy_percent: f64,
    /// Shots at cells no consistent fleet could cover.
    pub wasted: usize,
    /// Shots judged [`Verdict::Mistake`].
    pub mistakes: usize,
    /// Hits minus the hits expected (the sum of `p`): above 0, luckier than the odds.
    pub luck: f64,
    /// Shots fired.
    pub shots: usize,
    /// Shots that hit.
    pub hits: usize,
    /// The mean number of shots the expert needs, from the start, to sink the fleet
    /// this side shot at ([`FleetHardness::mean_expert_shots`] of the opponent's fleet);
    /// `None` when hardness was not worked out.
    pub expert_shots: Option<f64>,
}

/// How hard a fleet was to find.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FleetHardness {
    /// The mean number of shots the expert (uniform prior, one shot at a time) needs to
    /// sink this exact fleet.
    pub mean_expert_shots: f64,
    /// The same mean for fleets drawn uniformly at random under the same rules (from a
    /// fixed seed: the same figure in every game under these rules).
    pub uniform_mean_expert_shots: f64,
    /// Games played for each mean.
    pub runs: usize,
}

/// How much work an analysis does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Fleets kept in each shooter's posterior sample: more, less noise in `p`.
    pub particles: usize,
    /// Games the expert plays for each hardness mean (0: no hardness).
    pub hardness_runs: usize,
    /// Fleets kept by the expert that plays the hardness games.
    pub hardness_particles: usize,
}

impl Options {
    /// The settings the issue asks for: 2,000 fleets per posterior, 200 hardness games
    /// (by an expert of 100 fleets: as many shots on average as one of 300, measured
    /// over 200 uniform `classic` fleets, at half the time).
    pub const FULL: Options = Options {
        particles: 2000,
        hardness_runs: 200,
        hardness_particles: 100,
    };

    /// Cheap settings for tests: noisier `p`, few hardness games.
    pub const QUICK: Options = Options {
        particles: 400,
        hardness_runs: 4,
        hardness_particles: 100,
    };
}

impl Default for Options {
    fn default() -> Options {
        Options::FULL
    }
}

/// Why a game could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The rules have pieces (mines, minesweepers, submarines) or a flying ship, which
    /// the posterior does not model.
    Unsupported {
        /// The rules, as text.
        rules: String,
    },
    /// The record does not replay under its rules.
    Record {
        /// Why, as the replay says.
        message: String,
    },
    /// The game is not over: analysing it would tell a player about a live game.
    Unfinished,
    /// No fleet fits what a shooter knew: a view that breaks the rules (a replayed
    /// record should never give one).
    NoFleetFits {
        /// Whose view.
        player: Player,
        /// Which move (1-based).
        number: usize,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Unsupported { rules } => {
                write!(
                    f,
                    "game analysis is not available for these rules ({rules})"
                )
            }
            AnalysisError::Record { message } => write!(f, "invalid record: {message}"),
            AnalysisError::Unfinished => f.write_str("the game is not over"),
            AnalysisError::NoFleetFits { player, number } => {
                write!(f, "move {number}: no fleet fits what player {player} knew")
            }
        }
    }
}

impl std::error::Error for AnalysisError {}
