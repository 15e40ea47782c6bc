//! Bots under load (issue 40; a benchmark, not a test): one server, one BOT account
//! brought online by the bridge (`seabattle bot … -- python3 examples/bot.py`) playing
//! `--games` games at once against a second BOT account that challenges it over as many
//! sockets and fires once every `--pace-ms`; meanwhile two people play a friend's game
//! on the same server, and the round trip of each of their shots (from `fire` to its
//! `shot`) is measured. It prints the bot games in play, the bot shots per second and
//! the people's p50/p99/max.
//!
//! ```text
//! cargo build --release -p seabattle
//! cargo run --release -p seabattle-server --example bot_load -- \
//!     --bridge target/release/seabattle [--games 200] [--secs 30] [--pace-ms 500]
//! ```

use seabattle_client::account::{self, ServerOrigin};
use seabattle_client::{ConnectOptions, Connection, msg};
use seabattle_core::Player;
use seabattle_server::{Config, DbUrl, Limits, launch};
use seabattle_wire::{ClientMsg, Opponent, ServerMsg};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

struct Opts {
    bridge: String,
    games: usize,
    secs: u64,
    pace: Duration,
}

fn opts() -> Opts {
    let mut o = Opts {
        bridge: "target/release/seabattle".into(),
        games: 200,
        secs: 30,
        pace: Duration::from_millis(500),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let v = pair.get(1).map(String::as_str).unwrap_or("");
        let bad = || -> ! {
            eprintln!("bot_load: bad value {v:?} for {}", pair[0]);
            std::process::exit(2)
        };
        match pair[0].as_str() {
            "--bridge" => o.bridge = v.to_string(),
            "--games" => o.games = v.parse().unwrap_or_else(|_| bad()),
            "--secs" => o.secs = v.parse().unwrap_or_else(|_| bad()),
            "--pace-ms" => o.pace = Duration::from_millis(v.parse().unwrap_or_else(|_| bad())),
            other => {
                eprintln!("bot_load: unknown option {other}");
                std::process::exit(2)
            }
        }
    }
    o
}

fn main() {
    let o = opts();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(o));
}

/// Counts shared by the challengers.
#[derive(Default)]
struct Tally {
    in_play: AtomicUsize,
    finished: AtomicUsize,
    shots: AtomicUsize,
    stop: AtomicBool,
}

