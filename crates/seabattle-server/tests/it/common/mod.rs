//! A real server on port 0 with an SQLite file in a temp dir, and real WebSocket clients.

#![allow(dead_code, reason = "each test binary uses part of the helpers")]

use seabattle_client::{Close, Connection, Frame, msg};
use seabattle_core::{Answer, Phase, Player};
use seabattle_server::{Config, DbUrl, Limits, Server, launch};
use seabattle_wire::{ClientMsg, Opponent};
pub use seabattle_wire::{
    DutyJson, DutyKind, EndReason, ErrorCode, PresenceJson, ResultJson, RulesJson, ServerMsg,
    ShotJson, StateJson, TargetJson,
};
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub mod flying;
mod scan;

#[allow(unused_imports, reason = "each test binary uses part of the helpers")]
pub use scan::{assert_no_leak, assert_spectator_sees_only_shots, cells_named, ends, strings};

/// Limits with room for clients that play at machine speed, all from one address.
pub fn fast_limits() -> Limits {
    Limits {
        messages_per_second: 100_000,
        burst: 100_000,
        connections_per_address: 10_000,
        games_per_minute: 100_000,
        unfinished_per_address: 100_000,
        records_per_minute: 100_000,
        ..Limits::default()
    }
}

/// A server storing in `db`, with [`fast_limits`].
pub async fn start(db: &Path) -> Server {
    start_with(db, fast_limits()).await
}

/// A server storing in `db` with `limits`.
pub async fn start_with(db: &Path, limits: Limits) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::new(DbUrl::Sqlite(db.to_path_buf()));
    config.limits = limits;
    config.arena_schedule = no_arenas();
    launch(listener, config).await.unwrap()
}

/// No scheduled arenas: a test's server makes only the arenas the test makes, and the
/// many servers sharing the test database do not all run the schedule's.
pub fn no_arenas() -> seabattle_server::ArenaSchedule {
    "none".parse().unwrap()
}

/// Reads `client`'s messages until one matches the pattern (`ServerMsg::Shot { .. }`,
/// with an `if` guard if wanted) and gives the expression after `=>`, with the
/// pattern's bindings; without `=>`, the message itself. An `error` met on the way
/// fails the test, unless the pattern takes it.
///
/// ```ignore
/// let next = until!(c, ServerMsg::Shot { next, .. } => next);
/// let battle = until!(c, ServerMsg::Battle { .. });
/// ```
macro_rules! until {
    ($client:expr, $pat:pat $(if $guard:expr)? => $out:expr) => {
        $client
            .until_map(|m| match m {
                $pat $(if $guard)? => Some($out),
                _ => None,
            })
            .await
    };
    ($client:expr, $pat:pat $(if $guard:expr)?) => {
        $crate::common::until!($client, m @ $pat $(if $guard)? => m)
    };
}
pub(crate) use until;

/// A WebSocket client that keeps every message it received, in order, for the scans
/// that read them all; each is checked to be a message of the wire protocol that says
/// all the frame said (read as [`ServerMsg`] and written again, it is the same JSON).
pub struct Client {
    conn: Connection,
    /// Every message received, in order.
    pub log: Vec<ServerMsg>,
}

