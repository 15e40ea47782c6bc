//! `seabattle bot`, the bridge (issue 40), against a real server: `examples/bot.py`,
//! unchanged, plays a whole rated game against a person through it, with the server
//! restarted mid-game (the bridge and the person come back and finish it); the result
//! is logged, both ratings move, and a SIGTERM after the game ends the bridge cleanly.
//! With `--arena` it joins an arena that takes BOTs, with its token, plays the game the
//! arena pairs it into, and pauses there on SIGTERM.

use seabattle_client::account::{self, ServerOrigin, SessionToken};
use seabattle_client::{ConnectOptions, Connection, msg};
use seabattle_core::{Phase, Player};
use seabattle_server::{Config, DbUrl, Server, launch};
use seabattle_wire::arena::{ArenaJson, ArenaSummary};
use seabattle_wire::{ClientMsg, ErrorCode, ServerMsg};
use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server on `addr` (port 0 for any) storing games in `dir`.
async fn server(dir: &Path, addr: SocketAddr) -> Server {
    let deadline = Instant::now() + Duration::from_secs(10);
    // The port of a server just stopped may take a moment to be free again.
    let listener = loop {
        match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => break l,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("binding {addr}: {e}"),
        }
    };
    let mut config = Config::new(DbUrl::Sqlite(dir.join("g.db")));
    config.arena_schedule = "none".parse().unwrap();
    launch(listener, config).await.unwrap()
}

/// A request to `origin` with the session `cookie` (as a page of the server sends it):
/// the status and the body.
async fn http(
    origin: &ServerOrigin,
    method: &str,
    path: &str,
    cookie: &str,
    body: &str,
) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(origin.authority())
        .await
        .unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nCookie: {cookie}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        origin.authority(),
        origin.as_str(),
        body.len()
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// The person's socket, signed in.
async fn person(origin: &ServerOrigin, session: &SessionToken) -> Connection {
    let options = ConnectOptions::new().session(origin, session);
    let url = format!("ws://{}/ws", origin.authority());
    let mut c = Connection::connect_with(&url, &options).await.unwrap();
    c.recv_until(Duration::from_secs(10), |m| {
        matches!(m, ServerMsg::Welcome { .. })
    })
    .await
    .unwrap();
    c
}

/// Plays the person's side until the game ends or `stop_after` shots of hers are on
/// the board: a random fleet, then the first cell not yet fired at, in order, each
/// time the server says it is her turn.
async fn play(
    c: &mut Connection,
    game: &str,
    stop_after: usize,
    log: &Path,
) -> Option<Box<seabattle_wire::ResultJson>> {
    let cells: Vec<String> = (1..=10)
        .flat_map(|r| ('a'..='j').map(move |col| format!("{col}{r}")))
        .collect();
    let mut fired: HashSet<String> = HashSet::new();
    let (mut me, mut placed) = (None, false);
    // A shot sent and not yet answered: the next comes after its answer.
    let mut awaiting = false;
    c.send(&msg::sync(game)).await.unwrap();
    loop {
        let m = match c.recv_within(Duration::from_secs(30)).await {
            Ok(m) => m,
            Err(e) => panic!(
                "{e}\nthe bridge's log:\n{}",
                std::fs::read_to_string(log).unwrap()
            ),
        };
        let my_turn = match m {
            ServerMsg::State(s) => {
                if let Some(r) = s.result {
                    return Some(Box::new(r));
                }
                me = s.seat;
                let b = &s.boards[s.seat.unwrap().index()];
                fired = b.misses.iter().chain(&b.hits).cloned().collect();
                let unplaced = s.own.as_ref().is_none_or(|o| o.fleet.is_none());
                if s.phase == Phase::Placement && unplaced && !placed {
                    placed = true;
                    c.send(&msg::place_random(game)).await.unwrap();
                }
                s.phase == Phase::Battle && s.to_move == s.seat && s.duties.is_empty()
            }
            ServerMsg::Battle { first, .. } => Some(first) == me,
            ServerMsg::Shot {
                player,
                shots,
                next,
                ..
            } => {
                if Some(player) == me {
                    fired.extend(shots.into_iter().map(|s| s.cell));
                    awaiting = false;
                }
                next.is_some() && next == me
            }
            ServerMsg::GameOver { result, .. } => return Some(result),
            ServerMsg::Error { code, message } => panic!("{code:?}: {message}"),
            _ => false,
        };
        if fired.len() >= stop_after {
            return None;
        }
        if my_turn && !awaiting {
            awaiting = true;
            let cell = cells.iter().find(|x| !fired.contains(*x)).unwrap();
            c.send(&msg::fire(game, [cell])).await.unwrap();
        }
    }
}

/// A server storing in `dir` with the BOT Shkval made, its token in a file: the
/// server, its origin and the token file.
async fn shkval_online(dir: &Path) -> (Server, ServerOrigin, std::path::PathBuf) {
    let srv = server(dir, "127.0.0.1:0".parse().unwrap()).await;
    let origin = ServerOrigin::parse(&format!("http://{}", srv.addr())).unwrap();
    account::sign_up(&origin, "Shkval", "correct horse 1")
        .await
        .unwrap();
    let token_file = dir.join("token");
    assert!(bot_token(&origin, &token_file).await.status.success());
    (srv, origin, token_file)
}

