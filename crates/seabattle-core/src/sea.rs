//! [`Sea`]: one player's waters under fire, with no notion of turns. The game keeps
//! two; a benchmark or a solver can fire at one alone.

use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::error::ShotError;
use crate::fleet::Fleet;
use crate::flying::RelocationError;
use crate::piece::PieceKind;
use crate::shot::{Shot, SunkShip};
use crate::sparse::Sparse;

/// A fleet and the shots it has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sea {
    fleet: Fleet,
    /// The fleet as placed, once a flying ship moved (until then it is `fleet`): most
    /// games never move a ship, and a server holds thousands of seas.
    placed: Option<Box<Fleet>>,
    incoming: CellSet,
    /// Decks hit, per ship of the fleet.
    ship_hits: Vec<u8>,
    afloat: usize,
    /// Decks hit and left behind when their ship moved (flying rules).
    lost: Sparse<CellSet>,
}

impl Sea {
    /// Fresh waters: nothing shot yet.
    pub fn new(fleet: Fleet) -> Sea {
        let n = fleet.ships().len();
        Sea {
            placed: None,
            fleet,
            incoming: CellSet::EMPTY,
            ship_hits: vec![0; n],
            afloat: n,
            lost: Sparse::blank(),
        }
    }

    /// The fleet where it stands now.
    pub fn fleet(&self) -> &Fleet {
        &self.fleet
    }

    /// The fleet as placed, before any flying ship moved: what the record keeps.
    pub fn placed(&self) -> &Fleet {
        self.placed.as_deref().unwrap_or(&self.fleet)
    }

    /// Cells shot so far.
    pub fn incoming(&self) -> &CellSet {
        &self.incoming
    }

    /// Ships still afloat.
    pub fn afloat(&self) -> usize {
        self.afloat
    }

    /// Whether every ship has sunk.
    pub fn all_sunk(&self) -> bool {
        self.afloat == 0
    }

    /// Decks hit and left behind when their ship moved (flying rules).
    pub fn lost(&self) -> &CellSet {
        self.lost.get()
    }

    /// Ships hit where they stand now and still afloat, as (index, decks not hit).
    pub fn damaged(&self) -> Vec<(usize, usize)> {
        self.fleet
            .ships()
            .iter()
            .zip(&self.ship_hits)
            .enumerate()
            .filter(|(_, (s, h))| **h > 0 && usize::from(**h) < s.size())
            .map(|(i, (s, h))| (i, s.size() - usize::from(*h)))
            .collect()
    }

    /// The ship that must move after a hit, as (index, decks left), under flying
    /// rules: one hit where it stands, still afloat, with somewhere to go. A ship with
    /// nowhere to go stays where it is, hit like a classic ship.
    pub fn relocation_due(&self) -> Option<(usize, usize)> {
        if !self.fleet.rules().flying() {
            return None;
        }
        self.damaged()
            .into_iter()
            .find(|&(_, decks)| crate::flying::can_move(self.fleet.rules(), decks, &self.incoming))
    }

    /// Moves the ship [`Sea::relocation_due`] names to `cells`, if that is legal (see
    /// [`crate::flying::check`]): its hit decks stay behind, lost, and it starts afresh
    /// with no hits. On error nothing changes.
    pub fn relocate(&mut self, cells: &[Coord]) -> Result<CellSet, RelocationError> {
        let (i, decks) = self.relocation_due().ok_or(RelocationError::NotOwed)?;
        let set = crate::flying::check(self.fleet.rules(), decks, &self.incoming, cells)?;
        // A path of a flying ship's 5 to 8 decks always fits in a ship.
        let moved = crate::ship::Ship::of(&set).ok_or(RelocationError::NotPath)?;
        if let Some(ship) = self.fleet.ships().get(i) {
            let left = ship.cells().and(&self.incoming);
            if !left.is_empty() {
                self.lost.get_mut().union_with(&left);
            }
        }
        if self.placed.is_none() {
            self.placed = Some(Box::new(self.fleet.clone()));
        }
        self.fleet = self.fleet.with_ship_moved(i, moved);
        self.ship_hits[i] = 0;
        Ok(set)
    }

    /// Whether a shot at `c` would be accepted.
    pub fn check(&self, c: Coord) -> Result<(), ShotError> {
        if !self.fleet.rules().dims().contains(c) {
            Err(ShotError::OffBoard(c))
        } else if self.incoming.contains(c) {
            Err(ShotError::AlreadyShot(c))
        } else {
            Ok(())
        }
    }

    /// Fires at `c` and answers.
    pub fn fire(&mut self, c: Coord) -> Result<Shot, ShotError> {
        self.check(c)?;
        self.incoming.insert(c);
        let Some(i) = self.fleet.ship_at(c) else {
            return Ok(match self.fleet.pieces().at(c) {
                None => Shot::Miss,
                Some(PieceKind::Mine) => Shot::Mine,
                Some(PieceKind::Sweeper) => Shot::Sweeper,
                Some(PieceKind::Submarine) => Shot::Submarine,
            });
        };
        self.ship_hits[i] += 1;
        let ship = self.fleet.ships()[i];
        if usize::from(self.ship_hits[i]) < ship.size() {
            return Ok(Shot::Hit);
        }
        self.afloat -= 1;
        let cells = ship.cells();
        Ok(Shot::Sunk(SunkShip {
            cells,
            halo: self.fleet.rules().halo(&cells),
        }))
    }
}
