//! The computer's levels on the ladder (issue 40), on SQLite and PostgreSQL: a
//! signed-in person asks for a rated game against a level, which plays under its
//! system BOT account and whose rating moves with the person's on the one scale; a
//! rated seeker alone in the queue is offered a rated game against the level nearest in
//! rating, and one who declines stays in the queue; a guest is offered the computer
//! unrated, and cannot ask for a rated game.

use crate::accounts::sign_up;
use crate::common::*;
use seabattle_client::msg;
use seabattle_core::Player;
use seabattle_wire::{ClientMsg, Opponent};
use std::time::Duration;

/// A level's rating never moves (issue 48): it plays at its fixed rating, shown
/// without «?», and only the person's rating moves; the coach does not help in the
/// rated game.
#[tokio::test]
async fn a_rated_game_against_a_level_moves_only_the_person_s_rating_and_has_no_coach() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let ann = db.name("Ann");
        let session = sign_up(addr, &ann).await;
        let mut a = Client::connect_signed_in(addr, &session, &ann).await;
        a.send(msg::new_game(Opponent::Computer).level("easy").rated())
            .await;
        let (game, seat, _) = joined(&mut a).await;
        assert_eq!(seat, Some(Player::One));
        let state = a.state(&game).await;
        assert!(state.rated, "{state:?}");
        let level = state.accounts[1].clone().expect("the level's account");
        assert_eq!((level.name.as_str(), level.bot), ("Компьютер.лёгкий", true));
        assert_eq!((level.rating, level.provisional), (Some(1255), false));
        a.send(msg::place_random(&game)).await;
        until_battle(&mut a).await;
        a.send(msg::coach(&game)).await;
        let refused = a
            .until_map(|m| match m {
                ServerMsg::Error {
                    code: ErrorCode::NoCoach,
                    message,
                } => Some(message),
                _ => None,
            })
            .await;
        assert!(refused.contains("rated"), "{refused}");
        let result = play_out(&mut a, &game, Player::One, 10, 10).await;
        let ratings = result.ratings.expect("a rated game's ratings");
        assert_ne!(ratings[0].before, ratings[0].after, "{ratings:?}");
        assert_eq!((ratings[1].before, ratings[1].after), (1255, 1255));
        assert!(!ratings[1].provisional_after, "{ratings:?}");
        // The level's profile says BOT and shows the rated game.
        let (status, page) = http_get(addr, "/u/%D0%9A%D0%BE%D0%BC%D0%BF%D1%8C%D1%8E%D1%82%D0%B5%D1%80.%D0%BB%D1%91%D0%B3%D0%BA%D0%B8%D0%B9").await;
        assert_eq!(status, 200, "{page}");
        assert!(page.contains("BOT"), "{page}");
        // Her profile's rating against people only has no game yet: the level is a BOT.
        let (_, mine) = http_get(addr, &format!("/u/{ann}?lang=en")).await;
        assert!(mine.contains("Against people"), "{mine}");
        assert!(mine.contains("data-people=\"classic\">—<"), "{mine}");
        // Her games list names the level's account, marked BOT, not «computer (easy)».
        // An English page names the level in English (issue 48); its address stays.
        let named = "%D0%9A%D0%BE%D0%BC%D0%BF%D1%8C%D1%8E%D1%82%D0%B5%D1%80.%D0%BB%D1%91%D0%B3%D0%BA%D0%B8%D0%B9?lang=en\">Computer.easy</a> <span class=\"bot\">BOT</span>";
        assert!(mine.contains(named) && !mine.contains("(easy)"), "{mine}");
        // People on /top, the level on its BOTs' tab.
        let (_, people) = http_get(addr, "/top?rules=classic").await;
        assert!(
            people.contains(&ann) && !people.contains("Компьютер.лёгкий"),
            "{people}"
        );
        let (status, bots) = http_get(addr, "/top?rules=classic&who=bots&lang=ru").await;
        assert_eq!(status, 200);
        assert!(
            bots.contains("Компьютер.лёгкий") && !bots.contains(&ann),
            "{bots}"
        );
        let (_, bots_en) = http_get(addr, "/top?rules=classic&who=bots&lang=en").await;
        assert!(
            bots_en.contains(">Computer.easy<") && !bots_en.contains(">Компьютер.лёгкий<"),
            "{bots_en}"
        );
        // A level that played no rated game is not on the board: its fixed rating is
        // set at start, its games are none.
        assert!(!bots_en.contains(">Computer.expert<"), "{bots_en}");
        // The socket's welcome names the levels' accounts, for the page's words.
        let welcome = Client::connect(addr).await.welcome().clone();
        let ServerMsg::Welcome { levels, .. } = welcome else {
            panic!("{welcome:?}")
        };
        assert!(
            levels
                .iter()
                .any(|l| (l.level.as_str(), l.name.as_str()) == ("easy", "Компьютер.лёгкий")),
            "{levels:?}"
        );
        // No password opens a level's account.
        let r = crate::accounts::post(
            addr,
            "/account/login",
            &crate::accounts::creds(
                "Компьютер.лёгкий",
                "!system: no password opens this account",
            ),
            None,
        )
        .await;
        assert_eq!(r.status, 401, "{}", r.body);
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn a_guest_and_a_custom_rules_text_cannot_ask_for_a_rated_computer_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    let mut guest = Client::connect(addr).await;
    guest
        .expect_error(
            msg::new_game(Opponent::Computer).level("hard").rated(),
            ErrorCode::NotRateable,
        )
        .await;
    let session = sign_up(addr, "Ann").await;
    let mut a = Client::connect_signed_in(addr, &session, "Ann").await;
    a.expect_error(
        msg::new_game(Opponent::Computer)
            .level("hard")
            .rules("8x8 fleet=3,2,2,1")
            .rated(),
        ErrorCode::NotRateable,
    )
    .await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_rated_seeker_alone_is_offered_the_nearest_level_and_may_decline() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db
        .server_with(Duration::from_secs(60), |c| {
            c.queue_wait = Duration::from_millis(300)
        })
        .await;
    let addr = server.addr();
    let session = sign_up(addr, "Ann").await;
    let mut a = Client::connect_signed_in(addr, &session, "Ann").await;
    a.send(msg::queue_rated(Some("classic"), true)).await;
    until!(a, ServerMsg::Queued { .. });
    let (level, bot) = until!(a, ServerMsg::QueueOffer { level, bot, .. } => (level, bot));
    let (level, bot) = (level.expect("a level offered"), bot.expect("its account"));
    assert!(bot.bot && bot.name.starts_with("Компьютер."), "{bot:?}");
    assert!(bot.rating.is_some(), "{bot:?}");
    // A guest waiting is offered the computer, unrated: no level named.
    let mut g = Client::connect(addr).await;
    g.send(msg::queue(Some("big15"))).await;
    until!(g, ServerMsg::Queued { .. });
    let named = until!(g, ServerMsg::QueueOffer { level, bot, .. } => (level, bot));
    assert_eq!(named, (None, None));
    // Declining is staying: Ann still waits, and a second rated seeker meets her.
    let bob = sign_up(addr, "Bob").await;
    let mut b = Client::connect_signed_in(addr, &bob, "Bob").await;
    b.send(msg::queue_rated(Some("classic"), true)).await;
    let (game, _, _) = joined(&mut a).await;
    joined(&mut b).await;
    assert!(a.state(&game).await.rated);
    // Accepting the offer is a rated game against that level.
    let mut c = Client::connect_signed_in(addr, &session, "Ann").await;
    c.send(ClientMsg::from(
        msg::new_game(Opponent::Computer).level(&level).rated(),
    ))
    .await;
    let (game, _, _) = joined(&mut c).await;
    let state = c.state(&game).await;
    assert!(state.rated);
    assert_eq!(
        state.accounts[1].as_ref().map(|a| a.name.clone()),
        Some(bot.name)
    );
    server.shutdown().await.unwrap();
}
