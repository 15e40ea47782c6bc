//! Seed 004's mines, minesweepers and submarines between two people over real sockets:
//! reveals owed, refused and made, dying shots, restarts, clocks, and the leak scans.

use crate::common::*;
use seabattle_client::msg;
use seabattle_wire::{ClientMsg, Opponent};
use serde_json::Value;
use std::collections::BTreeSet;

/// Seat `seat`'s fleet under `rules`: the classic ships, with the fourth one-decker on
/// j3 for seat 1 and on j1 for seat 2, so that each side's submarine (j1 for seat 1,
/// j3 for seat 2) lies under an enemy one-decker.
fn fleet(seat: u64, rules: &str) -> Vec<String> {
    let mut f: Vec<&str> = vec![
        "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7",
    ];
    f.push(if seat == 1 { "j3" } else { "j1" });
    match rules {
        "mines" => f.extend(["mine:h10", "mine:j10"]),
        "submarines" => f.push(if seat == 1 { "sub:j1" } else { "sub:j3" }),
        _ => f.extend(["mine:j10", "sweeper:j8"]),
    }
    f.into_iter().map(str::to_string).collect()
}

/// The cells of seat `seat`'s ships (no pieces) under any of the rules above.
fn ship_cells_of(seat: u64) -> BTreeSet<String> {
    fleet(seat, "submarines")
        .iter()
        .filter(|w| !w.contains(':'))
        .flat_map(|w| ship_cells(w))
        .collect()
}

/// A friend game under `rules` in battle, each side's fleet from [`fleet`], watched by a
/// spectator.
struct Duel {
    /// Seats 1 and 2.
    seats: [Client; 2],
    /// A spectator.
    watcher: Client,
    game: String,
    tokens: [String; 2],
    /// Who shoots first.
    first: u64,
}

impl Duel {
    async fn start(addr: std::net::SocketAddr, rules: &str) -> Duel {
        let mut a = Client::connect(addr).await;
        a.send(msg::new_game(Opponent::Friend).rules(rules)).await;
        let j = a.until("joined").await;
        let game = j["game"].as_str().unwrap().to_string();
        let ta = j["token"].as_str().unwrap().to_string();
        a.until("state").await;
        let mut b = Client::connect(addr).await;
        b.send(msg::join(&game)).await;
        let tb = b.until("joined").await["token"]
            .as_str()
            .unwrap()
            .to_string();
        b.until("state").await;
        let mut watcher = Client::connect(addr).await;
        watcher.send(msg::watch(&game)).await;
        watcher.until("state").await;
        for (seat, c) in [(1, &mut a), (2, &mut b)] {
            c.send(msg::place(&game, fleet(seat, rules))).await;
            // The fleet as placed comes back in the state, pieces included.
            let s = c.until("state").await;
            let own: BTreeSet<String> = s["own"]["fleet"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap().to_string())
                .collect();
            assert_eq!(own, fleet(seat, rules).into_iter().collect(), "{s}");
        }
        let first = a.until("battle").await["first"].as_u64().unwrap();
        b.until("battle").await;
        watcher.until("battle").await;
        Duel {
            seats: [a, b],
            watcher,
            game,
            tokens: [ta, tb],
            first,
        }
    }

    fn shooter(&self) -> u64 {
        self.first
    }

    fn owner(&self) -> u64 {
        3 - self.first
    }

    fn seat(&mut self, p: u64) -> &mut Client {
        &mut self.seats[(p - 1) as usize]
    }

    /// `p` sends `msg` and gets the next message of type `ty`.
    async fn ask(&mut self, p: u64, msg: ClientMsg, ty: &str) -> Value {
        let c = self.seat(p);
        c.send(msg).await;
        c.until(ty).await
    }

    /// Ends the game by `p`'s resignation and runs the leak scans over every message
    /// each connection got; the result.
    async fn resign_and_scan(mut self, p: u64) -> Value {
        let game = self.game.clone();
        self.seat(p).send(msg::resign(&game)).await;
        let mut result = Value::Null;
        for c in &mut self.seats {
            result = c.until("game_over").await["result"].clone();
        }
        self.watcher.until("game_over").await;
        check_commitment(&result);
        for (i, c) in self.seats.iter().enumerate() {
            assert_no_leak(&c.log, i as u64 + 1, &result);
        }
        assert_spectator_sees_only_shots(&self.watcher.log);
        result
    }
}

