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
//! in progress, each player shooting the moment it may). All clients share this machine's one address, so the
//! server runs with the per-address limits raised except in `new games`.

use futures_util::{SinkExt, StreamExt};
use seabattle_server::{Config, DbUrl, Limits, Server, launch};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Client(Ws);

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        let mut c = Client(ws);
        c.recv().await;
        c
    }

    async fn send(&mut self, v: Value) {
        let _ = self.0.send(Message::Text(v.to_string().into())).await;
    }

    /// The next message; `{"type":"closed"}` once the connection has ended (as an
    /// attacker's does when its phase's server shuts down).
    async fn recv(&mut self) -> Value {
        loop {
            match self.0.next().await {
                Some(Ok(Message::Text(t))) => return serde_json::from_str(&t).expect("json"),
                Some(Ok(_)) => {}
                _ => return json!({"type": "closed"}),
            }
        }
    }

    async fn until(&mut self, types: &[&str]) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == "closed" || types.contains(&m["type"].as_str().unwrap_or("")) {
                return m;
            }
        }
    }
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
        a.send(json!({"type": "new_game", "opponent": "friend", "rules": "26x26 fleet=1"}))
            .await;
        let game = a.until(&["joined"]).await["game"]
            .as_str()
            .expect("game id")
            .to_string();
        let mut b = Client::connect(addr).await;
        b.send(json!({"type": "join", "game": game})).await;
        b.until(&["joined"]).await;
        for c in [&mut a, &mut b] {
            c.send(json!({"type": "place", "game": game, "fleet": ["z26"]}))
                .await;
        }
        let battle = a.until(&["battle"]).await;
        b.until(&["battle"]).await;
        Probe {
            turn: usize::from(battle["first"] == 2),
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
        self.players[i]
            .send(json!({"type": "fire", "game": self.game, "cells": [c]}))
            .await;
        self.players[i].until(&["shot"]).await;
        let rtt = t.elapsed();
        self.players[1 - i].until(&["shot"]).await;
        self.turn = 1 - i;
        self.shots += 1;
        rtt
    }

    async fn sink(mut self) -> String {
        let i = self.turn;
        self.players[i]
            .send(json!({"type": "fire", "game": self.game, "cells": ["z26"]}))
            .await;
        self.players[i].until(&["game_over"]).await;
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
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let mut config = Config::new(DbUrl::Sqlite(dir.join(name)));
    config.limits = limits;
    launch(listener, config).await.expect("launch")
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
            c.send(json!({"type": "new_game", "opponent": "computer", "rules": rules}))
                .await;
            c.until(&["error", "joined"]).await;
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
        c.send(
            json!({"type": "new_game", "opponent": "computer", "level": "easy", "rules": rules}),
        )
        .await;
        let game = c.until(&["joined"]).await["game"].clone();
        let mut k = 0;
        while !stop.load(Ordering::Relaxed) {
            let placer = ["uniform", "expert", "perelman", "edge"][k % 4];
            k += 1;
            c.send(json!({"type": "layout", "game": game, "placer": placer}))
                .await;
            let fleet = c.until(&["layout", "error"]).await["fleet"].clone();
            c.send(json!({"type": "check", "game": game, "fleet": fleet}))
                .await;
            c.until(&["checked", "error"]).await;
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
                c.send(json!({"type": "new_game", "opponent": "computer", "level": "expert"}))
                    .await;
                let game = c.until(&["joined", "closed"]).await["game"].clone();
                c.send(json!({"type": "place", "game": game})).await;
                let mut next = c.until(&["battle", "closed"]).await["first"].clone();
                if std::mem::take(&mut first) {
                    ready.fetch_add(1, Ordering::Relaxed);
                }
                let mut cells =
                    (0..100).map(|i| format!("{}{}", (b'a' + i % 10) as char, i / 10 + 1));
                while !stop.load(Ordering::Relaxed) {
                    if next == 1 {
                        let Some(cell) = cells.next() else { break };
                        c.send(json!({"type": "fire", "game": game, "cells": [cell]}))
                            .await;
                    }
                    let m = c.until(&["shot", "game_over", "error", "closed"]).await;
                    if m["type"] != "shot" {
                        break;
                    }
                    if m["player"] == 2 {
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                    next = m["next"].clone();
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
                c.send(json!({"type": "new_game", "opponent": "friend"}))
                    .await;
                if c.until(&["error", "joined"]).await["type"] == "joined" {
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
