//! The game server's WebSocket protocol, version [`PROTOCOL_VERSION`], as Rust types:
//! what a client sends ([`ClientMsg`]) and what the server sends ([`ServerMsg`]), with
//! the objects they carry. `docs/protocol.md` documents each message.
//!
//! Every message is one JSON object in one text frame, with a `type`. Every type here
//! serialises and deserialises, so the server and clients in Rust share one vocabulary:
//! fixed words (the phase, a duty's kind, how a game ended, …) are enums whose serde
//! names are the words on the wire; cells, ships and fleets stay the canonical text the
//! protocol documents (`a1`, `a1-d1`, `mine:e5`), to be read against the game's rules.
//!
//! Reading is as forgiving as the protocol asks of clients: unknown fields are ignored,
//! fields the server leaves out when empty (`duties`, `dying`, `halo`, …) may be
//! absent, and so may the lists that came with the variants (the boards' pieces and
//! shown cells, a flying ship's `left` and `lost`) and `shots_due` (1, the classic
//! volley, when a server does not say). [`ServerMsg::parse`] tells a message of a type
//! this crate does not know (from a newer server, which a client should skip) from a
//! malformed one.
//!
//! ```
//! use seabattle_wire::{ClientMsg, ServerMsg};
//!
//! let fire = ClientMsg::Fire { game: "k7m2qx9p4a".into(), cells: vec!["e5".into()] };
//! assert_eq!(fire.to_text(), r#"{"type":"fire","game":"k7m2qx9p4a","cells":["e5"]}"#);
//! let m = ServerMsg::parse(r#"{"type":"placed","game":"k7m2qx9p4a","player":2}"#).unwrap();
//! assert_eq!(m.kind(), "placed");
//! ```

pub mod account;
pub mod analysis;
pub mod arena;
mod chat;
mod client;
pub mod daily;
mod error;
mod meet;
pub mod moderation;
pub mod players;
pub mod replay;
mod seat;
mod server;
mod words;

pub use chat::Phrase;
pub use client::ClientMsg;
pub use error::{
    ClientError, ErrorCode, MAX_KEY_CHARS, MAX_NAME_CHARS, MIN_KEY_CHARS, player_key, player_name,
};
pub use meet::{Answer, ChallengeEnd, ChallengeJson, LobbyJson, OpenGameJson};
pub use seat::SeatAccountJson;
pub use server::{
    AuditJson, CASUAL_AFTER_SECS, Casual, DutyJson, LearnedJson, LevelAccountJson, LoggedShotJson,
    Met, OwnJson, PresenceJson, RatingJson, RelocateJson, ResultJson, RevealJson, RulesJson,
    ServerMsg, ShotJson, StateJson, TargetJson, ViolationJson,
};
pub use words::{
    CoordSystem, DutyKind, EndReason, Lang, LearnedHabit, Opponent, Phase, PieceKind, Role,
    ShipShape, Touching, ViolationKind,
};

use serde::de::DeserializeOwned;
use std::fmt;

/// The protocol version, sent in `welcome`; a client may check it with `hello`.
pub const PROTOCOL_VERSION: u32 = 2;

/// The `type` of every client message, to tell an unknown type from a malformed one.
pub const CLIENT_TYPES: [&str; 30] = [
    "hello",
    "new_game",
    "join",
    "resume",
    "watch",
    "queue",
    "place",
    "fire",
    "reveal",
    "relocate",
    "resign",
    "claim_win",
    "name",
    "rematch",
    "rate",
    "sync",
    "coach",
    "layout",
    "check",
    "turn",
    "learned",
    "forget",
    "ping",
    "chat",
    "lobby",
    "seek",
    "challenge",
    "answer_challenge",
    "cancel_challenge",
    "auth",
];

/// The `type` of every server message, to tell an unknown type from a malformed one.
pub const SERVER_TYPES: [&str; 33] = [
    "welcome",
    "joined",
    "state",
    "placed",
    "battle",
    "shot",
    "reveal_due",
    "revealed",
    "relocate_due",
    "relocated",
    "clock",
    "timeout",
    "presence",
    "no_show",
    "game_over",
    "rematch_offered",
    "rematch",
    "queued",
    "rate",
    "queue_offer",
    "error",
    "coach",
    "layout",
    "checked",
    "turned",
    "pong",
    "learned",
    "forgotten",
    "chat",
    "lobby",
    "challenged",
    "challenge_sent",
    "challenge_ended",
];

/// A text frame that is not a message of this protocol version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not JSON, or not a JSON object with a string `type`: the explanation.
    NotJson(String),
    /// A `type` this version does not know (perhaps from a newer peer).
    UnknownType(String),
    /// A known `type` with missing or wrong fields.
    BadMessage {
        /// The message's `type`.
        kind: String,
        /// What is wrong.
        error: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::NotJson(why) => f.write_str(why),
            ParseError::UnknownType(kind) => write!(f, "unknown message type {kind:?}"),
            ParseError::BadMessage { kind, error } => write!(f, "bad {kind:?} message: {error}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Reads one message of a protocol whose `type`s are `types`.
fn parse_tagged<T: DeserializeOwned>(text: &str, types: &[&str]) -> Result<T, ParseError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ParseError::NotJson(format!("not json: {e}")))?;
    from_value_tagged(value, types)
}