impl Client {
    /// Connects and reads the `welcome`.
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::connect_to(addr, "/ws").await
    }

    /// Connects as the account whose session `token` is, from the server's own page,
    /// and reads the `welcome`, which must name the account.
    pub async fn connect_signed_in(addr: SocketAddr, token: &str, name: &str) -> Client {
        let options = seabattle_client::ConnectOptions::new()
            .header("Cookie", &format!("sb_session={token}"))
            .header("Origin", &format!("http://{addr}"));
        let (c, w) = Client::open(addr, "/ws", &options).await;
        let ServerMsg::Welcome { account, .. } = &w else {
            unreachable!()
        };
        assert_eq!(account.as_deref(), Some(name), "{w:?}");
        c
    }

    /// Connects to `path` (`/ws?game=ID`) and reads the `welcome`.
    pub async fn connect_to(addr: SocketAddr, path: &str) -> Client {
        Client::open(addr, path, &seabattle_client::ConnectOptions::new())
            .await
            .0
    }

    /// Connects to `path` with `options`: the client and the `welcome` it read.
    pub async fn open(
        addr: SocketAddr,
        path: &str,
        options: &seabattle_client::ConnectOptions,
    ) -> (Client, ServerMsg) {
        let conn = Connection::connect_with(&format!("ws://{addr}{path}"), options)
            .await
            .unwrap();
        let mut c = Client {
            conn,
            log: Vec::new(),
        };
        let w = c.recv().await;
        let ServerMsg::Welcome { v, .. } = w else {
            panic!("the first message is not a welcome: {w:?}");
        };
        assert_eq!(v, 2);
        (c, w)
    }

    /// The `welcome` the connection began with.
    pub fn welcome(&self) -> &ServerMsg {
        &self.log[0]
    }

    /// Sends a message.
    pub async fn send(&mut self, m: impl Into<ClientMsg>) {
        self.conn.send(&m.into()).await.unwrap();
    }

    /// Sends a raw text frame, for malformed input.
    pub async fn send_text(&mut self, t: impl AsRef<str>) {
        self.conn.send_raw(t.as_ref()).await.unwrap();
    }

    /// The next message (10 s at most).
    pub async fn recv(&mut self) -> ServerMsg {
        self.try_recv(Duration::from_secs(10))
            .await
            .expect("no message within 10 s")
    }

    /// Logs a text frame: it must be a server message of the wire protocol, with no
    /// field the protocol's types leave out (so the typed log loses nothing).
    fn read(&mut self, t: &str) -> ServerMsg {
        let m = ServerMsg::parse(t).unwrap_or_else(|e| panic!("not a server message ({e}): {t}"));
        let sent: serde_json::Value = serde_json::from_str(t).unwrap();
        assert_eq!(
            serde_json::to_value(&m).unwrap(),
            sent,
            "the message says more than its type: {t}"
        );
        self.log.push(m.clone());
        m
    }

    /// The next message within `d`, if any.
    pub async fn try_recv(&mut self, d: Duration) -> Option<ServerMsg> {
        let t = tokio::time::timeout(d, self.conn.recv_text())
            .await
            .ok()?
            .ok()?;
        Some(self.read(&t))
    }

    /// Skips messages until `pick` takes one (returns `Some`): what it made of it. An
    /// error that `pick` does not take fails the test. [`until!`] writes `pick` from a
    /// pattern.
    pub async fn until_map<T>(&mut self, mut pick: impl FnMut(ServerMsg) -> Option<T>) -> T {
        loop {
            let m = self.recv().await;
            let error = matches!(m, ServerMsg::Error { .. }).then(|| format!("{m:?}"));
            if let Some(t) = pick(m) {
                return t;
            }
            if let Some(error) = error {
                panic!("an error while waiting: {error}");
            }
        }
    }

    /// Sends `m` and expects an error with `code`: its message.
    pub async fn expect_error(&mut self, m: impl Into<ClientMsg>, code: ErrorCode) -> String {
        self.send(m).await;
        self.expect_error_now(code).await
    }

    /// Sends the raw text `t` (a malformed message) and expects an error with `code`:
    /// its message.
    pub async fn expect_error_raw(&mut self, t: &str, code: ErrorCode) -> String {
        self.send_text(t).await;
        self.expect_error_now(code).await
    }

    /// Expects an error with `code` next (skipping presence and clock news): its
    /// message, which says something.
    pub async fn expect_error_now(&mut self, code: ErrorCode) -> String {
        loop {
            match self.recv().await {
                ServerMsg::Presence { .. } | ServerMsg::Clock { .. } => continue,
                ServerMsg::Error { code: got, message } => {
                    assert_eq!(got, code, "{message}");
                    assert!(!message.is_empty());
                    return message;
                }
                other => panic!("expected error {code:?}, got {other:?}"),
            }
        }
    }

    /// Reads until seat `me` must act again (a shot or reveal after which it is `me`'s
    /// turn and nothing is owed) or the game is over: the opponent's moves, the
    /// computer's included, come after the answer to one's own, not with it.
    pub async fn until_my_turn(&mut self, me: Player) -> ServerMsg {
        self.until_map(|m| acts_next(&m, me).then_some(m)).await
    }

    /// The state, freshly asked for, with the presence timings set aside (as
    /// [`no_presence`] leaves them).
    pub async fn state(&mut self, game: &str) -> StateJson {
        self.send(msg::sync(game)).await;
        let mut s = until!(self, ServerMsg::State(s) => *s);
        s.presence = no_presence();
        s
    }

    /// Reads until the server closes: the last message, and the close frame if the
    /// connection ended with one (not with a reset).
    pub async fn read_to_close(&mut self) -> (Option<ServerMsg>, Option<Close>) {
        let mut last = None;
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.conn.recv_frame()).await {
                Ok(Ok(Frame::Text(t))) => last = Some(self.read(&t)),
                Ok(Ok(Frame::Close(frame))) => return (last, frame),
                Ok(Err(_)) | Err(_) => return (last, None),
            }
        }
    }

    /// Closes the socket.
    pub async fn close(self) {
        let _ = self.conn.close().await;
    }
}

