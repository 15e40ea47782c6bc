//! One task per live game. It owns the [`Room`] and with it the referee's `Table`, and
//! takes, one at a time, the messages sent to its inbox ([`GameMsg`]: players'
//! commands, joins, state requests), its clock running out, and the computer's answers.
//! What the game does with each message is decided here, in one place ([`handle`]); a
//! player's command runs only while the connection that sent it still plays the seat.
//! The computer thinks beside it, in the pool: the game goes on answering everyone meanwhile, and its
//! answer is committed only if what it was asked still stands.

use super::computer::{self, Thought};
use super::handle::{GameHandle, INBOX, Inbound};
use super::msg::{Finished, GameMsg, NotFinished, SeatCommand, SeatRef};
use super::room::{Life, Room};
use super::{clock, cluster, expire, play, relocate, rematch, reveal, seats};
use crate::bus::{GameEvent, Heard};
use crate::conn::Conn;
use crate::error::Failure;
use crate::error::StoreError;
use crate::guard::work::Lane;
use crate::ids::GameId;
use crate::node::{ABANDONED, Lookup, SharedNode};
use crate::protocol::{ErrorCode, ServerMsg};
use futures_util::future::BoxFuture;
use seabattle_core::{Phase, Player};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Starts the task that owns `room` and returns its handle. The task ends when the
/// last handle is dropped (the game left memory).
pub fn spawn(node: &SharedNode, mut room: Room) -> GameHandle {
    room.clock_mut().claim_limit = node.config.limits.claim_after;
    let (tx, rx) = mpsc::channel(INBOX);
    let handle = GameHandle::new(room.id(), tx);
    // Boxed: the task's future then holds a pointer to the game, not the game itself,
    // whatever the state machine's layout does with its argument.
    tokio::spawn(run(Arc::clone(node), Box::new(room), rx));
    handle
}

/// What woke a game's task.
enum Wake {
    Msg(Inbound),
    /// Boxed: the computer's answer is large, and the task's idle state holds none.
    Thought(Box<Thought>),
    Clock,
    RetryComputer,
    Closing,
    Ended,
}

/// How long a computer whose move could not be stored waits before it is asked again
/// (a reconnect asks at once).
const COMPUTER_RETRY: std::time::Duration = std::time::Duration::from_secs(1);

async fn run(node: SharedNode, mut room: Box<Room>, mut inbox: mpsc::Receiver<Inbound>) {
    let mut thinking: Option<BoxFuture<'static, Thought>> = None;
    let mut closing = node.closing.clone();
    let mut closed = *closing.borrow();
    let mut retry: Option<tokio::time::Instant> = None;
    // The game's part in the lobby, told on the bus; undone when the task ends.
    let mut listing = super::listing::Listing::new(&node);
    loop {
        // Boxed, like every handler below: a game's task sits idle most of its life,
        // and an idle task should hold the select, not the largest handler's future.
        Box::pin(settle(&node, &mut room, &mut thinking)).await;
        crate::game::hotseat::hand_over(&mut room);
        listing.update(&room);
        // A server shutting down stops its clocks: the next one starts them afresh.
        let deadline = room
            .clock()
            .deadline
            .filter(|_| !closed)
            .map(tokio::time::Instant::from_std);
        // A computer whose move failed to store is asked again on a timer.
        retry = match (room.computer_stuck(), retry) {
            (false, _) => None,
            (true, None) => Some(tokio::time::Instant::now() + COMPUTER_RETRY),
            (true, Some(t)) => Some(t),
        };
        let wake = tokio::select! {
            msg = inbox.recv() => msg.map_or(Wake::Ended, Wake::Msg),
            thought = async { thinking.as_mut().expect("guarded").await }, if thinking.is_some() => {
                thinking = None;
                Wake::Thought(Box::new(thought))
            }
            () = tokio::time::sleep_until(deadline.unwrap_or_else(tokio::time::Instant::now)), if deadline.is_some() => Wake::Clock,
            () = tokio::time::sleep_until(retry.unwrap_or_else(tokio::time::Instant::now)), if retry.is_some() && !closed => Wake::RetryComputer,
            _ = closing.changed(), if !closed => Wake::Closing,
        };
        // Checked before anything is answered or told: a game whose write was fenced,
        // or held under a lease that lapsed (a pause longer than the lease), may be
        // another node's by now, so nothing is served from this copy.
        if !room.is_gone() && cluster::lost(&node, &room) {
            tracing::warn!(game = %room.id(), "this node no longer holds the game; letting it go");
            cluster::let_go(&node, &mut room);
        }
        if room.is_gone() {
            return;
        }
        match wake {
            Wake::Msg(msg) => Box::pin(handle(&node, &mut room, *msg)).await,
            Wake::Thought(thought) => Box::pin(computer::apply(&node, &mut room, *thought)).await,
            Wake::Clock => Box::pin(clock::run_out(&node, &mut room)).await,
            Wake::RetryComputer => {
                retry = None;
                room.unstick();
                tracing::info!(game = %room.id(), "asking the computer again after its move failed to store");
            }
            Wake::Closing => closed = *closing.borrow(),
            Wake::Ended => return,
        }
        // A write that found another node owning the game: it is that node's now.
        if !room.is_gone() && cluster::lost(&node, &room) {
            tracing::warn!(game = %room.id(), "another node took the game over; letting it go");
            cluster::let_go(&node, &mut room);
        }
        if room.is_gone() {
            return;
        }
    }
}

