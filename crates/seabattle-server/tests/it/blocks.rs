//! Blocks (issue 51) on a real server: a blocked player cannot reach the blocker by a
//! challenge, the queue, the lobby (an open game, a waiting seeker) or an arena's
//! pairing, and their quick chat does not reach the blocker's sockets; on SQLite and
//! (with `SEABATTLE_TEST_POSTGRES`) PostgreSQL.

use crate::accounts::{Reply, post, request};
use crate::common::*;
use crate::meet::{lobby_until, two_accounts};
use seabattle_client::msg;
use seabattle_wire::moderation::BlockList;
use seabattle_wire::{ClientMsg, Opponent, Phrase};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// `token`'s account blocks `name`.
async fn block(addr: SocketAddr, token: &str, name: &str) -> Reply {
    post(addr, &format!("/account/blocks/{name}"), "", Some(token)).await
}

/// `token`'s account unblocks `name`.
async fn unblock(addr: SocketAddr, token: &str, name: &str) -> Reply {
    request(
        addr,
        "DELETE",
        &format!("/account/blocks/{name}"),
        "",
        Some(token),
        None,
    )
    .await
}

fn challenge(to: &str) -> ClientMsg {
    ClientMsg::Challenge {
        to: to.into(),
        rules: Some("classic".into()),
        clock: None,
        rated: Some(false),
    }
}

/// No `joined` reaches `c` for `wait`.
async fn never_joined(c: &mut Client, wait: Duration) {
    let until = Instant::now() + wait;
    while let Some(m) = c
        .try_recv(until.saturating_duration_since(Instant::now()))
        .await
    {
        assert!(!matches!(m, ServerMsg::Joined { .. }), "paired: {m:?}");
    }
}

