//! Getting into a game: creating one, joining by code, resuming with a token, watching,
//! and the random-opponent queue.

use crate::conn::Conn;
use crate::error::Failure;
use crate::game::handle::GameHandle;
use crate::game::msg::{GameMsg, SeatKey};
use crate::game::play::{setup_computer, to_stored};
use crate::game::room::{Mode, Room};
use crate::game::seats::game_full;
use crate::game::task::seat_new;
use crate::hub::{Lookup, SharedHub, Waiting};
use crate::ids::{is_game_id, new_game_id, new_token, token_hash};
use crate::protocol::{ErrorCode, Opponent, ServerMsg};
use crate::store::{Pairing, RatedSeeker};
use seabattle_bots::Level;
use seabattle_core::Player;
use std::sync::Arc;
use std::time::Instant;

fn not_found(id: &str) -> Failure {
    Failure::refused(ErrorCode::NotFound, format!("no game {id:?}"))
}

/// The computer named `level`: a level, or a registered bot program.
fn computer_mode(hub: &SharedHub, level: &str) -> Result<Mode, Failure> {
    level.parse::<Level>().map(Mode::Computer).or_else(|mut e| {
        if hub.config.bots.contains_key(level) {
            return Ok(Mode::Program(level.to_string()));
        }
        e.known.extend(hub.config.bots.keys().cloned());
        Err(Failure::refused(ErrorCode::BadLevel, e.to_string()))
    })
}

/// Who creates a game: the name others see, the language they play in, and the hash of
/// their player key (see [`crate::learning`]).
pub struct Creator {
    /// The name the other players see.
    pub name: Option<String>,
    /// The language the creator plays in (the game link's preview speaks it).
    pub lang: Option<seabattle_core::Lang>,
    /// SHA-256 of the player's key, for games against the computer to learn from.
    pub learner: Option<String>,
}

/// `new_game`: creates the game, takes seat 1. The attempt counts against the
/// address's limits before any work is done; the rules are vetted in the pool.
pub async fn new_game(
    hub: &SharedHub,
    conn: &Conn,
    opponent: Opponent,
    level: Option<&str>,
    rules: Option<&str>,
    clock: Option<u32>,
    Creator {
        name,
        lang,
        learner,
    }: Creator,
) -> Result<(), Failure> {
    let max = hub.config.limits.max_clock_secs;
    let clock = match clock {
        None | Some(0) => None,
        Some(s) if s <= max => Some(s),
        Some(s) => {
            return Err(Failure::refused(
                ErrorCode::BadClock,
                format!("clock {s} s is over the limit of {max} s"),
            ));
        }
    };
    let mode = match opponent {
        Opponent::Friend => Mode::Friend,
        Opponent::Computer => computer_mode(hub, level.unwrap_or("medium"))?,
        // The device goes from hand to hand between moves: no clock could be fair.
        Opponent::Hotseat if clock.is_some() => {
            return Err(Failure::refused(
                ErrorCode::BadClock,
                "a hot-seat game has no clock: leave clock out or send 0",
            ));
        }
        Opponent::Hotseat => Mode::Hotseat,
    };
    let reservation = hub.addresses.may_create(conn.ip)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, rules)
        .await?;
    let mut room = Room::new(new_game_id(), rules, mode, clock, &hub.config.bots);
    room.set_creator(conn.ip);
    room.set_name(Player::One, name);
    room.set_host_lang(lang);
    room.set_account(Player::One, conn.account().map(|a| a.id));
    let token = new_token();
    room.set_token_hash(Player::One, Some(token_hash(&token)));
    if *room.mode() == Mode::Hotseat {
        // One device holds both seats: the one token resumes the game, in seat 1.
        room.set_token_hash(Player::Two, Some(token_hash(&token)));
    }
    setup_computer(hub, &mut room, learner).await?;
    let stored = to_stored(&room);
    hub.db(move |db| db.create(&stored)).await?;
    leave(hub, conn).await;
    reservation.opened(room.id());
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    seat_new(hub, room, vec![(conn.clone(), Player::One, Some(token))]).await
}