/// Handles `msg` with the game in hand. An answer nobody waits for any more (the asker
/// hung up) is dropped.
pub async fn handle(node: &SharedNode, room: &mut Room, msg: GameMsg) {
    match msg {
        GameMsg::Play {
            from,
            command,
            reply,
        } => {
            let done = match acting(room, from) {
                Ok(p) => play(node, room, p, command).await,
                Err(e) => Err(e),
            };
            let _ = reply.send(done);
        }
        GameMsg::Rules {
            from,
            placing,
            reply,
        } => {
            let rules = match from.map(|f| acting(room, f)).transpose() {
                Ok(Some(p)) if placing => play::may_place(room, p).map(|()| room.rules().clone()),
                Ok(_) => Ok(room.rules().clone()),
                Err(e) => Err(e),
            };
            let _ = reply.send(rules);
        }
        GameMsg::Coach { from, reply } => {
            let input = acting(room, from).and_then(|p| play::coach_input(room, p));
            let _ = reply.send(input);
        }
        GameMsg::Sync { conn, seat } => {
            let seat = seat.map(|p| super::hotseat::shown_seat_for(room, p));
            conn.send(ServerMsg::State(Box::new(crate::game::tell::state(room, seat))).to_text());
        }
        GameMsg::Seat {
            conn,
            seat,
            token,
            reply,
        } => {
            seats::show_accounts(node, room).await;
            seats::take_seat(room, &conn, seat, token);
            let _ = reply.send(());
        }
        GameMsg::CanJoin { reply } => {
            let _ = reply.send(seats::joinable(room));
        }
        GameMsg::Join { conn, name, reply } => {
            let _ = reply.send(seats::join(node, room, &conn, name).await);
        }
        GameMsg::SeatOf { key, reply } => {
            let _ = reply.send(seats::seat_of(room, &key));
        }
        GameMsg::Resume { conn, key, reply } => {
            let _ = reply.send(seats::resume(node, room, &conn, &key).await);
        }
        GameMsg::Watch { conn, reply } => {
            seats::show_accounts(node, room).await;
            seats::watch(room, &conn);
            let _ = reply.send(());
        }
        GameMsg::Leave { conn, seat, reply } => {
            seats::leave(node, room, conn, seat);
            let _ = reply.send(());
        }
        GameMsg::Host { reply } => {
            let _ = reply.send(room.host());
        }
        GameMsg::Record { reply } => {
            let _ = reply.send(record(node, room));
        }
        GameMsg::Expire { reply } => {
            if let Some(p) = crate::game::forfeit::late_bot(node, room) {
                if let Err(e) = crate::game::forfeit::bot_no_show(node, room, p).await {
                    tracing::warn!(game = %room.id(), error = %e, "a late BOT's seat could not resign; tried again next sweep");
                }
            } else if expire::expired(node, room) {
                expire::close(node, room).await;
            }
            let _ = reply.send(());
        }
        GameMsg::NoShow { reply } => {
            let done = super::no_show::no_show(node, room).await;
            let _ = reply.send(done);
        }
        GameMsg::Berserk { seat, reply } => {
            let _ = reply.send(super::berserk::berserk(node, room, seat).await);
        }
        GameMsg::HandOver { reply } => {
            cluster::hand_over(node, room).await;
            let _ = reply.send(());
        }
        GameMsg::LetGo { reply } => {
            cluster::let_go(node, room);
            let _ = reply.send(());
        }
        // The task checked the lease before handling it: nothing is left to do.
        GameMsg::Wake { reply } => {
            let _ = reply.send(());
        }
    }
}