fn from_value_tagged<T: DeserializeOwned>(
    value: serde_json::Value,
    types: &[&str],
) -> Result<T, ParseError> {
    let Some(kind) = value
        .get("type")
        .and_then(|t| t.as_str())
        .map(str::to_string)
    else {
        return Err(ParseError::NotJson(
            "expected a json object with a string \"type\"".into(),
        ));
    };
    if !types.contains(&kind.as_str()) {
        return Err(ParseError::UnknownType(kind));
    }
    serde_json::from_value(value).map_err(|e| ParseError::BadMessage {
        kind,
        error: e.to_string(),
    })
}

impl ClientMsg {
    /// Reads one client message, telling malformed JSON from an unknown type from a
    /// known type with bad fields.
    pub fn parse(text: &str) -> Result<ClientMsg, ParseError> {
        parse_tagged(text, &CLIENT_TYPES)
    }

    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientMsg::Hello { .. } => "hello",
            ClientMsg::NewGame { .. } => "new_game",
            ClientMsg::Join { .. } => "join",
            ClientMsg::Resume { .. } => "resume",
            ClientMsg::Watch { .. } => "watch",
            ClientMsg::Queue { .. } => "queue",
            ClientMsg::Place { .. } => "place",
            ClientMsg::Fire { .. } => "fire",
            ClientMsg::Reveal { .. } => "reveal",
            ClientMsg::Relocate { .. } => "relocate",
            ClientMsg::Resign { .. } => "resign",
            ClientMsg::ClaimWin { .. } => "claim_win",
            ClientMsg::Name { .. } => "name",
            ClientMsg::Rematch { .. } => "rematch",
            ClientMsg::Rate { .. } => "rate",
            ClientMsg::Sync { .. } => "sync",
            ClientMsg::Coach { .. } => "coach",
            ClientMsg::Layout { .. } => "layout",
            ClientMsg::Check { .. } => "check",
            ClientMsg::Turn { .. } => "turn",
            ClientMsg::Learned { .. } => "learned",
            ClientMsg::Forget { .. } => "forget",
            ClientMsg::Ping => "ping",
            ClientMsg::Chat { .. } => "chat",
            ClientMsg::Lobby => "lobby",
            ClientMsg::Seek { .. } => "seek",
            ClientMsg::Challenge { .. } => "challenge",
            ClientMsg::AnswerChallenge { .. } => "answer_challenge",
            ClientMsg::CancelChallenge { .. } => "cancel_challenge",
            ClientMsg::Auth { .. } => "auth",
        }
    }

    /// The message as a text frame.
    pub fn to_text(&self) -> String {
        // Every field is a plain string, number, list or map: this cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"type":"ping"}"#.into())
    }
}

impl ServerMsg {
    /// Reads one server message, telling malformed JSON from an unknown type (which a
    /// client should skip: a newer server may send types this version does not know)
    /// from a known type with bad fields.
    pub fn parse(text: &str) -> Result<ServerMsg, ParseError> {
        parse_tagged(text, &SERVER_TYPES)
    }

    /// [`ServerMsg::parse`] for a message already read as JSON.
    pub fn from_value(value: serde_json::Value) -> Result<ServerMsg, ParseError> {
        from_value_tagged(value, &SERVER_TYPES)
    }

    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            ServerMsg::Welcome { .. } => "welcome",
            ServerMsg::Joined { .. } => "joined",
            ServerMsg::State(_) => "state",
            ServerMsg::Placed { .. } => "placed",
            ServerMsg::Battle { .. } => "battle",
            ServerMsg::Shot { .. } => "shot",
            ServerMsg::RevealDue { .. } => "reveal_due",
            ServerMsg::Revealed { .. } => "revealed",
            ServerMsg::RelocateDue { .. } => "relocate_due",
            ServerMsg::Relocated { .. } => "relocated",
            ServerMsg::Clock { .. } => "clock",
            ServerMsg::Timeout { .. } => "timeout",
            ServerMsg::Presence { .. } => "presence",
            ServerMsg::GameOver { .. } => "game_over",
            ServerMsg::NoShow { .. } => "no_show",
            ServerMsg::RematchOffered { .. } => "rematch_offered",
            ServerMsg::Rematch { .. } => "rematch",
            ServerMsg::Rate { .. } => "rate",
            ServerMsg::Queued { .. } => "queued",
            ServerMsg::QueueOffer { .. } => "queue_offer",
            ServerMsg::Error { .. } => "error",
            ServerMsg::Coach { .. } => "coach",
            ServerMsg::Layout { .. } => "layout",
            ServerMsg::Checked { .. } => "checked",
            ServerMsg::Turned { .. } => "turned",
            ServerMsg::Pong => "pong",
            ServerMsg::Learned { .. } => "learned",
            ServerMsg::Forgotten { .. } => "forgotten",
            ServerMsg::Chat { .. } => "chat",
            ServerMsg::Lobby(_) => "lobby",
            ServerMsg::Challenged(_) => "challenged",
            ServerMsg::ChallengeSent(_) => "challenge_sent",
            ServerMsg::ChallengeEnded { .. } => "challenge_ended",
        }
    }

    /// The message as a text frame.
    pub fn to_text(&self) -> String {
        // Every field is a plain string, number, bool, list or map: this cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","code":"internal","message":"encoding failed"}"#.into()
        })
    }
}

impl From<ClientError> for ServerMsg {
    fn from(e: ClientError) -> ServerMsg {
        ServerMsg::Error {
            code: e.code,
            message: e.message,
        }
    }
}
