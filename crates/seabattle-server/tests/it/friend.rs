//! Two people joined by code, a third told the game is full, spectators, rematch.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{Phase, Player};
use seabattle_wire::{ClientMsg, Opponent, Role};

/// A friend game with both seats taken: (creator, friend, game id, tokens).
async fn pair(addr: std::net::SocketAddr) -> (Client, Client, String, [String; 2]) {
    let mut a = Client::connect(addr).await;
    a.send(msg::new_game(Opponent::Friend).rules("classic"))
        .await;
    let (game, link, ta) =
        until!(a, ServerMsg::Joined { game, link, token, .. } => (game, link, token));
    assert_eq!(link, format!("/g/{game}"));
    let ta = ta.unwrap();
    let mut b = Client::connect(addr).await;
    b.send(msg::join(&game)).await;
    let (_, seat, tb) = joined(&mut b).await;
    assert_eq!(seat, Some(Player::Two));
    let tb = tb.unwrap();
    assert_ne!(ta, tb);
    let p = until!(a, ServerMsg::Presence { player, present, .. } => (player, present));
    assert_eq!(p, (Player::Two, true));
    // A friend by the link is a friend (a stranger from the lobby or a challenge is not).
    assert_eq!(b.state(&game).await.met, Some(seabattle_wire::Met::Link));
    (a, b, game, [ta, tb])
}

/// Plays both sides in board order until the end; returns the result.
async fn play_both(a: &mut Client, b: &mut Client, game: &str) -> ResultJson {
    let cells = all_cells(10, 10);
    let mut next = [0usize; 2];
    loop {
        let s = a.state(game).await;
        if s.phase == Phase::Over {
            game_over(b).await;
            return s.result.unwrap();
        }
        let p = s.to_move.unwrap();
        let c = if p == Player::One { &mut *a } else { &mut *b };
        let cell = cells[next[p.index()]].clone();
        next[p.index()] += 1;
        c.send(msg::fire(game, [cell])).await;
        until!(c, ServerMsg::Shot { .. });
    }
}

