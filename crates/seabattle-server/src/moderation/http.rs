//! What a player does for themselves, over HTTP: block and unblock a player
//! (`/account/blocks`), report one (`/account/reports`); and the routes of the whole
//! folder, the moderators' (`super::desk`) beside them. Those that change state sit
//! behind the account routes' origin check.

use super::reports::NewReportRow;
use crate::accounts::name::AccountName;
use crate::hub::SharedHub;
use crate::ids::{AccountId, GameId};
use crate::protocol::ErrorCode;
use crate::web::error::ApiError;
use crate::web::extract::{CurrentAccount, Json};
use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use seabattle_wire::moderation::{BlockList, NewReport};
use std::sync::Arc;

/// The longest report's words, in characters.
pub const MAX_WORDS: usize = 500;

/// The folder's routes: the player's and the moderators'; those that change state
/// behind the origin check.
pub fn routes(hub: &SharedHub) -> Router<SharedHub> {
    let changes = Router::new()
        .route("/account/blocks/{name}", post(block).delete(unblock))
        .route("/account/reports", post(report))
        .route("/mod/act", post(super::desk::act))
        .route_layer(axum::middleware::from_fn_with_state(
            Arc::clone(hub),
            crate::accounts::http::same_origin,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(16 << 10));
    Router::new()
        .route("/account/blocks", get(blocks))
        .route("/mod", get(super::desk::page))
        .route("/mod/reports", get(super::desk::reports))
        .route("/mod/log", get(super::desk::log))
        .merge(changes)
}

/// The account named `name`: its id and name as stored; `404` if there is none.
pub(super) async fn named(hub: &SharedHub, name: &str) -> Result<(AccountId, String), ApiError> {
    let missing = || ApiError::new(ErrorCode::NotFound, format!("no player is named {name:?}"));
    let key = AccountName::parse(name)
        .map_err(|_| missing())?
        .key()
        .to_string();
    let a = hub
        .db(move |db| db.account(&key))
        .await?
        .ok_or_else(missing)?;
    Ok((a.id, a.name))
}

/// `GET /account/blocks`: whom the account blocks.
pub async fn blocks(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
) -> Result<axum::Json<BlockList>, ApiError> {
    let id = me.id;
    let blocked = hub.db(move |db| db.blocked_names(id)).await?;
    Ok(axum::Json(BlockList { blocked }))
}

/// `POST /account/blocks/{name}`: the account blocks `name`: they can no longer
/// challenge it or be paired with it, and its sockets stop hearing their quick chat.
pub async fn block(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    let (them, _) = named(&hub, &name).await?;
    if them == me.id {
        return Err(ApiError::new(
            ErrorCode::BadRequest,
            "you cannot block yourself",
        ));
    }
    let id = me.id;
    hub.db(move |db| db.block(id, them)).await?;
    for conn in hub.sockets.of(id) {
        conn.ignore(them);
    }
    tell_other_nodes(&hub, id).await;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /account/blocks/{name}`: the account no longer blocks `name`.
pub async fn unblock(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    let (them, shown) = named(&hub, &name).await?;
    let id = me.id;
    if !hub.db(move |db| db.unblock(id, them)).await? {
        return Err(ApiError::new(
            ErrorCode::NotFound,
            format!("you do not block {shown}"),
        ));
    }
    for conn in hub.sockets.of(id) {
        conn.unignore(them);
    }
    tell_other_nodes(&hub, id).await;
    Ok(StatusCode::NO_CONTENT)
}

/// In a cluster, tells every node that `account`'s blocks changed, so its sockets
/// there hear (or stop hearing) the quick chat they should. A notice that cannot be
/// sent is logged: the block itself is stored, and those sockets read it when they
/// open again.
async fn tell_other_nodes(hub: &SharedHub, account: AccountId) {
    let told = hub
        .db(move |db| db.cluster().map_or(Ok(()), |c| c.tell_blocks(account)))
        .await;
    if let Err(e) = told {
        tracing::warn!(account = %account, error = ?e, "the other nodes could not be told of a block");
    }
}

/// `POST /account/reports` `{"player", "reason", "words", "game"}`: the account reports
/// a player to the moderators. The player is never told, nor who reported them.
pub async fn report(
    State(hub): State<SharedHub>,
    CurrentAccount(me): CurrentAccount,
    Json(r): Json<NewReport>,
) -> Result<StatusCode, ApiError> {
    let bad = |m: String| ApiError::new(ErrorCode::BadRequest, m);
    let words = r.words.trim().to_string();
    if words.chars().count() > MAX_WORDS || words.chars().any(char::is_control) {
        return Err(bad(format!(
            "words: at most {MAX_WORDS} characters, no control characters"
        )));
    }
    let game = match r.game.as_deref() {
        Some(g) => Some(
            GameId::parse(g)
                .ok_or_else(|| bad(format!("game: {g:?} is no game id")))?
                .to_string(),
        ),
        None => None,
    };
    let (reported, _) = named(&hub, &r.player).await?;
    if reported == me.id {
        return Err(bad("you cannot report yourself".into()));
    }
    let row = NewReportRow {
        reporter: me.id,
        reported,
        reason: r.reason,
        words,
        game,
    };
    if !hub.db(move |db| db.add_report(&row)).await? {
        return Err(ApiError::new(
            ErrorCode::AlreadyReported,
            format!(
                "you reported {} for {} today already",
                r.player,
                r.reason.word()
            ),
        ));
    }
    Ok(StatusCode::CREATED)
}
