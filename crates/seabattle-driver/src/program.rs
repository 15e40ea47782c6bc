//! [`Program`]: a bot program as a [`Shooter`], for hosts that drive computer players
//! through that trait (the game server). It starts the program when first needed, tells
//! it the answers to its shots (worked out from the [`TargetBoard`] it is given), and
//! checks every volley it gets back. A program that fails in any way is dropped for the
//! rest of the game and a builtin shooter takes over, so the host never waits longer
//! than the time limits and never gets an illegal volley.
//!
//! A host speaking to its program this way sends no `incoming`, `torpedoed` and
//! `gameover` lines: the program hears `newgame`, `place`, `result` and `shoot`, with
//! pieces also `reveal` (through [`Program::reveal`]), `shown` and `torpedo`, under the
//! Flying Dutchman also `move` (through [`Program::relocate`]) and `moved`, and `quit`
//! at the end. What happened on the host's side of the board it learns just before it
//! is next asked anything.

use crate::bot::Bot;
use crate::external::{External, Limits};
use crate::fault::{Fault, FaultKind};
use rand::Rng;
use seabattle_bots::Shooter;
use seabattle_core::view::{OwnBoard, TargetBoard};
use seabattle_core::{CellSet, Coord, DutyKind, Fleet, Rules, ShipSetup, Shot, SunkShip};

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
    /// Cells of the host's the program has been shown (after the host set off its mine
    /// or minesweeper).
    told_shown: CellSet,
    /// Lost decks of the host's flying ship when the program was last told it moved.
    told_left: CellSet,
    /// The host's shots at the program's fleet it has been told of.
    told_incoming: CellSet,
    /// Whether the program has run since it placed, so that a cell shot on the host's
    /// board that it did not fire was its submarine's dying shot. After a host restart
    /// nobody can tell, and every answer is a `result`.
    from_start: bool,
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
            told_shown: CellSet::EMPTY,
            told_left: CellSet::EMPTY,
            told_incoming: CellSet::EMPTY,
            from_start: false,
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
        self.from_start = placed.is_ok();
        placed.map_err(|f| self.drop_program(f))
    }

    /// The cell the program shows for the reveal it owes (`kind`: a ship cell after the
    /// host's mine, a mine after its minesweeper), once it has heard what it had not,
    /// the host's shots at `own` board included (as `incoming` lines, so it knows what
    /// it may show); `options` are the cells it may show. `None` if the program fails or
    /// names another cell: it is dropped, and the host chooses.
    pub fn reveal(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        own: &OwnBoard,
        kind: DutyKind,
        options: &CellSet,
    ) -> Option<Coord> {
        let shown = self.catch_up_all(rules, view, own).and_then(|bot| {
            let cell = bot.reveal(kind)?;
            if options.contains(cell) {
                Ok(cell)
            } else {
                Err(Fault::new(
                    FaultKind::IllegalReveal,
                    format!("{cell} may not be shown"),
                ))
            }
        });
        shown.map_err(|f| self.drop_program(f)).ok()
    }

    /// Where the program moves its hit flying ship, `decks` decks left, once it has
    /// heard what it had not, the host's shots at `own` board included (it may not move
    /// onto them). `None` if the program fails or names a place the ship may not go: it
    /// is dropped, and the host moves the ship.
    pub fn relocate(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        own: &OwnBoard,
        decks: usize,
    ) -> Option<ShipSetup> {
        let moved = self.catch_up_all(rules, view, own).and_then(|bot| {
            let ship = bot.relocate(decks)?;
            seabattle_core::flying::check(rules, decks, &own.incoming, &ship.0)
                .map_err(|e| Fault::new(FaultKind::IllegalMove, e.to_string()))?;
            Ok(ship)
        });
        moved.map_err(|f| self.drop_program(f)).ok()
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

    /// Asks the program for `count` cells, first telling it everything it has not
    /// heard, and checks them.
    fn ask(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
    ) -> Result<Vec<Coord>, Fault> {
        let bot = self.catch_up(rules, view)?;
        let cells = bot.shoot(count)?;
        view.check_volley(&cells, count)?;
        self.fired = cells.clone();
        Ok(cells)
    }

    /// [`Program::catch_up`], then the host's shots at `own` board it has not heard, by
    /// cell, as `incoming` lines.
    fn catch_up_all(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        own: &OwnBoard,
    ) -> Result<&mut External, Fault> {
        let fresh = own.incoming.minus(&self.told_incoming);
        let bot = self.catch_up(rules, view)?;
        for c in fresh.iter() {
            bot.incoming(c, &answer_on(own, c))?;
        }
        self.told_incoming = own.incoming;
        self.start(rules)
    }

    /// The running program (started if need be), told every answer on `view` it has
    /// not heard, then the cells shown to it and whether the host's ship moved.
    fn catch_up(&mut self, rules: &Rules, view: &TargetBoard) -> Result<&mut External, Fault> {
        let fresh = self.bot.is_none();
        if fresh {
            self.from_start = false;
        }
        let results = self.untold(view);
        let dying_shots = self.from_start;
        let fired = std::mem::take(&mut self.fired);
        let shown: Vec<(Coord, DutyKind)> = [
            (view.shown_ships(), DutyKind::ShipCell),
            (view.shown_mines(), DutyKind::Mine),
        ]
        .into_iter()
        .flat_map(|(cells, kind)| cells.minus(&self.told_shown).iter().map(move |c| (c, kind)))
        .collect();
        let moved = *view.left_behind() != self.told_left;
        let bot = self.start(rules)?;
        if fresh {
            // Started mid-game (the host was restarted): its fleet is already down, but
            // the program expects to be asked.
            bot.place()?;
        }
        for (cell, shot) in &results {
            if dying_shots && !fired.contains(cell) {
                bot.torpedo(*cell, shot)?;
            } else {
                bot.result(*cell, shot)?;
            }
        }
        for (c, kind) in shown {
            bot.shown(c, kind)?;
        }
        if moved {
            bot.moved()?;
        }
        for (cell, _) in results {
            self.told.insert(cell);
        }
        self.told_sunk = view.sunk().len();
        self.told_shown = view.revealed();
        self.told_left = *view.left_behind();
        self.start(rules)
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
                let found = view.found();
                let answer = if view.misses().contains(c) {
                    Shot::Miss
                } else if found.mines.contains(c) {
                    Shot::Mine
                } else if found.sweepers.contains(c) {
                    Shot::Sweeper
                } else if found.submarines.contains(c) {
                    Shot::Submarine
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

/// The answer a shot at `c` got on `own` board: what holds the cell, or held it before
/// a flying ship moved (a lost deck was a hit).
fn answer_on(own: &OwnBoard, c: Coord) -> Shot {
    let Some(fleet) = &own.fleet else {
        return Shot::Miss;
    };
    let pieces = fleet.pieces();
    if pieces.mines.contains(c) {
        Shot::Mine
    } else if pieces.sweepers.contains(c) {
        Shot::Sweeper
    } else if pieces.submarines.contains(c) {
        Shot::Submarine
    } else if let Some(i) = fleet.ship_at(c) {
        let cells = fleet.ships()[i].cells();
        if cells.minus(&own.incoming).is_empty() {
            Shot::Sunk(SunkShip {
                cells,
                halo: CellSet::EMPTY,
            })
        } else {
            Shot::Hit
        }
    } else if own.lost.contains(c) {
        Shot::Hit
    } else {
        Shot::Miss
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
