//! The game's side of learning (see [`crate::learning`]): a new game against the
//! expert is given what was learned of its player, and a finished one teaches the
//! human's fleet.

use super::room::{Mode, Room};
use crate::hub::SharedHub;
use crate::ids::Learner;
use crate::learning::prior_for;
use seabattle_bots::Level;

/// Whether games of `mode` take what was learned: only the expert learns (the other
/// levels ignore a prior, so it is not built for them).
fn learns(mode: &Mode) -> bool {
    *mode == Mode::Computer(Level::Expert)
}

/// Whether games of `mode` teach the computer the human's fleet: every level's, since
/// the player may meet the expert later. A bot program is someone else's code: it is
/// told nothing.
fn teaches(mode: &Mode) -> bool {
    matches!(mode, Mode::Computer(_))
}

/// Gives a new game against the expert, made for the player `hash`, what was learned
/// of them, before the computer's first shot. A failure is logged and the game goes on
/// with the plain expert.
pub async fn teach(hub: &SharedHub, room: &mut Room, learner: Option<Learner>) {
    let Some(learner) = learner.filter(|_| teaches(room.mode())) else {
        return;
    };
    room.set_learner(learner.clone());
    if !learns(room.mode()) {
        return;
    }
    let rules = room.rules().clone();
    let who = learner.short();
    let prior = match hub.db(move |db| prior_for(db, &learner, &rules)).await {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(player = %who, error = %e, "what was learned could not be read; the plain expert plays");
            None
        }
    };
    if let Some(shooter) = room.bot_mut().and_then(|b| b.shooter.as_mut()) {
        shooter.set_opponent(prior);
    }
}

/// Learns the human's fleet of a game that has ended. Call it only then. A failure
/// is logged: the game's result does not depend on it.
pub async fn remember(hub: &SharedHub, room: &mut Room) {
    // `&mut`: a room is not `Sync`, so only a unique borrow may wait across threads.
    let Some((learner, rules, fleet)) = lesson(room) else {
        return;
    };
    let who = learner.short();
    if let Err(e) = hub
        .db(move |db| db.remember(&learner, &rules, &fleet))
        .await
    {
        tracing::warn!(player = %who, error = %e, "the fleet could not be learned");
    }
}

/// What a game teaches: (the learner, rules text, the human's fleet), and only once
/// the game is over.
fn lesson(room: &Room) -> Option<(Learner, String, String)> {
    if room.game().phase() != seabattle_core::Phase::Over {
        return None;
    }
    Some((
        room.learner()?.clone(),
        room.rules().to_string(),
        room.seat(seabattle_core::Player::One).fleet_text.clone()?,
    ))
}
