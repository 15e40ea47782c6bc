//! Getting into a game: creating one, joining by code, resuming with a token, watching,
//! and the random-opponent queue.

use crate::conn::{Binding, Conn};
use crate::hub::{Lookup, SharedHub, Waiting};
use crate::ids::{is_game_id, new_game_id, new_token, token_hash};
use crate::play::{after_move, computer_fleet, seat_fleet, start_battle, to_stored};
use crate::protocol::{ClientError, ErrorCode, Opponent, Role, ServerMsg};
use crate::room::{Mode, Room, RoomCell};
use seabattle_bots::Level;
use seabattle_core::{Phase, Player};
use std::sync::Arc;
use std::time::Instant;

fn not_found(id: &str) -> ClientError {
    ClientError::new(ErrorCode::NotFound, format!("no game {id:?}"))
}

/// The computer named `level`: a level, or a registered bot program.
fn computer_mode(hub: &SharedHub, level: &str) -> Result<Mode, ClientError> {
    level.parse::<Level>().map(Mode::Computer).or_else(|mut e| {
        if hub.config.bots.contains_key(level) {
            return Ok(Mode::Program(level.to_string()));
        }
        e.known.extend(hub.config.bots.keys().cloned());
        Err(ClientError::new(ErrorCode::BadLevel, e.to_string()))
    })
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
    name: Option<String>,
) -> Result<(), ClientError> {
    let max = hub.config.limits.max_clock_secs;
    let clock = match clock {
        None | Some(0) => None,
        Some(s) if s <= max => Some(s),
        Some(s) => {
            return Err(ClientError::new(
                ErrorCode::BadClock,
                format!("clock {s} s is over the limit of {max} s"),
            ));
        }
    };
    let mode = match opponent {
        Opponent::Friend => Mode::Friend,
        Opponent::Computer => computer_mode(hub, level.unwrap_or("medium"))?,
    };
    let reservation = hub.addresses.may_create(conn.ip)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, rules)
        .await?;
    let mut room = Room::new(new_game_id(), rules, mode, clock, &hub.config.bots);
    room.creator = Some(conn.ip);
    room.names[0] = name;
    let token = new_token();
    room.seats[0].token_hash = Some(token_hash(&token));
    if room.bot.is_some() {
        let fleet = computer_fleet(hub, &mut room).await?;
        seat_fleet(&mut room, Player::Two, fleet)?;
    }
    let stored = to_stored(&room);
    hub.db_for_client(move |db| db.create(&stored)).await?;
    leave(hub, conn).await;
    reservation.opened(&room.id);
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let cell = hub.insert(room);
    let mut room = cell.lock().await;
    take_seat(&cell, &mut room, conn, Player::One, Some(token));
    Ok(())
}

/// Puts `conn` in seat `p` and tells it so; a connection already there is let go.
pub fn take_seat(
    cell: &Arc<RoomCell>,
    room: &mut Room,
    conn: &Conn,
    p: Player,
    token: Option<String>,
) {
    let seat = &mut room.seats[p.index()];
    if let Some(old) = seat.conn.replace(conn.clone())
        && old.id != conn.id
    {
        old.bind(None);
        old.send(
            ServerMsg::from(ClientError::new(
                ErrorCode::NotInGame,
                "this seat was taken over by another connection",
            ))
            .to_text(),
        );
    }
    seat.away_since = None;
    conn.bind(Some(Binding {
        game: room.id.clone(),
        room: Arc::clone(cell),
        seat: Some(p),
    }));
    conn.send(
        ServerMsg::Joined {
            game: room.id.clone(),
            role: Role::Player,
            seat: Some(p),
            token,
            link: room.link(),
        }
        .to_text(),
    );
    conn.send(ServerMsg::State(Box::new(room.state_for(Some(p)))).to_text());
    let msg = ServerMsg::Presence {
        game: room.id.clone(),
        player: p,
        present: true,
        name: room.names[p.index()].clone(),
    };
    room.send_to(p.other(), &msg);
    for s in &room.spectators {
        s.send(msg.to_text());
    }
}

