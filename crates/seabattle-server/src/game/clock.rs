//! The turn clock: a move's time running out is a timeout command to the referee,
//! which passes the turn, or loses the game on the second in a row.

use crate::game::commit::{Change, commit};
use crate::game::room::Room;
use crate::node::SharedNode;
use crate::protocol::ServerMsg;
use rand::rngs::StdRng;
use seabattle_bots::choose_reveal;
use seabattle_core::Player;
use seabattle_table::{Ask, Command, Instead};
use std::time::{Duration, Instant};

/// The seconds `p` has for a move: the game's clock, or the seat's own limit if it is
/// shorter (a berserk arena player's half clock) or the game has none (a BOT's limit).
pub fn secs_for(room: &Room, p: Player) -> Option<u32> {
    match (room.clock().secs, room.seat(p).move_limit) {
        (Some(game), Some(own)) => Some(game.min(own)),
        (game, own) => game.or(own),
    }
}

/// Starts `p`'s clock for the move due, forgetting any clock running; the game's task
/// wakes at the deadline.
pub fn arm(room: &mut Room, p: Player) {
    room.clock_mut().stop();
    let Some(secs) = secs_for(room, p) else {
        return;
    };
    room.clock_mut().deadline = Some(Instant::now() + Duration::from_secs(u64::from(secs)));
    room.clock_mut().running_for = Some(p);
    room.broadcast(&ServerMsg::Clock {
        game: room.id().to_string(),
        player: p,
        seconds: secs,
    });
}

/// The clock ran out. A player who owed a reveal or a move of their hit ship has it made
/// for them on a first strike: the cell that tells least (see [`choose_reveal`]), or a
/// legal place drawn uniformly, so holding the game up cannot pay. The referee settles
/// the rest; the timeout is stored before anyone is told, so a restart replays it the
/// same way. If storing fails the clock starts again.
pub async fn run_out(node: &SharedNode, room: &mut Room) {
    room.clock_mut().stop();
    let Some(p) = room
        .clock_mut()
        .running_for
        .take()
        .filter(|&p| room.actor() == Some(p))
    else {
        return;
    };
    let instead = match room.table().stand_in(p) {
        Some(Ask::Reveal { kind, .. }) => {
            let mut rng: StdRng = rand::make_rng();
            choose_reveal(room.game(), p, kind, &mut rng).map(Instead::Reveal)
        }
        Some(Ask::Relocate { .. }) => {
            match crate::game::relocate::random_place(node, room.game().clone(), p).await {
                Ok(Some(ship)) => Some(Instead::Relocate(ship)),
                _ => return arm(room, p),
            }
        }
        _ => None,
    };
    if commit(node, room, Change::Act(p, Command::Timeout { instead }))
        .await
        .is_err()
    {
        arm(room, p);
    }
}
