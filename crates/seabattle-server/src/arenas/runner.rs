//! Runs the arenas that have started, one node at a time each: every second (and at
//! once when an arena's game ends) the node renews its lease on each arena it runs (or
//! takes one whose runner let its lease lapse), ends an arena whose time is up, settles
//! games whose seats did not come ([`super::no_show`]), withdraws a player after two
//! no-shows in a row, and pairs the players who wait, in waves (`seabattle-arena`).
//! Everything it reads is in storage, so a restart, or another node taking over, goes
//! on where it was.

use super::standings::Standings;
use super::store::{ArenaGame, StoredArena};
use crate::challenges::store::now_ms;
use crate::hub::SharedHub;
use crate::ids::{AccountId, GameId};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

/// How often the runner looks at its arenas.
pub const TICK: Duration = Duration::from_secs(1);

/// How long a node's lease on an arena lasts: a node that stops renewing it (it died)
/// is replaced within this.
pub const LEASE_MS: i64 = 5_000;

/// A player whose arena page asked for the standings this recently is there (the page
/// asks every two seconds), as is one with any socket open.
const SEEN_MS: i64 = 10_000;

/// How often the schedule's arenas are made.
const SCHEDULE_EVERY: Duration = Duration::from_secs(60);

/// What the runner keeps between rounds: only what storage need not know.
#[derive(Default)]
struct State {
    /// Since when each player of each arena has waited for a game (ms).
    waiting: HashMap<(String, AccountId), i64>,
    /// The games already looked at for a no-show.
    looked: HashSet<String>,
}

/// Starts the runner, until the server closes.
pub fn start(hub: &SharedHub) {
    let hub = Arc::clone(hub);
    tokio::spawn(async move {
        let mut closing = hub.closing.clone();
        let mut state = State::default();
        let mut scheduled: Option<std::time::Instant> = None;
        loop {
            if scheduled.is_none_or(|t| t.elapsed() >= SCHEDULE_EVERY) {
                make_due(&hub).await;
                scheduled = Some(std::time::Instant::now());
            }
            if let Err(e) = tick(&hub, &mut state).await {
                tracing::warn!(error = %e, "the arenas' runner failed a round; it goes on");
            }
            tokio::select! {
                _ = tokio::time::sleep(TICK) => {}
                _ = hub.arenas.wake.notified() => {}
                _ = closing.wait_for(|c| *c) => return,
            }
        }
    });
}

/// One round over the arenas to run.
async fn tick(hub: &SharedHub, state: &mut State) -> Result<(), crate::error::Failure> {
    let now = now_ms();
    let arenas = hub.db(move |db| db.arenas_to_run(now)).await?;
    let node = hub.config.node.clone();
    for arena in arenas {
        let (id, me) = (arena.id.clone(), node.clone());
        if !hub
            .db(move |db| db.take_arena(&id, &me, now, now + LEASE_MS))
            .await?
        {
            continue;
        }
        run(hub, &arena, state).await?;
    }
    Ok(())
}

