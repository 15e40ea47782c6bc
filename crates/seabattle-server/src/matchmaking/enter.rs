//! Getting into a game: creating one, joining by code, resuming with a token, watching,
//! and leaving (the game, or the queue).

use crate::conn::Conn;
use crate::error::Failure;
use crate::game::handle::GameHandle;
use crate::game::msg::{GameMsg, Joinable, SeatKey};
use crate::game::play::{setup_computer, to_stored};
use crate::game::room::{Mode, Room, RoomSetup, SeatSetup};
use crate::game::seats::game_full;
use crate::game::task::seat_new;
use crate::hub::SharedHub;
use crate::ids::{GameId, Learner, new_token, token_hash};
use crate::node::Lookup;
use crate::protocol::{ErrorCode, Opponent};
use seabattle_bots::Level;
use seabattle_core::Player;

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

/// Who creates a game: the name others see, the language they play in, and whom the
/// computer learns about (see [`crate::learning`]).
pub struct Creator {
    /// The name the other players see.
    pub name: Option<String>,
    /// The language the creator plays in (the game link's preview speaks it).
    pub lang: Option<seabattle_core::Lang>,
    /// The player, for games against the computer to learn from.
    pub learner: Option<Learner>,
    /// Set for a game opened in the lobby (see [`crate::lobby::seek`]).
    pub seek: Option<crate::game::room::Seek>,
    /// A rated game against one of the computer's levels (see [`crate::levels`]).
    pub rated: bool,
}

/// The account of the level a rated game against the computer is played with: only
/// a signed-in person, under a preset, against one of the levels (a bot program the
/// operator registered plays casual games).
fn rated_level(
    hub: &SharedHub,
    conn: &Conn,
    mode: &Mode,
    rules: &seabattle_core::Rules,
) -> Result<crate::ids::AccountId, Failure> {
    let refuse = |why: &str| Err(Failure::refused(ErrorCode::NotRateable, why.to_string()));
    if conn.account().is_none_or(|a| a.bot) {
        return refuse("sign in to play rated games against the computer");
    }
    if rules.as_preset().is_none() {
        return refuse("only games under a preset are rated; these rules are custom");
    }
    let Mode::Computer(level) = mode else {
        return refuse(
            "only the computer's levels play rated games; a friend's game is rated by asking both",
        );
    };
    match hub.levels.account(*level) {
        Some(a) => Ok(a),
        None => refuse("this level has no account on this server: it plays casual games only"),
    }
}

/// A clock as asked for: `None` or 0 for none, else at most the server's limit.
pub fn checked_clock(hub: &SharedHub, clock: Option<u32>) -> Result<Option<u32>, Failure> {
    let max = hub.config.limits.max_clock_secs;
    match clock {
        None | Some(0) => Ok(None),
        Some(s) if s <= max => Ok(Some(s)),
        Some(s) => Err(Failure::refused(
            ErrorCode::BadClock,
            format!("clock {s} s is over the limit of {max} s"),
        )),
    }
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
        seek,
        rated,
    }: Creator,
) -> Result<(), Failure> {
    let clock = checked_clock(hub, clock)?;
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
    if seek.is_some_and(|s| s.rated) && rules.as_preset().is_none() {
        return Err(Failure::refused(
            ErrorCode::NotRateable,
            "only games under a preset are rated; these rules are custom",
        ));
    }
    // A rated game against the computer: its level's BOT account takes seat 2.
    let level_account = if rated {
        Some(rated_level(hub, conn, &mode, &rules)?)
    } else {
        None
    };
    let token = new_token();
    let hotseat = mode == Mode::Hotseat;
    let mut setup = RoomSetup::new(rules, mode);
    setup.seek = seek;
    setup.clock = clock;
    setup.creator = Some(conn.ip);
    setup.host_lang = lang;
    setup.seats[Player::One] = SeatSetup {
        token_hash: Some(token_hash(&token)),
        account: conn.account().map(|a| a.id),
        name,
        away: false,
        move_limit: None,
    };
    if let Some(level) = level_account {
        setup.seats[Player::Two].account = Some(level);
        setup.rated = true;
    }
    if hotseat {
        // One device holds both seats: the one token resumes the game, in seat 1.
        setup.seats[Player::Two].token_hash = Some(token_hash(&token));
    }
    let mut room = Room::new(setup, &hub.config.bots);
    // Whoever opens a rated game in the lobby has asked for it to be rated: it is, once
    // a signed-in player joins (see `crate::game::rate`).
    room.seat_mut(Player::One).rate_asked = seek.is_some_and(|s| s.rated);
    setup_computer(&hub.node, &mut room, learner).await?;
    let stored = to_stored(&room);
    hub.db(move |db| db.create(&stored)).await?;
    leave(hub, conn).await;
    reservation.opened(room.id());
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    seat_new(
        &hub.node,
        room,
        vec![(conn.clone(), Player::One, Some(token))],
    )
    .await
}

async fn find(hub: &SharedHub, id: &str) -> Result<GameHandle, Failure> {
    let Some(id) = GameId::parse(id) else {
        return Err(not_found(id));
    };
    match crate::game::task::find(&hub.node, &id).await? {
        Lookup::Live(h) => Ok(h),
        Lookup::Missing => Err(not_found(id.as_str())),
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
        .is_some_and(|b| &b.game == h.id() && b.seat == seat);
    if !same {
        leave(hub, conn).await;
    }
}

/// `join`: the free seat of a friend's game (a seeker the lobby lists is joined by
/// [`super::queue::join_seeker`]).
pub async fn join(
    hub: &SharedHub,
    conn: &Conn,
    id: &str,
    name: Option<String>,
) -> Result<(), Failure> {
    let h = find(hub, id).await?;
    let host = match h.ask(|reply| GameMsg::CanJoin { reply }).await? {
        Joinable::Full => return Err(game_full()),
        Joinable::Open { host } => host,
    };
    if let (Some(host), Some(me)) = (host, conn.account().map(|a| a.id)) {
        crate::moderation::apart::refuse(hub, me, host, "join this game").await?;
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

/// Takes `conn` out of its game (or the queue), telling the others it is away.
pub async fn leave(hub: &SharedHub, conn: &Conn) {
    if let Some(ticket) = hub.seekers.take_conn(conn.id).and_then(|s| s.ticket) {
        let _ = hub
            .db(move |db| db.cluster().map_or(Ok(()), |c| c.dequeue(&ticket.waiter)))
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
