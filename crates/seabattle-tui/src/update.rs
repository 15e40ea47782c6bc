//! What the player asks of the referee ([`Action`]) and what the referee tells the
//! players ([`Update`]), the same for a local game and an online one.

use seabattle_core::{
    Answer, CellSet, Coord, Duty, DutyKind, Fleet, Lang, Phase, PieceCells, Player, Rules, Shot,
    SunkShip, TargetBoard,
};

/// A move by a player at this terminal.
#[derive(Clone, Debug)]
pub enum Action {
    /// Lay out a fleet.
    Place {
        /// Whose fleet.
        seat: Player,
        /// The fleet, already checked against the rules (boxed: a fleet is large
        /// beside the other actions).
        fleet: Box<Fleet>,
    },
    /// Fire a volley (one cell under most rules).
    Fire {
        /// Who fires.
        seat: Player,
        /// The cells.
        cells: Vec<Coord>,
    },
    /// Show the opponent a cell owed after a mine or a minesweeper (seed 004's
    /// variants).
    Reveal {
        /// Who shows.
        seat: Player,
        /// The cell shown.
        cell: Coord,
    },
    /// Move the own hit flying ship (the Flying Dutchman) to new cells.
    Relocate {
        /// Whose ship.
        seat: Player,
        /// The new cells; none asks the referee for a random legal place.
        cells: Option<Vec<Coord>>,
    },
    /// Give up.
    Resign {
        /// Who resigns.
        seat: Player,
    },
}

/// One answered shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fired {
    /// The cell shot.
    pub cell: Coord,
    /// The answer, with the ship and its halo when it is «Убил!».
    pub shot: Shot,
}

impl Fired {
    /// The shot at `cell` answered `answer`; `sunk` is the ship, needed (and only used)
    /// when the answer is «Убил!».
    pub fn new(cell: Coord, answer: Answer, sunk: Option<SunkShip>) -> Option<Fired> {
        let shot = match answer {
            Answer::Miss => Shot::Miss,
            Answer::Hit => Shot::Hit,
            Answer::Sunk => Shot::Sunk(sunk?),
            Answer::Mine => Shot::Mine,
            Answer::Sweeper => Shot::Sweeper,
            Answer::Submarine => Shot::Submarine,
        };
        Some(Fired { cell, shot })
    }

    /// The bare answer.
    pub fn answer(&self) -> Answer {
        self.shot.answer()
    }
}

/// How a game ended: the referee's word for it, on this machine and online alike.
pub use seabattle_table::EndReason;
/// A seat's rating change in a rated game, as the server sends it.
pub use seabattle_wire::{RatingJson, SeatAccountJson};

/// Who holds a seat, as the board titles show them: the name they gave, and their
/// account (name and rating) when signed in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Who {
    /// The name the player gave, if any.
    pub name: Option<String>,
    /// The account behind the seat, if any.
    pub account: Option<SeatAccountJson>,
}

/// The end of a game: the winner, both fleets revealed, and the audit's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner (none when the audit voids the game).
    pub winner: Option<Player>,
    /// How it ended.
    pub reason: EndReason,
    /// Both fleets, player 1's first, each as its ships' cells.
    pub fleets: [Vec<CellSet>; 2],
    /// Both sides' mines, minesweepers and submarines, player 1's first (none when the
    /// rules have no pieces).
    pub pieces: [PieceCells; 2],
    /// The post-game audit's verdict, in English.
    pub verdict: String,
    /// The same in Russian.
    pub verdict_ru: String,
    /// In a rated game, each seat's rating before and after it, player 1's first
    /// (none in other games, and in a rated game whose rating could not be stored).
    pub ratings: Option<[RatingJson; 2]>,
}

impl Ending {
    /// The audit's verdict in `lang`.
    pub fn verdict_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.verdict,
            Lang::Ru => &self.verdict_ru,
        }
    }
}