/// One round of arena `a`, whose lease this node holds.
async fn run(
    hub: &SharedHub,
    a: &StoredArena,
    state: &mut State,
) -> Result<(), crate::error::Failure> {
    let waiting = &mut state.waiting;
    let now = now_ms();
    if now >= a.ends_ms() {
        let id = a.id.clone();
        hub.db(move |db| db.finish_arena(&id)).await?;
        waiting.retain(|(arena, _), _| *arena != a.id);
        tracing::info!(arena = %a.id, "an arena ended");
        return Ok(());
    }
    let (id, preset) = (a.id.clone(), a.preset());
    let (players, games) = hub
        .db(move |db| Ok((db.arena_players(&id, preset)?, db.arena_games(&id)?)))
        .await?;
    let placement = i64::try_from(hub.config.arena_placement.as_millis()).unwrap_or(i64::MAX);
    let mut playing: HashSet<AccountId> = HashSet::new();
    for g in games.iter().filter(|g| g.ended_ms.is_none()) {
        playing.extend(g.seats);
        if now - g.created_ms >= placement
            && !state.looked.contains(&g.game)
            && settle_no_show(hub, g).await
        {
            state.looked.insert(g.game.clone());
        }
    }
    let standings = Standings::count(&players, &games, a.ends_ms());
    // Two no-shows in a row: out until they come back.
    for row in standings.rows.iter().filter(|r| r.withdrawn && !r.paused) {
        let (id, account) = (a.id.clone(), row.account);
        hub.db(move |db| db.pause_arena(&id, account)).await?;
        tracing::info!(arena = %a.id, account = %account, "withdrawn after two no-shows");
    }
    let seen: HashMap<AccountId, i64> = players.iter().map(|p| (p.account, p.seen_ms)).collect();
    let mut ready = Vec::new();
    for row in &standings.rows {
        let key = (a.id.clone(), row.account);
        let seen = seen.get(&row.account).is_some_and(|&t| now - t <= SEEN_MS);
        if row.paused
            || row.withdrawn
            || playing.contains(&row.account)
            || !(seen || online(hub, row.account).await)
        {
            waiting.remove(&key);
            continue;
        }
        let since = *waiting.entry(key).or_insert(now);
        ready.push(super::standings::Waiting {
            account: row.account,
            rank: row.rank,
            rating: row.rating,
            last_opponent: last_opponent(&games, row.account),
            waited_ms: now - since,
        });
    }
    let apart = {
        let id = a.id.clone();
        hub.db(move |db| db.blocks_in_arena(&id)).await?
    };
    let pairs = super::standings::wave(&ready, a.clock, &apart);
    for (one, two) in pairs {
        waiting.remove(&(a.id.clone(), one));
        waiting.remove(&(a.id.clone(), two));
        if let Err(e) = super::pair::start(hub, a, one, two).await {
            tracing::warn!(arena = %a.id, error = %e, "an arena's pair could not start its game");
        }
    }
    Ok(())
}

/// Whether `account` has a page open, here or on another node.
async fn online(hub: &SharedHub, account: AccountId) -> bool {
    crate::challenges::online(hub, account)
        .await
        .unwrap_or(false)
}

/// Who `account` played last in the arena.
fn last_opponent(games: &[ArenaGame], account: AccountId) -> Option<AccountId> {
    games
        .iter()
        .rev()
        .find_map(|g| g.seat_of(account).map(|p| g.account(p.other())))
}

/// An arena's game past the placement limit: its actor settles it (a seat that placed
/// nothing loses; neither: nobody wins). Asked once per game: a game whose battle began
/// is left to its clock. A game gone from storage's play (closed unfinished) counts as
/// nobody's win.
async fn settle_no_show(hub: &SharedHub, g: &ArenaGame) -> bool {
    let Some(id) = GameId::parse(&g.game) else {
        return true;
    };
    match crate::game::task::find(&hub.node, &id).await {
        Ok(crate::node::Lookup::Live(h)) => {
            match h
                .ask(|reply| crate::game::msg::GameMsg::NoShow { reply })
                .await
            {
                Ok(done) => {
                    tracing::debug!(game = %id, ?done, "an arena's no-show looked at");
                    true
                }
                Err(e) => {
                    tracing::warn!(game = %id, error = %e, "an arena's no-show could not be settled");
                    false
                }
            }
        }
        Ok(crate::node::Lookup::Missing | crate::node::Lookup::Abandoned) => {
            super::ear::noted(
                &hub.node,
                &hub.arenas,
                g.game.clone(),
                super::store::GameEnd {
                    winner: None,
                    shots: [0, 0],
                    reason: "no_show".into(),
                },
            )
            .await;
            true
        }
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "an arena's game could not be found");
            false
        }
    }
}

/// Makes the schedule's arenas that start within [`AHEAD_MS`](super::schedule::AHEAD_MS) and are not made yet.
pub async fn make_due(hub: &SharedHub) {
    let slots = hub.config.arena_schedule.0.clone();
    if slots.is_empty() {
        return;
    }
    let now = crate::challenges::store::now_ms();
    for slot in slots {
        for start in slot.starts(now, super::schedule::AHEAD_MS) {
            let arena = super::store::StoredArena {
                id: crate::ids::GameId::random().to_string(),
                name: slot.name(),
                rules: slot.rules.clone(),
                clock: slot.clock,
                minutes: slot.minutes,
                starts_ms: start,
                rated: true,
                bots: true,
                min_rated_games: 0,
                created_by: None,
                ended_early_ms: None,
                finished: false,
                schedule: Some(slot.key(start)),
            };
            match hub.db(move |db| db.add_arena(&arena)).await {
                Ok(true) => tracing::info!(slot = %slot.key(start), "a scheduled arena was made"),
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "a scheduled arena could not be made"),
            }
        }
    }
}
