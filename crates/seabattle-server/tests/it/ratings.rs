//! Players who come back, on a real server: a rated game between two accounts through
//! the queue changes both ratings as Glicko-2 says, and shows on the profile; "my
//! games" resumes a game on another device without its token; a deleted account
//! leaves a "deleted player" seat; a guest's learned fleets and finished games move to
//! the account they sign up with (docs/protocol.md, "Ratings").

use crate::accounts::{creds, post, request, sign_up};
use crate::common::*;
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_server::Limits;
use seabattle_server::ratings::glicko::{Rating, Score, after_game};
use seabattle_wire::players::{MyGames, SeatedOpponent};
use seabattle_wire::{Casual, ErrorCode, Opponent, RatingJson};
use serde_json::json;
use std::net::SocketAddr;

/// The account's games, by `GET /account/games` with its session `token`.
async fn my_games(addr: SocketAddr, token: &str) -> MyGames {
    let (status, body) = get(addr, "/account/games", Some(token)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// `GET path` with the session `token`: status and body.
async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, String) {
    let r = request(addr, "GET", path, "", token, None).await;
    (r.status, r.body)
}

/// The `joined` of the game `c` joins within `secs` seconds.
pub(crate) async fn joined_within(c: &mut Client, secs: u64) -> (String, Option<Player>) {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while let Some(m) = c
        .try_recv(until.saturating_duration_since(std::time::Instant::now()))
        .await
    {
        if let ServerMsg::Joined { game, seat, .. } = m {
            return (game, seat);
        }
    }
    panic!("not paired within {secs} s");
}

/// Both players place at random; `one` resigns at once: `two` wins.
pub(crate) async fn place_and_resign(
    one: &mut Client,
    two: &mut Client,
    game: &str,
) -> [ResultJson; 2] {
    for c in [&mut *one, &mut *two] {
        c.send(msg::place_random(game)).await;
    }
    let first = until_battle(one).await;
    until_battle(two).await;
    // Each fires once first: a game nobody played is aborted, not rated.
    each_fires(one, two, game, first).await;
    one.send(msg::resign(game)).await;
    [game_over(one).await, game_over(two).await]
}

/// Both players fire until each has fired at least once, `first` first.
async fn each_fires(one: &mut Client, two: &mut Client, game: &str, first: Player) {
    // A seat does not change: any state says whose `one` is.
    let mine = one.state(game).await.seat.expect("a player");
    let cells = all_cells(10, 10);
    let mut fired = [0usize; 2];
    let mut p = first;
    while fired.contains(&0) {
        let c = if p == mine { &mut *one } else { &mut *two };
        let cell = cells[fired[p.index()]].clone();
        fired[p.index()] += 1;
        c.send(msg::fire(game, [cell.clone()])).await;
        p = loop {
            let shot = next_shot(c).await;
            if shot.player == p && shot.shots[0].cell == cell {
                break shot.next.expect("the battle goes on");
            }
        };
    }
}

/// The ratings a rated game's result told.
fn ratings(result: &ResultJson) -> &[RatingJson; 2] {
    result.ratings.as_ref().expect("a rated game's ratings")
}

/// Whether the next `queued` says the game will be rated.
pub(crate) async fn queued_rated(c: &mut Client) -> bool {
    until!(c, ServerMsg::Queued { rated, .. } => rated)
}

/// The next `rate`: who asked, and whether the game is rated now.
async fn rate(c: &mut Client) -> ([bool; 2], bool) {
    until!(c, ServerMsg::Rate { asked, rated, .. } => (asked, rated))
}

/// The next error: its code and message.
pub(crate) async fn error(c: &mut Client) -> (ErrorCode, String) {
    until!(c, ServerMsg::Error { code, message } => (code, message))
}

#[tokio::test]
async fn a_rated_game_through_the_queue_changes_both_ratings_as_glicko2_says() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (ann_token, bob_token) = (sign_up(addr, "Ann").await, sign_up(addr, "Боб").await);
    let mut ann = Client::connect_signed_in(addr, &ann_token, "Ann").await;
    let mut bob = Client::connect_signed_in(addr, &bob_token, "Боб").await;
    // A rated seeker meets another rated one first: the guest who came between does
    // not pair with Ann.
    let mut guest = Client::connect(addr).await;
    ann.send(msg::queue(Some("classic"))).await;
    assert!(queued_rated(&mut ann).await);
    guest.send(msg::queue(Some("classic"))).await;
    assert!(
        !queued_rated(&mut guest).await,
        "a guest's game is not rated"
    );
    bob.send(msg::queue(Some("classic"))).await;
    let (game, _, _) = joined(&mut bob).await;
    assert_eq!(joined(&mut ann).await.0, game, "Ann waited: she is paired");
    // The guest goes: a rated seeker who waits long enough meets anyone (see pool.rs).
    guest.close().await;

    // Ann waited, so she sits in seat 1; she resigns, and resigning is a loss.
    let [a, b] = place_and_resign(&mut ann, &mut bob, &game).await;
    assert_eq!(a, b);
    assert_eq!(a.winner, Player::Two);
    let (loser, winner) = after_game(Rating::default(), Rating::default(), Score::Loss);
    let told = ratings(&a);
    assert_eq!(told[0].before, 1500, "{told:?}");
    assert_eq!(told[0].after, loser.rating.round() as i32, "{told:?}");
    assert_eq!(told[1].after, winner.rating.round() as i32, "{told:?}");
    assert_eq!(
        told[1].after, 1662,
        "Glicko-2's first win between newcomers"
    );
    assert!(told[1].provisional_after, "RD is still above 110");

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
    // Nobody's rating is established yet: the leaderboard lists the provisional ones,
    // marked (see leaderboard.rs).
    let (status, top) = get(addr, "/top?rules=classic&lang=en", None).await;
    assert_eq!(status, 200);
    assert!(top.contains("1662?"), "{top}");
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
    assert!(queued_rated(&mut bob).await);
    // Whoever the queue heard first waited longer and sits in seat 1.
    let (game, _) = joined_within(&mut bob, 25).await;
    let (ann_game, ann_seat) = joined_within(&mut ann, 5).await;
    assert_eq!(ann_game, game);
    let (ann_at, bob_at) = match ann_seat {
        Some(Player::One) => (0, 1),
        _ => (1, 0),
    };
    let [r, _] = place_and_resign(&mut ann, &mut bob, &game).await;
    assert_eq!(ratings(&r)[ann_at].before, told[0].after, "{r:?}");
    assert_eq!(ratings(&r)[bob_at].before, 1662, "{r:?}");
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
    joined(&mut friend).await;

    let mine = my_games(addr, &token).await;
    assert_eq!(mine.unfinished[0].game, game, "{mine:?}");
    assert_eq!(mine.unfinished[0].opponent, SeatedOpponent::Guest);
    assert_eq!(get(addr, "/account/games", None).await.0, 401);

    // The laptop has no token of the game: the account is enough.
    let mut laptop = Client::connect_signed_in(addr, &token, "Ann").await;
    laptop.send(msg::resume_as_account(&game)).await;
    assert_eq!(joined(&mut laptop).await.1, Some(Player::One));
    // A guest without a token, and the friend's seat, are not the account's.
    let mut stranger = Client::connect(addr).await;
    stranger
        .expect_error(msg::resume_as_account(&game), ErrorCode::BadToken)
        .await;
    let other = sign_up(addr, "Eve").await;
    let mut eve = Client::connect_signed_in(addr, &other, "Eve").await;
    eve.expect_error(msg::resume_as_account(&game), ErrorCode::BadToken)
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
    let (game, _, _) = joined(&mut bob).await;
    joined(&mut ann).await;
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
    let token = logged_token(&c);
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    c.send(msg::resign(&game)).await;
    game_over(&mut c).await;

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
    let h = until!(signed, ServerMsg::Learned { histories } => histories);
    assert_eq!(h[0].fleets.len(), 1, "{h:?}");
    c.send(msg::learned(KEY, None)).await;
    let h = until!(c, ServerMsg::Learned { histories } => histories);
    assert!(h.is_empty(), "{h:?}");
    let mine = my_games(addr, &session).await;
    assert_eq!(mine.finished[0].game, game, "{mine:?}");
    assert_eq!(mine.finished[0].opponent, SeatedOpponent::Computer);
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
    joined(&mut bob).await;

    ann.send(msg::rate(&game)).await;
    let asked = rate(&mut bob).await;
    assert_eq!(asked, ([true, false], false));
    bob.send(msg::rate(&game)).await;
    // Ann hears her own ask first, then Bob's, which makes the game rated.
    assert!(!rate(&mut ann).await.1);
    assert!(rate(&mut ann).await.1);
    assert!(ann.state(&game).await.rated);
    let [result, _] = place_and_resign(&mut ann, &mut bob, &game).await;
    assert_eq!(ratings(&result)[1].after, 1662, "{result:?}");

    // A guest cannot ask, nor can anyone once a fleet is placed, nor in a computer game.
    let next = create(&mut ann, msg::new_game(Opponent::Friend)).await;
    let mut guest = Client::connect(addr).await;
    guest.send(msg::join(&next)).await;
    joined(&mut guest).await;
    guest.send(msg::rate(&next)).await;
    assert_eq!(error(&mut guest).await.0, ErrorCode::NotRateable);
    ann.send(msg::place_random(&next)).await;
    until!(ann, ServerMsg::Placed { .. });
    ann.send(msg::rate(&next)).await;
    let (code, words) = error(&mut ann).await;
    assert_eq!(code, ErrorCode::NotRateable);
    assert!(words.contains("before either fleet"), "{words}");
    let (mut solo, computer_game, _) = vs_computer(addr, "easy", "classic").await;
    solo.send(msg::rate(&computer_game)).await;
    assert_eq!(error(&mut solo).await.0, ErrorCode::NotRateable);
}

