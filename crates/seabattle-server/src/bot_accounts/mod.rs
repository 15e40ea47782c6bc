//! BOT accounts (issue 40): an account with no games becomes a BOT, for good, and plays
//! through API tokens instead of a session: random, shown once, stored as SHA-256,
//! named, listed and revocable. A BOT's socket carries its token (`Authorization:
//! Bearer`), never a cookie, so the cookie's `Origin` rule does not apply to it; a
//! BOT's own session (it may still sign in, to manage its tokens) acts for nobody at
//! the board. A BOT plays by challenge: never in the queue nor the lobby.

pub mod bearer;
pub mod store;

use crate::accounts::http::{Credentials, reauthenticate};
use crate::hub::SharedHub;
use crate::ids::{new_token, token_hash};
use crate::protocol::ErrorCode;
use crate::web::error::ApiError;
use crate::web::extract::{ClientAddr, CurrentAccount, Json};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use seabattle_wire::account::{BotChallenges, Made, MadeToken, NewToken, Revoke, TokenInfo};
use store::NotMade;

/// `POST /account/bot` `{"name", "password"}`: the signed-in account becomes a BOT,
/// for good. The password is asked again, as for a deletion.
pub async fn make_bot(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    CurrentAccount(current): CurrentAccount,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let account = reauthenticate(&hub, client, &current, c).await?;
    let id = account.id;
    match hub.db(move |db| db.make_bot(id)).await? {
        Ok(()) | Err(NotMade::AlreadyBot) => {}
        Err(NotMade::HasGames) => {
            return Err(ApiError::new(
                ErrorCode::HasGames,
                "an account that has played games cannot become a BOT; make a new one",
            ));
        }
    }
    tracing::info!(account = %id, "the account is a BOT now");
    // Its pages' sockets stop acting for it at the board.
    hub.sign_out(id).await;
    Ok(axum::Json(Made {
        name: account.name,
        bot: true,
    })
    .into_response())
}

fn bot_of(a: &crate::accounts::store::StoredAccount) -> Result<(), ApiError> {
    if a.bot {
        return Ok(());
    }
    Err(ApiError::new(
        ErrorCode::NotABot,
        "API tokens are for BOT accounts: make this account a BOT first (POST /account/bot)",
    ))
}

/// Refuses a BOT's socket a place among people looking for people (`where_`): BOTs
/// play by challenge.
pub fn not_a_bot(conn: &crate::conn::Conn, where_: &str) -> Result<(), crate::error::Failure> {
    if conn.account().is_some_and(|a| a.bot) {
        return Err(crate::error::Failure::refused(
            ErrorCode::BotNotAllowed,
            format!("a BOT is never in {where_}: it plays the people who challenge it"),
        ));
    }
    Ok(())
}

/// `POST /account/bot-challenges` `{"allow": true|false}`: whether the signed-in person
/// takes challenges from BOTs (off until turned on: nobody meets a BOT they did not
/// agree to).
pub async fn bot_challenges(
    State(hub): State<SharedHub>,
    CurrentAccount(a): CurrentAccount,
    Json(b): Json<BotChallenges>,
) -> Result<Response, ApiError> {
    let (id, allow) = (a.id, b.allow);
    hub.db(move |db| db.set_bot_challenges(id, allow)).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /account/tokens` `{"name"}`: a new token for the signed-in BOT, shown once.
pub async fn add_token(
    State(hub): State<SharedHub>,
    CurrentAccount(a): CurrentAccount,
    Json(t): Json<NewToken>,
) -> Result<Response, ApiError> {
    bot_of(&a)?;
    let name = t.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(ApiError::new(
            ErrorCode::BadRequest,
            "name: 1 to 40 characters, no control characters",
        ));
    }
    let token = new_token();
    let (id, hash) = (a.id, token_hash(&token));
    let info = hub.db(move |db| db.add_token(id, &name, &hash)).await?;
    tracing::info!(account = %id, token_id = info.id, "an API token was made");
    Ok((StatusCode::CREATED, axum::Json(MadeToken { info, token })).into_response())
}

/// `GET /account/tokens`: the signed-in account's tokens, never the tokens themselves.
pub async fn tokens(
    State(hub): State<SharedHub>,
    CurrentAccount(a): CurrentAccount,
) -> Result<axum::Json<Vec<TokenInfo>>, ApiError> {
    let id = a.id;
    Ok(axum::Json(hub.db(move |db| db.tokens(id)).await?))
}

/// `POST /account/tokens/revoke` `{"id"}`: the token opens nothing from now on.
pub async fn revoke(
    State(hub): State<SharedHub>,
    CurrentAccount(a): CurrentAccount,
    Json(r): Json<Revoke>,
) -> Result<Response, ApiError> {
    let (account, id) = (a.id, r.id);
    if !hub.db(move |db| db.revoke_token(account, id)).await? {
        return Err(ApiError::new(
            ErrorCode::NotFound,
            format!("no live token {id} of this account"),
        ));
    }
    tracing::info!(account = %account, token_id = id, "an API token was revoked");
    Ok(StatusCode::NO_CONTENT.into_response())
}