async fn run(o: Opts) {
    let dir = tempfile::tempdir().expect("temp dir");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let mut config = Config::new(DbUrl::Sqlite(dir.path().join("bots.db")));
    // Everyone comes from this machine's one address.
    config.limits = Limits {
        connections_per_address: u32::MAX,
        games_per_minute: u32::MAX,
        unfinished_per_address: u32::MAX,
        ..Limits::default()
    };
    config.bot_games = u32::try_from(o.games * 2).unwrap_or(u32::MAX);
    let server = launch(listener, config).await.expect("launch");
    let addr = server.addr();
    let origin = ServerOrigin::parse(&format!("http://{addr}")).expect("origin");

    // Two BOTs: the bridged one, and the challenger.
    let token_of = |name: &'static str| {
        let origin = origin.clone();
        async move {
            let s = account::sign_up(&origin, name, "correct horse 1")
                .await
                .expect("sign up");
            account::make_bot(&origin, &s.token, name, "correct horse 1")
                .await
                .expect("make a BOT");
            account::new_api_token(&origin, &s.token, "load")
                .await
                .expect("a token")
        }
    };
    let bridged = token_of("Shkval").await;
    let challenger = token_of("Gale").await;
    let token_file = dir.path().join("token");
    std::fs::write(&token_file, format!("{bridged}\n")).expect("token file");
    let bot_py = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let mut bridge = std::process::Command::new(&o.bridge)
        .args(["bot", "--server", origin.as_str(), "--token-file"])
        .arg(&token_file)
        .args([
            "--max-games",
            &(o.games + 10).to_string(),
            "--",
            "python3",
            bot_py,
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(dir.path().join("bridge.log")).expect("log"))
        .spawn()
        .expect("the bridge (build it: cargo build --release -p seabattle)");

    // The challengers: one socket a game, three challenges open at most (the server's
    // limit per account), each game played to its end and challenged again.
    let tally = Arc::new(Tally::default());
    let open = Arc::new(tokio::sync::Semaphore::new(3));
    let t0 = Instant::now();
    for _ in 0..o.games {
        let (tally, open, token) = (Arc::clone(&tally), Arc::clone(&open), challenger.clone());
        let pace = o.pace;
        tokio::spawn(async move {
            while !tally.stop.load(Ordering::Relaxed) {
                if let Err(e) = bot_game(addr, &token, &open, &tally, pace).await {
                    eprintln!("bot_load: a challenger's game: {e}");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }
        });
    }
    while tally.in_play.load(Ordering::Relaxed) < o.games {
        if t0.elapsed() > Duration::from_secs(120) {
            eprintln!(
                "bot_load: only {} games in play after 120 s",
                tally.in_play.load(Ordering::Relaxed)
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "bot_load: {} bot games in play after {:.1} s; two people play for {} s",
        tally.in_play.load(Ordering::Relaxed),
        t0.elapsed().as_secs_f64(),
        o.secs
    );

    // Two people, measured.
    let shots0 = tally.shots.load(Ordering::Relaxed);
    let t1 = Instant::now();
    let mut rtts = Vec::new();
    let mut least_in_play = usize::MAX;
    while t1.elapsed() < Duration::from_secs(o.secs) {
        person_game(addr, &mut rtts, t1 + Duration::from_secs(o.secs)).await;
        least_in_play = least_in_play.min(tally.in_play.load(Ordering::Relaxed));
    }
    let bot_shots = tally.shots.load(Ordering::Relaxed) - shots0;
    tally.stop.store(true, Ordering::Relaxed);
    rtts.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "bot games in play: {} (at least {least_in_play} while measured), finished: {}; \
         challenger shots: {:.0}/s",
        tally.in_play.load(Ordering::Relaxed),
        tally.finished.load(Ordering::Relaxed),
        bot_shots as f64 / t1.elapsed().as_secs_f64()
    );
    println!(
        "people's shots: {} measured, round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        rtts.len(),
        ms(percentile(&rtts, 0.5)),
        ms(percentile(&rtts, 0.99)),
        ms(percentile(&rtts, 1.0)),
    );
    let _ = std::process::Command::new("kill")
        .args(["-INT", &bridge.id().to_string()])
        .status();
    let _ = std::process::Command::new("kill")
        .args(["-INT", &bridge.id().to_string()])
        .status();
    let _ = bridge.wait();
    server.shutdown().await.expect("shutdown");
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Every cell of the classic board, in order.
fn cells() -> Vec<String> {
    (1..=10)
        .flat_map(|r| ('a'..='j').map(move |c| format!("{c}{r}")))
        .collect()
}

/// One game of the challenger against the bridged BOT: challenge, place, fire in order
/// once every `pace` on its turn, to the end.
async fn bot_game(
    addr: SocketAddr,
    token: &str,
    open: &tokio::sync::Semaphore,
    tally: &Tally,
    pace: Duration,
) -> Result<(), String> {
    let options = ConnectOptions::new().header("Authorization", &format!("Bearer {token}"));
    let mut c = Connection::connect_with(&format!("ws://{addr}/ws"), &options)
        .await
        .map_err(|e| e.to_string())?;
    let wait = Duration::from_secs(60);
    let (game, seat) = {
        let _slot = open.acquire().await.map_err(|e| e.to_string())?;
        c.send(&ClientMsg::Challenge {
            to: "Shkval".into(),
            rules: Some("classic".into()),
            clock: None,
            rated: Some(false),
        })
        .await
        .map_err(|e| e.to_string())?;
        c.recv_map(wait, |m| match m {
            ServerMsg::Joined {
                game,
                seat: Some(s),
                ..
            } => Some(Ok((game, s))),
            ServerMsg::Error { message, .. } => Some(Err(message)),
            _ => None,
        })
        .await
        .map_err(|e| e.to_string())??
    };
    tally.in_play.fetch_add(1, Ordering::Relaxed);
    let result = play(&mut c, &game, seat, tally, pace, wait).await;
    tally.in_play.fetch_sub(1, Ordering::Relaxed);
    tally.finished.fetch_add(1, Ordering::Relaxed);
    result
}

async fn play(
    c: &mut Connection,
    game: &str,
    me: Player,
    tally: &Tally,
    pace: Duration,
    wait: Duration,
) -> Result<(), String> {
    let err = |e: seabattle_client::ConnectionError| e.to_string();
    c.send(&msg::place_random(game)).await.map_err(err)?;
    let cells = cells();
    let mut next = 0;
    loop {
        let m = c.recv_within(wait).await.map_err(err)?;
        let mine = match m {
            ServerMsg::Battle { first, .. } => first == me,
            ServerMsg::Shot { next: n, .. } => n == Some(me),
            ServerMsg::GameOver { .. } => return Ok(()),
            _ => false,
        };
        if mine && next < cells.len() {
            tokio::time::sleep(pace).await;
            c.send(&msg::fire(game, [&cells[next]]))
                .await
                .map_err(err)?;
            next += 1;
            tally.shots.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// One friend's game between two guests until it ends or `until`: each shot's round
/// trip goes into `rtts`.
async fn person_game(addr: SocketAddr, rtts: &mut Vec<Duration>, until: Instant) {
    let url = format!("ws://{addr}/ws");
    let (Ok(mut a), Ok(mut b)) = (
        Connection::connect(&url).await,
        Connection::connect(&url).await,
    ) else {
        return;
    };
    let wait = Duration::from_secs(30);
    if a.send(&msg::new_game(Opponent::Friend).into())
        .await
        .is_err()
    {
        return;
    }
    let Ok(game) = a
        .recv_map(wait, |m| match m {
            ServerMsg::Joined { game, .. } => Some(game),
            _ => None,
        })
        .await
    else {
        return;
    };
    let _ = b.send(&msg::join(&game)).await;
    let _ = a.send(&msg::place_random(&game)).await;
    let _ = b.send(&msg::place_random(&game)).await;
    let Ok(mut turn) = a
        .recv_map(wait, |m| match m {
            ServerMsg::Battle { first, .. } => Some(first),
            _ => None,
        })
        .await
    else {
        return;
    };
    let cells = cells();
    let mut next = [0usize; 2];
    while Instant::now() < until {
        let shooter = if turn == Player::One { &mut a } else { &mut b };
        let i = turn.index();
        let Some(cell) = cells.get(next[i]) else {
            return;
        };
        next[i] += 1;
        let sent = Instant::now();
        if shooter.send(&msg::fire(&game, [cell])).await.is_err() {
            return;
        }
        // Its own shot's answer (the opponent's last volley may be queued before it).
        let Ok(answer) = shooter
            .recv_map(wait, |m| match m {
                ServerMsg::Shot { player, next, .. } if player == turn => Some(next),
                _ => None,
            })
            .await
        else {
            return;
        };
        rtts.push(sent.elapsed());
        match answer {
            Some(n) => turn = n,
            None => return,
        }
        // A person's pace: a shot every 50 ms.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
