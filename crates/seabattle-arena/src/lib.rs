//! Bots for Sea Battle («Морской бой») as programs: the line protocol they speak over
//! stdin and stdout (see `docs/bot-protocol.md`), a driver that runs them with time
//! limits, the builtin computer players behind the same [`Bot`] trait, and a round-robin
//! arena that rates them all with Elo.
//!
//! The way in: read each bot with [`BotSpec::parse`], [`run`] a round robin under a
//! [`Config`], and sum it up with [`Standings::from_report`]. Nothing a bot does — an
//! illegal fleet or shot, garbage, silence, a crash — stops the arena or panics it; the
//! bot forfeits that game with a [`Fault`] recorded.
//!
//! ```
//! use seabattle_arena::{BotSpec, Config, Limits, Standings, run};
//! let specs = [BotSpec::parse("builtin:easy").unwrap(), BotSpec::parse("builtin:random").unwrap()];
//! let config = Config { rules: "classic".parse().unwrap(), games: 2, seed: 1, jobs: 1, limits: Limits::default() };
//! let report = run(&specs, &config, &mut |_, _| {});
//! let table = Standings::from_report(&report);
//! assert_eq!(table.bots[0].wins + table.bots[1].wins, 2);
//! ```

pub mod arena;
pub mod bot;
pub mod builtin;
pub mod duel;
pub mod elo;
pub mod external;
pub mod fault;
pub mod program;
pub mod protocol;
pub mod schedule;
pub mod spec;
pub mod standings;

pub use arena::{Config, Played, Report, run};
pub use bot::Bot;
pub use duel::Duel;
pub use external::{External, Limits};
pub use fault::{Fault, FaultKind};
pub use program::Program;
pub use schedule::Fixture;
pub use spec::{BotSpec, SpecError};
pub use standings::{Forfeit, Standing, Standings};