#[tokio::test]
async fn established_ratings_are_on_the_leaderboard_best_first() {
    let dir = tempfile::tempdir().unwrap();
    // Two accounts alone play enough games to establish both ratings here: the daily
    // limit of rated games between one pair is lifted for them.
    let limits = Limits {
        rated_per_pair: 1000,
        ..fast_limits()
    };
    let server = start_with(&dir.path().join("games.db"), limits).await;
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
        joined(&mut bob).await;
        for c in [&mut ann, &mut bob] {
            c.send(msg::rate(&game)).await;
        }
        rate(&mut bob).await;
        rate(&mut bob).await;
        if games % 3 == 0 {
            place_and_resign(&mut ann, &mut bob, &game).await;
        } else {
            place_and_resign(&mut bob, &mut ann, &game).await;
        }
        let (_, top) = get(addr, "/top?rules=classic&lang=en", None).await;
        // Provisional ratings are listed only while nobody's is established.
        if top.contains("/u/Bob") && !top.contains("established yet") {
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

/// A friends' game between `ann` and `bob` that both asked to be rated; its id.
async fn rated_friends(ann: &mut Client, bob: &mut Client) -> String {
    let game = create(ann, msg::new_game(Opponent::Friend)).await;
    bob.send(msg::join(&game)).await;
    joined(bob).await;
    ann.send(msg::rate(&game)).await;
    rate(bob).await;
    bob.send(msg::rate(&game)).await;
    assert!(rate(bob).await.1, "both asked: rated");
    game
}

#[tokio::test]
async fn a_game_resigned_before_each_has_fired_is_aborted_and_changes_no_rating() {
    for db in Db::all() {
        let server = db.server(std::time::Duration::from_secs(60)).await;
        let addr = server.addr();
        let (an, bn) = (db.name("Ann"), db.name("Bob"));
        let (ann_token, bob_token) = (sign_up(addr, &an).await, sign_up(addr, &bn).await);
        let mut ann = Client::connect_signed_in(addr, &ann_token, &an).await;
        let mut bob = Client::connect_signed_in(addr, &bob_token, &bn).await;
        let game = rated_friends(&mut ann, &mut bob).await;
        for c in [&mut ann, &mut bob] {
            c.send(msg::place_random(&game)).await;
        }
        until_battle(&mut ann).await;
        ann.send(msg::resign(&game)).await;
        let result = game_over(&mut bob).await;
        assert!(result.aborted, "{result:?}");
        assert_eq!(result.ratings, None, "an aborted game changes no rating");
        let (_, page) = get(addr, &format!("/u/{bn}?lang=en"), None).await;
        assert!(page.contains("Aborted"), "shown as aborted: {page}");
        assert!(page.contains("No rated games yet"), "{page}");
        let mine = my_games(addr, &bob_token).await;
        assert_eq!(mine.finished.len(), 1);
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn the_fourth_rated_game_in_a_day_between_two_accounts_is_casual() {
    for db in Db::all() {
        let server = db.server(std::time::Duration::from_secs(60)).await;
        let addr = server.addr();
        let (an, bn) = (db.name("Ann"), db.name("Bob"));
        let (ann_token, bob_token) = (sign_up(addr, &an).await, sign_up(addr, &bn).await);
        let mut ann = Client::connect_signed_in(addr, &ann_token, &an).await;
        let mut bob = Client::connect_signed_in(addr, &bob_token, &bn).await;
        for _ in 0..3 {
            let game = rated_friends(&mut ann, &mut bob).await;
            let [result, _] = place_and_resign(&mut ann, &mut bob, &game).await;
            assert!(result.ratings.is_some(), "{result:?}");
        }
        // A fourth friends' game cannot be made rated…
        let game = create(&mut ann, msg::new_game(Opponent::Friend)).await;
        bob.send(msg::join(&game)).await;
        joined(&mut bob).await;
        ann.send(msg::rate(&game)).await;
        rate(&mut bob).await;
        let why = bob
            .expect_error(msg::rate(&game), ErrorCode::NotRateable)
            .await;
        assert!(why.contains("3 rated games"), "{why}");
        // …and the rated queue pairs them casual, saying so before the game: under another
        // preset too (the limit is the pair's), one no other test queues for on a database
        // other tests share.
        for c in [&mut ann, &mut bob] {
            c.send(msg::queue(Some("big15"))).await;
        }
        let (game, _) = joined_within(&mut bob, 45).await;
        let state = bob.state(&game).await;
        assert!(!state.rated);
        assert_eq!(state.casual, Some(Casual::PairLimit));
        server.shutdown().await.unwrap();
    }
}
