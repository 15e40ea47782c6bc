//! [`Program`]: a bot program as a [`Shooter`], for hosts that drive computer players
//! through that trait (the game server). It starts the program when first needed, tells
//! it the answers to its shots (worked out from the [`TargetBoard`] it is given), and
//! checks every volley it gets back. A program that fails in any way is dropped for the
//! rest of the game and a builtin shooter takes over, so the host never waits longer
//! than the time limits and never gets an illegal volley.
//!
//! A host speaking to its program this way sends no `incoming` and no `gameover` lines:
//! the program hears `newgame`, `place`, `result` and `shoot`, and `quit` at the end.

use crate::bot::Bot;
use crate::external::{External, Limits};
use crate::fault::Fault;
use rand::Rng;
use seabattle_bots::Shooter;
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Fleet, Rules, Shot, SunkShip};

/// A bot program behind the [`Shooter`] trait, with a builtin to fall back on.
pub struct Program {
    command: String,
    limits: Limits,
    bot: Option<External>,
    fallback: Box<dyn Shooter>,
    fault: Option<Fault>,
    /// Cells whose answers the program has been told.
    told: CellSet,
    /// Sunk ships the program has been told of.
    told_sunk: usize,
    /// The program's last volley, in the order it named the cells.
    fired: Vec<Coord>,
}

impl Program {
    /// A program run with `sh -c command` once needed, and the shooter that takes over
    /// if it fails.
    pub fn new(command: impl Into<String>, limits: Limits, fallback: Box<dyn Shooter>) -> Program {
        Program {
            command: command.into(),
            limits,
            bot: None,
            fallback,
            fault: None,
            told: CellSet::EMPTY,
            told_sunk: 0,
            fired: Vec::new(),
        }
    }

    /// Why the program was dropped, if it was.
    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    /// Starts the program for a game under `rules` and asks for its fleet. On any fault
    /// (including an illegal fleet) the program is dropped and the fault returned; the
    /// host then places a fleet of its own.
    pub fn place(&mut self, rules: &Rules) -> Result<Fleet, Fault> {
        let placed = self.start(rules).and_then(|bot| {
            let setup = bot.place()?;
            Ok(Fleet::new(setup, rules)?)
        });
        placed.map_err(|f| self.drop_program(f))
    }

    /// The running program, started (and told `newgame`) if it is not yet.
    fn start(&mut self, rules: &Rules) -> Result<&mut External, Fault> {
        if let Some(f) = &self.fault {
            return Err(f.clone());
        }
        let bot = match self.bot.take() {
            Some(bot) => bot,
            None => {
                let mut bot = External::start(&self.command, self.limits)?;
                bot.new_game(rules, 0)?;
                bot
            }
        };
        Ok(self.bot.insert(bot))
    }

    /// Drops the program for good, remembering why.
    fn drop_program(&mut self, fault: Fault) -> Fault {
        self.bot = None;
        self.fault = Some(fault.clone());
        fault
    }

    /// Asks the program for `count` cells, first telling it every answer it has not
    /// heard, and checks them.
    fn ask(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
    ) -> Result<Vec<Coord>, Fault> {
        let fresh = self.bot.is_none();
        let results = self.untold(view);
        let bot = self.start(rules)?;
        if fresh {
            // Started mid-game (the host was restarted): its fleet is already down, but
            // the program expects to be asked.
            bot.place()?;
        }
        for (cell, shot) in &results {
            bot.result(*cell, shot)?;
        }
        let cells = bot.shoot(count)?;
        view.check_volley(&cells, count)?;
        for (cell, _) in results {
            self.told.insert(cell);
        }
        self.told_sunk = view.sunk().len();
        self.fired = cells.clone();
        Ok(cells)
    }

    /// The answers the program has not heard, in the order it fired (shots it did not
    /// fire, after a restart, by cell), each sunk ship's `sunk` on the last of its cells.
    fn untold(&self, view: &TargetBoard) -> Vec<(Coord, Shot)> {
        let shot = view.shots();
        let mut order: Vec<Coord> = self
            .fired
            .iter()
            .copied()
            .filter(|c| shot.contains(*c) && !self.told.contains(*c))
            .collect();
        let mut rest: Vec<Coord> = shot
            .iter()
            .filter(|c| !self.told.contains(*c) && !order.contains(c))
            .collect();
        rest.sort();
        order.extend(rest);
        let new_sunk = view.sunk().get(self.told_sunk..).unwrap_or_default();
        order
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let answer = if view.misses().contains(c) {
                    Shot::Miss
                } else {
                    match new_sunk.iter().find(|s| s.contains(c)) {
                        Some(ship) if !order[i + 1..].iter().any(|d| ship.contains(*d)) => {
                            Shot::Sunk(SunkShip {
                                cells: *ship,
                                halo: CellSet::EMPTY,
                            })
                        }
                        _ => Shot::Hit,
                    }
                };
                (c, answer)
            })
            .collect()
    }
}

impl Drop for Program {
    /// Lets the program go on a thread of its own: saying `quit` and giving it a moment
    /// to leave must not hold up the host.
    fn drop(&mut self) {
        if let Some(bot) = self.bot.take() {
            let _ = std::thread::Builder::new()
                .name("bot-quit".into())
                .spawn(move || drop(bot));
        }
    }
}

impl Shooter for Program {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        if self.fault.is_none() {
            match self.ask(rules, view, count) {
                Ok(cells) => return cells,
                Err(f) => {
                    self.drop_program(f);
                }
            }
        }
        self.fallback.choose(rules, view, count, rng)
    }
}
