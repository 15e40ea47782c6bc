//! This server as one node of many on a shared PostgreSQL (see `docs/deploy.md`): the
//! lease it renews, taking a game before loading it, handing a game over when another
//! node is asked for it, letting every game go when it stops, and the notes other nodes
//! send. With SQLite none of this runs.

mod answers;
mod claims;
mod lease;
mod node;
mod notice;
mod presence;
mod queue;

pub use answers::{Claim, Notice, Pairing};
pub use claims::Claims;
pub use lease::{HEARTBEAT, LEASE, MAX_DRIFT};
pub use node::Cluster;
pub use queue::Look;

use crate::error::Failure;
use crate::game::msg::GameMsg;
use crate::hub::SharedHub;
use crate::ids::GameId;
use crate::matchmaking::seeker::{Seeker, Ticket};
use crate::protocol::{ErrorCode, Role, ServerMsg};
use seabattle_core::Player;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The close code of a socket whose game left this node: the client reconnects to the
/// game's address and resumes.
pub const MOVED: u16 = 4001;

/// How long a request waits for a game to become this node's: a dead owner's lease
/// runs out within five seconds, a live owner hands over at once.
const CLAIM_WAIT: Duration = Duration::from_secs(8);

/// How often a request waiting for a game tries again, and asks the owner again.
const CLAIM_RETRY: Duration = Duration::from_millis(50);
const ASK_AGAIN: Duration = Duration::from_secs(1);

/// How often the games in memory are checked against the lease.
const LEASE_CHECK: Duration = Duration::from_millis(250);

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
                Notice::Handover(id) => hand_over(&h, &id).await,
                Notice::Paired { waiter, game } => paired(&h, &waiter, &game),
                Notice::SignedOut(account) => {
                    h.sockets.sign_out(account);
                }
                // Read from storage in a task of its own: the notices behind it (a
                // handover asked for) do not wait on it.
                Notice::Challenge(id) => {
                    let h = Arc::clone(&h);
                    tokio::spawn(async move { crate::challenges::changed(&h, &id).await });
                }
                Notice::ArenaPaired {
                    game,
                    account,
                    seat,
                } => {
                    let h = Arc::clone(&h);
                    tokio::spawn(async move {
                        crate::tournaments::pair::announce(&h, &game, account, seat).await;
                    });
                }
            }
        }
    });
    watch_lease(hub);
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

/// Makes game `id` this node's before it is loaded: `Ok(false)` if there is no such
/// game. A live owner is asked to hand it over; a dead one's lease must run out.
pub async fn claim(hub: &SharedHub, id: &GameId) -> Result<bool, Failure> {
    if hub.store.cluster().is_none() {
        return Ok(true);
    }
    let started = Instant::now();
    let mut asked: Option<Instant> = None;
    loop {
        let key = id.clone();
        let claim = hub
            .db(move |s| match s.cluster() {
                Some(c) => c.acquire(&key),
                None => Ok(Claim::Owned { took_over: false }),
            })
            .await?;
        match claim {
            Claim::Missing => return Ok(false),
            Claim::Owned { took_over } => {
                if took_over {
                    hub.metrics.takeovers.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(game = %id, waited_ms = started.elapsed().as_millis() as u64, "took the game over from a node that is gone");
                }
                return Ok(true);
            }
            Claim::Lapsed => {
                // This node's own lease lapsed: the heartbeat renews it within a second.
                if started.elapsed() > CLAIM_WAIT {
                    return Err(Failure::refused(
                        ErrorCode::Moved,
                        format!("this node cannot take game {id} now; try again"),
                    ));
                }
                tokio::time::sleep(CLAIM_RETRY).await;
            }
            Claim::Held { owner } => {
                if started.elapsed() > CLAIM_WAIT {
                    return Err(Failure::refused(
                        ErrorCode::Moved,
                        format!("game {id} is still held by another node; try again"),
                    ));
                }
                if asked.is_none_or(|t| t.elapsed() > ASK_AGAIN) {
                    asked = Some(Instant::now());
                    tracing::debug!(game = %id, %owner, "asking the owner to hand the game over");
                    let key = id.clone();
                    hub.db(move |s| s.cluster().map_or(Ok(()), |c| c.ask_handover(&key)))
                        .await?;
                }
                tokio::time::sleep(CLAIM_RETRY).await;
            }
        }
    }
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

/// Another node was asked for game `id`: if it is here, it is released and let go at
/// once. A release that fails leaves the game here, served, and the asking node asks
/// again. A game this node is named the owner of but does not have in memory (a
/// release that failed earlier, a lapse) is given up in the database.
async fn hand_over(hub: &SharedHub, id: &GameId) {
    let Some(h) = hub.live(id) else {
        let key = id.clone();
        if let Err(e) = hub
            .db(move |s| s.cluster().map_or(Ok(()), |c| c.disown(&key)))
            .await
        {
            tracing::warn!(game = %id, error = %e, "giving up a game not in memory failed; tried again when asked again");
        }
        return;
    };
    let _ = h.ask(|reply| GameMsg::HandOver { reply }).await;
}

/// Whether this node may not serve game `id` from memory: it is in a cluster and no
/// longer holds the game (a write was fenced, or its lease lapsed).
pub fn stale(hub: &SharedHub, id: &GameId) -> bool {
    hub.store.cluster().is_some_and(|c| !c.holds(id))
}

/// Lets game `h` go if this node no longer holds it, before anything is served from
/// it: its task lets it go before it runs any job. Returns when it has left memory.
pub async fn drop_if_stale(hub: &SharedHub, h: &crate::game::handle::GameHandle) -> bool {
    if !stale(hub, h.id()) {
        return false;
    }
    // The task checks before handling any message.
    let _ = h.ask(|reply| GameMsg::Wake { reply }).await;
    true
}

/// Every few hundred milliseconds, lets go the games in memory this node no longer
/// holds, so a spectator on a game that nothing else wakes is sent on too.
fn watch_lease(hub: &SharedHub) {
    let h = Arc::clone(hub);
    tokio::spawn(async move {
        let mut closing = h.closing.clone();
        let mut tick = tokio::time::interval(LEASE_CHECK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = closing.wait_for(|c| *c) => return,
            }
            for g in h.all_rooms() {
                drop_if_stale(&h, &g).await;
            }
        }
    });
}

/// Lets every game here go, for a node that stops: their players reconnect and reach
/// other nodes, which take the games at once. Then the node leaves the cluster.
pub async fn drain(hub: &SharedHub) {
    if hub.store.cluster().is_none() {
        return;
    }
    for h in hub.all_rooms() {
        let _ = h.ask(|reply| GameMsg::LetGo { reply }).await;
    }
    if let Err(e) = hub.db(|s| s.cluster().map_or(Ok(()), |c| c.retire())).await {
        tracing::warn!(error = %e, "leaving the cluster failed; the lease runs out instead");
    }
}