#[tokio::test]
async fn a_block_is_listed_and_keeps_a_challenge_from_either_side() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let ([ann, bob], [ta, _], [mut a, mut b]) = two_accounts(&db, addr, ["Ann", "Bob"]).await;
        let r = block(addr, &ta, &bob).await;
        assert_eq!(r.status, 204, "{}", r.body);
        assert_eq!(block(addr, &ta, &bob).await.status, 204, "blocking twice");
        assert_eq!(block(addr, &ta, &ann).await.status, 400, "oneself");
        assert_eq!(block(addr, &ta, "nobody_x").await.status, 404);
        let listed = request(addr, "GET", "/account/blocks", "", Some(&ta), None).await;
        let list: BlockList = serde_json::from_str(&listed.body).unwrap();
        assert_eq!(list.blocked, vec![bob.clone()]);
        // Another site's page cannot block in the player's name.
        let forged = request(
            addr,
            "POST",
            &format!("/account/blocks/{ann}"),
            "",
            Some(&ta),
            Some("https://evil.example"),
        )
        .await;
        assert_eq!(forged.status, 403, "{}", forged.body);

        let e = b.expect_error(challenge(&ann), ErrorCode::Blocked).await;
        assert!(e.contains("does not take games from you"), "{e}");
        let e = a.expect_error(challenge(&bob), ErrorCode::Blocked).await;
        assert!(e.contains("you block"), "{e}");

        let r = unblock(addr, &ta, &bob).await;
        assert_eq!(r.status, 204, "{}", r.body);
        assert_eq!(unblock(addr, &ta, &bob).await.status, 404, "not blocked");
        b.send(challenge(&ann)).await;
        let sent = *until!(a, ServerMsg::Challenged(c) => c);
        // A block made while a challenge waits keeps it from being accepted.
        assert_eq!(block(addr, &ta, &bob).await.status, 204);
        a.expect_error(
            ClientMsg::AnswerChallenge {
                id: sent.id,
                answer: seabattle_wire::Answer::Accept,
            },
            ErrorCode::Blocked,
        )
        .await;
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn the_lobby_keeps_a_blocked_player_out_of_the_blockers_open_game_and_wait() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let ([ann, bob], [ta, _], [mut a, mut b]) = two_accounts(&db, addr, ["Ann", "Bob"]).await;
        assert_eq!(block(addr, &ta, &bob).await.status, 204);
        // An open game of Ann's.
        a.send(ClientMsg::Seek {
            rules: Some("dutchman".into()),
            clock: Some(30),
            rated: Some(false),
            name: None,
        })
        .await;
        let (game, _, _) = joined(&mut a).await;
        b.expect_error(msg::join(&game), ErrorCode::Blocked).await;
        // A guest may take it.
        let mut guest = Client::connect(addr).await;
        guest.send(msg::join(&game)).await;
        joined(&mut guest).await;

        // Ann waiting in the queue, listed in the lobby: Bob cannot join her there.
        let mut c = Client::connect_signed_in(addr, &ta, &ann).await;
        c.send(msg::queue_rated(Some("classic-bent"), false)).await;
        let mut watcher = Client::connect(addr).await;
        watcher.send(ClientMsg::Lobby).await;
        let lobby = lobby_until(&mut watcher, |l| {
            l.open
                .iter()
                .any(|g| g.seeking && g.account.as_ref().is_some_and(|s| s.name == ann))
        })
        .await;
        let seeker = lobby
            .open
            .iter()
            .find(|g| g.seeking && g.account.as_ref().is_some_and(|s| s.name == ann))
            .unwrap()
            .game
            .clone();
        b.expect_error(msg::join(&seeker), ErrorCode::Blocked).await;
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn the_queue_never_pairs_a_blocked_player_with_the_blocker() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let ([_, bob], [ta, _], [mut a, mut b]) = two_accounts(&db, addr, ["Ann", "Bob"]).await;
        assert_eq!(block(addr, &ta, &bob).await.status, 204);
        // Rules nobody else's test queues under.
        a.send(msg::queue_rated(Some("classic-bent"), false)).await;
        until!(a, ServerMsg::Queued { .. });
        b.send(msg::queue_rated(Some("classic-bent"), false)).await;
        // Both wait past a few of the queue's looks (every 2 s), unpaired.
        never_joined(&mut b, Duration::from_secs(5)).await;
        never_joined(&mut a, Duration::from_millis(100)).await;
        // A third player is paired with one of them at once.
        let mut c = Client::connect(addr).await;
        c.send(msg::queue_rated(Some("classic-bent"), false)).await;
        joined(&mut c).await;
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn a_blocked_players_chat_does_not_reach_the_blocker() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let ([_, bob], [ta, _], [mut a, mut b]) = two_accounts(&db, addr, ["Ann", "Bob"]).await;
        // A game between them made before the block.
        let game = create(&mut a, msg::new_game(Opponent::Friend)).await;
        b.send(msg::join(&game)).await;
        joined(&mut b).await;
        let mut spectator = Client::connect(addr).await;
        spectator.send(msg::watch(&game)).await;
        until!(spectator, ServerMsg::State(_));
        assert_eq!(block(addr, &ta, &bob).await.status, 204);

        b.send(msg::chat(&game, Phrase::Wow)).await;
        until!(
            b,
            ServerMsg::Chat {
                phrase: Phrase::Wow,
                ..
            }
        );
        until!(
            spectator,
            ServerMsg::Chat {
                phrase: Phrase::Wow,
                ..
            }
        );
        // Ann's own phrase reaches Bob; she hears hers, and never heard his.
        a.send(msg::chat(&game, Phrase::GoodLuck)).await;
        until!(
            b,
            ServerMsg::Chat {
                phrase: Phrase::GoodLuck,
                ..
            }
        );
        let heard = until!(a, ServerMsg::Chat { phrase, .. } => phrase);
        assert_eq!(heard, Phrase::GoodLuck, "Ann heard Bob's phrase");

        // Unblocked, she hears him again.
        assert_eq!(unblock(addr, &ta, &bob).await.status, 204);
        b.send(msg::chat(&game, Phrase::Thanks)).await;
        let heard = until!(a, ServerMsg::Chat { phrase, .. } => phrase);
        assert_eq!(heard, Phrase::Thanks);
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn an_arena_never_pairs_a_blocked_player_with_the_blocker() {
    use crate::arenas::{arena_of, make_arena, no_schedule, sign_up_from};
    let db = Db::all().remove(0);
    let server = db.server_with(Duration::from_secs(60), no_schedule).await;
    let addr = server.addr();
    let names = ["Ann", "Bob", "Cat"];
    let mut tokens = Vec::new();
    for (i, n) in names.iter().enumerate() {
        tokens.push(sign_up_from(addr, n, i as u8 + 1).await);
    }
    assert_eq!(block(addr, &tokens[0], "Bob").await.status, 204);
    let mut a = Client::connect_signed_in(addr, &tokens[0], "Ann").await;
    let mut b = Client::connect_signed_in(addr, &tokens[1], "Bob").await;
    // The shortest clock: a wave is due after a player waited 1.25 s.
    let id = make_arena(addr, &tokens[2], arena_of(5, 30)).await;
    for t in &tokens[..2] {
        let r = post(addr, &format!("/arena/{id}/join"), "", Some(t)).await;
        assert_eq!(r.status, 204, "{}", r.body);
    }
    never_joined(&mut a, Duration::from_secs(4)).await;
    never_joined(&mut b, Duration::from_millis(100)).await;
    // Cat comes: she is paired with one of them.
    let mut c = Client::connect_signed_in(addr, &tokens[2], "Cat").await;
    let r = post(addr, &format!("/arena/{id}/join"), "", Some(&tokens[2])).await;
    assert_eq!(r.status, 204, "{}", r.body);
    let game = until!(c, ServerMsg::Joined { game, seat: Some(_), .. } => game);
    let (ga, gb) = tokio::join!(
        a.try_recv(Duration::from_secs(2)),
        b.try_recv(Duration::from_secs(2))
    );
    let told = [ga, gb]
        .into_iter()
        .flatten()
        .filter(|m| matches!(m, ServerMsg::Joined { game: g, .. } if *g == game))
        .count();
    assert_eq!(told, 1, "one of Ann and Bob plays Cat");
    server.shutdown().await.unwrap();
}

/// A block made through one node of a cluster reaches the blocker's sockets on another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_made_on_one_node_silences_the_chat_on_another() {
    let Some(url) = postgres_url() else {
        return;
    };
    let db = Db::Postgres(url);
    let (one, two) = (
        db.server(Duration::from_secs(60)).await,
        db.server(Duration::from_secs(60)).await,
    );
    let ([_, bob], [ta, _], [mut a, mut b]) = two_accounts(&db, two.addr(), ["Ann", "Bob"]).await;
    let game = create(&mut a, msg::new_game(Opponent::Friend)).await;
    b.send(msg::join(&game)).await;
    joined(&mut b).await;
    assert_eq!(block(one.addr(), &ta, &bob).await.status, 204);
    // The notice is asynchronous: Bob's phrases stop reaching Ann within a second.
    tokio::time::sleep(Duration::from_secs(1)).await;
    b.send(msg::chat(&game, Phrase::Wow)).await;
    until!(
        b,
        ServerMsg::Chat {
            phrase: Phrase::Wow,
            ..
        }
    );
    a.send(msg::chat(&game, Phrase::GoodLuck)).await;
    let heard = until!(a, ServerMsg::Chat { phrase, .. } => phrase);
    assert_eq!(heard, Phrase::GoodLuck, "Ann heard Bob's phrase");
    one.shutdown().await.unwrap();
    two.shutdown().await.unwrap();
}
