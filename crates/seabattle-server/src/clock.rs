//! The turn clock: a move's time running out passes the turn; two in a row lose the game.

use crate::commit::commit;
use crate::hub::SharedHub;
use crate::play::after_move;
use crate::protocol::ServerMsg;
use crate::room::{Room, RoomCell};
use rand::rngs::StdRng;
use seabattle_bots::choose_reveal;
use seabattle_core::Player;
use seabattle_table::{Ask, Command, Instead};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Starts `p`'s clock for the move due, forgetting any clock running.
pub fn arm(hub: &SharedHub, cell: &Arc<RoomCell>, room: &mut Room, p: Player) {
    room.clock_gen += 1;
    room.clock_deadline = None;
    let Some(secs) = room.clock else { return };
    room.clock_deadline = Some(Instant::now() + Duration::from_secs(u64::from(secs)));
    let gen_now = room.clock_gen;
    room.broadcast(&ServerMsg::Clock {
        game: room.id.clone(),
        player: p,
        seconds: secs,
    });
    let (hub, cell) = (Arc::clone(hub), Arc::clone(cell));
    tokio::spawn(async move {
        // A server shutting down stops its clocks: the next one starts them afresh.
        let mut closing = hub.closing.clone();
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(u64::from(secs))) => {}
            _ = closing.wait_for(|c| *c) => return,
        }
        let mut room = cell.lock().await;
        if room.clock_gen == gen_now && room.actor() == Some(p) {
            timeout(&hub, &cell, &mut room, p).await;
        }
    });
}

/// The clock ran out: a strike, and the turn passes to the opponent; the second strike
/// in a row loses the game. A player who owed a reveal or a move of their hit ship has
/// it made for them on a first strike: the cell that tells least (see
/// [`choose_reveal`]), or a legal place drawn uniformly, so holding the game up cannot
/// pay. The referee settles the rest; the timeout is stored before anyone is told, so a
/// restart replays it the same way.
async fn timeout(hub: &SharedHub, cell: &Arc<RoomCell>, room: &mut Room, p: Player) {
    let instead = match room.table.stand_in(p) {
        Some(Ask::Reveal { kind, .. }) => {
            let mut rng: StdRng = rand::make_rng();
            choose_reveal(room.game(), p, kind, &mut rng).map(Instead::Reveal)
        }
        Some(Ask::Relocate { .. }) => {
            match crate::relocate::random_place(hub, room.game().clone(), p).await {
                Ok(Some(ship)) => Some(Instead::Relocate(ship)),
                _ => return arm(hub, cell, room, p),
            }
        }
        _ => None,
    };
    if commit(hub, room, p, Command::Timeout { instead })
        .await
        .is_err()
    {
        return arm(hub, cell, room, p);
    }
    Box::pin(after_move(hub, cell, room)).await;
}
