//! Load benchmark (not a test): opens many concurrent friend games over loopback, two
//! WebSockets each, then fires shots at a steady total rate and reports games held,
//! shots per second, the 50th/99th percentile of the shot round trip (from sending
//! `fire` to receiving its `shot`), and the commits per shot: the server's transactions
//! that stored moves over the shots, from its `/metrics` (group commit stores the moves
//! of many games in one).
//!
//! ```text
//! cargo run --release -p seabattle-server --example load -- \
//!     [--addr HOST:PORT] [--games N] [--rate SHOTS_PER_S] [--secs S] [--connect C] \
//!     [--lobby-watchers W] [--analyses A]
//! ```
//!
//! `--analyses A` first plays A more games to their end and asks for each one's
//! analysis (`/games/ID/analysis.json`) just before the shots begin, so that A analyses
//! wait in the server's analysis lane (one at a time, seconds each) all through the
//! shots; it reports how many were made by the end.
//!
//! `--lobby-watchers W` opens W more sockets that follow the lobby (`lobby`), as W home
//! pages would, while one more socket opens and leaves a lobby game every 100 ms so the
//! lobby keeps changing; it reports how many `lobby` messages each watcher got during
//! the shots, against the server's promise of at most one every 2 s.
//!
//! Without `--addr` it starts a server in this process on a temporary SQLite file; with
//! it, it drives an external `seabattle serve` (whose memory can then be measured alone),
//! or HAProxy in front of several nodes (docs/deploy.md): when `welcome` names a node,
//! each game's creator follows it to `/ws?game=ID` and resumes there, and the friend
//! joins there, as the cluster's clients do; the games per node go to standard error.

use seabattle_client::{ConnectOptions, Connection, msg};
use seabattle_core::Player;
use seabattle_server::{Config, DbUrl, Limits, launch};
use seabattle_wire::{ClientMsg, Opponent, ServerMsg};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

struct Opts {
    addr: Option<SocketAddr>,
    games: usize,
    rate: f64,
    secs: u64,
    connect: usize,
    lobby_watchers: usize,
    analyses: usize,
}

fn opts() -> Opts {
    let mut o = Opts {
        addr: None,
        games: 1000,
        rate: 2000.0,
        secs: 20,
        connect: 64,
        lobby_watchers: 0,
        analyses: 0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let v = pair.get(1).map(String::as_str).unwrap_or("");
        let bad = || -> ! {
            eprintln!("load: bad value {v:?} for {}", pair[0]);
            std::process::exit(2)
        };
        match pair[0].as_str() {
            "--addr" => o.addr = Some(v.parse().unwrap_or_else(|_| bad())),
            "--games" => o.games = v.parse().unwrap_or_else(|_| bad()),
            "--rate" => o.rate = v.parse().unwrap_or_else(|_| bad()),
            "--secs" => o.secs = v.parse().unwrap_or_else(|_| bad()),
            "--connect" => o.connect = v.parse().unwrap_or_else(|_| bad()),
            "--lobby-watchers" => o.lobby_watchers = v.parse().unwrap_or_else(|_| bad()),
            "--analyses" => o.analyses = v.parse().unwrap_or_else(|_| bad()),
            other => {
                eprintln!("load: unknown option {other}");
                std::process::exit(2)
            }
        }
    }
    o
}

/// Connects to `/ws` (or `/ws?game=ID`) and reads `welcome`: the connection and the
/// node that answered, if the server runs as one node of a cluster.
async fn connect(
    addr: SocketAddr,
    game: Option<&str>,
) -> Result<(Connection, Option<String>), String> {
    // Small buffers, so the figures measure the server rather than this client.
    let options = ConnectOptions::new().buffers(2048, 0);
    let url = match game {
        Some(g) => format!("ws://{addr}/ws?game={g}"),
        None => format!("ws://{addr}/ws"),
    };
    let mut c = Connection::connect_with(&url, &options)
        .await
        .map_err(|e| e.to_string())?;
    let node = until(&mut c, "welcome", |m| match m {
        ServerMsg::Welcome { node, .. } => Some(node),
        _ => None,
    })
    .await?;
    Ok((c, node))
}

