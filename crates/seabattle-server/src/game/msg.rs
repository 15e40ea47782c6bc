//! The fixed list of messages a game's task takes (as lichess's round actor takes the
//! messages of `actorApi`). Whatever would change or read a live game is one of these;
//! [`super::task`] handles each in one place, and the game publishes what came of it.

use crate::conn::Conn;
use crate::error::Failure;
use seabattle_core::{Fleet, GameRecord, Player, Rules, TargetBoard};
use seabattle_table::EndReason;
use tokio::sync::oneshot;

/// Whether a game's second seat may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joinable {
    /// It is taken, or the game is no friend's.
    Full,
    /// It is free.
    Open {
        /// The first seat's account, if it is one's (a player kept apart from it may
        /// not join).
        host: Option<crate::ids::AccountId>,
    },
}

/// Where a message's answer goes.
pub type Reply<T> = oneshot::Sender<T>;

/// The answer to a message the game may refuse.
pub type Answer<T> = Reply<Result<T, Failure>>;

/// A seat's connection, as a command names it: the game runs the command only while
/// that connection still plays the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRef {
    /// The connection's id.
    pub conn: u64,
    /// The seat it plays (in a hot-seat game, seat 1: the seat that acts is the
    /// referee's to say).
    pub seat: Player,
}

/// A player's move or request, from the seat's connection.
#[derive(Debug)]
pub enum SeatCommand {
    /// Places the fleet, already checked against the rules in the pool.
    Place(Box<Fleet>),
    /// Fires a shot, or a volley under salvo rules.
    Fire(Vec<String>),
    /// Shows a cell a mine, a minesweeper or a submarine obliges the player to show.
    Reveal(String),
    /// Moves the hit flying ship (`None`: to a random place).
    Relocate(Option<Vec<String>>),
    /// Gives the game up.
    Resign,
    /// Claims the win over an opponent away too long.
    ClaimWin,
    /// Asks that a friend's game be rated.
    Rate,
    /// Asks for a rematch.
    Rematch,
    /// Changes the name the others see.
    Rename(Option<String>),
    /// Says a phrase of the quick chat.
    Chat(crate::protocol::Phrase),
}

/// What the coach looks at: the game's id, its rules and the player's view of the
/// enemy waters.
pub type CoachInput = (String, Rules, TargetBoard);

/// A finished game, for its downloads.
#[derive(Debug)]
pub struct Finished {
    /// The moves as the rules engine keeps them.
    pub record: GameRecord,
    /// Who played, in [`super::room::Mode::word`]'s form.
    pub mode: String,
    /// The winner and how the game ended.
    pub ending: Option<(Player, EndReason)>,
}

/// Who invites to a game: what the preview of its link says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Host {
    /// The name the creator gave, if any.
    pub name: Option<String>,
    /// The language the creator plays in, if their client said.
    pub lang: Option<seabattle_core::Lang>,
}

/// Why a finished game's downloads cannot be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotFinished {
    /// The game goes on.
    Playing,
    /// The game has no record (nothing was played).
    NoRecord,
}

