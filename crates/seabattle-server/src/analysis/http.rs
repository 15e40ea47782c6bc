//! `GET /games/{id}/analysis.json`: a finished game's analysis. Before the game ends
//! the answer is `409` and says nothing of the fleets; under rules it cannot judge,
//! `422`; while the lane is making it longer than a request waits, `503` with
//! `Retry-After`.

use super::lane::Outcome;
use crate::hub::SharedHub;
use crate::web::error::ApiError;
use crate::web::http::{downloader, rendered};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::time::Duration;

/// How long a request waits for an analysis being made: about as long as one takes.
const WAIT: Duration = Duration::from_secs(20);

/// The handler.
pub async fn analysis_json(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    // The record's checks: the game exists, was not abandoned, is over.
    let r = rendered(&hub, downloader(&hub, peer, &headers), &id).await?;
    let game = crate::ids::GameId::parse(&id)
        .ok_or_else(|| ApiError::text(StatusCode::NOT_FOUND, "no such game"))?;
    let outcome = hub.analyst.get(&hub.node, &game, &r.record, WAIT).await;
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
