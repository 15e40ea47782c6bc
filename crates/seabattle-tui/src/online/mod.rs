//! Online play through the game server's WebSocket protocol (`docs/protocol.md`).

pub mod learned;
mod net;
pub mod protocol;
pub mod sessions;

pub use net::{Connection, LinkEvent, Opening, PING_EVERY, PONG_WAIT, server_urls};
/// The account calls `seabattle login` and `logout` make, from the `seabattle-client`
/// crate.
pub use seabattle_client::account;
/// The protocol's messages, from the `seabattle-wire` crate.
pub use seabattle_wire::{
    Answer, ChallengeEnd, ChallengeJson, ClientMsg, ParseError, SeatAccountJson, ServerMsg,
};
