//! The Flying Dutchman over real sockets: the move owed after a hit, refused in every
//! way and then made, the new place kept from the opponent and the spectators, restarts
//! (mid-game and while a move is owed), a clock running out on a move, and a whole game
//! against the computer and against a bot program.

use crate::common::flying::*;
use crate::common::*;
use seabattle_client::msg;
use seabattle_wire::{ClientMsg, Opponent, RelocateJson};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Seat `seat`'s ship: six decks along row 1 (seat 1) or row 20 (seat 2).
fn ship(seat: u64) -> &'static str {
    if seat == 1 { "a1-f1" } else { "a20-f20" }
}

/// The place the owner moves to after hit `n` (0-based): a straight line of `decks`
/// cells in row 3, 5, 7, … for seat 1 and 18, 16, … for seat 2, from column a.
fn place(seat: u64, n: usize, decks: usize) -> Vec<String> {
    let row = if seat == 1 { 3 + 2 * n } else { 18 - 2 * n };
    (0..decks)
        .map(|c| format!("{}{row}", (b'a' + c as u8) as char))
        .collect()
}

/// A friend game of the `dutchman` preset (with `extra` settings) in battle, watched.
struct Duel {
    seats: [Client; 2],
    watcher: Client,
    game: String,
    tokens: [String; 2],
    first: u64,
}

