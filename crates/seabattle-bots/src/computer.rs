//! The built-in computer at a table: its answer to each of the referee's asks, written
//! once for the game server, the terminal game, the arena and the benchmark.

use crate::{Shooter, choose_reveal_among};
use rand::Rng;
use seabattle_core::{CellSet, PlayerView, Rules, ShipSetup};
use seabattle_table::{Ask, Command, Computer};
use std::fmt;

/// A level (or any shooter) in a seat: it fires its shooter's choice, shows as little
/// as it can for a reveal (see [`choose_reveal_among`]) and moves its flying ship
/// uniformly among all legal places ([`relocate`]). Borrowed for one turn, so that the
/// host keeps the shooter and the dice between turns.
pub struct BuiltinComputer<'a> {
    shooter: &'a mut dyn Shooter,
    rng: &'a mut dyn Rng,
}

impl<'a> BuiltinComputer<'a> {
    /// The computer thinking with `shooter` and `rng`.
    pub fn new(shooter: &'a mut dyn Shooter, rng: &'a mut dyn Rng) -> BuiltinComputer<'a> {
        BuiltinComputer { shooter, rng }
    }
}

/// Why the built-in computer could not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CannotAnswer {
    /// It was asked for a fleet: a host places the computer's fleet itself.
    Place,
    /// It was asked for a reveal with no fleet in its view.
    NoFleet,
    /// No cell it may show is left.
    NothingToShow,
    /// No legal place is left for its flying ship.
    NowhereToMove,
}

impl fmt::Display for CannotAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CannotAnswer::Place => "it has no fleet to place",
            CannotAnswer::NoFleet => "it has no fleet",
            CannotAnswer::NothingToShow => "it has no cell to show",
            CannotAnswer::NowhereToMove => "it found no place for its ship",
        })
    }
}

impl std::error::Error for CannotAnswer {}

impl Computer for BuiltinComputer<'_> {
    type Error = CannotAnswer;

    fn answer(
        &mut self,
        rules: &Rules,
        view: &PlayerView,
        ask: Ask,
    ) -> Result<Command, CannotAnswer> {
        match ask {
            Ask::Place => Err(CannotAnswer::Place),
            Ask::Fire { due } => Ok(Command::Fire {
                cells: self.shooter.choose(rules, &view.enemy, due, self.rng),
            }),
            Ask::Reveal { kind, options } => {
                let fleet = view.own.fleet.as_ref().ok_or(CannotAnswer::NoFleet)?;
                choose_reveal_among(fleet, &view.own.incoming, options, kind, self.rng)
                    .map(|cell| Command::Reveal { cell })
                    .ok_or(CannotAnswer::NothingToShow)
            }
            Ask::Relocate { decks } => relocate(rules, decks, &view.own.incoming, self.rng)
                .map(|ship| Command::Relocate { ship })
                .ok_or(CannotAnswer::NowhereToMove),
        }
    }
}

/// The built-in computer's move of its flying ship of `decks` decks, with the shots
/// `incoming` on its board: uniform among all legal places, the least predictable move
/// there is. `None` when no place is left. For hosts that answer without a table (the
/// arena's builtin bots, the benchmark).
pub fn relocate(
    rules: &Rules,
    decks: usize,
    incoming: &CellSet,
    rng: &mut dyn Rng,
) -> Option<ShipSetup> {
    seabattle_core::flying::random_move(rules, decks, incoming, rng)
        .map(|set| ShipSetup(set.iter().collect()))
}
