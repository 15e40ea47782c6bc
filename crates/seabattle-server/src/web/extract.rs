//! What a handler takes from a request, checked before it runs: the client's address
//! ([`ClientAddr`]), the signed-in account ([`CurrentAccount`]), and a JSON body
//! ([`Json`]); each refuses with an [`ApiError`] that says what was wrong.

use super::error::ApiError;
use crate::accounts::session;
use crate::accounts::store::StoredAccount;
use crate::hub::SharedHub;
use crate::ids::token_hash;
use crate::protocol::ErrorCode;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;

/// The client a request comes from: the peer, or behind a trusted proxy the address it
/// forwarded; and whether the page came over TLS (which only a trusted proxy can say).
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr {
    /// The client's address, which per-address limits count against.
    pub addr: SocketAddr,
    /// Whether the request reached the proxy over TLS.
    pub tls: bool,
}

impl FromRequestParts<SharedHub> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &SharedHub) -> Result<Self, ApiError> {
        let ConnectInfo(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or_else(|| {
                ApiError::new(ErrorCode::Unavailable, "the peer's address is unknown")
            })?;
        let trusted = hub.config.trusted_proxies.contains(&peer.ip());
        Ok(ClientAddr {
            addr: crate::guard::address::client_of(
                &hub.config.trusted_proxies,
                peer,
                &parts.headers,
            ),
            tls: session::over_tls(&parts.headers, trusted),
        })
    }
}

/// The account whose session cookie the request carries. A request without one, or
/// whose session ended, is refused `401 signed_out`.
#[derive(Clone, Debug)]
pub struct CurrentAccount(pub StoredAccount);

impl FromRequestParts<SharedHub> for CurrentAccount {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &SharedHub) -> Result<Self, ApiError> {
        if session::token(&parts.headers).is_none() {
            return Err(ApiError::new(ErrorCode::SignedOut, "not signed in"));
        }
        session_account(&hub.node, &parts.headers)
            .await?
            .map(CurrentAccount)
            .ok_or_else(|| ApiError::new(ErrorCode::SignedOut, "the session ended; sign in again"))
    }
}

/// The account of the request's session cookie, if it carries one whose session still
/// runs: for the pages anyone may read that show a signed-in viewer more (an arena's
/// place, the daily sea's attempt).
pub async fn session_account(
    node: &crate::node::SharedNode,
    headers: &axum::http::HeaderMap,
) -> Result<Option<StoredAccount>, ApiError> {
    let Some(token) = session::token(headers) else {
        return Ok(None);
    };
    let hash = token_hash(&token);
    Ok(node.db(move |db| db.session(&hash)).await?)
}

/// The account a request acts for: its session cookie's, or a BOT's whose API token
/// it carries (`Authorization: Bearer`, taken as the socket takes it:
/// [`crate::bot_accounts::bearer`]). For the few routes a BOT program calls itself (an
/// arena's join and pause); the rest take a session only ([`CurrentAccount`]).
#[derive(Clone, Debug)]
pub struct Acting(pub StoredAccount);

impl FromRequestParts<SharedHub> for Acting {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &SharedHub) -> Result<Self, ApiError> {
        use crate::bot_accounts::bearer;
        let Some(token) = bearer::token(&parts.headers) else {
            return CurrentAccount::from_request_parts(parts, hub)
                .await
                .map(|CurrentAccount(a)| Acting(a));
        };
        let client = ClientAddr::from_request_parts(parts, hub).await?;
        let direct = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(client.addr.ip(), |c| c.0.ip());
        if !bearer::transport(hub, direct, client.addr.ip(), &parts.headers) {
            let e = bearer::plain_token();
            return Err(ApiError::new(e.code, e.message));
        }
        bearer::bot_account(hub, client.addr.ip(), &token)
            .await
            .map(Acting)
            .map_err(|e| ApiError::new(e.code, e.message))
    }
}

/// A JSON body read as `T`, refused with `400 bad_request` (naming what is wrong),
/// `413 too_large` or a request without `Content-Type: application/json`, in the wire's
/// `{"code","message"}` like every other refusal.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let axum::Json(v) = axum::Json::<T>::from_request(req, state).await?;
        Ok(Json(v))
    }
}
