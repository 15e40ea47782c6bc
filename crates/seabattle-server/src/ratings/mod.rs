//! Ratings: Glicko-2 per preset, and what storage keeps of them.

pub mod glicko;
pub mod store;
