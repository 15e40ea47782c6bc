//! A real server on port 0 with an SQLite file in a temp dir, and real WebSocket clients.

#![allow(dead_code, reason = "each test binary uses part of the helpers")]

use seabattle_client::{Close, Connection, Frame, msg};
use seabattle_core::Player;
use seabattle_server::{Config, DbUrl, Limits, Server, launch};
use seabattle_wire::{ClientMsg, Opponent, ServerMsg};
pub use seabattle_wire::{DutyJson, DutyKind};
use serde_json::Value;
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub mod flying;

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
    launch(listener, config).await.unwrap()
}

/// A WebSocket client that keeps every message it received, as JSON for the scans
/// that read every field, after checking that it is a message of the wire protocol.
pub struct Client {
    conn: Connection,
    /// Every message received, in order.
    pub log: Vec<Value>,
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
        assert_eq!(w["account"], name, "{w}");
        c
    }

    /// Connects to `path` (`/ws?game=ID`) and reads the `welcome`.
    pub async fn connect_to(addr: SocketAddr, path: &str) -> Client {
        Client::open(addr, path, &seabattle_client::ConnectOptions::new())
            .await
            .0
    }

    /// Connects to `path` with `options`: the client and the `welcome` it read.
    async fn open(
        addr: SocketAddr,
        path: &str,
        options: &seabattle_client::ConnectOptions,
    ) -> (Client, Value) {
        let conn = Connection::connect_with(&format!("ws://{addr}{path}"), options)
            .await
            .unwrap();
        let mut c = Client {
            conn,
            log: Vec::new(),
        };
        let w = c.recv().await;
        assert_eq!(w["type"], "welcome");
        assert_eq!(w["v"], 2);
        (c, w)
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
    pub async fn recv(&mut self) -> Value {
        self.try_recv(Duration::from_secs(10))
            .await
            .expect("no message within 10 s")
    }

    /// Logs a text frame: it must be a server message of the wire protocol.
    fn read(&mut self, t: &str) -> Value {
        if let Err(e) = ServerMsg::parse(t) {
            panic!("not a server message ({e}): {t}");
        }
        let v: Value = serde_json::from_str(t).unwrap();
        self.log.push(v.clone());
        v
    }

    /// The next message within `d`, if any.
    pub async fn try_recv(&mut self, d: Duration) -> Option<Value> {
        let t = tokio::time::timeout(d, self.conn.recv_text())
            .await
            .ok()?
            .ok()?;
        Some(self.read(&t))
    }

    /// Skips messages until one of type `ty`.
    pub async fn until(&mut self, ty: &str) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] == ty {
                return v;
            }
            assert_ne!(v["type"], "error", "while waiting for {ty}: {v}");
        }
    }

    /// Skips messages until one of the types in `types` (an error included, if asked
    /// for).
    pub async fn until_any(&mut self, types: &[&str]) -> Value {
        loop {
            let v = self.recv().await;
            if types.contains(&v["type"].as_str().unwrap_or("")) {
                return v;
            }
        }
    }

    /// Sends `m` and expects an error with `code`.
    pub async fn expect_error(&mut self, m: impl Into<ClientMsg>, code: &str) -> Value {
        self.send(m).await;
        self.expect_error_now(code).await
    }

    /// Sends the raw text `t` (a malformed message) and expects an error with `code`.
    pub async fn expect_error_raw(&mut self, t: &str, code: &str) -> Value {
        self.send_text(t).await;
        self.expect_error_now(code).await
    }

    /// Expects an error with `code` next (skipping presence and clock news).
    pub async fn expect_error_now(&mut self, code: &str) -> Value {
        loop {
            let e = self.recv().await;
            if ["presence", "clock"].contains(&e["type"].as_str().unwrap_or("")) {
                continue;
            }
            assert_eq!(e["type"], "error", "expected error {code}, got {e}");
            assert_eq!(e["code"], code, "{e}");
            assert!(!e["message"].as_str().unwrap().is_empty());
            return e;
        }
    }

    /// Reads until seat `me` must act again (a shot or reveal after which it is `me`'s
    /// turn and nothing is owed) or the game is over: the opponent's moves, the
    /// computer's included, come after the answer to one's own, not with it.
    pub async fn until_my_turn(&mut self, me: u64) -> Value {
        loop {
            let m = self.recv().await;
            let mine_now = m["next"] == me && m["duties"].as_array().is_none_or(|d| d.is_empty());
            match m["type"].as_str().unwrap() {
                "game_over" => return m,
                "shot" | "revealed" | "relocated" if mine_now => return m,
                "reveal_due" | "relocate_due" if m["player"] == me => return m,
                "error" => panic!("{m}"),
                _ => {}
            }
        }
    }

    /// The state, freshly asked for, without the presence timings.
    pub async fn state(&mut self, game: &str) -> Value {
        self.send(msg::sync(game)).await;
        let mut s = self.until("state").await;
        s.as_object_mut().unwrap().remove("presence");
        s
    }

    /// Reads until the server closes: the last JSON message, and the close frame if
    /// the connection ended with one (not with a reset).
    pub async fn read_to_close(&mut self) -> (Option<Value>, Option<Close>) {
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

/// Creates a game against the computer: (client, game id, token).
pub async fn vs_computer(addr: SocketAddr, level: &str, rules: &str) -> (Client, String, String) {
    let mut c = Client::connect(addr).await;
    c.send(msg::new_game(Opponent::Computer).level(level).rules(rules))
        .await;
    let j = c.until("joined").await;
    let game = j["game"].as_str().unwrap().to_string();
    let token = j["token"].as_str().unwrap().to_string();
    assert_eq!(j["seat"], 1);
    c.until("state").await;
    (c, game, token)
}

/// Sends a `new_game` message and returns the id of the game it made.
pub async fn create(c: &mut Client, new_game: impl Into<ClientMsg>) -> String {
    c.send(new_game).await;
    c.until("joined").await["game"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A friend game: `a` creates it with `new_game`, `b` joins it. Returns both
/// connections, the game id and `b`'s `joined` message (which carries its token).
pub async fn friends(
    addr: SocketAddr,
    new_game: impl Into<ClientMsg>,
) -> (Client, Client, String, Value) {
    let mut a = Client::connect(addr).await;
    let game = create(&mut a, new_game).await;
    let mut b = Client::connect(addr).await;
    b.send(msg::join(&game)).await;
    let joined = b.until("joined").await;
    (a, b, game, joined)
}

/// Comes back to `game` with `token` on a new connection, checks that the state is
/// `before`, and plays the game out as seat 1 on a 10×10 board: the result.
pub async fn resume_and_finish(addr: SocketAddr, game: &str, token: &str, before: &Value) -> Value {
    let mut c = Client::connect(addr).await;
    c.send(msg::resume(game, token)).await;
    c.until("joined").await;
    assert_eq!(&c.state(game).await, before);
    let result = play_out(&mut c, game, 1, 10, 10).await;
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

/// The strings of a JSON list (a fleet or cells a message carried), to send back.
pub fn texts(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v} is no list of strings: {e}"))
}

/// The items of a JSON list a message carried, read as `T`: a test compares them with
/// what it expects in Rust terms.
pub fn list<T: serde::de::DeserializeOwned>(v: &Value) -> Vec<T> {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v} is no such list: {e}"))
}

/// Seat `n` (1 or 2) as the wire names it.
pub fn player(n: u64) -> Player {
    match n {
        1 => Player::One,
        2 => Player::Two,
        _ => panic!("no seat {n}"),
    }
}

/// A duty owed by seat `n`, as messages list them.
pub fn duty(n: u64, kind: DutyKind) -> DutyJson {
    DutyJson {
        player: player(n),
        kind,
    }
}

/// Every string in `v`, recursively.
pub fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The cells named by the strings of `v` (ships expanded).
pub fn cells_in(v: &Value) -> BTreeSet<String> {
    let mut s = Vec::new();
    strings(v, &mut s);
    let looks_like_cell = |t: &str| {
        let b = t.as_bytes();
        b.len() >= 2
            && b[0].is_ascii_lowercase()
            && t[1..]
                .split(['-', '+'])
                .next()
                .is_some_and(|n| n.parse::<u8>().is_ok())
    };
    s.iter()
        .flat_map(|t| t.split_whitespace())
        .map(|t| match t.split_once(':') {
            Some((word, cell)) if PIECE_WORDS.contains(&word) => cell,
            _ => t,
        })
        .filter(|t| looks_like_cell(t))
        .flat_map(ship_cells)
        .collect()
}

/// Plays `c` (seat `me`) to the end by firing at cells in board order, answering every
/// turn and showing the first cell allowed for every reveal owed; returns the
/// `game_over` message.
pub async fn play_out(c: &mut Client, game: &str, me: u64, w: u8, h: u8) -> Value {
    let mut state = c.state(game).await;
    let mut shot: BTreeSet<String> = BTreeSet::new();
    let cells = all_cells(w, h);
    loop {
        // Cells shot for `me` count too: a dying shot of its sunk submarine.
        let board = &state["boards"][(me - 1) as usize];
        shot.extend(
            ["misses", "hits", "mines", "sweepers", "subs"]
                .iter()
                .flat_map(|k| board[*k].as_array().unwrap())
                .map(|v| v.as_str().unwrap().to_string()),
        );
        if state["phase"] == "over" {
            return state["result"].clone();
        }
        let no_duties = state["duties"].as_array().unwrap().is_empty();
        if let Some(cell) = state["reveal"]["cells"].get(0) {
            c.send(msg::reveal(game, cell.as_str().unwrap())).await;
        } else if no_duties && state["to_move"] == me {
            let due = state["shots_due"].as_u64().unwrap() as usize;
            let volley: Vec<String> = cells
                .iter()
                .filter(|x| !shot.contains(*x))
                .take(due)
                .cloned()
                .collect();
            shot.extend(volley.iter().cloned());
            c.send(msg::fire(game, &volley)).await;
        }
        // Wait for the answer to this move, or for the opponent's moves to end.
        loop {
            let m = c.recv().await;
            let mine_now = m["next"] == me && m["duties"].is_null();
            match m["type"].as_str().unwrap() {
                "game_over" => return m["result"].clone(),
                "shot" | "revealed" if mine_now => break,
                "reveal_due" => break,
                "error" => panic!("{m}"),
                _ => {}
            }
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
pub fn check_commitment(result: &Value) {
    use sha2::{Digest, Sha256};
    for i in 0..2 {
        let fleet: Vec<&str> = result["fleets"][i]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let text = format!(
            "{}:{}",
            fleet.join(" "),
            result["salts"][i].as_str().unwrap()
        );
        let hash: String = Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(result["commitments"][i], hash.as_str(), "commitment {i}");
    }
}

/// The leak scan: no message to seat `me` before the end names a cell of an enemy ship
/// or piece that `me` had not shot (or been shown) by then. A cell name alone does not
/// say which board it is on, so cells `me` knows for other reasons (its own fleet, the
/// shots at it, the halos of sunk ships) are set aside; the fields that carry them are
/// checked against what they must hold.
pub fn assert_no_leak(log: &[Value], me: u64, result: &Value) {
    let fleet_cells = |f: &Value, pieces: bool| -> BTreeSet<String> {
        f.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .filter(|s| s.contains(':') == pieces)
            .flat_map(ship_cells)
            .collect()
    };
    let side = |i: u64| &result["fleets"][(i - 1) as usize];
    let my_ships = fleet_cells(side(me), false);
    let mine: BTreeSet<String> = my_ships
        .union(&fleet_cells(side(me), true))
        .cloned()
        .collect();
    let enemy_ships = fleet_cells(side(3 - me), false);
    let enemy_pieces = fleet_cells(side(3 - me), true);
    let enemy: BTreeSet<String> = enemy_ships.union(&enemy_pieces).cloned().collect();
    let mut fired: BTreeSet<String> = BTreeSet::new();
    let mut incoming: BTreeSet<String> = BTreeSet::new();
    // Enemy cells shown to `me` after its mines and minesweepers went off.
    let mut shown: BTreeSet<String> = BTreeSet::new();
    // Cells the rules prove hold no ship, on either board: named with sunk ships.
    let mut proven: BTreeSet<String> = BTreeSet::new();
    let mut checked = 0;
    for m in log {
        if m["type"] == "game_over" || m["result"].is_object() {
            break;
        }
        if m["type"] == "shot" {
            let cells: BTreeSet<String> = m["shots"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["cell"].as_str().unwrap().to_string())
                .collect();
            let side = if m["player"] == me {
                &mut fired
            } else {
                &mut incoming
            };
            side.extend(cells);
            for s in m["shots"].as_array().unwrap() {
                if !s["ship"].is_null() {
                    let ship = cells_in(&s["ship"]);
                    assert!(ship.is_subset(side), "a sunk ship with unshot cells: {m}");
                }
            }
            let halos: BTreeSet<String> = m["shots"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|s| cells_in(&s["halo"]))
                .collect();
            if m["player"] == me {
                assert!(
                    halos.is_disjoint(&enemy_ships),
                    "a halo on an enemy ship: {m}"
                );
            }
            proven.extend(halos);
        }
        if m["type"] == "reveal_due" {
            assert!(cells_in(&m["cells"]).is_subset(&mine), "{m}");
        }
        if m["type"] == "revealed" && !m["cell"].is_null() {
            let cell = m["cell"].as_str().unwrap().to_string();
            if m["player"] == me {
                assert!(mine.contains(&cell), "{m}");
            } else {
                assert!(enemy.contains(&cell) && !fired.contains(&cell), "{m}");
                shown.insert(cell);
            }
        }
        if m["type"] == "state" {
            if !m["own"]["fleet"].is_null() {
                assert_eq!(cells_in(&m["own"]["fleet"]), mine, "own fleet: {m}");
            }
            assert!(cells_in(&m["own"]["incoming"]).is_subset(&incoming), "{m}");
            assert!(cells_in(&m["reveal"]).is_subset(&mine), "{m}");
            // Boards hold answers (cells shot) and the cells the rules prove empty,
            // which are never ship cells; and the cells shown after pieces went off.
            let answered = |b: &Value| {
                ["misses", "hits", "sunk", "mines", "sweepers", "subs"]
                    .iter()
                    .flat_map(|k| cells_in(&b[*k]))
                    .collect::<BTreeSet<String>>()
            };
            let my_view = &m["boards"][(me - 1) as usize];
            let their_view = &m["boards"][(2 - me) as usize];
            assert!(answered(my_view).is_subset(&fired), "{m}");
            assert!(answered(their_view).is_subset(&incoming), "{m}");
            assert!(cells_in(&my_view["empty"]).is_disjoint(&enemy_ships), "{m}");
            let theirs = cells_in(&their_view["empty"]);
            // A submarine may lie beside a ship, so inside its halo.
            assert!(theirs.is_disjoint(&my_ships), "{m}");
            proven.extend(theirs);
            proven.extend(cells_in(&my_view["empty"]));
            let shown_to_me: BTreeSet<String> = cells_in(&my_view["shown_ships"])
                .union(&cells_in(&my_view["shown_mines"]))
                .cloned()
                .collect();
            assert!(
                cells_in(&my_view["shown_ships"]).is_subset(&enemy_ships),
                "{m}"
            );
            assert!(
                cells_in(&my_view["shown_mines"]).is_subset(&enemy_pieces),
                "{m}"
            );
            shown.extend(shown_to_me);
            assert!(cells_in(&their_view["shown_ships"]).is_subset(&mine), "{m}");
            assert!(cells_in(&their_view["shown_mines"]).is_subset(&mine), "{m}");
        }
        for c in cells_in(m) {
            checked += 1;
            let known = fired.contains(&c)
                || incoming.contains(&c)
                || mine.contains(&c)
                || shown.contains(&c)
                || proven.contains(&c);
            assert!(
                !enemy.contains(&c) || known,
                "message {m} names enemy cell {c} before it was shot or shown"
            );
        }
    }
    assert!(checked > 0, "the scan saw no cells at all");
}

/// The spectator's scan: before the end, every cell named in any message was shot by
/// one side or the other, or is one the rules prove empty (a sunk ship's halo), so no
/// message can carry a hidden ship. The fleets in the final result confirm that the
/// proven-empty cells hold no ship on their board.
pub fn assert_spectator_sees_only_shots(log: &[Value]) {
    let mut shot: BTreeSet<String> = BTreeSet::new();
    // Proven-empty cells on the board of player 1 and of player 2.
    let mut proven: [BTreeSet<String>; 2] = Default::default();
    let mut checked = 0;
    for m in log {
        if m["type"] == "game_over" || m["result"].is_object() {
            break;
        }
        assert!(m["own"].is_null(), "a spectator got a fleet: {m}");
        assert!(m["reveal"].is_null(), "a spectator got reveal options: {m}");
        if m["type"] == "revealed" {
            assert!(m["cell"].is_null(), "a spectator saw a cell shown: {m}");
        }
        assert!(m["relocate"].is_null(), "a spectator got a move owed: {m}");
        assert_ne!(m["type"], "relocate_due", "a spectator got a move owed");
        if m["type"] == "relocated" {
            assert!(
                m["cells"].is_null(),
                "a spectator saw a ship's new place: {m}"
            );
        }
        if m["type"] == "shot" {
            let target = if m["player"] == 1 { 1 } else { 0 };
            for s in m["shots"].as_array().unwrap() {
                shot.insert(s["cell"].as_str().unwrap().to_string());
                proven[target].extend(cells_in(&s["halo"]));
            }
        }
        if m["type"] == "state" {
            // The move list of a state is shots, as the shot messages are.
            for e in m["log"].as_array().into_iter().flatten() {
                shot.insert(e["cell"].as_str().unwrap().to_string());
            }
            for b in m["boards"].as_array().unwrap() {
                assert!(list::<Value>(&b["shown_ships"]).is_empty(), "{m}");
                assert!(list::<Value>(&b["shown_mines"]).is_empty(), "{m}");
            }
            // boards[0] is what player 1 knows of player 2's waters, and the reverse.
            proven[1].extend(cells_in(&m["boards"][0]["empty"]));
            proven[0].extend(cells_in(&m["boards"][1]["empty"]));
        }
        for c in cells_in(m) {
            checked += 1;
            assert!(
                shot.contains(&c) || proven.iter().any(|p| p.contains(&c)),
                "spectator message {m} names unshot cell {c}"
            );
        }
    }
    assert!(checked > 0, "the scan saw no cells at all");
    if let Some(over) = log.iter().find(|m| m["type"] == "game_over") {
        for (i, cells) in proven.iter().enumerate() {
            let fleet: BTreeSet<String> = over["result"]["fleets"][i]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .filter(|s| !s.contains(':'))
                .flat_map(ship_cells)
                .collect();
            assert!(
                cells.is_disjoint(&fleet),
                "a proven-empty cell holds a ship"
            );
        }
    }
}

/// A game won by sinking the fleet, whose result the audit lets stand.
pub fn assert_fair_finish(result: &Value) {
    assert!(result["winner"] == 1 || result["winner"] == 2, "{result}");
    assert_eq!(result["reason"], "fleet_sunk");
    assert!(
        result["audit"]["verdict"]
            .as_str()
            .unwrap()
            .starts_with("the result stands"),
        "{result}"
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
        let battle = a.until("battle").await;
        b.until("battle").await;
        let turn = usize::from(battle["first"] == 2);
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
        let answer = self.players[i].until("shot").await;
        let rtt = t.elapsed();
        self.players[1 - i].until("shot").await;
        assert_eq!(answer["shots"][0]["answer"], "miss", "{answer}");
        self.turn = 1 - i;
        self.rtts.push(rtt);
        rtt
    }

    /// The player to move sinks the other's one-decker, ending the game: its id.
    pub async fn sink_the_ship(mut self) -> String {
        let i = self.turn;
        self.players[i].send(msg::fire(&self.game, ["z26"])).await;
        self.players[i].until("game_over").await;
        self.players[1 - i].until("game_over").await;
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
