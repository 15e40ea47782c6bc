//! The tilt of a prior away from uniform: how people are thought to place their fleet.

use rand::{Rng, RngExt};

/// A prior over fleets: uniform over legal fleets, tilted by `exp(-energy)`, where the
/// energy counts the cells the multi-deckers rule out (ship and halo, on the board)
/// times `packed`, minus the cells the one-deckers add to that times `spread`, plus
/// `edge` per multi-decker that touches no border cell. A positive `packed` favours
/// fleets whose big ships hug the edges and each other (Perelman's corner); a positive
/// `spread` favours one-deckers out in the open, away from the rest; a positive `edge`
/// favours big ships on the border, wherever along it, and says nothing of the
/// one-deckers (people who hug the edges).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tilt {
    /// Weight per cell ruled out by the multi-deckers.
    pub packed: f64,
    /// Weight per cell the one-deckers rule out on top.
    pub spread: f64,
    /// Weight per multi-decker off the border.
    pub edge: f64,
}

impl Tilt {
    /// The uniform prior.
    pub const FLAT: Tilt = Tilt {
        packed: 0.0,
        spread: 0.0,
        edge: 0.0,
    };

    /// The prior of people who pack their fleet as Perelman advises (seed 004), fitted
    /// to the `perelman` and `edge` placers (see the crate's README section).
    pub const PACKED: Tilt = Tilt {
        packed: 0.35,
        spread: 0.15,
        edge: 0.0,
    };

    /// The prior of people who put their multi-deckers along the border and the
    /// one-deckers anywhere (the `edge` placer): a multi-decker off the border is
    /// `e^3`, twenty times, less likely.
    pub const EDGE: Tilt = Tilt {
        packed: 0.0,
        spread: 0.0,
        edge: 3.0,
    };

    pub(super) fn is_flat(&self) -> bool {
        self.packed == 0.0 && self.spread == 0.0 && self.edge == 0.0
    }

    /// The energy of a fleet whose multi-deckers rule out `multi` cells, all its ships
    /// `all`, with `off` multi-deckers off the border.
    pub(super) fn energy(&self, multi: usize, all: usize, off: usize) -> f64 {
        self.packed * multi as f64 - self.spread * all.saturating_sub(multi) as f64
            + self.edge * off as f64
    }

    /// The Metropolis test for a move from energy `now` to `next`.
    pub(super) fn accept(&self, now: f64, next: f64, rng: &mut dyn Rng) -> bool {
        next <= now || rng.random::<f64>() < (now - next).exp()
    }
}
