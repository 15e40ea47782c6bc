//! One WebSocket connection to the game server, speaking typed messages.

use crate::ConnectionError;
use crate::account::SessionToken;
use futures_util::{SinkExt, StreamExt};
use seabattle_wire::{ClientMsg, ServerMsg};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How to open a connection beyond its address: extra request headers (a test's
/// `Origin` or `X-Forwarded-For`) and the socket's buffer sizes (the load example keeps
/// them small to measure the server, not itself).
#[derive(Clone, Default)]
pub struct ConnectOptions {
    headers: Vec<(String, String)>,
    buffers: Option<(usize, usize)>,
}

/// Header names only: a `Cookie` value is a session token, which no log may show.
impl std::fmt::Debug for ConnectOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.headers.iter().map(|(n, _)| n.as_str()).collect();
        f.debug_struct("ConnectOptions")
            .field("headers", &names)
            .field("buffers", &self.buffers)
            .finish()
    }
}

impl ConnectOptions {
    /// No extra headers, the library's buffer sizes.
    pub fn new() -> ConnectOptions {
        ConnectOptions::default()
    }

    /// Adds the request header `name: value`.
    pub fn header(mut self, name: &str, value: &str) -> ConnectOptions {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    /// Sends the session's cookie, so the socket acts for its account, and the
    /// server's own origin (`Origin`), without which the server refuses a socket that
    /// carries a session (cross-site WebSocket hijacking).
    pub fn session(
        self,
        server: &crate::account::ServerOrigin,
        token: &SessionToken,
    ) -> ConnectOptions {
        self.header("Cookie", &token.cookie())
            .header("Origin", server.as_str())
    }

    /// Whether a session's cookie goes with the upgrade.
    pub fn has_session(&self) -> bool {
        self.headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("cookie"))
    }

    /// Sets the read buffer's size and the write buffer's (0 writes each frame at once).
    pub fn buffers(mut self, read: usize, write: usize) -> ConnectOptions {
        self.buffers = Some((read, write));
        self
    }
}

/// A close frame: its status code and reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Close {
    /// The close code (1000 normal, 1008 policy, 4001 the game moved, …).
    pub code: u16,
    /// The reason the server gave.
    pub reason: String,
}

/// A frame that matters to the protocol: a text frame, or the server's close.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A text frame, as received.
    Text(String),
    /// The server closed the connection, with a close frame or without one.
    Close(Option<Close>),
}

/// A connection to the game server.
pub struct Connection {
    ws: Ws,
}

impl Connection {
    /// Connects to a WebSocket URL (`ws://HOST:PORT/ws`, `…/ws?game=ID`).
    pub async fn connect(url: &str) -> Result<Connection, ConnectionError> {
        Connection::connect_with(url, &ConnectOptions::new()).await
    }

    /// Connects to a WebSocket URL with `options`.
    pub async fn connect_with(
        url: &str,
        options: &ConnectOptions,
    ) -> Result<Connection, ConnectionError> {
        let mut request = url.into_client_request()?;
        for (name, value) in &options.headers {
            let name = HeaderName::from_bytes(name.as_bytes())
                .map_err(|e| ConnectionError::BadRequest(format!("header {name:?}: {e}")))?;
            let value = HeaderValue::from_str(value)
                .map_err(|e| ConnectionError::BadRequest(format!("header value {value:?}: {e}")))?;
            request.headers_mut().append(name, value);
        }
        let config = options.buffers.map(|(read, write)| {
            WebSocketConfig::default()
                .read_buffer_size(read)
                .write_buffer_size(write)
        });
        let (ws, _) = tokio_tungstenite::connect_async_with_config(request, config, false).await?;
        Ok(Connection { ws })
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMsg) -> Result<(), ConnectionError> {
        self.send_raw(&message.to_text()).await
    }

    /// Sends any text as one frame: for tests of what the server does with bad input.
    pub async fn send_raw(&mut self, text: &str) -> Result<(), ConnectionError> {
        self.ws
            .send(Message::Text(Utf8Bytes::from(text)))
            .await
            .map_err(ConnectionError::from)
    }