impl Duel {
    async fn start(addr: std::net::SocketAddr, new_game: impl Into<ClientMsg>) -> Duel {
        let (mut a, mut b, game, joined) = friends(addr, new_game).await;
        let ta = a.log.iter().find(|m| m["type"] == "joined").unwrap()["token"]
            .as_str()
            .unwrap()
            .to_string();
        let tb = joined["token"].as_str().unwrap().to_string();
        a.until("state").await;
        b.until("state").await;
        let mut watcher = Client::connect(addr).await;
        watcher.send(msg::watch(&game)).await;
        watcher.until("state").await;
        for (seat, c) in [(1, &mut a), (2, &mut b)] {
            c.send(msg::place(&game, [ship(seat)])).await;
            let s = c.until("state").await;
            assert_eq!(list::<String>(&s["own"]["fleet"]), [ship(seat)], "{s}");
            assert_eq!(s["spec"]["flying"], true, "{s}");
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

    fn seat(&mut self, p: u64) -> &mut Client {
        &mut self.seats[(p - 1) as usize]
    }

    /// `p` sends `msg` and gets the next message of type `ty`.
    async fn ask(&mut self, p: u64, msg: ClientMsg, ty: &str) -> Value {
        let c = self.seat(p);
        c.send(msg).await;
        c.until(ty).await
    }

    /// `p` fires at `cell`: the `shot` as `p` got it (the spectator reads it too).
    async fn fire(&mut self, p: u64, cell: &str) -> Value {
        let game = self.game.clone();
        let m = self.ask(p, msg::fire(&game, [cell]), "shot").await;
        assert_eq!(self.watcher.until("shot").await["shots"], m["shots"]);
        m
    }

    /// Comes back after a restart: both seats resume (keeping what they got so far, for
    /// the leak scans) and the spectator watches again.
    async fn reconnect(&mut self, addr: std::net::SocketAddr) {
        let game = self.game.clone();
        for p in [1u64, 2] {
            let mut c = Client::connect(addr).await;
            c.log = std::mem::take(&mut self.seat(p).log);
            c.send(msg::resume(&game, &self.tokens[(p - 1) as usize]))
                .await;
            c.until("joined").await;
            c.until("state").await;
            self.seats[(p - 1) as usize] = c;
        }
        let mut w = Client::connect(addr).await;
        w.log = std::mem::take(&mut self.watcher.log);
        w.send(msg::watch(&game)).await;
        w.until("state").await;
        self.watcher = w;
    }

    /// Ends the game by `p`'s resignation, or takes the `game_over` already sent, and
    /// runs the leak scans over every message each connection got; the result.
    async fn finish_and_scan(mut self, addr: std::net::SocketAddr, resign: Option<u64>) -> Value {
        let game = self.game.clone();
        if let Some(p) = resign {
            self.seat(p).send(msg::resign(&game)).await;
        }
        let mut result = Value::Null;
        for c in self.seats.iter_mut().chain([&mut self.watcher]) {
            // (A game a clock ended first refuses the resignation.)
            while !c.log.iter().any(|m| m["type"] == "game_over") {
                let m = c.recv().await;
                assert!(m["type"] != "error" || m["code"] == "game_over", "{m}");
            }
            result = c.log.iter().find(|m| m["type"] == "game_over").unwrap()["result"].clone();
        }
        check_commitment(&result);
        assert!(
            result["audit"]["verdict"]
                .as_str()
                .unwrap()
                .starts_with("the result stands"),
            "{result}"
        );
        let (status, body) = http_get(addr, &format!("/games/{game}/record.json")).await;
        assert_eq!(status, 200, "{body}");
        let record: Value = serde_json::from_str(&body).unwrap();
        for (i, c) in self.seats.iter().enumerate() {
            assert_no_leak_flying(&c.log, i as u64 + 1, &record);
        }
        assert_spectator_sees_only_shots(&self.watcher.log);
        result
    }
}

#[tokio::test]
async fn a_hit_owes_a_move_that_is_refused_in_every_way_then_made_in_secret() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut d = Duel::start(addr, msg::new_game(Opponent::Friend).rules("dutchman")).await;
    let (s, o, game) = (d.first, 3 - d.first, d.game.clone());
    let target = ship(o)[..ship(o).find('-').unwrap()].to_string();
    let m = d.fire(s, &target).await;
    assert_eq!(m["shots"][0]["answer"], "hit", "{m}");
    assert_eq!(
        list::<DutyJson>(&m["duties"]),
        [duty(o, DutyKind::Relocate)],
        "{m}"
    );
    assert_eq!(m["next"], s, "hit again, once the ship has moved: {m}");
    let due = d.seat(o).until("relocate_due").await;
    assert_eq!(
        (due["decks"].as_u64(), list::<String>(&due["lost"])),
        (Some(5), vec![target.clone()]),
        "{due}"
    );

    // Nobody shoots until the ship has moved; only its owner moves it.
    let fire = msg::fire(&game, ["j10"]);
    let e = d.seat(s).expect_error(fire.clone(), "relocate_due").await;
    assert!(
        e["message"].as_str().unwrap().contains("move their ship"),
        "{e}"
    );
    d.seat(o).expect_error(fire, "relocate_due").await;
    let mv = |cells: &[&str]| msg::relocate(&game, cells);
    let e = d
        .seat(s)
        .expect_error(mv(&["j10"]), "no_relocate_due")
        .await;
    assert!(
        e["message"].as_str().unwrap().contains("owe no move"),
        "{e}"
    );
    d.watcher.expect_error(mv(&["j10"]), "spectator").await;
    let e = d
        .seat(o)
        .expect_error(msg::reveal(&game, "j10"), "no_reveal_due")
        .await;
    assert!(e["message"].as_str().unwrap().contains("relocate"), "{e}");

    // Each illegal place is refused with the rules engine's reason.
    let refusals = [
        (
            vec!["j10", "j11", "j12", "j13"],
            "wrong_count",
            "5 decks left, not 4",
        ),
        (
            vec!["j10", "j11", "j13", "j14", "j15"],
            "not_a_path",
            "not a chain",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "j10"],
            "repeated_cell",
            "named twice",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "u14"],
            "off_board",
            "relocate",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "j21"],
            "off_board",
            "relocate",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "nonsense"],
            "off_board",
            "relocate",
        ),
    ];
    for (cells, code, why) in refusals {
        let e = d.seat(o).expect_error(mv(&cells), code).await;
        assert!(
            e["message"].as_str().unwrap().contains(why),
            "{cells:?}: {e}"
        );
    }
    // A cell shot already: the deck hit stays behind.
    let e = d
        .seat(o)
        .expect_error(
            mv(&[target.as_str(), "b5", "c5", "d5", "e5"]),
            "already_shot",
        )
        .await;
    assert!(
        e["message"].as_str().unwrap().contains("shot already"),
        "{e}"
    );
    d.seat(o)
        .expect_error_raw(
            &format!(r#"{{"type": "relocate", "game": "{game}", "cells": "j10"}}"#),
            "bad_message",
        )
        .await;

    // The owner's state says what is owed; the spectator's does not.
    let st = d.seat(o).state(&game).await;
    assert_eq!(
        st["relocate"],
        serde_json::to_value(RelocateJson {
            decks: 5,
            lost: vec![target.clone()],
        })
        .unwrap(),
        "{st}"
    );
    assert_eq!(
        list::<DutyJson>(&st["duties"]),
        [duty(o, DutyKind::Relocate)]
    );
    assert!(d.seat(s).state(&game).await["relocate"].is_null());

    // Made: the owner hears the new place, the shooter and the spectator only the move.
    let new_place = ["k10", "l11", "m12", "n13", "o14"];
    d.seat(o).send(mv(&new_place)).await;
    let to_owner = d.seat(o).until("relocated").await;
    assert_eq!(list::<String>(&to_owner["cells"]), new_place, "{to_owner}");
    assert_eq!(
        (to_owner["player"].as_u64(), to_owner["number"].as_u64()),
        (Some(o), Some(2))
    );
    assert_eq!(to_owner["next"], s);
    assert!(to_owner["duties"].is_null(), "{to_owner}");
    let Duel { seats, watcher, .. } = &mut d;
    for c in [&mut seats[(s - 1) as usize], watcher] {
        let m = c.until("relocated").await;
        assert!(m["cells"].is_null(), "{m}");
        assert_eq!(m["player"], o);
    }
    let own = d.seat(o).state(&game).await;
    assert_eq!(
        list::<String>(&own["own"]["fleet"]),
        ["k10+l11+m12+n13+o14"],
        "{own}"
    );
    assert_eq!(
        list::<String>(&own["own"]["lost"]),
        std::slice::from_ref(&target)
    );
    assert!(own["relocate"].is_null());
    let theirs = d.seat(s).state(&game).await;
    let board = &theirs["boards"][(s - 1) as usize];
    assert_eq!(
        (
            list::<String>(&board["hits"]),
            list::<String>(&board["left"])
        ),
        (vec![target.clone()], vec![target.clone()])
    );
    assert_eq!(list::<u64>(&board["afloat"]), [5]);
    // Moving again is not owed; the shooter fires again (a hit shoots again).
    d.seat(o)
        .expect_error(mv(&["a10", "b10", "c10", "d10", "e10"]), "no_relocate_due")
        .await;
    let m = d.fire(s, "k10").await;
    assert_eq!(m["shots"][0]["answer"], "hit", "{m}");
    d.finish_and_scan(addr, Some(o)).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_game_survives_restarts_mid_game_and_while_a_move_is_owed_to_the_last_deck() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut server = start(&db).await;
    let mut d = Duel::start(
        server.addr(),
        msg::new_game(Opponent::Friend).rules("dutchman"),
    )
    .await;
    let (s, o, game) = (d.first, 3 - d.first, d.game.clone());
    let mut here: Vec<String> = ship_cells(ship(o));
    for n in 0..6 {
        let m = d.fire(s, &here[0].clone()).await;
        if n == 5 {
            assert_eq!(m["shots"][0]["answer"], "sunk", "{m}");
            break;
        }
        assert_eq!(m["shots"][0]["answer"], "hit", "{m}");
        let decks = here.len() - 1;
        assert_eq!(d.seat(o).until("relocate_due").await["decks"], decks);
        if n % 2 == 0 {
            // A restart while the move is owed: the duty comes back, and the clock.
            let before = [d.seat(1).state(&game).await, d.seat(2).state(&game).await];
            server.shutdown().await.unwrap();
            server = start(&db).await;
            d.reconnect(server.addr()).await;
            for p in [1u64, 2] {
                assert_eq!(d.seat(p).state(&game).await, before[(p - 1) as usize]);
            }
        }
        here = place(o, n, decks);
        d.seat(o).send(msg::relocate(&game, &here)).await;
        assert_eq!(
            list::<String>(&d.seat(o).until("relocated").await["cells"]),
            here
        );
        d.seat(s).until("relocated").await;
        d.watcher.until("relocated").await;
        if n % 2 == 1 {
            // A restart after the move: the ship is where it went.
            let before = d.seat(o).state(&game).await;
            server.shutdown().await.unwrap();
            server = start(&db).await;
            d.reconnect(server.addr()).await;
            let after = d.seat(o).state(&game).await;
            assert_eq!(after, before);
            assert_eq!(
                cells_in(&after["own"]["fleet"]),
                here.iter().cloned().collect()
            );
        }
    }
    let result = d.finish_and_scan(server.addr(), None).await;
    assert_eq!(
        (result["winner"].as_u64(), result["reason"].as_str()),
        (Some(s), Some("fleet_sunk"))
    );
    // The fleets as placed (the commitment) and where they stood at the end.
    assert_eq!(
        list::<String>(&result["fleets"][(o - 1) as usize]),
        [ship(o)]
    );
    let at_end = cells_in(&result["fleets_at_end"][(o - 1) as usize]);
    assert_eq!(at_end, here.iter().cloned().collect(), "{result}");
    // The record has the five moves, and replays to the same end.
    let (_, txt) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(txt.matches(" moves ").count(), 5, "{txt}");
    let first = place(o, 0, 5);
    assert!(
        txt.contains(&format!("p{o} moves {}-{}", first[0], first[4])),
        "{txt}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_clock_running_out_on_a_move_owed_makes_the_server_move_the_ship() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut d = Duel::start(
        server.addr(),
        msg::new_game(Opponent::Friend).rules("dutchman").clock(1),
    )
    .await;
    let (s, o, game) = (d.first, 3 - d.first, d.game.clone());
    let target = ship_cells(ship(o))[2].clone();
    d.fire(s, &target).await;
    d.seat(o).until("relocate_due").await;
    // The clock now runs on the owner, who owes the move.
    assert_eq!(d.seat(o).until("clock").await["player"], o);
    let t = d.seat(o).until("timeout").await;
    assert_eq!(
        (
            t["player"].as_u64(),
            t["strikes"].as_u64(),
            t["next"].as_u64()
        ),
        (Some(o), Some(1), Some(s))
    );
    let moved = d.seat(o).until("relocated").await;
    assert_eq!(moved["by_server"], true, "{moved}");
    let cells = cells_in(&moved["cells"]);
    assert_eq!(cells.len(), 5, "{moved}");
    assert!(!cells.contains(&target), "{moved}");
    let Duel { seats, watcher, .. } = &mut d;
    for c in [&mut seats[(s - 1) as usize], watcher] {
        let m = c.until("relocated").await;
        assert_eq!(m["by_server"], true);
        assert!(m["cells"].is_null(), "{m}");
    }
    let before = d.seat(o).state(&game).await;
    assert_eq!(cells_in(&before["own"]["fleet"]), cells);
    assert_eq!(before["strikes"][(o - 1) as usize], 1);
    server.shutdown().await.unwrap();
    // The timeout row carries the place: a restart puts the ship there again. (The
    // clocks run on meanwhile and may pass turns, or end the game on a second strike;
    // nothing hits the ship.)
    let server = start(&db).await;
    d.reconnect(server.addr()).await;
    let after = d.seat(o).state(&game).await;
    assert_eq!(after["own"]["fleet"], before["own"]["fleet"], "{after}");
    assert!(list::<Value>(&after["duties"]).is_empty());
    d.finish_and_scan(server.addr(), Some(s)).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_whole_game_against_the_computer_ends_with_a_fair_audit() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "hard", "dutchman").await;
    c.send(msg::place_random(&game)).await;
    c.until("battle").await;
    // The coach's map of a lone ship that moves: drawn paths, not counted placements.
    c.send(msg::coach(&game)).await;
    let coach = c.until("coach").await;
    assert_eq!(coach["weights"].as_array().unwrap().len(), 400, "{coach}");
    assert!(!coach["best"].as_array().unwrap().is_empty(), "{coach}");
    let result = play_to_the_end(&mut c, &game).await;
    assert_fair_finish(&result);
    check_commitment(&result);
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.json")).await;
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&body).unwrap();
    assert_no_leak_flying(&c.log, 1, &record);
    let computer_moves = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["relocate"].is_string() && m["player"] == 2)
        .count();
    assert!(computer_moves > 0 || result["winner"] == 2, "{record}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_bot_program_moves_its_ship_through_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let (heard, said) = (dir.path().join("heard"), dir.path().join("said"));
    let bot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bot.py");
    let pybot = format!(
        "tee '{}' | python3 '{}' | tee '{}'",
        heard.display(),
        bot.display(),
        said.display()
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config =
        seabattle_server::Config::new(seabattle_server::DbUrl::Sqlite(dir.path().join("games.db")));
    config.limits = fast_limits();
    config.add_bot("pybot", &pybot).unwrap();
    let server = seabattle_server::launch(listener, config).await.unwrap();
    let presets = Client::connect(server.addr()).await.log[0]["presets"].clone();
    assert!(
        presets.as_array().unwrap().iter().any(|p| p == "dutchman"),
        "{presets}"
    );
    // Seat 1 fires in board order; the program may win before its ship is reached, so
    // games are played until one has moved it (regression: one game alone was flaky).
    let mut moved = 0;
    for _ in 0..4 {
        let (mut c, game, _) = vs_computer(server.addr(), "pybot", "dutchman fleet=5").await;
        c.send(msg::place_random(&game)).await;
        c.until("battle").await;
        let result = play_to_the_end(&mut c, &game).await;
        assert_fair_finish(&result);
        let (_, body) = http_get(server.addr(), &format!("/games/{game}/record.json")).await;
        let record: Value = serde_json::from_str(&body).unwrap();
        assert_no_leak_flying(&c.log, 1, &record);
        // Each move stored for the program is where the program said.
        let stored: Vec<BTreeSet<String>> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["player"] == 2)
            .filter_map(|m| m["relocate"].as_str())
            .map(|t| ship_cells(t).into_iter().collect())
            .collect();
        let said = std::fs::read_to_string(&said).unwrap();
        let answered: Vec<BTreeSet<String>> = said
            .lines()
            .filter_map(|l| l.strip_prefix("ship "))
            .map(|t| ship_cells(t).into_iter().collect())
            .collect();
        assert_eq!(answered, stored, "{said}");
        moved += stored.len();
        if moved > 0 {
            break;
        }
    }
    assert!(moved > 0, "the program's ship was never hit in four games");
    let heard = std::fs::read_to_string(&heard).unwrap();
    assert!(heard.contains("\"flying\":true"), "{heard}");
    assert!(heard.contains("\nmove 4\n"), "{heard}");
    server.shutdown().await.unwrap();
}

