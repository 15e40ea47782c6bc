//! The daily sea over HTTP: the page (`/daily`, `/daily/YYYY-MM-DD`), a day as JSON
//! (`/daily/day/{today|YYYY-MM-DD}`), and the two requests that change an attempt,
//! from this server's page only: `POST /daily/start` and `POST /daily/shot`. The JSON
//! shows a player their own shots and, of the fleet, only the ships they sank, until
//! the day is over; then the fleet and salt, to check against the commitment.

use super::day::Day;
use super::play::{Attempt, Refusal, fleet_of};
use super::results::{RankedJson, histogram, record, share};
use super::store::{NotFired, StoredDay, Who};
use super::who::{Viewer, new_guest, set_cookie, viewer};
use crate::accounts::http::same_origin;
use crate::error::{Failure, StoreError};
use crate::guard::pace::Rate;
use crate::hub::SharedHub;
use crate::protocol::ErrorCode;
use crate::web::error::ApiError;
use crate::web::extract::{ClientAddr, Json};
use crate::web::preview::Preview;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;

/// Attempts a guest may start from one address: a new guest is a new cookie, and each
/// is a row.
pub const STARTS_PER_ADDRESS: Rate = Rate::per(30, Duration::from_secs(60 * 60));
/// Shots one address may fire: a whole attempt takes at most 100.
pub const SHOTS_PER_ADDRESS: Rate = Rate::per(1_200, Duration::from_secs(60));
/// Accounts listed by name among the day's best.
pub const RANKED_SHOWN: u32 = 10;
/// Days of a player's past read for their streak and best.
pub const DAYS_READ: u32 = 1_000;

/// The daily sea's routes; the two that change an attempt behind the origin check.
pub fn routes(hub: &SharedHub) -> Router<SharedHub> {
    let changes = Router::new()
        .route("/daily/start", post(start))
        .route("/daily/shot", post(shot))
        .route_layer(axum::middleware::from_fn_with_state(
            Arc::clone(hub),
            same_origin,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(4 << 10));
    Router::new()
        .route("/daily", get(today_page))
        .route("/daily/{date}", get(day_page))
        .route("/daily/day/{date}", get(day_json))
        .merge(changes)
}

/// `GET /daily`: the page, at today's puzzle.
pub async fn today_page(headers: HeaderMap) -> Response {
    crate::web::http::page(
        &headers,
        StatusCode::OK,
        r#"{"daily":"today"}"#,
        (Preview::Start, None),
        "/daily",
    )
}

/// `GET /daily/YYYY-MM-DD`: the page, at that day (a past day opens as its reveal).
/// A date that is none is refused, saying how to write one.
pub async fn day_page(headers: HeaderMap, Path(date): Path<String>) -> Result<Response, ApiError> {
    let day =
        Day::parse(&date).map_err(|e| ApiError::text(StatusCode::BAD_REQUEST, e.to_string()))?;
    let boot = format!(r#"{{"daily":"{day}"}}"#);
    Ok(crate::web::http::page(
        &headers,
        StatusCode::OK,
        &boot,
        (Preview::Start, None),
        &format!("/daily/{day}"),
    ))
}

pub use seabattle_wire::daily::{AttemptJson, DayJson, DayRevealJson as RevealJson, ResultsJson};

/// `POST /daily/start` `{"date"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    date: String,
}

/// `POST /daily/shot` `{"date","cell"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotBody {
    date: String,
    cell: String,
}

fn bad_date(e: super::day::BadDate) -> ApiError {
    ApiError::new(ErrorCode::BadRequest, format!("date: {e}"))
}

fn not_drawn(day: Day, today: Day) -> ApiError {
    ApiError::new(
        ErrorCode::NotFound,
        format!("the daily sea of {day} is not drawn yet: today is {today}"),
    )
}

/// The day a request names (`today` or a date), and today.
fn named_day(hub: &SharedHub, date: &str) -> Result<(Day, Day), ApiError> {
    let today = hub.config.daily_clock.today();
    let day = if date == "today" {
        today
    } else {
        Day::parse(date).map_err(bad_date)?
    };
    if day > today {
        return Err(not_drawn(day, today));
    }
    Ok((day, today))
}

/// Today, when `date` names it: an attempt is played on its own day only.
fn today_only(hub: &SharedHub, date: &str) -> Result<Day, ApiError> {
    let (day, today) = named_day(hub, date)?;
    if day < today {
        return Err(ApiError::new(
            ErrorCode::GameOver,
            format!(
                "the daily sea of {day} is over (its fleet is shown at /daily/{day}); today's is {today}"
            ),
        ));
    }
    Ok(day)
}