async fn send(c: &mut Connection, m: impl Into<ClientMsg>) -> Result<(), String> {
    c.send(&m.into()).await.map_err(|e| e.to_string())
}

/// Skips messages until `pick` takes one (named `what`): a refusal ends the wait.
async fn until<T>(
    c: &mut Connection,
    what: &str,
    mut pick: impl FnMut(ServerMsg) -> Option<T>,
) -> Result<T, String> {
    c.recv_map(Duration::from_secs(60), |m| match m {
        ServerMsg::Error { code, message } => Some(Err(format!("{code:?}: {message}"))),
        m => pick(m).map(Ok),
    })
    .await
    .map_err(|e| format!("waiting for {what}: {e}"))?
}

/// What a `joined` carries: the game and the seat's token.
fn joined(m: ServerMsg) -> Option<(String, Option<String>)> {
    match m {
        ServerMsg::Joined { game, token, .. } => Some((game, token)),
        _ => None,
    }
}

/// Who moves first, from `battle`.
fn battle(m: ServerMsg) -> Option<Player> {
    match m {
        ServerMsg::Battle { first, .. } => Some(first),
        _ => None,
    }
}

/// Who moves next after a `shot` (none once the game is over).
fn shot(m: ServerMsg) -> Option<Option<Player>> {
    match m {
        ServerMsg::Shot { next, .. } => Some(next),
        _ => None,
    }
}

/// An open game: both connections, whose turn, and the next cell each side fires at.
struct Game {
    id: String,
    /// The node serving the game, if the server runs as a cluster.
    node: Option<String>,
    ws: [Connection; 2],
    to_move: usize,
    next_cell: [usize; 2],
    over: bool,
}

async fn open_game(addr: SocketAddr) -> Result<Game, String> {
    let (mut a, node) = connect(addr, None).await?;
    send(&mut a, msg::new_game(Opponent::Friend).rules("classic")).await?;
    let (id, token) = until(&mut a, "joined", joined).await?;
    // A cluster's proxy sends a game's connections to its node by the game in the URL:
    // the creator, who made the game on any node, follows it there.
    let node = match node {
        Some(_) => {
            let _ = a.close().await;
            let (mut followed, node) = connect(addr, Some(&id)).await?;
            send(&mut followed, msg::resume(&id, &token.unwrap_or_default())).await?;
            until(&mut followed, "joined", joined).await?;
            a = followed;
            node
        }
        None => None,
    };
    let (mut b, _) = connect(addr, Some(&id)).await?;
    send(&mut b, msg::join(&id)).await?;
    until(&mut b, "joined", joined).await?;
    send(&mut a, msg::place_random(&id)).await?;
    send(&mut b, msg::place_random(&id)).await?;
    let first = until(&mut a, "battle", battle).await?;
    until(&mut b, "battle", battle).await?;
    Ok(Game {
        id,
        node,
        ws: [a, b],
        to_move: first.index(),
        next_cell: [0, 0],
        over: false,
    })
}

/// One shot by the side to move; returns its round trip.
async fn shoot(g: &mut Game) -> Result<Duration, String> {
    let p = g.to_move;
    let i = g.next_cell[p];
    g.next_cell[p] += 1;
    let cell = format!("{}{}", (b'a' + (i % 10) as u8) as char, i / 10 + 1);
    let t = Instant::now();
    send(&mut g.ws[p], msg::fire(&g.id, [cell])).await?;
    let next = until(&mut g.ws[p], "shot", shot).await?;
    let rtt = t.elapsed();
    until(&mut g.ws[1 - p], "shot", shot).await?;
    match next {
        Some(n) => g.to_move = n.index(),
        None => g.over = true,
    }
    Ok(rtt)
}

