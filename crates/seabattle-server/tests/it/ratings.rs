//! Players who come back, on a real server: a rated game between two accounts through
//! the queue changes both ratings as Glicko-2 says, and shows on the profile; "my
//! games" resumes a game on another device without its token; a deleted account
//! leaves a "deleted player" seat; a guest's learned fleets and finished games move to
//! the account they sign up with (docs/protocol.md, "Ratings").

use crate::accounts::{creds, post, request};
use crate::common::*;
use seabattle_client::msg;
use seabattle_server::ratings::glicko::{Rating, Score, after_game};
use seabattle_wire::Opponent;
use serde_json::{Value, json};
use std::net::SocketAddr;

/// Signs `name` up; the session token.
async fn sign_up(addr: SocketAddr, name: &str) -> String {
    let r = post(
        addr,
        "/account/signup",
        &creds(name, "correct horse 1"),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.token().unwrap()
}

/// `GET path` with the session `token`: status and body.
async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, String) {
    let r = request(addr, "GET", path, "", token, None).await;
    (r.status, r.body)
}

/// The `joined` of the game `c` joins within `secs` seconds.
async fn joined_within(c: &mut Client, secs: u64) -> Value {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while let Some(m) = c
        .try_recv(until.saturating_duration_since(std::time::Instant::now()))
        .await
    {
        if m["type"] == "joined" {
            return m;
        }
    }
    panic!("not paired within {secs} s");
}

/// Both players place at random; `one` resigns at once: `two` wins.
async fn place_and_resign(one: &mut Client, two: &mut Client, game: &str) -> [Value; 2] {
    for c in [&mut *one, &mut *two] {
        c.send(msg::place_random(game)).await;
    }
    one.until("battle").await;
    two.until("battle").await;
    one.send(msg::resign(game)).await;
    [
        one.until("game_over").await["result"].clone(),
        two.until("game_over").await["result"].clone(),
    ]
}

#[tokio::test]
async fn a_rated_game_through_the_queue_changes_both_ratings_as_glicko2_says() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (ann_token, bob_token) = (sign_up(addr, "Ann").await, sign_up(addr, "Боб").await);
    let mut ann = Client::connect_signed_in(addr, &ann_token, "Ann").await;
    let mut bob = Client::connect_signed_in(addr, &bob_token, "Боб").await;
    // A guest never waits in the rated queue: it does not pair with Ann.
    let mut guest = Client::connect(addr).await;
    ann.send(msg::queue(Some("classic"))).await;
    let q = ann.until("queued").await;
    assert_eq!(q["rated"], true, "{q}");
    guest.send(msg::queue(Some("classic"))).await;
    let q = guest.until("queued").await;
    assert!(q["rated"].is_null(), "a guest's game is not rated: {q}");
    bob.send(msg::queue(Some("classic"))).await;
    let game = bob.until("joined").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        ann.until("joined").await["game"],
        game,
        "Ann waited: she is paired"
    );

    // Ann waited, so she sits in seat 1; she resigns, and resigning is a loss.
    let [a, b] = place_and_resign(&mut ann, &mut bob, &game).await;
    assert_eq!(a, b);
    assert_eq!(a["winner"], 2);
    let (loser, winner) = after_game(Rating::default(), Rating::default(), Score::Loss);
    let told = &a["ratings"];
    assert_eq!(told[0]["before"], 1500, "{told}");
    assert_eq!(told[0]["after"], loser.rating.round() as i64, "{told}");
    assert_eq!(told[1]["after"], winner.rating.round() as i64, "{told}");
    assert_eq!(
        told[1]["after"], 1662,
        "Glicko-2's first win between newcomers"
    );
    assert_eq!(told[1]["provisional_after"], true, "RD is still above 110");

    // The profile shows the rating with its «?», the game and its replay.
    let (status, page) = get(addr, "/u/%D0%B1%D0%BE%D0%B1?lang=en", None).await;
    assert_eq!(status, 200, "names are looked up regardless of case");
    assert!(page.contains("1662?"), "{page}");
    assert!(page.contains(&format!("/replay/{game}")), "{page}");
    assert!(page.contains("<svg"), "the rating history is drawn");
    assert!(page.contains("Won · rated"), "{page}");
    assert!(
        !page.contains("Sign out"),
        "only the owner sees the account's actions"
    );
    let (_, own) = get(addr, "/u/Ann?lang=ru", Some(&ann_token)).await;
    assert!(
        own.contains("Выйти на всех устройствах"),
        "the owner's section"
    );
    // Provisional ratings are not on the leaderboard yet.
    let (status, top) = get(addr, "/top?rules=classic&lang=en", None).await;
    assert_eq!(status, 200);
    assert!(top.contains("Nobody yet"), "{top}");
    let (status, bad) = get(addr, "/top?rules=nonsense", None).await;
    assert_eq!(status, 404);
    assert!(bad.contains("unknown preset"), "{bad}");
    assert_eq!(get(addr, "/u/nobody_here", None).await.0, 404);

    // A second rated game starts from the ratings the first left. They are 324 apart,
    // more than the 100 the window starts at: they meet once it has widened so far
    // (20 a second, looked at every 2 s), about 12 s on.
    for c in [&mut ann, &mut bob] {
        c.send(msg::queue(Some("classic"))).await;
    }
    assert_eq!(bob.until("queued").await["rated"], true);
    // Whoever the queue heard first waited longer and sits in seat 1.
    let next = joined_within(&mut bob, 25).await;
    let ann_joined = joined_within(&mut ann, 5).await;
    assert_eq!(ann_joined["game"], next["game"]);
    let game = next["game"].as_str().unwrap().to_string();
    let (ann_at, bob_at) = match ann_joined["seat"].as_u64() {
        Some(1) => (0, 1),
        _ => (1, 0),
    };
    let [r, _] = place_and_resign(&mut ann, &mut bob, &game).await;
    assert_eq!(r["ratings"][ann_at]["before"], told[0]["after"], "{r}");
    assert_eq!(r["ratings"][bob_at]["before"], 1662, "{r}");
}

