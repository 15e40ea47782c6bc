//! One referee for every table: the server's games, the terminal's games on this
//! machine and the arena's duels all play through a [`Table`].
//!
//! A table owns the rules engine's [`Game`](seabattle_core::Game) and the clock's
//! strikes. Each seat [`Table::act`]s with a [`Command`]; the table settles everything
//! the rules decide (the turn, the answers, the reveals and moves owed, the dying
//! shots, the end) and returns what happened as [`Event`]s. It does no I/O, has no
//! clock and no dice of its own: a timeout is a command, and the host draws who starts.
//!
//! Events carry everything; [`Event::for_viewer`] is the one place that cuts each event
//! down to what one seat or a spectator may see. Computer seats answer the table's
//! [`Ask`]s through the [`Computer`] trait.
//!
//! ```
//! use seabattle_core::{Coord, FleetSetup, CoordSystem, Player, Rules};
//! use seabattle_table::{Command, Event, Table};
//!
//! let rules = Rules::classic();
//! let text = "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";
//! let fleet = FleetSetup::parse(text, CoordSystem::Latin, rules.dims()).unwrap();
//! let mut table = Table::new(rules);
//! for p in Player::BOTH {
//!     table.act(p, Command::Place { fleet: fleet.clone() }).unwrap();
//! }
//! table.start(Player::One).unwrap();
//! let events = table.act(Player::One, Command::Fire { cells: vec![Coord::new(0, 0)] }).unwrap();
//! assert!(matches!(&events[0], Event::Volley { next: Some(Player::One), .. }));
//! ```

mod ask;
mod command;
mod computer;
mod event;
mod table;
mod viewer;

pub use ask::Ask;
pub use command::{Command, Instead};
pub use computer::{Computer, Computers, Failure};
pub use event::{EndReason, Event, Fired};
pub use table::{Table, TableError};
pub use viewer::Viewer;