/// The seat a command from `from` is made for, once the seat is checked to be still
/// that connection's: in a hot-seat game, the seat the device is handed to.
fn acting(room: &Room, from: SeatRef) -> Result<Player, Failure> {
    if !room.is_played_from(from.seat, from.conn) {
        return Err(Failure::refused(
            ErrorCode::NotInGame,
            "this seat is played from another connection now",
        ));
    }
    Ok(room.acting_seat(from.seat))
}

async fn play(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
    command: SeatCommand,
) -> Result<(), Failure> {
    match command {
        SeatCommand::Place(fleet) => play::place(node, room, p, *fleet).await,
        SeatCommand::Fire(cells) => play::fire(node, room, p, &cells).await,
        SeatCommand::Reveal(cell) => reveal::reveal(node, room, p, &cell).await,
        SeatCommand::Relocate(cells) => relocate::relocate(node, room, p, cells.as_deref()).await,
        SeatCommand::Resign => play::resign(node, room, p).await,
        SeatCommand::ClaimWin => play::claim_win(node, room, p).await,
        SeatCommand::Rematch => {
            if let Some(next) = rematch::rematch(node, room, p).await? {
                let id = next.room.id().clone();
                seat_new(node, next.room, next.seats).await?;
                rematch::told(room, &id);
            }
            Ok(())
        }
        SeatCommand::Rate => super::rate::ask(node, room, p).await,
        SeatCommand::Rename(name) => {
            play::rename(room, p, name);
            Ok(())
        }
        SeatCommand::Chat(phrase) => super::chat::say(node, room, p, phrase),
    }
}

/// A finished game's record; a game loaded only to be downloaded leaves memory.
fn record(node: &SharedNode, room: &Room) -> Result<Finished, NotFinished> {
    let finished = room.finished()?;
    if room.is_idle() {
        node.evict(room.id());
    }
    Ok(finished)
}

