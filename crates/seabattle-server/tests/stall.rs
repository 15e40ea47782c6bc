//! No client can stall or fill the server: each attack of the denial-of-service report
//! runs against a real server while another game's shots are timed. CI machines are
//! noisy, so a round trip is only asserted under one second (the benchmark
//! `examples/attack.rs` prints the real figures). A binary of its own, apart from
//! `it/`: its round trips are timed, so it does not share the machine with the other
//! tests' servers. Its helpers are the same module as theirs.
#[path = "it/common/mod.rs"]
mod common;

use common::{
    Client, ErrorCode, Frames, Probe, ServerMsg, fast_limits, http_raw, joined, logged_token,
    start_with, until, until_battle,
};
use seabattle_client::{Connection, ConnectionError, msg};
use seabattle_server::Limits;
use seabattle_wire::{ClientMsg, Opponent};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const SECOND: Duration = Duration::from_secs(1);

/// Rules text of `n` ships of `size` on a `side`×`side` board.
fn crowded(side: u8, size: u8, n: usize, extra: &str) -> String {
    let fleet = vec![size.to_string(); n].join(",");
    format!("{side}x{side} fleet={fleet}{extra}")
}

/// Sends `msg` and waits for the answer that is not news: (the answer, how long).
async fn ask(c: &mut Client, msg: impl Into<ClientMsg>) -> (ServerMsg, Duration) {
    let t = Instant::now();
    c.send(msg).await;
    let m = until!(
        c,
        ServerMsg::Error { .. }
            | ServerMsg::Joined { .. }
            | ServerMsg::Layout { .. }
            | ServerMsg::Checked { .. }
    );
    (m, t.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_too_costly_to_draw_are_refused_at_once_and_stall_no_other_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_with(&dir.path().join("games.db"), fast_limits()).await;
    let addr = server.addr();
    let mut probe = Probe::start(addr).await;
    let attack = tokio::spawn(async move {
        let bent = crowded(26, 8, 34, " shape=any");
        let fifty = crowded(26, 5, 50, "");
        let mut answers = Vec::new();
        for (opponent, rules) in [
            (Opponent::Friend, &bent),
            (Opponent::Computer, &fifty),
            (Opponent::Friend, &fifty),
            (Opponent::Computer, &fifty),
        ] {
            let mut c = Client::connect(addr).await;
            let (m, took) = ask(&mut c, msg::new_game(opponent).rules(rules)).await;
            answers.push((rules.clone(), m, took));
        }
        answers
    });
    let (worst, answers) = probe.during(attack).await;
    let mut refusals = Vec::new();
    for (rules, m, took) in &answers {
        let ServerMsg::Error { code, message } = m else {
            panic!("{rules}: {m:?}");
        };
        assert!(
            [ErrorCode::BadRules, ErrorCode::TooCostly].contains(code),
            "{rules}: {m:?}"
        );
        assert!(*took < 2 * SECOND, "{rules}: refused after {took:?}");
        refusals.push((*code, message.as_str()));
    }
    // The bent eight-deckers have too many places to enumerate; the crowded ones
    // cannot be drawn in time.
    assert!(refusals[0].1.contains("places"), "{}", refusals[0].1);
    assert!(
        refusals
            .iter()
            .any(|(code, _)| *code == ErrorCode::TooCostly),
        "{answers:?}"
    );
    assert!(worst < SECOND, "another game's shot took {worst:?}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn layouts_and_checks_in_a_loop_stall_no_other_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_with(&dir.path().join("games.db"), fast_limits()).await;
    let addr = server.addr();
    let mut probe = Probe::start(addr).await;
    let attack = tokio::spawn(async move {
        let mut tasks = Vec::new();
        for rules in ["big15", "minesweepers", "classic-bent", "hasbro"] {
            tasks.push(tokio::spawn(async move {
                let (mut c, game, _) = common::vs_computer(addr, "easy", rules).await;
                let mut slowest = Duration::ZERO;
                for i in 0..40 {
                    let placer = ["uniform", "expert", "perelman", "edge"][i % 4];
                    let (m, took) = ask(&mut c, msg::layout(&game, Some(placer))).await;
                    let ServerMsg::Layout { fleet, .. } = m else {
                        panic!("{rules} {placer}: {m:?}");
                    };
                    let (m, _) = ask(&mut c, msg::check(&game, &fleet)).await;
                    assert!(
                        matches!(&m, ServerMsg::Checked { violations, .. } if violations.is_empty()),
                        "{rules} {placer}: {m:?}"
                    );
                    slowest = slowest.max(took);
                }
                slowest
            }));
        }
        let mut slowest = Duration::ZERO;
        for t in tasks {
            slowest = slowest.max(t.await.unwrap());
        }
        slowest
    });
    let (worst, _) = probe.during(attack).await;
    assert!(worst < SECOND, "another game's shot took {worst:?}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_new_games_from_one_address_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        games_per_minute: 30,
        unfinished_per_address: 20,
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let addr = server.addr();
    let mut probe = Probe::start(addr).await;
    let attack = tokio::spawn(async move {
        let mut tasks = Vec::new();
        for _ in 0..10 {
            tasks.push(tokio::spawn(async move {
                let mut c = Client::connect(addr).await;
                let (mut made, mut refused) = (0, 0);
                for _ in 0..150 {
                    let (m, _) = ask(&mut c, msg::new_game(Opponent::Friend)).await;
                    match m {
                        ServerMsg::Joined { .. } => made += 1,
                        _ => {
                            assert!(
                                matches!(
                                    m,
                                    ServerMsg::Error {
                                        code: ErrorCode::Limit,
                                        ..
                                    }
                                ),
                                "{m:?}"
                            );
                            refused += 1;
                        }
                    }
                }
                (made, refused)
            }));
        }
        let (mut made, mut refused) = (0, 0);
        for t in tasks {
            let (m, r) = t.await.unwrap();
            made += m;
            refused += r;
        }
        (made, refused)
    });
    let (worst, (made, refused)) = probe.during(attack).await;
    // The probe's game is one of the address's unfinished games.
    assert!(made <= 19, "{made} games made");
    assert_eq!(made + refused, 1500);
    assert!(
        server.games_held() <= 21,
        "{} games held",
        server.games_held()
    );
    assert!(worst < SECOND, "another game's shot took {worst:?}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_connections_queueing_in_turn_cannot_make_games_without_end() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        games_per_minute: 6,
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let addr = server.addr();
    let (mut a, mut b) = (Client::connect(addr).await, Client::connect(addr).await);
    let mut refused = None;
    for round in 0..10 {
        a.send(msg::queue(None)).await;
        let m = until!(a, ServerMsg::Queued { .. } | ServerMsg::Error { .. });
        if let ServerMsg::Error { code, .. } = m {
            refused = Some((round, code));
            break;
        }
        b.send(msg::queue(None)).await;
        let m = until!(b, ServerMsg::Joined { .. } | ServerMsg::Error { .. });
        if let ServerMsg::Error { code, .. } = m {
            refused = Some((round, code));
            break;
        }
        joined(&mut a).await;
    }
    let (round, code) = refused.expect("the queue never refused");
    assert_eq!(code, ErrorCode::Limit);
    assert!(round <= 3, "refused only in round {round}");
    assert!(
        server.games_held() <= 3,
        "{} games held",
        server.games_held()
    );
    server.shutdown().await.unwrap();
}

/// Two friends play a game of `moves` shots on the 26×26 board and finish it: its id.
async fn long_game(addr: SocketAddr, moves: usize) -> String {
    let mut game = Probe::start(addr).await;
    for _ in 0..moves {
        game.shot().await;
    }
    game.sink_the_ship().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_downloads_in_a_loop_stall_no_other_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_with(&dir.path().join("games.db"), fast_limits()).await;
    let addr = server.addr();
    let game = long_game(addr, 1200).await;
    let path = format!("/games/{game}/frames.json");
    // The first download renders the frames once, compressed.
    let t = Instant::now();
    let (status, head, body) = http_raw(addr, &path, &["Accept-Encoding: gzip"]).await;
    let first = t.elapsed();
    assert_eq!(status, 200);
    assert!(head.contains("content-encoding: gzip"), "{head}");
    let frames: Frames = serde_json::from_slice(&gunzip(&body)).unwrap();
    assert_eq!(frames.frames.len(), 1202);
    let mut probe = Probe::start(addr).await;
    let attack = tokio::spawn(async move {
        let mut tasks = Vec::new();
        for _ in 0..6 {
            let path = path.clone();
            tasks.push(tokio::spawn(async move {
                let mut slowest = Duration::ZERO;
                for _ in 0..30 {
                    let t = Instant::now();
                    let (status, _, _) = http_raw(addr, &path, &["Accept-Encoding: gzip"]).await;
                    assert_eq!(status, 200);
                    slowest = slowest.max(t.elapsed());
                }
                slowest
            }));
        }
        let mut slowest = Duration::ZERO;
        for t in tasks {
            slowest = slowest.max(t.await.unwrap());
        }
        slowest
    });
    let (worst, slowest) = probe.during(attack).await;
    assert!(worst < SECOND, "another game's shot took {worst:?}");
    assert!(
        slowest < SECOND,
        "a cached download took {slowest:?} (first {first:?})"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn downloads_are_rate_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        records_per_minute: 3,
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let addr = server.addr();
    let game = long_game(addr, 4).await;
    for _ in 0..3 {
        let (status, _, _) = http_raw(addr, &format!("/games/{game}/record.json"), &[]).await;
        assert_eq!(status, 200);
    }
    let (status, _, body) = http_raw(addr, &format!("/games/{game}/frames.json"), &[]).await;
    assert_eq!(status, 429, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("a minute"));
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_limit_per_address_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        connections_per_address: 3,
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let addr = server.addr();
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(Client::connect(addr).await);
    }
    let refused = Connection::connect(&format!("ws://{addr}/ws")).await;
    match refused {
        Err(ConnectionError::Refused(status)) => assert_eq!(status, 429),
        other => panic!(
            "a fourth connection was not refused: {:?}",
            other.map(|_| ())
        ),
    }
    // A connection that closes makes room.
    held.pop().unwrap().close().await;
    let mut again = None;
    for _ in 0..50 {
        if let Ok(ws) = Connection::connect(&format!("ws://{addr}/ws")).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "no room after a connection closed");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_games_leave_memory_and_a_returning_player_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        placement_expiry: Duration::from_secs(2),
        away_expiry: Duration::from_millis(300),
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let addr = server.addr();
    // A battle against the computer whose player goes away.
    let (mut c, left, left_token) = common::vs_computer(addr, "easy", "classic").await;
    c.send(msg::place_random(&left)).await;
    until_battle(&mut c).await;
    // A friend who never comes: the game is closed while its creator waits.
    let mut waiting = Client::connect(addr).await;
    let game = common::create(&mut waiting, msg::new_game(Opponent::Friend)).await;
    let token = logged_token(&waiting);
    c.close().await;
    let (notice, why) = until!(waiting, ServerMsg::Error { code, message } => (code, message));
    assert_eq!(notice, ErrorCode::Abandoned, "{why}");
    let mut held = usize::MAX;
    for _ in 0..100 {
        held = server.games_held();
        if held == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(held, 0, "abandoned games still in memory");
    for (game, token) in [(&game, &token), (&left, &left_token)] {
        let mut back = Client::connect(addr).await;
        let e = back
            .expect_error(msg::resume(game, token), ErrorCode::Abandoned)
            .await;
        assert!(e.contains("closed"), "{e}");
    }
    server.shutdown().await.unwrap();
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(data)
        .read_to_end(&mut out)
        .unwrap();
    out
}
