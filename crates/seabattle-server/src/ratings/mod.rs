//! Ratings: Glicko-2 per preset, what storage keeps of them, and which games count.
//! A game's end is heard on the bus ([`ended::Rater`]).

pub mod ended;
pub mod glicko;
pub mod store;
