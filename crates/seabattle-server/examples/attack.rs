//! Denial-of-service benchmark (not a test): runs the attacks of the stall report
//! against a server in this process, one phase at a time, while another game (two
//! friends shooting water on a 26×26 board) fires a shot every 10 ms. Prints that
//! game's shot round trip, median and 99th percentile, for each phase.
//!
//! ```text
//! cargo run --release -p seabattle-server --example attack -- [--secs S]
//! ```
//!
//! Phases: `baseline` (nothing else), `costly rules` (four clients create games under
//! rules whose fleet cannot be drawn in time, each rules text new), `layouts` (four
//! games against the computer ask for styled layouts and checks in a loop), `new games`
//! (ten clients try to create games as fast as they can; the per-address limits of a
//! default server stop them), `downloads` (six clients download the replay of a
//! 1,200-move game in a loop), `expert games` (200 games against the `expert` computer
//! in progress, each player shooting the moment it may), `logins spread` and `logins
//! 1 addr` (ten clients sign in with wrong passwords, 100 attempts a second in all:
//! first each from its own forwarded address under its own name, so every attempt
//! reaches argon2id, then all from this machine's address, which the throttle stops
//! after 20 failures; the line counts how many were hashed, throttled or refused as
//! busy, and the round trip of another player's suggested fleets meanwhile). All
//! clients share this machine's one address, so the server runs with the per-address
//! limits raised except in `new games`.

use seabattle_client::{ConnectOptions, Connection, ConnectionError, msg};
use seabattle_core::Player;
use seabattle_server::{Config, DbUrl, Limits, Server, launch};
use seabattle_wire::{ClientMsg, Opponent, ServerMsg};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
struct Client(Connection);

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let c = Connection::connect(&format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        let mut c = Client(c);
        c.recv().await;
        c
    }

    async fn send(&mut self, m: impl Into<ClientMsg>) {
        let _ = self.0.send(&m.into()).await;
    }

    /// The next message; `None` once the connection has ended (as an attacker's does
    /// when its phase's server shuts down).
    async fn recv(&mut self) -> Option<ServerMsg> {
        match self.0.recv().await {
            Ok(m) => Some(m),
            Err(e @ ConnectionError::Unreadable { .. }) => panic!("{e}"),
            Err(_) => None,
        }
    }

    /// Skips messages until one that is `wanted`; `None` once the connection has ended.
    async fn until(&mut self, wanted: impl Fn(&ServerMsg) -> bool) -> Option<ServerMsg> {
        loop {
            let m = self.recv().await?;
            if wanted(&m) {
                return Some(m);
            }
        }
    }
}

fn joined(m: &ServerMsg) -> bool {
    matches!(m, ServerMsg::Joined { .. })
}

fn battle(m: &ServerMsg) -> bool {
    matches!(m, ServerMsg::Battle { .. })
}

fn shot(m: &ServerMsg) -> bool {
    matches!(m, ServerMsg::Shot { .. })
}

fn joined_or_error(m: &ServerMsg) -> bool {
    matches!(m, ServerMsg::Joined { .. } | ServerMsg::Error { .. })
}

fn cell(i: usize) -> String {
    // Every cell of the 26×26 board but z26, where both one-deckers are.
    let i = i % 675;
    format!("{}{}", (b'a' + (i % 26) as u8) as char, i / 26 + 1)
}

/// The other game.
struct Probe {
    players: [Client; 2],
    game: String,
    turn: usize,
    shots: usize,
}

impl Probe {
    async fn start(addr: SocketAddr) -> Probe {
        let mut a = Client::connect(addr).await;
        a.send(msg::new_game(Opponent::Friend).rules("26x26 fleet=1"))
            .await;
        let Some(ServerMsg::Joined { game, .. }) = a.until(joined).await else {
            panic!("no game made");
        };
        let mut b = Client::connect(addr).await;
        b.send(msg::join(&game)).await;
        b.until(joined).await;
        for c in [&mut a, &mut b] {
            c.send(msg::place(&game, ["z26"])).await;
        }
        let Some(ServerMsg::Battle { first, .. }) = a.until(battle).await else {
            panic!("no battle");
        };
        b.until(battle).await;
        Probe {
            turn: first.index(),
            players: [a, b],
            game,
            shots: 0,
        }
    }

