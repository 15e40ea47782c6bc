//! Quick chat: a seated player of a game between people says a fixed phrase, both
//! seats and the spectators are told; other games, spectators, unknown phrases and a
//! player who chats too fast are refused.

use crate::common::*;
use seabattle_client::msg;
use seabattle_server::Limits;
use seabattle_wire::{Opponent, Phrase};

/// A friend game with a spectator: (seat 1, seat 2, spectator, game id).
async fn watched(addr: std::net::SocketAddr) -> (Client, Client, Client, String) {
    let (mut a, mut b, game, _) = friends(addr, msg::new_game(Opponent::Friend)).await;
    a.until("state").await;
    b.until("state").await;
    let mut c = Client::connect(addr).await;
    c.send(msg::watch(&game)).await;
    c.until("state").await;
    (a, b, c, game)
}

#[tokio::test]
async fn both_players_and_a_spectator_hear_a_phrase() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, mut c, game) = watched(server.addr()).await;
    a.send(msg::chat(&game, Phrase::GoodLuck)).await;
    for who in [&mut a, &mut b, &mut c] {
        let m = who.until("chat").await;
        assert_eq!(m["game"], game.as_str());
        assert_eq!(m["player"], 1);
        assert_eq!(m["phrase"], "good_luck");
    }
    b.send(msg::chat(&game, Phrase::Fire)).await;
    for who in [&mut a, &mut b, &mut c] {
        let m = who.until("chat").await;
        assert_eq!((&m["player"], &m["phrase"]), (&2.into(), &"fire".into()));
    }
    // Chat is no part of the game: the state does not change.
    let before = a.state(&game).await;
    a.send(msg::chat(&game, Phrase::Thanks)).await;
    a.until("chat").await;
    assert_eq!(a.state(&game).await, before);
}

#[tokio::test]
async fn a_spectator_cannot_chat() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, _b, mut c, game) = watched(server.addr()).await;
    c.expect_error(msg::chat(&game, Phrase::Wow), "spectator")
        .await;
    // Nobody heard it.
    a.send(msg::chat(&game, Phrase::Phew)).await;
    assert_eq!(a.until("chat").await["phrase"], "phew");
}

#[tokio::test]
async fn no_chat_against_the_computer_nor_at_one_device() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    let e = c
        .expect_error(msg::chat(&game, Phrase::GoodLuck), "no_chat")
        .await;
    assert!(
        e["message"].as_str().unwrap().contains("between people"),
        "{e}"
    );

    let mut h = Client::connect(server.addr()).await;
    let game = create(&mut h, msg::new_game(Opponent::Hotseat)).await;
    h.until("state").await;
    h.expect_error(msg::chat(&game, Phrase::ThumbsUp), "no_chat")
        .await;
}

#[tokio::test]
async fn an_unknown_phrase_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, _b, _c, game) = watched(server.addr()).await;
    let e = a
        .expect_error_raw(
            &format!(r#"{{"type":"chat","game":"{game}","phrase":"you are bad"}}"#),
            "bad_message",
        )
        .await;
    let why = e["message"].as_str().unwrap();
    assert!(
        why.contains("you are bad") && why.contains("good_luck"),
        "{why}"
    );
    a.expect_error_raw(
        &format!(r#"{{"type":"chat","game":"{game}","text":"hi"}}"#),
        "bad_message",
    )
    .await;
}

#[tokio::test]
async fn the_fourth_quick_phrase_is_refused_and_one_comes_back_after_the_interval() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        chat_burst: 3,
        ..fast_limits()
    };
    let every = limits.chat_every;
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let (mut a, mut b, _c, game) = watched(server.addr()).await;
    for _ in 0..3 {
        a.send(msg::chat(&game, Phrase::Fire)).await;
        a.until("chat").await;
    }
    let e = a
        .expect_error(msg::chat(&game, Phrase::Fire), "flood")
        .await;
    assert!(e["message"].as_str().unwrap().starts_with("chat:"), "{e}");
    // The limit is each player's own.
    b.send(msg::chat(&game, Phrase::Wow)).await;
    while b.until("chat").await["player"] != 2 {}
    // One phrase comes back `every` after the first of the burst; the wait below starts
    // after the refusal, which came after it.
    tokio::time::sleep(every).await;
    a.send(msg::chat(&game, Phrase::ThumbsUp)).await;
    let mut m = a.until("chat").await;
    if m["player"] == 2 {
        m = a.until("chat").await; // b's phrase, told to a too
    }
    assert_eq!(
        (&m["player"], &m["phrase"]),
        (&1.into(), &"thumbs_up".into())
    );
}
