//! Every kind of bad message gets an error on the socket and changes nothing.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{Phase, Player};
use seabattle_server::Limits;
use seabattle_wire::{ClientMsg, EndReason, Opponent};

/// A friend game in battle: (player to move, the other, game id).
async fn battle(addr: std::net::SocketAddr, rules: &str) -> (Client, Client, String) {
    let (mut a, mut b, game, _) = friends(addr, msg::new_game(Opponent::Friend).rules(rules)).await;
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    let first = until_battle(&mut a).await;
    until_battle(&mut b).await;
    if first == Player::One {
        (a, b, game)
    } else {
        (b, a, game)
    }
}

/// The next `timeout`: whose clock ran out, the strikes, who moves now.
async fn timeout(c: &mut Client) -> (Player, u8, Option<Player>) {
    until!(c, ServerMsg::Timeout { player, strikes, next, .. } => (player, strikes, next))
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
        until!(c, ServerMsg::Shot { .. });
    }
    until!(mover, ServerMsg::Shot { .. });
    let before = mover.state(&game).await;
    let before_w = waiter.state(&game).await;
    let fire = |cells: &[&str]| msg::fire(&game, cells);

    // Malformed messages are raw text; the others are typed, and sent as their text.
    let cases: Vec<(String, ErrorCode)> = vec![
        ("{not json".into(), ErrorCode::BadJson),
        ("[1, 2]".into(), ErrorCode::BadJson),
        (r#"{"type": 7}"#.into(), ErrorCode::BadJson),
        (r#"{"type": "teleport"}"#.into(), ErrorCode::UnknownType),
        (
            format!(r#"{{"type": "fire", "game": "{game}"}}"#),
            ErrorCode::BadMessage,
        ),
        (
            format!(r#"{{"type": "fire", "game": "{game}", "cells": "e5"}}"#),
            ErrorCode::BadMessage,
        ),
        (
            ClientMsg::Hello { v: 99 }.to_text(),
            ErrorCode::UnsupportedVersion,
        ),
        (fire(&["k1"]).to_text(), ErrorCode::OffBoard),
        (fire(&["a11"]).to_text(), ErrorCode::OffBoard),
        (fire(&["zz"]).to_text(), ErrorCode::OffBoard),
        (fire(&["e5"]).to_text(), ErrorCode::AlreadyShot),
        (fire(&["a1", "a2"]).to_text(), ErrorCode::WrongCount),
        (fire(&[]).to_text(), ErrorCode::WrongCount),
        (
            msg::fire("abcdefghjk", ["a1"]).to_text(),
            ErrorCode::WrongGame,
        ),
        (msg::resign("other").to_text(), ErrorCode::WrongGame),
        (msg::place_random(&game).to_text(), ErrorCode::AlreadyPlaced),
        (msg::rematch(&game).to_text(), ErrorCode::NotOver),
        (msg::reveal(&game, "a1").to_text(), ErrorCode::NoRevealDue),
        (
            format!(r#"{{"type": "reveal", "game": "{game}"}}"#),
            ErrorCode::BadMessage,
        ),
        (
            format!(r#"{{"type": "reveal", "game": "{game}", "cell": ["a1"]}}"#),
            ErrorCode::BadMessage,
        ),
    ];
    for (text, code) in cases {
        mover.expect_error_raw(&text, code).await;
    }
    waiter
        .expect_error(msg::fire(&game, ["j10"]), ErrorCode::NotYourTurn)
        .await;
    assert_eq!(mover.state(&game).await, before);
    assert_eq!(waiter.state(&game).await, before_w);

    // Messages that need a game, from a connection in none; lobby errors.
    let mut c = Client::connect(server.addr()).await;
    c.expect_error(fire(&["a1"]), ErrorCode::NotInGame).await;
    c.expect_error(msg::join("nosuchgame"), ErrorCode::NotFound)
        .await;
    c.expect_error(msg::join("../../etc"), ErrorCode::NotFound)
        .await;
    c.expect_error(msg::join(&game), ErrorCode::GameFull).await;
    c.expect_error(msg::resume(&game, "guess"), ErrorCode::BadToken)
        .await;
    c.expect_error(
        msg::new_game(Opponent::Computer).rules("12x3"),
        ErrorCode::BadRules,
    )
    .await;
    let e = c
        .expect_error(
            msg::new_game(Opponent::Computer).rules("classic sweepers=1"),
            ErrorCode::BadRules,
        )
        .await;
    assert!(e.contains("need mines"), "{e}");
    let e = c
        .expect_error(
            msg::new_game(Opponent::Computer).rules("classic flying=yes"),
            ErrorCode::BadRules,
        )
        .await;
    assert!(e.contains("flying"), "{e}");
    c.expect_error(
        msg::new_game(Opponent::Computer).level("godlike"),
        ErrorCode::BadLevel,
    )
    .await;
    c.expect_error(
        msg::new_game(Opponent::Friend).clock(999999),
        ErrorCode::BadClock,
    )
    .await;
    c.expect_error_raw(
        r#"{"type": "new_game", "opponent": "nobody"}"#,
        ErrorCode::BadMessage,
    )
    .await;
    // A spectator cannot play.
    c.send(msg::watch(&game)).await;
    until!(c, ServerMsg::State(_));
    c.expect_error(fire(&["a1"]), ErrorCode::Spectator).await;
    c.expect_error(msg::resign(&game), ErrorCode::Spectator)
        .await;
    c.expect_error(msg::reveal(&game, "a1"), ErrorCode::Spectator)
        .await;
    assert_eq!(mover.state(&game).await, before);

    // A bad fleet.
    let mut f = Client::connect(server.addr()).await;
    let g2 = create(&mut f, msg::new_game(Opponent::Friend)).await;
    until!(f, ServerMsg::State(_));
    f.expect_error(msg::fire(&g2, ["a1"]), ErrorCode::NotStarted)
        .await;
    f.expect_error(msg::reveal(&g2, "a1"), ErrorCode::NotStarted)
        .await;
    let e = f
        .expect_error(msg::place(&g2, ["a1-d1", "a2-c2"]), ErrorCode::BadFleet)
        .await;
    assert!(e.len() > 10);
    f.expect_error(msg::place(&g2, ["a1-z1"]), ErrorCode::BadFleet)
        .await;
    let s = f.state(&g2).await;
    assert_eq!(s.placed, [false, false]);
    assert!(s.own.unwrap().fleet.is_none());

    // A volley naming a cell twice (salvo: ten shots to start).
    let (mut s1, _s2, g3) = battle(server.addr(), "salvo").await;
    let before3 = s1.state(&g3).await;
    let mut cells: Vec<String> = all_cells(10, 10).into_iter().take(9).collect();
    cells.push("a1".into());
    s1.expect_error(msg::fire(&g3, &cells), ErrorCode::RepeatedCell)
        .await;
    assert_eq!(s1.state(&g3).await, before3);

    // After the game: moves are refused.
    mover.send(msg::resign(&game)).await;
    game_over(&mut mover).await;
    mover.expect_error(fire(&["a1"]), ErrorCode::GameOver).await;
    mover
        .expect_error(msg::resign(&game), ErrorCode::GameOver)
        .await;
    mover
        .expect_error(msg::reveal(&game, "a1"), ErrorCode::GameOver)
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
    c.expect_error_now(ErrorCode::TooLarge).await;
    // A burst past the limit: the first few pass, then `flood`.
    for _ in 0..8 {
        c.send(ClientMsg::Ping).await;
    }
    let mut pongs = 0;
    let mut floods = 0;
    for _ in 0..8 {
        match c.recv().await {
            ServerMsg::Pong => pongs += 1,
            ServerMsg::Error {
                code: ErrorCode::Flood,
                ..
            } => floods += 1,
            other => panic!("{other:?}"),
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
    let Some(ServerMsg::Error { code, message }) = last else {
        panic!("no error before the close: {last:?}");
    };
    assert_eq!(code, ErrorCode::Flood, "{message}");
    assert!(message.contains("closing"), "{message}");
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
    assert_eq!(e.recv().await, ServerMsg::Pong);
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
    let first = until_battle(&mut a).await;
    let other = first.other();
    let c = until!(a, ServerMsg::Clock { player, seconds, .. } => (player, seconds));
    assert_eq!(c, (first, 1));
    // The state tells a reloaded page how long the running clock has left.
    let mut w = Client::connect(server.addr()).await;
    w.send(msg::watch(&game)).await;
    let left = until!(w, ServerMsg::State(s) => s.clock_left);
    assert!(matches!(left, Some(0 | 1)), "{left:?}");
    // The first timeout hands the turn over, and the opponent's clock starts.
    assert_eq!(timeout(&mut a).await, (first, 1, Some(other)));
    assert_eq!(until!(a, ServerMsg::Clock { player, .. } => player), other);
    assert_eq!(timeout(&mut a).await, (other, 1, Some(first)));
    // The first player's second timeout in a row loses the game.
    assert_eq!(timeout(&mut a).await, (first, 2, None));
    let over = game_over(&mut a).await;
    assert_eq!(over.reason, EndReason::Timeout);
    assert_eq!(over.winner, other);
    // The result survives a restart.
    server.shutdown().await.unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut w = Client::connect(server.addr()).await;
    w.send(msg::watch(&game)).await;
    let s = until!(w, ServerMsg::State(s) => s);
    assert_eq!(s.phase, Phase::Over);
    let result = s.result.unwrap();
    assert_eq!(result.reason, EndReason::Timeout);
    assert_eq!(result.winner, other);
    // Restoring replays both passes before the resignation: pass, pass, resign.
    assert_eq!(s.moves, 3);
    server.shutdown().await.unwrap();
}
