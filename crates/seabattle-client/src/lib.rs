//! A typed async client of the game server's WebSocket protocol: one [`Connection`]
//! sends [`ClientMsg`](seabattle_wire::ClientMsg) values and receives
//! [`ServerMsg`](seabattle_wire::ServerMsg) values, so a protocol change breaks every
//! Rust client at compile time — the terminal's online mode, the server's tests and its
//! load and attack examples and the cluster's fault harness alike.
//!
//! The [`account`] module signs in over HTTP for a session token, which
//! [`ConnectOptions::session`] then sends with the upgrade, so the socket acts for the
//! account.
//!
//! Waiting is bounded where a caller asks ([`Connection::recv_within`],
//! [`Connection::recv_until`]): a silent server gives [`ConnectionError::Timeout`],
//! never a hang. [`Connection::send_raw`] sends any text, for tests of malformed input.
//!
//! ```no_run
//! # async fn demo() -> Result<(), seabattle_client::ConnectionError> {
//! use seabattle_client::Connection;
//! use seabattle_wire::{ClientMsg, ServerMsg};
//! use std::time::Duration;
//!
//! let mut c = Connection::connect("ws://127.0.0.1:8080/ws").await?;
//! c.send(&ClientMsg::Ping).await?;
//! let pong = c.recv_until(Duration::from_secs(5), |m| matches!(m, ServerMsg::Pong)).await?;
//! # let _ = pong;
//! # Ok(())
//! # }
//! ```

pub mod account;
mod connection;
mod error;
pub mod msg;

pub use connection::{Close, ConnectOptions, Connection, Frame};
pub use error::ConnectionError;