/// The whole game as a server shows it to one seat (after joining or reconnecting).
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The rules.
    pub rules: Rules,
    /// Where the game is.
    pub phase: Phase,
    /// Who shoots next.
    pub to_move: Option<Player>,
    /// Shots in the next volley of the player to move.
    pub shots_due: usize,
    /// This seat's ships, once placed.
    pub own: Option<Vec<CellSet>>,
    /// This seat's mines, minesweepers and submarines.
    pub own_pieces: PieceCells,
    /// The oldest reveal owed, if any.
    pub duty: Option<Duty>,
    /// The cells this seat may show, when `duty` is its own.
    pub options: CellSet,
    /// `boards[0]`: what player 1 knows of player 2's waters; `boards[1]` the reverse.
    pub boards: [TargetBoard; 2],
    /// The end, once the game is over.
    pub ending: Option<Ending>,
    /// Whether the game counts for ratings (both players asked).
    pub rated: bool,
    /// Who holds each seat.
    pub who: [Who; 2],
}

/// News from the referee.
#[derive(Clone, Debug)]
pub enum Update {
    /// Online: this terminal holds `seat` of game `game`, which others join with the
    /// code or the link.
    Seated {
        /// The seat.
        seat: Player,
        /// The game's id, which is also the code to join with.
        game: String,
        /// The game's link.
        link: String,
    },
    /// A fleet is in; `ships` is given for the player's own fleet.
    Placed {
        /// Whose fleet.
        seat: Player,
        /// The ships, when they are this terminal's to see.
        ships: Option<Vec<CellSet>>,
        /// The mines, minesweepers and submarines, when they are this terminal's to see
        /// (boxed: they are large beside the other updates).
        pieces: Box<PieceCells>,
    },
    /// Both fleets are in; `first` shoots first.
    Battle {
        /// Who shoots first.
        first: Player,
        /// Shots in the first volley.
        shots_due: usize,
    },
    /// A volley and its answers.
    Volley {
        /// Who fired.
        player: Player,
        /// The shots.
        shots: Vec<Fired>,
        /// Who shoots next (none once the game is over).
        next: Option<Player>,
        /// Shots in `next`'s volley.
        shots_due: usize,
    },
    /// A sunk submarine's dying shot, fired by its owner at the same cell of the
    /// shooter's board.
    Dying {
        /// The submarine's owner, who fires.
        player: Player,
        /// The shot and its answer.
        shot: Fired,
    },
    /// A player showed the opponent a cell they owed.
    Reveal {
        /// Who showed it.
        player: Player,
        /// The cell.
        cell: Coord,
        /// A ship cell (after a mine) or a mine (after a minesweeper).
        kind: DutyKind,
    },
    /// A player moved their hit flying ship.
    Relocated {
        /// Whose ship.
        player: Player,
        /// Its new cells, when they are this terminal's to see.
        ship: Option<CellSet>,
    },
    /// The reveal or move owed now, oldest first, if any: nobody shoots until it is
    /// made.
    Owed {
        /// The duty.
        duty: Option<Duty>,
        /// The cells its player may show.
        options: CellSet,
    },
    /// The game is over.
    Over(Box<Ending>),
    /// The whole state, after joining or reconnecting.
    Snapshot(Box<Snapshot>),
    /// The referee refused the last move, with its reason.
    Refused(String),
    /// Something worth a line in the status.
    Notice(String),
    /// A player's connection closed or came back.
    Presence {
        /// Whose.
        player: Player,
        /// Whether it is there now.
        present: bool,
        /// Who holds the seat, as the server says now.
        who: Who,
    },
    /// A player asked that the friend's game be rated.
    Rate {
        /// Whether each seat has asked, player 1's first.
        asked: [bool; 2],
        /// Whether the game counts for ratings now (both asked, each signed in).
        rated: bool,
    },
    /// A player said a phrase of the quick chat.
    Chat {
        /// Who.
        player: Player,
        /// What, by its id: the screen says it in the player's language.
        phrase: seabattle_wire::Phrase,
    },
    /// A player ran out of time for a move.
    Timeout {
        /// Who.
        player: Player,
        /// Who shoots now, when the turn passed to the opponent (servers that keep the
        /// turn with the late player, or end the game, give none).
        next: Option<Player>,
        /// Shots in `next`'s volley.
        shots_due: usize,
    },
    /// This terminal's connection to the server dropped (with the reason) and is being
    /// tried again, or (`None`) is back.
    Link(Option<String>),
}
