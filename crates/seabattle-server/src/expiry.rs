//! Abandoned games leave memory: a game still in placement `placement_expiry` after it
//! came into memory, or a battle whose players have both been away for `away_expiry`
//! (the computer counts as away), is closed. Its moves stay stored and its result is
//! marked `abandoned`; a player who comes back is told so (`abandoned`).

use crate::hub::{ABANDONED, SharedHub};
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use crate::room::Room;
use seabattle_core::{Phase, Player};
use std::sync::Arc;
use std::time::Duration;

/// Starts the sweep, every quarter of the shorter expiry (between 20 ms and 30 s),
/// until the server closes.
pub fn start(hub: SharedHub) {
    let limits = &hub.config.limits;
    let every = (limits.placement_expiry.min(limits.away_expiry) / 4)
        .clamp(Duration::from_millis(20), Duration::from_secs(30));
    tokio::spawn(async move {
        let mut closing = hub.closing.clone();
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = closing.wait_for(|c| *c) => return,
            }
            sweep(&hub).await;
        }
    });
}

/// Closes every expired game in memory, each in its own task.
async fn sweep(hub: &SharedHub) {
    for h in hub.all_rooms() {
        let hub = Arc::clone(hub);
        // A game that left memory meanwhile needs no closing.
        let _ = h
            .with(move |room| {
                Box::pin(async move {
                    if expired(&hub, room) {
                        close(&hub, room).await;
                    }
                })
            })
            .await;
    }
}

fn expired(hub: &SharedHub, room: &Room) -> bool {
    let limits = &hub.config.limits;
    match room.game().phase() {
        Phase::Placement => room.since.elapsed() >= limits.placement_expiry,
        Phase::Battle => Player::BOTH.iter().all(|&p| {
            let seat = &room.seats[p.index()];
            room.is_bot(p)
                || (seat.conn.is_none()
                    && seat
                        .away_since
                        .is_none_or(|t| t.elapsed() >= limits.away_expiry))
        }),
        Phase::Over => false,
    }
}

/// Marks the game abandoned in storage, tells whoever is still there, and lets it go.
async fn close(hub: &SharedHub, room: &mut Room) {
    let id = room.id.clone();
    let key = id.clone();
    if let Err(e) = hub.db(move |db| db.finish(&key, ABANDONED)).await {
        // Kept in memory: the next sweep tries again.
        tracing::warn!(game = %id, error = %e, "closing an abandoned game failed; tried again next sweep");
        return;
    }
    room.clock_deadline = None;
    room.bot = None;
    let notice = ServerMsg::from(ClientError::new(
        ErrorCode::Abandoned,
        format!("game {id} was closed unfinished: nobody played it for too long"),
    ));
    for conn in room.take_connections() {
        conn.send(notice.to_text());
    }
    if let Some(ip) = room.creator {
        hub.addresses.closed(ip, &id);
    }
    hub.metrics
        .abandoned
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(game = %id, "closed as abandoned");
    hub.evict(&id);
}
