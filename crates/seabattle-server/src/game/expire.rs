//! The game's side of expiry (see [`crate::expiry`]): whether nobody played it for too
//! long, and closing it as abandoned.

use super::room::Room;
use crate::node::{ABANDONED, SharedNode};
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use seabattle_core::{Phase, Player};

/// Whether the game expired: still in placement `placement_expiry` after it came into
/// memory, or a battle both players have been away from for `away_expiry`.
pub fn expired(node: &SharedNode, room: &Room) -> bool {
    let limits = &node.config.limits;
    match room.game().phase() {
        Phase::Placement => room.since().elapsed() >= limits.placement_expiry,
        Phase::Battle => Player::BOTH.iter().all(|&p| {
            let seat = &room.seat(p);
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
pub async fn close(node: &SharedNode, room: &mut Room) {
    let why = format!(
        "game {} was closed unfinished: nobody played it for too long",
        room.id()
    );
    close_saying(node, room, why).await;
}

/// [`close`], telling whoever is still there `why`.
pub async fn close_saying(node: &SharedNode, room: &mut Room, why: String) {
    close_telling(
        node,
        room,
        ServerMsg::from(ClientError::new(ErrorCode::Abandoned, why)),
    )
    .await;
}

/// [`close`], sending whoever is still there `notice`.
pub async fn close_telling(node: &SharedNode, room: &mut Room, notice: ServerMsg) {
    let id = room.id().clone();
    let key = id.clone();
    if let Err(e) = node.db(move |db| db.finish(&key, ABANDONED)).await {
        // Kept in memory: the next sweep tries again.
        tracing::warn!(game = %id, error = %e, "closing an abandoned game failed; tried again next sweep");
        return;
    }
    room.clock_mut().stop();
    room.take_bot();
    for conn in room.take_connections() {
        conn.send(notice.to_text());
    }
    if let Some(ip) = room.creator() {
        node.addresses.closed(ip, &id);
    }
    node.metrics
        .abandoned
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(game = %id, "closed as abandoned");
    node.evict(&id);
}
