//! What one player may see. The types here are built only from a player's own fleet and
//! the answers they were given, so a view can never carry an unsunk enemy ship.

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use crate::error::ShotError;
use crate::fleet::Fleet;
use crate::phase::{Duty, DutyKind, Outcome, Phase};
use crate::piece::PieceCells;
use crate::player::Player;
use crate::rules::Rules;
use crate::shot::Shot;
use crate::sparse::Sparse;

/// A player's own board: their fleet and the shots it has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnBoard {
    /// The fleet, once placed.
    pub fleet: Option<Fleet>,
    /// Cells the opponent has shot.
    pub incoming: CellSet,
    /// Decks hit and left behind when the ship moved (flying rules): hits, though the
    /// fleet no longer holds them.
    pub lost: CellSet,
}

impl OwnBoard {
    /// Own ship cells that were hit, lost decks included.
    pub fn hits(&self) -> CellSet {
        self.fleet
            .as_ref()
            .map_or(CellSet::EMPTY, |f| f.occupied().and(&self.incoming))
            .or(&self.lost)
    }
}

/// The enemy board as its shooter knows it: answers, sunk ships, and the cells the rules
/// prove empty. This is all a computer player is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetBoard {
    dims: Dims,
    misses: CellSet,
    hits: CellSet,
    sunk: Vec<CellSet>,
    empty: CellSet,
    afloat: Vec<u8>,
    /// Enemy pieces shot: mines set off, minesweepers found, submarines sunk. This
    /// and the next three are blank under most rules, so they are boxed once written.
    found: Sparse<PieceCells>,
    /// Enemy ship cells shown after a mine, not hit yet when shown.
    shown_ships: Sparse<CellSet>,
    /// Enemy mines shown after a minesweeper.
    shown_mines: Sparse<CellSet>,
    /// Hits on a flying ship that has since moved away: hits, but no ship is there.
    left: Sparse<CellSet>,
}

impl TargetBoard {
    /// An enemy board with nothing known yet.
    pub fn new(rules: &Rules) -> TargetBoard {
        TargetBoard {
            dims: rules.dims(),
            misses: CellSet::EMPTY,
            hits: CellSet::EMPTY,
            sunk: Vec::new(),
            empty: CellSet::EMPTY,
            afloat: rules.fleet().to_vec(),
            found: Sparse::blank(),
            shown_ships: Sparse::blank(),
            shown_mines: Sparse::blank(),
            left: Sparse::blank(),
        }
    }

    /// Notes that the enemy's flying ship moved: its open hits were decks it lost, and
    /// it has as many decks fewer (flying rules have one ship).
    pub fn relocated(&mut self) {
        let open = self.open_hits();
        if !open.is_empty() {
            self.left.get_mut().union_with(&open);
        }
        if let [decks] = self.afloat.as_mut_slice() {
            *decks = decks.saturating_sub(open.len() as u8);
        }
    }

    /// Hits on a flying ship that has moved away since: no ship is there now.
    pub fn left_behind(&self) -> &CellSet {
        self.left.get()
    }

    /// Notes the answer to a shot at `c`.
    pub fn record(&mut self, c: Coord, shot: &Shot) {
        match shot {
            Shot::Miss => {
                self.misses.insert(c);
                self.empty.insert(c);
            }
            Shot::Hit => {
                self.hits.insert(c);
            }
            Shot::Sunk(ship) => {
                self.hits.insert(c);
                self.sunk.push(ship.cells);
                self.empty.union_with(&ship.halo);
                let size = ship.cells.len() as u8;
                if let Some(i) = self.afloat.iter().position(|&s| s == size) {
                    self.afloat.remove(i);
                }
            }
            // A piece holds no ship, and its cell is now shot.
            Shot::Mine => {
                self.found.get_mut().mines.insert(c);
                self.empty.insert(c);
            }
            Shot::Sweeper => {
                self.found.get_mut().sweepers.insert(c);
                self.empty.insert(c);
            }
            Shot::Submarine => {
                self.found.get_mut().submarines.insert(c);
                self.empty.insert(c);
            }
        }
    }

    /// Notes a cell the enemy showed after a mine (a ship cell) or a minesweeper (a
    /// mine, which then holds no ship and is best left alone).
    pub fn reveal(&mut self, c: Coord, kind: DutyKind) {
        match kind {
            DutyKind::ShipCell => {
                self.shown_ships.get_mut().insert(c);
            }
            DutyKind::Mine => {
                self.shown_mines.get_mut().insert(c);
                self.empty.insert(c);
            }
            // A move shows nothing: see `relocated`.
            DutyKind::Relocate => {}
        }
    }

