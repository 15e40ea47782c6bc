//! What a game keeps per seat and for its clock, and what a new game is made with.

use super::mode::Mode;
use crate::conn::Conn;
use crate::guard::pace::Pace;
use crate::ids::{AccountId, GameId};
use seabattle_core::{ByPlayer, Player, Rules};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// One seat: who holds it, who plays it now, and what its player placed and asked.
#[derive(Default)]
pub struct Seat {
    /// SHA-256 of the token, once taken.
    pub token_hash: Option<String>,
    /// The connection playing it now.
    pub conn: Option<Conn>,
    /// When the player left, if away.
    pub away_since: Option<Instant>,
    /// The account that holds the seat, once a signed-in player took it.
    pub account: Option<AccountId>,
    /// The name the player gave (kept in memory only: a name is no part of the game).
    pub name: Option<String>,
    /// The seat's account as shown at the board (name, rating), read once it is known.
    /// Boxed: most seats are guests', and every live game carries two.
    pub shown: Option<Box<crate::protocol::SeatAccountJson>>,
    /// The placed fleet's canonical text.
    pub fleet_text: Option<String>,
    /// Its commitment's salt.
    pub salt: Option<String>,
    /// Whether the player asked for a rematch.
    pub rematch: bool,
    /// Whether the player asked that a friend's game be rated.
    pub rate_asked: bool,
    /// How fast the player may chat (in memory only: chat is no part of the game).
    pub chat: Pace,
    /// Seconds each move of this seat is due within when the game has no clock: a
    /// BOT's default limit (in memory only).
    pub move_limit: Option<u32>,
}

/// The turn clock.
pub struct Clock {
    /// Seconds per move, if a clock runs at all.
    pub secs: Option<u32>,
    /// When the running clock runs out, if one runs.
    pub deadline: Option<Instant>,
    /// Whose clock runs.
    pub running_for: Option<Player>,
    /// The move (by its number) and the player the clock was last started for.
    pub armed: Option<(usize, Player)>,
    /// How long an opponent must be away before a win may be claimed in a game without
    /// a clock (the server's limit, set when the game's task starts).
    pub claim_limit: Duration,
}

impl Clock {
    /// A clock of `secs` per move (none for `None`), not running.
    pub fn new(secs: Option<u32>) -> Clock {
        Clock {
            secs,
            deadline: None,
            running_for: None,
            armed: None,
            claim_limit: Duration::from_secs(60),
        }
    }

    /// Stops it.
    pub fn stop(&mut self) {
        self.deadline = None;
    }
}

/// One seat of a game about to be made.
#[derive(Clone, Debug, Default)]
pub struct SeatSetup {
    /// SHA-256 of the seat's token, once someone holds it.
    pub token_hash: Option<String>,
    /// The account that holds the seat.
    pub account: Option<AccountId>,
    /// The name its player gave.
    pub name: Option<String>,
    /// Whether its player is elsewhere as the game opens: waiting on another node,
    /// seated later (a rematch), or not back yet (a restart).
    pub away: bool,
    /// Seconds each move is due within when the game has no clock (a BOT's seat).
    pub move_limit: Option<u32>,
}

/// Everything a game is made with, before its task starts: the one way a
/// [`super::Room`] comes to be.
pub struct RoomSetup {
    /// The public id.
    pub id: GameId,
    /// The rules.
    pub rules: Rules,
    /// Who plays.
    pub mode: Mode,
    /// Seconds per move, if a clock runs.
    pub clock: Option<u32>,
    /// Seats 1 and 2.
    pub seats: ByPlayer<SeatSetup>,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// Why a game whose players asked for a rated one is casual.
    pub casual: Option<crate::protocol::Casual>,
    /// The address that made it, whose unfinished games it counts among.
    pub creator: Option<IpAddr>,
    /// The language the creator plays in (the link's preview speaks it).
    pub host_lang: Option<seabattle_core::Lang>,
    /// Set for a game opened in the lobby (`seek`), listed there while it waits.
    pub seek: Option<Seek>,
    /// Set for a game one account challenged another to.
    pub challenge: bool,
    /// An arena's game: how long its seats have to place their fleets before a seat
    /// that has not loses by no-show (the arena's runner settles it).
    pub place_within: Option<std::time::Duration>,
    /// An arena's game: the arena's id.
    pub arena: Option<String>,
}

/// A game opened in the lobby: anyone may join it from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seek {
    /// Its creator asked for a rated game: it is rated if the one who joins is
    /// signed in too (another account), casual otherwise.
    pub rated: bool,
}

impl RoomSetup {
    /// A new game under `rules` between `mode`'s players, with a fresh id, no clock,
    /// and its seats empty.
    pub fn new(rules: Rules, mode: Mode) -> RoomSetup {
        RoomSetup {
            id: GameId::random(),
            rules,
            mode,
            clock: None,
            seats: ByPlayer::default(),
            rated: false,
            casual: None,
            creator: None,
            host_lang: None,
            seek: None,
            challenge: false,
            place_within: None,
            arena: None,
        }
    }
}

impl SeatSetup {
    /// The seat a game opens with, as `at` sees it.
    pub(super) fn into_seat(self, at: Instant) -> Seat {
        Seat {
            token_hash: self.token_hash,
            away_since: self.away.then_some(at),
            account: self.account,
            name: self.name,
            move_limit: self.move_limit,
            ..Seat::default()
        }
    }
}
