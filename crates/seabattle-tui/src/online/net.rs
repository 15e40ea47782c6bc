//! The connection to the game server: a WebSocket on a thread of its own that comes back
//! with the seat's token after a dropped connection.

use crate::error::TuiError;
use seabattle_client::account::{ServerOrigin, SessionToken};
use seabattle_client::{ConnectOptions, Connection as Socket, ConnectionError};
use seabattle_wire::{ClientMsg, Opponent, PROTOCOL_VERSION, ParseError, ServerMsg};
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::mpsc as tokio_mpsc;

/// How to get a seat.
#[derive(Clone, Debug)]
pub enum Opening {
    /// Create a game for a friend with these rules, and take seat 1.
    NewGame {
        /// The rules text, as `--rules` takes it.
        rules: String,
    },
    /// Take the free seat of the game with this code.
    Join {
        /// The game's code (its id).
        code: String,
    },
    /// Challenge the account of this name (a signed-in terminal only); the seat comes
    /// once they accept.
    Challenge {
        /// The account's name.
        to: String,
        /// The rules text.
        rules: String,
        /// Whether the game is to be rated.
        rated: bool,
    },
    /// Wait for a challenge (a signed-in terminal only): the ones sent already and those
    /// to come are each shown to the caller of [`Connection::open_with`], who answers.
    AwaitChallenge,
    /// Wait for the server to pair this account into a game of an arena it joined:
    /// the seat is then the account's (docs/arena.md).
    Arena,
}

impl Opening {
    fn message(&self) -> ClientMsg {
        match self {
            Opening::NewGame { rules } => ClientMsg::NewGame {
                opponent: Opponent::Friend,
                level: None,
                rules: Some(rules.clone()),
                clock: None,
                name: None,
                // Only games against the computer learn, and this is a friend's: the
                // player's key stays on this machine.
                player: None,
                lang: None,
                rated: None,
            },
            Opening::Join { code } => ClientMsg::Join {
                game: code.clone(),
                name: None,
            },
            Opening::Challenge { to, rules, rated } => ClientMsg::Challenge {
                to: to.clone(),
                rules: Some(rules.clone()),
                clock: None,
                rated: Some(*rated),
            },
            // Following the lobby shows the challenges waiting for this account.
            Opening::AwaitChallenge | Opening::Arena => ClientMsg::Lobby,
        }
    }
}

/// What the connection reports.
#[derive(Clone, Debug)]
pub enum LinkEvent {
    /// A message from the server.
    Message(ServerMsg),
    /// A message this client cannot read: of a type it does not know (from a newer
    /// server: skip it), or malformed. Frames that are not JSON are dropped.
    Unreadable(ParseError),
    /// The connection dropped (or could not be made); it is being tried again.
    Down(String),
    /// The connection is (back) up.
    Up,
}

/// A live connection to the server.
pub struct Connection {
    out: tokio_mpsc::UnboundedSender<ClientMsg>,
    events: mpsc::Receiver<LinkEvent>,
    base: String,
}

/// The WebSocket URL and the HTTP base of a server given as `ws://HOST:PORT`,
/// `http://HOST:PORT` or plain `HOST:PORT`, with or without the `/ws` path.
pub fn server_urls(url: &str) -> Result<(String, String), TuiError> {
    let url = url.trim();
    let rest = if let Some(r) = url.strip_prefix("ws://") {
        r
    } else if let Some(r) = url.strip_prefix("http://") {
        r
    } else if url.starts_with("wss://") || url.starts_with("https://") {
        return Err(TuiError::BadUrl(format!(
            "{url}: encrypted connections are not supported; use ws:// or http://"
        )));
    } else if url.contains("://") {
        return Err(TuiError::BadUrl(format!(
            "{url}: expected ws://HOST:PORT or http://HOST:PORT"
        )));
    } else {
        url
    };
    let rest = rest.trim_end_matches('/');
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    if host.is_empty() {
        return Err(TuiError::BadUrl(format!("{url}: no host")));
    }
    let path = if path.is_empty() { "ws" } else { path };
    Ok((format!("ws://{host}/{path}"), format!("http://{host}")))
}

impl Connection {
    /// Connects to the server at `url`, asks for a seat as `opening` says, and waits up
    /// to `wait` for the `joined` answer, which it returns.
    pub fn open(
        url: &str,
        opening: Opening,
        wait: Duration,
    ) -> Result<(Connection, ServerMsg), TuiError> {
        Connection::open_as(url, opening, wait, None)
    }

    /// [`Connection::open`], for the account whose session `token` is when there is
    /// one: every connection, reconnections included, carries the session's cookie and
    /// the server's own `Origin`.
    pub fn open_as(
        url: &str,
        opening: Opening,
        wait: Duration,
        token: Option<SessionToken>,
    ) -> Result<(Connection, ServerMsg), TuiError> {
        Connection::open_with(url, opening, wait, token, |_| Ok(None))
    }

