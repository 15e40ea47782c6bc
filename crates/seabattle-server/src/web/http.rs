//! Plain HTTP: the web page, the protocol, and finished games' records.

use crate::analysis::lane::Outcome;
use crate::game::msg::{Finished, GameMsg, NotFinished};
use crate::game::task::Stored;
use crate::game::tell::target_json;
use crate::guard::work::{CLIENT, Lane};
use crate::hub::SharedHub;
use crate::ids::GameId;
use crate::node::Lookup;
use crate::protocol::replay::{About, Frames};
use crate::web::encoding::Encoded;
use crate::web::error::ApiError;
use crate::web::preview::{self, Preview};
use crate::web::records::Rendered;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use seabattle_core::{CoordSystem, GameRecord, Lang, Player, RecordError};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;

/// Everything the page loads comes from this server; nothing runs but its modules and
/// its service worker, and no other site may frame it.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
    script-src 'self'; connect-src 'self'; media-src 'self' data:; worker-src 'self'; \
    manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// Compresses what is served from memory before the first request needs it.
pub fn warm() {
    crate::web::assets::warm();
    crate::web::install::warm();
}

/// Headers every response carries: no sniffing, no referrer to other sites, no
/// framing; HTML pages also get the content security policy.
pub async fn secure(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    let html = h
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
    }
    response
}

const HTML: &str = "text/html; charset=utf-8";

/// The page with its boot object: `{}` for the start screen, `{"game":ID}` for a game's
/// link, `{"replay":ID}` for a replay, `{"missing":"game"}` for a link to no game. Ids
/// are checked to be lower-case letters and digits before they get here: nothing to
/// escape. The head previews `preview` in `lang`, else in the request's language.
pub(crate) fn page(
    headers: &HeaderMap,
    status: StatusCode,
    boot: &str,
    (preview, lang): (Preview, Option<Lang>),
    path: &str,
) -> Response {
    let head = preview::head(
        preview,
        lang.unwrap_or_else(|| preview::prefers(headers)),
        preview::origin(headers).as_deref(),
        path,
    );
    // The boot object first: a name in the head may read `{BOOT}`.
    let html = crate::web::assets::page()
        .replace("{BOOT}", boot)
        .replace("{HEAD}", &head);
    // A few kilobytes: gzip takes tens of microseconds.
    let body = Encoded::new(html.into_bytes(), false);
    let mut r = body.respond(headers, HTML, "no-cache");
    if r.status() == StatusCode::OK {
        *r.status_mut() = status;
    }
    r.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language"),
    );
    r
}

/// `GET /`: the start screen.
pub async fn index(headers: HeaderMap) -> Response {
    page(&headers, StatusCode::OK, "{}", (Preview::Start, None), "/")
}

/// The page for a link to no game.
fn missing(headers: &HeaderMap) -> Response {
    let boot = r#"{"missing":"game"}"#;
    page(
        headers,
        StatusCode::NOT_FOUND,
        boot,
        (Preview::Start, None),
        "/",
    )
}

/// `GET /g/{id}`: the link a game's creator sends; the page joins, resumes or watches.
/// A link to no game gets `404` and the page's own "no such game" screen, never an
/// invitation. The preview names the creator, in the language they play in, when the
/// game is in memory here (a messenger's robot that unfurls the link says no language).
pub async fn game_link(
    State(hub): State<SharedHub>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let Some(id) = GameId::parse(&id) else {
        return missing(&headers);
    };
    let Some(host) = preview::invitation(&hub.node, &id).await else {
        return missing(&headers);
    };
    let boot = format!(r#"{{"game":"{id}"}}"#);
    let path = id.link();
    page(
        &headers,
        StatusCode::OK,
        &boot,
        (Preview::Invite(host.name.as_deref()), host.lang),
        &path,
    )
}

/// `GET /replay/{id}`: step through a finished game.
pub async fn replay(headers: HeaderMap, Path(id): Path<String>) -> Response {
    let Some(id) = GameId::parse(&id) else {
        return missing(&headers);
    };
    let boot = format!(r#"{{"replay":"{id}"}}"#);
    let path = format!("/replay/{id}");
    page(
        &headers,
        StatusCode::OK,
        &boot,
        (Preview::Replay, None),
        &path,
    )
}

/// `GET /assets/{name}`: the page's style sheet and ES modules, built into the binary
/// and compressed once.
pub async fn asset(headers: HeaderMap, Path(name): Path<String>) -> Result<Response, ApiError> {
    let (mime, body) = crate::web::assets::find(&name)
        .ok_or_else(|| ApiError::text(StatusCode::NOT_FOUND, "no such file"))?;
    Ok(body.respond(&headers, mime, "no-cache"))
}

/// `GET /protocol.md`: the protocol document this server speaks.
pub async fn protocol() -> Response {
    (
        [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
        include_str!("../../../../docs/protocol.md"),
    )
        .into_response()
}

/// `GET /healthz`.
pub async fn health(State(hub): State<SharedHub>) -> String {
    format!("ok {} games in memory\n", hub.rooms_held())
}

/// `GET /readyz`: `200 ready` once the store answers and while the server is not
/// closing, else `503`: for a proxy's health checks.
pub async fn ready(State(hub): State<SharedHub>) -> Result<&'static str, ApiError> {
    let down = |why: &'static str| ApiError::text(StatusCode::SERVICE_UNAVAILABLE, why);
    if *hub.closing.borrow() {
        return Err(down("closing"));
    }
    if hub.draining.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(down("draining"));
    }
    match hub.db(|s| s.db().ping()).await {
        Ok(()) => Ok("ready\n"),
        Err(e) => {
            tracing::error!(error = %crate::error::chain(&e), "the store does not answer");
            Err(down("the store does not answer"))
        }
    }
}

/// `GET /metrics`: the Prometheus text format.
pub async fn metrics(State(hub): State<SharedHub>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        hub.metrics.render(
            hub.rooms_held(),
            hub.store.cluster().map(|c| c.name()),
            hub.moves.counts(),
        ),
    )
        .into_response()
}

