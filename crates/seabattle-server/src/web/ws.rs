//! One WebSocket per player or spectator: read, check limits, parse, dispatch; a writer
//! task drains the connection's queue, sending a long message in fragments of at most
//! [`FRAME`] bytes.

use crate::advice;
use crate::bot_accounts::bearer;
use crate::config::Limits;
use crate::conn::{Conn, Out, QUEUE, Queued};
use crate::error::Failure;
use crate::game::handle::GameHandle;
use crate::game::msg::{GameMsg, SeatCommand, SeatRef};
use crate::game::play;
use crate::guard::address::Connection;
use crate::guard::pace::{Pace, Rate};
use crate::guard::work::CLIENT;
use crate::hub::SharedHub;
use crate::matchmaking::{enter, queue};
use crate::protocol::{ClientError, ClientMsg, ErrorCode, PROTOCOL_VERSION, ServerMsg, parse};
use crate::web::error::ApiError;
use crate::web::upgrade::{Socket, Upgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::Response;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use seabattle_core::Player;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::{CloseFrame, Frame};
use tokio_tungstenite::tungstenite::{Bytes, Message};

/// The longest frame a connection sends; a longer message goes in fragments. The socket
/// library keeps its write buffer at the capacity of the largest frame it wrote, doubled
/// whenever a larger one follows, and never gives it back: whole `state` messages
/// (about a kilobyte) left 2 KB in every socket.
pub const FRAME: usize = 256;

/// `GET /ws`. An address already holding its limit of connections gets HTTP 429.
pub async fn upgrade(
    ws: Upgrade,
    State(hub): State<SharedHub>,
    ConnectInfo(direct): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    // A socket that carries a session acts for its account: only this server's page
    // (or a configured origin) may open one (cross-site WebSocket hijacking).
    if crate::accounts::session::token(&headers).is_some()
        && !crate::accounts::origin::trusted(&headers, &hub.config.allowed_origins)
    {
        return Err(ApiError::text(
            StatusCode::FORBIDDEN,
            "cross-site WebSocket with a session cookie refused",
        ));
    }
    let peer = crate::guard::address::client_of(&hub.config.trusted_proxies, direct, &headers);
    let counted = hub
        .addresses
        .connect(peer.ip())
        .map_err(|why| ApiError::text(StatusCode::TOO_MANY_REQUESTS, why))?;
    let tokens_ok = bearer::transport(&hub, direct.ip(), peer.ip(), &headers);
    let account = match bearer::token(&headers) {
        // A BOT's token: never a cookie, so the cookie's origin rule is not asked.
        Some(token) => {
            if !tokens_ok {
                return Err(bearer::plain_token().into());
            }
            let a = bearer::bot_account(&hub, peer.ip(), &token).await;
            Some(a.map_err(|e| ApiError::new(e.code, e.message))?.into())
        }
        None => signed_in(&hub, &headers).await.map_err(|e| {
            ApiError::text(StatusCode::SERVICE_UNAVAILABLE, e.into_client().message)
        })?,
    };
    // Up to four times the limit is read and answered with `too_large`; beyond that the
    // socket library refuses the frame and the connection closes.
    let hard = hub
        .config
        .limits
        .max_message_bytes
        .saturating_mul(4)
        .max(1024);
    // Small buffers: tens of thousands of sockets must fit in little memory, and a
    // player's messages are about a hundred bytes (a longer one grows the read buffer).
    let config = WebSocketConfig::default()
        .max_message_size(Some(hard))
        .max_frame_size(Some(hard))
        .read_buffer_size(256)
        .write_buffer_size(0);
    Ok(ws.on_upgrade(config, move |socket| {
        serve(hub, socket, peer.ip(), counted, account, tokens_ok)
    }))
}

/// The account of the request's session cookie, if it opens a session that still
/// runs. A cookie whose session ended makes a guest: the `welcome` says so, and the
/// client signs in again.
async fn signed_in(
    hub: &SharedHub,
    headers: &axum::http::HeaderMap,
) -> Result<Option<crate::conn::Account>, Failure> {
    let Some(token) = crate::accounts::session::token(headers) else {
        return Ok(None);
    };
    let hash = crate::ids::token_hash(&token);
    let account = hub.db(move |db| db.session(&hash)).await?;
    // A BOT's session manages its tokens; at the board it acts for nobody.
    Ok(account.filter(|a| !a.bot).map(|a| crate::conn::Account {
        id: a.id,
        name: a.name,
        bot: false,
    }))
}

/// How fast one connection may send: `burst` messages at once, `messages_per_second`
/// sustained.
fn message_rate(l: &Limits) -> Rate {
    Rate {
        burst: l.burst,
        every: Duration::from_secs(1)
            .checked_div(l.messages_per_second)
            .unwrap_or(Duration::MAX),
    }
}

/// How long a connection closed for flooding keeps reading (and dropping) what the
/// client still sends, so the close frame and the `flood` error reach it before the
/// socket goes (closing with unread data would reset the connection).
const LINGER: Duration = Duration::from_secs(2);

/// The close code for a policy violation (RFC 6455).
const POLICY: u16 = 1008;

/// Splits the socket before the connection's future is made: an `async fn` keeps its
/// arguments for its whole life, and a whole socket there would sit in every idle
/// connection's task beside the two halves it is split into.
fn serve(
    hub: SharedHub,
    socket: Socket,
    ip: IpAddr,
    counted: Connection,
    account: Option<crate::conn::Account>,
    tokens_ok: bool,
) -> impl Future<Output = ()> {
    let (sink, stream) = socket.split();
    serve_halves(hub, sink, stream, ip, counted, account, tokens_ok)
}

async fn serve_halves(
    hub: SharedHub,
    mut sink: SplitSink<Socket, Message>,
    mut stream: SplitStream<Socket>,
    ip: IpAddr,
    _counted: Connection,
    account: Option<crate::conn::Account>,
    tokens_ok: bool,
) {
    let (tx, mut rx) = mpsc::channel::<Queued>(QUEUE);
    hub.metrics.connections.fetch_add(1, Ordering::Relaxed);
    let mut conn = Conn::new(hub.conn_id(), ip, tx, account);
    crate::moderation::chat::load_ignored(&hub, &conn).await;
    hub.sockets.opened(&conn);
    let limits = &hub.config.limits;
    welcome(&hub, &conn);
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            let text = match *out {
                Out::Text(text) => text,
                // One message many sockets share: sent as it is when it fits a frame.
                Out::Shared(bytes) if bytes.len() <= FRAME => {
                    let Ok(text) = tokio_tungstenite::tungstenite::Utf8Bytes::try_from(bytes)
                    else {
                        continue;
                    };
                    if Box::pin(sink.send(Message::Text(text))).await.is_err() {
                        break;
                    }
                    continue;
                }
                Out::Shared(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Out::Close(code, reason) => {
                    let close = Message::Close(Some(CloseFrame {
                        code: CloseCode::from(code),
                        reason: reason.into(),
                    }));
                    let _ = Box::pin(sink.send(close)).await;
                    return;
                }
            };
            // Boxed: a send's future (a frame and its fragments) would otherwise sit in
            // every idle writer's task.
            if Box::pin(send_text(&mut sink, text)).await.is_err() {
                break;
            }
        }
        let _ = Box::pin(sink.close()).await;
    });
    let (mut pace, rate) = (Pace::default(), message_rate(limits));
    let mut floods = 0;
    // `auth` is taken only as a socket's first message, before it is anywhere.
    let mut first = true;
    let mut closing = hub.closing.clone();
    loop {
        let msg = tokio::select! {
            _ = closing.wait_for(|c| *c) => break,
            m = stream.next() => m,
        };
        let text = match msg {
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Binary(_))) => {
                refuse(&conn, ErrorCode::BadJson, "text frames only");
                continue;
            }
            Some(Ok(_)) => continue,
        };
        if pace.take(Instant::now(), rate).is_err() {
            floods += 1;
            if floods > limits.flood_strikes {
                refuse(
                    &conn,
                    ErrorCode::Flood,
                    "too many messages after repeated warnings; closing the connection",
                );
                conn.close(POLICY, "flood: too many messages");
                // Boxed, as the end below: its timer would sit in every idle connection.
                Box::pin(linger(&mut stream)).await;
                break;
            }
            refuse(&conn, ErrorCode::Flood, "too many messages; slow down");
            continue;
        }
        if text.len() > limits.max_message_bytes {
            refuse(
                &conn,
                ErrorCode::TooLarge,
                &format!(
                    "message of {} bytes is over the limit of {}",
                    text.len(),
                    limits.max_message_bytes
                ),
            );
            continue;
        }
        let parsed = parse(&text);
        if let Ok(ClientMsg::Auth { token }) = &parsed {
            match Box::pin(auth(&hub, &conn, token, first, tokens_ok)).await {
                Ok(signed) => {
                    conn = signed;
                    welcome(&hub, &conn);
                }
                Err(e) => {
                    // A wrong token ends the socket: its next try is a new one,
                    // counted against the address again.
                    let fatal = e.code != ErrorCode::BadMessage;
                    conn.send(ServerMsg::from(e).to_text());
                    if fatal {
                        conn.close(POLICY, "authentication failed");
                        Box::pin(linger(&mut stream)).await;
                        break;
                    }
                }
            }
            first = false;
            continue;
        }
        first = false;
        let result = match parsed {
            // Boxed: the handlers' futures are large and live only while a message is
            // handled; inline they would sit in every idle connection's task.
            Ok(m) => Box::pin(CLIENT.scope(ip, dispatch(&hub, &conn, m))).await,
            Err(e) => Err(e.into()),
        };
        // The edge: what went wrong inside is logged and told as the wire's error.
        if let Err(e) = result.map_err(Failure::into_client) {
            match e.code {
                ErrorCode::TooCostly | ErrorCode::Busy => &hub.metrics.too_costly,
                ErrorCode::Limit => &hub.metrics.limited,
                _ => &hub.metrics.refused,
            }
            .fetch_add(1, Ordering::Relaxed);
            conn.send(ServerMsg::from(e).to_text());
        }
    }
    hub.sockets.closed(&conn);
    Box::pin(enter::leave(&hub, &conn)).await;
    Box::pin(crate::challenges::closed(&hub, &conn)).await;
    hub.metrics.connections.fetch_sub(1, Ordering::Relaxed);
    drop(conn);
    // The queue is flushed and closed once every handle to the connection is gone.
    let abort = writer.abort_handle();
    if Box::pin(tokio::time::timeout(Duration::from_secs(2), writer))
        .await
        .is_err()
    {
        abort.abort();
    }
}

