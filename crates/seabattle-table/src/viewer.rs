//! The one place hidden information is kept hidden: each event cut down to what one
//! viewer may see.

use crate::event::Event;
use seabattle_core::Player;
use serde::{Deserialize, Serialize};

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat.
    Seat(Player),
    /// Someone watching, who sees only what both players may know of each other.
    Spectator,
}

impl Viewer {
    /// Every viewer of a table: both seats, then a spectator.
    pub const ALL: [Viewer; 3] = [
        Viewer::Seat(Player::One),
        Viewer::Seat(Player::Two),
        Viewer::Spectator,
    ];

    fn is(self, p: Player) -> bool {
        self == Viewer::Seat(p)
    }

    fn is_player(self) -> bool {
        matches!(self, Viewer::Seat(_))
    }
}

impl Event {
    /// What `viewer` may see of this event:
    /// - a fleet placed, the cells a reveal may show, the decks a hit ship takes and the
    ///   place it moved to are its owner's alone;
    /// - a cell shown after a mine or a minesweeper is the two players' (an unhit ship
    ///   cell or an unspent mine), never a spectator's;
    /// - shots, answers and sunk ships are everyone's.
    pub fn for_viewer(&self, viewer: Viewer) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::Placed { player, fleet } => {
                if !viewer.is(*player) {
                    *fleet = None;
                }
            }
            Event::Owed {
                player,
                options,
                decks,
                ..
            } => {
                if !viewer.is(*player) {
                    *options = None;
                    *decks = None;
                }
            }
            Event::Revealed { cell, .. } => {
                if !viewer.is_player() {
                    *cell = None;
                }
            }
            Event::Relocated { player, ship, .. } => {
                if !viewer.is(*player) {
                    *ship = None;
                }
            }
            Event::Started { .. }
            | Event::Volley { .. }
            | Event::Dying { .. }
            | Event::TimedOut { .. }
            | Event::Resigned { .. }
            | Event::Abandoned { .. }
            | Event::Over { .. } => {}
        }
        e
    }
}
