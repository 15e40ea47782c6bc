//! What a game tells the features, and what they may answer. The vocabulary of the
//! [`super::Bus`]: a leaf, so the game and every feature can name it.

use crate::error::StoreError;
use crate::game::room::mode::Mode;
use crate::ids::{AccountId, GameId, Learner};
use crate::protocol::{ErrorCode, OpenGameJson, RatingJson};
use seabattle_bots::OpponentPrior;
use seabattle_core::{Player, Rules};
use seabattle_table::EndReason;
use std::sync::Arc;

/// Something that happened to a game.
#[derive(Debug)]
pub enum GameEvent {
    /// A game against the computer is about to place the computer's fleet, made for
    /// the player `learner`: learning may answer with what it knows of them
    /// ([`Heard::Prior`]).
    Opening {
        /// The game.
        game: GameId,
        /// Who it is against.
        mode: Mode,
        /// The rules it is played under.
        rules: Rules,
        /// The player the game was made for.
        learner: Learner,
    },
    /// The game's listing in the lobby while it is an open game waiting for an
    /// opponent, `None` once it is not. Published when it changes.
    Listing {
        /// The game.
        game: GameId,
        /// Its listing.
        listed: Option<OpenGameJson>,
    },
    /// The game started or stopped being played (the lobby counts the games played).
    Playing {
        /// Whether it is played now.
        playing: bool,
    },
    /// The game left memory (its task ended, however it ended) while still listed or
    /// played: whatever the lobby counts of it goes.
    Closed {
        /// The game.
        game: GameId,
        /// Whether it was still listed.
        listed: bool,
        /// Whether it was still counted as played.
        playing: bool,
    },
    /// A seat said a quick-chat phrase (moderation keeps the line for a report of the
    /// game).
    Chatted {
        /// The game.
        game: GameId,
        /// The seat.
        seat: Player,
        /// Its account, if it is one's.
        account: Option<AccountId>,
        /// What it said.
        phrase: crate::protocol::Phrase,
    },
    /// The game ended and its end is about to be told; published once.
    Ended(Box<Ended>),
    /// A seat never placed its fleet by the end of placement, and the game was closed
    /// unfinished (an arena's no-show; see `crate::game::no_show`).
    NoShow {
        /// The game.
        game: GameId,
        /// Who won: the seat that placed, or nobody.
        winner: Option<Player>,
    },
    /// A seat asks to go berserk before its first shot. Only a feature that knows the
    /// game (an arena) answers, with the seat's new move limit ([`Heard::MoveLimit`])
    /// or a refusal; with no answer the game refuses.
    Berserk {
        /// The game.
        game: GameId,
        /// The seat.
        seat: Player,
    },
    /// The game was rebuilt from storage: features give back what only memory held
    /// (a berserk seat's half clock, as [`Heard::SeatLimits`]).
    Loaded {
        /// The game.
        game: GameId,
        /// Who it is between.
        mode: Mode,
        /// Each seat's account.
        accounts: [Option<AccountId>; 2],
    },
}

/// The facts of a game's end that features need.
#[derive(Debug)]
pub struct Ended {
    /// The game.
    pub game: GameId,
    /// Who it was between.
    pub mode: Mode,
    /// Its rules.
    pub rules: Rules,
    /// Each seat's account.
    pub accounts: [Option<AccountId>; 2],
    /// Whether it was played as rated.
    pub rated: bool,
    /// Whether it ended before each side had fired: not played, so not rated.
    pub aborted: bool,
    /// Who won and why; `None` for a game closed unfinished.
    pub ending: Option<(Player, EndReason)>,
    /// The shots each seat fired.
    pub shots: [u32; 2],
    /// The player a computer's game was made for, and the fleet they placed as text:
    /// what the computer may learn.
    pub lesson: Option<(Learner, String)>,
}

/// A subscriber's answer to an event.
#[derive(Debug)]
pub enum Heard {
    /// Heard; nothing for the game to do.
    Noted,
    /// The game was rated: each seat's rating before and after, told in the result.
    Rated([RatingJson; 2]),
    /// The game was to be rated and is not (an account was deleted before the end).
    Unrated,
    /// What was learned of the player, for the computer ([`GameEvent::Opening`]).
    Prior(Arc<OpponentPrior>),
    /// The asking seat's move limit from now on, in seconds ([`GameEvent::Berserk`]).
    MoveLimit(u32),
    /// Each seat's move limit as it was before the game was rebuilt, where one was set
    /// ([`GameEvent::Loaded`]).
    SeatLimits([Option<u32>; 2]),
    /// The request is refused, and why.
    Refused(ErrorCode, String),
    /// The subscriber's storage failed, so the request cannot be answered.
    Failed(StoreError),
}