/// Brings the game to where it should be after anything happened: the battle started
/// once both fleets are in, the end told once, the computer set thinking when it is
/// asked something, or the clock started for the person who must act.
async fn settle(
    node: &SharedNode,
    room: &mut Room,
    thinking: &mut Option<BoxFuture<'static, Thought>>,
) {
    match room.game().phase() {
        Phase::Placement => {
            let placed = Player::BOTH.iter().all(|&q| room.game().has_placed(q));
            if !placed || room.life() == Life::StartFailed {
                return;
            }
            if let Err(e) = crate::game::play::start_battle(node, room).await {
                // Tried again when anyone comes back.
                room.set_life(Life::StartFailed);
                tracing::warn!(game = %room.id(), error = %e, "the battle could not start; tried again on the next reconnect");
                return;
            }
        }
        Phase::Over => {
            if room.life() != Life::Told {
                finish(node, room).await;
            }
            return;
        }
        Phase::Battle => {}
    }
    if thinking.is_some() {
        return;
    }
    // The computer makes the reveals and moves it owes at once, whoever else owes one,
    // and fires when its turn comes.
    let computer = Player::BOTH.into_iter().find(|&p| room.is_bot(p));
    if let Some((p, ask)) = computer.and_then(|p| Some((p, room.table().ask(p)?))) {
        if !room.computer_stuck() {
            *thinking = computer::think(node, room, p, ask);
        }
        return;
    }
    let Some(p) = room.actor().filter(|&p| !room.is_bot(p)) else {
        return;
    };
    // Each move a person must make gets the clock afresh, and the note of what they owe.
    let key = (room.game().moves().len(), p);
    if room.clock().armed != Some(key) {
        room.clock_mut().armed = Some(key);
        crate::game::reveal::notify_reveals(room);
        crate::game::relocate::notify_relocations(room);
        clock::arm(room, p);
    }
}

/// The end: the result stored and told, the clock stopped, the computer let go.
async fn finish(node: &SharedNode, room: &mut Room) {
    room.set_life(Life::Told);
    if let Some(ip) = room.creator() {
        node.addresses.closed(ip, room.id());
    }
    room.clock_mut().stop();
    if let Some(bot) = room.bot_mut() {
        // The computer has no more moves: let a bot program go now, not when the game
        // leaves memory.
        bot.shooter = None;
        bot.program = None;
    }
    if let Some(word) = room.result_word() {
        let id = room.id().clone();
        // The moves are stored already; the result column only saves a replay.
        let _ = node.db(move |db| db.finish(&id, &word)).await;
    }
    // The features hear of the end before it is told: the result carries the rating
    // change, and a player who sees `game_over` finds the arena's score and what the
    // computer learned already stored.
    let facts = super::ended::facts(room);
    for heard in node.bus.publish(GameEvent::Ended(Box::new(facts))).await {
        match heard {
            Heard::Rated(change) => room.set_ratings(change),
            Heard::Unrated => room.set_rated(false),
            other => {
                tracing::warn!(game = %room.id(), heard = ?other, "an unexpected answer to a game's end")
            }
        }
    }
    let Some(result) = crate::game::tell::result(room) else {
        return;
    };
    room.broadcast(&ServerMsg::GameOver {
        game: room.id().to_string(),
        result: Box::new(result),
    });
}

/// The game `id`, from memory or rebuilt from storage (and its task started).
/// Rebuilding replays every move, so it runs in the pool.
pub async fn find(node: &SharedNode, id: &GameId) -> Result<Lookup, Failure> {
    if let Some(h) = node.live(id) {
        // In a cluster a game in memory is served only while this node holds it (after
        // a pause longer than the lease it may not): if not, it is let go and claimed
        // anew below.
        if !crate::cluster::drop_if_stale(node, &h).await {
            return Ok(Lookup::Live(h));
        }
    }
    // In a cluster the game must be this node's before it is read: a node it is
    // taken from can no longer write it. Not under the load lock: waiting for a dead
    // node's lease must not hold up other games' loads. One claim of a game at a time:
    // a second claim would bump the fencing token under the copy the first one loaded.
    let _claiming = node.claims.hold(id).await;
    if let Some(h) = node.live(id) {
        if !crate::cluster::drop_if_stale(node, &h).await {
            return Ok(Lookup::Live(h));
        }
    }
    if !crate::cluster::claim(node, id).await? {
        return Ok(Lookup::Missing);
    }
    let _guard = node.load_lock.lock().await;
    if let Some(h) = node.live(id) {
        return Ok(Lookup::Live(h));
    }
    Ok(match read(node, id).await? {
        Stored::Missing => Lookup::Missing,
        Stored::Abandoned => Lookup::Abandoned,
        Stored::Game(mut room) => {
            restore_limits(node, &mut room).await?;
            Lookup::Live(open(node, *room))
        }
    })
}

