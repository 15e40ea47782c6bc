//! One queue for everyone, on a real server: a guest and an account meet, unrated,
//! once the account has waited for a rated opponent in vain; an account may ask for a
//! casual game and meet a guest at once; a guest who insists on a rated game is told
//! to sign in (docs/protocol.md, "Queue"). An account's name and rating show at the
//! board, to players and spectators.

use crate::accounts::sign_up;
use crate::common::*;
use crate::ratings::{error, joined_within, queued_rated};
use seabattle_client::msg;
use seabattle_wire::{CASUAL_AFTER_SECS, Casual, ErrorCode, SeatAccountJson, ServerMsg};
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_guest_and_an_account_meet_in_one_queue_unrated_once_the_account_waited() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let name = db.name("Ann");
        let token = sign_up(addr, &name).await;
        let mut ann = Client::connect_signed_in(addr, &token, &name).await;
        let mut guest = Client::connect(addr).await;
        let since = Instant::now();
        // A preset no other test queues for, on a database other tests share.
        ann.send(msg::queue(Some("salvo"))).await;
        assert!(
            queued_rated(&mut ann).await,
            "an account waits for a rated game"
        );
        guest.send(msg::queue(Some("salvo"))).await;
        assert!(!queued_rated(&mut guest).await);
        let (game, seat) = joined_within(&mut guest, CASUAL_AFTER_SECS + 5).await;
        assert!(
            since.elapsed() >= Duration::from_secs(CASUAL_AFTER_SECS),
            "Ann looked for a rated opponent first ({:?})",
            since.elapsed()
        );
        let (ann_game, ann_seat) = joined_within(&mut ann, 5).await;
        assert_eq!(ann_game, game);
        assert_ne!(seat, ann_seat);
        let state = guest.state(&game).await;
        assert!(!state.rated);
        assert_eq!(state.casual, Some(Casual::Mixed));
        // Ann plays a stranger under her account's name; the guest has none.
        let ann_at = ann_seat.expect("a seat").index();
        assert_eq!(state.names[ann_at].as_deref(), Some(name.as_str()));
        assert_eq!(state.names[1 - ann_at], None);
        // Her account and rating show at the board, to the players and to a spectator; the
        // guest's seat has none.
        let ann_shown = Some(SeatAccountJson {
            name: name.clone(),
            rating: Some(1500),
            provisional: true,
            bot: false,
        });
        assert_eq!(state.accounts[ann_at], ann_shown);
        assert_eq!(state.accounts[1 - ann_at], None);
        let mut watcher = Client::connect(addr).await;
        watcher.send(msg::watch(&game)).await;
        let seen = until!(watcher, ServerMsg::State(s) => s);
        assert_eq!(seen.accounts[ann_at], ann_shown);
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn an_account_that_asks_for_a_casual_game_meets_a_guest_at_once() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let name = db.name("Bob");
        let token = sign_up(addr, &name).await;
        let mut bob = Client::connect_signed_in(addr, &token, &name).await;
        let mut guest = Client::connect(addr).await;
        bob.send(msg::queue_rated(Some("hasbro"), false)).await;
        assert!(!queued_rated(&mut bob).await, "casual by choice");
        guest.send(msg::queue(Some("hasbro"))).await;
        let (game, _) = joined_within(&mut guest, 2).await;
        assert_eq!(joined_within(&mut bob, 2).await.0, game);
        let state = bob.state(&game).await;
        assert!(!state.rated);
        assert_eq!(state.casual, None, "nobody asked for a rated game");
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn a_guest_who_insists_on_a_rated_game_is_told_to_sign_in() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut guest = Client::connect(server.addr()).await;
    guest.send(msg::queue_rated(Some("classic"), true)).await;
    let (code, why) = error(&mut guest).await;
    assert_eq!(code, ErrorCode::NotRateable);
    assert!(why.contains("sign in"), "{why}");
}
