//! The game's side of a cluster (see [`crate::cluster`]): handing the game over to
//! another node, and letting it go.

use super::room::Room;
use crate::cluster::{MOVED, stale};
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use std::sync::atomic::Ordering;

/// Another node was asked for the game: it is released and let go. A release that
/// fails leaves the game here, served, and the asking node asks again.
pub async fn hand_over(node: &SharedNode, room: &mut Room) {
    let key = room.id().clone();
    let released = node
        .db(move |s| match s.cluster() {
            Some(c) => match c.fence_of(&key) {
                Some(fence) => c.release(&key, fence),
                None => Ok(()),
            },
            None => Ok(()),
        })
        .await;
    if let Err(e) = released {
        tracing::warn!(game = %room.id(), error = %e, "handing the game over failed: still served here until a release lands");
        return;
    }
    let_go(node, room);
    node.metrics.handovers.fetch_add(1, Ordering::Relaxed);
    tracing::info!(game = %room.id(), "handed the game over to another node");
}

/// The game leaves this node's memory (the database no longer names this node its
/// owner, or its lease lapsed), and everyone connected to it here is told why
/// (`moved`) and then closed with [`MOVED`], so they reconnect and reach its node.
pub fn let_go(node: &SharedNode, room: &mut Room) {
    room.set_life(super::room::Life::Gone);
    room.clock_mut().stop();
    node.drop_room(room.id());
    let why = ServerMsg::from(ClientError::new(
        ErrorCode::Moved,
        format!(
            "game {} is served by another node now; reconnect and resume",
            room.id()
        ),
    ))
    .to_text();
    for conn in room.take_connections() {
        conn.send(why.clone());
        conn.close(MOVED, "moved");
    }
}

/// Whether a write found that another node owns the game now, or this node's lease
/// lapsed: the game must not be served from memory.
pub fn lost(node: &SharedNode, room: &Room) -> bool {
    stale(node, room.id())
}
