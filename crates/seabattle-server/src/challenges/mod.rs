//! Challenges by name: a signed-in player challenges an account that has a page open,
//! with rules, a clock and rated or casual; the challenged player's pages show it at
//! once; it is accepted (the game starts, both are seated), declined, taken back, or
//! expires after [`Config::challenge_ttl`](crate::config::Config::challenge_ttl).
//!
//! The challenge lives in storage ([`store`]), so any node may answer it. Whatever
//! changes it, [`announce`] makes every node look at it again ([`changed`]): a lone
//! server at once, a cluster through PostgreSQL's `NOTIFY`. Each node then tells its own
//! sockets of both accounts, and the challenger's node seats the challenger, whose
//! seat token it made and kept ([`Pending`]).

mod pending;
pub mod store;

use crate::conn::Conn;
use crate::error::Failure;
use crate::game::msg::GameMsg;
use crate::game::play::to_stored;
use crate::game::room::{Mode, Room, RoomSetup, SeatSetup};
use crate::game::task::seat_new;
use crate::hub::SharedHub;
use crate::ids::{AccountId, GameId, new_token, token_hash};
use crate::protocol::{
    Answer, Casual, ChallengeEnd, ChallengeJson, ErrorCode, Role, SeatAccountJson, ServerMsg,
};
use seabattle_core::Player;
use std::sync::Arc;
use store::{State, StoredChallenge, now_ms};

pub use pending::Pending;
use pending::Sent;

/// The most challenges one account may have waiting for an answer at once.
pub const MAX_OPEN: usize = 3;

fn signed_in(conn: &Conn, what: &str) -> Result<crate::conn::Account, Failure> {
    conn.account().cloned().ok_or_else(|| {
        Failure::refused(
            ErrorCode::SignedOut,
            format!("sign in to {what}: challenges are between accounts"),
        )
    })
}

fn gone(id: &str) -> Failure {
    Failure::refused(
        ErrorCode::NoChallenge,
        format!("challenge {id} is no longer open: it was answered, taken back or expired"),
    )
}

/// `challenge`: challenges the account named `to`.
pub async fn challenge(
    hub: &SharedHub,
    conn: &Conn,
    to: &str,
    rules: Option<&str>,
    clock: Option<u32>,
    rated: bool,
) -> Result<(), Failure> {
    let me = signed_in(conn, "challenge a player")?;
    let no_one = || Failure::refused(ErrorCode::NotFound, format!("no player is named {to:?}"));
    let key = crate::accounts::name::AccountName::parse(to)
        .map_err(|_| no_one())?
        .key()
        .to_string();
    let them = hub
        .db(move |db| db.account(&key))
        .await?
        .ok_or_else(no_one)?;
    if them.id == me.id {
        return Err(Failure::refused(
            ErrorCode::NotOnline,
            "you cannot challenge yourself",
        ));
    }
    crate::moderation::apart::refuse(hub, me.id, them.id, &format!("challenge {}", them.name))
        .await?;
    if !online(hub, them.id).await? {
        return Err(Failure::refused(
            ErrorCode::NotOnline,
            format!(
                "{} has no page open now; challenge them when they are here",
                them.name
            ),
        ));
    }
    if me.bot {
        bot_room(hub, &me).await?;
        let id = them.id;
        if !hub.db(move |db| db.takes_bot_challenges(id)).await? {
            return Err(Failure::refused(
                ErrorCode::NoBotChallenges,
                format!("{} does not take challenges from BOTs", them.name),
            ));
        }
    }
    if hub.challenges.sent_by(me.id) >= MAX_OPEN {
        return Err(Failure::refused(
            ErrorCode::Limit,
            format!("you have {MAX_OPEN} challenges waiting for an answer; cancel one first"),
        ));
    }
    let clock = crate::matchmaking::enter::checked_clock(hub, clock)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, rules)
        .await?;
    if rated && rules.as_preset().is_none() {
        return Err(Failure::refused(
            ErrorCode::NotRateable,
            "only games under a preset are rated; these rules are custom",
        ));
    }
    let token = new_token();
    let ttl = i64::try_from(hub.config.challenge_ttl.as_millis()).unwrap_or(i64::MAX);
    let c = StoredChallenge {
        id: GameId::random().to_string(),
        from: me.id,
        to: them.id,
        rules: rules.to_string(),
        clock,
        rated,
        token_hash: token_hash(&token),
        state: State::Open,
        game: None,
        expires_ms: now_ms().saturating_add(ttl),
    };
    let stored = c.clone();
    hub.db(move |db| db.add_challenge(&stored)).await?;
    hub.challenges.map().insert(
        c.id.clone(),
        Sent {
            conn: conn.clone(),
            from: me.id,
            token,
            to_bot: them.bot,
        },
    );
    if let Some(json) = json(hub, &c).await {
        conn.send(ServerMsg::ChallengeSent(Box::new(json)).to_text());
    }
    tracing::info!(challenge = %c.id, from = %me.id, to = %them.id, "challenge sent");
    announce(hub, &c.id).await;
    expire_later(hub, c.id);
    Ok(())
}

