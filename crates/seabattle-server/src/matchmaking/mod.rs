//! Getting into a game: creating one, joining by code, resuming, watching, and the
//! queue for a random opponent (plain, rated, and a cluster's shared one).

pub mod lobby;
pub mod pairing;
pub mod rated;
