//! The rules of Sea Battle («Морской бой») and its variants, as a library with no I/O,
//! no async and no randomness of its own (callers pass a [`rand::Rng`]).
//!
//! The way in: pick [`Rules`] (a [`Preset`] or custom), turn each player's
//! [`FleetSetup`] into a [`Fleet`] with [`Fleet::new`] (or draw one with [`Placer`]),
//! and play a [`Game`]. Each player sees the game through a [`PlayerView`]; a finished
//! game becomes a [`GameRecord`] that [`audit`] can check afterwards.

pub mod audit;
pub mod board;
pub mod cellset;
pub mod coord;
pub mod fleet;
pub mod game;
pub mod lang;
pub mod placement;
pub mod record;
pub mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod system;
pub mod view;
pub mod violation;

pub use audit::{AuditReport, Verdict, audit};
pub use board::{BoardError, Grid};
pub use cellset::CellSet;
pub use coord::{Coord, Dims};
pub use fleet::{Fleet, FleetError, FleetSetup, Ship, ShipSetup};
pub use game::{
    Answer, Game, GameError, Outcome, Phase, Player, Shot, ShotError, SunkShip, WinReason,
};
pub use lang::Lang;
pub use placement::{Placer, TooConstrained};
pub use record::{GameRecord, Move, RecordError};
pub use rules::{Preset, Rules, RulesError, RulesSpec, ShipShape, Shots, Touching};
pub use system::{CoordError, CoordSystem};
pub use view::{OwnBoard, PlayerView, TargetBoard};
pub use violation::{Contact, ShapeProblem, Violation, ViolationKind};
