//! Arenas over HTTP: the pages (`/arena`, `/arena/{id}`), what is coming and running
//! (`/arenas.json`), an arena with its standings as the viewer sees it
//! (`/arena/{id}/json`), and, from this server's pages only and signed in, the requests
//! that change one: `POST /arena/create`, `/arena/{id}/join`, `/arena/{id}/pause`,
//! `/arena/{id}/berserk` and (its maker's) `/arena/{id}/end`. Anyone may read an arena and watch its games.

use super::standings::Standings;
use super::store::StoredArena;
use crate::accounts::http::same_origin;
use crate::challenges::store::now_ms;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::ids::{AccountId, GameId};
use crate::protocol::ErrorCode;
use crate::web::error::ApiError;
use crate::web::extract::{Acting, CurrentAccount, Json};
use crate::web::preview::Preview;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use seabattle_wire::arena::{
    ArenaJson, ArenaListJson, ArenaState, ArenaSummary, Berserk, BerserkJson, CreateArena, MeJson,
    PlayingJson, RowJson,
};
use std::sync::Arc;

pub use super::schedule::{MAX_MINUTES, MIN_MINUTES};
/// The shortest clock, seconds per move.
pub const MIN_CLOCK: u32 = 5;
/// The longest clock, seconds per move (the server's own limit may be lower).
pub const MAX_CLOCK: u32 = 300;
/// How far ahead an arena may be set to start, in minutes: a week.
pub const MAX_START_IN: u32 = 7 * 24 * 60;
/// The longest name an arena may have, in characters.
pub const MAX_NAME: usize = 40;
/// Arenas one account may have coming or running at once.
pub const MAX_OPEN_PER_ACCOUNT: usize = 3;
/// Arenas listed of each kind (coming or running; ended).
const LISTED: u32 = 50;
/// Ended arenas are listed this long after they started.
const RECENT_MS: i64 = 24 * 60 * 60 * 1000;

