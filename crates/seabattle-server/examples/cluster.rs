//! Cluster scenario driver (not a test): plays through HAProxy in front of several
//! `seabattle serve` nodes on one PostgreSQL, kills a node mid-game, and checks that
//! every game is finished and that no acknowledged move was lost (docs/deploy.md).
//!
//! ```text
//! cargo run --release -p seabattle-server --example cluster -- \
//!     --proxy 127.0.0.1:PORT --nodes n1=PID,n2=PID,n3=PID [--term] [--friends N]
//!     [--computers N] [--pace-ms MS] [--deadline-secs S]
//!     [--fault kill|term|pause|db-restart] [--pause-secs S] [--queue-races N]
//!     [--db-stop CMD --db-start CMD --db-down-secs S]
//!     [--fault primary-kill --db-kill CMD --db-ready CMD]
//! ```
//!
//! `--fault pause` stops the node that owns the most games with SIGSTOP for
//! `--pause-secs` (8), longer than its lease, then resumes it: clients that hear no
//! `pong` reconnect elsewhere, and after the node is back a fresh `watch` of every game
//! must show every move already told. `--fault db-restart` runs `--db-stop` (e.g.
//! `pg_ctlcluster 15 main stop -m immediate`), waits `--db-down-secs` (3), runs
//! `--db-start`; no `internal` error may reach a client once it is back.
//! `--fault primary-kill` runs `--db-kill` (e.g. `.ci/patroni kill-primary DIR`: the
//! Patroni primary's machine dies), then runs `--db-ready` every 200 ms until it
//! succeeds (a read-write primary answers: the failover is over); it prints the
//! failover time and the time to the first move any client hears after the kill, and
//! no `internal` error may reach a client once the new primary answers.
//! `--queue-races N` makes, mid-game, N pairs of players on two nodes queue at the same
//! instant; each pair must be paired. Every run checks that no client receives a state
//! older than a move it was already told.
//!
//! Without `--term` it plays, all at once, friend games each with a spectator, games
//! against the computer (`easy` and `expert`) and a pairing from the random queue whose
//! players first reached different nodes; once every game's battle has begun it sends
//! SIGKILL to the node that owns the most games. With `--term` it plays one friend
//! game with a spectator and sends SIGTERM to its node instead. Either way it then
//! waits for every game to end, fetches every record and checks each move a client was
//! told of against it.
//!
//! Each check prints `cluster: ok   WHAT` or `cluster: FAIL WHAT: why`; the last line
//! is `cluster: N passed, M failed`, and the exit status is 1 if any check failed.
//! Clients follow the contract of docs/deploy.md: a client that learns its game on a
//! socket whose URL lacks `?game=ID` reconnects to `/ws?game=ID` and resumes; a socket
//! closed (code 4001 `moved`, or dropped) or a `moved` refusal sends it to the same URL
//! again. Without `node` in `welcome` (one SQLite server) nobody follows.
//! `CLUSTER_TRACE=1` prints every message the clients receive to standard error.

use seabattle_client::{Connection, Frame, msg};
use seabattle_wire::{ClientMsg, Opponent, ServerMsg};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The close code of a socket whose game moved to another node.
const MOVED: u16 = 4001;

/// How long one connection attempt (TCP, upgrade and `welcome`) may take.
const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// Silence after which a client asks for the state; twice in a row fails the client.
const QUIET: Duration = Duration::from_secs(15);

/// A client pings when it has heard nothing for this long, and counts the connection
/// as lost when the `pong` has not come this long after (docs/protocol.md §13; the
/// real clients wait 10 s, the driver less, so a paused node's clients leave during
/// the pause).
const PING_EVERY: Duration = Duration::from_secs(2);
const PONG_WAIT: Duration = Duration::from_secs(4);

/// What is done to the cluster mid-game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fault {
    Kill,
    Term,
    Pause,
    DbRestart,
    PrimaryKill,
}

struct Opts {
    proxy: SocketAddr,
    nodes: Vec<(String, u32)>,
    term: bool,
    friends: usize,
    computers: usize,
    pace: Duration,
    deadline: Duration,
    fault: Fault,
    pause: Duration,
    queue_races: usize,
    db_stop: Option<String>,
    db_start: Option<String>,
    db_down: Duration,
    db_kill: Option<String>,
    db_ready: Option<String>,
}

