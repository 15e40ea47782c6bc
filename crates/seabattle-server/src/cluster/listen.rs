//! The node's listener for the other nodes' notices, and where each is sent: a game
//! handed over, a waiter paired, a sign-out everywhere, a challenge changed, an arena's
//! pairing. It names the features that hear of them, so the games' own use of the
//! cluster (claims, leases) does not.

use super::{CLAIM_RETRY, Notice, hand_over, watch_lease};
use crate::game::msg::GameMsg;
use crate::hub::SharedHub;
use crate::ids::GameId;
use crate::matchmaking::seeker::{Seeker, Ticket};
use crate::protocol::{Role, ServerMsg};
use seabattle_core::Player;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Starts the lease's heartbeat and the listener for other nodes' notes.
pub async fn start(hub: &SharedHub) -> Result<(), crate::error::StoreError> {
    if hub.store.cluster().is_none() {
        return Ok(());
    }
    let (tx, mut rx) = mpsc::unbounded_channel();
    hub.db(move |s| s.cluster().map_or(Ok(()), |c| c.listen(tx)))
        .await?;
    let h = Arc::clone(hub);
    tokio::spawn(async move {
        while let Some(notice) = rx.recv().await {
            match notice {
                Notice::Handover(id) => hand_over(&h.node, &id).await,
                Notice::Paired { waiter, game } => paired(&h, &waiter, &game),
                Notice::SignedOut(account) => {
                    h.sockets.sign_out(account);
                }
                Notice::Blocks(account) => {
                    let h = Arc::clone(&h);
                    tokio::spawn(async move {
                        for conn in h.sockets.of(account) {
                            crate::moderation::chat::load_ignored(&h, &conn).await;
                        }
                    });
                }
                // Read from storage in a task of its own: the notices behind it (a
                // handover asked for) do not wait on it.
                Notice::Challenge(id) => {
                    let h = Arc::clone(&h);
                    tokio::spawn(async move { crate::challenges::changed(&h, &id).await });
                }
                Notice::ArenaEnded(game) => {
                    tracing::debug!(game = %game, "an arena's game ended on some node");
                    h.arenas.wake();
                }
                Notice::ArenaPaired {
                    game,
                    account,
                    seat,
                } => {
                    let h = Arc::clone(&h);
                    tokio::spawn(async move {
                        crate::arenas::pair::announce(&h, &game, account, seat).await;
                    });
                }
            }
        }
    });
    watch_lease(&hub.node);
    let h = Arc::clone(hub);
    tokio::spawn(async move {
        let mut closing = h.closing.clone();
        loop {
            tokio::select! {
                () = tokio::time::sleep(crate::cluster::HEARTBEAT) => {}
                _ = closing.wait_for(|c| *c) => return,
            }
            if let Err(e) = h
                .db(|s| s.cluster().map_or(Ok(()), |c| c.heartbeat()))
                .await
            {
                tracing::warn!(error = %e, "renewing this node's lease failed");
            }
        }
    });
    Ok(())
}

/// A waiter of this node was paired into `game` by some node: it takes seat 1 there,
/// here at once if the game is here, else by reaching the game by its address.
fn paired(hub: &SharedHub, waiter: &str, game: &GameId) {
    // This node's seekers in the shared queue are known by their waiter id.
    let Some(Seeker {
        conn,
        ticket: Some(Ticket { token, .. }),
        ..
    }) = hub.seekers.take_waiter(waiter)
    else {
        return;
    };
    // Made on this node: the waiter is seated here, as on a lone server, once the game's
    // task is open (the notice may come first: it is sent as the pairing commits).
    if hub.store.cluster().is_some_and(|c| c.holds(game)) {
        let (hub, game) = (Arc::clone(hub), game.clone());
        tokio::spawn(async move {
            for _ in 0..SEAT_TRIES {
                if let Some(h) = hub.live(&game) {
                    let _ = h
                        .ask(|reply| GameMsg::Seat {
                            conn,
                            seat: Player::One,
                            token: Some(token),
                            reply,
                        })
                        .await;
                    return;
                }
                tokio::time::sleep(CLAIM_RETRY).await;
            }
            tell_joined(&conn, &game, token);
        });
        return;
    }
    tell_joined(&conn, game, token);
}

/// How many times a paired waiter looks for its game's task on this node before it is
/// sent to the game's address instead.
const SEAT_TRIES: usize = 40;

/// Tells a paired waiter its seat: the client reaches the game by its address.
fn tell_joined(conn: &crate::conn::Conn, game: &GameId, token: String) {
    conn.send(
        ServerMsg::Joined {
            game: game.to_string(),
            role: Role::Player,
            seat: Some(Player::One),
            token: Some(token),
            link: game.link(),
        }
        .to_text(),
    );
}
