//! Sessions: a random 256-bit token in an `HttpOnly`, `SameSite=Lax` cookie, kept by
//! the server only as its SHA-256, for thirty days.

use axum::http::{HeaderMap, header};

/// The cookie's name.
pub const COOKIE: &str = "sb_session";

/// How long a session lasts, in seconds: thirty days.
pub const LIFETIME_SECS: i64 = 30 * 24 * 60 * 60;

/// The `Set-Cookie` value that hands `token` to the browser; `Secure` when the page
/// came over TLS.
pub fn set_cookie(token: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; Path=/; Max-Age={LIFETIME_SECS}; HttpOnly; SameSite=Lax{secure}")
}

/// The `Set-Cookie` value that makes the browser forget its session.
pub fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}")
}

/// The session token the request's cookies carry, if any. Only the shape is checked
/// here (64 hex digits); whether it opens a session is storage's to say.
pub fn token(headers: &HeaderMap) -> Option<String> {
    cookie(headers, COOKIE).filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The value of the request's cookie `name`, the first if it is sent twice.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.to_string())
}

/// How often sessions that ended are erased.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Erases ended sessions every [`SWEEP_EVERY`] until the server closes: a session is
/// refused once it ends anyway; this only keeps the table from growing.
pub fn start_sweep(hub: crate::node::SharedNode) {
    crate::erase::every(hub, SWEEP_EVERY, "ended sessions", |db, now| {
        db.sweep_sessions(now)
    });
}

/// Whether the request came over TLS: the proxy in front says so with
/// `X-Forwarded-Proto: https`, believed only from a trusted proxy.
pub fn over_tls(headers: &HeaderMap, from_trusted_proxy: bool) -> bool {
    from_trusted_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_cookie_is_http_only_and_lax() {
        let c = set_cookie(&"a".repeat(64), false);
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax"), "{c}");
        assert!(!c.contains("Secure"));
        assert!(set_cookie("x", true).ends_with("; Secure"));
    }

    #[test]
    fn the_token_is_read_from_among_other_cookies() {
        let t = "0f".repeat(32);
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("theme=dark; {COOKIE}={t}; x=1")).unwrap(),
        );
        assert_eq!(token(&h), Some(t));
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("sb_session=../../etc"),
        );
        assert_eq!(token(&h), None);
    }
}