/// Whether `account` has a page open here or (in a cluster) on another node.
pub(crate) async fn online(hub: &SharedHub, account: AccountId) -> Result<bool, Failure> {
    if !hub.sockets.of(account).is_empty() {
        return Ok(true);
    }
    Ok(hub
        .db(move |db| {
            db.cluster()
                .map_or(Ok(false), |c| c.online_elsewhere(account))
        })
        .await?)
}

/// `answer_challenge`: the challenged player accepts (the game is made here and they
/// are seated in seat 2) or declines.
pub async fn answer(hub: &SharedHub, conn: &Conn, id: &str, answer: Answer) -> Result<(), Failure> {
    let me = signed_in(conn, "answer a challenge")?;
    let (key, by) = (id.to_string(), me.id);
    let end = match answer {
        Answer::Accept => ChallengeEnd::Accepted,
        Answer::Decline => ChallengeEnd::Declined,
    };
    if me.bot && end == ChallengeEnd::Accepted {
        bot_room(hub, &me).await?;
    }
    if end == ChallengeEnd::Accepted {
        // A block made since the challenge was sent keeps the two apart too.
        let asked = key.clone();
        if let Some(c) = hub.db(move |db| db.challenge(&asked)).await? {
            crate::moderation::apart::refuse(hub, me.id, c.from, "accept this challenge").await?;
        }
    }
    let game = GameId::random();
    let made = (end == ChallengeEnd::Accepted).then(|| game.to_string());
    let c = hub
        .db(move |db| db.end_challenge(&key, end, Some(by), made.as_deref()))
        .await?
        .ok_or_else(|| gone(id))?;
    if end == ChallengeEnd::Accepted {
        let started = start(hub, conn, &me, &c, game).await;
        announce(hub, id).await;
        return started;
    }
    announce(hub, id).await;
    Ok(())
}

/// Refuses a BOT one more game when it plays as many at once as the operator allows
/// (`Config::bot_games`), counted in storage so every node of a cluster agrees.
async fn bot_room(hub: &SharedHub, me: &crate::conn::Account) -> Result<(), Failure> {
    let (id, most) = (me.id, hub.config.bot_games);
    // A game untouched this long is closed as abandoned; it no longer counts.
    let since = 24 * 3600;
    let playing = hub.db(move |db| db.games_in_play(id, since)).await?;
    if playing >= i64::from(most) {
        return Err(Failure::refused(
            ErrorCode::TooManyGames,
            format!(
                "this BOT plays {playing} games already, the most this server allows at once ({most})"
            ),
        ));
    }
    Ok(())
}