/// Whether, after message `m`, seat `me` must act (or the game is over): a shot,
/// reveal or move after which it is `me`'s turn with nothing owed, or a reveal or move
/// `me` owes.
pub fn acts_next(m: &ServerMsg, me: Player) -> bool {
    match m {
        ServerMsg::GameOver { .. } => true,
        ServerMsg::Shot { next, duties, .. }
        | ServerMsg::Revealed { next, duties, .. }
        | ServerMsg::Relocated { next, duties, .. } => *next == Some(me) && duties.is_empty(),
        ServerMsg::RevealDue { player, .. } | ServerMsg::RelocateDue { player, .. } => {
            *player == me
        }
        _ => false,
    }
}

/// The presence [`Client::state`] puts in every state, so that states compare without
/// the seconds a player has been away.
pub fn no_presence() -> [PresenceJson; 2] {
    let none = PresenceJson {
        present: false,
        away_secs: None,
    };
    [none.clone(), none]
}

/// The game id, seat and token of the next `joined`.
pub async fn joined(c: &mut Client) -> (String, Option<Player>, Option<String>) {
    until!(c, ServerMsg::Joined { game, seat, token, .. } => (game, seat, token))
}

/// The result of the next `game_over`.
pub async fn game_over(c: &mut Client) -> ResultJson {
    until!(c, ServerMsg::GameOver { result, .. } => *result)
}

/// Reads until the battle starts: who shoots first.
pub async fn until_battle(c: &mut Client) -> Player {
    until!(c, ServerMsg::Battle { first, .. } => first)
}

/// A `shot`'s fields, as tests read them.
#[derive(Debug)]
pub struct Shot {
    pub number: usize,
    pub player: Player,
    pub shots: Vec<ShotJson>,
    pub dying: bool,
    pub next: Option<Player>,
    pub duties: Vec<DutyJson>,
}

/// The next `shot`.
pub async fn next_shot(c: &mut Client) -> Shot {
    until!(c, ServerMsg::Shot { number, player, shots, dying, next, duties, .. } => Shot {
        number,
        player,
        shots,
        dying,
        next,
        duties,
    })
}

/// A `revealed`'s fields, as tests read them.
#[derive(Clone, Debug)]
pub struct Revealed {
    pub number: usize,
    pub player: Player,
    pub kind: DutyKind,
    pub cell: Option<String>,
    pub by_server: bool,
    pub next: Option<Player>,
    pub duties: Vec<DutyJson>,
}

/// The next `revealed`.
pub async fn revealed(c: &mut Client) -> Revealed {
    until!(c, ServerMsg::Revealed { number, player, kind, cell, by_server, next, duties, .. } => {
        Revealed { number, player, kind, cell, by_server, next, duties }
    })
}

/// The next `reveal_due`: who owes the reveal, its kind and the cells allowed.
pub async fn reveal_due(c: &mut Client) -> (Player, DutyKind, Vec<String>) {
    until!(c, ServerMsg::RevealDue { player, kind, cells, .. } => (player, kind, cells))
}

/// The token of the first `joined` in `c`'s log.
pub fn logged_token(c: &Client) -> String {
    c.log
        .iter()
        .find_map(|m| match m {
            ServerMsg::Joined { token, .. } => token.clone(),
            _ => None,
        })
        .expect("a joined with a token")
}