/// Every message a game's task takes.
pub enum GameMsg {
    /// A command from a seat.
    Play {
        /// Who sends it.
        from: SeatRef,
        /// What they do.
        command: SeatCommand,
        /// Done, or why not.
        reply: Answer<()>,
    },
    /// The rules, for advice served beside the game (`check`, `turn`, `layout`). With
    /// `from`, only for that seat's connection; with `placing`, only while the seat may
    /// still place its fleet (the fleet is then checked in the pool, and placed with
    /// [`SeatCommand::Place`]).
    Rules {
        /// The seat asking, when the answer is for a player only.
        from: Option<SeatRef>,
        /// Whether the seat is about to place its fleet.
        placing: bool,
        /// The rules, or why not.
        reply: Answer<Rules>,
    },
    /// What the coach needs, for a player in a battle against the computer.
    Coach {
        /// The seat asking.
        from: SeatRef,
        /// The input, or why not.
        reply: Answer<CoachInput>,
    },
    /// Sends the game's state to `conn`, as `seat` (or a spectator) may see it.
    Sync {
        /// Where to.
        conn: Conn,
        /// Whose eyes.
        seat: Option<Player>,
    },
    /// A new game's first players take their seats (the game's creator, the queue's
    /// pair, the players of a rematch).
    Seat {
        /// The connection.
        conn: Conn,
        /// The seat it takes.
        seat: Player,
        /// The seat's token, sent to its owner only; none when the player has one.
        token: Option<String>,
        /// Taken.
        reply: Reply<()>,
    },
    /// Whether a friend's game has its second seat free.
    CanJoin {
        /// Free or not, and whose the first seat is.
        reply: Reply<Joinable>,
    },
    /// A friend takes the free second seat.
    Join {
        /// The friend's connection.
        conn: Conn,
        /// The name they gave.
        name: Option<String>,
        /// Seated, or why not.
        reply: Answer<()>,
    },
    /// The seat a token's hash (or an account) belongs to.
    SeatOf {
        /// The token's hash or the account.
        key: SeatKey,
        /// The seat, or `bad_token`.
        reply: Answer<Player>,
    },
    /// A player comes back to the seat their token (or account) belongs to.
    Resume {
        /// The connection.
        conn: Conn,
        /// The token's hash or the account.
        key: SeatKey,
        /// Seated, or `bad_token`.
        reply: Answer<()>,
    },
    /// A spectator starts watching.
    Watch {
        /// The spectator's connection.
        conn: Conn,
        /// Watching.
        reply: Reply<()>,
    },
    /// A connection leaves the game (closed, or gone to another game).
    Leave {
        /// The connection's id.
        conn: u64,
        /// The seat it played, or none for a spectator.
        seat: Option<Player>,
        /// Gone.
        reply: Reply<()>,
    },
    /// Who invites to the game (the creator's name and language), for a link's
    /// preview.
    Host {
        /// The creator's name and language, as they gave them.
        reply: Reply<Host>,
    },
    /// A finished game's record, for its downloads.
    Record {
        /// The record, or why there is none yet.
        reply: Reply<Result<Finished, NotFinished>>,
    },
    /// Closes the game as abandoned if nobody played it for too long.
    Expire {
        /// Checked (and closed, or not).
        reply: Reply<()>,
    },
    /// An arena's game that its seats did not start in time: a seat that never placed
    /// its fleet loses it as abandoned; if neither did, the game is closed unfinished and nobody wins.
    NoShow {
        /// What was done.
        reply: Reply<NoShown>,
    },
    /// A seat of an arena's game goes berserk: its own clock is halved for the game.
    Berserk {
        /// The seat.
        seat: Player,
        /// The seconds it now has per move, or why not.
        reply: Reply<Result<u32, Failure>>,
    },
    /// Another node asks for the game: it is released and let go.
    HandOver {
        /// Released, or kept after a failed release.
        reply: Reply<()>,
    },
    /// This node stops: the game is let go, its players sent to other nodes.
    LetGo {
        /// Let go.
        reply: Reply<()>,
    },
    /// Nothing but a wake: the task checks that this node still holds the game before
    /// anything else, and lets it go if not.
    Wake {
        /// Checked.
        reply: Reply<()>,
    },
}

/// What proves a seat is the player's own when they come back.
#[derive(Clone, Debug)]
pub enum SeatKey {
    /// The SHA-256 of the seat's token, from the device that took it.
    Token(String),
    /// The account that holds the seat, from any device it is signed in on.
    Account(crate::ids::AccountId),
}

/// What a no-show did to an arena's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoShown {
    /// Both fleets were placed (or the game is over): nothing.
    Started,
    /// The seat that never placed its fleet lost: the game was closed, and the arena
    /// counts it as the other seat's win.
    Forfeited(Player),
    /// Neither seat placed its fleet: the game was closed, nobody won.
    Closed,
}