    /// One shot at water: its round trip. Each player has 675 water cells: the game
    /// is swapped for a new one before they run out.
    async fn shot(&mut self) -> Duration {
        let i = self.turn;
        let c = cell(self.shots / 2);
        let t = Instant::now();
        self.players[i].send(msg::fire(&self.game, [c])).await;
        self.players[i].until(shot).await;
        let rtt = t.elapsed();
        self.players[1 - i].until(shot).await;
        self.turn = 1 - i;
        self.shots += 1;
        rtt
    }

    async fn sink(mut self) -> String {
        let i = self.turn;
        self.players[i].send(msg::fire(&self.game, ["z26"])).await;
        self.players[i]
            .until(|m| matches!(m, ServerMsg::GameOver { .. }))
            .await;
        self.game
    }
}

/// Shoots every 10 ms for `secs` in `probe`'s game, going on in fresh games as
/// needed: the round trips.
async fn measure(addr: SocketAddr, mut probe: Probe, secs: u64) -> Vec<Duration> {
    let mut rtts = Vec::new();
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if probe.shots >= 1300 {
            probe = Probe::start(addr).await;
        }
        rtts.push(probe.shot().await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    rtts
}

fn report(phase: &str, mut rtts: Vec<Duration>, attack: &str) {
    rtts.sort();
    let q = |p: f64| rtts[((rtts.len() - 1) as f64 * p).round() as usize];
    println!(
        "{phase:<13} shots {:>4}  p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms   {attack}",
        rtts.len(),
        q(0.5).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        rtts[rtts.len() - 1].as_secs_f64() * 1e3,
    );
}

async fn server(dir: &std::path::Path, name: &str, limits: Limits) -> Server {
    server_with(dir, name, limits, Vec::new()).await
}

async fn server_with(
    dir: &std::path::Path,
    name: &str,
    limits: Limits,
    trusted_proxies: Vec<std::net::IpAddr>,
) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let mut config = Config::new(DbUrl::Sqlite(dir.join(name)));
    config.limits = limits;
    config.trusted_proxies = trusted_proxies;
    launch(listener, config).await.expect("launch")
}

/// One sign-in with a wrong password from this server's own page, as if from
/// `forwarded` when given (the server trusts this machine as its proxy): the answer's
/// HTTP status, 0 if none came.
async fn wrong_login(addr: SocketAddr, name: &str, forwarded: Option<String>) -> u16 {
    let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
        return 0;
    };
    let body = format!(r#"{{"name":"{name}","password":"not the password"}}"#);
    let via = forwarded.map_or(String::new(), |a| format!("X-Forwarded-For: {a}\r\n"));
    let req = format!(
        "POST /account/login HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n{via}\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    if s.write_all(req.as_bytes()).await.is_err() {
        return 0;
    }
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf).await;
    String::from_utf8_lossy(&buf)
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Answers to the login flood, by kind.
#[derive(Default)]
struct LoginCounts {
    /// 401: the password was hashed and did not match.
    hashed: AtomicUsize,
    /// 429: refused by the throttle before any hashing.
    throttled: AtomicUsize,
    /// 503: no hashing thread came free in time.
    busy: AtomicUsize,
    /// Anything else, or no answer.
    other: AtomicUsize,
}