/// Creates a game against the computer: (client, game id, token).
pub async fn vs_computer(addr: SocketAddr, level: &str, rules: &str) -> (Client, String, String) {
    let mut c = Client::connect(addr).await;
    c.send(msg::new_game(Opponent::Computer).level(level).rules(rules))
        .await;
    let (game, seat, token) = joined(&mut c).await;
    assert_eq!(seat, Some(Player::One));
    until!(c, ServerMsg::State(_));
    (c, game, token.expect("a player's token"))
}

/// Sends a `new_game` message and returns the id of the game it made.
pub async fn create(c: &mut Client, new_game: impl Into<ClientMsg>) -> String {
    c.send(new_game).await;
    joined(c).await.0
}

/// A friend game: `a` creates it with `new_game`, `b` joins it. Returns both
/// connections, the game id and their tokens.
pub async fn friends(
    addr: SocketAddr,
    new_game: impl Into<ClientMsg>,
) -> (Client, Client, String, [String; 2]) {
    let mut a = Client::connect(addr).await;
    let game = create(&mut a, new_game).await;
    let mut b = Client::connect(addr).await;
    b.send(msg::join(&game)).await;
    let (_, _, token) = joined(&mut b).await;
    let tokens = [logged_token(&a), token.expect("a player's token")];
    (a, b, game, tokens)
}

/// Comes back to `game` with `token` on a new connection, checks that the state is
/// `before`, and plays the game out as seat 1 on a 10×10 board: the result.
pub async fn resume_and_finish(
    addr: SocketAddr,
    game: &str,
    token: &str,
    before: &StateJson,
) -> ResultJson {
    let mut c = Client::connect(addr).await;
    c.send(msg::resume(game, token)).await;
    joined(&mut c).await;
    assert_eq!(&c.state(game).await, before);
    let result = play_out(&mut c, game, Player::One, 10, 10).await;
    check_commitment(&result);
    result
}

/// Every cell of a `w`×`h` board, row by row.
pub fn all_cells(w: u8, h: u8) -> Vec<String> {
    (0..h)
        .flat_map(|r| (0..w).map(move |c| format!("{}{}", (b'a' + c) as char, r + 1)))
        .collect()
}

/// The piece words of fleet text, as they prefix a cell (`mine:e5`).
pub const PIECE_WORDS: [&str; 3] = ["mine", "sweeper", "sub"];

/// The cells of ships written as `a1-d1`, `f3` or `a1+a2+b2`, and of pieces written as
/// `mine:e5`, `sweeper:c3` or `sub:j10`.
pub fn ship_cells(ship: &str) -> Vec<String> {
    if let Some((word, cell)) = ship.split_once(':')
        && PIECE_WORDS.contains(&word)
    {
        return vec![cell.to_string()];
    }
    if ship.contains('+') {
        return ship.split('+').map(str::to_string).collect();
    }
    let Some((a, b)) = ship.split_once('-') else {
        return vec![ship.to_string()];
    };
    let parse = |s: &str| ((s.as_bytes()[0] - b'a'), s[1..].parse::<u8>().unwrap());
    let ((c1, r1), (c2, r2)) = (parse(a), parse(b));
    let mut out = Vec::new();
    for c in c1.min(c2)..=c1.max(c2) {
        for r in r1.min(r2)..=r1.max(r2) {
            out.push(format!("{}{}", (b'a' + c) as char, r));
        }
    }
    out
}

/// The cells of a list of cells, ships and pieces (as [`ship_cells`] reads each).
pub fn cells<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> BTreeSet<String> {
    items
        .into_iter()
        .flat_map(|s| ship_cells(s.as_ref()))
        .collect()
}

/// A duty owed by `player`, as messages list them.
pub fn duty(player: Player, kind: DutyKind) -> DutyJson {
    DutyJson { player, kind }
}