/// Makes the game of the accepted challenge `c`, with `conn` in seat 2; seat 1 is the
/// challenger's, who is seated by its own node once told.
async fn start(
    hub: &SharedHub,
    conn: &Conn,
    me: &crate::conn::Account,
    c: &StoredChallenge,
    id: GameId,
) -> Result<(), Failure> {
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, Some(&c.rules))
        .await?;
    let mut setup = RoomSetup::new(rules, Mode::Friend);
    setup.id = id;
    setup.challenge = true;
    setup.clock = c.clock;
    setup.creator = Some(conn.ip);
    if c.rated {
        let (a, b, limit) = (c.from, c.to, hub.config.limits.rated_per_pair);
        if hub.db(move |db| db.may_rate_pair(a, b, limit)).await? {
            setup.rated = true;
        } else {
            setup.casual = Some(Casual::PairLimit);
        }
    }
    let token = new_token();
    let (from, to) = (c.from, c.to);
    // Each account as shown: its name (an account plays under its own, as with a
    // stranger from the queue), and whether it is a BOT, whose move is due within its
    // default limit when the game has no clock.
    let [from_shown, to_shown] = hub
        .db(move |db| Ok([db.shown_account(from, None)?, db.shown_account(to, None)?]))
        .await?;
    let limit = |s: &Option<SeatAccountJson>| {
        (s.as_ref().is_some_and(|s| s.bot) && c.clock.is_none()).then_some(hub.config.bot_move_secs)
    };
    setup.seats[Player::One] = SeatSetup {
        token_hash: Some(c.token_hash.clone()),
        account: Some(c.from),
        name: from_shown.as_ref().map(|s| s.name.clone()),
        away: true,
        move_limit: limit(&from_shown),
    };
    setup.seats[Player::Two] = SeatSetup {
        token_hash: Some(token_hash(&token)),
        account: Some(me.id),
        name: Some(me.name.clone()),
        away: false,
        move_limit: limit(&to_shown),
    };
    let room = Room::new(setup, &hub.config.bots);
    let stored = to_stored(&room);
    hub.db(move |db| db.create(&stored)).await?;
    crate::matchmaking::enter::leave(hub, conn).await;
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(challenge = %c.id, game = %room.id(), "challenge accepted");
    seat_new(
        &hub.node,
        room,
        vec![(conn.clone(), Player::Two, Some(token))],
    )
    .await
}

/// `cancel_challenge`: the challenger takes it back.
pub async fn cancel(hub: &SharedHub, conn: &Conn, id: &str) -> Result<(), Failure> {
    let me = signed_in(conn, "cancel a challenge")?;
    let (key, by) = (id.to_string(), me.id);
    hub.db(move |db| db.end_challenge(&key, ChallengeEnd::Cancelled, Some(by), None))
        .await?
        .ok_or_else(|| gone(id))?;
    announce(hub, id).await;
    Ok(())
}

/// The socket `conn` closed: the challenges it sent are taken back.
pub async fn closed(hub: &SharedHub, conn: &Conn) {
    for (id, from) in hub.challenges.of_conn(conn.id) {
        let key = id.clone();
        match hub
            .db(move |db| db.end_challenge(&key, ChallengeEnd::Cancelled, Some(from), None))
            .await
        {
            Ok(Some(_)) => announce(hub, &id).await,
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(challenge = %id, error = %e, "a challenge could not be taken back")
            }
        }
        hub.challenges.take(&id);
    }
}

/// Expires challenge `id` once its time is up, if it is still open.
fn expire_later(hub: &SharedHub, id: String) {
    let hub = Arc::clone(hub);
    tokio::spawn(async move {
        tokio::time::sleep(hub.config.challenge_ttl).await;
        let key = id.clone();
        match hub
            .db(move |db| db.end_challenge(&key, ChallengeEnd::Expired, None, None))
            .await
        {
            Ok(Some(_)) => announce(&hub, &id).await,
            Ok(None) => {}
            Err(e) => tracing::warn!(challenge = %id, error = %e, "a challenge could not expire"),
        }
    });
}

/// Makes every node look at challenge `id` again ([`changed`]).
pub async fn announce(hub: &SharedHub, id: &str) {
    if hub.store.cluster().is_none() {
        return changed(hub, id).await;
    }
    let key = id.to_string();
    if let Err(e) = hub
        .db(move |db| db.cluster().map_or(Ok(()), |c| c.tell_challenge(&key)))
        .await
    {
        tracing::warn!(challenge = %id, error = %e, "the other nodes could not be told of a challenge");
        // This node's own sockets are told all the same.
        changed(hub, id).await;
    }
}

