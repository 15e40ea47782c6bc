//! The turn clock: a move's time running out passes the turn; two in a row lose the game.

use crate::hub::SharedHub;
use crate::play::{after_move, store_resign};
use crate::protocol::ServerMsg;
use crate::room::{Room, RoomCell};
use crate::store::{MoveKind, StoredMove};
use seabattle_core::Player;
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

/// The clock ran out: a strike, and the turn passes to the opponent (or, for a player
/// who owed a reveal or a move of their hit ship, the server makes it for them); the second strike in a row loses
/// the game instead. The strike is stored before anything changes, so a restart replays
/// it the same way (see `Room::from_stored`).
async fn timeout(hub: &SharedHub, cell: &Arc<RoomCell>, room: &mut Room, p: Player) {
    let owed = if room.strikes[p.index()] == 0 {
        match crate::reveal::reveal_on_timeout(hub, room, p).await {
            Some(done) => Some(done),
            None => crate::relocate::relocate_on_timeout(hub, room, p).await,
        }
    } else {
        None
    };
    if let Some(done) = owed {
        if done.is_err() {
            return arm(hub, cell, room, p);
        }
        return Box::pin(after_move(hub, cell, room)).await;
    }
    let row = StoredMove {
        player: p,
        kind: MoveKind::Timeout,
        shots: String::new(),
    };
    let (id, seq) = (room.id.clone(), room.seq);
    if hub
        .db_for_client(move |db| db.append(&id, seq, &row))
        .await
        .is_err()
    {
        return arm(hub, cell, room, p);
    }
    room.seq += 1;
    room.strikes[p.index()] += 1;
    let strikes = room.strikes[p.index()];
    if strikes < 2 {
        // The clock only runs out for the player to act, during the battle; one who
        // owed a reveal or a move was handled above.
        let _ = room.game.pass(p);
    } else {
        room.timed_out = true;
        if store_resign(hub, room, p).await.is_err() {
            room.timed_out = false;
            return arm(hub, cell, room, p);
        }
    }
    room.broadcast(&ServerMsg::Timeout {
        game: room.id.clone(),
        player: p,
        strikes,
        next: room.game.to_move(),
        shots_due: room.shots_due(),
    });
    Box::pin(after_move(hub, cell, room)).await;
}
