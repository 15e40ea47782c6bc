//! BOT accounts on a real server, on SQLite and (with `SEABATTLE_TEST_POSTGRES`) on
//! PostgreSQL (issue 40): an account with no games becomes a BOT and gets a token shown
//! once; the BOT connects with it, accepts a person's challenge and plays a rated game
//! whose end moves both ratings on the one scale; it shows as BOT at the board, is
//! kept out of the queue, its cookie acts for nobody, and a revoked token is refused.

use crate::accounts::{creds, post, request, sign_up};
use crate::common::*;
use seabattle_client::{ConnectOptions, msg};
use seabattle_wire::account::{MadeToken, Me};
use seabattle_wire::{Answer, ClientMsg};
use std::net::SocketAddr;
use std::time::Duration;

/// Connects as the BOT whose API token is `token`.
async fn as_bot(addr: SocketAddr, token: &str) -> Client {
    let options = ConnectOptions::new().header("Authorization", &format!("Bearer {token}"));
    let (c, welcome) = Client::open(addr, "/ws", &options).await;
    assert!(
        matches!(
            &welcome,
            ServerMsg::Welcome {
                account: Some(_),
                ..
            }
        ),
        "{welcome:?}"
    );
    c
}

/// Signs `name` up and makes it a BOT with one token: its session, the token, and the
/// token's id.
pub(crate) async fn make_bot(addr: SocketAddr, name: &str) -> (String, String, i64) {
    let session = sign_up(addr, name).await;
    let r = post(
        addr,
        "/account/bot",
        &creds(name, "correct horse 1"),
        Some(&session),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = post(
        addr,
        "/account/tokens",
        r#"{"name":"main"}"#,
        Some(&session),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let made: MadeToken = serde_json::from_str(&r.body).unwrap();
    assert_eq!(made.info.name, "main");
    (session, made.token, made.info.id)
}

/// The status of a WebSocket upgrade carrying `Authorization: Bearer token`.
async fn upgrade_status(addr: SocketAddr, token: &str) -> u16 {
    let options = ConnectOptions::new().header("Authorization", &format!("Bearer {token}"));
    match seabattle_client::Connection::connect_with(&format!("ws://{addr}/ws"), &options).await {
        Ok(_) => 101,
        Err(seabattle_client::ConnectionError::Refused(status)) => status,
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test]
async fn a_bot_gets_a_token_accepts_a_challenge_and_its_rated_game_moves_both_ratings() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let (robo, ann) = (db.name("Robo"), db.name("Ann"));
        let session = sign_up(addr, &robo).await;
        // A person's session never makes a token: it must be a BOT's.
        let r = post(
            addr,
            "/account/tokens",
            r#"{"name":"main"}"#,
            Some(&session),
        )
        .await;
        assert_eq!(
            (r.status, r.body.contains("not_a_bot")),
            (403, true),
            "{}",
            r.body
        );
        let r = post(
            addr,
            "/account/bot",
            &creds(&robo, "correct horse 1"),
            Some(&session),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let r = post(
            addr,
            "/account/tokens",
            r#"{"name":"main"}"#,
            Some(&session),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let made: MadeToken = serde_json::from_str(&r.body).unwrap();
        let token = made.token.clone();
        assert_eq!(made.info.name, "main");
        // Listed by name, never shown again.
        let list = request(addr, "GET", "/account/tokens", "", Some(&session), None).await;
        assert_eq!(list.status, 200);
        assert!(
            list.body.contains("\"main\"") && !list.body.contains(&token),
            "{}",
            list.body
        );

        let mut bot = as_bot(addr, &token).await;
        // The BOT's own cookie acts for nobody at the board.
        let options = ConnectOptions::new()
            .header("Cookie", &format!("sb_session={session}"))
            .header("Origin", &format!("http://{addr}"));
        let (_, welcome) = Client::open(addr, "/ws", &options).await;
        assert!(
            matches!(welcome, ServerMsg::Welcome { account: None, .. }),
            "{welcome:?}"
        );
        // Never in the queue.
        bot.expect_error(msg::queue(Some("classic")), ErrorCode::BotNotAllowed)
            .await;

        let person = sign_up(addr, &ann).await;
        let mut a = Client::connect_signed_in(addr, &person, &ann).await;
        a.send(ClientMsg::Challenge {
            to: robo.clone(),
            rules: None,
            clock: None,
            rated: Some(true),
        })
        .await;
        let c = until!(bot, ServerMsg::Challenged(c) => c);
        assert_eq!(c.from.name, ann);
        assert!(c.to.bot, "the challenge names the BOT as one");
        bot.send(ClientMsg::AnswerChallenge {
            id: c.id,
            answer: Answer::Accept,
        })
        .await;
        let (game, bot_seat, _) = joined(&mut bot).await;
        let (_, ann_seat, _) = joined(&mut a).await;
        let state = a.state(&game).await;
        assert!(state.rated);
        let shown = state.accounts[bot_seat.unwrap().index()].clone().unwrap();
        assert_eq!((shown.name.as_str(), shown.bot), (robo.as_str(), true));
        assert!(
            !state.accounts[ann_seat.unwrap().index()]
                .as_ref()
                .unwrap()
                .bot
        );
        // Both place, each fires once, and the person resigns: a rated loss for her,
        // a rated win for the BOT, on the one scale.
        let [lost, won] = crate::ratings::place_and_resign(&mut a, &mut bot, &game).await;
        let (ann_at, bot_at) = (ann_seat.unwrap().index(), bot_seat.unwrap().index());
        let changes = lost.ratings.expect("a rated game's ratings");
        assert_eq!(won.ratings.as_ref(), Some(&changes));
        assert!(
            changes[ann_at].after < changes[ann_at].before,
            "{changes:?}"
        );
        assert!(
            changes[bot_at].after > changes[bot_at].before,
            "{changes:?}"
        );
        // The profile says BOT; the leaderboard of people never lists it.
        let (status, page) = http_get(addr, &format!("/u/{robo}")).await;
        assert_eq!(status, 200);
        assert!(page.contains("BOT"), "{page}");
        // A revoked token opens nothing.
        let id = made.info.id;
        let r = post(
            addr,
            "/account/tokens/revoke",
            &format!(r#"{{"id":{id}}}"#),
            Some(&session),
        )
        .await;
        assert_eq!(r.status, 204, "{}", r.body);
        assert_eq!(upgrade_status(addr, &token).await, 401);
        assert_eq!(upgrade_status(addr, "not-a-token").await, 401);
        // An account that has played cannot become a BOT.
        let r = post(
            addr,
            "/account/bot",
            &creds(&ann, "correct horse 1"),
            Some(&person),
        )
        .await;
        assert_eq!(
            (r.status, r.body.contains("has_games")),
            (409, true),
            "{}",
            r.body
        );
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn a_bot_that_misses_its_moves_loses_the_game() {
    for db in Db::all() {
        let server = db
            .server_with(Duration::from_secs(60), |c| c.bot_move_secs = 1)
            .await;
        let addr = server.addr();
        let (robo, ann) = (db.name("Slow"), db.name("Ann"));
        let (_, token, _) = make_bot(addr, &robo).await;
        let mut bot = as_bot(addr, &token).await;
        let person = sign_up(addr, &ann).await;
        let mut a = Client::connect_signed_in(addr, &person, &ann).await;
        a.send(ClientMsg::Challenge {
            to: robo.clone(),
            rules: None,
            clock: None,
            rated: Some(false),
        })
        .await;
        let c = until!(bot, ServerMsg::Challenged(c) => c);
        bot.send(ClientMsg::AnswerChallenge {
            id: c.id,
            answer: Answer::Accept,
        })
        .await;
        let (game, bot_seat, _) = joined(&mut bot).await;
        joined(&mut a).await;
        a.send(msg::place_random(&game)).await;
        bot.send(msg::place_random(&game)).await;
        let first = until_battle(&mut a).await;
        // The person answers at once; the BOT never fires again.
        let mut p = first;
        let cells = all_cells(10, 10);
        let mut k = 0;
        let result = loop {
            if Some(p) != bot_seat {
                a.send(msg::fire(&game, [cells[k].clone()])).await;
                k += 1;
            }
            let m = until!(
                a,
                ServerMsg::Shot { .. } | ServerMsg::Timeout { .. } | ServerMsg::GameOver { .. }
            );
            match m {
                ServerMsg::GameOver { result, .. } => break result,
                ServerMsg::Shot { next: Some(n), .. }
                | ServerMsg::Timeout { next: Some(n), .. } => p = n,
                // The second strike in a row: `game_over` follows.
                ServerMsg::Timeout { next: None, .. } => {
                    break until!(a, ServerMsg::GameOver { result, .. } => result);
                }
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(Some(result.winner.other()), bot_seat, "{result:?}");
        assert_eq!(
            result.reason,
            seabattle_wire::EndReason::Timeout,
            "{result:?}"
        );
        server.shutdown().await.unwrap();
    }
}

/// Issue 48, item 13: a BOT that accepted and never placed kept the person waiting for
/// the 60-minute placement expiry, and the game had no result.
#[tokio::test]
async fn a_bot_that_never_places_its_fleet_resigns_after_the_placement_limit() {
    for db in Db::all() {
        let server = db
            .server_with(Duration::from_secs(60), |c| {
                c.bot_placement = Duration::from_secs(1);
            })
            .await;
        let addr = server.addr();
        let (robo, ann) = (db.name("Mute"), db.name("Ann"));
        let (_, token, _) = make_bot(addr, &robo).await;
        let mut bot = as_bot(addr, &token).await;
        let person = sign_up(addr, &ann).await;
        let mut a = Client::connect_signed_in(addr, &person, &ann).await;
        a.send(ClientMsg::Challenge {
            to: robo.clone(),
            rules: None,
            clock: None,
            rated: Some(true),
        })
        .await;
        let c = until!(bot, ServerMsg::Challenged(c) => c);
        bot.send(ClientMsg::AnswerChallenge {
            id: c.id,
            answer: Answer::Accept,
        })
        .await;
        let (game, bot_seat, _) = joined(&mut bot).await;
        joined(&mut a).await;
        a.send(msg::place_random(&game)).await;
        let result = tokio::time::timeout(Duration::from_secs(10), game_over(&mut a))
            .await
            .expect("the BOT resigned within the limit and a sweep");
        assert_eq!(Some(result.winner.other()), bot_seat, "{result:?}");
        assert_eq!(
            result.reason,
            seabattle_wire::EndReason::Resigned,
            "{result:?}"
        );
        // Nobody fired: as any game ended before its first shots, no rating moves.
        assert!(result.ratings.is_none() && result.aborted, "{result:?}");
        // A whole record, as any finished game.
        let (status, _) = http_get(addr, &format!("/games/{game}/record.json")).await;
        assert_eq!(status, 200);
        server.shutdown().await.unwrap();
    }
}

/// The status of an upgrade carrying `token`, as if through the trusted proxy from
/// `client`, and whether the proxy says the page came over TLS.
async fn upgrade_through_proxy(addr: SocketAddr, token: &str, client: &str, tls: bool) -> u16 {
    let mut options = ConnectOptions::new()
        .header("Authorization", &format!("Bearer {token}"))
        .header("X-Forwarded-For", client);
    if tls {
        options = options.header("X-Forwarded-Proto", "https");
    }
    match seabattle_client::Connection::connect_with(&format!("ws://{addr}/ws"), &options).await {
        Ok(_) => 101,
        Err(seabattle_client::ConnectionError::Refused(status)) => status,
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test]
async fn a_token_as_the_first_message_signs_the_socket_in_and_nowhere_else() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db.server(Duration::from_secs(60)).await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Gale").await;
    // A client that cannot set headers: `auth` first, then a second `welcome`.
    let (mut c, welcome) = Client::open(addr, "/ws", &ConnectOptions::new()).await;
    assert!(matches!(welcome, ServerMsg::Welcome { account: None, .. }));
    c.send(ClientMsg::Auth {
        token: token.clone(),
    })
    .await;
    let named = until!(c, ServerMsg::Welcome { account, .. } => account);
    assert_eq!(named.as_deref(), Some("Gale"));
    // The socket acts for the BOT now: never in the queue.
    c.expect_error(msg::queue(Some("classic")), ErrorCode::BotNotAllowed)
        .await;
    // Not as a later message.
    c.expect_error(
        ClientMsg::Auth {
            token: token.clone(),
        },
        ErrorCode::BadMessage,
    )
    .await;
    let (mut late, _) = Client::open(addr, "/ws", &ConnectOptions::new()).await;
    late.send(ClientMsg::Ping).await;
    until!(late, ServerMsg::Pong);
    late.expect_error(
        ClientMsg::Auth {
            token: token.clone(),
        },
        ErrorCode::BadMessage,
    )
    .await;
    // A wrong token is refused, and the socket closed, the token never echoed.
    let (mut wrong, _) = Client::open(addr, "/ws", &ConnectOptions::new()).await;
    let said = wrong
        .expect_error(
            ClientMsg::Auth {
                token: "not-a-token".into(),
            },
            ErrorCode::BadToken,
        )
        .await;
    assert!(!said.contains("not-a-token"), "{said}");
    let (_, close) = wrong.read_to_close().await;
    assert_eq!(close.map(|c| c.code), Some(1008));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_token_crosses_a_network_only_over_tls_unless_the_operator_allows_it() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let local: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    let server = db
        .server_with(Duration::from_secs(60), |c| c.trusted_proxies = vec![local])
        .await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Gale").await;
    // From this machine: plain HTTP is fine.
    assert_eq!(upgrade_status(addr, &token).await, 101);
    // From another machine through the proxy: only if the proxy saw TLS.
    assert_eq!(
        upgrade_through_proxy(addr, &token, "203.0.113.7", false).await,
        403
    );
    assert_eq!(
        upgrade_through_proxy(addr, &token, "203.0.113.7", true).await,
        101
    );
    server.shutdown().await.unwrap();
    let server = db
        .server_with(Duration::from_secs(60), |c| {
            c.trusted_proxies = vec![local];
            c.plain_tokens = true;
        })
        .await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Gust").await;
    assert_eq!(
        upgrade_through_proxy(addr, &token, "203.0.113.7", false).await,
        101
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_bot_plays_no_more_games_at_once_than_the_operator_allows() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db
        .server_with(Duration::from_secs(60), |c| c.bot_games = 1)
        .await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Gale").await;
    let mut first = as_bot(addr, &token).await;
    let mut second = as_bot(addr, &token).await;
    let [(ann, ann_s), (bob, bob_s)] = [
        ("Ann", sign_up(addr, "Ann").await),
        ("Bob", sign_up(addr, "Bob").await),
    ];
    let mut a = Client::connect_signed_in(addr, &ann_s, ann).await;
    let mut b = Client::connect_signed_in(addr, &bob_s, bob).await;
    for p in [&mut a, &mut b] {
        p.send(ClientMsg::Challenge {
            to: "Gale".into(),
            rules: None,
            clock: None,
            rated: Some(false),
        })
        .await;
    }
    let c1 = until!(first, ServerMsg::Challenged(c) => c);
    first
        .send(ClientMsg::AnswerChallenge {
            id: c1.id.clone(),
            answer: Answer::Accept,
        })
        .await;
    joined(&mut first).await;
    // The other challenge, heard on the second socket: one game is the limit.
    let c2 = loop {
        let c = until!(second, ServerMsg::Challenged(c) => c);
        if c.id != c1.id {
            break c;
        }
    };
    second
        .send(ClientMsg::AnswerChallenge {
            id: c2.id,
            answer: Answer::Accept,
        })
        .await;
    let (code, said) = until!(second, ServerMsg::Error { code, message } => (code, message));
    assert_eq!(code, ErrorCode::TooManyGames, "{said}");
    assert!(said.contains("(1)"), "{said}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_bot_challenges_only_people_who_take_challenges_from_bots() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db.server(Duration::from_secs(60)).await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Gale").await;
    let mut bot = as_bot(addr, &token).await;
    let ann = sign_up(addr, "Ann").await;
    let mut a = Client::connect_signed_in(addr, &ann, "Ann").await;
    let challenge = || ClientMsg::Challenge {
        to: "Ann".into(),
        rules: None,
        clock: None,
        rated: Some(false),
    };
    // Off until she turns it on.
    let me = request(addr, "GET", "/account/me", "", Some(&ann), None).await;
    let read: Me = serde_json::from_str(&me.body).unwrap();
    assert!(!read.bot_challenges, "{}", me.body);
    let said = bot
        .expect_error(challenge(), ErrorCode::NoBotChallenges)
        .await;
    assert!(said.contains("Ann"), "{said}");
    let r = post(
        addr,
        "/account/bot-challenges",
        r#"{"allow":true}"#,
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.body);
    let me = request(addr, "GET", "/account/me", "", Some(&ann), None).await;
    let read: Me = serde_json::from_str(&me.body).unwrap();
    assert!(read.bot_challenges, "{}", me.body);
    bot.send(challenge()).await;
    let c = until!(a, ServerMsg::Challenged(c) => c);
    assert!(c.from.bot, "{c:?}");
    server.shutdown().await.unwrap();
}

/// Regression: a BOT's move limit was kept in memory only, so after a server restart a
/// BOT that never came back stalled its clockless game for good.
#[tokio::test]
async fn a_bot_that_misses_its_moves_after_a_restart_still_loses() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let tweak = |c: &mut seabattle_server::Config| c.bot_move_secs = 1;
    let server = db.server_with(Duration::from_secs(60), tweak).await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Slow").await;
    let mut bot = as_bot(addr, &token).await;
    let person = sign_up(addr, "Ann").await;
    let mut a = Client::connect_signed_in(addr, &person, "Ann").await;
    a.send(ClientMsg::Challenge {
        to: "Slow".into(),
        rules: None,
        clock: None,
        rated: Some(false),
    })
    .await;
    let c = until!(bot, ServerMsg::Challenged(c) => c);
    bot.send(ClientMsg::AnswerChallenge {
        id: c.id,
        answer: Answer::Accept,
    })
    .await;
    let (game, bot_seat, _) = joined(&mut bot).await;
    joined(&mut a).await;
    a.send(msg::place_random(&game)).await;
    bot.send(msg::place_random(&game)).await;
    until_battle(&mut a).await;
    drop((a, bot));
    server.shutdown().await.unwrap();

    // Back up: the person comes back, the BOT does not.
    let server = db.server_with(Duration::from_secs(60), tweak).await;
    let addr = server.addr();
    let mut a = Client::connect_signed_in(addr, &person, "Ann").await;
    a.send(msg::resume_as_account(&game)).await;
    let state = a.state(&game).await;
    let me = state.seat.unwrap();
    let cells = all_cells(10, 10);
    let mut k = 0;
    let mut p = state.to_move.unwrap();
    let result = loop {
        if p == me {
            a.send(msg::fire(&game, [cells[k].clone()])).await;
            k += 1;
        }
        let m = until!(
            a,
            ServerMsg::Shot { .. } | ServerMsg::Timeout { .. } | ServerMsg::GameOver { .. }
        );
        match m {
            ServerMsg::GameOver { result, .. } => break result,
            ServerMsg::Shot { next: Some(n), .. } | ServerMsg::Timeout { next: Some(n), .. } => {
                p = n
            }
            ServerMsg::Timeout { next: None, .. } => {
                break until!(a, ServerMsg::GameOver { result, .. } => result);
            }
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(Some(result.winner.other()), bot_seat, "{result:?}");
    assert_eq!(
        result.reason,
        seabattle_wire::EndReason::Timeout,
        "{result:?}"
    );
    server.shutdown().await.unwrap();
}

/// Queues `name` (session `session`) for a rated classic game and waits for the offer
/// after the wait: the BOT it names, if it names one and no level.
async fn offered_bot(c: &mut Client) -> String {
    c.send(msg::queue_rated(Some("classic"), true)).await;
    let first = until!(c, ServerMsg::QueueOffer { .. } | ServerMsg::Joined { .. });
    let ServerMsg::QueueOffer {
        level: None,
        bot: Some(bot),
        ..
    } = first
    else {
        panic!("not offered a BOT: {first:?}");
    };
    assert!(bot.bot, "{bot:?}");
    bot.name
}

#[tokio::test]
async fn a_rated_seeker_alone_is_offered_an_online_bot_which_answers_by_its_own_policy() {
    let db = Db::Sqlite(tempfile::tempdir().unwrap());
    let server = db
        .server_with(Duration::from_secs(60), |c| {
            c.queue_wait = Duration::from_millis(300)
        })
        .await;
    let addr = server.addr();
    let (_, token, _) = make_bot(addr, "Shkval").await;
    let mut bot = as_bot(addr, &token).await;
    let challenge = |to: &str| ClientMsg::Challenge {
        to: to.into(),
        rules: Some("classic".into()),
        clock: None,
        rated: Some(true),
    };

    // Ann alone is offered Shkval (as near as any level: a BOT online comes first). She
    // challenges it; it declines; she is offered the nearest level instead, is still in
    // the queue, and Bob meets her there.
    let ann = sign_up(addr, "Ann").await;
    let mut a = Client::connect_signed_in(addr, &ann, "Ann").await;
    assert_eq!(offered_bot(&mut a).await, "Shkval");
    a.send(challenge("Shkval")).await;
    let id = until!(bot, ServerMsg::Challenged(c) => c.id);
    bot.send(ClientMsg::AnswerChallenge {
        id: id.clone(),
        answer: Answer::Decline,
    })
    .await;
    until!(a, ServerMsg::ChallengeEnded { id: ended, .. } if ended == id => ());
    let again = until!(a, ServerMsg::QueueOffer { level, bot, .. } => (level, bot));
    assert!(again.0.is_some(), "a level is offered: {again:?}");
    assert!(
        again
            .1
            .as_ref()
            .is_some_and(|b| b.bot && b.name.starts_with("Компьютер.")),
        "{again:?}"
    );
    let bob = sign_up(addr, "Bob").await;
    let mut b = Client::connect_signed_in(addr, &bob, "Bob").await;
    b.send(msg::queue_rated(Some("classic"), true)).await;
    let (game, _, _) = joined(&mut a).await;
    assert_eq!(joined(&mut b).await.0, game);

    // Cat accepts the offer too, and Shkval takes her challenge: a rated game, and she
    // is out of the queue (Dan, next, is offered a game, not paired with her).
    let cat = sign_up(addr, "Cat").await;
    let mut c = Client::connect_signed_in(addr, &cat, "Cat").await;
    assert_eq!(offered_bot(&mut c).await, "Shkval");
    c.send(challenge("Shkval")).await;
    let id = until!(bot, ServerMsg::Challenged(ch) => ch.id);
    bot.send(ClientMsg::AnswerChallenge {
        id,
        answer: Answer::Accept,
    })
    .await;
    let (game, seat, _) = joined(&mut c).await;
    assert_eq!(seat, Some(seabattle_core::Player::One));
    let state = c.state(&game).await;
    assert!(state.rated, "{state:?}");
    assert_eq!(
        state.accounts[1].as_ref().map(|s| s.name.as_str()),
        Some("Shkval")
    );
    let dan = sign_up(addr, "Dan").await;
    let mut d = Client::connect_signed_in(addr, &dan, "Dan").await;
    assert_eq!(offered_bot(&mut d).await, "Shkval");
    for x in [a, b, c, d, bot] {
        x.close().await;
    }
    server.shutdown().await.unwrap();
}