    /// [`Connection::open_as`], showing `before` every message that comes before the
    /// seat (a challenge sent, received or ended): it may answer with a message to send,
    /// or give up with an error.
    pub fn open_with(
        url: &str,
        opening: Opening,
        wait: Duration,
        token: Option<SessionToken>,
        mut before: impl FnMut(&ServerMsg) -> Result<Option<ClientMsg>, TuiError>,
    ) -> Result<(Connection, ServerMsg), TuiError> {
        let (ws_url, base) = server_urls(url)?;
        let options = match &token {
            Some(t) => {
                let origin =
                    ServerOrigin::parse(&base).map_err(|e| TuiError::BadUrl(e.to_string()))?;
                ConnectOptions::new().session(&origin, t)
            }
            None => ConnectOptions::new(),
        };
        let (out, out_rx) = tokio_mpsc::unbounded_channel();
        let (events_tx, events) = mpsc::channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("seabattle-net".into())
            .spawn(move || {
                runtime.block_on(session(ws_url, options, opening, out_rx, events_tx))
            })?;
        let conn = Connection { out, events, base };
        let deadline = std::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match conn.events.recv_timeout(left) {
                Ok(LinkEvent::Message(m @ ServerMsg::Joined { .. })) => {
                    let m = conn.absolute(m);
                    return Ok((conn, m));
                }
                Ok(LinkEvent::Message(ServerMsg::Error { message, .. })) => {
                    return Err(TuiError::Server(message));
                }
                Ok(LinkEvent::Down(e)) => return Err(TuiError::Server(e)),
                Ok(LinkEvent::Message(m)) => {
                    if let Some(reply) = before(&m)? {
                        conn.send(reply);
                    }
                }
                Ok(_) => {}
                Err(_) => {
                    return Err(TuiError::Server(format!(
                        "no answer within {} s",
                        wait.as_secs()
                    )));
                }
            }
        }
    }

    /// Sends a message (queued while the connection is down).
    pub fn send(&self, message: ClientMsg) {
        // The session ends only when the connection is dropped, so this cannot fail
        // while `self` lives.
        let _ = self.out.send(message);
    }

    /// The next report, if there is one.
    pub fn try_recv(&self) -> Option<LinkEvent> {
        match self.events.try_recv().ok()? {
            LinkEvent::Message(m) => Some(LinkEvent::Message(self.absolute(m))),
            e => Some(e),
        }
    }

    /// `m` with a `joined` message's relative link made a full address.
    fn absolute(&self, mut m: ServerMsg) -> ServerMsg {
        if let ServerMsg::Joined { link, .. } = &mut m
            && link.starts_with('/')
        {
            *link = self.link(link);
        }
        m
    }

    /// The full address of a server path such as the `/g/ID` link.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// How often the client asks the server for a `pong` while the connection is quiet
/// otherwise too.
pub const PING_EVERY: Duration = Duration::from_secs(5);

/// How long a `ping` may go unanswered before the connection counts as lost: a frozen
/// node (docs/protocol.md §13) keeps its socket open but answers nothing, and the
/// client then reconnects through the proxy, which reaches a node that answers.
pub const PONG_WAIT: Duration = Duration::from_secs(10);

