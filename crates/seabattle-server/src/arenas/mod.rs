//! Arena tournaments (issue 41), as lichess runs them: for a set time, every player who
//! is there is paired again as soon as their game ends; a win is 2 points, a streak of
//! wins doubles them, and a berserk player (half their own clock) earns one more for a
//! win that took some shooting. The scoring and the pairing are the
//! `seabattle-arena` crate's; this module keeps arenas in storage ([`store`]), runs
//! them ([`runner`], one node at a time under a lease), makes their games ([`pair`]),
//! counts their standings from the stored games ([`standings`]), makes the operator's
//! schedule ([`schedule`]) and serves them ([`http`]).
//!
//! An arena's game is an ordinary game between two accounts (mode `random`) with the
//! arena's clock; the arena hears its end, its no-show and its berserk on the games'
//! bus ([`ear::Arenas`]), and the game names no arena.

pub mod ear;
pub mod http;
pub mod pair;
pub mod profile;
pub mod runner;
pub mod schedule;
pub mod standings;
pub mod store;
mod wake;

pub use http::routes;

pub use wake::ArenaRunner;
