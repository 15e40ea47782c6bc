//! Reconnecting mid-game, and restarting the server mid-game on the same database.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{Phase, Player};
use seabattle_wire::{ClientMsg, Opponent};

/// Fires the first few cells of the board that are free, waiting for each answer.
async fn fire_some(c: &mut Client, game: &str, n: usize) {
    let mut fired = 0;
    for cell in all_cells(10, 10) {
        if fired == n {
            break;
        }
        let s = c.state(game).await;
        if s.phase != Phase::Battle {
            break;
        }
        let board = &s.boards[0];
        if board.misses.iter().chain(&board.hits).any(|x| *x == cell) {
            continue;
        }
        assert_eq!(
            s.to_move,
            Some(Player::One),
            "against the computer it is our turn after its moves"
        );
        c.send(msg::fire(game, [cell])).await;
        until!(
            c,
            ServerMsg::Shot {
                next: Some(Player::One) | None,
                ..
            }
        );
        fired += 1;
    }
}

#[tokio::test]
async fn reconnect_with_token_returns_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, token) = vs_computer(server.addr(), "hard", "classic").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    fire_some(&mut c, &game, 12).await;
    let before = c.state(&game).await;
    c.close().await;

    let mut c = Client::connect(server.addr()).await;
    c.expect_error(msg::resume(&game, &"0".repeat(64)), ErrorCode::BadToken)
        .await;
    c.send(msg::resume(&game, &token)).await;
    let (_, seat, echoed) = joined(&mut c).await;
    assert_eq!(seat, Some(Player::One));
    assert!(echoed.is_none(), "the token is not echoed");
    let after = c.state(&game).await;
    assert_eq!(before, after);
    let result = play_out(&mut c, &game, Player::One, 10, 10).await;
    check_commitment(&result);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn opponent_sees_the_other_side_away() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, b, game, [_, tb]) = friends(server.addr(), msg::new_game(Opponent::Friend)).await;
    b.close().await;
    let gone = until!(a, ServerMsg::Presence { player, present: false, .. } => player);
    assert_eq!(gone, Player::Two);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    a.send(msg::sync(&game)).await;
    let s = until!(a, ServerMsg::State(s) => s);
    assert!(!s.presence[1].present);
    assert!(s.presence[1].away_secs.unwrap() >= 1, "{s:?}");
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::resume(&game, &tb)).await;
    joined(&mut b).await;
    let present = until!(a, ServerMsg::Presence { present, .. } => present);
    assert!(present);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn restart_mid_game_continues() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let addr = server.addr();
    let (mut c, game, token) = vs_computer(addr, "medium", "classic").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    fire_some(&mut c, &game, 15).await;
    let before = c.state(&game).await;
    // Also a friend game mid-battle, both players' tokens kept.
    let (mut a, mut b, fgame, [ta, tb]) =
        friends(addr, msg::new_game(Opponent::Friend).rules("salvo")).await;
    a.send(msg::place_random(&fgame)).await;
    b.send(msg::place_random(&fgame)).await;
    let first = until_battle(&mut a).await;
    let shooter = if first == Player::One { &mut a } else { &mut b };
    let volley: Vec<String> = all_cells(10, 10).into_iter().take(10).collect();
    shooter.send(msg::fire(&fgame, &volley)).await;
    until!(shooter, ServerMsg::Shot { .. });
    let fbefore = a.state(&fgame).await;

    server.shutdown().await.unwrap();
    drop((c, a, b));

    let server = start(&db).await;
    let result = resume_and_finish(server.addr(), &game, &token, &before).await;
    assert!(result.audit.verdict.contains("stands"));

    let mut a = Client::connect(server.addr()).await;
    a.send(msg::resume(&fgame, &ta)).await;
    joined(&mut a).await;
    assert_eq!(a.state(&fgame).await, fbefore);
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::resume(&fgame, &tb)).await;
    assert_eq!(joined(&mut b).await.1, Some(Player::Two));
    // The game goes on: the player to move fires a legal volley.
    let s = a.state(&fgame).await;
    let p = s.to_move.unwrap();
    let shooter = if p == Player::One { &mut a } else { &mut b };
    let board = &s.boards[p.index()];
    let volley: Vec<String> = all_cells(10, 10)
        .into_iter()
        .filter(|x| !board.misses.contains(x) && !board.hits.contains(x))
        .take(s.shots_due)
        .collect();
    shooter.send(msg::fire(&fgame, &volley)).await;
    assert_eq!(next_shot(shooter).await.number, 2);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_second_server_on_the_database_of_a_crashed_one_continues() {
    // The first server is never shut down: to the second process its database looks
    // as after a kill -9, write-ahead log not checkpointed.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let crashed = start(&db).await;
    let (mut c, game, token) = vs_computer(crashed.addr(), "hard", "big15").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    fire_some(&mut c, &game, 10).await;
    let before = c.state(&game).await;

    let server = start(&db).await;
    let mut d = Client::connect(server.addr()).await;
    d.send(msg::resume(&game, &token)).await;
    joined(&mut d).await;
    assert_eq!(d.state(&game).await, before);
    let result = play_out(&mut d, &game, Player::One, 15, 15).await;
    check_commitment(&result);
    server.shutdown().await.unwrap();
    drop(crashed);
}

/// Regression: a seated player who sent `resume` with a wrong token got `bad_token`
/// yet lost its seat (the opponent heard it leave; its next `sync` got `not_in_game`).
#[tokio::test]
async fn a_refused_resume_leaves_the_player_seated() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, game, _) = friends(server.addr(), msg::new_game(Opponent::Friend)).await;
    // The state that follows `joined`, then a fresh one.
    until!(b, ServerMsg::State(_));
    let before = b.state(&game).await;
    b.expect_error(msg::resume(&game, "not-the-token"), ErrorCode::BadToken)
        .await;
    b.expect_error(msg::join(&game), ErrorCode::GameFull).await;
    b.expect_error(msg::watch("nosuchgame"), ErrorCode::NotFound)
        .await;
    b.expect_error(
        msg::new_game(Opponent::Friend).rules("5x5 fleet=9"),
        ErrorCode::BadRules,
    )
    .await;
    assert_eq!(b.state(&game).await, before);
    // The opponent heard nobody leave.
    a.send(ClientMsg::Ping).await;
    loop {
        let m = a.recv().await;
        assert!(
            !matches!(m, ServerMsg::Presence { present: false, .. }),
            "the refused player was reported gone: {m:?}"
        );
        if m == ServerMsg::Pong {
            break;
        }
    }
    server.shutdown().await.unwrap();
}
