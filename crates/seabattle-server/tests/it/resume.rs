//! Reconnecting mid-game, and restarting the server mid-game on the same database.

use crate::common::*;
use seabattle_client::msg;
use seabattle_wire::{ClientMsg, Opponent};

/// Fires the first few cells of the board that are free, waiting for each answer.
async fn fire_some(c: &mut Client, game: &str, n: usize) {
    let mut fired = 0;
    for cell in all_cells(10, 10) {
        if fired == n {
            break;
        }
        let s = c.state(game).await;
        if s["phase"] != "battle" {
            break;
        }
        let shot_already = s["boards"][0]["misses"]
            .as_array()
            .unwrap()
            .iter()
            .chain(s["boards"][0]["hits"].as_array().unwrap())
            .any(|x| x == cell.as_str());
        if shot_already {
            continue;
        }
        assert_eq!(
            s["to_move"], 1,
            "against the computer it is our turn after its moves"
        );
        c.send(msg::fire(game, [cell])).await;
        loop {
            let m = c.until("shot").await;
            if m["next"] == 1 || m["next"].is_null() {
                break;
            }
        }
        fired += 1;
    }
}

#[tokio::test]
async fn reconnect_with_token_returns_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, token) = vs_computer(server.addr(), "hard", "classic").await;
    c.send(msg::place_random(&game)).await;
    c.until("battle").await;
    fire_some(&mut c, &game, 12).await;
    let before = c.state(&game).await;
    c.close().await;

    let mut c = Client::connect(server.addr()).await;
    c.expect_error(msg::resume(&game, &"0".repeat(64)), "bad_token")
        .await;
    c.send(msg::resume(&game, &token)).await;
    let j = c.until("joined").await;
    assert_eq!(j["seat"], 1);
    assert!(j["token"].is_null(), "the token is not echoed");
    let after = c.state(&game).await;
    assert_eq!(before, after);
    let result = play_out(&mut c, &game, 1, 10, 10).await;
    check_commitment(&result);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn opponent_sees_the_other_side_away() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, b, game, joined) = friends(server.addr(), msg::new_game(Opponent::Friend)).await;
    let tb = joined["token"].as_str().unwrap().to_string();
    b.close().await;
    loop {
        let p = a.until("presence").await;
        if p["present"] == false {
            assert_eq!(p["player"], 2);
            break;
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    a.send(msg::sync(&game)).await;
    let s = a.until("state").await;
    assert_eq!(s["presence"][1]["present"], false);
    assert!(s["presence"][1]["away_secs"].as_u64().unwrap() >= 1, "{s}");
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::resume(&game, &tb)).await;
    b.until("joined").await;
    let p = a.until("presence").await;
    assert_eq!(p["present"], true);
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
    c.until("battle").await;
    fire_some(&mut c, &game, 15).await;
    let before = c.state(&game).await;
    // Also a friend game mid-battle, both players' tokens kept.
    let mut a = Client::connect(addr).await;
    a.send(msg::new_game(Opponent::Friend).rules("salvo")).await;
    let ja = a.until("joined").await;
    let fgame = ja["game"].as_str().unwrap().to_string();
    let ta = ja["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(addr).await;
    b.send(msg::join(&fgame)).await;
    let tb = b.until("joined").await["token"]
        .as_str()
        .unwrap()
        .to_string();
    a.send(msg::place_random(&fgame)).await;
    b.send(msg::place_random(&fgame)).await;
    let first = a.until("battle").await["first"].as_u64().unwrap();
    let shooter = if first == 1 { &mut a } else { &mut b };
    let volley: Vec<String> = all_cells(10, 10).into_iter().take(10).collect();
    shooter.send(msg::fire(&fgame, &volley)).await;
    shooter.until("shot").await;
    let fbefore = a.state(&fgame).await;

    server.shutdown().await.unwrap();
    drop((c, a, b));

    let server = start(&db).await;
    let result = resume_and_finish(server.addr(), &game, &token, &before).await;
    assert!(
        result["audit"]["verdict"]
            .as_str()
            .unwrap()
            .contains("stands")
    );

    let mut a = Client::connect(server.addr()).await;
    a.send(msg::resume(&fgame, &ta)).await;
    a.until("joined").await;
    assert_eq!(a.state(&fgame).await, fbefore);
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::resume(&fgame, &tb)).await;
    assert_eq!(b.until("joined").await["seat"], 2);
    // The game goes on: the player to move fires a legal volley.
    let s = a.state(&fgame).await;
    let p = s["to_move"].as_u64().unwrap();
    let due = s["shots_due"].as_u64().unwrap() as usize;
    let shooter = if p == 1 { &mut a } else { &mut b };
    let board = &s["boards"][(p - 1) as usize];
    let volley: Vec<String> = all_cells(10, 10)
        .into_iter()
        .filter(|x| {
            !board["misses"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m == x.as_str())
                && !board["hits"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|m| m == x.as_str())
        })
        .take(due)
        .collect();
    shooter.send(msg::fire(&fgame, &volley)).await;
    let shot = shooter.until("shot").await;
    assert_eq!(shot["number"], 2);
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
    c.until("battle").await;
    fire_some(&mut c, &game, 10).await;
    let before = c.state(&game).await;

    let server = start(&db).await;
    let mut d = Client::connect(server.addr()).await;
    d.send(msg::resume(&game, &token)).await;
    d.until("joined").await;
    assert_eq!(d.state(&game).await, before);
    let result = play_out(&mut d, &game, 1, 15, 15).await;
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
    b.until("state").await;
    let before = b.state(&game).await;
    b.expect_error(msg::resume(&game, "not-the-token"), "bad_token")
        .await;
    b.expect_error(msg::join(&game), "game_full").await;
    b.expect_error(msg::watch("nosuchgame"), "not_found").await;
    b.expect_error(
        msg::new_game(Opponent::Friend).rules("5x5 fleet=9"),
        "bad_rules",
    )
    .await;
    assert_eq!(b.state(&game).await, before);
    // The opponent heard nobody leave.
    a.send(ClientMsg::Ping).await;
    loop {
        let m = a.recv().await;
        assert!(
            !(m["type"] == "presence" && m["present"] == false),
            "the refused player was reported gone: {m}"
        );
        if m["type"] == "pong" {
            break;
        }
    }
    server.shutdown().await.unwrap();
}