/// Tells this node's sockets where challenge `id` stands: an open one is shown to the
/// challenged player's pages; an ended one is told to both players' pages, and an
/// accepted one seats the challenger if it was sent from here.
pub async fn changed(hub: &SharedHub, id: &str) {
    let key = id.to_string();
    let c = match hub.db(move |db| db.challenge(&key)).await {
        Ok(Some(c)) => c,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(challenge = %id, error = %e, "a challenge could not be read");
            return;
        }
    };
    let end = match c.state {
        State::Open => {
            if let Some(json) = json(hub, &c).await {
                let text = ServerMsg::Challenged(Box::new(json)).to_text();
                for s in hub.sockets.of(c.to) {
                    s.send(text.clone());
                }
            }
            return;
        }
        State::Ended(end) => end,
    };
    let text = ServerMsg::ChallengeEnded {
        id: c.id.clone(),
        end,
    }
    .to_text();
    for s in hub
        .sockets
        .of(c.from)
        .into_iter()
        .chain(hub.sockets.of(c.to))
    {
        s.send(text.clone());
    }
    let Some(sent) = hub.challenges.take(&c.id) else {
        return;
    };
    if matches!(end, ChallengeEnd::Declined | ChallengeEnd::Expired)
        && sent.to_bot
        && hub.seekers.waits(sent.conn.id)
    {
        // A BOT the queue offered said no: the seeker is offered a level instead.
        crate::matchmaking::offer::after_bot_said_no(hub, sent.conn.id).await;
    }
    if let (ChallengeEnd::Accepted, Some(game)) = (end, c.game.as_deref().and_then(GameId::parse))
        && !sent.conn.is_closed()
    {
        seat_challenger(hub, sent, &game).await;
    }
}

/// Seats the challenger in seat 1 of `game`: here if the game is here, else by telling
/// the client its seat, which it takes on the game's node (as a queue's waiter does).
async fn seat_challenger(hub: &SharedHub, sent: Sent, game: &GameId) {
    if let Some(h) = hub.live(game) {
        crate::matchmaking::enter::leave(hub, &sent.conn).await;
        let conn = sent.conn.clone();
        let token = Some(sent.token);
        let _ = h
            .ask(|reply| GameMsg::Seat {
                conn,
                seat: Player::One,
                token,
                reply,
            })
            .await;
        return;
    }
    sent.conn.send(
        ServerMsg::Joined {
            game: game.to_string(),
            role: Role::Player,
            seat: Some(Player::One),
            token: Some(sent.token),
            link: game.link(),
        }
        .to_text(),
    );
}

/// The open challenges to the account `conn` is signed in as, shown to it again (a
/// page opened after they were sent).
pub async fn show_waiting(hub: &SharedHub, conn: &Conn) {
    let Some(me) = conn.account().map(|a| a.id) else {
        return;
    };
    let Ok(waiting) = hub.db(move |db| db.challenges_to(me)).await else {
        return;
    };
    for c in waiting {
        if let Some(json) = json(hub, &c).await {
            conn.send(ServerMsg::Challenged(Box::new(json)).to_text());
        }
    }
}

/// The challenge as both players see it; `None` if either account is gone.
async fn json(hub: &SharedHub, c: &StoredChallenge) -> Option<ChallengeJson> {
    let preset = c
        .rules
        .parse::<seabattle_core::Rules>()
        .ok()
        .and_then(|r| r.as_preset());
    let (from, to) = (c.from, c.to);
    let shown = hub
        .db(move |db| {
            Ok([
                db.shown_account(from, preset)?,
                db.shown_account(to, preset)?,
            ])
        })
        .await;
    let [Some(from), Some(to)]: [Option<SeatAccountJson>; 2] = shown.ok()? else {
        return None;
    };
    let left = (c.expires_ms - now_ms()).max(0);
    Some(ChallengeJson {
        id: c.id.clone(),
        from,
        to,
        rules: c.rules.clone(),
        clock: c.clock,
        rated: c.rated,
        expires_secs: u32::try_from((left + 999) / 1000).unwrap_or(u32::MAX),
    })
}
