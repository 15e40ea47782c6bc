//! The moderators' endpoints under `/mod/`: the open reports grouped by player, the
//! log, and the actions. The role is read from storage on every request ([`Moderator`]):
//! anyone else gets `403 not_moderator`, signed in or not, and so does a request that
//! carries a BOT's API token. Granting the role is the operator's only.

use super::act::{self, Act, Actor, ModerationError};
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::ids::AccountId;
use crate::protocol::ErrorCode;
use crate::web::error::ApiError;
use crate::web::extract::{Json, session_account};
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use seabattle_wire::moderation::{ModAction, ModLogEntry, ModRequest, ReportedPlayer};

/// The log's lines `GET /mod/log` gives, newest first.
pub const LOG_LINES: u32 = 200;

/// A signed-in moderator, the role checked in storage on this request.
pub struct Moderator {
    /// Their account.
    pub id: AccountId,
    /// Their name.
    pub name: String,
}

/// The refusal of anyone but a moderator.
fn not_moderator() -> ApiError {
    ApiError::new(
        ErrorCode::NotModerator,
        "this is for moderators only; the operator grants the role (seabattle admin grant-mod)",
    )
}

impl FromRequestParts<SharedHub> for Moderator {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &SharedHub) -> Result<Self, ApiError> {
        // A BOT's token never moderates, whatever session rides beside it.
        if crate::bot_accounts::bearer::token(&parts.headers).is_some() {
            return Err(not_moderator());
        }
        let Some(a) = session_account(&hub.node, &parts.headers).await? else {
            return Err(not_moderator());
        };
        let id = a.id;
        if a.bot || !hub.db(move |db| db.is_moderator(id)).await? {
            return Err(not_moderator());
        }
        Ok(Moderator { id, name: a.name })
    }
}

/// `GET /mod`: the moderators' page. Anyone else gets it with `403`, and the page says
/// why: what it reads (`/mod/reports`, `/mod/log`) is refused to them as well.
pub async fn page(headers: HeaderMap, m: Result<Moderator, ApiError>) -> Response {
    let status = if m.is_ok() {
        StatusCode::OK
    } else {
        StatusCode::FORBIDDEN
    };
    crate::web::http::page(
        &headers,
        status,
        &format!(r#"{{"moderation":{}}}"#, m.is_ok()),
        (crate::web::preview::Preview::Start, None),
        "/mod",
    )
}

/// `GET /mod/reports`: the open reports, grouped by player, the heaviest first, with
/// each player's figures and their analysed accuracy in the reported games.
pub async fn reports(
    State(hub): State<SharedHub>,
    _m: Moderator,
) -> Result<axum::Json<Vec<ReportedPlayer>>, ApiError> {
    let open = hub
        .db(|db| {
            let mut open = db.open_reports()?;
            super::dossier::fill(db, &mut open)?;
            Ok(open)
        })
        .await?;
    Ok(axum::Json(open))
}

/// `GET /mod/log`: the moderation log's latest lines, newest first.
pub async fn log(
    State(hub): State<SharedHub>,
    _m: Moderator,
) -> Result<axum::Json<Vec<ModLogEntry>>, ApiError> {
    Ok(axum::Json(hub.db(|db| db.moderation_log(LOG_LINES)).await?))
}

/// The action a request asks for, checked, and whom it names.
fn asked(hub: &SharedHub, r: &ModRequest) -> Result<(Act, String), ApiError> {
    let bad = |m: &str| ApiError::new(ErrorCode::BadRequest, m.to_string());
    let act = match r.action {
        ModAction::Warn => Act::Warn,
        ModAction::Mute => Act::Mute {
            minutes: r
                .minutes
                .ok_or_else(|| bad("minutes: say how long the mute lasts"))?,
        },
        ModAction::MarkEngine => Act::MarkEngine,
        ModAction::UnmarkEngine => Act::UnmarkEngine,
        ModAction::ForceRename => Act::ForceRename,
        ModAction::Close => Act::Close,
        ModAction::Reopen => Act::Reopen,
        ModAction::DisableBot => Act::DisableBot,
        ModAction::CloseArena => Act::CloseArena {
            rename: match r.name.as_deref() {
                Some(n) => {
                    let n = super::operator::arena_name(n).map_err(Failure::from)?;
                    if hub.config.forbidden_words.forbids(&n) {
                        return Err(ApiError::new(
                            ErrorCode::ForbiddenWord,
                            format!("name: {n:?} contains a word not allowed here"),
                        ));
                    }
                    Some(n)
                }
                None => None,
            },
        },
        ModAction::GrantMod | ModAction::RevokeMod => {
            return Err(Failure::from(ModerationError::OperatorOnly(r.action)).into());
        }
    };
    act::validate(&act).map_err(Failure::from)?;
    let whom = if act.on_arena() {
        r.arena
            .clone()
            .ok_or_else(|| bad("arena: name the arena's id"))?
    } else {
        r.player
            .clone()
            .ok_or_else(|| bad("player: name the player"))?
    };
    Ok((act, whom))
}

/// `POST /mod/act`: a moderator's action, written to the log (the line is the answer);
/// with `resolve`, the player's open reports are resolved by it. A closed account or a
/// disabled BOT is signed out on every node at once.
pub async fn act(
    State(hub): State<SharedHub>,
    m: Moderator,
    Json(r): Json<ModRequest>,
) -> Result<axum::Json<ModLogEntry>, ApiError> {
    let reason = act::reason(&r.reason).map_err(Failure::from)?;
    let (act, whom) = asked(&hub, &r)?;
    let (lookup, named) = (act.clone(), whom.clone());
    let target = hub
        .db(move |db| Ok(super::operator::find(db, &lookup, &named)))
        .await?
        .map_err(Failure::from)?;
    if target.account() == Some(m.id) {
        return Err(ApiError::new(
            ErrorCode::BadRequest,
            "a moderator does not act on their own account",
        ));
    }
    let actor = Actor::Moderator {
        id: m.id,
        name: m.name.clone(),
    };
    let (done, resolve, on) = (act.clone(), r.resolve, target.clone());
    let entry = hub
        .db(move |db| Ok(db.moderate(&actor, &on, &done, &reason, resolve)))
        .await?
        .map_err(Failure::from)?;
    tracing::info!(moderator = %m.id, action = act.action().word(), target = %whom, "a moderator acted");
    if let (Some(id), true) = (target.account(), act.ends_sessions()) {
        hub.sign_out(id).await;
    }
    if act.on_arena() {
        hub.arenas.wake();
    }
    Ok(axum::Json(entry))
}