async fn find(hub: &SharedHub, id: &str) -> Result<(Arc<RoomCell>, bool), ClientError> {
    if !is_game_id(id) {
        return Err(not_found(id));
    }
    match hub.room(id).await? {
        Lookup::Live(cell, fresh) => Ok((cell, fresh)),
        Lookup::Missing => Err(not_found(id)),
        Lookup::Abandoned => Err(ClientError::new(
            ErrorCode::Abandoned,
            format!("game {id} was closed unfinished: nobody played it for too long"),
        )),
    }
}

/// Leaves the connection's game for `cell`'s, unless it is already in that seat (or
/// watching it, for `None`), and locks `cell`'s game. Called once the move is known
/// to be allowed, so a refusal never unseats anyone.
async fn switch<'a>(
    hub: &SharedHub,
    conn: &Conn,
    cell: &'a Arc<RoomCell>,
    seat: Option<Player>,
) -> tokio::sync::MutexGuard<'a, Room> {
    let same = conn
        .binding()
        .is_some_and(|b| Arc::ptr_eq(&b.room, cell) && b.seat == seat);
    if !same {
        leave(hub, conn).await;
    }
    cell.lock().await
}

fn game_full() -> ClientError {
    ClientError::new(
        ErrorCode::GameFull,
        "the game is full; send watch to see it",
    )
}

/// A game just rebuilt from storage picks up where it was (the computer moves, the
/// clock starts); a battle start or a computer move that could not be stored is tried
/// again.
async fn wake(hub: &SharedHub, cell: &Arc<RoomCell>, room: &mut Room, fresh: bool) {
    let placed = Player::BOTH.iter().all(|&q| room.game().has_placed(q));
    if room.game().phase() == Phase::Placement && placed {
        if let Err(e) = start_battle(hub, cell, room).await {
            tracing::warn!(game = %room.id, error = %e.message, "the battle could not start; tried again on the next reconnect");
        }
        return;
    }
    let bot_due = room.actor().is_some_and(|p| room.is_bot(p))
        || room.game().duties().iter().any(|d| room.is_bot(d.player));
    if room.game().phase() == Phase::Battle && (fresh || bot_due) {
        after_move(hub, cell, room).await;
    }
}

/// `join`: the free seat of a friend's game.
pub async fn join(
    hub: &SharedHub,
    conn: &Conn,
    id: &str,
    name: Option<String>,
) -> Result<(), ClientError> {
    let (cell, fresh) = find(hub, id).await?;
    let open = |room: &Room| room.mode == Mode::Friend && room.seats[1].token_hash.is_none();
    if !open(&*cell.lock().await) {
        return Err(game_full());
    }
    let mut room = switch(hub, conn, &cell, Some(Player::Two)).await;
    if !open(&room) {
        return Err(game_full());
    }
    let token = new_token();
    let hash = token_hash(&token);
    let key = room.id.clone();
    hub.db_for_client(move |db| db.take_seat(&key, Player::Two, &hash))
        .await?;
    room.seats[1].token_hash = Some(token_hash(&token));
    room.names[1] = name;
    take_seat(&cell, &mut room, conn, Player::Two, Some(token));
    wake(hub, &cell, &mut room, fresh).await;
    Ok(())
}

/// `resume`: back in the seat the token belongs to. A wrong token changes nothing: the
/// connection stays where it was.
pub async fn resume(
    hub: &SharedHub,
    conn: &Conn,
    id: &str,
    token: &str,
) -> Result<(), ClientError> {
    let (cell, fresh) = find(hub, id).await?;
    let hash = token_hash(token);
    let seat_of = |room: &Room| {
        Player::BOTH
            .into_iter()
            .find(|p| room.seats[p.index()].token_hash.as_deref() == Some(hash.as_str()))
            .ok_or_else(|| {
                ClientError::new(
                    ErrorCode::BadToken,
                    "that token is not a player's of this game",
                )
            })
    };
    let p = seat_of(&*cell.lock().await)?;
    let mut room = switch(hub, conn, &cell, Some(p)).await;
    let p = seat_of(&room)?;
    take_seat(&cell, &mut room, conn, p, None);
    wake(hub, &cell, &mut room, fresh).await;
    Ok(())
}

