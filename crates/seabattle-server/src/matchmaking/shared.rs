//! The queue a cluster's nodes share, in the database: pair with whoever waits longest
//! under these rules on any node, or wait there. Pairing is tried again after the row is
//! in, so two players queueing at once on two nodes cannot both wait. A rated seeker
//! waits in its preset's rated lane, paired by rating, and looks again every
//! [`RETRY`](super::seeker::RETRY) as its window widens.

use super::seeker::{CASUAL_AFTER, Seeker, Ticket};
use crate::cluster::{Look, Pairing};
use crate::error::{Failure, StoreError};
use crate::game::play::to_stored;
use crate::game::room::{Mode, Room, RoomSetup, SeatSetup};
use crate::game::task::seat_new;
use crate::guard::address::Reservation;
use crate::hub::SharedHub;
use crate::ids::{GameId, new_token, token_hash};
use seabattle_core::Player;
use std::sync::Arc;
use std::time::Instant;

/// `queue` on a node of a cluster: `me` is paired at once on any node, or waits in the
/// shared queue.
pub async fn queue(
    hub: &SharedHub,
    mut me: Seeker,
    reservation: Reservation,
) -> Result<(), Failure> {
    // The row's waiter id is the seeker's place in the lobby, so a page on any node
    // can join it by name.
    me.ticket = Some(Ticket {
        waiter: me.public.clone(),
        token: new_token(),
    });
    let mut reservation = Some(reservation);
    for queued_now in [false, true] {
        match pair(hub, &me, queued_now).await? {
            Shared::Seated(id) => {
                if let Some(r) = reservation.take() {
                    r.opened(&id);
                }
                return Ok(());
            }
            // Paired by another node a moment ago: its notice brings the game.
            Shared::Taken => return Ok(()),
            Shared::Nobody if queued_now => break,
            Shared::Nobody => {
                // Known here before its row is in: a node that pairs with the row at
                // once sends its notice as it commits, and the notice finds the seeker
                // by its waiter id (it was lost when the seeker came second, and the
                // player waited for ever: the queue test on two nodes, under load).
                hub.seekers.lock().push(me.clone());
                let entry = me.clone();
                let enqueued = hub
                    .db(move |db| {
                        let c = db.cluster().ok_or(StoreError::Unsupported {
                            what: "the shared queue",
                        })?;
                        let t = entry.ticket.as_ref().ok_or(StoreError::Unsupported {
                            what: "a seeker without a ticket",
                        })?;
                        let hash = token_hash(&t.token);
                        let account = entry.conn.account().map(|a| a.id);
                        match &entry.rated {
                            Some(r) => c.enqueue_rated(&t.waiter, &hash, r),
                            None => c.enqueue(&entry.rules.to_string(), &t.waiter, &hash, account),
                        }
                    })
                    .await;
                if let Err(e) = enqueued {
                    hub.seekers.take_conn(me.conn.id);
                    return Err(e.into());
                }
                // Told once its row is in, so `queued` means a second player finds it;
                // unless a node paired it meanwhile (then `joined` was sent instead).
                hub.seekers.tell_queued(&me);
            }
        }
    }
    tokio::spawn(wait(Arc::clone(hub), me));
    Ok(())
}

/// What one try at the shared queue did.
enum Shared {
    /// Paired: the game (this id) is made here and the seeker seated in seat 2.
    Seated(GameId),
    /// Paired by another node.
    Taken,
    /// Nobody to pair with.
    Nobody,
}

/// `join` of a seeker the lobby lists, on any node: its row (`waiter`) is taken, the
/// game made here with `me` in seat 2, and the seeker's node told, as the queue's own
/// pairing does. `rated`: whether the seeker plays rated.
pub async fn join(
    hub: &SharedHub,
    mut me: Seeker,
    waiter: &str,
    rated: bool,
    reservation: Reservation,
) -> Result<(), Failure> {
    me.ticket = Some(Ticket {
        waiter: new_token(),
        token: new_token(),
    });
    let target = Target {
        waiter: waiter.to_string(),
        rated,
    };
    match pair_with(hub, &me, false, Some(target)).await? {
        Shared::Seated(id) => {
            reservation.opened(&id);
            Ok(())
        }
        Shared::Taken | Shared::Nobody => Err(Failure::refused(
            crate::protocol::ErrorCode::NotFound,
            "that player no longer waits: they were paired or left",
        )),
    }
}

/// A seeker the lobby's `join` names: its row, and whether it plays rated.
struct Target {
    waiter: String,
    rated: bool,
}

/// One try at the shared queue for `me`, already waiting there (`queued_now`) or not.
async fn pair(hub: &SharedHub, me: &Seeker, queued_now: bool) -> Result<Shared, Failure> {
    pair_with(hub, me, queued_now, None).await
}

