//! What happened at a table, in full: [`Event::for_viewer`] cuts it down per viewer.

use seabattle_core::{Answer, CellSet, Coord, DutyKind, FleetSetup, Player, Shot, SunkShip};
use serde::{Deserialize, Serialize};

/// One answered shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fired {
    /// The cell shot.
    pub cell: Coord,
    /// The answer.
    pub answer: Answer,
    /// The ship and its halo, when the answer is «Убил!».
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sunk: Option<SunkShip>,
}

impl Fired {
    /// The shot at `cell` as the rules engine answered it.
    pub fn new(cell: Coord, shot: &Shot) -> Fired {
        Fired {
            cell,
            answer: shot.answer(),
            sunk: match shot {
                Shot::Sunk(ship) => Some(*ship),
                _ => None,
            },
        }
    }

    /// The full answer. A «Убил!» without its ship (which no table sends) is read as an
    /// empty ship.
    pub fn shot(&self) -> Shot {
        match self.answer {
            Answer::Miss => Shot::Miss,
            Answer::Hit => Shot::Hit,
            Answer::Sunk => Shot::Sunk(self.sunk.unwrap_or(SunkShip {
                cells: CellSet::EMPTY,
                halo: CellSet::EMPTY,
            })),
            Answer::Mine => Shot::Mine,
            Answer::Sweeper => Shot::Sweeper,
            Answer::Submarine => Shot::Submarine,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser's whole fleet was sunk.
    FleetSunk,
    /// The loser resigned.
    Resigned,
    /// The loser ran out of time twice in a row.
    Timeout,
    /// The loser left and stayed away, and the winner claimed the game.
    Abandoned,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 4] = [
        EndReason::FleetSunk,
        EndReason::Resigned,
        EndReason::Timeout,
        EndReason::Abandoned,
    ];

    /// The word for it, in storage and on the wire: `fleet_sunk`, `resigned`, `timeout`,
    /// `abandoned`.
    pub const fn word(self) -> &'static str {
        match self {
            EndReason::FleetSunk => "fleet_sunk",
            EndReason::Resigned => "resigned",
            EndReason::Timeout => "timeout",
            EndReason::Abandoned => "abandoned",
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// Something that happened at the table. Moves carry their `number`: their place in
/// the game's record, from 1. Events that change the turn carry `next` (who acts
/// next, none once the game is over) and `shots_due` (cells in `next`'s volley), as they
/// stand after the whole command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A fleet is in.
    Placed {
        /// Whose.
        player: Player,
        /// The fleet as placed: for its owner's eyes only.
        fleet: Option<FleetSetup>,
    },
    /// Both fleets are in and the battle begins.
    Started {
        /// Who shoots first.
        first: Player,
        /// Cells in the first volley.
        shots_due: usize,
    },
    /// A volley and its answers.
    Volley {
        /// The move's number.
        number: usize,
        /// Who fired.
        player: Player,
        /// The shots, in the order fired.
        shots: Vec<Fired>,
        /// Who shoots next.
        next: Option<Player>,
        /// Cells in `next`'s volley.
        shots_due: usize,
    },
    /// A sunk submarine's dying shot: its owner fires at the same cell of the shooter's
    /// board.
    Dying {
        /// The move's number.
        number: usize,
        /// The submarine's owner, who fires.
        player: Player,
        /// The shot and its answer.
        shot: Fired,
        /// Who shoots next.
        next: Option<Player>,
        /// Cells in `next`'s volley.
        shots_due: usize,
    },
    /// A reveal or a move is owed before play goes on.
    Owed {
        /// Who owes it.
        player: Player,
        /// What.
        kind: DutyKind,
        /// The cells that may be shown (for a reveal): the owner's alone to see.
        options: Option<CellSet>,
        /// The decks the hit ship takes along (for a move): the owner's alone to see.
        decks: Option<usize>,
    },
    /// A player showed a cell they owed.
    Revealed {
        /// The move's number.
        number: usize,
        /// Who showed it.
        player: Player,
        /// A ship cell (after a mine) or a mine (after a minesweeper).
        kind: DutyKind,
        /// The cell: the two players' to see, not spectators'.
        cell: Option<Coord>,
        /// Whether a stand-in made the reveal for a player whose clock ran out.
        stand_in: bool,
        /// Who shoots next.
        next: Option<Player>,
        /// Cells in `next`'s volley.
        shots_due: usize,
    },
    /// A player moved their hit flying ship.
    Relocated {
        /// The move's number.
        number: usize,
        /// Whose ship.
        player: Player,
        /// Its new cells: the owner's alone to see.
        ship: Option<CellSet>,
        /// The decks it took along.
        decks: usize,
        /// The hit decks left behind where it stood, as the shooter now sees them.
        left: CellSet,
        /// Whether a stand-in moved it for a player whose clock ran out.
        stand_in: bool,
        /// Who shoots next.
        next: Option<Player>,
        /// Cells in `next`'s volley.
        shots_due: usize,
    },
    /// A player's clock ran out: a strike.
    TimedOut {
        /// Whose clock.
        player: Player,
        /// Their strikes in a row, this one included; the second loses the game.
        strikes: u8,
        /// Whether a stand-in made the reveal or move they owed (told next).
        stand_in: bool,
        /// Who acts next.
        next: Option<Player>,
        /// Cells in `next`'s volley.
        shots_due: usize,
    },
    /// A player gave up (or lost on time).
    Resigned {
        /// The move's number.
        number: usize,
        /// Who.
        player: Player,
    },
    /// A player who stayed away lost the game: the opponent claimed it.
    Abandoned {
        /// The move's number.
        number: usize,
        /// Who stayed away.
        player: Player,
    },
    /// The game is over.
    Over {
        /// The winner.
        winner: Player,
        /// How.
        reason: EndReason,
    },
}
