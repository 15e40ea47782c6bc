//! [`Bot`]: one player of a duel, in-process or a program speaking the protocol.

use crate::fault::Fault;
use crate::protocol::End;
use seabattle_core::{Coord, DutyKind, FleetSetup, Rules, ShipSetup, Shot};

/// A player as a host (the league, the game server) drives it, one protocol message per
/// method. Any method may fail with a [`Fault`] (a timeout, garbage, a crash); the game
/// runner turns that into a forfeit. Legality of fleets and shots is checked by the runner, not here.
pub trait Bot: Send {
    /// The name the bot gave (or the builtin's name).
    fn name(&self) -> &str;

    /// `newgame <rules>`. `seed` seeds the dice of in-process bots, so that a game is
    /// the same for the same seed; programs are not told it.
    fn new_game(&mut self, rules: &Rules, seed: u64) -> Result<(), Fault>;

    /// `place`: the fleet the bot lays out.
    fn place(&mut self) -> Result<FleetSetup, Fault>;

    /// `shoot N`: the `count` cells the bot fires at.
    fn shoot(&mut self, count: usize) -> Result<Vec<Coord>, Fault>;

    /// `result <cell> <answer>`: the answer to one of its own shots. In-process bots also
    /// get the sunk ship's cells; programs get only the word.
    fn result(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault>;

    /// `incoming <cell> <answer>`: an opponent's shot at its fleet.
    fn incoming(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault>;

    /// `reveal ship|mine`: having set off a mine or minesweeper, the cell it shows.
    /// Whether the cell may be shown is checked by the runner.
    fn reveal(&mut self, kind: DutyKind) -> Result<Coord, Fault>;

    /// `shown <cell> ship|mine`: what the opponent showed it after its mine or
    /// minesweeper was set off.
    fn shown(&mut self, cell: Coord, kind: DutyKind) -> Result<(), Fault>;

    /// `torpedo <cell> <answer>`: its sunk submarine's dying shot at the opponent's
    /// fleet, with the answer (like `result`, but not a shot it chose).
    fn torpedo(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault>;

    /// `torpedoed <cell> <answer>`: the dying shot of an opponent's submarine it sank,
    /// at its own fleet (like `incoming`).
    fn torpedoed(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault>;

    /// `move N`: its flying ship was hit and has `decks` left; where the ship goes now.
    /// Whether it may go there is checked by the runner.
    fn relocate(&mut self, decks: usize) -> Result<ShipSetup, Fault>;

    /// `moved`: the opponent's hit flying ship has moved (the bot is not told where).
    fn moved(&mut self) -> Result<(), Fault>;

    /// `gameover win|loss|draw [reason]`.
    fn game_over(&mut self, end: End, reason: Option<&str>) -> Result<(), Fault>;
}

/// A bot that could not be started: every message fails with the same crash, so each
/// of its games is forfeited with the reason recorded.
pub struct Unstarted {
    name: String,
    fault: Fault,
}

impl Unstarted {
    /// A stand-in named `name` for a bot that failed with `fault`.
    pub fn new(name: impl Into<String>, fault: Fault) -> Unstarted {
        Unstarted {
            name: name.into(),
            fault,
        }
    }
}

impl Bot for Unstarted {
    fn name(&self) -> &str {
        &self.name
    }
    fn new_game(&mut self, _: &Rules, _: u64) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn place(&mut self) -> Result<FleetSetup, Fault> {
        Err(self.fault.clone())
    }
    fn shoot(&mut self, _: usize) -> Result<Vec<Coord>, Fault> {
        Err(self.fault.clone())
    }
    fn result(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn incoming(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn reveal(&mut self, _: DutyKind) -> Result<Coord, Fault> {
        Err(self.fault.clone())
    }
    fn shown(&mut self, _: Coord, _: DutyKind) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn torpedo(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn torpedoed(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn relocate(&mut self, _: usize) -> Result<ShipSetup, Fault> {
        Err(self.fault.clone())
    }
    fn moved(&mut self) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
    fn game_over(&mut self, _: End, _: Option<&str>) -> Result<(), Fault> {
        Err(self.fault.clone())
    }
}
