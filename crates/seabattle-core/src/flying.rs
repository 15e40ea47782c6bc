//! The Flying Dutchman's move: after a hit its owner moves the ship, one deck fewer, to
//! cells the opponent has never shot. One check serves the game, the audit and the
//! clients, so that they all agree on what is legal.

use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::rules::Rules;
use rand::Rng;
use std::fmt;

/// Why a ship cannot be moved to the cells given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelocationError {
    /// No move is owed by this player now.
    NotOwed,
    /// Cells off the board.
    OffBoard(Vec<Coord>),
    /// A cell named twice.
    Repeated(Coord),
    /// The ship has this many decks left, not as many as the cells given.
    Size {
        /// Decks left.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// The cells cannot be walked in one line by steps to side or corner neighbours.
    NotPath,
    /// Cells the opponent has shot: the ship may not stand where its shooter has
    /// marked a miss or a hit.
    Shot(Vec<Coord>),
}

impl fmt::Display for RelocationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |cells: &[Coord]| {
            cells
                .iter()
                .map(Coord::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            RelocationError::NotOwed => f.write_str("no ship is to be moved now"),
            RelocationError::OffBoard(c) => write!(f, "{} off the board", list(c)),
            RelocationError::Repeated(c) => write!(f, "{c} is named twice"),
            RelocationError::Size { expected, found } => {
                write!(f, "the ship has {expected} decks left, not {found}")
            }
            RelocationError::NotPath => {
                f.write_str("the cells are not a chain of side or corner neighbours")
            }
            RelocationError::Shot(c) => write!(f, "{} has been shot already", list(c)),
        }
    }
}

impl std::error::Error for RelocationError {}

/// Checks a move of a ship with `decks` decks left to `cells`, on a board whose shot
/// cells are `shot`; the cells as a set if it is legal.
pub fn check(
    rules: &Rules,
    decks: usize,
    shot: &CellSet,
    cells: &[Coord],
) -> Result<CellSet, RelocationError> {
    let dims = rules.dims();
    let off: Vec<Coord> = cells
        .iter()
        .copied()
        .filter(|&c| !dims.contains(c))
        .collect();
    if !off.is_empty() {
        return Err(RelocationError::OffBoard(off));
    }
    let mut set = CellSet::EMPTY;
    if let Some(&c) = cells.iter().find(|&&c| !set.insert(c)) {
        return Err(RelocationError::Repeated(c));
    }
    if set.len() != decks {
        return Err(RelocationError::Size {
            expected: decks,
            found: set.len(),
        });
    }
    let on_shot: Vec<Coord> = set.and(shot).iter().collect();
    if !on_shot.is_empty() {
        return Err(RelocationError::Shot(on_shot));
    }
    if !crate::path::is_path(&set) {
        return Err(RelocationError::NotPath);
    }
    Ok(set)
}

/// Whether a ship of `decks` decks has anywhere to go on a board whose shot cells are
/// `shot`. When it has not, it stays where it is and no move is owed.
pub fn can_move(rules: &Rules, decks: usize, shot: &CellSet) -> bool {
    crate::path::exists(decks, &CellSet::full(rules.dims()).minus(shot))
}

/// A legal place for a ship of `decks` decks drawn uniformly among all legal places
/// (every cell not in `shot`), or `None` if the draw gives up (see
/// [`crate::path::sample`]): the computer's move, as unpredictable as a move can be.
pub fn random_move<R: Rng + ?Sized>(
    rules: &Rules,
    decks: usize,
    shot: &CellSet,
    rng: &mut R,
) -> Option<CellSet> {
    crate::path::sample(rules.dims(), decks, shot, rng, crate::path::SAMPLE_ATTEMPTS)
}
