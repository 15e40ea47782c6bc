//! Sea Battle («Морской бой») in the terminal, with ratatui and crossterm: placement by
//! hand or automatic, the battle with keyboard or mouse, and the end with both fleets
//! revealed and the audit's verdict; against the computer, two people at one terminal
//! (hot-seat), or online through the game server. Seed 004's mines, minesweepers and
//! submarines are played in every mode, with the reveals they owe made on the own board.
//!
//! The state machine ([`App`]) is apart from the drawing ([`render::draw`]) and from the
//! terminal ([`terminal::run`]), so tests drive it with key events and draw it on
//! ratatui's test backend.
//!
//! ```
//! use seabattle_tui::{App, Mode, Screen, Setup};
//! use seabattle_core::{CoordSystem, Lang, Rules};
//! use ratatui::crossterm::event::{KeyCode, KeyEvent};
//!
//! let mut app = App::new(Setup {
//!     rules: Rules::classic(),
//!     coords: CoordSystem::Russian,
//!     lang: Lang::Ru,
//!     mode: Mode::Computer(seabattle_bots::Level::Easy),
//!     seed: Some(1),
//! })
//! .unwrap();
//! // The fleet starts drawn at random; Enter takes it into battle.
//! app.handle_key(KeyEvent::from(KeyCode::Enter));
//! assert!(matches!(app.screen(), Screen::Battle(_)));
//! ```

pub mod app;
pub mod editor;
pub mod error;
pub mod layout;
pub mod local;
pub mod online;
pub mod render;
pub mod table;
pub mod terminal;
pub mod update;
pub mod words;

pub use app::{App, LogEntry, LogKind, Mode, Next, Screen, Setup};
pub use error::TuiError;
pub use update::{Action, EndReason, Ending, Update};