#[tokio::test]
async fn my_games_resume_on_another_device_without_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let token = sign_up(addr, "Ann").await;
    let mut phone = Client::connect_signed_in(addr, &token, "Ann").await;
    let game = create(&mut phone, msg::new_game(Opponent::Friend)).await;
    let mut friend = Client::connect(addr).await;
    friend.send(msg::join(&game)).await;
    friend.until("joined").await;

    let (status, body) = get(addr, "/account/games", Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    let mine: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(mine["unfinished"][0]["game"], game, "{mine}");
    assert_eq!(mine["unfinished"][0]["opponent"]["kind"], "guest");
    assert_eq!(get(addr, "/account/games", None).await.0, 401);

    // The laptop has no token of the game: the account is enough.
    let mut laptop = Client::connect_signed_in(addr, &token, "Ann").await;
    laptop.send(msg::resume_as_account(&game)).await;
    let joined = laptop.until("joined").await;
    assert_eq!(joined["seat"], 1, "{joined}");
    // A guest without a token, and the friend's seat, are not the account's.
    let mut stranger = Client::connect(addr).await;
    stranger
        .expect_error(msg::resume_as_account(&game), "bad_token")
        .await;
    let other = sign_up(addr, "Eve").await;
    let mut eve = Client::connect_signed_in(addr, &other, "Eve").await;
    eve.expect_error(msg::resume_as_account(&game), "bad_token")
        .await;
}

#[tokio::test]
async fn deleting_an_account_leaves_a_deleted_player_in_the_opponents_games() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (ann_token, bob_token) = (sign_up(addr, "Ann").await, sign_up(addr, "Bob").await);
    let mut ann = Client::connect_signed_in(addr, &ann_token, "Ann").await;
    let mut bob = Client::connect_signed_in(addr, &bob_token, "Bob").await;
    for c in [&mut ann, &mut bob] {
        c.send(msg::queue(Some("classic"))).await;
    }
    let game = bob.until("joined").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    ann.until("joined").await;
    place_and_resign(&mut ann, &mut bob, &game).await;
    let (_, before) = get(addr, "/u/Ann?lang=en", None).await;
    assert!(before.contains("/u/Bob"), "{before}");

    let r = post(
        addr,
        "/account/delete",
        &creds("Bob", "correct horse 1"),
        Some(&bob_token),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(get(addr, "/u/Bob", None).await.0, 404);
    let (_, after) = get(addr, "/u/Ann?lang=en", None).await;
    assert!(after.contains("deleted player"), "{after}");
    assert!(
        after.contains(&format!("/replay/{game}")),
        "the game stays whole"
    );
    assert!(after.contains("1338?"), "Ann keeps her rating: {after}");
}