async fn find(hub: &SharedHub, id: &str) -> Result<GameHandle, Failure> {
    if !is_game_id(id) {
        return Err(not_found(id));
    }
    match crate::game::task::find(hub, id).await? {
        Lookup::Live(h) => Ok(h),
        Lookup::Missing => Err(not_found(id)),
        Lookup::Abandoned => Err(Failure::refused(
            ErrorCode::Abandoned,
            format!("game {id} was closed unfinished: nobody played it for too long"),
        )),
    }
}

/// Leaves the connection's game for `h`'s, unless it is already in that seat (or
/// watching it, for `None`). Called once the move is known to be allowed, so a refusal
/// never unseats anyone.
async fn switch(hub: &SharedHub, conn: &Conn, h: &GameHandle, seat: Option<Player>) {
    let same = conn
        .binding()
        .is_some_and(|b| b.game == h.id() && b.seat == seat);
    if !same {
        leave(hub, conn).await;
    }
}

/// `join`: the free seat of a friend's game.
pub async fn join(
    hub: &SharedHub,
    conn: &Conn,
    id: &str,
    name: Option<String>,
) -> Result<(), Failure> {
    let h = find(hub, id).await?;
    if !h.ask(|reply| GameMsg::CanJoin { reply }).await? {
        return Err(game_full());
    }
    switch(hub, conn, &h, Some(Player::Two)).await;
    let conn = conn.clone();
    h.ask_or(|reply| GameMsg::Join { conn, name, reply }).await
}

/// `resume`: back in the seat the token belongs to, or without a token, the seat the
/// connection's account holds. A wrong token changes nothing: the connection stays
/// where it was.
pub async fn resume(
    hub: &SharedHub,
    conn: &Conn,
    id: &str,
    token: Option<&str>,
) -> Result<(), Failure> {
    let key = match (token, conn.account()) {
        (Some(t), _) => SeatKey::Token(token_hash(t)),
        (None, Some(a)) => SeatKey::Account(a.id),
        (None, None) => {
            return Err(Failure::refused(
                ErrorCode::BadToken,
                "resume needs the seat's token, or a signed-in account that holds the seat",
            ));
        }
    };
    let h = find(hub, id).await?;
    let asked = key.clone();
    let p = h
        .ask_or(|reply| GameMsg::SeatOf { key: asked, reply })
        .await?;
    switch(hub, conn, &h, Some(p)).await;
    let conn = conn.clone();
    h.ask_or(|reply| GameMsg::Resume { conn, key, reply }).await
}

/// `watch`: answers only, live.
pub async fn watch(hub: &SharedHub, conn: &Conn, id: &str) -> Result<(), Failure> {
    let h = find(hub, id).await?;
    switch(hub, conn, &h, None).await;
    let conn = conn.clone();
    h.ask(|reply| GameMsg::Watch { conn, reply }).await
}

/// `queue`: pairs with a player waiting under the same rules, or waits.
pub async fn queue(hub: &SharedHub, conn: &Conn, rules: Option<&str>) -> Result<(), Failure> {
    // Joining the queue may create a game (if someone waits): it counts as an attempt,
    // so two connections cannot make games without end by queueing in turn.
    let reservation = hub.addresses.may_create(conn.ip)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, rules)
        .await?;
    leave(hub, conn).await;
    let key = rules.to_string();
    // A signed-in player under a preset plays rated.
    let rated = match (conn.account(), rules.as_preset()) {
        (Some(a), Some(p)) => Some((a.id, p.name())),
        _ => None,
    };
    if hub.store.cluster().is_some() {
        return queue_shared(hub, conn, rules, reservation, rated).await;
    }
    if let Some((account, preset)) = rated {
        let seeker = crate::rated_queue::Seeker {
            conn: conn.clone(),
            account,
            preset,
        };
        return crate::rated_queue::queue(hub, seeker, rules, reservation).await;
    }
    let partner = {
        let mut q = hub.queue.lock().unwrap_or_else(|p| p.into_inner());
        match q.remove(&key) {
            Some(w) if !w.conn.is_closed() && w.conn.id != conn.id => Some(w.conn),
            _ => {
                q.insert(
                    key.clone(),
                    Waiting {
                        conn: conn.clone(),
                        since: Instant::now(),
                        ticket: None,
                    },
                );
                None
            }
        }
    };
    let Some(partner) = partner else {
        queued(hub, conn, key.clone(), key, false);
        return Ok(());
    };
    crate::pairing::start_random(
        hub,
        rules,
        [partner, conn.clone()],
        false,
        Some(reservation),
    )
    .await
}