impl LoginCounts {
    fn note(&self, status: u16) {
        let counter = match status {
            401 => &self.hashed,
            429 => &self.throttled,
            503 => &self.busy,
            _ => &self.other,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn text(&self) -> String {
        let n = |c: &AtomicUsize| c.load(Ordering::Relaxed);
        format!(
            "{} wrong logins: {} hashed, {} throttled, {} busy, {} other",
            n(&self.hashed) + n(&self.throttled) + n(&self.busy) + n(&self.other),
            n(&self.hashed),
            n(&self.throttled),
            n(&self.busy),
            n(&self.other),
        )
    }
}

/// Ten clients, each starting a sign-in with a wrong password every 100 ms (100 a
/// second in all, each in its own task so a slow answer does not slow the flood), while
/// the other game is measured. With `spread`, each attempt comes from its own address
/// and names its own account, as a botnet's would, so no throttle stops it and every
/// attempt costs the server a hash; without it they all come from this machine, as one
/// attacker's would.
async fn login_flood(addr: SocketAddr, secs: u64, spread: bool) -> (Vec<Duration>, String) {
    let probe = Probe::start(addr).await;
    let stop = Arc::new(AtomicBool::new(false));
    let counts = Arc::new(LoginCounts::default());
    for client in 0..10u32 {
        let (stop, counts) = (Arc::clone(&stop), Arc::clone(&counts));
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            let mut n = 0u32;
            while !stop.load(Ordering::Relaxed) {
                tick.tick().await;
                n += 1;
                let name = format!("flood{client}x{n}");
                let from = spread.then(|| format!("10.{client}.{}.{}", n / 250, n % 250 + 1));
                let counts = Arc::clone(&counts);
                tokio::spawn(async move { counts.note(wrong_login(addr, &name, from).await) });
            }
        });
    }
    // A player asking for a suggested fleet, which is drawn in the pool too: how long
    // it waits behind the hashes.
    let asking = Arc::clone(&stop);
    let layouts = tokio::spawn(async move {
        // From an address of its own (the server takes this machine for its proxy): a
        // player elsewhere, not one sharing the flood's address and so its share of
        // the pool.
        let other = ConnectOptions::new().header("X-Forwarded-For", "192.0.2.7");
        let c = Connection::connect_with(&format!("ws://{addr}/ws"), &other)
            .await
            .expect("connect");
        let mut c = Client(c);
        c.recv().await;
        c.send(msg::new_game(Opponent::Computer).level("easy"))
            .await;
        let Some(ServerMsg::Joined { game, .. }) = c.until(joined).await else {
            return (Vec::new(), 0);
        };
        let (mut rtts, mut refused) = (Vec::new(), 0);
        while !asking.load(Ordering::Relaxed) {
            let t = Instant::now();
            c.send(msg::layout(&game, None)).await;
            let m = c
                .until(|m| matches!(m, ServerMsg::Layout { .. } | ServerMsg::Error { .. }))
                .await;
            match m {
                Some(ServerMsg::Layout { .. }) => rtts.push(t.elapsed()),
                _ => refused += 1,
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        (rtts, refused)
    });
    let rtts = measure(addr, probe, secs).await;
    stop.store(true, Ordering::Relaxed);
    let (mut drawn, refused) = layouts.await.unwrap_or_default();
    drawn.sort();
    let q = |p: f64| {
        drawn
            .get(((drawn.len().max(1) - 1) as f64 * p).round() as usize)
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    let layouts = format!(
        "; layouts meanwhile: {} drawn, p50 {:.1} ms, p99 {:.1} ms, {refused} refused",
        drawn.len(),
        q(0.5),
        q(0.99)
    );
    // The attempts under way are answered (within the pool's budget) before counting.
    tokio::time::sleep(Duration::from_secs(3)).await;
    (rtts, counts.text() + &layouts)
}

/// Runs `attack` until `stop` is set, counting what it did.
fn spawn_attack<F, Fut>(n: usize, stop: &Arc<AtomicBool>, count: &Arc<AtomicUsize>, attack: F)
where
    F: Fn(usize, Arc<AtomicBool>, Arc<AtomicUsize>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    for i in 0..n {
        tokio::spawn(attack(i, Arc::clone(stop), Arc::clone(count)));
    }
}

async fn http_get(addr: SocketAddr, path: &str) -> usize {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf).await;
    buf.len()
}

#[tokio::main]
async fn main() {
    let secs: u64 = std::env::args()
        .skip_while(|a| a != "--secs")
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let dir = tempfile::tempdir().expect("temp dir");
    let open = Limits {
        messages_per_second: 100_000,
        burst: 100_000,
        connections_per_address: u32::MAX,
        games_per_minute: u32::MAX,
        unfinished_per_address: u32::MAX,
        records_per_minute: u32::MAX,
        ..Limits::default()
    };
    let s = server(dir.path(), "open.db", open.clone()).await;
    let addr = s.addr();
    println!("other game's shot round trip, by phase ({secs} s each):");
    let probe = Probe::start(addr).await;
    report("baseline", measure(addr, probe, secs).await, "");

    let probe = Probe::start(addr).await;
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicUsize::new(0));
    spawn_attack(4, &stop, &count, move |i, stop, count| async move {
        let mut c = Client::connect(addr).await;
        let mut n = 0;
        while !stop.load(Ordering::Relaxed) {
            // Fifty five-deckers on 26×26: drawable only by luck, in seconds. Each
            // text differs, so no verdict is remembered.
            let fleet = vec!["5"; 50].join(",");
            let rules = format!("26x26 fleet={fleet} shots={}", 1 + (i * 1000 + n) % 16);
            n += 1;
            c.send(msg::new_game(Opponent::Computer).rules(&rules))
                .await;
            c.until(joined_or_error).await;
            count.fetch_add(1, Ordering::Relaxed);
        }
    });
    let rtts = measure(addr, probe, secs).await;
    stop.store(true, Ordering::Relaxed);
    report(
        "costly rules",
        rtts,
        &format!("{} refused new games", count.load(Ordering::Relaxed)),
    );

    let probe = Probe::start(addr).await;
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicUsize::new(0));
    spawn_attack(4, &stop, &count, move |i, stop, count| async move {
        let rules = ["big15", "minesweepers", "classic-bent", "hasbro"][i % 4];
        let mut c = Client::connect(addr).await;
        c.send(msg::new_game(Opponent::Computer).level("easy").rules(rules))
            .await;
        let Some(ServerMsg::Joined { game, .. }) = c.until(joined).await else {
            return;
        };
        let mut k = 0;
        while !stop.load(Ordering::Relaxed) {
            let placer = ["uniform", "expert", "perelman", "edge"][k % 4];
            k += 1;
            c.send(msg::layout(&game, Some(placer))).await;
            let layout = c
                .until(|m| matches!(m, ServerMsg::Layout { .. } | ServerMsg::Error { .. }))
                .await;
            let fleet = match layout {
                Some(ServerMsg::Layout { fleet, .. }) => fleet,
                _ => Vec::new(),
            };
            c.send(msg::check(&game, &fleet)).await;
            c.until(|m| matches!(m, ServerMsg::Checked { .. } | ServerMsg::Error { .. }))
                .await;
            count.fetch_add(1, Ordering::Relaxed);
        }
    });
    let rtts = measure(addr, probe, secs).await;
    stop.store(true, Ordering::Relaxed);
    report(
        "layouts",
        rtts,
        &format!("{} layouts and checks", count.load(Ordering::Relaxed)),
    );

