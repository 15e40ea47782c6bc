//! Where a game is and how it ends ([`Phase`], [`Outcome`], [`WinReason`]), and what
//! a player owes before play goes on ([`Duty`]).

use crate::player::Player;
use std::fmt;
use std::str::FromStr;

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Fleets are being placed.
    Placement,
    /// Shots are being fired.
    Battle,
    /// Someone won.
    Over,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's whole fleet is sunk.
    FleetSunk,
    /// The loser resigned.
    Resigned,
}

/// Whether the game is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not yet.
    InProgress,
    /// Decided.
    Won {
        /// The winner.
        winner: Player,
        /// How.
        reason: WinReason,
    },
}

/// What a player owes before play goes on (seed 004's variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DutyKind {
    /// After setting off a mine: show a cell of one of their ships not yet hit.
    ShipCell,
    /// After setting off a minesweeper: show one of their unspent mines.
    Mine,
    /// After a hit on their flying ship: move it, one deck fewer (see
    /// [`crate::Game::relocate`]).
    Relocate,
}

impl DutyKind {
    /// Every kind, in declaration order.
    pub const ALL: [DutyKind; 3] = [DutyKind::ShipCell, DutyKind::Mine, DutyKind::Relocate];

    /// Whether the duty is met by showing a cell ([`crate::Game::reveal`]).
    pub const fn is_reveal(self) -> bool {
        matches!(self, DutyKind::ShipCell | DutyKind::Mine)
    }

    /// The one word for the kind, the same in the server's messages, its storage and
    /// the referee's events: `ship_cell`, `mine`, `relocate`.
    pub const fn word(self) -> &'static str {
        match self {
            DutyKind::ShipCell => "ship_cell",
            DutyKind::Mine => "mine",
            DutyKind::Relocate => "relocate",
        }
    }
}

impl WinReason {
    /// Both ways to win.
    pub const ALL: [WinReason; 2] = [WinReason::FleetSunk, WinReason::Resigned];

    /// The word for it: `fleet_sunk` or `resigned`.
    pub const fn word(self) -> &'static str {
        match self {
            WinReason::FleetSunk => "fleet_sunk",
            WinReason::Resigned => "resigned",
        }
    }
}

impl fmt::Display for DutyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for DutyKind {
    type Err = String;

    fn from_str(s: &str) -> Result<DutyKind, String> {
        DutyKind::ALL
            .into_iter()
            .find(|k| k.word() == s)
            .ok_or_else(|| format!("{s:?} is not a duty (ship_cell, mine or relocate)"))
    }
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 3] = [Phase::Placement, Phase::Battle, Phase::Over];

    /// The word for the phase: `placement`, `battle`, `over`.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Battle => "battle",
            Phase::Over => "over",
        }
    }
}

/// A reveal or move a player owes before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Duty {
    /// Who must reveal.
    pub player: Player,
    /// What.
    pub kind: DutyKind,
}