    /// The next text frame or the close, skipping pings and binary frames. A connection
    /// reset or ended without a close frame gives [`ConnectionError::Closed`] or
    /// [`ConnectionError::Socket`]. Cancel-safe: a frame is taken only when returned.
    pub async fn recv_frame(&mut self) -> Result<Frame, ConnectionError> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => return Ok(Frame::Text(t.as_str().to_string())),
                Some(Ok(Message::Close(frame))) => {
                    return Ok(Frame::Close(frame.map(|f| Close {
                        code: u16::from(f.code),
                        reason: f.reason.as_str().to_string(),
                    })));
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
                None => return Err(ConnectionError::Closed),
            }
        }
    }

    /// The next text frame as received; [`ConnectionError::Closed`] once the server
    /// closes. Cancel-safe.
    pub async fn recv_text(&mut self) -> Result<String, ConnectionError> {
        match self.recv_frame().await? {
            Frame::Text(t) => Ok(t),
            Frame::Close(_) => Err(ConnectionError::Closed),
        }
    }

    /// The next message. A frame that is not a server message of this protocol
    /// version (a newer server's type included) is [`ConnectionError::Unreadable`];
    /// the connection stays usable. Cancel-safe.
    pub async fn recv(&mut self) -> Result<ServerMsg, ConnectionError> {
        let text = self.recv_text().await?;
        ServerMsg::parse(&text).map_err(|error| ConnectionError::Unreadable { error, text })
    }

    /// The next message within `wait`, else [`ConnectionError::Timeout`].
    pub async fn recv_within(&mut self, wait: Duration) -> Result<ServerMsg, ConnectionError> {
        tokio::time::timeout(wait, self.recv())
            .await
            .map_err(|_| ConnectionError::Timeout(wait))?
    }

    /// Skips messages until one for which `wanted` holds, all within `wait`, else
    /// [`ConnectionError::Timeout`]. Unreadable frames end the wait with their error.
    pub async fn recv_until(
        &mut self,
        wait: Duration,
        mut wanted: impl FnMut(&ServerMsg) -> bool,
    ) -> Result<ServerMsg, ConnectionError> {
        let until = async {
            loop {
                let m = self.recv().await?;
                if wanted(&m) {
                    return Ok(m);
                }
            }
        };
        tokio::time::timeout(wait, until)
            .await
            .map_err(|_| ConnectionError::Timeout(wait))?
    }

    /// Skips messages until `pick` takes one (returns `Some`), all within `wait`, else
    /// [`ConnectionError::Timeout`]: for a caller that wants what a message carries
    /// (`Joined { game, .. }` → `game`) rather than the message.
    pub async fn recv_map<T>(
        &mut self,
        wait: Duration,
        mut pick: impl FnMut(ServerMsg) -> Option<T>,
    ) -> Result<T, ConnectionError> {
        let until = async {
            loop {
                if let Some(t) = pick(self.recv().await?) {
                    return Ok(t);
                }
            }
        };
        tokio::time::timeout(wait, until)
            .await
            .map_err(|_| ConnectionError::Timeout(wait))?
    }

    /// Closes the connection politely (a close frame, then the socket).
    pub async fn close(mut self) -> Result<(), ConnectionError> {
        self.ws.close(None).await.map_err(ConnectionError::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::net::TcpListener;
    use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

    /// A one-connection WebSocket peer on port 0 that runs `script` on what it
    /// accepted, with the request's `Origin` header.
    #[allow(
        clippy::result_large_err,
        reason = "the handshake callback's error type is tungstenite's"
    )]
    async fn peer<F, Fut>(script: F) -> String
    where
        F: FnOnce(Ws2, Option<String>) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ()> + Send,
    {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (tcp, _) = listener.accept().await.unwrap();
            let mut origin = None;
            let ws = tokio_tungstenite::accept_hdr_async(tcp, |req: &Request, resp: Response| {
                origin = req
                    .headers()
                    .get("origin")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string);
                Ok(resp)
            })
            .await
            .unwrap();
            script(ws, origin).await;
        });
        format!("ws://{addr}/ws")
    }

    type Ws2 = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

    #[tokio::test]
    async fn headers_go_with_the_upgrade_and_typed_messages_both_ways() {
        let (told, heard) = tokio::sync::oneshot::channel();
        let url = peer(|mut ws, origin| async move {
            let first = ws.next().await.unwrap().unwrap();
            let _ = told.send((origin, first.into_text().unwrap().to_string()));
            ws.send(Message::Text(r#"{"type":"pong"}"#.into()))
                .await
                .unwrap();
            let _ = ws.next().await;
        })
        .await;
        let options = ConnectOptions::new().header("Origin", "http://example.invalid");
        let token = crate::account::SessionToken::parse(&"5".repeat(64)).unwrap();
        let server = crate::account::ServerOrigin::parse("http://example.invalid").unwrap();
        let signed = ConnectOptions::new().session(&server, &token);
        assert!(signed.has_session() && !options.has_session());
        assert!(!format!("{signed:?}").contains("5555"), "{signed:?}");
        let mut c = Connection::connect_with(&url, &options).await.unwrap();
        c.send(&ClientMsg::Ping).await.unwrap();
        let m = c.recv_within(Duration::from_secs(10)).await.unwrap();
        assert_eq!(m, ServerMsg::Pong);
        let (origin, text) = heard.await.unwrap();
        assert_eq!(origin.as_deref(), Some("http://example.invalid"));
        assert_eq!(text, r#"{"type":"ping"}"#);
    }

    #[tokio::test]
    async fn a_silent_server_is_a_timeout_not_a_hang() {
        let url = peer(|mut ws, _| async move {
            let _ = ws.next().await;
        })
        .await;
        let mut c = Connection::connect(&url).await.unwrap();
        let e = c
            .recv_until(Duration::from_millis(50), |_| true)
            .await
            .unwrap_err();
        assert!(matches!(e, ConnectionError::Timeout(_)), "{e}");
    }

    #[tokio::test]
    async fn an_unknown_type_is_unreadable_and_the_close_frame_is_kept() {
        let url = peer(|mut ws, _| async move {
            ws.send(Message::Text(r#"{"type":"whisper"}"#.into()))
                .await
                .unwrap();
            ws.send(Message::Text(r#"{"type":"pong"}"#.into()))
                .await
                .unwrap();
            ws.close(Some(CloseFrame {
                code: CloseCode::Library(4001),
                reason: "moved".into(),
            }))
            .await
            .unwrap();
            let _ = ws.next().await;
        })
        .await;
        let mut c = Connection::connect(&url).await.unwrap();
        match c.recv().await {
            Err(ConnectionError::Unreadable { error, text }) => {
                assert_eq!(
                    error,
                    seabattle_wire::ParseError::UnknownType("whisper".into())
                );
                assert_eq!(text, r#"{"type":"whisper"}"#);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(c.recv().await.unwrap(), ServerMsg::Pong);
        let close = Close {
            code: 4001,
            reason: "moved".into(),
        };
        assert_eq!(c.recv_frame().await.unwrap(), Frame::Close(Some(close)));
    }

    #[tokio::test]
    async fn a_refused_upgrade_gives_its_status_and_a_bad_header_says_so() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            let (mut tcp, _) = listener.accept().await.unwrap();
            let _ = tcp
                .write_all(b"HTTP/1.1 429 Too Many Requests\r\ncontent-length: 0\r\n\r\n")
                .await;
        });
        let e = Connection::connect(&format!("ws://{addr}/ws"))
            .await
            .err()
            .unwrap();
        assert!(matches!(e, ConnectionError::Refused(429)), "{e}");
        let bad = ConnectOptions::new().header("bad header", "x");
        let e = Connection::connect_with(&format!("ws://{addr}/ws"), &bad)
            .await
            .err()
            .unwrap();
        assert!(matches!(e, ConnectionError::BadRequest(_)), "{e}");
    }
}
