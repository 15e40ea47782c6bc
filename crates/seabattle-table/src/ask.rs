//! What the table waits for from a seat.

use seabattle_core::{CellSet, DutyKind};
use serde::{Deserialize, Serialize};

/// What a seat must do before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Ask {
    /// Lay out a fleet.
    Place,
    /// Fire a volley of `due` cells.
    Fire {
        /// Cells in the volley.
        due: usize,
    },
    /// Show a cell for a reveal owed.
    Reveal {
        /// A ship cell (after a mine) or a mine (after a minesweeper).
        kind: DutyKind,
        /// The cells the rules allow.
        options: CellSet,
    },
    /// Move the hit flying ship.
    Relocate {
        /// The decks it takes with it.
        decks: usize,
    },
}
