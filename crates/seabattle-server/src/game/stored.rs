//! A game as storage keeps it: its setup and its move rows, whatever the database.

use crate::ids::{AccountId, GameId};
use seabattle_core::Player;

/// What a stored move row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A volley with its answers.
    Volley,
    /// A resignation.
    Resign,
    /// The player's clock ran out; if they owed a reveal, `shots` holds the cell the
    /// server showed for them, and if they owed a move of their hit flying ship, the
    /// place the server moved it to (`d4+e5+f6`).
    Timeout,
    /// A reveal owed after a mine or minesweeper: `shots` holds the cell shown.
    Reveal,
    /// A sunk submarine's dying shot, `cell:answer`. The volley before it already
    /// implies it; the row keeps the stored moves one for one with the record's, and
    /// a restart checks the replay against it.
    Dying,
    /// A hit flying ship's move (the Flying Dutchman): `shots` holds its new cells in
    /// the notation's ship form, `d4+e5+f6` (`a20-d20` when straight).
    Relocate,
}

impl MoveKind {
    /// The word stored.
    pub fn word(self) -> &'static str {
        match self {
            MoveKind::Volley => "volley",
            MoveKind::Resign => "resign",
            MoveKind::Timeout => "timeout",
            MoveKind::Reveal => "reveal",
            MoveKind::Dying => "dying",
            MoveKind::Relocate => "relocate",
        }
    }

    /// Reads a stored word.
    pub fn from_word(w: &str) -> Option<MoveKind> {
        match w {
            "volley" => Some(MoveKind::Volley),
            "resign" => Some(MoveKind::Resign),
            "timeout" => Some(MoveKind::Timeout),
            "reveal" => Some(MoveKind::Reveal),
            "dying" => Some(MoveKind::Dying),
            "relocate" => Some(MoveKind::Relocate),
            _ => None,
        }
    }
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// Who.
    pub player: Player,
    /// What.
    pub kind: MoveKind,
    /// For a volley or a dying shot, `cell:answer` pairs separated by spaces
    /// (`e5:miss f5:hit`); for a reveal, the cell shown; for a move, the ship's new
    /// cells (`d4+e5+f6`).
    pub shots: String,
}

/// One game's moves waiting to be stored, numbered from `seq` (0-based): all or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Append {
    /// The game.
    pub id: GameId,
    /// The first move's number.
    pub seq: usize,
    /// The moves: a volley and the dying shots it caused go together.
    pub moves: Vec<StoredMove>,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The public id.
    pub id: GameId,
    /// The rules text.
    pub rules: String,
    /// `computer:LEVEL`, `friend` or `random`.
    pub mode: String,
    /// Seconds per move, if any.
    pub clock_secs: Option<u32>,
    /// SHA-256 of each seat's token, once taken.
    pub tokens: [Option<String>; 2],
    /// Each fleet as canonical text, once placed.
    pub fleets: [Option<String>; 2],
    /// Each commitment's salt.
    pub salts: [Option<String>; 2],
    /// Who shot first, once the battle started.
    pub first: Option<Player>,
    /// The result, once over.
    pub result: Option<String>,
    /// Every move, in order.
    pub moves: Vec<StoredMove>,
    /// The account in each seat, if a signed-in player took it
    /// ([`AccountId::DELETED`] once that account was deleted).
    pub accounts: [Option<AccountId>; 2],
    /// Whether the game counts for ratings.
    pub rated: bool,
}

impl StoredGame {
    /// A new game with nothing placed.
    pub fn new(id: GameId, rules: String, mode: String, clock_secs: Option<u32>) -> StoredGame {
        StoredGame {
            id,
            rules,
            mode,
            clock_secs,
            tokens: [None, None],
            fleets: [None, None],
            salts: [None, None],
            first: None,
            result: None,
            moves: Vec::new(),
            accounts: [None, None],
            rated: false,
        }
    }
}