/// Plays seat 1 of `game` against the computer to the end: firing in board order, and
/// moving its hit ship half the time to a place of its own, half by the server's draw.
async fn play_to_the_end(c: &mut Client, game: &str) -> Value {
    let cells = all_cells(20, 20);
    let mut shot: BTreeSet<String> = BTreeSet::new();
    let mut moves = 0;
    loop {
        let st = c.state(game).await;
        if st["phase"] == "over" {
            return st["result"].clone();
        }
        if st["relocate"].is_object() {
            // Half the moves by the server's draw, half to a place of our own.
            let decks = st["relocate"]["decks"].as_u64().unwrap() as usize;
            let incoming = cells_in(&st["own"]["incoming"]);
            let mine = free_line(&incoming, decks).filter(|_| moves % 2 == 0);
            c.send(ClientMsg::Relocate {
                game: game.to_string(),
                cells: mine,
            })
            .await;
            c.until("relocated").await;
            moves += 1;
            continue;
        }
        if st["to_move"] == 1 && list::<Value>(&st["duties"]).is_empty() {
            let cell = cells.iter().find(|x| !shot.contains(*x)).unwrap().clone();
            shot.insert(cell.clone());
            c.send(msg::fire(game, [cell])).await;
        }
        // Until the computer has moved (its shots and its ship's moves) or the game ends.
        loop {
            let m = c.recv().await;
            assert_ne!(m["type"], "error", "{m}");
            let mine_now = m["next"] == 1 && m["duties"].is_null();
            match m["type"].as_str().unwrap() {
                "game_over" | "relocate_due" => break,
                "shot" | "relocated" if mine_now => break,
                _ => {}
            }
        }
    }
}

/// A straight line of `decks` cells on no cell of `shot`, scanning rows from the top.
fn free_line(shot: &BTreeSet<String>, decks: usize) -> Option<Vec<String>> {
    for row in (1..=20).rev() {
        for start in 0..=(20 - decks) {
            let line: Vec<String> = (start..start + decks)
                .map(|c| format!("{}{row}", (b'a' + c as u8) as char))
                .collect();
            if line.iter().all(|c| !shot.contains(c)) {
                return Some(line);
            }
        }
    }
    None
}
