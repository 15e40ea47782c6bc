//! A BOT's API token on a request: the `Authorization: Bearer` header, whether a token
//! may come the way it came (over TLS, from this machine, or as the operator allows),
//! and the BOT account it opens, counted against the address as a password attempt is.
//! The socket's upgrade and `auth` message and the HTTP routes a BOT may call (an
//! arena's join and pause) share these, so a token is taken by one rule everywhere.

use crate::accounts::store::StoredAccount;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::protocol::{ClientError, ErrorCode};

use axum::http::HeaderMap;
use std::net::IpAddr;

/// Token attempts from one address: as many as logins (`crate::accounts::throttle`).
pub const TOKENS_PER_ADDRESS: crate::guard::pace::Rate =
    crate::accounts::throttle::LOGINS_PER_ADDRESS;

/// The token of an `Authorization: Bearer TOKEN` header.
pub fn token(headers: &HeaderMap) -> Option<String> {
    let value = headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let token = value.strip_prefix("Bearer ")?.trim();
    (!token.is_empty()).then(|| token.to_string())
}

/// Whether an API token may come this way: over TLS (a trusted proxy says
/// `X-Forwarded-Proto: https`), from this machine, or anyhow if the operator allows
/// plain HTTP (`Config::plain_tokens`). `direct` is the peer, `client` the address a
/// trusted proxy forwarded.
pub fn transport(hub: &SharedHub, direct: IpAddr, client: IpAddr, headers: &HeaderMap) -> bool {
    let trusted = hub.config.trusted_proxies.contains(&direct);
    hub.config.plain_tokens
        || crate::accounts::session::over_tls(headers, trusted)
        || (client.is_loopback() && (direct.is_loopback() || trusted))
}

/// The refusal of a token sent in clear across a network.
pub fn plain_token() -> ClientError {
    ClientError::new(
        ErrorCode::PlainToken,
        "API tokens are taken over TLS only (wss://): this one came over plain HTTP \
         from another machine; the operator may allow it (serve --plain-tokens)",
    )
}

/// The BOT account an API token opens, counted against the address's attempts before
/// it is looked up, as a password is; a token that opens none is `bad_token`.
pub async fn bot_account(
    hub: &SharedHub,
    ip: IpAddr,
    token: &str,
) -> Result<StoredAccount, ClientError> {
    let key = format!("token {ip}");
    let rate = TOKENS_PER_ADDRESS;
    if let Err(too) = hub.throttle.take(&key, rate) {
        return Err(ClientError::new(
            ErrorCode::Throttled,
            format!(
                "too many token attempts; try again in {} s",
                too.wait.as_secs().max(1)
            ),
        ));
    }
    let hash = crate::ids::token_hash(token);
    match hub.db(move |db| db.token_owner(&hash)).await {
        Ok(Some(owner)) => {
            hub.throttle.give_back(&key, rate);
            Ok(owner)
        }
        Ok(None) => Err(ClientError::new(
            ErrorCode::BadToken,
            "this API token opens no BOT account: it is unknown or revoked",
        )),
        Err(e) => Err(Failure::Store(e).into_client()),
    }
}

impl From<StoredAccount> for crate::conn::Account {
    fn from(a: StoredAccount) -> Self {
        crate::conn::Account {
            id: a.id,
            name: a.name,
            bot: a.bot,
        }
    }
}