/// Challenges Shkval under classic rules until the bridge is online and takes it: the
/// game, the challenger's seat and seat token.
async fn challenge_shkval(c: &mut Connection, rated: bool, log: &Path) -> (String, Player, String) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        c.send(&ClientMsg::Challenge {
            to: "Shkval".into(),
            rules: Some("classic".into()),
            clock: None,
            rated: Some(rated),
        })
        .await
        .unwrap();
        let m = c
            .recv_until(Duration::from_secs(20), |m| {
                matches!(m, ServerMsg::Joined { .. } | ServerMsg::Error { .. })
            })
            .await
            .unwrap();
        match m {
            ServerMsg::Joined {
                game, seat, token, ..
            } => return (game, seat.unwrap(), token.unwrap()),
            ServerMsg::Error {
                code: ErrorCode::NotOnline,
                ..
            } if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            other => panic!("{other:?}\n{}", std::fs::read_to_string(log).unwrap()),
        }
    }
}

/// `seabattle bot-token --make-bot` for Shkval, the password on standard input.
async fn bot_token(origin: &ServerOrigin, out: &Path) -> std::process::Output {
    let (origin, out) = (origin.as_str().to_string(), out.to_path_buf());
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_seabattle"))
            .args([
                "bot-token",
                "--server",
                &origin,
                "--name",
                "Shkval",
                "--make-bot",
                "--password-stdin",
                "--out",
            ])
            .arg(&out)
            .env_remove("SEABATTLE_PASSWORD")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // A run refused before it reads the password closes its input: no matter.
        let _ = child.stdin.take().unwrap().write_all(b"correct horse 1\n");
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

fn bridge(origin: &ServerOrigin, token_file: &Path, log: &Path, more: &[&str]) -> Child {
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bot.py");
    let program = ["python3", bot.to_str().unwrap()];
    bridge_running(origin, token_file, log, more, &program)
}

/// The bridge running `program` (a command and its arguments).
fn bridge_running(
    origin: &ServerOrigin,
    token_file: &Path,
    log: &Path,
    more: &[&str],
    program: &[&str],
) -> Child {
    Command::new(env!("CARGO_BIN_EXE_seabattle"))
        .args(["bot", "--server", origin.as_str(), "--token-file"])
        .arg(token_file)
        .args(["--rules", "classic"])
        .args(more)
        .arg("--")
        .args(program)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridge_plays_examples_bot_py_through_a_game_and_a_server_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut srv = server(dir.path(), "127.0.0.1:0".parse().unwrap()).await;
    let addr = srv.addr();
    let origin = ServerOrigin::parse(&format!("http://{addr}")).unwrap();

    // The BOT: an account with no games, made a BOT, with a token in a file.
    account::sign_up(&origin, "Shkval", "correct horse 1")
        .await
        .unwrap();
    let token_file = dir.path().join("token");
    let out = bot_token(&origin, &token_file).await;
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let token = std::fs::read_to_string(&token_file)
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(token.len(), 64, "{said}");
    assert!(
        said.contains("now a BOT") && !said.contains(&token),
        "{said}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&token_file).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o077,
            0,
            "the token file is its owner's only: {mode:o}"
        );
    }
    // A second run never writes over it.
    let again = bot_token(&origin, &token_file).await;
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("the file exists"));
    let log = dir.path().join("bridge.log");
    let mut child = bridge(&origin, &token_file, &log, &[]);

    // A person challenges it to a rated game as soon as it is online.
    let anna = account::sign_up(&origin, "Anna", "correct horse 1")
        .await
        .unwrap();
    let mut c = person(&origin, &anna.token).await;
    let (game, _, seat_token) = challenge_shkval(&mut c, true, &log).await;

    // Part of the game, then the server stops and starts again on the same port.
    assert!(
        play(&mut c, &game, 12, &log).await.is_none(),
        "the game ended too soon"
    );
    drop(c);
    srv.shutdown().await.unwrap();
    srv = server(dir.path(), addr).await;
    let mut c = person(&origin, &anna.token).await;
    c.send(&msg::resume(&game, &seat_token)).await.unwrap();
    let result = play(&mut c, &game, usize::MAX, &log).await.unwrap();
    let ratings = result.ratings.clone().expect("a rated game's ratings");
    for r in &ratings {
        assert_ne!(r.before, r.after, "{ratings:?}");
    }

    // The bridge logged the game's result and came back after the restart.
    let text = log_once_it_says(&log, "game over").await;
    assert!(text.contains("game over") && text.contains(&game), "{text}");
    assert!(text.contains("reconnecting"), "{text}");
    assert!(
        !text.contains(&token),
        "the token must not be logged:\n{text}"
    );

    // SIGTERM with no game running: it exits at once, cleanly.
    stops_on_sigterm(&mut child, &log).await;
    srv.shutdown().await.unwrap();
}