/// Connects, and reconnects with `resume` after a drop, until the [`Connection`] is
/// dropped.
async fn session(
    url: String,
    options: ConnectOptions,
    opening: Opening,
    mut out: tokio_mpsc::UnboundedReceiver<ClientMsg>,
    events: mpsc::Sender<LinkEvent>,
) {
    let mut seat: Option<(String, String)> = None;
    let mut pause = Duration::from_millis(200);
    loop {
        // The game's address once it is known: behind a cluster's proxy, the game's own
        // node serves it (docs/protocol.md §13).
        let game = match (&seat, &opening) {
            (Some((g, _)), _) | (None, Opening::Join { code: g }) => Some(g.clone()),
            (
                None,
                Opening::NewGame { .. }
                | Opening::Challenge { .. }
                | Opening::AwaitChallenge
                | Opening::Arena,
            ) => None,
        };
        let address = match &game {
            Some(g) => format!("{url}?game={g}"),
            None => url.clone(),
        };
        // A node that accepts the socket but is frozen never finishes the handshake.
        let connecting = tokio::time::timeout(PONG_WAIT, Socket::connect_with(&address, &options));
        match connecting
            .await
            .unwrap_or(Err(ConnectionError::Timeout(PONG_WAIT)))
        {
            Ok(ws) => {
                pause = Duration::from_millis(200);
                if events.send(LinkEvent::Up).is_err() {
                    return;
                }
                let first = match &seat {
                    Some((game, token)) => ClientMsg::Resume {
                        game: game.clone(),
                        token: Some(token.clone()),
                    },
                    None => opening.message(),
                };
                match serve(ws, first, &mut out, &events, &mut seat, game.as_deref()).await {
                    Ended::Closed => return,
                    Ended::Follow => continue,
                    Ended::Dropped(why) => {
                        if events.send(LinkEvent::Down(why)).is_err() {
                            return;
                        }
                    }
                }
            }
            Err(e) => {
                let why = match e {
                    // The server refuses a socket whose session has ended.
                    ConnectionError::Refused(401 | 403) if options.has_session() => format!(
                        "the server refused this terminal's session ({e}): log in again with \
                         seabattle login, or play as a guest after seabattle logout"
                    ),
                    e => format!("cannot connect to {url}: {e}"),
                };
                if events.send(LinkEvent::Down(why)).is_err() {
                    return;
                }
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(5));
    }
}

enum Ended {
    /// The application let go of the connection.
    Closed,
    /// A cluster's node made the game: reconnect at the game's address.
    Follow,
    /// The socket dropped.
    Dropped(String),
}

async fn serve(
    mut ws: Socket,
    first: ClientMsg,
    out: &mut tokio_mpsc::UnboundedReceiver<ClientMsg>,
    events: &mpsc::Sender<LinkEvent>,
    seat: &mut Option<(String, String)>,
    at: Option<&str>,
) -> Ended {
    let mut node = false;
    // The version first, so a server that speaks another one refuses at once.
    let hello = ClientMsg::Hello {
        v: PROTOCOL_VERSION,
    };
    for m in [hello, first] {
        if let Err(e) = ws.send(&m).await {
            return Ended::Dropped(dropped(e));
        }
    }
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // When the unanswered ping must be answered by.
    let mut pong_due: Option<tokio::time::Instant> = None;
    loop {
        tokio::select! {
            _ = ping.tick(), if pong_due.is_none() => {
                if let Err(e) = ws.send(&ClientMsg::Ping).await {
                    return Ended::Dropped(dropped(e));
                }
                pong_due = Some(tokio::time::Instant::now() + PONG_WAIT);
            }
            () = tokio::time::sleep_until(pong_due.unwrap_or_else(tokio::time::Instant::now)), if pong_due.is_some() => {
                return Ended::Dropped(format!("no pong from the server within {} s", PONG_WAIT.as_secs()));
            }
            incoming = ws.recv() => {
                    let event = match incoming {
                        Ok(ServerMsg::Pong) => {
                            pong_due = None;
                            continue;
                        }
                        Ok(m) => {
                            if let ServerMsg::Welcome { node: Some(_), .. } = &m {
                                node = true;
                            }
                            let follow = match &m {
                                ServerMsg::Joined { game, token: Some(tok), .. } => {
                                    *seat = Some((game.clone(), tok.clone()));
                                    node && at != Some(game.as_str())
                                }
                                _ => false,
                            };
                            if events.send(LinkEvent::Message(m)).is_err() {
                                return Ended::Closed;
                            }
                            if follow {
                                let _ = ws.close().await;
                                return Ended::Follow;
                            }
                            continue;
                        }
                        Err(ConnectionError::Unreadable { error: ParseError::NotJson(_), .. }) => continue,
                        Err(ConnectionError::Unreadable { error, .. }) => LinkEvent::Unreadable(error),
                        Err(e) => return Ended::Dropped(dropped(e)),
                    };
                    if events.send(event).is_err() {
                        return Ended::Closed;
                    }
            },
            message = out.recv() => match message {
                Some(m) => {
                    if let Err(e) = ws.send(&m).await {
                        return Ended::Dropped(dropped(e));
                    }
                }
                None => {
                    let _ = ws.close().await;
                    return Ended::Closed;
                }
            },
        }
    }
}

/// Why the connection dropped, as the status line says it.
pub(crate) fn dropped(e: ConnectionError) -> String {
    match e {
        ConnectionError::Closed => "the server closed the connection".into(),
        ConnectionError::Socket(why) => why,
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_addresses_are_read_forgivingly_and_tls_is_refused_clearly() {
        let ws = |u: &str| server_urls(u).unwrap();
        assert_eq!(ws("ws://h:1"), ("ws://h:1/ws".into(), "http://h:1".into()));
        assert_eq!(
            ws("http://h:1/"),
            ("ws://h:1/ws".into(), "http://h:1".into())
        );
        assert_eq!(ws("h:1/ws"), ("ws://h:1/ws".into(), "http://h:1".into()));
        assert!(
            server_urls("wss://h")
                .unwrap_err()
                .to_string()
                .contains("ws://")
        );
        assert!(server_urls("ftp://h").is_err());
        assert!(server_urls("ws://").is_err());
    }
}