/// Options of the text record.
#[derive(Deserialize)]
pub struct TextOptions {
    coords: Option<String>,
    lang: Option<String>,
}

/// The downloads of a finished game, rendered once; unfinished games have none, or
/// they would show the fleets. Each address may download only so many a minute.
async fn rendered(hub: &SharedHub, peer: SocketAddr, id: &str) -> Result<Arc<Rendered>, ApiError> {
    let id = GameId::parse(id).ok_or_else(missing_game)?;
    CLIENT.scope(peer.ip(), render(hub, peer, &id)).await
}

/// No game has that id.
fn missing_game() -> ApiError {
    ApiError::text(StatusCode::NOT_FOUND, "no such game")
}

/// The server could not look: `503` with what the client may know.
fn unavailable(e: crate::error::Failure) -> ApiError {
    ApiError::text(StatusCode::SERVICE_UNAVAILABLE, e.into_client().message)
}

async fn render(hub: &SharedHub, peer: SocketAddr, id: &GameId) -> Result<Arc<Rendered>, ApiError> {
    if !hub.addresses.may_download(peer.ip()) {
        let max = hub.config.limits.records_per_minute;
        return Err(ApiError::text(
            StatusCode::TOO_MANY_REQUESTS,
            format!("at most {max} downloads a minute from your address; wait a little"),
        ));
    }
    if let Some(r) = hub.records.get(id) {
        return Ok(r);
    }
    let gone = || {
        ApiError::text(
            StatusCode::GONE,
            "the game was closed unfinished: nobody played it for too long",
        )
    };
    // In a cluster another node may be serving the game: read it, do not take it.
    if hub.store.cluster().is_some() && hub.live(id).is_none() {
        let finished = match crate::game::task::read(&hub.node, id).await {
            Ok(Stored::Game(room)) => room.finished(),
            Ok(Stored::Missing) => return Err(missing_game()),
            Ok(Stored::Abandoned) => return Err(gone()),
            Err(e) => return Err(unavailable(e)),
        };
        return rendered_record(hub, id, about(finished.map_err(not_finished)?)).await;
    }
    let h = match crate::game::task::find(&hub.node, id).await {
        Ok(Lookup::Live(h)) => h,
        Ok(Lookup::Missing) => return Err(missing_game()),
        Ok(Lookup::Abandoned) => return Err(gone()),
        Err(e) => return Err(unavailable(e)),
    };
    let finished = h
        .ask(|reply| GameMsg::Record { reply })
        .await
        .map_err(|_| missing_game())?;
    let record = about(finished.map_err(not_finished)?);
    rendered_record(hub, id, record).await
}

/// Why a game's downloads cannot be had yet.
fn not_finished(why: NotFinished) -> ApiError {
    match why {
        NotFinished::Playing => ApiError::text(StatusCode::CONFLICT, "the game is not over"),
        NotFinished::NoRecord => missing_game(),
    }
}

/// A finished game's record, and what the replay says besides.
fn about(finished: Finished) -> (GameRecord, About) {
    let about = About {
        mode: finished.mode,
        winner: finished.ending.map(|e| e.0),
        reason: finished.ending.map(|e| e.1),
    };
    (finished.record, about)
}