    /// Enemy pieces shot so far.
    pub fn found(&self) -> &PieceCells {
        self.found.get()
    }

    /// Enemy ship cells shown after a mine; shoot one for a sure hit.
    pub fn shown_ships(&self) -> &CellSet {
        self.shown_ships.get()
    }

    /// Enemy mines shown after a minesweeper.
    pub fn shown_mines(&self) -> &CellSet {
        self.shown_mines.get()
    }

    /// Every cell the enemy has shown.
    pub fn revealed(&self) -> CellSet {
        self.shown_ships.get().or(self.shown_mines.get())
    }

    /// Board size.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Shots that missed.
    pub fn misses(&self) -> &CellSet {
        &self.misses
    }

    /// Shots that hit, sunk ships included.
    pub fn hits(&self) -> &CellSet {
        &self.hits
    }

    /// Hits on ships still afloat where they stand now: not on sunk ships, and not
    /// those a flying ship left behind.
    pub fn open_hits(&self) -> CellSet {
        self.sunk
            .iter()
            .fold(self.hits.minus(self.left.get()), |acc, s| acc.minus(s))
    }

    /// Every cell shot.
    pub fn shots(&self) -> CellSet {
        self.misses.or(&self.hits).or(&self.found.get().all())
    }

    /// Whether `cells` may be fired as a volley of `expected` shots: on the board, not
    /// shot before, none named twice. The same checks as [`crate::Game::fire`].
    pub fn check_volley(&self, cells: &[Coord], expected: usize) -> Result<(), ShotError> {
        if cells.len() != expected {
            return Err(ShotError::WrongCount {
                expected,
                got: cells.len(),
            });
        }
        let shot = self.shots();
        let mut volley = CellSet::EMPTY;
        for &c in cells {
            if !self.dims.contains(c) {
                return Err(ShotError::OffBoard(c));
            }
            if shot.contains(c) {
                return Err(ShotError::AlreadyShot(c));
            }
            if !volley.insert(c) {
                return Err(ShotError::Repeated(c));
            }
        }
        Ok(())
    }

    /// Sunk ships, in the order they sank.
    pub fn sunk(&self) -> &[CellSet] {
        &self.sunk
    }

    /// Cells known to hold no ship: misses and the halos of sunk ships.
    pub fn known_empty(&self) -> &CellSet {
        &self.empty
    }

    /// Cells about which nothing is known: worth shooting.
    pub fn unknown(&self) -> CellSet {
        CellSet::full(self.dims)
            .minus(&self.shots())
            .minus(&self.empty)
    }

    /// Sizes of the enemy ships still afloat, largest first.
    pub fn afloat(&self) -> &[u8] {
        &self.afloat
    }
}

/// Everything one player may know about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// Whose view this is.
    pub me: Player,
    /// Where the game is.
    pub phase: Phase,
    /// Who shoots next, during the battle.
    pub to_move: Option<Player>,
    /// Shots in the next volley of the player to move.
    pub shots_due: usize,
    /// Whether the game is decided.
    pub outcome: Outcome,
    /// The player's own board.
    pub own: OwnBoard,
    /// The enemy board as the player knows it.
    pub enemy: TargetBoard,
    /// The enemy fleet, revealed only when the game is over.
    pub enemy_fleet: Option<Fleet>,
    /// Reveals owed (after mines and minesweepers), by either player, oldest first.
    pub duties: Vec<Duty>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_volley_refuses_what_fire_refuses() {
        let rules: Rules = "salvo".parse().unwrap();
        let mut view = TargetBoard::new(&rules);
        view.record(Coord::new(0, 0), &Shot::Miss);
        let (a, b) = (Coord::new(1, 1), Coord::new(2, 2));
        assert_eq!(view.check_volley(&[a, b], 2), Ok(()));
        assert_eq!(
            view.check_volley(&[a], 2),
            Err(ShotError::WrongCount {
                expected: 2,
                got: 1
            })
        );
        let off = Coord::new(10, 0);
        assert_eq!(
            view.check_volley(&[a, off], 2),
            Err(ShotError::OffBoard(off))
        );
        let shot = Coord::new(0, 0);
        assert_eq!(
            view.check_volley(&[shot, a], 2),
            Err(ShotError::AlreadyShot(shot))
        );
        assert_eq!(view.check_volley(&[b, b], 2), Err(ShotError::Repeated(b)));
    }
}
