//! What a seat asks the table to do.

use seabattle_core::{Coord, FleetSetup, ShipSetup};
use serde::{Deserialize, Serialize};

/// A seat's move, or the clock running out on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Lays out a fleet, unchecked; the table checks it against the rules.
    Place {
        /// The fleet as the player wrote it.
        fleet: FleetSetup,
    },
    /// Fires a volley (one cell under most rules).
    Fire {
        /// The cells, in the order fired.
        cells: Vec<Coord>,
    },
    /// Shows the opponent a cell owed after a mine or a minesweeper.
    Reveal {
        /// The cell shown.
        cell: Coord,
    },
    /// Moves the seat's hit flying ship (the Flying Dutchman).
    Relocate {
        /// Its new cells.
        ship: ShipSetup,
    },
    /// Gives up.
    Resign,
    /// The seat left and stayed away past the host's limit, and the opponent claimed
    /// the win: the seat loses as if it had resigned, and the game ends as abandoned.
    /// The host (which keeps the time) decides when the claim may be made.
    Abandon,
    /// The seat's clock ran out. A first strike passes the turn; the second in a row
    /// loses the game. A seat that owes a reveal or a move on its first strike has it
    /// made for it: `instead` is the stand-in's choice, which the host draws (the table
    /// has no dice).
    Timeout {
        /// What the stand-in does for a seat that owes a reveal or a move.
        instead: Option<Instead>,
    },
}

/// What a stand-in does for a seat whose clock ran out while it owed something.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Instead {
    /// Shows this cell for the reveal owed.
    Reveal(Coord),
    /// Moves the hit ship here.
    Relocate(ShipSetup),
}
