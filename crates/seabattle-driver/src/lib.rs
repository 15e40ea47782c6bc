//! The bot driver for Sea Battle («Морской бой»): the line protocol bot programs speak
//! over stdin and stdout (see `docs/bot-protocol.md`), a driver that runs a program with
//! time limits ([`External`]), the [`Bot`] trait every player of a duel implements, the
//! faults a bot can commit, and [`Program`], a bot program as a host's computer player.
//!
//! This is what a host needs to play a bot program and no more: the bots' league
//! (`seabattle-league`) and the game server both build on it. Nothing a program does
//! — garbage, silence, a crash, an illegal move — panics the host; it becomes a
//! [`Fault`].

pub mod bot;
pub mod external;
pub mod fault;
pub mod program;
pub mod protocol;

pub use bot::Bot;
pub use external::{External, Limits};
pub use fault::{Fault, FaultKind};
pub use program::Program;