/// `watch`: answers only, live.
pub async fn watch(hub: &SharedHub, conn: &Conn, id: &str) -> Result<(), ClientError> {
    let (cell, fresh) = find(hub, id).await?;
    let mut room = switch(hub, conn, &cell, None).await;
    if !room.spectators.iter().any(|c| c.id == conn.id) {
        room.spectators.push(conn.clone());
    }
    conn.bind(Some(Binding {
        game: room.id.clone(),
        room: Arc::clone(&cell),
        seat: None,
    }));
    conn.send(
        ServerMsg::Joined {
            game: room.id.clone(),
            role: Role::Spectator,
            seat: None,
            token: None,
            link: room.link(),
        }
        .to_text(),
    );
    conn.send(ServerMsg::State(Box::new(room.state_for(None))).to_text());
    wake(hub, &cell, &mut room, fresh).await;
    Ok(())
}

/// `queue`: pairs with a player waiting under the same rules, or waits.
pub async fn queue(hub: &SharedHub, conn: &Conn, rules: Option<&str>) -> Result<(), ClientError> {
    // Joining the queue may create a game (if someone waits): it counts as an attempt,
    // so two connections cannot make games without end by queueing in turn.
    let reservation = hub.addresses.may_create(conn.ip)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, rules)
        .await?;
    leave(hub, conn).await;
    let key = rules.to_string();
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
                    },
                );
                None
            }
        }
    };
    let Some(partner) = partner else {
        conn.send(ServerMsg::Queued { rules: key.clone() }.to_text());
        let (hub, conn, wait) = (Arc::clone(hub), conn.clone(), hub.config.queue_wait);
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let q = hub.queue.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(w) = q.get(&key).filter(|w| w.conn.id == conn.id) {
                conn.send(
                    ServerMsg::QueueOffer {
                        rules: key.clone(),
                        waited_secs: w.since.elapsed().as_secs(),
                    }
                    .to_text(),
                );
            }
        });
        return Ok(());
    };
    let mut room = Room::new(new_game_id(), rules, Mode::Random, None, &hub.config.bots);
    room.creator = Some(conn.ip);
    let tokens = [new_token(), new_token()];
    for p in Player::BOTH {
        room.seats[p.index()].token_hash = Some(token_hash(&tokens[p.index()]));
    }
    let stored = to_stored(&room);
    if let Err(e) = hub.db_for_client(move |db| db.create(&stored)).await {
        partner.send(ServerMsg::from(e.clone()).to_text());
        return Err(e);
    }
    reservation.opened(&room.id);
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let cell = hub.insert(room);
    let mut room = cell.lock().await;
    let [t1, t2] = tokens;
    take_seat(&cell, &mut room, &partner, Player::One, Some(t1));
    take_seat(&cell, &mut room, conn, Player::Two, Some(t2));
    Ok(())
}

/// Takes `conn` out of its game (or the queue), telling the others it is away.
pub async fn leave(hub: &SharedHub, conn: &Conn) {
    {
        let mut q = hub.queue.lock().unwrap_or_else(|p| p.into_inner());
        q.retain(|_, w| w.conn.id != conn.id);
    }
    let Some(b) = conn.bind(None) else { return };
    let mut room = b.room.lock().await;
    match b.seat {
        None => room.spectators.retain(|c| c.id != conn.id),
        Some(p) => {
            let seat = &mut room.seats[p.index()];
            if seat.conn.as_ref().is_some_and(|c| c.id == conn.id) {
                seat.conn = None;
                seat.away_since = Some(Instant::now());
                let msg = ServerMsg::Presence {
                    game: room.id.clone(),
                    player: p,
                    present: false,
                    name: room.names[p.index()].clone(),
                };
                room.broadcast(&msg);
            }
        }
    }
    let idle = room.seats.iter().all(|s| s.conn.is_none()) && room.spectators.is_empty();
    if idle && room.game().phase() == Phase::Over {
        hub.evict(&room.id);
    }
}
