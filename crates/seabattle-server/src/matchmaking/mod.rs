//! Getting into a game and finding an opponent: creating a game, joining by code,
//! resuming, watching and leaving ([`enter`]); the one kind of [`seeker::Seeker`] and
//! the queue it waits in, a lone server's ([`queue`]) or a cluster's shared one
//! ([`shared`]); the game two seekers are paired into ([`pairing`]); and what a seeker
//! alone is offered after the wait ([`offer`]).

pub mod enter;
pub mod offer;
pub mod pairing;
pub mod queue;
pub mod seeker;
pub mod shared;