fn opts() -> Opts {
    let mut proxy = None;
    let mut o = Opts {
        proxy: "127.0.0.1:8080".parse().expect("an address"),
        nodes: Vec::new(),
        term: false,
        friends: 4,
        computers: 4,
        pace: Duration::from_millis(250),
        deadline: Duration::from_secs(150),
        fault: Fault::Kill,
        pause: Duration::from_secs(8),
        queue_races: 0,
        db_stop: None,
        db_start: None,
        db_down: Duration::from_secs(3),
        db_kill: None,
        db_ready: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--term" {
            o.term = true;
            o.fault = Fault::Term;
            continue;
        }
        let v = args.next().unwrap_or_default();
        let bad = || -> ! {
            eprintln!("cluster: bad value {v:?} for {flag}");
            std::process::exit(2)
        };
        match flag.as_str() {
            "--proxy" => proxy = Some(v.parse().unwrap_or_else(|_| bad())),
            "--nodes" => {
                for item in v.split(',').filter(|s| !s.is_empty()) {
                    let Some((name, pid)) = item.split_once('=') else {
                        bad()
                    };
                    o.nodes
                        .push((name.to_string(), pid.parse().unwrap_or_else(|_| bad())));
                }
            }
            "--friends" => o.friends = v.parse().unwrap_or_else(|_| bad()),
            "--computers" => o.computers = v.parse().unwrap_or_else(|_| bad()),
            "--pace-ms" => o.pace = Duration::from_millis(v.parse().unwrap_or_else(|_| bad())),
            "--fault" => {
                o.fault = match v.as_str() {
                    "kill" => Fault::Kill,
                    "term" => Fault::Term,
                    "pause" => Fault::Pause,
                    "db-restart" => Fault::DbRestart,
                    "primary-kill" => Fault::PrimaryKill,
                    _ => bad(),
                };
                o.term = o.fault == Fault::Term;
            }
            "--pause-secs" => o.pause = Duration::from_secs(v.parse().unwrap_or_else(|_| bad())),
            "--queue-races" => o.queue_races = v.parse().unwrap_or_else(|_| bad()),
            "--db-stop" => o.db_stop = Some(v),
            "--db-start" => o.db_start = Some(v),
            "--db-kill" => o.db_kill = Some(v),
            "--db-ready" => o.db_ready = Some(v),
            "--db-down-secs" => {
                o.db_down = Duration::from_secs(v.parse().unwrap_or_else(|_| bad()));
            }
            "--deadline-secs" => {
                o.deadline = Duration::from_secs(v.parse().unwrap_or_else(|_| bad()));
            }
            other => {
                eprintln!("cluster: unknown option {other}");
                std::process::exit(2)
            }
        }
    }
    match proxy {
        Some(p) => o.proxy = p,
        None => {
            eprintln!("cluster: --proxy HOST:PORT is required");
            std::process::exit(2)
        }
    }
    o
}

/// The checks' tally.
#[derive(Default)]
struct Tally {
    passed: AtomicUsize,
    failed: AtomicUsize,
}

impl Tally {
    fn ok(&self, what: &str) {
        self.passed.fetch_add(1, Ordering::Relaxed);
        println!("cluster: ok   {what}");
    }

    fn fail(&self, what: &str, why: &str) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        println!("cluster: FAIL {what}: {why}");
    }

    fn check(&self, what: &str, r: Result<(), String>) {
        match r {
            Ok(()) => self.ok(what),
            Err(why) => self.fail(what, &why),
        }
    }
}

/// What every client shares: where to connect, how fast to play, when to give up, and
/// what the disruption (a kill or a SIGTERM) did.
struct Ctx {
    proxy: SocketAddr,
    pace: Duration,
    deadline: Instant,
    /// When the node was killed (or sent SIGTERM), and its name.
    disrupted: Mutex<Option<(Instant, String)>>,
    /// Per game, the longest time from the disruption to a client's first `state`
    /// after it came back, and the node it came back to.
    takeovers: Mutex<BTreeMap<String, (Duration, Option<String>)>>,
    /// Per game, the node its players' connections reached last, while it runs.
    owners: Mutex<HashMap<String, Option<String>>>,
    /// Per game, the `shot` messages its clients received.
    moves: Mutex<HashMap<String, usize>>,
    /// Per game, the highest move number any client was told of.
    told: Mutex<HashMap<String, u64>>,
    /// States older than a move the client had been told of.
    stale: Mutex<Vec<String>>,
    /// The database is restarted (or its primary killed) in this run: `internal`
    /// errors are expected while it is down, and none once it is back (when this is
    /// set).
    db_fault: bool,
    db_back: Mutex<Option<Instant>>,
    /// When the database's primary was killed (after the kill command returned), and
    /// the first `shot` any client heard after that.
    db_killed: Mutex<Option<Instant>>,
    first_move_after: Mutex<Option<Instant>>,
    /// `internal` errors heard after the database was back.
    internal_after: Mutex<Vec<String>>,
}

impl Ctx {
    fn left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// An `internal` error reached a client of `game`: counted if the database was
    /// back already. Whether the client may go on (only in a database-restart run).
    fn internal(&self, game: &str, who: &str, v: &Value) -> bool {
        if let Some(t) = *lock(&self.db_back) {
            lock(&self.internal_after).push(format!(
                "{game} {who}: {v} ({} ms after the database was back)",
                t.elapsed().as_millis()
            ));
        }
        self.db_fault
    }

    /// A `shot` reached a client: the first one after the primary was killed is kept.
    fn move_heard(&self) {
        if lock(&self.db_killed).is_some() {
            lock(&self.first_move_after).get_or_insert_with(Instant::now);
        }
    }

    /// A client that was told of move `told` received a state of `moves` moves.
    fn state_seen(&self, game: &str, who: &str, told: u64, moves: u64, node: &Option<String>) {
        if moves < told {
            lock(&self.stale).push(format!(
                "{game} {who}: a state of {moves} moves from {} after move {told} was told",
                node.as_deref().unwrap_or("?")
            ));
        }
    }

    fn owner(&self, game: &str, node: Option<String>) {
        lock(&self.owners).insert(game.to_string(), node);
    }

