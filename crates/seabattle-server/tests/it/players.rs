//! Games between people that people can trust: a win claimed over an opponent who
//! left, a name given after joining, and two players at one device (hot-seat).

use crate::common::*;
use seabattle_core::{Phase, Player, ViolationKind};
use seabattle_server::Limits;
use seabattle_server::protocol::{ClientMsg, Opponent};
use std::time::Duration;

const FLEET: [&str; 10] = [
    "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7", "g7",
];

fn fleet() -> Option<Vec<String>> {
    Some(FLEET.iter().map(|s| s.to_string()).collect())
}

fn new_game(opponent: Opponent, clock: Option<u32>) -> ClientMsg {
    ClientMsg::NewGame {
        opponent,
        level: None,
        rules: None,
        clock,
        name: None,
        player: None,
        lang: None,
        rated: None,
    }
}

async fn send(c: &mut Client, m: ClientMsg) {
    c.send_text(m.to_text()).await;
}

/// A friend game in the battle: (creator, friend, game id, creator's token).
async fn battle(
    addr: std::net::SocketAddr,
    clock: Option<u32>,
) -> (Client, Client, String, String) {
    let mut a = Client::connect(addr).await;
    send(&mut a, new_game(Opponent::Friend, clock)).await;
    let (game, _, token) = joined(&mut a).await;
    let mut b = Client::connect(addr).await;
    send(
        &mut b,
        ClientMsg::Join {
            game: game.clone(),
            name: None,
        },
    )
    .await;
    joined(&mut b).await;
    for c in [&mut a, &mut b] {
        send(
            c,
            ClientMsg::Place {
                game: game.clone(),
                fleet: fleet(),
            },
        )
        .await;
    }
    until_battle(&mut a).await;
    until_battle(&mut b).await;
    (a, b, game, token.unwrap())
}

/// Sends `m`, which must be refused with `code`: the error's message (news sent before
/// it is skipped).
async fn refused(c: &mut Client, m: ClientMsg, code: ErrorCode) -> String {
    send(c, m).await;
    let (got, message) = until!(c, ServerMsg::Error { code, message } => (code, message));
    assert_eq!(got, code, "{message}");
    message
}

fn claim(game: &str) -> ClientMsg {
    ClientMsg::ClaimWin {
        game: game.to_string(),
    }
}

#[tokio::test]
async fn a_player_left_alone_claims_the_win_once_the_opponent_stayed_away() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let limits = Limits {
        claim_after: Duration::from_secs(1),
        ..fast_limits()
    };
    let server = start_with(&db, limits.clone()).await;
    let (mut a, b, game, token) = battle(server.addr(), None).await;
    let s = a.state(&game).await;
    assert_eq!(
        s.claim_after,
        Some(1),
        "the state says when a win may be claimed"
    );

    // While the opponent is here, nothing can be claimed.
    let e = refused(&mut a, claim(&game), ErrorCode::NotAway).await;
    assert_eq!(e, "the opponent is here");

    b.close().await;
    until!(a, ServerMsg::Presence { .. });
    // Too soon: the message says how long the opponent has been away and the limit.
    let e = refused(&mut a, claim(&game), ErrorCode::NotAway).await;
    assert!(e.contains("after 1 s"), "{e}");

    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut a, claim(&game)).await;
    let over = game_over(&mut a).await;
    assert_eq!(over.winner, Player::One);
    assert_eq!(over.reason, EndReason::Abandoned);
    check_commitment(&over);

    // The ending is stored: after a restart the game reads the same.
    drop(a);
    server.shutdown().await.unwrap();
    let server = start_with(&db, limits).await;
    let mut c = Client::connect(server.addr()).await;
    send(
        &mut c,
        ClientMsg::Resume {
            game: game.clone(),
            token: Some(token),
        },
    )
    .await;
    let s = until!(c, ServerMsg::State(s) => s);
    assert_eq!(s.phase, Phase::Over);
    let result = s.result.unwrap();
    assert_eq!(result.reason, EndReason::Abandoned);
    assert_eq!(result.winner, Player::One);
    let (status, record) = http_get(server.addr(), &format!("/games/{game}/record.json")).await;
    assert_eq!(status, 200, "{record}");
}

#[tokio::test]
async fn no_win_is_claimed_in_a_clocked_game_or_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        claim_after: Duration::from_secs(1),
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
    let (mut a, b, game, _) = battle(server.addr(), Some(60)).await;
    assert!(a.state(&game).await.claim_after.is_none());
    b.close().await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let e = refused(&mut a, claim(&game), ErrorCode::NotAway).await;
    assert!(e.contains("without a clock"), "{e}");

    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    refused(&mut c, claim(&game), ErrorCode::NotAway).await;
}