/// The arenas' routes; those that change one behind the origin check.
pub fn routes(hub: &SharedHub) -> Router<SharedHub> {
    let changes = Router::new()
        .route("/arena/create", post(create))
        .route("/arena/{id}/join", post(join))
        .route("/arena/{id}/pause", post(pause))
        .route("/arena/{id}/berserk", post(berserk))
        .route("/arena/{id}/end", post(end))
        .route_layer(axum::middleware::from_fn_with_state(
            Arc::clone(hub),
            same_origin,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(16 << 10));
    Router::new()
        .route("/arena", get(list_page))
        .route("/arenas.json", get(list_json))
        .route("/arena/{id}", get(arena_page))
        .route("/arena/{id}/json", get(arena_json))
        .merge(changes)
}

fn no_arena(id: &str) -> ApiError {
    ApiError::new(ErrorCode::NotFound, format!("no arena has the id {id:?}"))
}

fn checked_id(id: &str) -> Result<&str, ApiError> {
    GameId::parse(id).map(|_| id).ok_or_else(|| no_arena(id))
}

/// `GET /arena`: the page, at the list of arenas.
pub async fn list_page(headers: HeaderMap) -> Response {
    crate::web::http::page(
        &headers,
        StatusCode::OK,
        r#"{"arena":"list"}"#,
        (Preview::Start, None),
        "/arena",
    )
}

/// `GET /arena/{id}`: the page, at that arena.
pub async fn arena_page(headers: HeaderMap, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = checked_id(&id)?;
    Ok(crate::web::http::page(
        &headers,
        StatusCode::OK,
        &format!(r#"{{"arena":"{id}"}}"#),
        (Preview::Start, None),
        &format!("/arena/{id}"),
    ))
}

/// Arena `a` as listed at `now`.
fn summary_of(a: &StoredArena, now: i64, by: Option<String>, players: u32) -> ArenaSummary {
    ArenaSummary {
        id: a.id.clone(),
        name: a.name.clone(),
        rules: a.rules.clone(),
        clock: a.clock,
        minutes: a.minutes,
        starts_ms: a.starts_ms,
        ends_ms: a.ends_ms(),
        state: a.state(now),
        rated: a.rated,
        bots: a.bots,
        min_rated_games: a.min_rated_games,
        by,
        every: a.schedule.as_deref().map(super::schedule::cadence_of_key),
        players,
    }
}

async fn maker(hub: &SharedHub, a: &StoredArena) -> Result<Option<String>, Failure> {
    let Some(by) = a.created_by else {
        return Ok(None);
    };
    Ok(hub
        .db(move |db| db.shown_account(by, None))
        .await?
        .map(|s| s.name))
}

/// `GET /arenas.json`.
pub async fn list_json(
    State(hub): State<SharedHub>,
) -> Result<axum::Json<ArenaListJson>, ApiError> {
    // The arenas and their makers' names in one call of two statements, not one a maker.
    let (open, ended, names, players) = hub
        .db(|db| {
            let (open, ended) = db.arenas_listed(RECENT_MS, LISTED)?;
            let makers: Vec<AccountId> = open
                .iter()
                .chain(&ended)
                .filter_map(|a| a.created_by)
                .collect();
            let names = db.names_of(&makers)?;
            let players = db.arena_player_counts()?;
            Ok((open, ended, names, players))
        })
        .await?;
    let now = now_ms();
    let summary = |a: &StoredArena| {
        let by = a.created_by.and_then(|id| names.get(&id).cloned());
        summary_of(a, now, by, players.get(&a.id).copied().unwrap_or(0))
    };
    Ok(axum::Json(ArenaListJson {
        now_ms: now,
        open: open.iter().map(summary).collect(),
        ended: ended.iter().map(summary).collect(),
    }))
}

async fn arena(hub: &SharedHub, id: &str) -> Result<StoredArena, ApiError> {
    let key = checked_id(id)?.to_string();
    hub.db(move |db| db.arena(&key))
        .await?
        .ok_or_else(|| no_arena(id))
}

/// `GET /arena/{id}/json`: the arena, its standings counted from its games, its games
/// being played, and the viewer's place.
pub async fn arena_json(
    State(hub): State<SharedHub>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<axum::Json<ArenaJson>, ApiError> {
    let a = arena(&hub, &id).await?;
    let viewer = crate::web::extract::session_account(&hub.node, &headers).await?;
    let (key, preset) = (a.id.clone(), a.preset());
    let (players, games) = hub
        .db(move |db| Ok((db.arena_players(&key, preset)?, db.arena_games(&key)?)))
        .await?;
    let standings = Standings::count(&players, &games, a.ends_ms());
    let now = now_ms();
    let names: std::collections::HashMap<AccountId, String> = players
        .iter()
        .map(|p| (p.account, p.name.clone()))
        .collect();
    let name = |id: AccountId| names.get(&id).cloned().unwrap_or_else(|| "—".into());
    let playing: Vec<PlayingJson> = games
        .iter()
        .filter(|g| g.ended_ms.is_none())
        .map(|g| PlayingJson {
            game: g.game.clone(),
            players: [name(g.seats[0]), name(g.seats[1])],
        })
        .collect();
    let rows: Vec<RowJson> = standings.rows.iter().map(|r| r.json()).collect();
    let state = a.state(now);
    let podium = (state == ArenaState::Finished).then(|| rows.iter().take(3).cloned().collect());
    let me = match viewer {
        None => None,
        Some(v) => {
            let row = standings.rows.iter().find(|r| r.account == v.id);
            if row.is_some() && state != ArenaState::Finished {
                // A player whose page follows the arena is there to be paired.
                let (key, account) = (a.id.clone(), v.id);
                hub.db(move |db| db.seen_in_arena(&key, account, now))
                    .await?;
            }
            let current = games
                .iter()
                .find(|g| g.ended_ms.is_none() && g.seat_of(v.id).is_some());
            let refused = admits(&hub, &a, &v)
                .await
                .err()
                .map(|e| e.into_client().message);
            // Those in a game now, read once: the page asks every two seconds.
            let busy: std::collections::HashSet<AccountId> = games
                .iter()
                .filter(|g| g.ended_ms.is_none())
                .flat_map(|g| g.seats)
                .collect();
            let free: Vec<AccountId> = standings
                .rows
                .iter()
                .filter(|r| {
                    r.account != v.id && !r.paused && !r.withdrawn && !busy.contains(&r.account)
                })
                .map(|r| r.account)
                .collect();
            let last = games
                .iter()
                .rev()
                .find_map(|g| g.seat_of(v.id).map(|p| g.account(p.other())));
            let rematch_secs =
                (!free.is_empty() && free.iter().all(|&f| Some(f) == last)).then(|| {
                    u32::try_from(seabattle_arena::pairing::REMATCH_AFTER_MS / 1000).unwrap_or(30)
                });
            let free = free.len();
            Some(MeJson {
                name: v.name.clone(),
                joined: row.is_some(),
                paused: row.is_some_and(|r| r.paused),
                withdrawn: row.is_some_and(|r| r.withdrawn),
                rank: row.map(|r| r.rank),
                score: row.map_or(0, |r| r.score),
                game: current.map(|g| g.game.clone()),
                berserk: current
                    .is_some_and(|g| g.seat_of(v.id).is_some_and(|p| g.berserk[p.index()])),
                refused,
                free: u32::try_from(free).unwrap_or(u32::MAX),
                wave_secs: u32::try_from(
                    // Rounded up: a wave of 7.5 s is not due at 7.
                    (seabattle_arena::pairing::wave_wait_ms(a.clock) + 999) / 1000,
                )
                .unwrap_or(10),
                rematch_secs,
            })
        }
    };
    let by = maker(&hub, &a).await?;
    Ok(axum::Json(ArenaJson {
        now_ms: now,
        arena: summary_of(
            &a,
            now,
            by,
            u32::try_from(players.len()).unwrap_or(u32::MAX),
        ),
        standings: rows,
        podium,
        playing,
        me,
    }))
}

/// Whether arena `a` admits account `v`: it has not ended, it takes BOTs if `v` is one,
/// and `v` has played the rated games it asks.
async fn admits(hub: &SharedHub, a: &StoredArena, v: &crate::StoredAccount) -> Result<(), Failure> {
    let closed = |why: String| Err(Failure::refused(ErrorCode::ArenaClosed, why));
    if a.state(now_ms()) == ArenaState::Finished {
        return closed(format!("the arena {:?} has ended", a.name));
    }
    if v.bot && !a.bots {
        return closed("this arena is for people: BOTs may not join it".into());
    }
    if a.min_rated_games > 0 {
        let (id, preset) = (v.id, a.preset());
        let ratings = hub.db(move |db| db.ratings(id)).await?;
        let played: u32 = ratings
            .iter()
            .filter(|r| preset.is_none_or(|p| r.preset == p))
            .map(|r| r.games)
            .sum();
        if played < a.min_rated_games {
            return closed(format!(
                "this arena is for players with at least {} rated games{}; you have {played}",
                a.min_rated_games,
                preset.map_or(String::new(), |p| format!(" under {}", p.name()))
            ));
        }
    }
    Ok(())
}

/// `POST /arena/create`: a signed-in player makes an arena; `201` with its summary.
pub async fn create(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
    Json(b): Json<CreateArena>,
) -> Result<Response, ApiError> {
    let bad = |code: ErrorCode, m: String| Err(ApiError::new(code, m));
    let max_clock = hub.config.limits.max_clock_secs.min(MAX_CLOCK);
    if !(MIN_CLOCK..=max_clock).contains(&b.clock) {
        return bad(
            ErrorCode::BadClock,
            format!(
                "clock: {} s per move; an arena's clock is {MIN_CLOCK} to {max_clock} s",
                b.clock
            ),
        );
    }
    if !(MIN_MINUTES..=MAX_MINUTES).contains(&b.minutes) {
        return bad(
            ErrorCode::BadRequest,
            format!(
                "minutes: {}; an arena runs {MIN_MINUTES} to {MAX_MINUTES} minutes",
                b.minutes
            ),
        );
    }
    if b.starts_in > MAX_START_IN {
        return bad(
            ErrorCode::BadRequest,
            format!(
                "starts_in: {} minutes; an arena starts within a week ({MAX_START_IN})",
                b.starts_in
            ),
        );
    }
    // An arena with no name of its own is named after its maker.
    crate::moderation::rename::not_pending(&hub, me.id, "make an arena").await?;
    let name = b.name.trim();
    if name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return bad(
            ErrorCode::BadName,
            format!("name: at most {MAX_NAME} characters, no control characters"),
        );
    }
    if hub.config.forbidden_words.forbids(name) {
        return bad(
            ErrorCode::ForbiddenWord,
            format!("name: {name:?} contains a word not allowed here; choose another"),
        );
    }
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, Some(&b.rules))
        .await?;
    if b.rated && rules.as_preset().is_none() {
        return bad(
            ErrorCode::NotRateable,
            "rated: only arenas under a preset are rated; these rules are custom".into(),
        );
    }
    let by = me.id;
    if hub.db(move |db| db.open_arenas_by(by)).await? >= MAX_OPEN_PER_ACCOUNT {
        return bad(
            ErrorCode::Limit,
            format!(
                "you have {MAX_OPEN_PER_ACCOUNT} arenas coming or running; make another once one ends"
            ),
        );
    }
    let a = StoredArena {
        id: GameId::random().to_string(),
        name: if name.is_empty() {
            format!("{}: arena", me.name)
        } else {
            name.to_string()
        },
        rules: rules.to_string(),
        clock: b.clock,
        minutes: b.minutes,
        starts_ms: now_ms() + i64::from(b.starts_in) * 60_000,
        rated: b.rated,
        bots: b.bots,
        min_rated_games: b.min_rated_games,
        created_by: Some(me.id),
        ended_early_ms: None,
        finished: false,
        schedule: None,
    };
    let stored = a.clone();
    hub.db(move |db| db.add_arena(&stored)).await?;
    tracing::info!(arena = %a.id, by = %me.id, "an arena was made");
    hub.arenas.wake();
    let json = summary_of(&a, now_ms(), Some(me.name.clone()), 0);
    Ok((StatusCode::CREATED, axum::Json(json)).into_response())
}

/// `POST /arena/{id}/join`: joins, or comes back after a pause. A BOT's program may
/// send it with its API token (`Authorization: Bearer`) instead of a session.
pub async fn join(
    State(hub): State<SharedHub>,
    Acting(me): Acting,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let a = arena(&hub, &id).await?;
    crate::moderation::rename::not_pending(&hub, me.id, "join an arena").await?;
    admits(&hub, &a, &me).await?;
    let (key, account) = (a.id.clone(), me.id);
    hub.db(move |db| db.join_arena(&key, account)).await?;
    hub.arenas.wake();
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /arena/{id}/pause`: no new games until the player joins again; a game being
/// played goes on.
pub async fn pause(
    State(hub): State<SharedHub>,
    Acting(me): Acting,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let a = arena(&hub, &id).await?;
    let (key, account) = (a.id.clone(), me.id);
    if !hub.db(move |db| db.pause_arena(&key, account)).await? {
        return Err(ApiError::new(
            ErrorCode::NotFound,
            format!("you are not in the arena {:?}", a.name),
        ));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /arena/{id}/end`: its maker ends the arena now (the games being played go
/// on, but no longer count); the runner counts the end within a second.
pub async fn end(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let a = arena(&hub, &id).await?;
    let (key, by) = (a.id.clone(), me.id);
    if !hub
        .db(move |db| db.end_arena_early(&key, by, now_ms()))
        .await?
    {
        return Err(ApiError::new(
            ErrorCode::ArenaClosed,
            format!("the arena {:?} is not yours to end, or has ended", a.name),
        ));
    }
    hub.arenas.wake();
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /arena/{id}/berserk`: the player halves their own clock in their arena game,
/// before their first shot.
pub async fn berserk(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
    Path(id): Path<String>,
    Json(b): Json<Berserk>,
) -> Result<axum::Json<BerserkJson>, ApiError> {
    let a = arena(&hub, &id).await?;
    let none = || {
        ApiError::new(
            ErrorCode::NoBerserk,
            format!("game {:?} is not yours in this arena", b.game),
        )
    };
    let game = GameId::parse(&b.game).ok_or_else(none)?;
    let key = b.game.clone();
    let Some((g, _)) = hub.db(move |db| db.arena_game(&key)).await? else {
        return Err(none());
    };
    if g.arena != a.id {
        return Err(none());
    }
    let seat = g.seat_of(me.id).ok_or_else(none)?;
    let crate::node::Lookup::Live(h) = crate::game::task::find(&hub.node, &game).await? else {
        return Err(none());
    };
    let clock = h
        .ask_or(|reply| crate::game::msg::GameMsg::Berserk { seat, reply })
        .await?;
    Ok(axum::Json(BerserkJson { clock }))
}
