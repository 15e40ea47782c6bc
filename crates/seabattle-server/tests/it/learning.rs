//! The expert learns its opponent: fleets are learned under a player key only once
//! their game has ended, can be seen and erased, and the key never comes back.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_wire::{LearnedHabit, LearnedJson, Opponent};
use sha2::{Digest, Sha256};

const KEY: &str = "q8V2-x_7Lm0pZr4tY6wE1A3s";

async fn learned(c: &mut Client, key: &str) -> Vec<LearnedJson> {
    c.send(msg::learned(key, None)).await;
    until!(c, ServerMsg::Learned { histories } => histories)
}

/// Places a random fleet and returns it (as the state shows it) with the rules text.
async fn place(c: &mut Client, game: &str) -> (Vec<String>, String) {
    c.send(msg::place_random(game)).await;
    until_battle(c).await;
    let s = c.state(game).await;
    (s.own.unwrap().fleet.unwrap(), s.rules)
}

#[tokio::test]
async fn a_fleet_is_learned_only_once_its_game_ended_and_forget_erases_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut c = Client::connect(server.addr()).await;
    let game = create(
        &mut c,
        msg::new_game(Opponent::Computer)
            .level("expert")
            .rules("classic")
            .player(KEY),
    )
    .await;
    let (fleet, rules) = place(&mut c, &game).await;
    // Another connection (the same browser's other tab) asks while the game runs.
    let mut other = Client::connect(server.addr()).await;
    assert!(
        learned(&mut other, KEY).await.is_empty(),
        "the game is not over"
    );
    // The computer may shoot first; its moves come after the battle's start.
    if c.state(&game).await.to_move != Some(Player::One) {
        c.until_my_turn(Player::One).await;
    }
    c.send(msg::fire(&game, ["e5"])).await;
    assert!(
        learned(&mut c, KEY).await.is_empty(),
        "the game is not over"
    );

    c.send(msg::resign(&game)).await;
    game_over(&mut c).await;
    let h = learned(&mut other, KEY).await;
    assert_eq!(h.len(), 1, "{h:?}");
    assert_eq!(h[0].rules, rules);
    assert_eq!(h[0].fleets, std::slice::from_ref(&fleet));
    assert_eq!((h[0].width, h[0].height), (10, 10));
    let heat = &h[0].heat;
    assert_eq!(heat.len(), 100);
    let hot = heat.iter().filter(|x| **x == 1.0).count();
    assert_eq!(
        hot, 20,
        "the classic fleet's 20 decks, each in the one fleet"
    );

    // The rematch plays for the same player: its fleet is learned too, at its end.
    c.send(msg::rematch(&game)).await;
    let (next, _, _) = joined(&mut c).await;
    let (second, _) = place(&mut c, &next).await;
    assert_eq!(
        learned(&mut c, KEY).await[0].fleets,
        std::slice::from_ref(&fleet)
    );
    c.send(msg::resign(&next)).await;
    game_over(&mut c).await;
    assert_eq!(learned(&mut c, KEY).await[0].fleets, [fleet, second]);
    c.send(msg::learned(KEY, Some("8x8 fleet=3,2,1"))).await;
    assert!(until!(c, ServerMsg::Learned { histories } => histories).is_empty());

    // The key (and its hash) never comes back, in any message.
    let hash = format!("{:x}", Sha256::digest(KEY.as_bytes()));
    for m in c.log.iter().chain(other.log.iter()) {
        let text = m.to_text();
        assert!(!text.contains(KEY) && !text.contains(&hash), "{text}");
    }

    c.send(msg::forget(KEY)).await;
    assert_eq!(until!(c, ServerMsg::Forgotten { fleets } => fleets), 2);
    assert!(learned(&mut c, KEY).await.is_empty());
    c.send(msg::forget(KEY)).await;
    assert_eq!(until!(c, ServerMsg::Forgotten { fleets } => fleets), 0);

    // After forgetting, a new game against the expert plays (with the plain prior).
    let fresh = create(
        &mut c,
        msg::new_game(Opponent::Computer)
            .level("expert")
            .player(KEY),
    )
    .await;
    let (_, _) = place(&mut c, &fresh).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn games_without_a_key_or_against_people_learn_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "medium", "classic").await;
    place(&mut c, &game).await;
    c.send(msg::resign(&game)).await;
    game_over(&mut c).await;
    let (mut a, mut b, game, _) =
        friends(server.addr(), msg::new_game(Opponent::Friend).player(KEY)).await;
    until!(a, ServerMsg::State(_));
    a.send(msg::place_random(&game)).await;
    b.send(msg::place_random(&game)).await;
    until_battle(&mut a).await;
    a.send(msg::resign(&game)).await;
    game_over(&mut a).await;
    assert!(learned(&mut c, KEY).await.is_empty());
    for m in a.log.iter().chain(b.log.iter()) {
        assert!(!m.to_text().contains(KEY), "{m:?}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_keys_are_refused_without_being_repeated() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut c = Client::connect(server.addr()).await;
    let long = "k".repeat(65);
    for bad in [
        "short-key",
        long.as_str(),
        "q8V2-x_7Lm0pZr4tY6wE1A3s!",
        "q8V2 x_7Lm0pZr4tY6wE1A3s",
    ] {
        for msg in [
            msg::new_game(Opponent::Computer).player(bad).into(),
            msg::learned(bad, None),
            msg::forget(bad),
        ] {
            let text = c.expect_error(msg, ErrorCode::BadPlayer).await;
            assert!(text.contains("22 to 64"), "{text}");
            assert!(!text.contains(bad), "{text}");
        }
    }
    c.expect_error_raw(r#"{"type": "learned"}"#, ErrorCode::BadMessage)
        .await;
    c.expect_error_raw(
        r#"{"type": "new_game", "opponent": "computer", "player": 7}"#,
        ErrorCode::BadMessage,
    )
    .await;
    // Nothing was made: the connection is in no game.
    c.expect_error(msg::sync("abcdefghjk"), ErrorCode::NotInGame)
        .await;
    server.shutdown().await.unwrap();
}

/// A classic fleet with every multi-decker lying along a row, spread over the board.
const LYING: [&str; 10] = [
    "a1-d1", "f4-h4", "a7-c7", "e10-f10", "h1-i1", "i7-j7", "c10", "j4", "f7", "a4",
];

#[tokio::test]
async fn a_history_with_a_clear_habit_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut c = Client::connect(server.addr()).await;
    for game in 0..2 {
        let id = create(
            &mut c,
            msg::new_game(Opponent::Computer)
                .level("expert")
                .rules("classic")
                .player(KEY),
        )
        .await;
        c.send(msg::place(&id, LYING)).await;
        until_battle(&mut c).await;
        c.send(msg::resign(&id)).await;
        game_over(&mut c).await;
        let h = learned(&mut c, KEY).await;
        assert_eq!(h[0].fleets.len(), game + 1);
        if game == 0 {
            // One fleet lying down could be chance: no habit is named.
            assert!(h[0].habit.is_none(), "{h:?}");
        } else {
            assert_eq!(h[0].habit, Some(LearnedHabit::Horizontal), "{h:?}");
        }
    }
    server.shutdown().await.unwrap();
}