    /// A client of `game` is back with a state: counts for the takeover time if the
    /// game was cut off by the disruption.
    fn back(&self, game: &str, node: &Option<String>, cut_at: Option<Instant>) {
        let Some((t, _)) = lock(&self.disrupted).clone() else {
            return;
        };
        // Only a client cut off by the disruption measures it: one that followed its
        // game earlier, or reconnected for another reason before it, does not.
        if cut_at.is_none_or(|c| c < t) {
            return;
        }
        let d = t.elapsed();
        let mut m = lock(&self.takeovers);
        let e = m.entry(game.to_string()).or_insert((d, node.clone()));
        if d > e.0 {
            *e = (d, node.clone());
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// One WebSocket and what its `welcome` said.
struct Conn {
    ws: Connection,
    node: Option<String>,
    last_send: Option<Instant>,
}

/// What a read brought.
enum Event {
    Msg(Value),
    /// The socket ended: with the close frame's code, if there was one.
    Closed(Option<u16>),
    Quiet,
}

impl Conn {
    /// Connects through the proxy to `/ws`, or `/ws?game=ID`, and reads `welcome`.
    async fn open(proxy: SocketAddr, game: Option<&str>) -> Result<Conn, String> {
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
    async fn send(&mut self, m: impl Into<ClientMsg>, pace: Duration) -> Result<(), String> {
        if let Some(t) = self.last_send {
            tokio::time::sleep_until((t + pace).into()).await;
        }
        self.last_send = Some(Instant::now());
        self.ws.send(&m.into()).await.map_err(|e| e.to_string())
    }

    /// The next message, as JSON for the checks that read every field, once it is known
    /// to be a server message of the protocol. One that is not is reported as an
    /// `unreadable` message, which no check expects.
    async fn next(&mut self, wait: Duration) -> Event {
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
    async fn until(&mut self, ty: &str) -> Result<Value, String> {
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

    async fn close(self) {
        let _ = tokio::time::timeout(Duration::from_secs(1), self.ws.close()).await;
    }
}

/// A move as a client heard of it: its number in the record, who made it, and its
/// shots' cells and answers.
#[derive(Clone, Debug, PartialEq)]
struct Heard {
    number: u64,
    player: u64,
    shots: Vec<(String, String)>,
}

impl Heard {
    fn of(shot: &Value) -> Heard {
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
struct Seen {
    who: String,
    /// Every `shot` received, in order of arrival.
    heard: Vec<Heard>,
    /// `state.moves` of every state received on coming back: a spectator catches up on
    /// the moves it missed while away from these.
    caught_up: Vec<u64>,
    /// The game's result, once the client saw it end.
    result: Option<Value>,
    /// Sockets closed with 4001, and connections lost without a close frame.
    moved_closes: usize,
    drops: usize,
    /// The node of every connection the client held, in order.
    nodes: Vec<Option<String>>,
    error: Option<String>,
}

/// The client's identity in its game.
#[derive(Clone)]
enum Role {
    Player { seat: u64, token: String },
    Spectator,
}

/// The cells of the board in the order every player fires at them.
fn cells() -> Vec<String> {
    (0..10)
        .flat_map(|r| (0..10).map(move |c| format!("{}{}", (b'a' + c) as char, r + 1)))
        .collect()
}

fn strs(v: &Value) -> impl Iterator<Item = String> + '_ {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
}

/// Comes back to `game` on `/ws?game=ID` until the server takes us (the node that owns
/// the game may be gone, or handing it over): the connection and its first `state`.
async fn rejoin(ctx: &Ctx, game: &str, role: &Role) -> Result<(Conn, Value), String> {
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
async fn client(
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
    me: Option<u64>,
    /// Cells this player fired at or knows to be empty.
    known: BTreeSet<String>,
    my_turn: bool,
    /// A volley was sent and its `shot` has not come yet.
    in_flight: bool,
    asked_layout: bool,
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
struct Made {
    game: String,
    token: String,
    seat: u64,
    conn: Conn,
    /// The state the follow brought, if the creator followed the game.
    state: Option<Value>,
}

impl Made {
    /// Plays the seat to the end in a task of its own.
    fn play(self, ctx: &Arc<Ctx>) -> tokio::task::JoinHandle<Seen> {
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
async fn made_on(ctx: &Ctx, mut conn: Conn, first: Option<ClientMsg>) -> Result<Made, String> {
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

/// A plain HTTP GET through the proxy: (status, body).
fn http_get(addr: SocketAddr, path: &str) -> Result<(u16, String), String> {
    let mut s =
        std::net::TcpStream::connect_timeout(&addr, CONNECT_WAIT).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no header end")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return Ok((status, body.to_string()));
    }
    let mut out = String::new();
    let mut rest = body;
    while let Some((len, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).map_err(|e| e.to_string())?;
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    Ok((status, out))
}

/// Every move each client heard of is in the game's record, at its number, and each
/// client heard them in order; a spectator heard of every move, or caught up on it
/// with a state after coming back.
fn check_record(record: &Value, clients: &[&Seen]) -> Result<usize, String> {
    let moves = record["moves"].as_array().ok_or("a record without moves")?;
    let mut checked = 0;
    for s in clients {
        let mut last = 0;
        for h in &s.heard {
            if h.number <= last {
                return Err(format!(
                    "{} heard move {} after move {last}",
                    s.who, h.number
                ));
            }
            last = h.number;
            let m = moves
                .get((h.number as usize).wrapping_sub(1))
                .ok_or_else(|| {
                    format!(
                        "{} heard move {}, the record has {}",
                        s.who,
                        h.number,
                        moves.len()
                    )
                })?;
            if m["player"].as_u64() != Some(h.player) || record_shots(m) != h.shots {
                return Err(format!(
                    "{} heard move {} as player {} {:?}, the record has {m}",
                    s.who, h.number, h.player, h.shots
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// A recorded move's shots as (cell, outcome) pairs, as `Heard` keeps them.
fn record_shots(m: &Value) -> Vec<(String, String)> {
    m["shots"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let w = |i: usize| p[i].as_str().unwrap_or_default().to_string();
            (w(0), w(1))
        })
        .collect()
}

/// Every move any of a game's clients was told of, by number, as it was told.
fn told_moves<'a>(clients: &[&'a Seen]) -> BTreeMap<u64, &'a Heard> {
    clients
        .iter()
        .flat_map(|s| &s.heard)
        .map(|h| (h.number, h))
        .collect()
}

/// How many of the `told` moves the record lacks or has otherwise (another player or
/// other shots at that number).
fn missing(record: &Value, told: &BTreeMap<u64, &Heard>) -> usize {
    let moves = record["moves"].as_array().map_or(&[][..], Vec::as_slice);
    told.iter()
        .filter(|(n, h)| {
            let Some(m) = (**n as usize).checked_sub(1).and_then(|i| moves.get(i)) else {
                return true;
            };
            m["player"].as_u64() != Some(h.player) || record_shots(m) != h.shots
        })
        .count()
}

/// A spectator saw every move: heard of it, or caught up on it by a state.
fn check_spectator(record: &Value, s: &Seen) -> Result<(usize, usize), String> {
    let n = record["moves"].as_array().map_or(0, Vec::len) as u64;
    let heard: BTreeSet<u64> = s.heard.iter().map(|h| h.number).collect();
    let caught = s.caught_up.iter().copied().max().unwrap_or(0);
    let missed: Vec<u64> = (1..=n)
        .filter(|k| !heard.contains(k) && *k > caught)
        .collect();
    if !missed.is_empty() {
        return Err(format!("never saw moves {missed:?} of {n}"));
    }
    Ok((heard.len(), (n as usize).saturating_sub(heard.len())))
}

fn node_pid(nodes: &[(String, u32)], name: &str) -> Option<u32> {
    nodes.iter().find(|(n, _)| n == name).map(|(_, p)| *p)
}

fn signal(pid: u32, sig: &str) -> Result<(), String> {
    let st = std::process::Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .map_err(|e| e.to_string())?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("kill {sig} {pid}: {st}"))
    }
}

fn alive(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
        && std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            !s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
}

fn main() {
    let o = opts();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let tally = Arc::new(Tally::default());
    runtime.block_on(run(o, Arc::clone(&tally)));
    let (p, f) = (
        tally.passed.load(Ordering::Relaxed),
        tally.failed.load(Ordering::Relaxed),
    );
    println!("cluster: {p} passed, {f} failed");
    std::process::exit(i32::from(f > 0));
}

/// A game under way: its id, what it is, and its clients' tasks.
struct Running {
    game: String,
    what: String,
    clients: Vec<tokio::task::JoinHandle<Seen>>,
    has_spectator: bool,
}

async fn run(o: Opts, tally: Arc<Tally>) {
    let ctx = Arc::new(Ctx {
        proxy: o.proxy,
        pace: o.pace,
        deadline: Instant::now() + o.deadline,
        disrupted: Mutex::new(None),
        takeovers: Mutex::new(BTreeMap::new()),
        owners: Mutex::new(HashMap::new()),
        moves: Mutex::new(HashMap::new()),
        told: Mutex::new(HashMap::new()),
        stale: Mutex::new(Vec::new()),
        db_fault: matches!(o.fault, Fault::DbRestart | Fault::PrimaryKill),
        db_back: Mutex::new(None),
        db_killed: Mutex::new(None),
        first_move_after: Mutex::new(None),
        internal_after: Mutex::new(Vec::new()),
    });

    // Round robin for URLs without a game: a few connections reach every node.
    let mut met = BTreeSet::new();
    let mut named = true;
    for _ in 0..(2 * o.nodes.len().max(1)) {
        match Conn::open(o.proxy, None).await {
            Ok(c) => {
                named &= c.node.is_some();
                met.extend(c.node.clone());
                c.close().await;
            }
            Err(e) => {
                tally.fail("connecting through the proxy", &e);
                return;
            }
        }
    }
    let cluster = !met.is_empty();
    if o.nodes.len() > 1 {
        tally.check(
            "welcome names the node",
            if named {
                Ok(())
            } else {
                Err("a welcome without `node`: the server is not running as a cluster".into())
            },
        );
        let want: BTreeSet<String> = o.nodes.iter().map(|(n, _)| n.clone()).collect();
        tally.check(
            &format!("first connections reach every node ({})", join(&met)),
            if met == want {
                Ok(())
            } else {
                Err(format!("reached {}, expected {}", join(&met), join(&want)))
            },
        );
    } else if !cluster {
        println!("cluster: note: welcome names no node; clients will not follow games");
    }

    let mut running = Vec::new();
    let friends = if o.term { 1 } else { o.friends };
    for i in 0..friends {
        match start_friend_game(&ctx, i).await {
            Ok(r) => running.push(r),
            Err(e) => tally.fail(&format!("friend game {i} starts"), &e),
        }
    }
    if !o.term {
        for i in 0..o.computers {
            let level = if i % 2 == 0 { "easy" } else { "expert" };
            match start_computer_game(&ctx, level).await {
                Ok(r) => running.push(r),
                Err(e) => tally.fail(&format!("a game against {level} starts"), &e),
            }
        }
        match start_queue_game(&ctx, cluster).await {
            Ok((r, nodes)) => {
                tally.check(
                    &format!("the random queue pairs players first connected to {nodes}"),
                    Ok(()),
                );
                running.push(r);
            }
            Err(e) => tally.fail("the random queue pairs players on different nodes", &e),
        }
    }
    if running.is_empty() {
        return;
    }
    tally.ok(&format!(
        "{} games started through the proxy",
        running.len()
    ));

    // Once every battle has begun and a few shots are in (or the games that have not
    // begun are late), the disruption.
    if !o.nodes.is_empty() {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(15) {
            let moves = lock(&ctx.moves).clone();
            if running
                .iter()
                .all(|r| moves.get(&r.game).is_some_and(|k| *k >= 4))
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        if o.queue_races > 0 {
            queue_races(&ctx, &tally, o.queue_races, cluster).await;
        }
        match o.fault {
            Fault::Kill | Fault::Term => disrupt(&o, &ctx, &tally, &running).await,
            Fault::Pause => pause(&o, &ctx, &tally, &running).await,
            Fault::DbRestart => db_restart(&o, &ctx, &tally).await,
            Fault::PrimaryKill => primary_kill(&o, &ctx, &tally).await,
        }
    }

    let mut all: Vec<(Running, Vec<Seen>)> = Vec::new();
    for mut r in running {
        let mut seen = Vec::new();
        for h in r.clients.drain(..) {
            match h.await {
                Ok(s) => seen.push(s),
                Err(e) => tally.fail(&format!("{} {}", r.what, r.game), &e.to_string()),
            }
        }
        all.push((r, seen));
    }

    let mut finished = 0;
    let mut failed_games = Vec::new();
    for (r, seen) in &all {
        let mut why = Vec::new();
        for s in seen {
            if let Some(e) = &s.error {
                why.push(format!("{}: {e}", s.who));
            } else if s.result.is_none() {
                why.push(format!("{}: no result", s.who));
            }
        }
        if why.is_empty() {
            finished += 1;
        } else {
            failed_games.push(format!("{} {}: {}", r.what, r.game, why.join("; ")));
        }
    }
    tally.check(
        &format!("every game finished ({finished} of {})", all.len()),
        if failed_games.is_empty() {
            Ok(())
        } else {
            Err(failed_games.join(" | "))
        },
    );

    let stale = lock(&ctx.stale).clone();
    tally.check(
        "no client received a state older than a move it was told of",
        if stale.is_empty() {
            Ok(())
        } else {
            Err(stale.join(" | "))
        },
    );
    if o.fault == Fault::PrimaryKill {
        let killed = *lock(&ctx.db_killed);
        let first = *lock(&ctx.first_move_after);
        match (killed, first) {
            (Some(k), Some(f)) => {
                let ms = f.saturating_duration_since(k).as_millis();
                // A failover takes 8–12 s (docs/deploy.md); the nodes' leases lapse
                // meanwhile and their games are claimed again once it is over.
                tally.check(
                    &format!("time to the first move after the kill: {ms} ms"),
                    if ms > 40_000 {
                        Err("over 40 s".into())
                    } else {
                        Ok(())
                    },
                );
                println!("cluster: first_move_after_kill_ms {ms}");
            }
            (Some(_), None) => tally.fail(
                "a move after the primary was killed",
                "no client heard a move after the kill",
            ),
            (None, _) => {}
        }
    }
    if matches!(o.fault, Fault::DbRestart | Fault::PrimaryKill) {
        let after = lock(&ctx.internal_after).clone();
        tally.check(
            "no `internal` error reached a client once the database was back",
            if after.is_empty() {
                Ok(())
            } else {
                Err(after.join(" | "))
            },
        );
    }

    if let Some((_, node)) = lock(&ctx.disrupted)
        .clone()
        .filter(|_| matches!(o.fault, Fault::Kill | Fault::Term | Fault::Pause))
    {
        let cut: Vec<&Seen> = all
            .iter()
            .flat_map(|(_, s)| s)
            .filter(|s| s.moved_closes + s.drops > 0)
            .collect();
        let moved = cut.iter().filter(|s| s.moved_closes > 0).count();
        let back_elsewhere = cut
            .iter()
            .filter(|s| s.nodes.last().is_some_and(|n| n.as_deref() != Some(&node)))
            .count();
        tally.check(
            &format!(
                "clients cut off from {node} came back on other nodes ({back_elsewhere} of {}; {moved} told `moved`)",
                cut.len()
            ),
            if cut.is_empty() {
                Err("no client lost its connection".into())
            } else if back_elsewhere < cut.len() && o.fault != Fault::Pause {
                // (A paused node is back in the proxy a few seconds later, and may be
                // the game's node again.)
                Err("some came back to the same node".into())
            } else if o.term && moved == 0 {
                Err("a drained node closes its games' sockets with 4001".into())
            } else {
                Ok(())
            },
        );
        let t = lock(&ctx.takeovers).clone();
        let worst = t.values().map(|(d, _)| *d).max().unwrap_or_default();
        let line = format!(
            "takeover time: {:.0} ms at most over {} games (from the {} to the first state after coming back)",
            worst.as_secs_f64() * 1e3,
            t.len(),
            match o.fault {
                Fault::Term => "SIGTERM",
                Fault::Pause => "SIGSTOP",
                _ => "SIGKILL",
            }
        );
        // A dead node's lease runs out within 5 s; a drained one hands over at once
        // after its drain (3 s by default). Allow the proxy's checks and retries on top.
        let bound = match o.fault {
            Fault::Term => 10,
            // Clients notice a frozen node by a missing pong (up to 6 s) first.
            Fault::Pause => 18,
            _ => 12,
        };
        tally.check(
            &line,
            if t.is_empty() {
                Err("no game came back".into())
            } else if worst > Duration::from_secs(bound) {
                Err(format!("over {bound} s"))
            } else {
                Ok(())
            },
        );
        println!("cluster: takeover_ms {:.0}", worst.as_secs_f64() * 1e3);
    }

    // The records, from any node, against what the clients were told.
    let mut ok_games = 0;
    let mut heard = 0;
    let mut problems = Vec::new();
    let mut spectated = (0, 0, 0);
    // Distinct moves some client was told of that its game's record lacks (all of a
    // game's, if its record cannot be had).
    let mut lost = 0;
    let mut acknowledged = 0;
    for (r, seen) in &all {
        let refs: Vec<&Seen> = seen.iter().collect();
        let told = told_moves(&refs);
        acknowledged += told.len();
        lost += told.len();
        let path = format!("/games/{}/record.json", r.game);
        let proxy = o.proxy;
        let got = tokio::task::spawn_blocking(move || http_get(proxy, &path)).await;
        let record = match got {
            Ok(Ok((200, body))) => match serde_json::from_str::<Value>(&body) {
                Ok(v) => v,
                Err(e) => {
                    problems.push(format!("{}: {e}", r.game));
                    continue;
                }
            },
            Ok(Ok((status, body))) => {
                problems.push(format!("{}: {status} {}", r.game, body.trim()));
                continue;
            }
            Ok(Err(e)) => {
                problems.push(format!("{}: {e}", r.game));
                continue;
            }
            Err(e) => {
                problems.push(format!("{}: {e}", r.game));
                continue;
            }
        };
        lost -= told.len() - missing(&record, &told);
        match check_record(&record, &refs) {
            Ok(n) => {
                ok_games += 1;
                heard += n;
            }
            Err(e) => problems.push(format!("{}: {e}", r.game)),
        }
        if r.has_spectator
            && let Some(s) = seen.iter().find(|s| s.who.starts_with("spectator"))
        {
            match check_spectator(&record, s) {
                Ok((direct, by_state)) => {
                    spectated.0 += 1;
                    spectated.1 += direct;
                    spectated.2 += by_state;
                }
                Err(e) => problems.push(format!("{} spectator: {e}", r.game)),
            }
        }
    }
    tally.check(
        &format!(
            "records: every move the clients were told of is in its game's record, in order ({heard} over {ok_games} games)"
        ),
        if problems.iter().any(|p| !p.contains("spectator")) {
            Err(problems.join(" | "))
        } else {
            Ok(())
        },
    );
    tally.check(
        &format!("{lost} acknowledged moves lost (of {acknowledged} told to clients)"),
        if lost == 0 {
            Ok(())
        } else {
            Err("a move a client was told of is not in its game's record".into())
        },
    );
    println!("cluster: acknowledged_moves_lost {lost}");
    if spectated.0 > 0 || all.iter().any(|(r, _)| r.has_spectator) {
        let spec_problems: Vec<&String> = problems
            .iter()
            .filter(|p| p.contains("spectator"))
            .collect();
        tally.check(
            &format!(
                "spectators saw every shot ({} games: {} moves live, {} from a state after coming back)",
                spectated.0, spectated.1, spectated.2
            ),
            if spec_problems.is_empty() {
                Ok(())
            } else {
                Err(spec_problems
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(" | "))
            },
        );
    }
}

fn join(s: &BTreeSet<String>) -> String {
    s.iter().cloned().collect::<Vec<_>>().join(",")
}

/// SIGKILL (or with `--term`, SIGTERM) to the node that owns the most games.
async fn disrupt(o: &Opts, ctx: &Ctx, tally: &Tally, running: &[Running]) {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    {
        let owners = lock(&ctx.owners);
        for r in running {
            if let Some(Some(n)) = owners.get(&r.game) {
                *count.entry(n.clone()).or_default() += 1;
            }
        }
    }
    let Some((node, games)) = count
        .iter()
        .filter(|(n, _)| node_pid(&o.nodes, n).is_some())
        .max_by_key(|(_, k)| **k)
        .map(|(n, k)| (n.clone(), *k))
    else {
        tally.fail(
            "choosing a node to stop",
            &format!("no game's node is among --nodes (owners {count:?})"),
        );
        return;
    };
    let pid = node_pid(&o.nodes, &node).expect("filtered");
    let sig = if o.term { "-TERM" } else { "-9" };
    let spread = count
        .iter()
        .map(|(n, k)| format!("{n}:{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    *lock(&ctx.disrupted) = Some((Instant::now(), node.clone()));
    tally.check(
        &format!(
            "kill {sig} {node} (pid {pid}), owner of {games} games (games per node: {spread})"
        ),
        signal(pid, sig),
    );
    if o.term {
        // A drained node exits once its games are handed over; the CI script checks
        // its exit status.
        let t = Instant::now();
        while alive(pid) && t.elapsed() < Duration::from_secs(20) {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tally.check(
            &format!(
                "{node} exits after SIGTERM ({:.1} s)",
                t.elapsed().as_secs_f64()
            ),
            if alive(pid) {
                Err("still running after 20 s".into())
            } else {
                Ok(())
            },
        );
    }
}

async fn start_friend_game(ctx: &Arc<Ctx>, i: usize) -> Result<Running, String> {
    let a = Conn::open(ctx.proxy, None).await?;
    let made = made_on(
        ctx,
        a,
        Some(
            msg::new_game(Opponent::Friend)
                .rules("classic")
                .name(&format!("a{i}"))
                .into(),
        ),
    )
    .await?;
    let game = made.game.clone();
    let mut b = Conn::open(ctx.proxy, Some(&game)).await?;
    b.send(
        ClientMsg::Join {
            game: game.clone(),
            name: Some(format!("b{i}")),
        },
        ctx.pace,
    )
    .await?;
    let jb = b.until("joined").await?;
    let token_b = jb["token"].as_str().unwrap_or_default().to_string();
    let mut s = Conn::open(ctx.proxy, Some(&game)).await?;
    s.send(msg::watch(&game), ctx.pace).await?;
    s.until("joined").await?;
    let clients = vec![
        made.play(ctx),
        tokio::spawn(client(
            Arc::clone(ctx),
            b,
            None,
            game.clone(),
            Role::Player {
                seat: jb["seat"].as_u64().unwrap_or(2),
                token: token_b,
            },
            "player 2".into(),
        )),
        tokio::spawn(client(
            Arc::clone(ctx),
            s,
            None,
            game.clone(),
            Role::Spectator,
            "spectator".into(),
        )),
    ];
    Ok(Running {
        game,
        what: "friend game".into(),
        clients,
        has_spectator: true,
    })
}

async fn start_computer_game(ctx: &Arc<Ctx>, level: &str) -> Result<Running, String> {
    let a = Conn::open(ctx.proxy, None).await?;
    let made = made_on(
        ctx,
        a,
        Some(
            msg::new_game(Opponent::Computer)
                .level(level)
                .rules("classic")
                .into(),
        ),
    )
    .await?;
    let game = made.game.clone();
    let clients = vec![made.play(ctx)];
    Ok(Running {
        game,
        what: format!("game against {level}"),
        clients,
        has_spectator: false,
    })
}

/// Two players who first reached different nodes queue; both follow the game they are
/// paired into. Returns the game and the two nodes.
async fn start_queue_game(ctx: &Arc<Ctx>, cluster: bool) -> Result<(Running, String), String> {
    let mut p = Conn::open(ctx.proxy, None).await?;
    let mut q = Conn::open(ctx.proxy, None).await?;
    let mut tries = 0;
    while cluster && q.node == p.node {
        tries += 1;
        if tries > 20 {
            return Err(format!(
                "20 connections all reached {:?}, as the first",
                p.node
            ));
        }
        q.close().await;
        q = Conn::open(ctx.proxy, None).await?;
    }
    let nodes = format!(
        "{} and {}",
        p.node.as_deref().unwrap_or("?"),
        q.node.as_deref().unwrap_or("?")
    );
    p.send(msg::queue(Some("classic")), ctx.pace).await?;
    p.until("queued").await?;
    q.send(msg::queue(Some("classic")), ctx.pace).await?;
    let (mp, mq) = tokio::join!(made_on(ctx, p, None), made_on(ctx, q, None));
    let (mp, mq) = (mp?, mq?);
    if mp.game != mq.game {
        return Err(format!("paired into {} and {}", mp.game, mq.game));
    }
    if (mp.seat, mq.seat) != (1, 2) {
        return Err(format!(
            "the waiter got seat {}, the newcomer {}",
            mp.seat, mq.seat
        ));
    }
    let game = mp.game.clone();
    let clients = vec![mp.play(ctx), mq.play(ctx)];
    Ok((
        Running {
            game,
            what: "random game".into(),
            clients,
            has_spectator: false,
        },
        nodes,
    ))
}

/// Runs `cmd` with `sh -c`.
fn shell(cmd: &str) -> Result<(), String> {
    let st = std::process::Command::new("sh")
        .args(["-c", cmd])
        .status()
        .map_err(|e| e.to_string())?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("{cmd}: {st}"))
    }
}

/// Whether `cmd` succeeds; its output is dropped (a readiness probe that fails often).
fn shell_quiet(cmd: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", cmd])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The node that owns the most of the running games, with their count and the spread.
fn busiest(o: &Opts, ctx: &Ctx, running: &[Running]) -> Option<(String, usize, String)> {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    {
        let owners = lock(&ctx.owners);
        for r in running {
            if let Some(Some(n)) = owners.get(&r.game) {
                *count.entry(n.clone()).or_default() += 1;
            }
        }
    }
    let spread = count
        .iter()
        .map(|(n, k)| format!("{n}:{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    count
        .iter()
        .filter(|(n, _)| node_pid(&o.nodes, n).is_some())
        .max_by_key(|(_, k)| **k)
        .map(|(n, k)| (n.clone(), *k, spread))
}

/// SIGSTOP to the node that owns the most games, for longer than its lease, then
/// SIGCONT; once it is back in the proxy, a fresh `watch` of every game through the
/// proxy must show every move already told.
async fn pause(o: &Opts, ctx: &Ctx, tally: &Tally, running: &[Running]) {
    let Some((node, games, spread)) = busiest(o, ctx, running) else {
        tally.fail(
            "choosing a node to pause",
            "no game's node is among --nodes",
        );
        return;
    };
    let pid = node_pid(&o.nodes, &node).expect("filtered");
    *lock(&ctx.disrupted) = Some((Instant::now(), node.clone()));
    tally.check(
        &format!(
            "kill -STOP {node} (pid {pid}), owner of {games} games (games per node: {spread}), for {} s",
            o.pause.as_secs()
        ),
        signal(pid, "-STOP"),
    );
    tokio::time::sleep(o.pause).await;
    tally.check(&format!("kill -CONT {node}"), signal(pid, "-CONT"));
    // HAProxy counts it up again after two checks a second apart.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mut stale = Vec::new();
    let mut watched = 0;
    for r in running {
        let told = lock(&ctx.told).get(&r.game).copied().unwrap_or(0);
        match rejoin(ctx, &r.game, &Role::Spectator).await {
            Ok((c, state)) => {
                watched += 1;
                let moves = state["moves"].as_u64().unwrap_or(0);
                if moves < told && state["phase"] != "over" {
                    stale.push(format!(
                        "{}: {moves} moves from {} after move {told} was told",
                        r.game,
                        c.node.as_deref().unwrap_or("?")
                    ));
                }
                c.close().await;
            }
            Err(e) => stale.push(format!("{}: {e}", r.game)),
        }
    }
    tally.check(
        &format!(
            "after {node} woke, a fresh watch of each game through the proxy shows every move told ({watched} games)"
        ),
        if stale.is_empty() {
            Ok(())
        } else {
            Err(stale.join(" | "))
        },
    );
}

/// Stops the database (`--db-stop`), waits, starts it (`--db-start`).
async fn db_restart(o: &Opts, ctx: &Ctx, tally: &Tally) {
    let (Some(stop), Some(start)) = (o.db_stop.clone(), o.db_start.clone()) else {
        tally.fail(
            "restarting the database",
            "--db-stop and --db-start are required",
        );
        return;
    };
    *lock(&ctx.disrupted) = Some((Instant::now(), "postgresql".into()));
    let stopped = tokio::task::spawn_blocking(move || shell(&stop))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r);
    tally.check("the database stopped in immediate mode", stopped);
    tokio::time::sleep(o.db_down).await;
    let t = Instant::now();
    let started = tokio::task::spawn_blocking(move || shell(&start))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r);
    *lock(&ctx.db_back) = Some(Instant::now());
    tally.check(
        &format!(
            "the database started again after {} s down ({} ms to start)",
            o.db_down.as_secs(),
            t.elapsed().as_millis()
        ),
        started,
    );
}

/// Kills the database's primary (`--db-kill`), then runs `--db-ready` every 200 ms
/// until it succeeds: a replica has been promoted and answers read-write.
async fn primary_kill(o: &Opts, ctx: &Ctx, tally: &Tally) {
    let (Some(kill), Some(ready)) = (o.db_kill.clone(), o.db_ready.clone()) else {
        tally.fail(
            "killing the database's primary",
            "--db-kill and --db-ready are required",
        );
        return;
    };
    *lock(&ctx.disrupted) = Some((Instant::now(), "the primary".into()));
    let killed = tokio::task::spawn_blocking(move || shell(&kill))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r);
    let t = Instant::now();
    *lock(&ctx.db_killed) = Some(t);
    tally.check("the database's primary was killed with SIGKILL", killed);
    let limit = Duration::from_secs(60);
    let answered = loop {
        let ready = ready.clone();
        let up = tokio::task::spawn_blocking(move || shell_quiet(&ready))
            .await
            .unwrap_or(false);
        if up {
            break Ok(());
        }
        if t.elapsed() > limit {
            break Err(format!(
                "no read-write primary within {} s",
                limit.as_secs()
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    *lock(&ctx.db_back) = Some(Instant::now());
    let ms = t.elapsed().as_millis();
    tally.check(
        &format!("a replica was promoted: a read-write primary answers {ms} ms after the kill"),
        answered,
    );
    println!("cluster: failover_ms {ms}");
}

/// `n` times, two players first connected to different nodes queue at the same
/// instant; each pair must be paired into one game, which both reach at its address
/// (the game is then left to expire).
async fn queue_races(ctx: &Arc<Ctx>, tally: &Tally, n: usize, cluster: bool) {
    let mut problems = Vec::new();
    for round in 0..n {
        let r: Result<(), String> = async {
            let mut p = Conn::open(ctx.proxy, None).await?;
            let mut q = Conn::open(ctx.proxy, None).await?;
            let mut tries = 0;
            while cluster && q.node == p.node && tries < 20 {
                tries += 1;
                q.close().await;
                q = Conn::open(ctx.proxy, None).await?;
            }
            let ask = msg::queue(Some("classic"));
            let (a, b) = tokio::join!(p.send(ask.clone(), ctx.pace), q.send(ask, ctx.pace));
            a?;
            b?;
            let paired = tokio::time::timeout(Duration::from_secs(10), async {
                tokio::join!(made_on(ctx, p, None), made_on(ctx, q, None))
            })
            .await
            .map_err(|_| "not paired within 10 s (both waiting)".to_string())?;
            let (mp, mq) = (paired.0?, paired.1?);
            if mp.game != mq.game {
                return Err(format!("paired into {} and {}", mp.game, mq.game));
            }
            mp.conn.close().await;
            mq.conn.close().await;
            Ok(())
        }
        .await;
        if let Err(e) = r {
            problems.push(format!("round {round}: {e}"));
        }
    }
    tally.check(
        &format!("{n} pairs queueing at the same instant on two nodes were all paired"),
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join(" | "))
        },
    );
}