/// The stored day, drawn first if it is today's.
async fn stored_day(hub: &SharedHub, day: Day) -> Result<StoredDay, ApiError> {
    super::day(hub, day).await?.ok_or_else(|| {
        ApiError::new(
            ErrorCode::NotFound,
            format!("there was no daily sea on {day}: the server did not draw one that day"),
        )
    })
}

fn corrupt(e: String) -> ApiError {
    ApiError::from(Failure::Store(StoreError::corrupt(e)))
}

/// `GET /daily/day/{today|YYYY-MM-DD}`: the day as the requester sees it.
pub async fn day_json(
    State(hub): State<SharedHub>,
    headers: HeaderMap,
    Path(date): Path<String>,
) -> Result<Response, ApiError> {
    let (day, today) = named_day(&hub, &date)?;
    let stored = stored_day(&hub, day).await?;
    let v = viewer(&hub.node, &headers).await?;
    Ok(axum::Json(day_state(&hub, &stored, today, &v).await?).into_response())
}

/// `POST /daily/start` `{"date"}`: starts the player's one attempt at today's sea
/// (a guest gets their cookie now). `201` and the day, or `409 already_played`.
pub async fn start(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    headers: HeaderMap,
    Json(b): Json<StartBody>,
) -> Result<Response, ApiError> {
    let day = today_only(&hub, &b.date)?;
    let stored = stored_day(&hub, day).await?;
    let mut v = viewer(&hub.node, &headers).await?;
    let mut cookie = None;
    let who = match &v.who {
        Some(w) => w.clone(),
        None => {
            let key = format!("daily-start {}", client.addr.ip());
            throttled(&hub, &key, STARTS_PER_ADDRESS)?;
            let (w, c) = new_guest(client.tls);
            cookie = Some(c);
            v.who = Some(w.clone());
            w
        }
    };
    let now = hub.config.daily_clock.now_secs();
    let started = hub.db(move |db| db.start_daily(day, &who, now)).await?;
    if let Err(had) = started {
        let message = match had.score {
            Some(n) => format!(
                "one attempt a day: you sank the daily sea of {day} in {n} shots already; \
                 the next one is drawn at 00:00 UTC"
            ),
            None => format!(
                "one attempt a day: your attempt at the daily sea of {day} is under way \
                 ({} shots so far); go on with it",
                had.shots.len()
            ),
        };
        return Err(ApiError::new(ErrorCode::AlreadyPlayed, message));
    }
    let today = hub.config.daily_clock.today();
    let body = day_state(&hub, &stored, today, &v).await?;
    let mut r = (StatusCode::CREATED, axum::Json(body)).into_response();
    if let Some(c) = cookie {
        set_cookie(&mut r, &c);
    }
    Ok(r)
}

/// `POST /daily/shot` `{"date","cell"}`: fires at `cell` in the player's attempt at
/// today's sea. The day as the player now sees it, the shot answered last.
pub async fn shot(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    headers: HeaderMap,
    Json(b): Json<ShotBody>,
) -> Result<Response, ApiError> {
    throttled(
        &hub,
        &format!("daily-shot {}", client.addr.ip()),
        SHOTS_PER_ADDRESS,
    )?;
    let day = today_only(&hub, &b.date)?;
    let stored = stored_day(&hub, day).await?;
    let v = viewer(&hub.node, &headers).await?;
    let Some(who) = v.who.clone() else {
        return Err(not_started(day));
    };
    let fleet = fleet_of(&stored.fleet).map_err(corrupt)?;
    let now = hub.config.daily_clock.now_secs();
    let cell = b.cell;
    let fired = hub
        .db(move |db| db.daily_fire(day, &who, &fleet, &cell, now))
        .await?;
    match fired {
        Ok(_) => {
            let today = hub.config.daily_clock.today();
            Ok(axum::Json(day_state(&hub, &stored, today, &v).await?).into_response())
        }
        Err(NotFired::NotStarted) => Err(not_started(day)),
        Err(NotFired::Refused(r)) => {
            let code = match r {
                Refusal::OffBoard(_) => ErrorCode::OffBoard,
                Refusal::AlreadyShot(_) => ErrorCode::AlreadyShot,
                Refusal::Over { .. } => ErrorCode::GameOver,
            };
            Err(ApiError::new(code, r.to_string()))
        }
    }
}

