//! Getting into a game and finding an opponent: creating a game, joining by code,
//! resuming, watching and leaving ([`enter`]); the one kind of [`seeker::Seeker`] and
//! the queue it waits in, a lone server's ([`queue`]) or a cluster's shared one
//! ([`shared`]); and the game two seekers are paired into ([`pairing`]).

pub mod enter;
pub mod pairing;
pub mod queue;
pub mod seeker;
pub mod shared;