/// Plays `g` to its end, each side firing at its cells in order.
async fn finish(mut g: Game) -> Result<String, String> {
    while !g.over {
        shoot(&mut g).await?;
    }
    Ok(g.id)
}

/// `GET path` over HTTP/1.0: the whole answer, head and body, as text.
async fn get(addr: SocketAddr, path: &str) -> Result<String, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| e.to_string())?;
    s.write_all(format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&raw).into_owned())
}

/// The status of `GET path`.
async fn status_of(addr: SocketAddr, path: &str) -> Result<u16, String> {
    let answer = get(addr, path).await?;
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| format!("no status in {:?}", &answer[..answer.len().min(40)]))
}

/// Plays `n` games to their end; their ids.
async fn finished_games(addr: SocketAddr, n: usize) -> Vec<String> {
    let mut ids = Vec::with_capacity(n);
    let handles: Vec<_> = (0..n)
        .map(|_| tokio::spawn(async move { finish(open_game(addr).await?).await }))
        .collect();
    for h in handles {
        match h.await {
            Ok(Ok(id)) => ids.push(id),
            Ok(Err(e)) => eprintln!("load: finishing a game: {e}"),
            Err(e) => eprintln!("load: finishing a game: {e}"),
        }
    }
    ids
}

/// The server's counters `seabattle_move_commits_total` and `seabattle_shots_total`,
/// read from its `/metrics`.
async fn commits_and_shots(addr: SocketAddr) -> Result<(u64, u64), String> {
    let text = get(addr, "/metrics").await?;
    let counter = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .ok_or_else(|| format!("no {name} in /metrics"))
    };
    Ok((
        counter("seabattle_move_commits_total")?,
        counter("seabattle_shots_total")?,
    ))
}

/// The lobby's followers: each counts the `lobby` messages it gets while `counting` is
/// set.
struct Watchers {
    counts: Vec<Arc<AtomicUsize>>,
    counting: Arc<std::sync::atomic::AtomicBool>,
    stop: Arc<std::sync::atomic::AtomicBool>,
}