fn not_started(day: Day) -> ApiError {
    ApiError::new(
        ErrorCode::NotStarted,
        format!("no attempt at the daily sea of {day} yet: start it first (POST /daily/start)"),
    )
}

fn throttled(hub: &SharedHub, key: &str, rate: Rate) -> Result<(), ApiError> {
    hub.throttle.take(key, rate).map_err(|too| {
        let secs = too.wait.as_secs().max(1);
        ApiError::new(
            ErrorCode::Throttled,
            format!("too many daily-sea requests from this address; try again in {secs} s"),
        )
        .retry_after(secs)
    })
}

/// Everything stored about `stored`'s day that the viewer may see now, read at once.
struct Read {
    attempt: Option<Attempt>,
    scores: Vec<(u32, u32)>,
    ranked: (Vec<(String, u32)>, u32),
    rank: Option<u32>,
    days: Vec<super::store::DayPlayed>,
}

/// The day as `v` sees it on `today`.
async fn day_state(
    hub: &SharedHub,
    stored: &StoredDay,
    today: Day,
    v: &Viewer,
) -> Result<DayJson, ApiError> {
    let day = stored.day;
    let past = day < today;
    let fleet = fleet_of(&stored.fleet).map_err(corrupt)?;
    let who: Option<Who> = v.who.clone();
    // A BOT plays the day, but the ranked are people only: it has no place among them.
    let ranked_viewer = !v.bot;
    let read = hub
        .db(move |db| {
            let attempt = match &who {
                Some(w) => match db.daily_attempt(day, w)? {
                    Some(a) => Some(
                        Attempt::replay(fleet.clone(), &a.shots).map_err(StoreError::corrupt)?,
                    ),
                    None => None,
                },
                None => None,
            };
            let over = attempt.as_ref().is_some_and(Attempt::over);
            if !(over || past) {
                return Ok(Read {
                    attempt,
                    scores: Vec::new(),
                    ranked: (Vec::new(), 0),
                    rank: None,
                    days: Vec::new(),
                });
            }
            let rank = match (&who, &attempt) {
                (Some(Who::Account(_)), Some(a)) if a.over() && ranked_viewer => {
                    Some(db.daily_rank(day, u32::try_from(a.score()).unwrap_or(u32::MAX))?)
                }
                _ => None,
            };
            Ok(Read {
                scores: db.daily_scores(day)?,
                ranked: db.daily_ranked(day, RANKED_SHOWN)?,
                rank,
                days: match &who {
                    Some(w) => db.daily_days_of(w, DAYS_READ)?,
                    None => Vec::new(),
                },
                attempt,
            })
        })
        .await?;
    let over = read.attempt.as_ref().is_some_and(Attempt::over);
    let results = (over || past).then(|| {
        let rec = v.who.as_ref().map(|_| record(&read.days, today));
        let share_json = read.attempt.as_ref().filter(|a| a.over()).map(|a| {
            let answers: Vec<_> = a.shots.iter().map(|f| f.answer).collect();
            share(day, &answers, rec.map_or(0, |r| r.streak.current))
        });
        ResultsJson {
            finished: read.scores.iter().map(|(_, n)| n).sum(),
            histogram: histogram(&read.scores),
            expert: stored.expert_shots.len(),
            ranked: read
                .ranked
                .0
                .iter()
                .map(|(name, score)| RankedJson {
                    name: name.clone(),
                    score: *score,
                })
                .collect(),
            ranked_count: read.ranked.1,
            rank: read.rank,
            record: rec,
            share: share_json,
        }
    });
    let reveal = past.then(|| RevealJson {
        fleet: stored.fleet.split(' ').map(str::to_string).collect(),
        salt: stored.salt.clone(),
        committed: super::commit::committed_text(day, &stored.fleet, &stored.salt),
        expert_shots: stored.expert_shots.clone(),
        expert_seed: stored.expert_seed,
    });
    Ok(DayJson {
        date: day.date(),
        today: today.date(),
        rules: "classic".to_string(),
        commitment: stored.commitment.clone(),
        player: v.name.clone(),
        attempt: read.attempt.map(|a| AttemptJson {
            afloat: a.afloat(),
            over: a.over(),
            score: a.over().then(|| a.score()),
            shots: a.shots,
        }),
        results,
        reveal,
    })
}
