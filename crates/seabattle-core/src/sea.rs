//! [`Sea`]: one player's waters under fire, with no notion of turns. The game keeps
//! two; a benchmark or a solver can fire at one alone.

use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::fleet::Fleet;
use crate::game::{Shot, ShotError, SunkShip};
use crate::pieces::PieceKind;

/// A fleet and the shots it has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sea {
    fleet: Fleet,
    incoming: CellSet,
    /// Decks hit, per ship of the fleet.
    ship_hits: Vec<u8>,
    afloat: usize,
}

impl Sea {
    /// Fresh waters: nothing shot yet.
    pub fn new(fleet: Fleet) -> Sea {
        let n = fleet.ships().len();
        Sea {
            fleet,
            incoming: CellSet::EMPTY,
            ship_hits: vec![0; n],
            afloat: n,
        }
    }

    /// The fleet.
    pub fn fleet(&self) -> &Fleet {
        &self.fleet
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

    /// Ship cells not hit yet.
    pub fn unhit_ship_cells(&self) -> CellSet {
        self.fleet.occupied().minus(&self.incoming)
    }

    /// Mines not set off yet.
    pub fn unspent_mines(&self) -> CellSet {
        self.fleet.pieces().mines.minus(&self.incoming)
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
        Ok(Shot::Sunk(SunkShip {
            cells: *ship.cells(),
            halo: self.fleet.rules().halo(ship.cells()),
        }))
    }
}
