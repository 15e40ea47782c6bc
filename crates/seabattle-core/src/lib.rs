//! The rules of Sea Battle («Морской бой») and its variants, as a library with no I/O,
//! no async and no randomness of its own (callers pass a [`rand::Rng`]).
//!
//! The way in: pick [`Rules`] (a [`Preset`] or custom), turn each player's
//! [`FleetSetup`] into a [`Fleet`] with [`Fleet::new`] (or draw one with [`Placer`]),
//! and play a [`Game`]. Each player sees the game through a [`PlayerView`]; a finished
//! game becomes a [`GameRecord`] that [`audit`] can check afterwards.
//!
//! ```
//! use rand::SeedableRng;
//! use seabattle_core::{CoordSystem, Fleet, FleetSetup, Game, Placer, Player, Rules, Shot};
//!
//! let rules = Rules::classic();
//! let mut rng = rand::rngs::StdRng::seed_from_u64(7);
//! // Player 1 draws a fleet uniformly; player 2 writes one out.
//! let drawn = Placer::new(&rules).sample(&mut rng).unwrap();
//! let text = "а1-г1 а3-в3 д3-ж3 а5-б5 г5-д5 ж5-з5 а7 в7 д7 ж7";
//! let setup = FleetSetup::parse(text, CoordSystem::Russian, rules.dims()).unwrap();
//! let written = Fleet::new(setup, &rules).unwrap();
//!
//! let mut game = Game::new(rules.clone());
//! game.place(Player::One, drawn).unwrap();
//! game.place(Player::Two, written).unwrap();
//! game.start_with(Player::One).unwrap();
//! let cell = CoordSystem::Russian.parse("В1", rules.dims()).unwrap();
//! assert!(matches!(game.shoot(Player::One, cell), Ok(Shot::Hit)));
//! // A hit shoots again; player 2's view shows the hit on its own board only.
//! assert_eq!(game.to_move(), Some(Player::One));
//! assert!(game.view(Player::Two).own.hits().contains(cell));
//! ```

pub mod audit;
pub mod board;
pub mod by_player;
pub mod cellset;
pub mod coord;
pub mod error;
pub mod fleet;
pub mod flying;
pub mod game;
pub mod lang;
pub mod path;
pub mod phase;
pub mod piece;
pub mod pieces;
pub mod placement;
pub mod player;
pub mod record;
mod replay;
pub mod rules;
mod rules_check;
pub mod sea;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod shape;
pub mod ship;
pub mod shot;
mod sparse;
pub mod system;
#[cfg(feature = "ts")]
pub mod ts;
pub mod turn;
pub mod view;
pub mod violation;

pub use audit::{AuditReport, Verdict, audit};
pub use board::{BoardError, Grid};
pub use by_player::ByPlayer;
pub use cellset::CellSet;
pub use coord::{Coord, Dims};
pub use error::{GameError, ShotError};
pub use fleet::{Fleet, FleetError, FleetSetup, Ship, ShipSetup};
pub use flying::RelocationError;
pub use game::Game;
pub use lang::Lang;
pub use phase::{Duty, DutyKind, Outcome, Phase, WinReason};
pub use piece::{Piece, PieceCells, PieceKind};
pub use placement::{Placer, TooConstrained};
pub use player::Player;
pub use record::{GameRecord, Move, RecordError};
pub use rules::{Pieces, Preset, Rules, RulesError, RulesSpec, ShipShape, Shots, Touching};
pub use sea::Sea;
pub use shot::{Answer, Shot, SunkShip};
pub use system::{CoordError, CoordSystem};
pub use turn::{TurnError, turn_ship};
pub use view::{OwnBoard, PlayerView, TargetBoard};
pub use violation::{Contact, PieceProblem, ShapeProblem, Violation, ViolationKind};