/// Renders a finished game's record in the pool, and keeps it.
async fn rendered_record(
    hub: &SharedHub,
    id: &GameId,
    (record, about): (GameRecord, About),
) -> Result<Arc<Rendered>, ApiError> {
    let rendered = hub
        .work
        .run(Lane::Heavy, hub.config.limits.work_budget, move |_| {
            render_record(record, about)
        })
        .await
        .map_err(|o| unavailable(o.refusal("rendering the record")))?
        .map_err(|e| {
            tracing::error!(game = %id, error = %e, "a finished game's record does not replay");
            ApiError::text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the record could not be read",
            )
        })?;
    let rendered = Arc::new(rendered);
    hub.records.put(id, Arc::clone(&rendered));
    Ok(rendered)
}

/// Renders a finished game's downloads: its record replayed once.
fn render_record(record: GameRecord, about: About) -> Result<Rendered, RecordError> {
    let frames = serde_json::to_vec(&frames(&record, about)?).unwrap_or_default();
    let json = serde_json::to_vec_pretty(&record).unwrap_or_default();
    Ok(Rendered {
        json: Encoded::new(json, false),
        frames: Encoded::new(frames, false),
        record,
    })
}

/// Replays `record` once, keeping each position's boards.
fn frames(record: &GameRecord, about: About) -> Result<Frames, RecordError> {
    let mut frames = Vec::with_capacity(record.moves.len() + 1);
    record.replay_each(&mut |_, game| {
        frames.push(Player::BOTH.map(|p| target_json(game, p, true)));
    })?;
    Ok(Frames {
        spec: (&record.rules).into(),
        frames,
        about,
    })
}

/// A finished game never changes: clients and proxies may keep its downloads.
const KEEP: &str = "public, max-age=86400";

/// The client a download counts against: the peer, or behind a trusted proxy the
/// address it forwarded.
fn downloader(hub: &SharedHub, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
    crate::guard::address::client_of(&hub.config.trusted_proxies, peer, headers)
}

/// `GET /games/{id}/record.json`.
pub async fn record_json(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let r = rendered(&hub, downloader(&hub, peer, &headers), &id).await?;
    Ok(r.json.respond(&headers, "application/json", KEEP))
}

/// `GET /games/{id}/frames.json`: the boards after every move, for the replay page.
pub async fn frames_json(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let r = rendered(&hub, downloader(&hub, peer, &headers), &id).await?;
    Ok(r.frames.respond(&headers, "application/json", KEEP))
}

/// `GET /games/{id}/record.txt?coords=SYSTEM&lang=ru|en`: the text notation.
pub async fn record_text(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(opt): Query<TextOptions>,
) -> Result<Response, ApiError> {
    let bad = |e: String| ApiError::text(StatusCode::BAD_REQUEST, e);
    let system = match opt.coords.as_deref().map(str::parse::<CoordSystem>) {
        None => CoordSystem::Latin,
        Some(s) => s.map_err(|e| bad(e.to_string()))?,
    };
    let lang = match opt.lang.as_deref().map(str::parse::<Lang>) {
        None => Lang::En,
        Some(l) => l.map_err(|e| bad(e.to_string()))?,
    };
    let client = downloader(&hub, peer, &headers);
    let r = rendered(&hub, client, &id).await?;
    let work = hub
        .work
        .run(Lane::Heavy, hub.config.limits.work_budget, move |_| {
            Encoded::new(r.record.to_text(system, lang).into_bytes(), false)
        });
    let body = CLIENT
        .scope(client.ip(), work)
        .await
        .map_err(|o| unavailable(o.refusal("rendering the record")))?;
    Ok(body.respond(&headers, "text/plain; charset=utf-8", KEEP))
}

/// How long a request waits for an analysis being made: about as long as one takes.
const ANALYSIS_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

/// `GET /games/{id}/analysis.json`: a finished game's analysis (see
/// [`crate::analysis`]). Before the game ends the answer is `409` and says nothing of the
/// fleets; under rules it cannot judge, `422`; while the lane is making it longer than a
/// request waits, `503` with `Retry-After`.
pub async fn analysis_json(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    // The record's checks: the game exists, was not abandoned, is over.
    let r = rendered(&hub, downloader(&hub, peer, &headers), &id).await?;
    let game = GameId::parse(&id).ok_or_else(missing_game)?;
    let outcome = hub
        .analyst
        .get(&hub.node, &game, &r.record, ANALYSIS_WAIT)
        .await;
    match outcome {
        Some(Outcome::Ready(body)) => {
            let mut response = body.as_str().to_owned().into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            Ok(response)
        }
        Some(Outcome::Unsupported(rules)) => Err(ApiError::text(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("game analysis is not available for these rules ({rules})"),
        )),
        Some(Outcome::Busy) | None => Err(ApiError::text(
            StatusCode::SERVICE_UNAVAILABLE,
            "the game is being analysed; try again in a moment",
        )
        .retry_after(5)),
        Some(Outcome::Failed) => Err(ApiError::text(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the game could not be analysed",
        )),
    }
}