#[tokio::test]
async fn a_guests_learned_fleets_and_finished_games_move_to_the_account() {
    const KEY: &str = "guest-key-0123456789abcdef";
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut c = Client::connect(addr).await;
    let game = create(
        &mut c,
        msg::new_game(Opponent::Computer).level("easy").player(KEY),
    )
    .await;
    let token = c.log.iter().find(|m| m["type"] == "joined").unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    c.send(msg::place_random(&game)).await;
    c.until("battle").await;
    c.send(msg::resign(&game)).await;
    c.until("game_over").await;

    let body = json!({
        "name": "Ann",
        "password": "correct horse 1",
        "guest": { "player": KEY, "games": [{ "game": game, "token": token }] },
    });
    let r = post(addr, "/account/signup", &body.to_string(), None).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let session = r.token().unwrap();
    // Signed in, the page asks with whatever key this browser has: the account's
    // fleets come back, and the guest key no longer has them.
    let mut signed = Client::connect_signed_in(addr, &session, "Ann").await;
    signed
        .send(msg::learned("another-browser-key-000000", None))
        .await;
    let h = signed.until("learned").await;
    assert_eq!(
        h["histories"][0]["fleets"].as_array().unwrap().len(),
        1,
        "{h}"
    );
    c.send(msg::learned(KEY, None)).await;
    let h = c.until("learned").await;
    assert!(h["histories"].as_array().unwrap().is_empty(), "{h}");
    let (_, mine) = get(addr, "/account/games", Some(&session)).await;
    let mine: Value = serde_json::from_str(&mine).unwrap();
    assert_eq!(mine["finished"][0]["game"], game, "{mine}");
    assert_eq!(mine["finished"][0]["opponent"]["kind"], "computer");
    // The owner's profile shows what was learned; nobody else's view of it does.
    let (_, own) = get(addr, "/u/Ann?lang=en", Some(&session)).await;
    assert!(
        own.contains("Fleets: 1") && own.contains("class=\"heat\""),
        "{own}"
    );
    let (_, public) = get(addr, "/u/Ann?lang=en", None).await;
    assert!(!public.contains("class=\"heat\""), "{public}");

    let bad = json!({ "name": "Bob", "password": "correct horse 1", "guest": { "player": "no" } });
    let r = post(addr, "/account/signup", &bad.to_string(), None).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("guest.player"), "{}", r.body);
}

#[tokio::test]
async fn friends_who_both_ask_before_placing_play_rated() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (ann_token, bob_token) = (sign_up(addr, "Ann").await, sign_up(addr, "Bob").await);
    let mut ann = Client::connect_signed_in(addr, &ann_token, "Ann").await;
    let game = create(&mut ann, msg::new_game(Opponent::Friend)).await;
    let mut bob = Client::connect_signed_in(addr, &bob_token, "Bob").await;
    bob.send(msg::join(&game)).await;
    bob.until("joined").await;

    ann.send(msg::rate(&game)).await;
    let asked = bob.until("rate").await;
    assert_eq!(
        (asked["asked"].clone(), asked["rated"].clone()),
        (json!([true, false]), json!(false))
    );
    bob.send(msg::rate(&game)).await;
    // Ann hears her own ask first, then Bob's, which makes the game rated.
    assert_eq!(ann.until("rate").await["rated"], false);
    assert_eq!(ann.until("rate").await["rated"], true);
    assert_eq!(ann.state(&game).await["rated"], true);
    let [result, _] = place_and_resign(&mut ann, &mut bob, &game).await;
    assert_eq!(result["ratings"][1]["after"], 1662, "{result}");

    // A guest cannot ask, nor can anyone once a fleet is placed, nor in a computer game.
    let next = create(&mut ann, msg::new_game(Opponent::Friend)).await;
    let mut guest = Client::connect(addr).await;
    guest.send(msg::join(&next)).await;
    guest.until("joined").await;
    guest.send(msg::rate(&next)).await;
    assert_eq!(guest.until("error").await["code"], "not_rateable");
    ann.send(msg::place_random(&next)).await;
    ann.until("placed").await;
    ann.send(msg::rate(&next)).await;
    let refused = ann.until("error").await;
    assert_eq!(refused["code"], "not_rateable");
    let words = refused["message"].as_str().unwrap();
    assert!(words.contains("before either fleet"), "{words}");
    let (mut solo, computer_game, _) = vs_computer(addr, "easy", "classic").await;
    solo.send(msg::rate(&computer_game)).await;
    assert_eq!(solo.until("error").await["code"], "not_rateable");
}

#[tokio::test]
async fn established_ratings_are_on_the_leaderboard_best_first() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (ann_token, bob_token) = (sign_up(addr, "Ann").await, sign_up(addr, "Bob").await);
    let mut ann = Client::connect_signed_in(addr, &ann_token, "Ann").await;
    let mut bob = Client::connect_signed_in(addr, &bob_token, "Bob").await;
    // Rated friends' games, Ann winning two of three, until both deviations are at
    // most 110 and both players show.
    let mut games = 0;
    let top = loop {
        games += 1;
        assert!(games <= 40, "no established rating after 40 games");
        let game = create(&mut ann, msg::new_game(Opponent::Friend)).await;
        bob.send(msg::join(&game)).await;
        bob.until("joined").await;
        for c in [&mut ann, &mut bob] {
            c.send(msg::rate(&game)).await;
        }
        bob.until("rate").await;
        bob.until("rate").await;
        if games % 3 == 0 {
            place_and_resign(&mut ann, &mut bob, &game).await;
        } else {
            place_and_resign(&mut bob, &mut ann, &game).await;
        }
        let (_, top) = get(addr, "/top?rules=classic&lang=en", None).await;
        if top.contains("/u/Bob") {
            break top;
        }
    };
    let (ann_at, bob_at) = (top.find("/u/Ann").unwrap(), top.find("/u/Bob").unwrap());
    assert!(ann_at < bob_at, "the better rating first: {top}");
    assert!(
        !top.contains("?<"),
        "no provisional rating is listed: {top}"
    );
    assert!(games >= 5, "one game cannot establish a rating ({games})");
}