/// Issue 48: a program that answers garbage to `place` made the bridge log the error
/// and drop the game, never resigned: the person waited for the 60-minute expiry.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_that_fails_resigns_its_game_through_the_bridge() {
    let dir = tempfile::tempdir().unwrap();
    let (srv, origin, token_file) = shkval_online(dir.path()).await;
    let log = dir.path().join("bridge.log");
    let garbage = ["sh", "-c", "while read line; do echo nonsense; done"];
    let mut child = bridge_running(&origin, &token_file, &log, &[], &garbage);
    let anna = account::sign_up(&origin, "Anna", "correct horse 1")
        .await
        .unwrap();
    let mut c = person(&origin, &anna.token).await;
    let (game, seat, _) = challenge_shkval(&mut c, false, &log).await;
    // The program fails at once, asked for its fleet: the server draws one for the
    // BOT's seat, and the bridge resigns as the battle begins.
    let result = play(&mut c, &game, usize::MAX, &log).await.unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (seat, seabattle_wire::EndReason::Resigned),
        "{}",
        std::fs::read_to_string(&log).unwrap()
    );
    let text = log_once_it_says(&log, "the game was resigned").await;
    assert!(text.contains("the program failed"), "{text}");
    stops_on_sigterm(&mut child, &log).await;
    srv.shutdown().await.unwrap();
}

/// The bridge's log once it says `what`, or after 10 s whatever it says.
async fn log_once_it_says(log: &Path, what: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = std::fs::read_to_string(log).unwrap();
        if text.contains(what) || Instant::now() > deadline {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Sends SIGTERM to the bridge, which runs no game: it must exit 0 within 10 s.
async fn stops_on_sigterm(child: &mut Child, log: &Path) {
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            Instant::now() < deadline,
            "the bridge did not stop after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        status.success(),
        "{status:?}\n{}",
        std::fs::read_to_string(log).unwrap()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridge_joins_an_arena_with_its_token_and_plays_its_pairing() {
    let dir = tempfile::tempdir().unwrap();
    let (srv, origin, token_file) = shkval_online(dir.path()).await;

    // Anna makes an arena that takes BOTs, starting now, and joins it.
    let anna = account::sign_up(&origin, "Anna", "correct horse 1")
        .await
        .unwrap();
    let cookie = anna.token.cookie();
    let body = r#"{"name":"Bots welcome","rules":"classic","clock":30,"minutes":20,"bots":true}"#;
    let (status, made) = http(&origin, "POST", "/arena/create", &cookie, body).await;
    assert_eq!(status, 201, "{made}");
    let arena = serde_json::from_str::<ArenaSummary>(&made).unwrap().id;
    account::join_arena(&origin, &anna.token, &arena)
        .await
        .unwrap();
    let mut c = person(&origin, &anna.token).await;

    // The bridge joins it by link, with its token, and is paired with her.
    let log = dir.path().join("bridge.log");
    let link = format!("{}/arena/{arena}", origin.as_str());
    let mut child = bridge(&origin, &token_file, &log, &["--arena", &link]);
    let game = c
        .recv_map(Duration::from_secs(30), |m| match m {
            ServerMsg::Joined {
                game, token: None, ..
            } => Some(game),
            _ => None,
        })
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", std::fs::read_to_string(&log).unwrap()));
    c.send(&msg::resume_as_account(&game)).await.unwrap();
    // Played to its end: a result, not a stop part-way.
    assert!(play(&mut c, &game, usize::MAX, &log).await.is_some());

    // The bridge logged its result; the arena counted the game for both.
    let text = log_once_it_says(&log, "game over").await;
    assert!(
        text.contains("in the arena") && text.contains("game over") && text.contains(&game),
        "{text}"
    );
    let (_, standings) = http(&origin, "GET", &format!("/arena/{arena}/json"), "", "").await;
    let v: ArenaJson = serde_json::from_str(&standings).unwrap();
    let games_of = |name: &str| {
        v.standings
            .iter()
            .find(|r| r.name == name)
            .map(|r| r.points.len())
    };
    assert_eq!(
        (games_of("Anna"), games_of("Shkval")),
        (Some(1), Some(1)),
        "{standings}"
    );

    // SIGTERM: it pauses in the arena, so it is paired no more, and exits.
    c.close().await.ok();
    stops_on_sigterm(&mut child, &log).await;
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("paused in the arena"), "{text}");
    let (_, standings) = http(&origin, "GET", &format!("/arena/{arena}/json"), "", "").await;
    let v: ArenaJson = serde_json::from_str(&standings).unwrap();
    let bot = v.standings.iter().find(|r| r.name == "Shkval");
    assert_eq!(bot.map(|r| r.paused), Some(true), "{standings}");
    srv.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_bridge_says_what_is_wrong_with_its_token_file() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::write(&empty, "\n").unwrap();
    for (file, said) in [
        (dir.path().join("missing"), "cannot read it"),
        (empty, "its first line is empty"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_seabattle"))
            .args(["bot", "--server", "http://127.0.0.1:9", "--token-file"])
            .arg(&file)
            .args(["--", "python3", "bot.py"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(
            text.contains("--token-file") && text.contains(said),
            "{text}"
        );
    }
}
