//! Quick chat: a seated player of a game between people says a fixed phrase, both
//! seats and the spectators are told; other games, spectators, unknown phrases and a
//! player who chats too fast are refused.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_server::Limits;
use seabattle_wire::{Opponent, Phrase};

/// The next `chat`: the game, who spoke and the phrase.
async fn chat(c: &mut Client) -> (String, Player, Phrase) {
    until!(c, ServerMsg::Chat { game, player, phrase } => (game, player, phrase))
}

/// A friend game with a spectator: (seat 1, seat 2, spectator, game id).
async fn watched(addr: std::net::SocketAddr) -> (Client, Client, Client, String) {
    let (mut a, mut b, game, _) = friends(addr, msg::new_game(Opponent::Friend)).await;
    until!(a, ServerMsg::State(_));
    until!(b, ServerMsg::State(_));
    let mut c = Client::connect(addr).await;
    c.send(msg::watch(&game)).await;
    until!(c, ServerMsg::State(_));
    (a, b, c, game)
}

#[tokio::test]
async fn both_players_and_a_spectator_hear_a_phrase() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, mut c, game) = watched(server.addr()).await;
    a.send(msg::chat(&game, Phrase::GoodLuck)).await;
    for who in [&mut a, &mut b, &mut c] {
        let (said_in, player, phrase) = chat(who).await;
        assert_eq!(said_in, game);
        assert_eq!(player, Player::One);
        assert_eq!(phrase, Phrase::GoodLuck);
    }
    b.send(msg::chat(&game, Phrase::Fire)).await;
    for who in [&mut a, &mut b, &mut c] {
        let (_, player, phrase) = chat(who).await;
        assert_eq!((player, phrase), (Player::Two, Phrase::Fire));
    }
    // Chat is no part of the game: the state does not change.
    let before = a.state(&game).await;
    a.send(msg::chat(&game, Phrase::Thanks)).await;
    chat(&mut a).await;
    assert_eq!(a.state(&game).await, before);
}

#[tokio::test]
async fn a_spectator_cannot_chat() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, _b, mut c, game) = watched(server.addr()).await;
    c.expect_error(msg::chat(&game, Phrase::Wow), ErrorCode::Spectator)
        .await;
    // Nobody heard it.
    a.send(msg::chat(&game, Phrase::Phew)).await;
    assert_eq!(chat(&mut a).await.2, Phrase::Phew);
}

#[tokio::test]
async fn no_chat_against_the_computer_nor_at_one_device() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    let e = c
        .expect_error(msg::chat(&game, Phrase::GoodLuck), ErrorCode::NoChat)
        .await;
    assert!(e.contains("between people"), "{e}");

    let mut h = Client::connect(server.addr()).await;
    let game = create(&mut h, msg::new_game(Opponent::Hotseat)).await;
    until!(h, ServerMsg::State(_));
    h.expect_error(msg::chat(&game, Phrase::ThumbsUp), ErrorCode::NoChat)
        .await;
}

#[tokio::test]
async fn an_unknown_phrase_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, _b, _c, game) = watched(server.addr()).await;
    let why = a
        .expect_error_raw(
            &format!(r#"{{"type":"chat","game":"{game}","phrase":"you are bad"}}"#),
            ErrorCode::BadMessage,
        )
        .await;
    assert!(
        why.contains("you are bad") && why.contains("good_luck"),
        "{why}"
    );
    a.expect_error_raw(
        &format!(r#"{{"type":"chat","game":"{game}","text":"hi"}}"#),
        ErrorCode::BadMessage,
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
        chat(&mut a).await;
    }
    let e = a
        .expect_error(msg::chat(&game, Phrase::Fire), ErrorCode::Flood)
        .await;
    assert!(e.starts_with("chat:"), "{e}");
    // The limit is each player's own.
    b.send(msg::chat(&game, Phrase::Wow)).await;
    while chat(&mut b).await.1 != Player::Two {}
    // One phrase comes back `every` after the first of the burst; the wait below starts
    // after the refusal, which came after it.
    tokio::time::sleep(every).await;
    a.send(msg::chat(&game, Phrase::ThumbsUp)).await;
    let mut m = chat(&mut a).await;
    if m.1 == Player::Two {
        m = chat(&mut a).await; // b's phrase, told to a too
    }
    assert_eq!((m.1, m.2), (Player::One, Phrase::ThumbsUp));
}