/// Tells `conn` it waits under `rules` (in the hub's queue under `slot`), and offers it
/// the computer if nobody comes.
pub(crate) fn queued(hub: &SharedHub, conn: &Conn, rules: String, slot: String, rated: bool) {
    conn.send(
        ServerMsg::Queued {
            rules: rules.clone(),
            rated,
        }
        .to_text(),
    );
    let (hub, conn, wait) = (Arc::clone(hub), conn.clone(), hub.config.queue_wait);
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let q = hub.queue.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(w) = q.get(&slot).filter(|w| w.conn.id == conn.id) {
            conn.send(
                ServerMsg::QueueOffer {
                    rules: rules.clone(),
                    waited_secs: w.since.elapsed().as_secs(),
                }
                .to_text(),
            );
        }
    });
}

/// The queue shared by a cluster's nodes, in the database: pair with whoever waits
/// longest under these rules on any node, or wait there. Pairing is tried again after
/// the row is in, so two players queueing at once on two nodes cannot both wait. A
/// signed-in player under a preset (`rated`: their account and the preset) waits in the
/// preset's rated lane instead, paired by rating, and looks again every
/// [`crate::rated_queue::RETRY`] as its window widens.
async fn queue_shared(
    hub: &SharedHub,
    conn: &Conn,
    rules: seabattle_core::Rules,
    reservation: crate::address::Reservation,
    rated: Option<(i64, &'static str)>,
) -> Result<(), Failure> {
    let seeker = match rated {
        Some((account, preset)) => {
            let rating = hub.db(move |db| db.rating(account, preset)).await?.rating;
            Some(RatedSeeker {
                lane: format!("rated {preset}"),
                account,
                rating,
                waited_secs: 0.0,
            })
        }
        None => None,
    };
    let key = rules.to_string();
    let me = new_token();
    let my_token = new_token();
    let mut reservation = Some(reservation);
    for queued_now in [false, true] {
        match pair_shared(
            hub,
            conn,
            &rules,
            (&me, &my_token),
            queued_now,
            seeker.as_ref(),
        )
        .await?
        {
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
                let (who, hash) = (me.clone(), token_hash(&my_token));
                let (rules_text, lane) = (key.clone(), seeker.clone());
                hub.db(move |db| match (db.cluster(), &lane) {
                    (Some(c), Some(s)) => c.enqueue_rated(&who, &hash, s),
                    (Some(c), None) => c.enqueue(&rules_text, &who, &hash),
                    (None, _) => Ok(()),
                })
                .await?;
                // Kept under the waiter id, which the pairing node's notice names.
                hub.queue.lock().unwrap_or_else(|p| p.into_inner()).insert(
                    me.clone(),
                    Waiting {
                        conn: conn.clone(),
                        since: Instant::now(),
                        ticket: Some((me.clone(), my_token.clone())),
                    },
                );
                queued(hub, conn, key.clone(), me.clone(), seeker.is_some());
            }
        }
    }
    if let Some(seeker) = seeker {
        tokio::spawn(look_again(
            Arc::clone(hub),
            conn.clone(),
            rules,
            me,
            my_token,
            seeker,
        ));
    }
    Ok(())
}

/// What one try at the shared queue did.
enum Shared {
    /// Paired: the game (this id) is made here and the connection seated in seat 2.
    Seated(String),
    /// Paired by another node.
    Taken,
    /// Nobody to pair with.
    Nobody,
}

