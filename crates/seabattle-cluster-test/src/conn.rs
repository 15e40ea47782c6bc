//! One client's WebSocket through the proxy, and how long it waits.

use seabattle_client::{Connection, Frame};
use seabattle_wire::{ClientMsg, ServerMsg};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// The close code of a socket whose game moved to another node.
pub(crate) const MOVED: u16 = 4001;

/// How long one connection attempt (TCP, upgrade and `welcome`) may take.
pub(crate) const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// Silence after which a client asks for the state; twice in a row fails the client.
pub(crate) const QUIET: Duration = Duration::from_secs(15);

/// A client pings when it has heard nothing for this long, and counts the connection
/// as lost when the `pong` has not come this long after (docs/protocol.md §13; the
/// real clients wait 10 s, the driver less, so a paused node's clients leave during
/// the pause).
pub(crate) const PING_EVERY: Duration = Duration::from_secs(2);
/// How long after a `ping` the connection counts as lost without its `pong`.
pub(crate) const PONG_WAIT: Duration = Duration::from_secs(4);
/// One WebSocket and what its `welcome` said.
pub(crate) struct Conn {
    pub(crate) ws: Connection,
    pub(crate) node: Option<String>,
    pub(crate) last_send: Option<Instant>,
}

/// What a read brought.
pub(crate) enum Event {
    Msg(Value),
    /// The socket ended: with the close frame's code, if there was one.
    Closed(Option<u16>),
    Quiet,
}

impl Conn {
    /// Connects through the proxy to `/ws`, or `/ws?game=ID`, and reads `welcome`.
    pub(crate) async fn open(proxy: SocketAddr, game: Option<&str>) -> Result<Conn, String> {
        let url = match game {
            Some(g) => format!("ws://{proxy}/ws?game={g}"),
            None => format!("ws://{proxy}/ws"),
        };
        let ws = tokio::time::timeout(CONNECT_WAIT, Connection::connect(&url))
            .await
            .map_err(|_| "no upgrade within 5 s".to_string())?
            .map_err(|e| e.to_string())?;
        let mut c = Conn {
            ws,
            node: None,
            last_send: None,
        };
        match c.next(CONNECT_WAIT).await {
            Event::Msg(w) if w["type"] == "welcome" => {
                c.node = w["node"].as_str().map(str::to_string);
                Ok(c)
            }
            Event::Msg(w) => Err(format!("expected welcome, got {w}")),
            Event::Closed(code) => Err(format!("closed before welcome ({code:?})")),
            Event::Quiet => Err("no welcome within 5 s".into()),
        }
    }

    /// Sends `m`, no sooner than `pace` after the last message: the server allows each
    /// connection 20 messages a second.
    pub(crate) async fn send(
        &mut self,
        m: impl Into<ClientMsg>,
        pace: Duration,
    ) -> Result<(), String> {
        if let Some(t) = self.last_send {
            tokio::time::sleep_until((t + pace).into()).await;
        }
        self.last_send = Some(Instant::now());
        self.ws.send(&m.into()).await.map_err(|e| e.to_string())
    }

    /// The next message, as JSON for the checks that read every field, once it is known
    /// to be a server message of the protocol. One that is not is reported as an
    /// `unreadable` message, which no check expects.
    pub(crate) async fn next(&mut self, wait: Duration) -> Event {
        match tokio::time::timeout(wait, self.ws.recv_frame()).await {
            Err(_) => Event::Quiet,
            Ok(Err(_)) => Event::Closed(None),
            Ok(Ok(Frame::Close(frame))) => Event::Closed(frame.map(|f| f.code)),
            Ok(Ok(Frame::Text(t))) => match ServerMsg::parse(&t) {
                Ok(_) => Event::Msg(serde_json::from_str(&t).unwrap_or_default()),
                Err(e) => {
                    let mut v = serde_json::Map::new();
                    v.insert("type".into(), "unreadable".into());
                    v.insert("error".into(), e.to_string().into());
                    Event::Msg(Value::Object(v))
                }
            },
        }
    }

    /// Reads until a message of type `ty`; an `error` or the end of the socket is an
    /// error.
    pub(crate) async fn until(&mut self, ty: &str) -> Result<Value, String> {
        loop {
            match self.next(QUIET).await {
                Event::Msg(v) if v["type"] == ty => return Ok(v),
                Event::Msg(v) if v["type"] == "error" => return Err(v.to_string()),
                Event::Msg(_) => {}
                Event::Closed(code) => return Err(format!("closed ({code:?}) before {ty}")),
                Event::Quiet => return Err(format!("no {ty} within {QUIET:?}")),
            }
        }
    }

    /// Closes the socket politely, waiting a second at most.
    pub(crate) async fn close(self) {
        let _ = tokio::time::timeout(Duration::from_secs(1), self.ws.close()).await;
    }
}
