//! Arena tournaments' rules, as lichess runs its arenas: how a player's games score
//! ([`sheet`], after lila's `ArenaSheet`), how they are ranked ([`rank`]), and how the
//! players who wait are paired, in waves ([`pairing`], after lila's `PairingSystem`
//! and `AntmaPairing`). No I/O, no clock, no dice: the server passes in what happened
//! and how long each player has waited, and gets back decisions.
//!
//! (The `seabattle-league` crate is another thing: a round robin of bot programs.)
//!
//! ```
//! use seabattle_arena::{Outcome, Sheet};
//! let win = Outcome::Win { berserk: false, shots: 40 };
//! let sheet = Sheet::new(&[win, win, win, Outcome::Loss, win]);
//! assert_eq!(sheet.total(), 2 + 2 + 4 + 0 + 2);
//! ```

pub mod pairing;
pub mod sheet;

pub use pairing::{Candidate, pair, pair_apart, wave_due, wave_wait_ms};
pub use sheet::{BERSERK_MIN_SHOTS, Outcome, Score, Sheet, rank};
