//! Who is playing: the account whose session the request carries, else a guest known by
//! a random token in a cookie of its own (`sb_daily`, kept by the server only as its
//! SHA-256), handed out when a guest starts their first attempt.

use super::store::Who;
use crate::accounts::session;
use crate::ids::{new_token, token_hash};
use crate::node::SharedNode;
use crate::web::error::ApiError;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;

/// The guest's cookie.
pub const COOKIE: &str = "sb_daily";

/// How long a guest's cookie lasts: 400 days, the most a browser keeps one.
const LIFETIME_SECS: i64 = 400 * 24 * 60 * 60;

/// The player a request comes from, if it is anyone yet.
pub struct Viewer {
    /// The player.
    pub who: Option<Who>,
    /// The account's name, when signed in.
    pub name: Option<String>,
    /// Whether the account is a BOT: it plays, but is not ranked among people.
    pub bot: bool,
}

/// Reads who the request comes from: a live session's account, else a guest's cookie
/// of the right shape, else nobody yet.
pub async fn viewer(hub: &SharedNode, headers: &HeaderMap) -> Result<Viewer, ApiError> {
    if let Some(a) = crate::web::extract::session_account(hub, headers).await? {
        return Ok(Viewer {
            who: Some(Who::Account(a.id)),
            name: Some(a.name),
            bot: a.bot,
        });
    }
    let guest = session::cookie(headers, COOKIE)
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(|t| Who::Guest(token_hash(&t)));
    Ok(Viewer {
        who: guest,
        name: None,
        bot: false,
    })
}

/// A new guest: who they are, and the `Set-Cookie` value that hands them their token.
pub fn new_guest(tls: bool) -> (Who, String) {
    let token = new_token();
    let secure = if tls { "; Secure" } else { "" };
    let cookie = format!(
        "{COOKIE}={token}; Path=/daily; Max-Age={LIFETIME_SECS}; HttpOnly; SameSite=Lax{secure}"
    );
    (Who::Guest(token_hash(&token)), cookie)
}

/// Adds `cookie` to `r`'s headers.
pub fn set_cookie(r: &mut Response, cookie: &str) {
    if let Ok(v) = HeaderValue::from_str(cookie) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
}
