//! Games between people that people can trust: a win claimed over an opponent who
//! left, a name given after joining, and two players at one device (hot-seat).

use crate::common::*;
use seabattle_server::Limits;
use seabattle_server::protocol::{ClientMsg, Opponent};
use serde_json::Value;
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
    let j = a.until("joined").await;
    let game = j["game"].as_str().unwrap().to_string();
    let token = j["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(addr).await;
    send(
        &mut b,
        ClientMsg::Join {
            game: game.clone(),
            name: None,
        },
    )
    .await;
    b.until("joined").await;
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
    a.until("battle").await;
    b.until("battle").await;
    (a, b, game, token)
}

/// Sends `m`, which must be refused with `code`: the error (news sent before it is
/// skipped).
async fn refused(c: &mut Client, m: ClientMsg, code: &str) -> Value {
    send(c, m).await;
    let e = c.until("error").await;
    assert_eq!(e["code"], code, "{e}");
    e
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
        s["claim_after"], 1,
        "the state says when a win may be claimed"
    );

    // While the opponent is here, nothing can be claimed.
    let e = refused(&mut a, claim(&game), "not_away").await;
    assert_eq!(e["message"], "the opponent is here");

    b.close().await;
    a.until("presence").await;
    // Too soon: the message says how long the opponent has been away and the limit.
    let e = refused(&mut a, claim(&game), "not_away").await;
    assert!(e["message"].as_str().unwrap().contains("after 1 s"), "{e}");

    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut a, claim(&game)).await;
    let over = a.until("game_over").await;
    assert_eq!(over["result"]["winner"], 1);
    assert_eq!(over["result"]["reason"], "abandoned");
    check_commitment(&over["result"]);

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
    let s = c.until("state").await;
    assert_eq!(s["phase"], "over");
    assert_eq!(s["result"]["reason"], "abandoned");
    assert_eq!(s["result"]["winner"], 1);
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
    assert!(a.state(&game).await.get("claim_after").is_none());
    b.close().await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let e = refused(&mut a, claim(&game), "not_away").await;
    assert!(
        e["message"].as_str().unwrap().contains("without a clock"),
        "{e}"
    );

    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    refused(&mut c, claim(&game), "not_away").await;
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
        },
    )
    .await;
    let game = a.until("joined").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let mut b = Client::connect(server.addr()).await;
    send(
        &mut b,
        ClientMsg::Join {
            game: game.clone(),
            name: None,
        },
    )
    .await;
    b.until("joined").await;
    let mut watcher = Client::connect(server.addr()).await;
    send(&mut watcher, ClientMsg::Watch { game: game.clone() }).await;
    let s = watcher.until("state").await;
    assert_eq!(
        list::<Option<String>>(&s["names"]),
        [Some("Алиса".to_string()), None]
    );

    send(
        &mut b,
        ClientMsg::Name {
            game: game.clone(),
            name: "  Боб ".into(),
        },
    )
    .await;
    for c in [&mut a, &mut watcher] {
        let p = loop {
            let p = c.until("presence").await;
            if p["name"] == "Боб" {
                break p;
            }
        };
        assert_eq!(p["player"], 2);
    }
    assert_eq!(
        list::<Option<String>>(&watcher.state(&game).await["names"]),
        [Some("Алиса".to_string()), Some("Боб".to_string())]
    );
    // A bad name is refused with the reason, and the old one stays.
    let bad = ClientMsg::Name {
        game: game.clone(),
        name: "x".repeat(25),
    };
    refused(&mut b, bad, "bad_message").await;
    assert_eq!(a.state(&game).await["names"][1], "Боб");
}

/// The next state the connection is sent.
async fn next_state(c: &mut Client) -> Value {
    c.until("state").await
}

#[tokio::test]
async fn hotseat_plays_both_seats_over_one_connection_and_the_server_hands_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut c = Client::connect(server.addr()).await;
    refused(&mut c, new_game(Opponent::Hotseat, Some(30)), "bad_clock").await;
    send(&mut c, new_game(Opponent::Hotseat, None)).await;
    let j = c.until("joined").await;
    let game = j["game"].as_str().unwrap().to_string();
    let s = next_state(&mut c).await;
    assert_eq!(
        (s["seat"].clone(), s["mode"].clone()),
        (1.into(), "hotseat".into())
    );
    assert_eq!(s["phase"], "placement");
    assert!(s.get("claim_after").is_none());

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
        if s["seat"] == 2 {
            break s;
        }
    };
    assert_eq!(s["phase"], "placement");
    assert!(s["own"]["fleet"].is_null(), "seat 2 has not placed: {s}");
    // Another device cannot take the second seat.
    let mut other = Client::connect(server.addr()).await;
    refused(
        &mut other,
        ClientMsg::Join {
            game: game.clone(),
            name: None,
        },
        "game_full",
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
        if s["phase"] == "battle" {
            break s;
        }
    };
    // Each seat fires in board order; every state is the acting seat's own view.
    let cells = all_cells(10, 10);
    let mut next = [0usize; 2];
    let mut handovers = 0;
    let mut last_seat = s["seat"].clone();
    let result = loop {
        let seat = s["seat"].as_u64().unwrap();
        assert_eq!(s["to_move"], seat, "the state is the acting seat's: {s}");
        assert!(s["own"]["fleet"].is_array(), "{s}");
        if seat == 1 {
            let mut own: Vec<String> = serde_json::from_value(s["own"]["fleet"].clone()).unwrap();
            own.sort();
            let mut placed = FLEET.map(String::from).to_vec();
            placed.sort();
            assert_eq!(own, placed);
        }
        let i = seat as usize - 1;
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
        let m = c.until_any(&["state", "game_over"]).await;
        if m["type"] == "game_over" {
            break m["result"].clone();
        }
        s = m;
        if s["seat"] != last_seat {
            handovers += 1;
            last_seat = s["seat"].clone();
        }
    };
    assert!(
        handovers > 5,
        "the device went from hand to hand {handovers} times"
    );
    assert_eq!(result["reason"], "fleet_sunk");
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
    let t = c.until("turned").await;
    assert_eq!(t["ship"], 0);
    assert_eq!(t["fleet"][1], "d5-e5", "the other ship stays");
    assert_ne!(t["fleet"][0], "c3-c6", "turned in place it would touch d5");
    send(
        &mut c,
        ClientMsg::Check {
            game: game.clone(),
            fleet: serde_json::from_value(t["fleet"].clone()).unwrap(),
            lang: None,
            coords: None,
        },
    )
    .await;
    let checked = c.until("checked").await;
    let kinds: Vec<&str> = checked["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.iter().all(|k| *k == "fleet"), "{checked}");
    let e = refused(
        &mut c,
        ClientMsg::Turn {
            game: game.clone(),
            fleet: words(&["c3-f3"]),
            ship: 3,
        },
        "bad_message",
    )
    .await;
    assert!(
        e["message"].as_str().unwrap().contains("names no ship"),
        "{e}"
    );
}
