//! Bots for Sea Battle («Морской бой») in a tournament: the builtin computer players
//! behind the bot driver's [`Bot`] trait (the driver, `seabattle-driver`, runs bot
//! programs over the line protocol of `docs/bot-protocol.md`), duels between any two,
//! and a round-robin league that rates them all with Elo.
//!
//! The way in: read each bot with [`BotSpec::parse`], [`run`] a round robin under a
//! [`Config`], and sum it up with [`Standings::from_report`]. Nothing a bot does — an
//! illegal fleet or shot, garbage, silence, a crash — stops the league or panics it; the
//! bot forfeits that game with a [`Fault`] recorded.
//!
//! ```
//! use seabattle_league::{BotSpec, Config, Limits, Standings, run};
//! let specs = [BotSpec::parse("builtin:easy").unwrap(), BotSpec::parse("builtin:random").unwrap()];
//! let config = Config { rules: "classic".parse().unwrap(), games: 2, seed: 1, jobs: 1, limits: Limits::default() };
//! let report = run(&specs, &config, &mut |_, _| {});
//! let table = Standings::from_report(&report);
//! assert_eq!(table.bots[0].wins + table.bots[1].wins, 2);
//! ```

pub mod builtin;
pub mod duel;
pub mod elo;
pub mod round_robin;
pub mod schedule;
pub mod spec;
pub mod standings;

// The bot driver (protocol, process, faults, programs) is its own crate, which the
// game server uses without the tournament code; its modules are re-exported here.
pub use seabattle_driver::{bot, external, fault, program, protocol};

pub use bot::Bot;
pub use duel::Duel;
pub use external::{External, Limits};
pub use fault::{Fault, FaultKind};
pub use program::Program;
pub use round_robin::{Config, Played, Report, run};
pub use schedule::Fixture;
pub use spec::{BotSpec, SpecError};
pub use standings::{Forfeit, Standing, Standings};
