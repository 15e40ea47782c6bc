//! [`Fault`]: why a bot lost a game without it being played out (a forfeit).

use seabattle_core::{FleetError, ShotError};
use std::fmt;

/// The kinds of forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// The fleet broke the rules (wrong ships, touching, off the board…).
    IllegalFleet,
    /// A shot off the board, or a volley of the wrong size.
    IllegalShot,
    /// A cell shot before, or named twice in one volley.
    RepeatedShot,
    /// A cell that may not be shown for the reveal owed after a mine or minesweeper.
    IllegalReveal,
    /// A move of the Flying Dutchman's hit ship to a place it may not go.
    IllegalMove,
    /// A line that is not the message expected.
    Garbage,
    /// No answer within the time limit.
    Timeout,
    /// The bot could not be started, exited, or closed its output.
    Crash,
}

impl FaultKind {
    /// The short name shown in tables and JSON: `illegal-fleet`, `timeout`, ….
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::IllegalFleet => "illegal-fleet",
            FaultKind::IllegalShot => "illegal-shot",
            FaultKind::RepeatedShot => "repeated-shot",
            FaultKind::IllegalReveal => "illegal-reveal",
            FaultKind::IllegalMove => "illegal-move",
            FaultKind::Garbage => "garbage",
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
        }
    }

    /// Whether the bot's process can no longer be trusted to be in step with the
    /// protocol (a late answer may still be on its way), so it must be restarted.
    pub const fn needs_restart(self) -> bool {
        matches!(
            self,
            FaultKind::Garbage | FaultKind::Timeout | FaultKind::Crash
        )
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A forfeit: its kind and a short lowercase description of what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What kind of forfeit.
    pub kind: FaultKind,
    /// What happened, e.g. `no answer to "shoot" within 200 ms`.
    pub detail: String,
}

impl Fault {
    /// A fault of `kind` with `detail`.
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

impl std::error::Error for Fault {}

impl From<ShotError> for Fault {
    /// A refused volley, reveal or move: a cell shot before or named twice is a repeated
    /// shot, a cell that may not be shown an illegal reveal, a place the hit flying ship
    /// may not go an illegal move, anything else (off the board, the wrong number of
    /// cells) an illegal shot.
    fn from(e: ShotError) -> Fault {
        let kind = match e {
            ShotError::AlreadyShot(_) | ShotError::Repeated(_) => FaultKind::RepeatedShot,
            ShotError::NotRevealable(_) => FaultKind::IllegalReveal,
            ShotError::Relocation(_) => FaultKind::IllegalMove,
            _ => FaultKind::IllegalShot,
        };
        Fault::new(kind, e.to_string())
    }
}

impl From<FleetError> for Fault {
    /// A fleet that breaks the rules.
    fn from(e: FleetError) -> Fault {
        Fault::new(FaultKind::IllegalFleet, e.to_string())
    }
}