/// One try at the shared queue for `me`: with whoever fits, or with `target` alone.
async fn pair_with(
    hub: &SharedHub,
    me: &Seeker,
    queued_now: bool,
    target: Option<Target>,
) -> Result<Shared, Failure> {
    let Some(ticket) = me.ticket.clone() else {
        return Ok(Shared::Nobody);
    };
    let mut setup = RoomSetup::new(me.rules.clone(), Mode::Random);
    setup.creator = Some(me.conn.ip);
    // The same token for seat 2 of a game made now and for the queue's row.
    setup.seats[Player::Two] = SeatSetup {
        token_hash: Some(token_hash(&ticket.token)),
        account: me.conn.account().map(|a| a.id),
        name: None,
        away: false,
        move_limit: None,
    };
    let id = setup.id.clone();
    let mut stored = to_stored(&Room::new(setup, &hub.config.bots));
    let (rated, waited) = (me.rated.clone(), me.since.elapsed());
    let per_pair = hub.config.limits.rated_per_pair;
    let waiter = ticket.waiter.clone();
    let preset = me.rules.as_preset();
    let (pairing, mixed, stored) = hub
        .db(move |db| {
            let c = db.cluster().ok_or(StoreError::Unsupported {
                what: "the shared queue",
            })?;
            if let Some(t) = &target {
                // The seeker named, rated if both play rated (`rated` is only set for
                // an account under a preset, joining a rated seeker).
                let look = Look::Named(&t.waiter, rated.as_ref());
                let pairing = c.pair(&mut stored, &waiter, false, &look, per_pair)?;
                let mixed = t.rated != rated.is_some();
                return Ok((pairing, mixed, stored));
            }
            // Its own lane first; then, casual, the other kind of seeker who waited
            // long enough to meet anyone (see `Seeker::meets`).
            let (first, then) = match (&rated, preset) {
                (Some(r), _) => (
                    Look::Rated(r, waited),
                    (waited >= CASUAL_AFTER).then_some(Look::PlainFromRated),
                ),
                (None, Some(p)) => (Look::Plain, Some(Look::RatedPatient(p))),
                (None, None) => (Look::Plain, None),
            };
            let mut pairing = c.pair(&mut stored, &waiter, queued_now, &first, per_pair)?;
            let mut mixed = false;
            if let (Pairing::Nobody, Some(then)) = (&pairing, then) {
                pairing = c.pair(&mut stored, &waiter, queued_now, &then, per_pair)?;
                mixed = true;
            }
            Ok((pairing, mixed, stored))
        })
        .await?;
    match pairing {
        Pairing::With(waiter) => {
            if queued_now {
                hub.seekers.take_conn(me.conn.id);
            }
            tracing::info!(game = %id, %waiter, "paired from the shared queue");
            // The room as stored: seat 1 is the waiter's, who is on another node (or
            // this one): it hears through the database and comes here by the game's
            // address.
            let mut setup = RoomSetup::new(me.rules.clone(), Mode::Random);
            setup.id = id.clone();
            setup.creator = Some(me.conn.ip);
            setup.rated = stored.rated;
            if mixed {
                setup.casual = Some(crate::protocol::Casual::Mixed);
            } else if me.rated.is_some() && !stored.rated {
                setup.casual = Some(crate::protocol::Casual::PairLimit);
            }
            // An account plays a stranger under its own name, as on a lone server.
            let accounts = stored.accounts;
            let names = hub
                .db(move |db| {
                    let name = |a: Option<crate::ids::AccountId>| {
                        a.map(|a| db.shown_account(a, None))
                            .transpose()
                            .map(|s| s.flatten().map(|s| s.name))
                    };
                    Ok([name(accounts[0])?, name(accounts[1])?])
                })
                .await
                .unwrap_or_default();
            for p in Player::BOTH {
                setup.seats[p] = SeatSetup {
                    token_hash: stored.tokens[p.index()].clone(),
                    account: stored.accounts[p.index()],
                    name: names[p.index()].clone(),
                    away: p == Player::One,
                    move_limit: None,
                };
            }
            let room = Room::new(setup, &hub.config.bots);
            hub.metrics
                .games_created
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            seat_new(
                &hub.node,
                room,
                vec![(me.conn.clone(), Player::Two, Some(ticket.token))],
            )
            .await?;
            Ok(Shared::Seated(id))
        }
        Pairing::Taken => Ok(Shared::Taken),
        Pairing::Nobody => Ok(Shared::Nobody),
    }
}

/// While `me` waits in the shared queue: a rated seeker looks again every [`RETRY`](super::seeker::RETRY),
/// with the window its wait has earned, until it is paired (here or by another node's
/// notice) or leaves; every seeker is offered the computer once the queue wait passed.
async fn wait(hub: SharedHub, me: Seeker) {
    let mut offered = false;
    loop {
        tokio::time::sleep(me.nap(hub.config.queue_wait, offered)).await;
        if !hub.seekers.waits(me.conn.id) || me.conn.is_closed() {
            return;
        }
        if me.rated.is_some() {
            match pair(&hub, &me, true).await {
                Ok(Shared::Nobody) => {}
                Ok(_) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "the rated queue could not look again; it will")
                }
            }
        }
        let now = Instant::now();
        if !offered && now.duration_since(me.since) >= hub.config.queue_wait {
            offered = true;
            let offered = super::offer::for_seeker(&hub, &me).await;
            me.offer_computer(now, offered);
        }
    }
}
