//! The game's side of learning: a new game against the expert asks the bus for what
//! was learned of its player before the computer's first shot. What a finished game
//! teaches is heard from its end ([`crate::bus::Ended::lesson`]).

use super::room::{Mode, Room};
use crate::bus::{GameEvent, Heard};
use crate::ids::Learner;
use crate::node::SharedNode;
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

/// Gives a new game against the expert, made for the player `learner`, what was
/// learned of them, before the computer's first shot. With nothing heard the game
/// goes on with the plain expert.
pub async fn teach(node: &SharedNode, room: &mut Room, learner: Option<Learner>) {
    let Some(learner) = learner.filter(|_| teaches(room.mode())) else {
        return;
    };
    room.set_learner(learner.clone());
    if !learns(room.mode()) {
        return;
    }
    let opening = GameEvent::Opening {
        game: room.id().clone(),
        mode: room.mode().clone(),
        rules: room.rules().clone(),
        learner,
    };
    let prior = node
        .bus
        .publish(opening)
        .await
        .into_iter()
        .find_map(|h| match h {
            Heard::Prior(p) => Some(p),
            _ => None,
        });
    if let Some(shooter) = room.bot_mut().and_then(|b| b.shooter.as_mut()) {
        shooter.set_opponent(prior);
    }
}
