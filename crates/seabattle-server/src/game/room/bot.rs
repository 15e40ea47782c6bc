//! The computer's side of a game: a level's shooter or a bot program, taken out of the
//! room while it thinks.

use rand::rngs::StdRng;
use seabattle_bots::{Level, Shooter};
use seabattle_driver::{Limits as ProgramLimits, Program};

/// The computer's side: a shooter that sees only its target board.
pub struct Bot {
    /// A level's shooter; taken out while it thinks, off the async threads.
    pub shooter: Option<Box<dyn Shooter>>,
    /// A bot program, for the whole game: [`crate::game::play::computer_fleet`] asks it for
    /// its fleet, and it shoots, reveals and moves its ship (a game resumed mid-battle
    /// starts it at its first move). Taken out while it thinks.
    pub program: Option<Program>,
    /// Its dice.
    pub rng: StdRng,
    /// Its last move could not be made: it waits until someone comes back, or a
    /// second passes.
    pub stuck: bool,
}

/// What the computer thinks with, taken out of its [`Bot`] while it thinks.
pub enum Brain {
    /// A level's shooter.
    Level(Box<dyn Shooter>),
    /// A bot program (a shooter too, with a builtin behind it).
    Program(Box<Program>),
}

impl Brain {
    /// The shooter either one is.
    pub fn shooter(&mut self) -> &mut dyn Shooter {
        match self {
            Brain::Level(s) => s.as_mut(),
            Brain::Program(p) => p.as_mut(),
        }
    }
}

impl Bot {
    /// A fresh bot of `level`.
    pub fn new(level: Level) -> Bot {
        Bot {
            shooter: Some(level.shooter().build()),
            program: None,
            rng: rand::make_rng(),
            stuck: false,
        }
    }

    /// A bot program run with `sh -c command`, started when first asked for its fleet or
    /// a shot; the `hard` level takes over if it fails, or if no command is registered
    /// any more.
    pub fn program(command: Option<&str>) -> Bot {
        let fallback = PROGRAM_FALLBACK.shooter().build();
        match command {
            Some(c) => Bot {
                shooter: None,
                program: Some(Program::new(c, ProgramLimits::default(), fallback)),
                rng: rand::make_rng(),
                stuck: false,
            },
            None => Bot {
                shooter: Some(fallback),
                program: None,
                rng: rand::make_rng(),
                stuck: false,
            },
        }
    }

    /// The brain, taken out to think: the bot program if there is one.
    pub fn take_brain(&mut self) -> Option<Brain> {
        match self.program.take() {
            Some(p) => Some(Brain::Program(Box::new(p))),
            None => self.shooter.take().map(Brain::Level),
        }
    }

    /// Puts back the brain [`Bot::take_brain`] took.
    pub fn put_brain(&mut self, brain: Brain) {
        match brain {
            Brain::Level(s) => self.shooter = Some(s),
            Brain::Program(p) => self.program = Some(*p),
        }
    }
}

/// The level that plays on for a bot program that fails.
pub const PROGRAM_FALLBACK: Level = Level::Hard;