/// A rebuilt game gets back the seats' move limits that only memory held (a berserk
/// seat's half clock), from whoever set them. A game whose limits cannot be read is not
/// served without them.
async fn restore_limits(node: &SharedNode, room: &mut Room) -> Result<(), Failure> {
    let loaded = GameEvent::Loaded {
        game: room.id().clone(),
        mode: room.mode().clone(),
        accounts: Player::BOTH.map(|p| room.seat(p).account),
    };
    for heard in node.bus.publish(loaded).await {
        match heard {
            Heard::SeatLimits(limits) => {
                for p in Player::BOTH {
                    if let Some(secs) = limits[p.index()] {
                        room.seat_mut(p).move_limit = Some(secs);
                    }
                }
            }
            Heard::Failed(e) => return Err(Failure::Store(e)),
            _ => {}
        }
    }
    Ok(())
}

/// A game as storage has it.
pub enum Stored {
    /// No game has that id.
    Missing,
    /// Closed unfinished.
    Abandoned,
    /// Rebuilt, not in memory.
    Game(Box<Room>),
}

/// The game `id` rebuilt from storage, without taking it or putting it in memory: for
/// reading a game another node may be serving. Rebuilding replays every move, so it
/// runs in the pool.
pub async fn read(node: &SharedNode, id: &GameId) -> Result<Stored, Failure> {
    let (key, store, bots) = (
        id.clone(),
        Arc::clone(&node.store),
        node.config.bots.clone(),
    );
    let bot_secs = node.config.bot_move_secs;
    let loaded = node
        .work
        .run(Lane::Heavy, node.config.limits.work_budget, move |_| {
            let Some(stored) = store.load(&key)? else {
                return Ok(None);
            };
            if stored.result.as_deref() == Some(ABANDONED) {
                return Ok(Some(None));
            }
            let mut room = crate::game::rows::restore(&stored, &bots)?;
            bot_limits(&store, &mut room, bot_secs)?;
            Ok(Some(Some(room)))
        })
        .await
        .map_err(|o| o.refusal("loading the game"))?
        .map_err(|e: StoreError| Failure::Store(e))?;
    Ok(match loaded {
        None => Stored::Missing,
        Some(None) => Stored::Abandoned,
        Some(Some(room)) => Stored::Game(Box::new(room)),
    })
}

/// A rebuilt game's BOT seats get their move limit again (kept in memory only): in a
/// game between accounts without a clock, a BOT's move is due within `secs`, as when
/// the challenge made it.
fn bot_limits(store: &crate::db::Store, room: &mut Room, secs: u32) -> Result<(), StoreError> {
    if room.clock().secs.is_some() || *room.mode() != super::room::Mode::Friend {
        return Ok(());
    }
    for p in Player::BOTH {
        let Some(account) = room.seat(p).account else {
            continue;
        };
        if store.shown_account(account, None)?.is_some_and(|s| s.bot) {
            room.seat_mut(p).move_limit = Some(secs);
        }
    }
    Ok(())
}

/// Starts a new or rebuilt game's task and puts it in memory.
pub fn open(node: &SharedNode, room: Room) -> GameHandle {
    let handle = spawn(node, room);
    node.insert(handle.clone());
    handle
}

/// Opens a new game and seats its first players. The game is in memory before anyone
/// hears of it, so a player's next message always finds it.
pub async fn seat_new(
    node: &SharedNode,
    room: Room,
    seats: Vec<(Conn, Player, Option<String>)>,
) -> Result<(), Failure> {
    let h = open(node, room);
    for (conn, seat, token) in seats {
        h.ask(|reply| GameMsg::Seat {
            conn,
            seat,
            token,
            reply,
        })
        .await?;
    }
    Ok(())
}