/// Plays `c` (seat `me`) to the end by firing at cells in board order, answering every
/// turn and showing the first cell allowed for every reveal owed; returns the result.
pub async fn play_out(c: &mut Client, game: &str, me: Player, w: u8, h: u8) -> ResultJson {
    let mut state = c.state(game).await;
    let mut shot: BTreeSet<String> = BTreeSet::new();
    let cells = all_cells(w, h);
    loop {
        // Cells shot for `me` count too: a dying shot of its sunk submarine.
        let board = &state.boards[me.index()];
        shot.extend(
            [
                &board.misses,
                &board.hits,
                &board.mines,
                &board.sweepers,
                &board.subs,
            ]
            .into_iter()
            .flatten()
            .cloned(),
        );
        if state.phase == Phase::Over {
            return state.result.expect("an ended game's result");
        }
        if let Some(cell) = state.reveal.as_ref().and_then(|r| r.cells.first()) {
            c.send(msg::reveal(game, cell)).await;
        } else if state.duties.is_empty() && state.to_move == Some(me) {
            let volley: Vec<String> = cells
                .iter()
                .filter(|x| !shot.contains(*x))
                .take(state.shots_due)
                .cloned()
                .collect();
            shot.extend(volley.iter().cloned());
            c.send(msg::fire(game, &volley)).await;
        }
        // Wait for the answer to this move, or for the opponent's moves to end.
        let m = c
            .until_map(|m| match m {
                ServerMsg::RelocateDue { .. } | ServerMsg::Relocated { .. } => None,
                _ => acts_next(&m, me).then_some(m),
            })
            .await;
        if let ServerMsg::GameOver { result, .. } = m {
            return *result;
        }
        state = c.state(game).await;
    }
}

/// A plain HTTP GET: (status, body), by [`http_raw`].
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    let (status, _, body) = http_raw(addr, path, &[]).await;
    (status, String::from_utf8(body).unwrap())
}

/// Checks a revealed commitment: SHA-256 of fleet text, `:`, salt.
pub fn check_commitment(result: &ResultJson) {
    use sha2::{Digest, Sha256};
    for i in 0..2 {
        let text = format!("{}:{}", result.fleets[i].join(" "), result.salts[i]);
        let hash: String = Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(result.commitments[i], hash, "commitment {i}");
    }
}

/// A game won by sinking the fleet, whose result the audit lets stand.
pub fn assert_fair_finish(result: &ResultJson) {
    assert_eq!(result.reason, EndReason::FleetSunk, "{result:?}");
    assert!(
        result.audit.verdict.starts_with("the result stands"),
        "{result:?}"
    );
}

/// A plain HTTP GET with extra header lines (`"Accept-Encoding: gzip"`): (status, the
/// response head in lower case, the body's bytes as sent).
pub async fn http_raw(addr: SocketAddr, path: &str, headers: &[&str]) -> (u16, String, Vec<u8>) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&buf[..split]).to_ascii_lowercase();
    let mut body = buf[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        let mut out = Vec::new();
        let mut rest = &body[..];
        while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
            let n = usize::from_str_radix(String::from_utf8_lossy(&rest[..eol]).trim(), 16)
                .unwrap_or(0);
            if n == 0 {
                break;
            }
            out.extend_from_slice(&rest[eol + 2..eol + 2 + n]);
            rest = &rest[eol + 2 + n + 2..];
        }
        body = out;
    }
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, body)
}

/// Another game, to show whether an attack holds up players who have nothing to do
/// with it: two friends on a 26×26 board with one one-decker each, at z26, shooting
/// water in turn. Each shot's round trip is timed.
pub struct Probe {
    players: [Client; 2],
    game: String,
    /// Whose turn it is (0 or 1).
    turn: usize,
    /// The next cell each player shoots.
    next: [usize; 2],
    /// Every round trip measured.
    pub rtts: Vec<Duration>,
}

impl Probe {
    /// Sets the game up on `addr`, ready to shoot.
    pub async fn start(addr: SocketAddr) -> Probe {
        let (mut a, mut b, game, _) =
            friends(addr, msg::new_game(Opponent::Friend).rules("26x26 fleet=1")).await;
        for c in [&mut a, &mut b] {
            c.send(msg::place(&game, ["z26"])).await;
        }
        let first = until_battle(&mut a).await;
        until_battle(&mut b).await;
        let turn = first.index();
        Probe {
            players: [a, b],
            game,
            turn,
            next: [0, 0],
            rtts: Vec::new(),
        }
    }

