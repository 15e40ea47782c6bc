//! The [`Shooter`] trait: what every computer player's shooting half answers to. A
//! leaf of the crate: the shooters import it, and the registry naming them
//! ([`crate::shooter`]) imports them, without any file importing one that imports it.

use crate::learn::OpponentPrior;
use rand::Rng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, Rules};
use std::sync::Arc;

/// A computer player's shooting half. It is given only the enemy board as its owner
/// knows it, so it cannot peek at the hidden fleet.
pub trait Shooter: Send {
    /// Chooses `count` distinct cells to fire at next, none of them shot before.
    /// `count` is at most the number of cells not yet shot.
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord>;

    /// What was learned of the opponent (see [`crate::learn`]), or `None` for nothing:
    /// taken in when the next game starts, and kept to its end. Only the `expert`
    /// learns; the others ignore it.
    fn set_opponent(&mut self, prior: Option<Arc<OpponentPrior>>) {
        let _ = prior;
    }
}
