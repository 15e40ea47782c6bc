//! Every kind of bad message gets an error on the socket and changes nothing.

use crate::common::*;
use seabattle_client::msg;
use seabattle_server::Limits;
use seabattle_wire::{ClientMsg, Opponent};

/// A friend game in battle: (player to move, the other, game id).
async fn battle(addr: std::net::SocketAddr, rules: &str) -> (Client, Client, String) {
    let (mut a, mut b, game, _) = friends(addr, msg::new_game(Opponent::Friend).rules(rules)).await;
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    let first = a.until("battle").await["first"].as_u64().unwrap();
    b.until("battle").await;
    if first == 1 {
        (a, b, game)
    } else {
        (b, a, game)
    }
}

#[tokio::test]
async fn each_bad_message_is_refused_without_change() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    // Turns alternate under hasbro: after one shot each, the first player moves again,
    // with e5 shot on each board.
    let (mut mover, mut waiter, game) = battle(server.addr(), "hasbro").await;
    for c in [&mut mover, &mut waiter] {
        c.send(msg::fire(&game, ["e5"])).await;
        c.until("shot").await;
    }
    mover.until("shot").await;
    let before = mover.state(&game).await;
    let before_w = waiter.state(&game).await;
    let fire = |cells: &[&str]| msg::fire(&game, cells);

    // Malformed messages are raw text; the others are typed, and sent as their text.
    let cases: Vec<(String, &str)> = vec![
        ("{not json".into(), "bad_json"),
        ("[1, 2]".into(), "bad_json"),
        (r#"{"type": 7}"#.into(), "bad_json"),
        (r#"{"type": "teleport"}"#.into(), "unknown_type"),
        (
            format!(r#"{{"type": "fire", "game": "{game}"}}"#),
            "bad_message",
        ),
        (
            format!(r#"{{"type": "fire", "game": "{game}", "cells": "e5"}}"#),
            "bad_message",
        ),
        (ClientMsg::Hello { v: 99 }.to_text(), "unsupported_version"),
        (fire(&["k1"]).to_text(), "off_board"),
        (fire(&["a11"]).to_text(), "off_board"),
        (fire(&["zz"]).to_text(), "off_board"),
        (fire(&["e5"]).to_text(), "already_shot"),
        (fire(&["a1", "a2"]).to_text(), "wrong_count"),
        (fire(&[]).to_text(), "wrong_count"),
        (msg::fire("abcdefghjk", ["a1"]).to_text(), "wrong_game"),
        (msg::resign("other").to_text(), "wrong_game"),
        (msg::place_random(&game).to_text(), "already_placed"),
        (msg::rematch(&game).to_text(), "not_over"),
        (msg::reveal(&game, "a1").to_text(), "no_reveal_due"),
        (
            format!(r#"{{"type": "reveal", "game": "{game}"}}"#),
            "bad_message",
        ),
        (
            format!(r#"{{"type": "reveal", "game": "{game}", "cell": ["a1"]}}"#),
            "bad_message",
        ),
    ];
    for (text, code) in cases {
        mover.expect_error_raw(&text, code).await;
    }
    waiter
        .expect_error(msg::fire(&game, ["j10"]), "not_your_turn")
        .await;
    assert_eq!(mover.state(&game).await, before);
    assert_eq!(waiter.state(&game).await, before_w);

    // Messages that need a game, from a connection in none; lobby errors.
    let mut c = Client::connect(server.addr()).await;
    c.expect_error(fire(&["a1"]), "not_in_game").await;
    c.expect_error(msg::join("nosuchgame"), "not_found").await;
    c.expect_error(msg::join("../../etc"), "not_found").await;
    c.expect_error(msg::join(&game), "game_full").await;
    c.expect_error(msg::resume(&game, "guess"), "bad_token")
        .await;
    c.expect_error(msg::new_game(Opponent::Computer).rules("12x3"), "bad_rules")
        .await;
    let e = c
        .expect_error(
            msg::new_game(Opponent::Computer).rules("classic sweepers=1"),
            "bad_rules",
        )
        .await;
    assert!(e["message"].as_str().unwrap().contains("need mines"), "{e}");
    let e = c
        .expect_error(
            msg::new_game(Opponent::Computer).rules("classic flying=yes"),
            "bad_rules",
        )
        .await;
    assert!(e["message"].as_str().unwrap().contains("flying"), "{e}");
    c.expect_error(
        msg::new_game(Opponent::Computer).level("godlike"),
        "bad_level",
    )
    .await;
    c.expect_error(msg::new_game(Opponent::Friend).clock(999999), "bad_clock")
        .await;
    c.expect_error_raw(
        r#"{"type": "new_game", "opponent": "nobody"}"#,
        "bad_message",
    )
    .await;
    // A spectator cannot play.
    c.send(msg::watch(&game)).await;
    c.until("state").await;
    c.expect_error(fire(&["a1"]), "spectator").await;
    c.expect_error(msg::resign(&game), "spectator").await;
    c.expect_error(msg::reveal(&game, "a1"), "spectator").await;
    assert_eq!(mover.state(&game).await, before);

    // A bad fleet.
    let mut f = Client::connect(server.addr()).await;
    let g2 = create(&mut f, msg::new_game(Opponent::Friend)).await;
    f.until("state").await;
    f.expect_error(msg::fire(&g2, ["a1"]), "not_started").await;
    f.expect_error(msg::reveal(&g2, "a1"), "not_started").await;
    let e = f
        .expect_error(msg::place(&g2, ["a1-d1", "a2-c2"]), "bad_fleet")
        .await;
    assert!(e["message"].as_str().unwrap().len() > 10);
    f.expect_error(msg::place(&g2, ["a1-z1"]), "bad_fleet")
        .await;
    let s = f.state(&g2).await;
    assert_eq!(list::<bool>(&s["placed"]), [false, false]);
    assert!(s["own"]["fleet"].is_null());

    // A volley naming a cell twice (salvo: ten shots to start).
    let (mut s1, _s2, g3) = battle(server.addr(), "salvo").await;
    let before3 = s1.state(&g3).await;
    let mut cells: Vec<String> = all_cells(10, 10).into_iter().take(9).collect();
    cells.push("a1".into());
    s1.expect_error(msg::fire(&g3, &cells), "repeated_cell")
        .await;
    assert_eq!(s1.state(&g3).await, before3);

    // After the game: moves are refused.
    mover.send(msg::resign(&game)).await;
    mover.until("game_over").await;
    mover.expect_error(fire(&["a1"]), "game_over").await;
    mover.expect_error(msg::resign(&game), "game_over").await;
    mover
        .expect_error(msg::reveal(&game, "a1"), "game_over")
        .await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn oversized_messages_and_floods_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        max_message_bytes: 200,
        messages_per_second: 5,
        burst: 5,
        flood_strikes: 10,
        ..Limits::default()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let mut c = Client::connect(server.addr()).await;
    let big = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(300));
    c.send_text(big).await;
    c.expect_error_now("too_large").await;
    // A burst past the limit: the first few pass, then `flood`.
    for _ in 0..8 {
        c.send(ClientMsg::Ping).await;
    }
    let mut pongs = 0;
    let mut floods = 0;
    for _ in 0..8 {
        let m = c.recv().await;
        match m["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" if m["code"] == "flood" => floods += 1,
            other => panic!("{other}: {m}"),
        }
    }
    assert!(pongs <= 5, "{pongs} pongs");
    assert!(floods >= 3, "{floods} floods");
    // Keep flooding: the server says why, sends a close frame with its reason, and
    // only then lets the socket go (regression: the connection was reset with the
    // client's messages unread, so the `flood` error never arrived).
    for _ in 0..30 {
        c.send(ClientMsg::Ping).await;
    }
    let (last, close) = c.read_to_close().await;
    let last = last.expect("a last message before the close");
    assert_eq!(last["code"], "flood", "{last}");
    assert!(
        last["message"].as_str().unwrap().contains("closing"),
        "{last}"
    );
    let close = close.expect("a close frame, not a reset");
    assert_eq!(close.code, 1008);
    assert!(close.reason.contains("flood"), "{}", close.reason);
    // A frame far over the limit closes the connection without harming the server.
    let mut d = Client::connect(server.addr()).await;
    d.send_text("x".repeat(10_000)).await;
    assert!(
        d.try_recv(std::time::Duration::from_secs(2))
            .await
            .is_none()
    );
    let mut e = Client::connect(server.addr()).await;
    e.send(ClientMsg::Ping).await;
    assert_eq!(e.recv().await["type"], "pong");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn turn_clock_passes_the_turn_and_two_timeouts_in_a_row_lose() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, game, _) =
        friends(server.addr(), msg::new_game(Opponent::Friend).clock(1)).await;
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    let first = a.until("battle").await["first"].as_u64().unwrap();
    let other = 3 - first;
    let c = a.until("clock").await;
    assert_eq!(c["player"], first);
    assert_eq!(c["seconds"], 1);
    // The state tells a reloaded page how long the running clock has left.
    let mut w = Client::connect(server.addr()).await;
    w.send(msg::watch(&game)).await;
    let left = w.until("state").await["clock_left"].as_u64();
    assert!(matches!(left, Some(0 | 1)), "{left:?}");
    // The first timeout hands the turn over, and the opponent's clock starts.
    let t = a.until("timeout").await;
    assert_eq!(
        (
            t["player"].as_u64(),
            t["strikes"].as_u64(),
            t["next"].as_u64()
        ),
        (Some(first), Some(1), Some(other))
    );
    assert_eq!(a.until("clock").await["player"], other);
    let t = a.until("timeout").await;
    assert_eq!(
        (
            t["player"].as_u64(),
            t["strikes"].as_u64(),
            t["next"].as_u64()
        ),
        (Some(other), Some(1), Some(first))
    );
    // The first player's second timeout in a row loses the game.
    let t = a.until("timeout").await;
    assert_eq!(
        (t["player"].as_u64(), t["strikes"].as_u64()),
        (Some(first), Some(2))
    );
    assert!(t["next"].is_null());
    let over = a.until("game_over").await;
    assert_eq!(over["result"]["reason"], "timeout");
    assert_eq!(over["result"]["winner"], other);
    // The result survives a restart.
    server.shutdown().await.unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut w = Client::connect(server.addr()).await;
    w.send(msg::watch(&game)).await;
    let s = w.until("state").await;
    assert_eq!(s["phase"], "over");
    assert_eq!(s["result"]["reason"], "timeout");
    assert_eq!(s["result"]["winner"], other);
    // Restoring replays both passes before the resignation: pass, pass, resign.
    assert_eq!(s["moves"], 3);
    server.shutdown().await.unwrap();
}
