//! The lobby and the random queue are one pool (issue 48), on a real server, on SQLite
//! and (with `SEABATTLE_TEST_POSTGRES`) on PostgreSQL: «Найти соперника» takes a game
//! opened in the lobby under the same rules first, and a player waiting in the queue is
//! listed in the lobby, where one join pairs with them (docs/protocol.md, "Lobby").

use crate::accounts::sign_up;
use crate::common::*;
use crate::meet::{lobby_until, two_accounts};
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_wire::{Casual, ClientMsg, ErrorCode, Met, OpenGameJson};
use std::time::Duration;

/// A game opened in the lobby, casual, without a clock.
fn seek(rules: &str) -> ClientMsg {
    ClientMsg::Seek {
        rules: Some(rules.into()),
        clock: None,
        rated: Some(false),
        name: Some("Kapitan".into()),
    }
}

/// Issue 48, item 1: a guest opened a game in the lobby and another pressed «Найти
/// соперника» under the same rules a moment later; 12 s on, one still read «Ждём
/// друга…» and the other "Looking for an opponent… 0:12".
#[tokio::test]
async fn find_an_opponent_takes_the_game_a_guest_opened_in_the_lobby() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        // Rules no other test of this database opens or queues under.
        let rules = "8x8 fleet=4,2,1";
        let mut host = Client::connect(addr).await;
        host.send(seek(rules)).await;
        let (game, _, _) = joined(&mut host).await;
        // The game is listed before the seeker looks (the lobby's tick).
        let mut watcher = Client::connect(addr).await;
        watcher.send(ClientMsg::Lobby).await;
        lobby_until(&mut watcher, |l| l.open.iter().any(|g| g.game == game)).await;
        let mut guest = Client::connect(addr).await;
        guest.send(msg::queue(Some(rules))).await;
        let (taken, seat, _) = tokio::time::timeout(Duration::from_secs(2), joined(&mut guest))
            .await
            .expect("seated at once, not queued");
        assert_eq!((taken.as_str(), seat), (game.as_str(), Some(Player::Two)));
        assert!(
            !guest
                .log
                .iter()
                .any(|m| matches!(m, ServerMsg::Queued { .. })),
            "never queued: {:?}",
            guest.log
        );
        let state = host.state(&game).await;
        assert_eq!(state.met, Some(Met::Lobby));
        lobby_until(&mut watcher, |l| l.open.iter().all(|g| g.game != game)).await;
        server.shutdown().await.unwrap();
    }
}

/// A rated seeker takes only a rated open game, and a casual one only a casual game:
/// the queue never drops a rating the player asked for to take a game.
#[tokio::test]
async fn a_rated_seeker_leaves_a_casual_open_game_to_others() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let rules = "minesweepers";
        let mut host = Client::connect(addr).await;
        host.send(seek(rules)).await;
        let (game, _, _) = joined(&mut host).await;
        let mut watcher = Client::connect(addr).await;
        watcher.send(ClientMsg::Lobby).await;
        lobby_until(&mut watcher, |l| l.open.iter().any(|g| g.game == game)).await;
        let name = db.name("Ann");
        let token = sign_up(addr, &name).await;
        let mut ann = Client::connect_signed_in(addr, &token, &name).await;
        ann.send(msg::queue(Some(rules))).await;
        assert!(until!(ann, ServerMsg::Queued { rated, .. } => rated));
        // Both are listed now: the open game, and Ann waiting for a rated one.
        lobby_until(&mut watcher, |l| {
            l.open.iter().any(|g| g.game == game) && l.open.iter().any(|g| g.seeking)
        })
        .await;
        // A guest who looks for a casual game takes the open one, not Ann.
        let mut guest = Client::connect(addr).await;
        guest.send(msg::queue(Some(rules))).await;
        assert_eq!(joined(&mut guest).await.0, game);
        server.shutdown().await.unwrap();
    }
}

/// The listing of a seeker, once the lobby shows it.
async fn listed_seeker(watcher: &mut Client, rules: &str) -> OpenGameJson {
    let l = lobby_until(watcher, |l| {
        l.open.iter().any(|g| g.seeking && g.rules == rules)
    })
    .await;
    l.open
        .into_iter()
        .find(|g| g.seeking && g.rules == rules)
        .unwrap()
}

#[tokio::test]
async fn a_player_in_the_queue_is_listed_in_the_lobby_and_one_join_pairs_with_them() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let rules = "mines";
        let ([ann, bob], _, [mut a, mut b]) = two_accounts(&db, addr, ["Ann", "Bob"]).await;
        a.send(msg::queue(Some(rules))).await;
        assert!(until!(a, ServerMsg::Queued { rated, .. } => rated));
        let mut watcher = Client::connect(addr).await;
        watcher.send(ClientMsg::Lobby).await;
        let seeker = listed_seeker(&mut watcher, rules).await;
        assert!(seeker.game.starts_with("q-"), "{seeker:?}");
        assert!(seeker.rated && seeker.clock.is_none(), "{seeker:?}");
        let shown = seeker.account.clone().expect("the seeker's account");
        assert_eq!(
            (shown.name.as_str(), shown.rating),
            (ann.as_str(), Some(1500))
        );
        // Another account joins from the lobby: rated, both seated.
        b.send(msg::join(&seeker.game)).await;
        let (game, seat_b, _) = joined(&mut b).await;
        assert_eq!(seat_b, Some(Player::Two));
        let (game_a, seat_a, _) = joined(&mut a).await;
        assert_eq!((game_a, seat_a), (game.clone(), Some(Player::One)));
        let state = b.state(&game).await;
        assert!(state.rated, "two accounts from a rated seeker: rated");
        assert_eq!(
            state.accounts.map(|s| s.map(|s| s.name)),
            [Some(ann.clone()), Some(bob.clone())]
        );
        lobby_until(&mut watcher, |l| {
            l.open.iter().all(|g| g.game != seeker.game)
        })
        .await;
        // Joined again, it is gone, and the one who joins is told so.
        let mut late = Client::connect(addr).await;
        let why = late
            .expect_error(msg::join(&seeker.game), ErrorCode::NotFound)
            .await;
        assert!(why.contains("no longer waits"), "{why}");
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn a_guest_who_joins_a_rated_seeker_plays_casual_and_both_are_told_why() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let rules = "submarines";
        let name = db.name("Ann");
        let token = sign_up(addr, &name).await;
        let mut a = Client::connect_signed_in(addr, &token, &name).await;
        a.send(msg::queue(Some(rules))).await;
        until!(a, ServerMsg::Queued { .. } => ());
        let mut guest = Client::connect(addr).await;
        guest.send(ClientMsg::Lobby).await;
        let seeker = listed_seeker(&mut guest, rules).await;
        guest.send(msg::join(&seeker.game)).await;
        let (game, _, _) = joined(&mut guest).await;
        assert_eq!(joined(&mut a).await.0, game);
        let state = a.state(&game).await;
        assert!(!state.rated);
        assert_eq!(state.casual, Some(Casual::Mixed));
        server.shutdown().await.unwrap();
    }
}
