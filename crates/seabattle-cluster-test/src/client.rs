//! One client (a player or a spectator) that plays or watches its game to the end
//! through every fault, following it to its node, and keeps what it was told.

use crate::conn::{Conn, Event, MOVED, PING_EVERY, PONG_WAIT, QUIET};
use crate::ctx::{Ctx, lock};
use seabattle_client::msg;
use seabattle_wire::ClientMsg;
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A move as a client heard of it: its number in the record, who made it, and its
/// shots' cells and answers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Heard {
    pub(crate) number: u64,
    pub(crate) player: u64,
    pub(crate) shots: Vec<(String, String)>,
}

impl Heard {
    /// The move a `shot` message tells.
    pub(crate) fn of(shot: &Value) -> Heard {
        Heard {
            number: shot["number"].as_u64().unwrap_or(0),
            player: shot["player"].as_u64().unwrap_or(0),
            shots: shot["shots"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|s| {
                            let w = |k: &str| s[k].as_str().unwrap_or_default().to_string();
                            (w("cell"), w("answer"))
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// What one client (a player or a spectator) saw of its game.
#[derive(Default)]
pub(crate) struct Seen {
    pub(crate) who: String,
    /// Every `shot` received, in order of arrival.
    pub(crate) heard: Vec<Heard>,
    /// `state.moves` of every state received on coming back: a spectator catches up on
    /// the moves it missed while away from these.
    pub(crate) caught_up: Vec<u64>,
    /// The game's result, once the client saw it end.
    pub(crate) result: Option<Value>,
    /// Sockets closed with 4001, and connections lost without a close frame.
    pub(crate) moved_closes: usize,
    pub(crate) drops: usize,
    /// The node of every connection the client held, in order.
    pub(crate) nodes: Vec<Option<String>>,
    pub(crate) error: Option<String>,
}

/// The client's identity in its game.
#[derive(Clone)]
pub(crate) enum Role {
    Player { seat: u64, token: String },
    Spectator,
}

/// The cells of the board in the order every player fires at them.
fn cells() -> Vec<String> {
    (0..10)
        .flat_map(|r| (0..10).map(move |c| format!("{}{}", (b'a' + c) as char, r + 1)))
        .collect()
}

/// The strings of a JSON list (none if it is not one).
fn strs(v: &Value) -> impl Iterator<Item = String> + '_ {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
}

/// Comes back to `game` on `/ws?game=ID` until the server takes us (the node that owns
/// the game may be gone, or handing it over): the connection and its first `state`.
pub(crate) async fn rejoin(ctx: &Ctx, game: &str, role: &Role) -> Result<(Conn, Value), String> {
    let hello = match role {
        Role::Player { token, .. } => msg::resume(game, token),
        Role::Spectator => msg::watch(game),
    };
    let mut last = String::new();
    let mut pause = Duration::from_millis(50);
    while !ctx.left().is_zero() {
        match try_rejoin(ctx, game, &hello).await {
            Ok(x) => return Ok(x),
            Err(e) if e.starts_with("refused:") => return Err(e),
            Err(e) => last = e,
        }
        tokio::time::sleep(pause.min(ctx.left())).await;
        pause = (pause * 2).min(Duration::from_millis(500));
    }
    Err(format!("could not come back before the deadline: {last}"))
}

/// One try of [`rejoin`]: a `refused:` error ends the tries, others are tried again.
async fn try_rejoin(ctx: &Ctx, game: &str, hello: &ClientMsg) -> Result<(Conn, Value), String> {
    let mut c = Conn::open(ctx.proxy, Some(game)).await?;
    c.send(hello.clone(), ctx.pace).await?;
    loop {
        match c.next(QUIET).await {
            Event::Msg(v) if v["type"] == "state" => return Ok((c, v)),
            Event::Msg(v) if v["type"] == "error" => {
                // `moved`: the game is on its way between nodes; come back again.
                if v["code"] == "moved" {
                    return Err(v.to_string());
                }
                if v["code"] == "internal" && ctx.internal(game, "coming back", &v) {
                    return Err(v.to_string());
                }
                return Err(format!("refused: {v}"));
            }
            Event::Msg(_) => {}
            Event::Closed(code) => return Err(format!("closed ({code:?}) while coming back")),
            Event::Quiet => return Err("no state within 15 s of coming back".into()),
        }
    }
}

/// Plays (or watches) `game` to its end on `conn`, coming back whenever the socket is
/// lost. A player places the fleet the server suggests (`layout`, then `place`) and
/// fires at the cells in board order, skipping those it knows. `state` is the state
/// the connection already received, if it was taken from it.
pub(crate) async fn client(
    ctx: Arc<Ctx>,
    conn: Conn,
    state: Option<Value>,
    game: String,
    role: Role,
    who: String,
) -> Seen {
    let mut seen = Seen {
        who,
        ..Seen::default()
    };
    if let Err(e) = drive(&ctx, conn, state, &game, &role, &mut seen).await {
        seen.error = Some(e);
    }
    if seen.result.is_some() {
        lock(&ctx.owners).remove(&game);
    }
    seen
}

/// A player's (or spectator's) knowledge of its game between messages.
struct Play {
    pub(crate) me: Option<u64>,
    /// Cells this player fired at or knows to be empty.
    pub(crate) known: BTreeSet<String>,
    pub(crate) my_turn: bool,
    /// A volley was sent and its `shot` has not come yet.
    pub(crate) in_flight: bool,
    pub(crate) asked_layout: bool,
}

impl Play {
    /// Learns from a state: the cells fired at, whose turn it is; asks for a fleet to
    /// place if none is placed yet. Returns whether the game is over.
    async fn state(
        &mut self,
        c: &mut Conn,
        ctx: &Ctx,
        game: &str,
        state: &Value,
    ) -> Result<bool, String> {
        if state["phase"] == "over" {
            return Ok(true);
        }
        self.in_flight = false;
        let Some(me) = self.me else {
            return Ok(false);
        };
        // The state is the truth: a volley sent just before the socket was lost may
        // not have been stored.
        let board = &state["boards"][(me - 1) as usize];
        self.known = ["misses", "hits", "empty"]
            .iter()
            .flat_map(|k| strs(&board[*k]).collect::<Vec<_>>())
            .collect();
        if state["phase"] == "placement"
            && state["placed"][(me - 1) as usize] == false
            && !self.asked_layout
        {
            self.asked_layout = true;
            c.send(msg::layout(game, None), ctx.pace).await?;
        }
        self.my_turn = state["phase"] == "battle"
            && state["to_move"].as_u64() == Some(me)
            && state["duties"].as_array().is_none_or(|d| d.is_empty());
        Ok(false)
    }
}

/// The body of [`client`]: plays (or watches) until the game's end, keeping in `seen`
/// what the client was told.
async fn drive(
    ctx: &Ctx,
    conn: Conn,
    first_state: Option<Value>,
    game: &str,
    role: &Role,
    seen: &mut Seen,
) -> Result<(), String> {
    let mut play = Play {
        me: match role {
            Role::Player { seat, .. } => Some(*seat),
            Role::Spectator => None,
        },
        known: BTreeSet::new(),
        my_turn: false,
        in_flight: false,
        asked_layout: false,
    };
    let order = cells();
    let mut quiet = 0;
    seen.nodes.push(conn.node.clone());
    let mut conn = Some(conn);
    if let (Some(c), Some(s)) = (conn.as_mut(), &first_state)
        && play.state(c, ctx, game, s).await?
    {
        seen.result = Some(s["result"].clone());
        return Ok(());
    }
    let mut cut_at: Option<Instant> = None;
    // The highest move number this client was told of.
    let mut told = 0u64;
    let mut heard_at = Instant::now();
    let mut ping_sent: Option<Instant> = None;
    loop {
        if ctx.left().is_zero() {
            return Err("the deadline passed before the game ended".into());
        }
        let c = match conn.as_mut() {
            Some(c) => c,
            None => {
                let (mut c, state) = rejoin(ctx, game, role).await?;
                seen.nodes.push(c.node.clone());
                if play.me.is_some() {
                    ctx.owner(game, c.node.clone());
                }
                ctx.back(game, &c.node, cut_at);
                let moves = state["moves"].as_u64().unwrap_or(0);
                ctx.state_seen(game, &seen.who, told, moves, &c.node);
                seen.caught_up.push(moves);
                heard_at = Instant::now();
                ping_sent = None;
                let over = play.state(&mut c, ctx, game, &state).await?;
                conn = Some(c);
                if over {
                    seen.result = Some(state["result"].clone());
                    return Ok(());
                }
                continue;
            }
        };
        if play.me.is_some() && play.my_turn && !play.in_flight {
            let Some(cell) = order.iter().find(|x| !play.known.contains(*x)).cloned() else {
                return Err("no cell left to fire at".into());
            };
            play.known.insert(cell.clone());
            play.in_flight = true;
            // A send that fails shows as the socket's end on the next read.
            let _ = c.send(msg::fire(game, [cell]), ctx.pace).await;
        }
        let v = match c.next(PING_EVERY.min(ctx.left())).await {
            Event::Msg(v) if v["type"] == "pong" => {
                ping_sent = None;
                continue;
            }
            Event::Msg(v) => v,
            Event::Quiet if ping_sent.is_some_and(|t| t.elapsed() >= PONG_WAIT) => {
                // A frozen node: the socket is open but nothing answers.
                seen.drops += 1;
                cut_at = Some(Instant::now());
                ping_sent = None;
                conn = None;
                continue;
            }
            Event::Quiet if heard_at.elapsed() < QUIET => {
                if ping_sent.is_none() {
                    ping_sent = Some(Instant::now());
                    let _ = c.send(ClientMsg::Ping, ctx.pace).await;
                }
                continue;
            }
            Event::Closed(code) => {
                if code == Some(MOVED) {
                    seen.moved_closes += 1;
                } else {
                    seen.drops += 1;
                }
                cut_at = Some(Instant::now());
                conn = None;
                continue;
            }
            Event::Quiet => {
                quiet += 1;
                if quiet >= 2 {
                    return Err(format!("nothing heard for {:?}", QUIET * 2));
                }
                heard_at = Instant::now();
                let _ = c.send(msg::sync(game), ctx.pace).await;
                continue;
            }
        };
        quiet = 0;
        heard_at = Instant::now();
        if std::env::var_os("CLUSTER_TRACE").is_some() {
            eprintln!("{game} {}: {v}", seen.who);
        }
        match v["type"].as_str().unwrap_or("") {
            "state" => {
                ctx.state_seen(
                    game,
                    &seen.who,
                    told,
                    v["moves"].as_u64().unwrap_or(0),
                    &c.node,
                );
                let over = play.state(c, ctx, game, &v).await?;
                if over {
                    seen.result = Some(v["result"].clone());
                    return Ok(());
                }
            }
            "layout" if play.me.is_some() => {
                let _ = c
                    .send(
                        if v["fleet"].is_array() {
                            msg::place(game, strs(&v["fleet"]))
                        } else {
                            msg::place_random(game)
                        },
                        ctx.pace,
                    )
                    .await;
            }
            "battle" => play.my_turn = play.me.is_some() && v["first"].as_u64() == play.me,
            "shot" => {
                let h = Heard::of(&v);
                ctx.move_heard();
                *lock(&ctx.moves).entry(game.to_string()).or_default() += 1;
                told = told.max(h.number);
                let mut all_told = lock(&ctx.told);
                let t = all_told.entry(game.to_string()).or_default();
                *t = (*t).max(h.number);
                drop(all_told);
                if Some(h.player) == play.me {
                    play.in_flight = false;
                    for s in v["shots"].as_array().into_iter().flatten() {
                        play.known.extend(s["cell"].as_str().map(str::to_string));
                        play.known.extend(strs(&s["halo"]));
                    }
                }
                seen.heard.push(h);
                play.my_turn = play.me.is_some()
                    && v["next"].as_u64() == play.me
                    && v["duties"].as_array().is_none_or(|d| d.is_empty());
            }
            "game_over" => {
                seen.result = Some(v["result"].clone());
                return Ok(());
            }
            "error" => match v["code"].as_str().unwrap_or("") {
                // The game left this node: come back on its URL.
                "moved" => {
                    seen.moved_closes += 1;
                    cut_at = Some(Instant::now());
                    if let Some(c) = conn.take() {
                        c.close().await;
                    }
                }
                // Out of step with the game: ask where it stands.
                "not_your_turn" | "already_shot" => {
                    play.my_turn = false;
                    let _ = c.send(msg::sync(game), ctx.pace).await;
                }
                // The database is down (in a restart run): ask where the game stands
                // and go on.
                "internal" if ctx.internal(game, &seen.who, &v) => {
                    play.my_turn = false;
                    play.in_flight = false;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    let _ = c.send(msg::sync(game), ctx.pace).await;
                }
                _ => return Err(format!("refused: {v}")),
            },
            _ => {}
        }
    }
}

/// A game made through the proxy, and its creator's connection, followed to the game's
/// URL when the server runs as a cluster.
pub(crate) struct Made {
    pub(crate) game: String,
    pub(crate) token: String,
    pub(crate) seat: u64,
    pub(crate) conn: Conn,
    /// The state the follow brought, if the creator followed the game.
    pub(crate) state: Option<Value>,
}

impl Made {
    /// Plays the seat to the end in a task of its own.
    pub(crate) fn play(self, ctx: &Arc<Ctx>) -> tokio::task::JoinHandle<Seen> {
        let who = format!("player {}", self.seat);
        tokio::spawn(client(
            Arc::clone(ctx),
            self.conn,
            self.state,
            self.game,
            Role::Player {
                seat: self.seat,
                token: self.token,
            },
            who,
        ))
    }
}

/// Sends `msg` (`new_game`, or `queue`) on `conn`, waits for `joined`, and follows the
/// game to `/ws?game=ID` if the node named itself (the cluster's contract).
pub(crate) async fn made_on(
    ctx: &Ctx,
    mut conn: Conn,
    first: Option<ClientMsg>,
) -> Result<Made, String> {
    if let Some(m) = first {
        conn.send(m, ctx.pace).await?;
    }
    let joined = conn.until("joined").await?;
    let game = joined["game"].as_str().unwrap_or_default().to_string();
    let token = joined["token"].as_str().unwrap_or_default().to_string();
    let seat = joined["seat"].as_u64().unwrap_or(0);
    if game.is_empty() || token.is_empty() {
        return Err(format!("joined without a game or token: {joined}"));
    }
    if conn.node.is_none() {
        return Ok(Made {
            game,
            token,
            seat,
            conn,
            state: None,
        });
    }
    conn.close().await;
    let role = Role::Player {
        seat,
        token: token.clone(),
    };
    let (conn, state) = rejoin(ctx, &game, &role).await?;
    ctx.owner(&game, conn.node.clone());
    Ok(Made {
        game,
        token,
        seat,
        conn,
        state: Some(state),
    })
}