/// Opens `n` sockets that follow the lobby, `connect` at a time.
async fn watch_lobby(addr: SocketAddr, n: usize, at_once: usize) -> Watchers {
    let counting = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let slots = Arc::new(tokio::sync::Semaphore::new(at_once));
    let mut counts = Vec::with_capacity(n);
    let mut ready = Vec::with_capacity(n);
    for _ in 0..n {
        let count = Arc::new(AtomicUsize::new(0));
        counts.push(Arc::clone(&count));
        let (counting, stop, slots) =
            (Arc::clone(&counting), Arc::clone(&stop), Arc::clone(&slots));
        let (up, is_up) = tokio::sync::oneshot::channel::<()>();
        ready.push(is_up);
        tokio::spawn(async move {
            let permit = slots.acquire().await.ok();
            let Ok((mut c, _)) = connect(addr, None).await else {
                return;
            };
            if send(&mut c, ClientMsg::Lobby).await.is_err() {
                return;
            }
            drop(permit);
            let _ = up.send(());
            while !stop.load(Ordering::Relaxed) {
                match c.recv_map(Duration::from_secs(1), Some).await {
                    Ok(ServerMsg::Lobby(_)) if counting.load(Ordering::Relaxed) => {
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(_) => {}
                    Err(seabattle_client::ConnectionError::Timeout(_)) => {}
                    Err(_) => return,
                }
            }
        });
    }
    for r in ready {
        let _ = r.await;
    }
    Watchers {
        counts,
        counting,
        stop,
    }
}

/// Opens and leaves a lobby game every 100 ms until `stop`, so the lobby changes.
async fn churn(addr: SocketAddr, stop: Arc<std::sync::atomic::AtomicBool>) {
    let Ok((mut c, _)) = connect(addr, None).await else {
        return;
    };
    while !stop.load(Ordering::Relaxed) {
        let seek = ClientMsg::Seek {
            rules: None,
            clock: None,
            rated: None,
            name: Some("churn".into()),
        };
        if send(&mut c, seek).await.is_err() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let o = opts();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(o));
}

async fn run(o: Opts) {
    let (_dir, server, addr) = match o.addr {
        Some(a) => (None, None, a),
        None => {
            let dir = tempfile::tempdir().expect("temp dir");
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            let mut config = Config::new(DbUrl::Sqlite(dir.path().join("load.db")));
            // Every simulated player comes from this machine's one address: the
            // per-address limits would stop the load at its first minute.
            config.limits = Limits {
                connections_per_address: u32::MAX,
                games_per_minute: u32::MAX,
                unfinished_per_address: u32::MAX,
                ..Limits::default()
            };
            let s = launch(listener, config).await.expect("launch");
            let a = s.addr();
            (Some(dir), Some(s), a)
        }
    };
    eprintln!("load: opening {} games against {addr}", o.games);
    let t0 = Instant::now();
    let opened = Arc::new(AtomicUsize::new(0));
    let slots = Arc::new(tokio::sync::Semaphore::new(o.connect));
    let mut handles = Vec::with_capacity(o.games);
    for _ in 0..o.games {
        let (slots, opened) = (Arc::clone(&slots), Arc::clone(&opened));
        handles.push(tokio::spawn(async move {
            let _permit = slots.acquire().await.ok()?;
            let g = open_game(addr).await;
            match g {
                Ok(g) => {
                    opened.fetch_add(1, Ordering::Relaxed);
                    Some(g)
                }
                Err(e) => {
                    eprintln!("load: opening a game: {e}");
                    None
                }
            }
        }));
    }
    let mut games = Vec::new();
    for h in handles {
        if let Ok(Some(g)) = h.await {
            games.push(Arc::new(Mutex::new(g)));
        }
    }
    let open_secs = t0.elapsed().as_secs_f64();
    let mut per_node = std::collections::BTreeMap::new();
    for g in &games {
        if let Some(n) = g.lock().await.node.clone() {
            *per_node.entry(n).or_insert(0usize) += 1;
        }
    }
    if !per_node.is_empty() {
        let spread: Vec<String> = per_node.iter().map(|(n, k)| format!("{n} {k}")).collect();
        eprintln!("load: games per node: {}", spread.join(", "));
    }
    println!(
        "games held: {} (opened in {open_secs:.1} s, {:.0} games/s)",
        games.len(),
        games.len() as f64 / open_secs
    );
    if games.is_empty() {
        return;
    }

    // Shots at a steady total rate, spread over the games in turn; each game plays one
    // shot at a time, so a slow answer shows up as a late shot, not a pile-up.
    // Several nodes behind a proxy each count their own: only a lone server's count
    // is read.
    let watchers = match o.lobby_watchers {
        0 => None,
        n => {
            let w = watch_lobby(addr, n, o.connect).await;
            tokio::spawn(churn(addr, Arc::clone(&w.stop)));
            // The first message of each came on following; the count starts now.
            tokio::time::sleep(Duration::from_millis(500)).await;
            w.counting.store(true, Ordering::Relaxed);
            Some(w)
        }
    };
    // Games to analyse: finished now, their analyses asked for as the shots begin.
    let analysed = finished_games(addr, o.analyses).await;
    if !analysed.is_empty() {
        println!("analyses: {} asked for as the shots begin", analysed.len());
    }
    for id in &analysed {
        let path = format!("/games/{id}/analysis.json");
        tokio::spawn(async move { status_of(addr, &path).await });
    }
    let counted = match per_node.is_empty() {
        true => commits_and_shots(addr).await.ok(),
        false => None,
    };
    let rtts = Arc::new(std::sync::Mutex::new(Vec::new()));
    let errors = Arc::new(AtomicUsize::new(0));
    let interval = Duration::from_secs_f64(1.0 / o.rate);
    let end = Instant::now() + Duration::from_secs(o.secs);
    let start = Instant::now();
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut fired = 0usize;
    let mut k = 0usize;
    let mut inflight = Vec::new();
    while Instant::now() < end {
        ticker.tick().await;
        let g = Arc::clone(&games[k % games.len()]);
        k += 1;
        let (rtts, errors) = (Arc::clone(&rtts), Arc::clone(&errors));
        fired += 1;
        inflight.push(tokio::spawn(async move {
            let mut g = g.lock().await;
            if g.over || g.next_cell[g.to_move] >= 100 {
                return;
            }
            match shoot(&mut g).await {
                Ok(d) => rtts.lock().unwrap_or_else(|p| p.into_inner()).push(d),
                Err(e) => {
                    if errors.fetch_add(1, Ordering::Relaxed) < 5 {
                        eprintln!("load: shot: {e}");
                    }
                }
            }
        }));
        if inflight.len() > 10_000 {
            inflight.retain(|h: &tokio::task::JoinHandle<()>| !h.is_finished());
        }
    }
    for h in inflight {
        let _ = h.await;
    }
    let secs = start.elapsed().as_secs_f64();
    if let Some(w) = &watchers {
        w.counting.store(false, Ordering::Relaxed);
        w.stop.store(true, Ordering::Relaxed);
        let got: Vec<usize> = w.counts.iter().map(|c| c.load(Ordering::Relaxed)).collect();
        let total: usize = got.iter().sum();
        println!(
            "lobby: {} watchers, {total} lobby messages in {secs:.1} s: {:.2} per watcher per 2 s (most to one watcher: {}, the promise allows {:.0})",
            got.len(),
            total as f64 / got.len().max(1) as f64 / secs * 2.0,
            got.iter().max().copied().unwrap_or(0),
            (secs / 2.0).ceil() + 1.0
        );
    }
    let mut rtts = rtts.lock().unwrap_or_else(|p| p.into_inner()).clone();
    rtts.sort();
    println!(
        "shots: {} answered of {fired} asked in {secs:.1} s = {:.0} shots/s (target {:.0}); errors {}",
        rtts.len(),
        rtts.len() as f64 / secs,
        o.rate,
        errors.load(Ordering::Relaxed)
    );
    println!(
        "shot round trip: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&rtts, 0.50).as_secs_f64() * 1e3,
        percentile(&rtts, 0.99).as_secs_f64() * 1e3,
        percentile(&rtts, 1.0).as_secs_f64() * 1e3
    );
    match counted {
        Some((c0, s0)) => match commits_and_shots(addr).await {
            Ok((c1, s1)) => println!(
                "commits per shot: {:.3} ({} commits for {} shots)",
                c1.saturating_sub(c0) as f64 / s1.saturating_sub(s0).max(1) as f64,
                c1.saturating_sub(c0),
                s1.saturating_sub(s0)
            ),
            Err(e) => println!("commits per shot: unknown ({e})"),
        },
        None => println!("commits per shot: not counted (several nodes)"),
    }
    if !analysed.is_empty() {
        // A stored analysis is answered at once; a request for one still in the lane
        // waits for it, so a second's wait tells the two apart.
        let checks: Vec<_> = analysed
            .iter()
            .map(|id| {
                let path = format!("/games/{id}/analysis.json");
                tokio::spawn(async move {
                    tokio::time::timeout(Duration::from_secs(1), status_of(addr, &path)).await
                })
            })
            .collect();
        let mut made = 0;
        for c in checks {
            if matches!(c.await, Ok(Ok(Ok(200)))) {
                made += 1;
            }
        }
        println!(
            "analyses: {made} of {} made by the end of the shots (one at a time)",
            analysed.len()
        );
    }
    if let Some(s) = server {
        println!("server games in memory: {}", s.games_held());
        let _ = s.shutdown().await;
    }
}
