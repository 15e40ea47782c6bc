//! Computer players for Sea Battle: shooters that see only a [`TargetBoard`] (what a real
//! player knows) and placers that draw fleets in the styles people use.
//!
//! No I/O and no randomness of its own: callers pass a [`rand::Rng`]. (The expert's
//! first population is drawn once from a generator with a fixed seed, so that a game
//! depends on its caller's generator alone, never on the games played before it.)

pub mod analysis;
pub mod casual;
pub mod computer;
pub mod density;
pub mod dutchman;
pub mod expert;
mod fit;
pub mod habit;
pub mod learn;
mod mask;
pub mod names;
pub mod placers;
pub mod posterior;
pub mod reveal;
pub mod shooter;
pub mod shooting;
mod targeting;
mod with_pieces;

pub use dutchman::choose_relocation;
pub use habit::{Corner, Habit, HabitKind, Side, Strength};
pub use learn::{History, OpponentPrior, StoredHistory};
pub use placers::PlacerKind;
pub use reveal::{choose_reveal, choose_reveal_among};
pub use shooter::{Level, Shooter, ShooterKind};

#[doc(no_inline)]
pub use seabattle_core::view::TargetBoard;