#[tokio::test]
async fn full_game_by_code_with_spectator_and_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, game, tokens) = pair(server.addr()).await;

    let mut third = Client::connect(server.addr()).await;
    third
        .expect_error(msg::join(&game), ErrorCode::GameFull)
        .await;
    third.send(msg::watch(&game)).await;
    let (role, token) = until!(third, ServerMsg::Joined { role, token, .. } => (role, token));
    assert_eq!(role, Role::Spectator);
    assert!(token.is_none());
    let s = until!(third, ServerMsg::State(s) => s);
    assert!(s.own.is_none());

    a.send(msg::place(
        &game,
        [
            "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7", "g7",
        ],
    ))
    .await;
    let placed = until!(a, ServerMsg::State(s) => s.placed);
    assert_eq!(placed, [true, false]);
    b.send(msg::place_random(&game)).await;
    let started = until!(a, ServerMsg::Battle { .. });
    assert_eq!(until!(b, ServerMsg::Battle { .. }), started);
    assert_eq!(until!(third, ServerMsg::Battle { .. }), started);

    let result = play_both(&mut a, &mut b, &game).await;
    check_commitment(&result);
    assert_eq!(result.fleets[0][0], "a1-d1");
    assert!(result.audit.verdict.contains("stands"));
    assert_no_leak(&a.log, Player::One, &result);
    assert_no_leak(&b.log, Player::Two, &result);
    assert_eq!(game_over(&mut third).await, result);
    // Spectators never see a fleet or an unshot cell before the end, nor any token.
    assert_spectator_sees_only_shots(&third.log);
    let mut seen = Vec::new();
    third
        .log
        .iter()
        .for_each(|m| strings(&serde_json::to_value(m).unwrap(), &mut seen));
    for t in &tokens {
        assert!(!seen.contains(t));
        for m in a.log.iter().chain(&b.log).chain(&third.log) {
            if !matches!(m, ServerMsg::Joined { .. }) {
                assert!(!m.to_text().contains(t.as_str()), "token in {m:?}");
            }
        }
    }
    // Tokens only in each owner's own `joined`.
    assert!(
        !b.log
            .iter()
            .any(|m| m.to_text().contains(tokens[0].as_str()))
    );
    assert!(
        !a.log
            .iter()
            .any(|m| m.to_text().contains(tokens[1].as_str()))
    );

    // Rematch: both ask, seats swap.
    a.send(msg::rematch(&game)).await;
    until!(b, ServerMsg::RematchOffered { .. });
    b.send(msg::rematch(&game)).await;
    let (next, seat_a, _) = joined(&mut a).await;
    let (next_b, seat_b, _) = joined(&mut b).await;
    assert_eq!(next, next_b);
    assert_ne!(next, game);
    assert_eq!(seat_a, Some(Player::Two));
    assert_eq!(seat_b, Some(Player::One));
    let told = until!(third, ServerMsg::Rematch { next, .. } => next);
    assert_eq!(told, next);
    let s = until!(a, ServerMsg::State(s) => s);
    assert_eq!(s.rules, "classic");
    assert_eq!(s.phase, Phase::Placement);
    a.send(msg::place_random(&next)).await;
    b.send(msg::place_random(&next)).await;
    until_battle(&mut a).await;
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
    until_battle(&mut a).await;
    until_battle(&mut b).await;
    let cells = all_cells(10, 10);
    let mut next = [0usize; 2];
    let mut fired = Vec::new();
    while fired.len() < 10 {
        let p = a.state(&game).await.to_move.expect("the battle goes on");
        let (c, i) = if p == Player::One {
            (&mut a, 0)
        } else {
            (&mut b, 1)
        };
        let cell = cells[next[i]].clone();
        next[i] += 1;
        c.send(msg::fire(&game, [cell.clone()])).await;
        // The other side's shots wait in this inbox too: this one's answer.
        let answer = loop {
            let shot = next_shot(c).await;
            if shot.player == p && shot.shots[0].cell == cell {
                break shot.shots[0].answer;
            }
        };
        fired.push((p, cell, answer));
    }
    let mut watcher = Client::connect(server.addr()).await;
    watcher.send(msg::watch(&game)).await;
    let s = until!(watcher, ServerMsg::State(s) => *s);
    assert_eq!(s.log.len(), 10, "{s:?}");
    for (entry, (p, cell, answer)) in s.log.iter().zip(&fired) {
        assert_eq!(
            (entry.player, entry.cell.as_str(), entry.answer, entry.dying),
            (*p, cell.as_str(), *answer, false)
        );
    }
    // A player's state carries the same list; a game not begun, none.
    assert_eq!(a.state(&game).await.log, s.log);
    let mut c = Client::connect(server.addr()).await;
    let fresh = create(&mut c, msg::new_game(Opponent::Friend)).await;
    assert!(c.state(&fresh).await.log.is_empty());
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
    until!(a, ServerMsg::Queued { .. });
    let offered = until!(a, ServerMsg::QueueOffer { rules, .. } => rules);
    assert_eq!(offered, "classic");
    a.send(msg::new_game(Opponent::Computer).level("easy"))
        .await;
    joined(&mut a).await;
    // Having left the queue, the player is not paired any more.
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::queue(None)).await;
    until!(b, ServerMsg::Queued { .. });
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn random_opponent_queue_pairs_players() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut a = Client::connect(server.addr()).await;
    a.send(msg::queue(Some("hasbro"))).await;
    assert_eq!(
        until!(a, ServerMsg::Queued { rules, .. } => rules),
        "hasbro"
    );
    let mut other = Client::connect(server.addr()).await;
    other.send(msg::queue(Some("salvo"))).await;
    until!(other, ServerMsg::Queued { .. });
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::queue(Some("hasbro"))).await;
    let (ga, seat_a, _) = joined(&mut a).await;
    let (gb, seat_b, _) = joined(&mut b).await;
    assert_eq!(ga, gb);
    assert_eq!(seat_a, Some(Player::One));
    assert_eq!(seat_b, Some(Player::Two));
    let s = until!(b, ServerMsg::State(s) => s);
    assert_eq!(s.mode, "random");
    assert_eq!(s.rules, "hasbro");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn names_given_are_shown_to_the_other_player_and_bad_ones_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut a = Client::connect(addr).await;
    for bad in ["x".repeat(25), "bell\u{7}".to_string()] {
        a.expect_error(
            msg::new_game(Opponent::Friend).name(&bad),
            ErrorCode::BadMessage,
        )
        .await;
    }
    let game = create(&mut a, msg::new_game(Opponent::Friend).name("  Alice  ")).await;
    let mut b = Client::connect(addr).await;
    b.send(ClientMsg::Join {
        game: game.clone(),
        name: Some("Боб".into()),
    })
    .await;
    joined(&mut b).await;
    let names = until!(b, ServerMsg::State(s) => s.names);
    assert_eq!(names, [Some("Alice".into()), Some("Боб".into())]);
    let p = until!(a, ServerMsg::Presence { player, name, .. } => (player, name));
    assert_eq!(p, (Player::Two, Some("Боб".into())));
    // A player who gave no name has none.
    let mut c = Client::connect(addr).await;
    let other = create(&mut c, msg::new_game(Opponent::Friend).name("")).await;
    assert_eq!(c.state(&other).await.names, [None, None]);
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
        until_battle(&mut a).await;
        until_battle(&mut b).await;
    }
    server.shutdown().await.unwrap();
}
