//! Cross-site requests refused: a request that changes an account's state, and a
//! WebSocket upgrade that carries a session cookie, must come from a page of this
//! server (its `Origin` names the host the request was made to) or of an origin the
//! operator configured. A request without `Origin` is refused too: browsers send it on
//! every such request, so only a forger would leave it out.

use axum::http::{HeaderMap, header};

/// Whether the request's `Origin` is this server's own or one of `allowed`.
pub fn trusted(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let own = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"));
    matches!((own, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(o));
        }
        h
    }

    #[test]
    fn only_the_own_or_a_configured_origin_is_trusted() {
        assert!(trusted(
            &headers(Some("http://sea.example"), "sea.example"),
            &[]
        ));
        assert!(trusted(
            &headers(Some("https://sea.example:8443"), "sea.example:8443"),
            &[]
        ));
        assert!(!trusted(
            &headers(Some("https://evil.example"), "sea.example"),
            &[]
        ));
        assert!(!trusted(&headers(None, "sea.example"), &[]));
        assert!(!trusted(&headers(Some("null"), "sea.example"), &[]));
        let allowed = vec!["https://app.sea.example".to_string()];
        assert!(trusted(
            &headers(Some("https://app.sea.example"), "sea.example"),
            &allowed
        ));
    }
}