    let mut long = Probe::start(addr).await;
    for _ in 0..1200 {
        long.shot().await;
    }
    let game = long.sink().await;
    let path = format!("/games/{game}/frames.json");
    let probe = Probe::start(addr).await;
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicUsize::new(0));
    spawn_attack(6, &stop, &count, move |_, stop, count| {
        let path = path.clone();
        async move {
            while !stop.load(Ordering::Relaxed) {
                http_get(addr, &path).await;
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    let rtts = measure(addr, probe, secs).await;
    stop.store(true, Ordering::Relaxed);
    report(
        "downloads",
        rtts,
        &format!(
            "{} downloads of a 1,201-move replay",
            count.load(Ordering::Relaxed)
        ),
    );

    // Two hundred games against the strongest computer, each player shooting as soon as
    // it may: the computer's moves run in the pool, and no game's lock is needed by
    // another game.
    let probe = Probe::start(addr).await;
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicUsize::new(0));
    let ready = Arc::new(AtomicUsize::new(0));
    let ready_by = Arc::clone(&ready);
    spawn_attack(200, &stop, &count, move |_, stop, count| {
        let ready = Arc::clone(&ready_by);
        async move {
            let mut c = Client::connect(addr).await;
            let mut first = true;
            while !stop.load(Ordering::Relaxed) {
                c.send(msg::new_game(Opponent::Computer).level("expert"))
                    .await;
                let Some(ServerMsg::Joined { game, .. }) = c.until(joined).await else {
                    break;
                };
                c.send(msg::place_random(&game)).await;
                let Some(ServerMsg::Battle { first: opener, .. }) = c.until(battle).await else {
                    break;
                };
                let mut next = Some(opener);
                if std::mem::take(&mut first) {
                    ready.fetch_add(1, Ordering::Relaxed);
                }
                let mut cells =
                    (0..100).map(|i| format!("{}{}", (b'a' + i % 10) as char, i / 10 + 1));
                while !stop.load(Ordering::Relaxed) {
                    if next == Some(Player::One) {
                        let Some(cell) = cells.next() else { break };
                        c.send(msg::fire(&game, [cell])).await;
                    }
                    let m = c
                        .until(|m| {
                            matches!(
                                m,
                                ServerMsg::Shot { .. }
                                    | ServerMsg::GameOver { .. }
                                    | ServerMsg::Error { .. }
                            )
                        })
                        .await;
                    let Some(ServerMsg::Shot {
                        player, next: n, ..
                    }) = m
                    else {
                        break;
                    };
                    if player == Player::Two {
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                    next = n;
                }
            }
        }
    });
    // The games are all in battle before the measuring starts.
    let started = Instant::now();
    while ready.load(Ordering::Relaxed) < 200 && started.elapsed() < Duration::from_secs(60) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    count.store(0, Ordering::Relaxed);
    let rtts = measure(addr, probe, secs).await;
    stop.store(true, Ordering::Relaxed);
    report(
        "expert games",
        rtts,
        &format!(
            "200 games against expert: {} computer moves",
            count.load(Ordering::Relaxed)
        ),
    );
    let _ = s.shutdown().await;

    // The login flood, on a server that takes this machine for its proxy, so that the
    // spread flood's forwarded addresses count.
    let local: std::net::IpAddr = [127, 0, 0, 1].into();
    let s = server_with(dir.path(), "logins.db", open.clone(), vec![local]).await;
    let addr = s.addr();
    // The computer's moves of the phase before may still be finishing in the pool.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (rtts, counts) = login_flood(addr, secs, true).await;
    report("logins spread", rtts, &counts);
    let (rtts, counts) = login_flood(addr, secs, false).await;
    report("logins 1 addr", rtts, &counts);
    let _ = s.shutdown().await;

    let limited = Limits {
        messages_per_second: 100_000,
        burst: 100_000,
        ..Limits::default()
    };
    let s = server(dir.path(), "limited.db", limited).await;
    let addr = s.addr();
    let probe = Probe::start(addr).await;
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicUsize::new(0));
    let made = Arc::new(AtomicUsize::new(0));
    let made_by = Arc::clone(&made);
    spawn_attack(10, &stop, &count, move |_, stop, count| {
        let made = Arc::clone(&made_by);
        async move {
            let mut c = Client::connect(addr).await;
            while !stop.load(Ordering::Relaxed) {
                c.send(msg::new_game(Opponent::Friend)).await;
                if matches!(
                    c.until(joined_or_error).await,
                    Some(ServerMsg::Joined { .. })
                ) {
                    made.fetch_add(1, Ordering::Relaxed);
                }
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    let rtts = measure(addr, probe, secs).await;
    stop.store(true, Ordering::Relaxed);
    report(
        "new games",
        rtts,
        &format!(
            "{} attempts, {} games made, {} held",
            count.load(Ordering::Relaxed),
            made.load(Ordering::Relaxed),
            s.games_held()
        ),
    );
    let _ = s.shutdown().await;
}
