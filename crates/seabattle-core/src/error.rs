//! Why the game refused a move: nothing changed.

use crate::coord::Coord;
use crate::flying::RelocationError;
use crate::player::Player;
use std::fmt;

/// A shot or volley that was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShotError {
    /// The battle has not started.
    NotStarted,
    /// The game is over.
    GameOver,
    /// It is the other player's turn.
    OutOfTurn {
        /// Whose turn it is.
        turn: Player,
    },
    /// A turn is a volley of exactly this many shots.
    WrongCount {
        /// Shots due.
        expected: usize,
        /// Shots given.
        got: usize,
    },
    /// A cell off the board.
    OffBoard(Coord),
    /// A cell shot before.
    AlreadyShot(Coord),
    /// A cell named twice in one volley.
    Repeated(Coord),
    /// A player owes a reveal (after a mine or minesweeper) before play goes on.
    RevealDue(Player),
    /// A cell that may not be shown for the reveal owed.
    NotRevealable(Coord),
    /// A player owes the move of their hit flying ship before play goes on.
    RelocationDue(Player),
    /// A move of a flying ship the rules refuse.
    Relocation(RelocationError),
}

impl fmt::Display for ShotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShotError::NotStarted => f.write_str("the battle has not started"),
            ShotError::GameOver => f.write_str("the game is over"),
            ShotError::OutOfTurn { turn } => write!(f, "not your turn: player {turn} shoots"),
            ShotError::WrongCount { expected, got } => {
                write!(f, "a volley here is {expected} shots, not {got}")
            }
            ShotError::OffBoard(c) => write!(f, "{c} is off the board"),
            ShotError::AlreadyShot(c) => write!(f, "{c} has been shot already"),
            ShotError::Repeated(c) => write!(f, "{c} is named twice in one volley"),
            ShotError::RevealDue(p) => write!(f, "player {p} must first reveal a cell"),
            ShotError::NotRevealable(c) => write!(f, "{c} cannot be shown for this reveal"),
            ShotError::RelocationDue(p) => write!(f, "player {p} must first move their ship"),
            ShotError::Relocation(e) => write!(f, "the ship cannot go there: {e}"),
        }
    }
}

impl std::error::Error for ShotError {}

/// A refused placement, start or resignation; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Fleets can only be placed before the battle.
    NotPlacing,
    /// The fleet was validated under other rules.
    RulesMismatch,
    /// The battle needs both fleets.
    FleetMissing(Player),
    /// The game is over.
    GameOver,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotPlacing => f.write_str("fleets can only be placed before the battle"),
            GameError::RulesMismatch => f.write_str("the fleet was checked against other rules"),
            GameError::FleetMissing(p) => write!(f, "player {p} has not placed a fleet"),
            GameError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for GameError {}