    /// One shot at water and its answer; the time it took.
    pub async fn shot(&mut self) -> Duration {
        let cells = all_cells(26, 26);
        let i = self.turn;
        let cell = cells[self.next[i] % (cells.len() - 1)].clone();
        self.next[i] += 1;
        let t = std::time::Instant::now();
        self.players[i].send(msg::fire(&self.game, [cell])).await;
        let answer = until!(self.players[i], ServerMsg::Shot { shots, .. } => shots);
        let rtt = t.elapsed();
        until!(self.players[1 - i], ServerMsg::Shot { .. });
        assert_eq!(answer[0].answer, Answer::Miss, "{answer:?}");
        self.turn = 1 - i;
        self.rtts.push(rtt);
        rtt
    }

    /// The player to move sinks the other's one-decker, ending the game: its id.
    pub async fn sink_the_ship(mut self) -> String {
        let i = self.turn;
        self.players[i].send(msg::fire(&self.game, ["z26"])).await;
        game_over(&mut self.players[i]).await;
        game_over(&mut self.players[1 - i]).await;
        self.game
    }

    /// Shoots every 20 ms until `attack` ends: the slowest round trip, and what the
    /// attack returned. About 600 shots at most fit in one game.
    pub async fn during<T>(&mut self, attack: tokio::task::JoinHandle<T>) -> (Duration, T) {
        let mut worst = Duration::ZERO;
        while !attack.is_finished() {
            worst = worst.max(self.shot().await);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        (worst, attack.await.expect("the attack task"))
    }
}

/// What the tests read of `frames.json`, the replay's frames: the rules in full, and
/// for each number of moves played (from none to all) what each player knew of the
/// enemy waters.
#[derive(Debug, serde::Deserialize)]
pub struct Frames {
    /// The rules.
    pub spec: RulesJson,
    /// The boards after each number of moves, as `state` gives them.
    pub frames: Vec<[TargetJson; 2]>,
}

/// The PostgreSQL URL of `SEABATTLE_TEST_POSTGRES`; unset or empty, the PostgreSQL tests
/// pass without running, and the first to ask says so.
pub fn postgres_url() -> Option<String> {
    let url = std::env::var("SEABATTLE_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty());
    static SAID: std::sync::Once = std::sync::Once::new();
    if url.is_none() {
        SAID.call_once(|| {
            eprintln!(
                "SEABATTLE_TEST_POSTGRES is not set: PostgreSQL and the cluster are not tested"
            )
        });
    }
    url
}

/// Where a test's server stores: a fresh SQLite file, or the shared PostgreSQL.
pub enum Db {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Db {
    /// Every store there is to test on here.
    pub fn all() -> Vec<Db> {
        let mut dbs = vec![Db::Sqlite(tempfile::tempdir().unwrap())];
        dbs.extend(postgres_url().map(Db::Postgres));
        dbs
    }

    /// A name new to the store (the PostgreSQL database outlives each run).
    pub fn name(&self, base: &str) -> String {
        match self {
            Db::Sqlite(_) => base.to_string(),
            Db::Postgres(_) => {
                let n = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos()
                    % 1_000_000_000;
                format!("{base}{n}")
            }
        }
    }

    /// A server on this store with a quick lobby and challenges that expire in `ttl`.
    pub async fn server(&self, ttl: Duration) -> Server {
        self.server_with(ttl, |_| {}).await
    }

    /// Where its servers store.
    pub fn url(&self) -> DbUrl {
        match self {
            Db::Sqlite(dir) => DbUrl::Sqlite(dir.path().join("games.db")),
            Db::Postgres(url) => DbUrl::Postgres(url.clone()),
        }
    }

    /// [`Db::server`], with `tweak` applied to its settings.
    pub async fn server_with(&self, ttl: Duration, tweak: impl FnOnce(&mut Config)) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let mut config = Config::new(self.url());
        config.limits = fast_limits();
        config.node = self.name("node");
        config.lobby_every = Duration::from_millis(100);
        config.challenge_ttl = ttl;
        config.arena_schedule = no_arenas();
        tweak(&mut config);
        launch(listener, config).await.unwrap()
    }
}
