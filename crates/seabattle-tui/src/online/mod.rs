//! Online play through the game server's WebSocket protocol (`docs/protocol.md`).

pub mod learned;
mod net;
pub mod protocol;

pub use net::{Connection, LinkEvent, Opening, PING_EVERY, PONG_WAIT, server_urls};
/// The protocol's messages, from the `seabattle-wire` crate.
pub use seabattle_wire::{ClientMsg, ParseError, ServerMsg};
