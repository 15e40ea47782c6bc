//! Accounts, optional: a name that lasts and a password. Guests play exactly as before;
//! an account only adds what follows a player from device to device. See
//! `docs/protocol.md`, "Accounts".
//!
//! Secrets are kept only as hashes: the password as argon2id ([`password`]), a
//! session's token as its SHA-256 ([`session`]). Neither is ever logged or echoed.

pub mod http;
pub mod name;
pub mod origin;
pub mod password;
pub mod session;
pub mod shown;
pub mod sockets;
pub mod store;
pub mod throttle;
