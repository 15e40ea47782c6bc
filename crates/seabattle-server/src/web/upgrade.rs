//! The WebSocket opening handshake (RFC 6455, section 4.2), done here rather than by
//! axum's extractor: axum hands over its own wrapper of the socket, which cannot send a
//! message in fragments, and a socket that never sends a frame over a few hundred bytes
//! keeps a write buffer of that size instead of one sized (and doubled) for the largest
//! message it ever sent (see [`crate::ws`]).

use axum::body::Body;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::TokioIo;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};

/// A WebSocket once the handshake is done.
pub type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// A request that asks to open a WebSocket, checked.
pub struct Upgrade {
    /// The client's `Sec-WebSocket-Key`, which the answer signs.
    key: HeaderValue,
    on_upgrade: OnUpgrade,
}

/// Why a request cannot open a WebSocket: answered with HTTP 400 (426 for a version
/// this server does not speak) and a line saying what was missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a `GET`.
    Method,
    /// No `Connection: upgrade`.
    Connection,
    /// No `Upgrade: websocket`.
    Upgrade,
    /// A `Sec-WebSocket-Version` other than 13.
    Version,
    /// No `Sec-WebSocket-Key`.
    Key,
    /// The connection cannot be taken over (not HTTP/1.1).
    NotUpgradable,
}

impl Refusal {
    fn message(self) -> &'static str {
        match self {
            Refusal::Method => "a WebSocket opens with GET\n",
            Refusal::Connection => "a WebSocket request needs the header Connection: upgrade\n",
            Refusal::Upgrade => "a WebSocket request needs the header Upgrade: websocket\n",
            Refusal::Version => "this server speaks WebSocket version 13 only\n",
            Refusal::Key => "a WebSocket request needs the header Sec-WebSocket-Key\n",
            Refusal::NotUpgradable => "this connection cannot be upgraded to a WebSocket\n",
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = match self {
            Refusal::Version => StatusCode::UPGRADE_REQUIRED,
            _ => StatusCode::BAD_REQUEST,
        };
        let mut response = (status, self.message()).into_response();
        if self == Refusal::Version {
            response.headers_mut().insert(
                header::SEC_WEBSOCKET_VERSION,
                HeaderValue::from_static("13"),
            );
        }
        response
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Upgrade {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        if parts.method != Method::GET {
            return Err(Refusal::Method);
        }
        if !lists(&parts.headers, header::CONNECTION, "upgrade") {
            return Err(Refusal::Connection);
        }
        if !lists(&parts.headers, header::UPGRADE, "websocket") {
            return Err(Refusal::Upgrade);
        }
        if !lists(&parts.headers, header::SEC_WEBSOCKET_VERSION, "13") {
            return Err(Refusal::Version);
        }
        let key = parts
            .headers
            .get(header::SEC_WEBSOCKET_KEY)
            .ok_or(Refusal::Key)?
            .clone();
        let on_upgrade = parts
            .extensions
            .remove::<OnUpgrade>()
            .ok_or(Refusal::NotUpgradable)?;
        Ok(Upgrade { key, on_upgrade })
    }
}

impl Upgrade {
    /// Answers `101 Switching Protocols` and, once the client has it, runs `serve` on
    /// the socket in a task of its own. A connection lost before that ends quietly.
    pub fn on_upgrade<F, Fut>(self, config: WebSocketConfig, serve: F) -> Response
    where
        F: FnOnce(Socket) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let accept = derive_accept_key(self.key.as_bytes());
        let on_upgrade = self.on_upgrade;
        tokio::spawn(async move {
            let Ok(upgraded) = on_upgrade.await else {
                return;
            };
            let socket = WebSocketStream::from_raw_socket(
                TokioIo::new(upgraded),
                Role::Server,
                Some(config),
            )
            .await;
            serve(socket).await;
        });
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
        let headers = response.headers_mut();
        headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        // The key is base64 of SHA-1: always a valid header value.
        if let Ok(accept) = HeaderValue::from_str(&accept) {
            headers.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
        }
        response
    }
}

/// Whether `name`'s comma-separated values include `token`, in any case.
fn lists(headers: &HeaderMap, name: HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|v| {
        v.to_str().is_ok_and(|v| {
            v.split(',')
                .any(|part| part.trim().eq_ignore_ascii_case(token))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(HeaderName::from_static(k), HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn header_lists_are_read_as_tokens_in_any_case() {
        let h = headers(&[("connection", "keep-alive, Upgrade")]);
        assert!(lists(&h, header::CONNECTION, "upgrade"));
        let h = headers(&[("connection", "keep-alive"), ("connection", "upgrade")]);
        assert!(lists(&h, header::CONNECTION, "upgrade"));
        let h = headers(&[("connection", "upgraded")]);
        assert!(!lists(&h, header::CONNECTION, "upgrade"));
        assert!(!lists(&HeaderMap::new(), header::UPGRADE, "websocket"));
    }

    #[test]
    fn a_wrong_version_is_answered_with_the_one_spoken() {
        let r = Refusal::Version.into_response();
        assert_eq!(r.status(), StatusCode::UPGRADE_REQUIRED);
        assert_eq!(r.headers()[header::SEC_WEBSOCKET_VERSION], "13");
        assert_eq!(
            Refusal::Key.into_response().status(),
            StatusCode::BAD_REQUEST
        );
    }
}