/// One try at the shared queue for `conn`, waiting (`queued`) or not, under its waiter
/// id and seat token `ids`, in `seeker`'s rated lane if given.
async fn pair_shared(
    hub: &SharedHub,
    conn: &Conn,
    rules: &seabattle_core::Rules,
    (me, my_token): (&str, &str),
    queued_now: bool,
    seeker: Option<&RatedSeeker>,
) -> Result<Shared, Failure> {
    let mut room = Room::new(
        new_game_id(),
        rules.clone(),
        Mode::Random,
        None,
        &hub.config.bots,
    );
    room.set_creator(conn.ip);
    // The same token for seat 2 of a game made now and for the queue's row.
    room.set_token_hash(Player::Two, Some(token_hash(my_token)));
    if let Some(s) = seeker {
        room.set_rated();
        room.set_account(Player::Two, Some(s.account));
    }
    let mut stored = to_stored(&room);
    let (who, lane) = (me.to_string(), seeker.cloned());
    let (pairing, stored) = hub
        .db(move |db| {
            let c = db.cluster().ok_or_else(|| {
                crate::error::StoreError::Query("the queue is shared only in a cluster".into())
            })?;
            let pairing = match &lane {
                Some(s) => c.pair_rated(&mut stored, &who, queued_now, s)?,
                None => c.pair(&mut stored, &who, queued_now)?,
            };
            Ok((pairing, stored))
        })
        .await?;
    match pairing {
        Pairing::With(waiter) => {
            if queued_now {
                let mut q = hub.queue.lock().unwrap_or_else(|p| p.into_inner());
                q.retain(|_, w| w.conn.id != conn.id);
            }
            tracing::info!(game = %room.id(), %waiter, "paired from the shared queue");
            room.set_token_hash(Player::One, stored.tokens[0].clone());
            room.set_account(Player::One, stored.accounts[0]);
            // The waiter is on another node (or this one): it hears through the
            // database and comes here by the game's address.
            room.set_away(Player::One);
            let id = room.id().to_string();
            hub.metrics
                .games_created
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            seat_new(
                hub,
                room,
                vec![(conn.clone(), Player::Two, Some(my_token.to_string()))],
            )
            .await?;
            Ok(Shared::Seated(id))
        }
        Pairing::Taken => Ok(Shared::Taken),
        Pairing::Nobody => Ok(Shared::Nobody),
    }
}

/// A rated waiter in the shared queue looks again every [`crate::rated_queue::RETRY`],
/// with the window its wait has earned, until it is paired (here or by another node's
/// notice) or leaves.
async fn look_again(
    hub: SharedHub,
    conn: Conn,
    rules: seabattle_core::Rules,
    me: String,
    my_token: String,
    mut seeker: RatedSeeker,
) {
    let since = Instant::now();
    loop {
        tokio::time::sleep(crate::rated_queue::RETRY).await;
        let waiting = hub
            .queue
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(&me);
        if !waiting || conn.is_closed() {
            return;
        }
        seeker.waited_secs = since.elapsed().as_secs_f64();
        match pair_shared(&hub, &conn, &rules, (&me, &my_token), true, Some(&seeker)).await {
            Ok(Shared::Nobody) => {}
            Ok(_) => return,
            Err(e) => tracing::warn!(error = %e, "the rated queue could not look again; it will"),
        }
    }
}

/// Takes `conn` out of its game (or the queue), telling the others it is away.
pub async fn leave(hub: &SharedHub, conn: &Conn) {
    let tickets: Vec<String> = {
        let mut q = hub.queue.lock().unwrap_or_else(|p| p.into_inner());
        let mine: Vec<String> = q
            .values()
            .filter(|w| w.conn.id == conn.id)
            .filter_map(|w| w.ticket.as_ref().map(|t| t.0.clone()))
            .collect();
        q.retain(|_, w| w.conn.id != conn.id);
        mine
    };
    hub.rated
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|w| w.conn.id != conn.id);
    for me in tickets {
        let _ = hub
            .db(move |db| db.cluster().map_or(Ok(()), |c| c.dequeue(&me)))
            .await;
    }
    let Some(b) = conn.bind(None) else { return };
    let Some(h) = hub.live(&b.game) else { return };
    // A game that left memory meanwhile has nobody to tell.
    let _ = h
        .ask(|reply| GameMsg::Leave {
            conn: conn.id,
            seat: b.seat,
            reply,
        })
        .await;
}
