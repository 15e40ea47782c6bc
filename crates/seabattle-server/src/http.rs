//! Plain HTTP: the web page, the protocol, and finished games' records.

use crate::advice::rules_json;
use crate::hub::SharedHub;
use crate::ids::is_game_id;
use crate::protocol::{RulesJson, TargetJson};
use crate::room::target_json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use seabattle_core::{CoordSystem, GameRecord, Lang, Phase, Player};
use serde::{Deserialize, Serialize};

/// The web page's shell; `{BOOT}` becomes a JSON object naming what to open.
const PAGE: &str = include_str!("../assets/web/index.html");

/// Everything the page loads comes from this server; nothing runs but its modules.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
    script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'";

/// The page with its boot object: `{}` for the start screen, `{"game":ID}` for a game's
/// link, `{"replay":ID}` for a replay. Ids are checked to be lower-case letters and
/// digits before they get here: nothing to escape.
fn page(boot: &str) -> Response {
    (
        [
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CSP),
        ],
        Html(PAGE.replace("{BOOT}", boot)),
    )
        .into_response()
}

/// `GET /`: the start screen.
pub async fn index() -> Response {
    page("{}")
}

/// `GET /g/{id}`: the link a game's creator sends; the page joins, resumes or watches.
pub async fn game_link(Path(id): Path<String>) -> Response {
    if !is_game_id(&id) {
        return plain(StatusCode::NOT_FOUND, "no such game");
    }
    page(&format!(r#"{{"game":"{id}"}}"#))
}

/// `GET /replay/{id}`: step through a finished game.
pub async fn replay(Path(id): Path<String>) -> Response {
    if !is_game_id(&id) {
        return plain(StatusCode::NOT_FOUND, "no such game");
    }
    page(&format!(r#"{{"replay":"{id}"}}"#))
}

/// `GET /assets/{name}`: the page's style sheet and ES modules, built into the binary.
pub async fn asset(Path(name): Path<String>) -> Response {
    match crate::assets::find(&name) {
        Some((mime, body)) => (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => plain(StatusCode::NOT_FOUND, "no such file"),
    }
}

/// `GET /protocol.md`: the protocol document this server speaks.
pub async fn protocol() -> Response {
    (
        [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
        include_str!("../../../docs/protocol.md"),
    )
        .into_response()
}

/// `GET /healthz`.
pub async fn health(State(hub): State<SharedHub>) -> String {
    format!("ok {} games in memory\n", hub.rooms_held())
}

/// Options of the text record.
#[derive(Deserialize)]
pub struct TextOptions {
    coords: Option<String>,
    lang: Option<String>,
}

fn plain(status: StatusCode, msg: &str) -> Response {
    (status, format!("{msg}\n")).into_response()
}

/// The record of a finished game; unfinished games have none, or it would show the
/// fleets.
async fn finished_record(hub: &SharedHub, id: &str) -> Result<GameRecord, Response> {
    let missing = || plain(StatusCode::NOT_FOUND, "no such game");
    if !is_game_id(id) {
        return Err(missing());
    }
    let cell = match hub.room(id).await {
        Ok(Some((cell, _))) => cell,
        Ok(None) => return Err(missing()),
        Err(e) => {
            eprintln!("seabattle-server: {e}");
            return Err(plain(StatusCode::INTERNAL_SERVER_ERROR, "storage failed"));
        }
    };
    let room = cell.lock().await;
    if room.game.phase() != Phase::Over {
        return Err(plain(StatusCode::CONFLICT, "the game is not over"));
    }
    // A finished game loaded only to be downloaded need not stay in memory.
    if room.seats.iter().all(|s| s.conn.is_none()) && room.spectators.is_empty() {
        hub.evict(id);
    }
    room.game.record().ok_or_else(missing)
}

/// `GET /games/{id}/record.json`.
pub async fn record_json(State(hub): State<SharedHub>, Path(id): Path<String>) -> Response {
    match finished_record(&hub, &id).await {
        Ok(r) => (
            [(header::CONTENT_TYPE, "application/json")],
            serde_json::to_string_pretty(&r).unwrap_or_default(),
        )
            .into_response(),
        Err(resp) => resp,
    }
}

/// The replay's frames: the rules in full, and for each number of moves played (from
/// none to all) what each player knew of the enemy waters, as `state`'s boards.
#[derive(Serialize)]
struct FramesJson {
    spec: RulesJson,
    frames: Vec<[TargetJson; 2]>,
}

/// Replays `record` through the rules engine move by move.
fn frames(record: &GameRecord) -> Result<FramesJson, seabattle_core::RecordError> {
    let frames = (0..=record.moves.len())
        .map(|n| {
            let upto = GameRecord {
                moves: record.moves[..n].to_vec(),
                ..record.clone()
            };
            let game = upto.replay()?;
            Ok(Player::BOTH.map(|p| target_json(&game, p, true)))
        })
        .collect::<Result<_, _>>()?;
    Ok(FramesJson {
        spec: rules_json(&record.rules),
        frames,
    })
}

/// `GET /games/{id}/frames.json`: the boards after every move, for the replay page.
pub async fn frames_json(State(hub): State<SharedHub>, Path(id): Path<String>) -> Response {
    let record = match finished_record(&hub, &id).await {
        Ok(r) => r,
        Err(resp) => return resp,
    };
    match frames(&record) {
        Ok(f) => (
            [(header::CONTENT_TYPE, "application/json")],
            serde_json::to_string(&f).unwrap_or_default(),
        )
            .into_response(),
        Err(e) => plain(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

/// `GET /games/{id}/record.txt?coords=SYSTEM&lang=ru|en`: the text notation.
pub async fn record_text(
    State(hub): State<SharedHub>,
    Path(id): Path<String>,
    Query(opt): Query<TextOptions>,
) -> Response {
    let system = match opt.coords.as_deref().map(str::parse::<CoordSystem>) {
        None => CoordSystem::Latin,
        Some(Ok(s)) => s,
        Some(Err(e)) => return plain(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    let lang = match opt.lang.as_deref().map(str::parse::<Lang>) {
        None => Lang::En,
        Some(Ok(l)) => l,
        Some(Err(e)) => return plain(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    match finished_record(&hub, &id).await {
        Ok(r) => (
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            r.to_text(system, lang),
        )
            .into_response(),
        Err(resp) => resp,
    }
}