/// The greeting, naming the account the socket acts for.
fn welcome(hub: &SharedHub, conn: &Conn) {
    let limits = &hub.config.limits;
    conn.send(
        ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            max_message_bytes: limits.max_message_bytes,
            messages_per_second: limits.messages_per_second,
            bots: hub.config.bots.keys().cloned().collect(),
            presets: crate::advice::offered_presets(),
            node: hub.store.cluster().map(|c| c.name().to_string()),
            account: conn.account().map(|a| a.name.clone()),
            levels: crate::levels::shown(&hub.levels),
        }
        .to_text(),
    );
}

/// `auth`: a BOT's token as the socket's first message; the socket acts for the BOT
/// from now on. Anywhere else it is a bad message.
async fn auth(
    hub: &SharedHub,
    conn: &Conn,
    token: &str,
    first: bool,
    tokens_ok: bool,
) -> Result<Conn, ClientError> {
    if !first || conn.signed_in_as().is_some() {
        return Err(ClientError::new(
            ErrorCode::BadMessage,
            "auth: only as the first message of a socket opened without an account",
        ));
    }
    if !tokens_ok {
        return Err(bearer::plain_token());
    }
    let account = bearer::bot_account(hub, conn.ip, token).await?;
    let signed = conn.signed_in(account.into());
    hub.sockets.closed(conn);
    hub.sockets.opened(&signed);
    Ok(signed)
}

