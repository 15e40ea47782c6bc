//! Game records: what was placed and every shot with its answer, as data, and (with the
//! `serde` feature) as JSON. Replaying one through a [`crate::Game`] and its text form
//! (see `docs/notation.md`) are in `replay.rs`, above the game.

use crate::coord::Coord;
use crate::error::ShotError;
use crate::fleet::{FleetError, FleetSetup};
use crate::player::Player;
use crate::rules::Rules;
use crate::shot::Answer;
use std::fmt;

/// One entry of a record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A volley (one shot under classic rules) and the answers given.
    Volley {
        /// Who fired.
        player: Player,
        /// Each cell with its answer, in the order fired.
        shots: Vec<(Coord, Answer)>,
    },
    /// A player gave up.
    Resign {
        /// Who resigned.
        player: Player,
    },
    /// A player let the turn go without shooting: their clock ran out.
    Pass {
        /// Who passed.
        player: Player,
    },
    /// A sunk submarine's dying shot: its owner fires at the same cell of the
    /// shooter's board, answered like any shot. The game adds it right after the
    /// volley that sank the submarine.
    Dying {
        /// The submarine's owner, who fires.
        player: Player,
        /// The cell.
        cell: Coord,
        /// The answer.
        answer: Answer,
    },
    /// A player shows the opponent one of their own cells: after setting off a mine,
    /// a ship cell not yet hit; after a minesweeper, an unspent mine.
    Reveal {
        /// Who shows.
        player: Player,
        /// The cell shown.
        cell: Coord,
    },
    /// A player moves their hit flying ship (the Flying Dutchman) to new cells, one
    /// deck fewer for each hit where it stood.
    Relocate {
        /// Whose ship.
        player: Player,
        /// Its new cells.
        cells: Vec<Coord>,
    },
}

impl Move {
    /// Who made the move.
    pub fn player(&self) -> Player {
        match self {
            Move::Volley { player, .. }
            | Move::Resign { player }
            | Move::Pass { player }
            | Move::Dying { player, .. }
            | Move::Reveal { player, .. }
            | Move::Relocate { player, .. } => *player,
        }
    }
}

/// A game as it was played. Plain data: a record of a game played on paper may hold an
/// illegal fleet or a false answer, which is what [`crate::audit`] looks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameRecord {
    /// The rules agreed.
    pub rules: Rules,
    /// Each player's fleet, for players 1 and 2.
    pub fleets: [FleetSetup; 2],
    /// Who shot first.
    pub first: Player,
    /// Every move, in order.
    pub moves: Vec<Move>,
}

/// A record that could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not a record.
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A fleet breaks the rules.
    Fleet {
        /// Whose fleet.
        player: Player,
        /// The violations.
        error: FleetError,
    },
    /// A move the rules refuse.
    Move {
        /// 1-based move number.
        number: usize,
        /// Why.
        error: ShotError,
    },
    /// A recorded answer that differs from the board.
    Answer {
        /// 1-based move number.
        number: usize,
        /// The cell.
        cell: Coord,
        /// What the record says.
        recorded: Answer,
        /// What the board says.
        actual: Answer,
    },
    /// A move after the game ended.
    AfterEnd {
        /// 1-based move number.
        number: usize,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            RecordError::Fleet { player, error } => write!(f, "fleet of player {player}: {error}"),
            RecordError::Move { number, error } => write!(f, "move {number}: {error}"),
            RecordError::Answer {
                number,
                cell,
                recorded,
                actual,
            } => write!(
                f,
                "move {number}: {cell} was answered {recorded}, but the board says {actual}"
            ),
            RecordError::AfterEnd { number } => {
                write!(f, "move {number}: the game was already over")
            }
        }
    }
}

impl std::error::Error for RecordError {}
