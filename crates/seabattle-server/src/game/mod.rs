//! A live game as an actor, as lichess's round: one task per game owns its [`Room`]
//! (and with it the referee's `Table`), takes a fixed list of messages ([`GameMsg`]) one
//! at a time, and publishes what happened to the game's connections from here alone.
//! Nothing outside this module touches a room: connections parse, check and forward.

pub mod berserk;
pub mod chat;
pub mod clock;
pub mod cluster;
pub mod commit;
pub mod computer;
pub mod ended;
pub mod expire;
pub mod fleet_text;
pub mod forfeit;
pub mod group;
pub mod handle;
pub mod hotseat;
pub mod learn;
pub mod listing;
pub mod msg;
pub mod no_show;
pub mod play;
pub mod rate;
pub mod relocate;
pub mod rematch;
pub mod reveal;
pub mod room;
pub mod rows;
pub mod seats;
pub mod store;
pub mod stored;
pub mod sweep;
pub mod task;
pub mod tell;