/// Checks the broadcast of a volley of one shot at `cell` answered `answer` by `p`.
fn assert_shot(m: &Value, p: u64, cell: &str, answer: &str) {
    assert_eq!(m["type"], "shot", "{m}");
    assert_eq!(m["player"], p, "{m}");
    assert_eq!(m["shots"][0]["cell"], cell, "{m}");
    assert_eq!(m["shots"][0]["answer"], answer, "{m}");
}

#[tokio::test]
async fn a_mine_makes_the_shooter_show_a_ship_cell_that_the_owner_then_hits() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut d = Duel::start(server.addr(), "mines").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    let fire = |cell: &str| msg::fire(&game, [cell]);
    let reveal = |cell: &str| msg::reveal(&game, cell);

    // «Мина!»: the turn passes to the owner, who waits for the shooter's reveal.
    let m = d.ask(s, fire("h10"), "shot").await;
    assert_shot(&m, s, "h10", "mine");
    assert_eq!(m["next"], o);
    assert_eq!(
        list::<DutyJson>(&m["duties"]),
        [duty(s, DutyKind::ShipCell)]
    );
    let due = d.seat(s).until("reveal_due").await;
    assert_eq!(
        (due["kind"].as_str(), due["player"].as_u64()),
        (Some("ship_cell"), Some(s))
    );
    let options: BTreeSet<String> = due["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(options, ship_cells_of(s));
    let st = d.seat(s).state(&game).await;
    assert_eq!(st["reveal"]["kind"], "ship_cell");
    assert_eq!(st["reveal"]["cells"], due["cells"]);
    assert_eq!(st["duties"], m["duties"]);
    let ost = d.seat(o).state(&game).await;
    assert!(ost["reveal"].is_null(), "{ost}");
    assert_eq!(
        list::<String>(&ost["boards"][(s - 1) as usize]["mines"]),
        ["h10"]
    );

    // Nobody shoots until it is made; only the shooter may make it, with a ship cell.
    d.seat(o).expect_error(fire("a1"), "reveal_due").await;
    d.seat(s).expect_error(fire("a1"), "reveal_due").await;
    let e = d.seat(o).expect_error(reveal("a1"), "no_reveal_due").await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains(&format!("player {s} owes")),
        "{e}"
    );
    let e = d
        .seat(s)
        .expect_error(reveal("h10"), "not_revealable")
        .await;
    assert!(e["message"].as_str().unwrap().contains("ship"), "{e}");
    d.seat(s).expect_error(reveal("i9"), "not_revealable").await;
    d.seat(s).expect_error(reveal("z99"), "off_board").await;
    d.seat(s)
        .expect_error_raw(
            &format!(r#"{{"type": "reveal", "game": "{game}"}}"#),
            "bad_message",
        )
        .await;
    d.seat(s)
        .expect_error(msg::reveal("abcdefghjk", "a1"), "wrong_game")
        .await;
    d.watcher.until("shot").await;
    d.watcher.expect_error(reveal("a1"), "spectator").await;
    assert_eq!(d.seat(s).state(&game).await, st);

    // The reveal: both players learn the cell, the spectator only that it was made.
    let shown = d.ask(s, reveal("a1"), "revealed").await;
    for m in [shown.clone(), d.seat(o).until("revealed").await] {
        assert_eq!(m["cell"], "a1", "{m}");
        assert_eq!(m["player"], s);
        assert_eq!(m["kind"], "ship_cell");
        assert_eq!(m["next"], o);
        assert_eq!(m["number"], 2);
        assert!(m["duties"].is_null(), "{m}");
    }
    let w = d.watcher.until("revealed").await;
    assert!(w["cell"].is_null(), "{w}");
    assert_eq!(w["player"], s);
    d.seat(s).expect_error(reveal("a2"), "no_reveal_due").await;
    let ost = d.seat(o).state(&game).await;
    assert_eq!(
        list::<String>(&ost["boards"][(o - 1) as usize]["shown_ships"]),
        ["a1"]
    );
    assert!(list::<Value>(&ost["duties"]).is_empty());
    let wst = d.watcher.state(&game).await;
    assert!(list::<Value>(&wst["boards"][(o - 1) as usize]["shown_ships"]).is_empty());

    // The owner shoots the cell shown: a hit, and (classic) the owner shoots again.
    let m = d.ask(o, fire("a1"), "shot").await;
    assert_shot(&m, o, "a1", "hit");
    assert_eq!(m["next"], o);
    assert_eq!(m["number"], 3);
    let result = d.resign_and_scan(s).await;
    assert_eq!(result["winner"], o);
    assert!(
        result["fleets"][(s - 1) as usize]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "mine:h10")
    );
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("Mine!") && body.contains("shows a1"),
        "{body}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_minesweeper_makes_the_shooter_show_a_mine() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut d = Duel::start(server.addr(), "classic mines=1 sweepers=1").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    let m = d.ask(s, msg::fire(&game, ["j8"]), "shot").await;
    assert_shot(&m, s, "j8", "sweeper");
    assert_eq!(list::<DutyJson>(&m["duties"]), [duty(s, DutyKind::Mine)]);
    let due = d.seat(s).until("reveal_due").await;
    assert_eq!(
        (due["kind"].as_str(), list::<String>(&due["cells"])),
        (Some("mine"), vec!["j10".to_string()])
    );
    d.seat(s)
        .expect_error(msg::reveal(&game, "a1"), "not_revealable")
        .await;
    let r = d.ask(s, msg::reveal(&game, "j10"), "revealed").await;
    assert_eq!(
        (r["kind"].as_str(), r["cell"].as_str()),
        (Some("mine"), Some("j10"))
    );
    let ost = d.seat(o).state(&game).await;
    let board = &ost["boards"][(o - 1) as usize];
    assert_eq!(list::<String>(&board["shown_mines"]), ["j10"]);
    assert!(list::<Value>(&board["sweepers"]).is_empty());
    assert_eq!(
        list::<String>(&ost["boards"][(s - 1) as usize]["sweepers"]),
        ["j8"]
    );
    assert_eq!(ost["to_move"], o);
    d.resign_and_scan(o).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_sunk_submarine_fires_a_dying_shot_that_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut d = Duel::start(server.addr(), "submarines").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    // The owner's submarine lies under the shooter's one-decker (see `fleet`).
    let sub = if o == 1 { "j1" } else { "j3" };
    let m = d.ask(s, msg::fire(&game, [sub]), "shot").await;
    assert_shot(&m, s, sub, "sub");
    assert_eq!(
        (m["number"].as_u64(), m["next"].as_u64()),
        (Some(1), Some(s))
    );
    assert!(m["dying"].is_null());
    let dying = d.seat(s).until("shot").await;
    assert_shot(&dying, o, sub, "sunk");
    assert_eq!(dying["dying"], true);
    assert_eq!(dying["number"], 2);
    assert_eq!(list::<String>(&dying["shots"][0]["ship"]), [sub]);
    assert!(!dying["shots"][0]["halo"].as_array().unwrap().is_empty());
    for c in [&mut d.seats[(o - 1) as usize], &mut d.watcher] {
        c.until("shot").await;
        assert_eq!(c.until("shot").await["dying"], true);
    }
    let before = [d.seat(1).state(&game).await, d.seat(2).state(&game).await];
    assert_eq!(before[0]["moves"], 2);
    assert_eq!(
        list::<Vec<String>>(&before[(o - 1) as usize]["boards"][(o - 1) as usize]["sunk"]),
        [[sub]]
    );
    assert_eq!(
        list::<String>(&before[(s - 1) as usize]["boards"][(s - 1) as usize]["subs"]),
        [sub]
    );

    server.shutdown().await.unwrap();
    let server = start(&db).await;
    let mut d2 = Vec::new();
    for p in [1u64, 2] {
        let mut c = Client::connect(server.addr()).await;
        c.send(msg::resume(&game, &d.tokens[(p - 1) as usize]))
            .await;
        c.until("joined").await;
        assert_eq!(c.state(&game).await, before[(p - 1) as usize]);
        d2.push(c);
    }
    // The game goes on: the shooter's submarine hit shoots again.
    let c = &mut d2[(s - 1) as usize];
    c.send(msg::fire(&game, ["i10"])).await;
    let m = c.until("shot").await;
    assert_eq!(
        (m["number"].as_u64(), m["shots"][0]["answer"].as_str()),
        (Some(3), Some("miss"))
    );
    c.send(msg::resign(&game)).await;
    c.until("game_over").await;
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(&format!("torpedo {sub} Sunk!")), "{body}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_restart_while_a_reveal_is_owed_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut d = Duel::start(server.addr(), "mines").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    d.ask(s, msg::fire(&game, ["j10"]), "reveal_due").await;
    d.watcher.until("shot").await;
    let before = [d.seat(1).state(&game).await, d.seat(2).state(&game).await];
    assert!(before[(s - 1) as usize]["reveal"].is_object());
    server.shutdown().await.unwrap();

    let server = start(&db).await;
    let mut seats = Vec::new();
    for p in [1u64, 2] {
        let mut c = Client::connect(server.addr()).await;
        // The same people as before: the leak scans read what they got all along.
        c.log = std::mem::take(&mut d.seat(p).log);
        c.send(msg::resume(&game, &d.tokens[(p - 1) as usize]))
            .await;
        c.until("joined").await;
        assert_eq!(c.state(&game).await, before[(p - 1) as usize]);
        seats.push(c);
    }
    let [a, b] = <[Client; 2]>::try_from(seats).ok().unwrap();
    let mut watcher = Client::connect(server.addr()).await;
    watcher.log = std::mem::take(&mut d.watcher.log);
    let mut d = Duel {
        seats: [a, b],
        watcher,
        game: game.clone(),
        tokens: d.tokens,
        first: s,
    };
    d.watcher.send(msg::watch(&game)).await;
    d.watcher.until("state").await;
    let shown = d.ask(s, msg::reveal(&game, "e3"), "revealed").await;
    assert_eq!(shown["number"], 2);
    let m = d.ask(o, msg::fire(&game, ["e3"]), "shot").await;
    assert_shot(&m, o, "e3", "hit");
    d.resign_and_scan(s).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_clock_running_out_on_a_reveal_owed_makes_the_server_show_a_cell() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut a = Client::connect(server.addr()).await;
    a.send(msg::new_game(Opponent::Friend).rules("mines").clock(1))
        .await;
    let game = a.until("joined").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::join(&game)).await;
    b.until("joined").await;
    for (p, c) in [(1, &mut a), (2, &mut b)] {
        c.send(msg::place(&game, fleet(p, "mines"))).await;
    }
    let s = a.until("battle").await["first"].as_u64().unwrap();
    let shooter = if s == 1 { &mut a } else { &mut b };
    shooter.send(msg::fire(&game, ["h10"])).await;
    shooter.until("reveal_due").await;
    // The clock now runs on the shooter, who owes the reveal.
    assert_eq!(shooter.until("clock").await["player"], s);
    let t = shooter.until("timeout").await;
    assert_eq!(
        (t["player"].as_u64(), t["strikes"].as_u64()),
        (Some(s), Some(1))
    );
    let r = shooter.until("revealed").await;
    assert_eq!(r["by_server"], true);
    assert_eq!(r["player"], s);
    // Seat 1 with j3, seat 2 with j1: the computer's choice is a cell of the largest
    // ship, a1-d1.
    let cell = r["cell"].as_str().unwrap().to_string();
    assert!(ship_cells("a1-d1").contains(&cell), "{r}");
    let before = a.state(&game).await;
    assert_eq!(before["strikes"][(s - 1) as usize], 1);
    server.shutdown().await.unwrap();
    // The timeout row carries the cell: a restart shows the same.
    let server = start(&db).await;
    let mut w = Client::connect(server.addr()).await;
    w.send(msg::watch(&game)).await;
    let st = w.until("state").await;
    // (Unless the owner's clock ran out in between, which the state would show.)
    assert_eq!(st["moves"], before["moves"]);
    assert_eq!(st["strikes"], before["strikes"]);
    assert!(list::<Value>(&st["duties"]).is_empty());
    server.shutdown().await.unwrap();
}
