//! Two people joined by code, a third told the game is full, spectators, rematch.

use crate::common::*;
use seabattle_client::msg;
use seabattle_wire::{ClientMsg, Opponent};
use serde_json::Value;

/// A friend game with both seats taken: (creator, friend, game id, tokens).
async fn pair(addr: std::net::SocketAddr) -> (Client, Client, String, [String; 2]) {
    let mut a = Client::connect(addr).await;
    a.send(msg::new_game(Opponent::Friend).rules("classic"))
        .await;
    let j = a.until("joined").await;
    let game = j["game"].as_str().unwrap().to_string();
    assert_eq!(j["link"], format!("/g/{game}"));
    let ta = j["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(addr).await;
    b.send(msg::join(&game)).await;
    let j = b.until("joined").await;
    assert_eq!(j["seat"], 2);
    let tb = j["token"].as_str().unwrap().to_string();
    assert_ne!(ta, tb);
    let p = a.until("presence").await;
    assert_eq!(p["player"], 2);
    assert_eq!(p["present"], true);
    (a, b, game, [ta, tb])
}

/// Plays both sides in board order until the end; returns the result.
async fn play_both(a: &mut Client, b: &mut Client, game: &str) -> Value {
    let cells = all_cells(10, 10);
    let mut next = [0usize; 2];
    loop {
        let s = a.state(game).await;
        if s["phase"] == "over" {
            b.until("game_over").await;
            return s["result"].clone();
        }
        let p = s["to_move"].as_u64().unwrap();
        let (c, i) = if p == 1 { (&mut *a, 0) } else { (&mut *b, 1) };
        let cell = cells[next[i]].clone();
        next[i] += 1;
        c.send(msg::fire(game, [cell])).await;
        c.until("shot").await;
    }
}

#[tokio::test]
async fn full_game_by_code_with_spectator_and_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, game, tokens) = pair(server.addr()).await;

    let mut third = Client::connect(server.addr()).await;
    third.expect_error(msg::join(&game), "game_full").await;
    third.send(msg::watch(&game)).await;
    let j = third.until("joined").await;
    assert_eq!(j["role"], "spectator");
    assert!(j["token"].is_null());
    let s = third.until("state").await;
    assert!(s["own"].is_null());

    a.send(msg::place(
        &game,
        [
            "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7", "g7",
        ],
    ))
    .await;
    let st = a.until("state").await;
    assert_eq!(list::<bool>(&st["placed"]), [true, false]);
    b.send(msg::place_random(&game)).await;
    let battle = a.until("battle").await;
    assert_eq!(b.until("battle").await, battle);
    assert_eq!(third.until("battle").await, battle);

    let result = play_both(&mut a, &mut b, &game).await;
    check_commitment(&result);
    assert_eq!(result["fleets"][0][0], "a1-d1");
    assert!(
        result["audit"]["verdict"]
            .as_str()
            .unwrap()
            .contains("stands")
    );
    assert_no_leak(&a.log, 1, &result);
    assert_no_leak(&b.log, 2, &result);
    let end = third.until("game_over").await;
    assert_eq!(end["result"], result);
    // Spectators never see a fleet or an unshot cell before the end, nor any token.
    assert_spectator_sees_only_shots(&third.log);
    let mut seen = Vec::new();
    third.log.iter().for_each(|m| strings(m, &mut seen));
    for t in &tokens {
        assert!(!seen.contains(t));
        for m in a.log.iter().chain(&b.log).chain(&third.log) {
            if m["type"] != "joined" {
                assert!(!m.to_string().contains(t.as_str()), "token in {m}");
            }
        }
    }
    // Tokens only in each owner's own `joined`.
    assert!(
        !b.log
            .iter()
            .any(|m| m.to_string().contains(tokens[0].as_str()))
    );
    assert!(
        !a.log
            .iter()
            .any(|m| m.to_string().contains(tokens[1].as_str()))
    );

    // Rematch: both ask, seats swap.
    a.send(msg::rematch(&game)).await;
    b.until("rematch_offered").await;
    b.send(msg::rematch(&game)).await;
    let ja = a.until("joined").await;
    let jb = b.until("joined").await;
    assert_eq!(ja["game"], jb["game"]);
    assert_ne!(ja["game"], game.as_str());
    assert_eq!(ja["seat"], 2);
    assert_eq!(jb["seat"], 1);
    let r = third.until("rematch").await;
    assert_eq!(r["next"], ja["game"]);
    let next = ja["game"].as_str().unwrap();
    let s = a.until("state").await;
    assert_eq!(s["rules"], "classic");
    assert_eq!(s["phase"], "placement");
    a.send(msg::place_random(next)).await;
    b.send(msg::place_random(next)).await;
    a.until("battle").await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_link_page_boots_the_game_page_with_its_code() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (_a, _b, game, _) = pair(server.addr()).await;
    let (status, body) = http_get(server.addr(), &format!("/g/{game}")).await;
    assert_eq!(status, 200);
    assert!(body.contains(&format!(r#""game":"{game}""#)), "{body}");
    let (status, _) = http_get(server.addr(), "/g/NOT-AN-ID%3Cb%3E").await;
    assert_eq!(status, 404);
    // A code of the right form that names no game is no invitation either.
    let (status, body) = http_get(server.addr(), "/g/k7m2qx9p4a").await;
    assert_eq!(status, 404);
    assert!(body.contains(r#""missing":"game""#), "{body}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_spectator_who_comes_mid_game_gets_every_shot_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, game, _) = pair(server.addr()).await;
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    a.until("battle").await;
    b.until("battle").await;
    let cells = all_cells(10, 10);
    let mut next = [0usize; 2];
    let mut fired = Vec::new();
    while fired.len() < 10 {
        let s = a.state(&game).await;
        let p = s["to_move"].as_u64().unwrap();
        let (c, i) = if p == 1 { (&mut a, 0) } else { (&mut b, 1) };
        let cell = cells[next[i]].clone();
        next[i] += 1;
        c.send(msg::fire(&game, [cell.clone()])).await;
        // The other side's shots wait in this inbox too: this one's answer.
        let shot = loop {
            let m = c.until("shot").await;
            if m["player"] == p && m["shots"][0]["cell"] == cell.as_str() {
                break m;
            }
        };
        fired.push((p, cell, shot["shots"][0]["answer"].clone()));
    }
    let mut watcher = Client::connect(server.addr()).await;
    watcher.send(msg::watch(&game)).await;
    let s = watcher.until("state").await;
    let log = s["log"].as_array().unwrap();
    assert_eq!(log.len(), 10, "{s}");
    for (entry, (p, cell, answer)) in log.iter().zip(&fired) {
        assert_eq!(entry["player"], *p);
        assert_eq!(entry["cell"], cell.as_str());
        assert_eq!(entry["answer"], *answer);
        assert!(entry.get("dying").is_none(), "{entry}");
    }
    // A player's state carries the same list; a game not begun, none.
    assert_eq!(a.state(&game).await["log"], s["log"]);
    let mut c = Client::connect(server.addr()).await;
    let fresh = create(&mut c, msg::new_game(Opponent::Friend)).await;
    assert!(c.state(&fresh).await.get("log").is_none());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn queue_offers_the_computer_after_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config =
        seabattle_server::Config::new(seabattle_server::DbUrl::Sqlite(dir.path().join("games.db")));
    config.queue_wait = std::time::Duration::from_millis(200);
    let server = seabattle_server::launch(listener, config).await.unwrap();
    let mut a = Client::connect(server.addr()).await;
    a.send(msg::queue(None)).await;
    a.until("queued").await;
    let offer = a.until("queue_offer").await;
    assert_eq!(offer["rules"], "classic");
    a.send(msg::new_game(Opponent::Computer).level("easy"))
        .await;
    a.until("joined").await;
    // Having left the queue, the player is not paired any more.
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::queue(None)).await;
    b.until("queued").await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn random_opponent_queue_pairs_players() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut a = Client::connect(server.addr()).await;
    a.send(msg::queue(Some("hasbro"))).await;
    assert_eq!(a.until("queued").await["rules"], "hasbro");
    let mut other = Client::connect(server.addr()).await;
    other.send(msg::queue(Some("salvo"))).await;
    other.until("queued").await;
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::queue(Some("hasbro"))).await;
    let ja = a.until("joined").await;
    let jb = b.until("joined").await;
    assert_eq!(ja["game"], jb["game"]);
    assert_eq!(ja["seat"], 1);
    assert_eq!(jb["seat"], 2);
    let s = b.until("state").await;
    assert_eq!(s["mode"], "random");
    assert_eq!(s["rules"], "hasbro");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn names_given_are_shown_to_the_other_player_and_bad_ones_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut a = Client::connect(addr).await;
    for bad in ["x".repeat(25), "bell\u{7}".to_string()] {
        a.expect_error(msg::new_game(Opponent::Friend).name(&bad), "bad_message")
            .await;
    }
    let game = create(&mut a, msg::new_game(Opponent::Friend).name("  Alice  ")).await;
    let mut b = Client::connect(addr).await;
    b.send(ClientMsg::Join {
        game: game.clone(),
        name: Some("Боб".into()),
    })
    .await;
    b.until("joined").await;
    let s = b.until("state").await;
    assert_eq!(list::<String>(&s["names"]), ["Alice", "Боб"], "{s}");
    let p = a.until("presence").await;
    assert_eq!(
        (p["player"].as_u64(), p["name"].as_str()),
        (Some(2), Some("Боб"))
    );
    // A player who gave no name has none.
    let mut c = Client::connect(addr).await;
    let other = create(&mut c, msg::new_game(Opponent::Friend).name("")).await;
    assert_eq!(
        list::<Option<String>>(&c.state(&other).await["names"]),
        [None, None]
    );
    server.shutdown().await.unwrap();
}

/// Regression: a new game was seated before it was in memory, so a friend who joined at
/// once could load a second copy from storage, and the first player's moves then met
/// "this seat is played from another connection now" (seen under load).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_is_in_memory_before_its_players_hear_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    for _ in 0..40 {
        let (mut a, mut b, game, _) = friends(
            server.addr(),
            msg::new_game(Opponent::Friend).rules("26x26 fleet=1"),
        )
        .await;
        for c in [&mut a, &mut b] {
            c.send(msg::place(&game, ["z26"])).await;
        }
        a.until("battle").await;
        b.until("battle").await;
    }
    server.shutdown().await.unwrap();
}