/// Sends one text message: whole if it fits in a [`FRAME`], else in fragments of that
/// size (split anywhere: only the whole message must be UTF-8).
async fn send_text(
    sink: &mut SplitSink<Socket, Message>,
    text: String,
) -> Result<(), tokio_tungstenite::tungstenite::Error> {
    if text.len() <= FRAME {
        return sink.send(Message::Text(text.into())).await;
    }
    let bytes = Bytes::from(text.into_bytes());
    for (i, at) in (0..bytes.len()).step_by(FRAME).enumerate() {
        let end = (at + FRAME).min(bytes.len());
        let opcode = if i == 0 { Data::Text } else { Data::Continue };
        let frame = Frame::message(
            bytes.slice(at..end),
            OpCode::Data(opcode),
            end == bytes.len(),
        );
        sink.feed(Message::Frame(frame)).await?;
    }
    sink.flush().await
}

/// Reads and drops the client's frames until it answers the close, hangs up, or
/// [`LINGER`] passes.
async fn linger(stream: &mut SplitStream<Socket>) {
    let _ = tokio::time::timeout(LINGER, async {
        while let Some(Ok(m)) = stream.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

fn refuse(conn: &Conn, code: ErrorCode, message: &str) {
    conn.send(ServerMsg::from(ClientError::new(code, message)).to_text());
}

async fn dispatch(hub: &SharedHub, conn: &Conn, msg: ClientMsg) -> Result<(), Failure> {
    crate::moderation::rename::may_meet(hub, conn, &msg).await?;
    match msg {
        ClientMsg::Ping => {
            conn.send(ServerMsg::Pong.to_text());
            Ok(())
        }
        ClientMsg::Hello { v } if v == PROTOCOL_VERSION => Ok(()),
        ClientMsg::Hello { v } => Err(Failure::refused(
            ErrorCode::UnsupportedVersion,
            format!(
                "protocol version {v} is not spoken here; this server speaks {PROTOCOL_VERSION}"
            ),
        )),
        ClientMsg::NewGame {
            opponent,
            level,
            rules,
            clock,
            name,
            player,
            lang,
            rated,
        } => {
            let name = crate::accounts::shown::checked(&hub.node, conn, name.as_deref()).await?;
            // Only the key's hash goes on: the key itself is dropped here. A signed-in
            // player is learned under their account.
            let learner = crate::learning::learner_of(conn, player.as_deref())?;
            enter::new_game(
                hub,
                conn,
                opponent,
                level.as_deref(),
                rules.as_deref(),
                clock,
                enter::Creator {
                    name,
                    lang,
                    learner,
                    seek: None,
                    rated: rated.unwrap_or(false),
                },
            )
            .await
        }
        ClientMsg::Learned { player, rules } => {
            conn.send(
                crate::learning::learned(&hub.node, conn, &player, rules)
                    .await?
                    .to_text(),
            );
            Ok(())
        }
        ClientMsg::Forget { player } => {
            conn.send(
                crate::learning::forget(&hub.node, conn, &player)
                    .await?
                    .to_text(),
            );
            Ok(())
        }
        // Each of these leaves the connection's game only once the new one is sure:
        // a refusal changes nothing.
        ClientMsg::Join { game, name } => {
            let name = crate::accounts::shown::checked(&hub.node, conn, name.as_deref()).await?;
            // The lobby and the random queue are one pool: a seeker is joined by its
            // place in the queue.
            match game.strip_prefix(crate::matchmaking::seeker::SEEKER_PREFIX) {
                Some(seeker) => crate::matchmaking::queue::join_seeker(hub, conn, seeker).await,
                None => enter::join(hub, conn, &game, name).await,
            }
        }
        ClientMsg::Resume { game, token } => {
            enter::resume(hub, conn, &game, token.as_deref()).await
        }
        ClientMsg::Watch { game } => enter::watch(hub, conn, &game).await,
        ClientMsg::Queue { rules, rated } => queue::queue(hub, conn, rules.as_deref(), rated).await,
        ClientMsg::Sync { game } => {
            let b = bound(conn, &game)?;
            let conn = conn.clone();
            live(hub, &b)?
                .tell(GameMsg::Sync { conn, seat: b.seat })
                .await
        }
        ClientMsg::Place { game, fleet } => {
            // The fleet is drawn or checked in the pool with the game free; the game
            // checks again that the seat may place once it is ready.
            let (h, from) = seat(hub, conn, &game)?;
            let rules = h
                .ask_or(|reply| GameMsg::Rules {
                    from: Some(from),
                    placing: true,
                    reply,
                })
                .await?;
            let fleet = match fleet {
                None => play::draw_fleet(&hub.node, rules).await?,
                Some(words) => play::check_fleet(&hub.node, rules, words).await?,
            };
            command(&h, from, SeatCommand::Place(Box::new(fleet))).await
        }
        ClientMsg::Fire { game, cells } => {
            forward(hub, conn, &game, SeatCommand::Fire(cells)).await
        }
        ClientMsg::Reveal { game, cell } => {
            forward(hub, conn, &game, SeatCommand::Reveal(cell)).await
        }
        ClientMsg::Relocate { game, cells } => {
            forward(hub, conn, &game, SeatCommand::Relocate(cells)).await
        }
        ClientMsg::Resign { game } => forward(hub, conn, &game, SeatCommand::Resign).await,
        ClientMsg::ClaimWin { game } => forward(hub, conn, &game, SeatCommand::ClaimWin).await,
        ClientMsg::Rematch { game } => forward(hub, conn, &game, SeatCommand::Rematch).await,
        ClientMsg::Rate { game } => forward(hub, conn, &game, SeatCommand::Rate).await,
        ClientMsg::Name { game, name } => {
            let name = crate::accounts::shown::checked(&hub.node, conn, Some(&name)).await?;
            forward(hub, conn, &game, SeatCommand::Rename(name)).await
        }
        ClientMsg::Chat { game, phrase } => {
            crate::moderation::chat::not_muted(hub, conn).await?;
            forward(hub, conn, &game, SeatCommand::Chat(phrase)).await
        }
        ClientMsg::Lobby => {
            crate::lobby::broadcast::follow(hub, conn);
            crate::challenges::show_waiting(hub, conn).await;
            Ok(())
        }
        ClientMsg::Seek {
            rules,
            clock,
            rated,
            name,
        } => {
            let name = crate::accounts::shown::checked(&hub.node, conn, name.as_deref()).await?;
            let rated = rated.unwrap_or(false);
            crate::lobby::seek::seek(hub, conn, rules.as_deref(), clock, rated, name).await
        }
        ClientMsg::Challenge {
            to,
            rules,
            clock,
            rated,
        } => {
            let rated = rated.unwrap_or(false);
            crate::challenges::challenge(hub, conn, &to, rules.as_deref(), clock, rated).await
        }
        ClientMsg::AnswerChallenge { id, answer } => {
            crate::challenges::answer(hub, conn, &id, answer).await
        }
        ClientMsg::CancelChallenge { id } => crate::challenges::cancel(hub, conn, &id).await,
        // Taken before dispatch, as a socket's first message only.
        ClientMsg::Auth { .. } => Err(Failure::refused(
            ErrorCode::BadMessage,
            "auth: only as the first message of a socket opened without an account",
        )),
        ClientMsg::Coach { game } => {
            let (h, from) = seat(hub, conn, &game)?;
            let input = h.ask_or(|reply| GameMsg::Coach { from, reply }).await?;
            conn.send(advice::coach(&hub.node, input).await?.to_text());
            Ok(())
        }
        ClientMsg::Layout { game, placer } => {
            let (h, from) = seat(hub, conn, &game)?;
            let rules = rules_of(&h, Some(from)).await?;
            conn.send(
                advice::layout(&hub.node, game, rules, placer)
                    .await?
                    .to_text(),
            );
            Ok(())
        }
        ClientMsg::Check {
            game,
            fleet,
            lang,
            coords,
        } => {
            let rules = rules_of(&live(hub, &bound(conn, &game)?)?, None).await?;
            let msg = advice::check(&hub.node, game, rules, fleet, lang, coords).await?;
            conn.send(msg.to_text());
            Ok(())
        }
        ClientMsg::Turn { game, fleet, ship } => {
            let rules = rules_of(&live(hub, &bound(conn, &game)?)?, None).await?;
            conn.send(
                advice::turn(&hub.node, game, rules, fleet, ship)
                    .await?
                    .to_text(),
            );
            Ok(())
        }
    }
}

/// The live game a connection is bound to. One that left memory (let go to another
/// node, or while storage was away) goes on: the client reconnects and resumes.
fn live(hub: &SharedHub, b: &crate::conn::Binding) -> Result<GameHandle, Failure> {
    hub.live(&b.game)
        .ok_or_else(|| crate::game::handle::moved(&b.game))
}

/// The game the connection plays in `game`, and the seat it names in its commands.
fn seat(hub: &SharedHub, conn: &Conn, game: &str) -> Result<(GameHandle, SeatRef), Failure> {
    let (b, seat) = seated(conn, game)?;
    let from = SeatRef {
        conn: conn.id,
        seat,
    };
    Ok((live(hub, &b)?, from))
}

/// Sends `command` from the connection's seat in `game`, and waits for the game's
/// answer.
async fn forward(
    hub: &SharedHub,
    conn: &Conn,
    game: &str,
    command: SeatCommand,
) -> Result<(), Failure> {
    let (h, from) = seat(hub, conn, game)?;
    self::command(&h, from, command).await
}

async fn command(h: &GameHandle, from: SeatRef, command: SeatCommand) -> Result<(), Failure> {
    h.ask_or(|reply| GameMsg::Play {
        from,
        command,
        reply,
    })
    .await
}

/// The game's rules, for advice served beside it (for a seat's connection only, with
/// `from`).
async fn rules_of(h: &GameHandle, from: Option<SeatRef>) -> Result<seabattle_core::Rules, Failure> {
    h.ask_or(|reply| GameMsg::Rules {
        from,
        placing: false,
        reply,
    })
    .await
}

fn bound(conn: &Conn, game: &str) -> Result<crate::conn::Binding, Failure> {
    let b = conn.binding().ok_or_else(|| {
        ClientError::new(
            ErrorCode::NotInGame,
            "not in a game: send new_game, join, resume or watch first",
        )
    })?;
    if b.game.as_str() != game {
        return Err(Failure::refused(
            ErrorCode::WrongGame,
            format!("this connection is in game {}, not {game:?}", b.game),
        ));
    }
    Ok(b)
}

fn seated(conn: &Conn, game: &str) -> Result<(crate::conn::Binding, Player), Failure> {
    let b = bound(conn, game)?;
    let p = b
        .seat
        .ok_or_else(|| ClientError::new(ErrorCode::Spectator, "spectators cannot play"))?;
    Ok((b, p))
}