#[tokio::test]
async fn a_friend_who_joined_without_a_name_gives_one_and_everyone_hears_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut a = Client::connect(server.addr()).await;
    send(
        &mut a,
        ClientMsg::NewGame {
            opponent: Opponent::Friend,
            level: None,
            rules: None,
            clock: None,
            name: Some("Алиса".into()),
            player: None,
            lang: None,
            rated: None,
        },
    )
    .await;
    let (game, _, _) = joined(&mut a).await;
    let mut b = Client::connect(server.addr()).await;
    send(
        &mut b,
        ClientMsg::Join {
            game: game.clone(),
            name: None,
        },
    )
    .await;
    joined(&mut b).await;
    let mut watcher = Client::connect(server.addr()).await;
    send(&mut watcher, ClientMsg::Watch { game: game.clone() }).await;
    let names = until!(watcher, ServerMsg::State(s) => s.names);
    assert_eq!(names, [Some("Алиса".to_string()), None]);

    send(
        &mut b,
        ClientMsg::Name {
            game: game.clone(),
            name: "  Боб ".into(),
        },
    )
    .await;
    for c in [&mut a, &mut watcher] {
        let p = until!(c, ServerMsg::Presence { player, name: Some(name), .. } if name == "Боб" => player);
        assert_eq!(p, Player::Two);
    }
    assert_eq!(
        watcher.state(&game).await.names,
        [Some("Алиса".to_string()), Some("Боб".to_string())]
    );
    // A bad name is refused with the reason, and the old one stays.
    let bad = ClientMsg::Name {
        game: game.clone(),
        name: "x".repeat(25),
    };
    refused(&mut b, bad, ErrorCode::BadMessage).await;
    assert_eq!(a.state(&game).await.names[1].as_deref(), Some("Боб"));
}

/// The next state the connection is sent.
async fn next_state(c: &mut Client) -> StateJson {
    until!(c, ServerMsg::State(s) => *s)
}

#[tokio::test]
async fn hotseat_plays_both_seats_over_one_connection_and_the_server_hands_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut c = Client::connect(server.addr()).await;
    refused(
        &mut c,
        new_game(Opponent::Hotseat, Some(30)),
        ErrorCode::BadClock,
    )
    .await;
    send(&mut c, new_game(Opponent::Hotseat, None)).await;
    let (game, _, _) = joined(&mut c).await;
    let s = next_state(&mut c).await;
    assert_eq!((s.seat, s.mode.as_str()), (Some(Player::One), "hotseat"));
    assert_eq!(s.phase, Phase::Placement);
    assert!(s.claim_after.is_none());

    // Seat 1 places; the server hands the device to seat 2, who places too.
    send(
        &mut c,
        ClientMsg::Place {
            game: game.clone(),
            fleet: fleet(),
        },
    )
    .await;
    let s = loop {
        let s = next_state(&mut c).await;
        if s.seat == Some(Player::Two) {
            break s;
        }
    };
    assert_eq!(s.phase, Phase::Placement);
    assert!(
        s.own.as_ref().unwrap().fleet.is_none(),
        "seat 2 has not placed: {s:?}"
    );
    // Another device cannot take the second seat.
    let mut other = Client::connect(server.addr()).await;
    refused(
        &mut other,
        ClientMsg::Join {
            game: game.clone(),
            name: None,
        },
        ErrorCode::GameFull,
    )
    .await;
    send(
        &mut c,
        ClientMsg::Place {
            game: game.clone(),
            fleet: None,
        },
    )
    .await;
    let mut s = loop {
        let s = next_state(&mut c).await;
        if s.phase == Phase::Battle {
            break s;
        }
    };
    // Each seat fires in board order; every state is the acting seat's own view.
    let cells = all_cells(10, 10);
    let mut next = [0usize; 2];
    let mut handovers = 0;
    let mut last_seat = s.seat;
    let result = loop {
        let seat = s.seat.unwrap();
        assert_eq!(
            s.to_move,
            Some(seat),
            "the state is the acting seat's: {s:?}"
        );
        let own = s.own.as_ref().and_then(|o| o.fleet.clone());
        assert!(own.is_some(), "{s:?}");
        if seat == Player::One {
            let mut own = own.unwrap();
            own.sort();
            let mut placed = FLEET.map(String::from).to_vec();
            placed.sort();
            assert_eq!(own, placed);
        }
        let i = seat.index();
        let cell = cells[next[i]].clone();
        next[i] += 1;
        send(
            &mut c,
            ClientMsg::Fire {
                game: game.clone(),
                cells: vec![cell],
            },
        )
        .await;
        match until!(c, ServerMsg::State(_) | ServerMsg::GameOver { .. }) {
            ServerMsg::GameOver { result, .. } => break *result,
            ServerMsg::State(next) => s = *next,
            _ => unreachable!(),
        }
        if s.seat != last_seat {
            handovers += 1;
            last_seat = s.seat;
        }
    };
    assert!(
        handovers > 5,
        "the device went from hand to hand {handovers} times"
    );
    assert_eq!(result.reason, EndReason::FleetSunk);
    check_commitment(&result);
    // Resuming with the one token comes back to the game.
    c.close().await;
}

#[tokio::test]
async fn a_tapped_ship_turns_into_a_legal_place_or_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    send(
        &mut c,
        ClientMsg::Turn {
            game: game.clone(),
            fleet: words(&["c3-f3", "d5-e5"]),
            ship: 0,
        },
    )
    .await;
    let (fleet, ship) = until!(c, ServerMsg::Turned { fleet, ship, .. } => (fleet, ship));
    assert_eq!(ship, 0);
    assert_eq!(fleet[1], "d5-e5", "the other ship stays");
    assert_ne!(fleet[0], "c3-c6", "turned in place it would touch d5");
    send(
        &mut c,
        ClientMsg::Check {
            game: game.clone(),
            fleet,
            lang: None,
            coords: None,
        },
    )
    .await;
    let violations = until!(c, ServerMsg::Checked { violations, .. } => violations);
    assert!(
        violations.iter().all(|v| v.kind == ViolationKind::Fleet),
        "{violations:?}"
    );
    let e = refused(
        &mut c,
        ClientMsg::Turn {
            game: game.clone(),
            fleet: words(&["c3-f3"]),
            ship: 3,
        },
        ErrorCode::BadMessage,
    )
    .await;
    assert!(e.contains("names no ship"), "{e}");
}
