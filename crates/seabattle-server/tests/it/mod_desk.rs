//! The moderators' desk (`/mod/`) and players' reports on a real server (issue 51):
//! every endpoint refuses anyone without the role, with or without a session, and a
//! BOT's token; a moderator cannot grant the role; reports are grouped by player and
//! resolved by an action; each action does what it says and is logged, on SQLite and
//! (with `SEABATTLE_TEST_POSTGRES`) PostgreSQL.

use crate::accounts::{post, request, request_with, sign_up};
use crate::common::*;
use crate::moderation::{admin_store, me, notices, operate};
use seabattle_client::msg;
use seabattle_server::ModAct;
use seabattle_wire::moderation::{
    ChatLine, ModAction, ModLogEntry, ModNotice, ModRequest, NewReport, ReportReason,
    ReportedPlayer,
};
use seabattle_wire::{Opponent, Phrase};
use std::net::SocketAddr;
use std::time::Duration;

/// A request with `headers` (whole lines), from this server's own page: status and body.
async fn raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    headers: &[String],
) -> (u16, String) {
    let mut all = vec![format!("Origin: http://{addr}")];
    all.extend_from_slice(headers);
    let r = request_with(addr, method, path, body, &all).await;
    (r.status, r.body)
}

fn cookie(token: &str) -> String {
    format!("Cookie: sb_session={token}")
}

/// A moderator's action on `player`, for "seen it", nothing more.
fn on(action: ModAction, player: &str) -> ModRequest {
    ModRequest {
        action,
        player: Some(player.into()),
        arena: None,
        reason: "seen it".into(),
        minutes: None,
        name: None,
        resolve: false,
    }
}

/// A moderator's action as the body of `POST /mod/act`.
fn act(request: ModRequest) -> String {
    serde_json::to_string(&request).unwrap()
}

/// `token`'s moderator takes `body`'s action: the log's line.
async fn acted(addr: SocketAddr, token: &str, body: &str) -> ModLogEntry {
    let r = post(addr, "/mod/act", body, Some(token)).await;
    assert_eq!(r.status, 200, "{body}: {}", r.body);
    serde_json::from_str(&r.body).unwrap()
}

#[tokio::test]
async fn every_mod_endpoint_refuses_anyone_but_a_moderator() {
    let db = Db::all().remove(0);
    let server = db.server(Duration::from_secs(60)).await;
    let addr = server.addr();
    let store = admin_store(db.url(), "admin".into()).await;
    let (player, moderator) = (sign_up(addr, "Pat").await, sign_up(addr, "Mia").await);
    operate(&store, ModAct::GrantMod, "Mia", "the first")
        .await
        .unwrap();
    let (bot_session, bot_token, _) = crate::bots::make_bot(addr, "Robo").await;
    let body = act(on(ModAction::Warn, "Pat"));
    let asks = [
        ("GET", "/mod/reports", ""),
        ("GET", "/mod/log", ""),
        ("POST", "/mod/act", body.as_str()),
    ];
    let bearer = format!("Authorization: Bearer {bot_token}");
    let callers: [(&str, Vec<String>); 5] = [
        ("nobody", vec![]),
        ("a player", vec![cookie(&player)]),
        ("a BOT's session", vec![cookie(&bot_session)]),
        ("a BOT's token", vec![bearer.clone()]),
        (
            "a token beside a moderator's session",
            vec![bearer, cookie(&moderator)],
        ),
    ];
    for (who, headers) in &callers {
        for (method, path, body) in asks {
            let (status, answer) = raw(addr, method, path, body, headers).await;
            assert_eq!(status, 403, "{who} {method} {path}: {answer}");
            assert!(answer.contains("not_moderator"), "{who} {path}: {answer}");
        }
        // The page itself is a 403 too: its script says why.
        let (status, page) = raw(addr, "GET", "/mod", "", headers).await;
        assert_eq!(status, 403, "{who} GET /mod");
        assert!(page.contains(r#"{"moderation":false}"#), "{who}: {page}");
    }
    // The moderator is let in, from the server's own page only.
    for (method, path, body) in asks {
        let (status, answer) = raw(addr, method, path, body, &[cookie(&moderator)]).await;
        assert_eq!(status, 200, "{method} {path}: {answer}");
    }
    let (status, page) = raw(addr, "GET", "/mod", "", &[cookie(&moderator)]).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"{"moderation":true}"#), "{page}");
    let forged = request(
        addr,
        "POST",
        "/mod/act",
        &body,
        Some(&moderator),
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(forged.status, 403, "{}", forged.body);
    assert!(forged.body.contains("cross_site"), "{}", forged.body);
    // A moderator cannot grant the role, nor act on their own account.
    let grant = post(
        addr,
        "/mod/act",
        &act(on(ModAction::GrantMod, "Pat")),
        Some(&moderator),
    )
    .await;
    assert_eq!(grant.status, 403, "{}", grant.body);
    assert!(grant.body.contains("operator"), "{}", grant.body);
    let own = post(
        addr,
        "/mod/act",
        &act(on(ModAction::Close, "Mia")),
        Some(&moderator),
    )
    .await;
    assert_eq!(own.status, 400, "{}", own.body);
    // The role taken back, the door shuts at the next request.
    operate(&store, ModAct::RevokeMod, "Mia", "stepped down")
        .await
        .unwrap();
    let (status, _) = raw(addr, "GET", "/mod/log", "", &[cookie(&moderator)]).await;
    assert_eq!(status, 403);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn reports_are_grouped_by_player_and_an_action_resolves_them() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let store = admin_store(db.url(), db.name("admin")).await;
        let [pat, rex, mia] = ["Pat", "Rex", "Mia"].map(|n| db.name(n));
        let (tp, tr, tm) = (
            sign_up(addr, &pat).await,
            sign_up(addr, &rex).await,
            sign_up(addr, &mia).await,
        );
        operate(&store, ModAct::GrantMod, &mia, "trusted")
            .await
            .unwrap();
        // Pat plays the computer to the end, and the game is analysed.
        let mut p = Client::connect_signed_in(addr, &tp, &pat).await;
        let game = create(&mut p, msg::new_game(Opponent::Computer)).await;
        p.send(msg::place_random(&game)).await;
        until!(p, ServerMsg::Battle { .. });
        play_out(&mut p, &game, seabattle_core::Player::One, 10, 10).await;
        let (status, body) = http_get(addr, &format!("/games/{game}/analysis.json")).await;
        assert_eq!(status, 200, "{body}");
        let analysis: seabattle_wire::analysis::AnalysisJson = serde_json::from_str(&body).unwrap();
        let report = |reason: ReportReason, words: &str| {
            serde_json::to_string(&NewReport {
                player: pat.clone(),
                reason,
                words: words.into(),
                game: Some(game.clone()),
            })
            .unwrap()
        };
        let r = post(
            addr,
            "/account/reports",
            &report(ReportReason::Cheating, "a solver"),
            Some(&tr),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let again = post(
            addr,
            "/account/reports",
            &report(ReportReason::Cheating, "again"),
            Some(&tr),
        )
        .await;
        assert_eq!(again.status, 409, "{}", again.body);
        assert!(again.body.contains("already_reported"), "{}", again.body);
        let r = post(
            addr,
            "/account/reports",
            &report(ReportReason::Name, ""),
            Some(&tr),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        // A reason the wire has no word for: the body written by hand.
        let rude =
            report(ReportReason::Other, "").replace(r#""reason":"other""#, r#""reason":"rude""#);
        assert!(rude.contains("rude"), "{rude}");
        let bad = post(addr, "/account/reports", &rude, Some(&tr)).await;
        assert_eq!(bad.status, 400, "an unknown reason: {}", bad.body);
        let own = post(
            addr,
            "/account/reports",
            &report(ReportReason::Abuse, ""),
            Some(&tp),
        )
        .await;
        assert_eq!(own.status, 400, "oneself: {}", own.body);

        let (status, body) = raw(addr, "GET", "/mod/reports", "", &[cookie(&tm)]).await;
        assert_eq!(status, 200, "{body}");
        let open: Vec<ReportedPlayer> = serde_json::from_str(&body).unwrap();
        let group = open
            .iter()
            .find(|g| g.player == pat)
            .expect("Pat's reports");
        assert_eq!(group.reports.len(), 2);
        assert!(group.reports.iter().all(|l| l.reporter == rex));
        assert_eq!(
            group.reports.iter().map(|l| l.reason).collect::<Vec<_>>(),
            [ReportReason::Name, ReportReason::Cheating]
        );
        // New accounts' reports count less, not nothing.
        assert!((group.weight - 0.5).abs() < 1e-9, "{}", group.weight);
        // Beside them, Pat's figures and accuracy in the reported game, as analysed.
        assert_eq!(group.figures.games, 1, "{:?}", group.figures);
        assert!(group.figures.accuracy.is_some(), "{:?}", group.figures);
        for l in &group.reports {
            assert_eq!(l.game.as_deref(), Some(game.as_str()));
            assert_eq!(
                l.analysed_accuracy,
                Some(analysis.sides[0].accuracy_percent)
            );
        }

        // A warning answers them: resolved, and Pat sees it once.
        let line = acted(
            addr,
            &tm,
            &act(ModRequest {
                resolve: true,
                ..on(ModAction::Warn, &pat)
            }),
        )
        .await;
        assert_eq!(
            (line.action, line.moderator.as_deref(), line.resolved),
            (ModAction::Warn, Some(mia.as_str()), 2)
        );
        let (_, body) = raw(addr, "GET", "/mod/reports", "", &[cookie(&tm)]).await;
        let open: Vec<ReportedPlayer> = serde_json::from_str(&body).unwrap();
        assert!(open.iter().all(|g| g.player != pat), "{open:?}");
        assert_eq!(
            notices(addr, &tp).await,
            [ModNotice::Warned {
                reason: "seen it".into()
            }]
        );
        let (_, body) = raw(addr, "GET", "/mod/log", "", &[cookie(&tm)]).await;
        let log: Vec<ModLogEntry> = serde_json::from_str(&body).unwrap();
        assert!(
            log.iter().any(|l| l.id == line.id && l.target == pat),
            "{log:?}"
        );
        server.shutdown().await.unwrap();
    }
}

/// Pat and Rex, signed in on sockets of their own, and Mia, made a moderator by the
/// operator: their names, their tokens, and Pat's and Rex's sockets.
async fn players_and_a_moderator(
    db: &Db,
    addr: SocketAddr,
    store: &std::sync::Arc<seabattle_server::Store>,
) -> ([String; 3], [String; 3], [Client; 2]) {
    let names = ["Pat", "Rex", "Mia"].map(|n| db.name(n));
    let tokens = [
        sign_up(addr, &names[0]).await,
        sign_up(addr, &names[1]).await,
        sign_up(addr, &names[2]).await,
    ];
    operate(store, ModAct::GrantMod, &names[2], "trusted")
        .await
        .unwrap();
    let p = Client::connect_signed_in(addr, &tokens[0], &names[0]).await;
    let r = Client::connect_signed_in(addr, &tokens[1], &names[1]).await;
    (names, tokens, [p, r])
}

/// `token`'s player reports `player` for abuse in `game`.
async fn report_abuse(addr: SocketAddr, token: &str, player: &str, game: &str) {
    let report = NewReport {
        player: player.into(),
        reason: ReportReason::Abuse,
        words: String::new(),
        game: Some(game.into()),
    };
    let body = serde_json::to_string(&report).unwrap();
    let r = post(addr, "/account/reports", &body, Some(token)).await;
    assert_eq!(r.status, 201, "{}", r.body);
}

#[tokio::test]
async fn a_moderator_mutes_renames_closes_and_reopens() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let store = admin_store(db.url(), db.name("admin")).await;
        let ([pat, rex, _], [tp, _, tm], [mut p, mut r]) =
            players_and_a_moderator(&db, addr, &store).await;
        let game = create(&mut p, msg::new_game(Opponent::Friend)).await;
        r.send(msg::join(&game)).await;
        joined(&mut r).await;
        until!(p, ServerMsg::State(_));
        until!(r, ServerMsg::State(_));

        // Muted: Pat's phrases are refused until the mute ends; Rex still talks.
        let no_minutes = post(addr, "/mod/act", &act(on(ModAction::Mute, &pat)), Some(&tm)).await;
        assert_eq!(no_minutes.status, 400, "{}", no_minutes.body);
        let line = acted(
            addr,
            &tm,
            &act(ModRequest {
                minutes: Some(10),
                ..on(ModAction::Mute, &pat)
            }),
        )
        .await;
        assert_eq!(line.detail.as_deref(), Some("10 min"));
        let e = p
            .expect_error(msg::chat(&game, Phrase::Wow), ErrorCode::Muted)
            .await;
        assert!(e.contains("10 min"), "{e}");
        r.send(msg::chat(&game, Phrase::Wow)).await;
        until!(
            p,
            ServerMsg::Chat {
                phrase: Phrase::Wow,
                ..
            }
        );
        // Reported about this game, Rex's line is beside the report for the moderators
        // (the muted phrase was never said).
        report_abuse(addr, &tp, &rex, &game).await;
        let chat = poll_chat(addr, &tm, &rex).await;
        assert_eq!(
            chat,
            [ChatLine {
                seat: seabattle_core::Player::Two,
                by: Some(rex.clone()),
                phrase: Phrase::Wow,
                at: chat[0].at,
            }]
        );

        // Not a BOT: nothing to disable, and nothing is logged.
        let not_bot = post(
            addr,
            "/mod/act",
            &act(on(ModAction::DisableBot, &pat)),
            Some(&tm),
        )
        .await;
        assert_eq!(not_bot.status, 403, "{}", not_bot.body);
        assert!(not_bot.body.contains("not_a_bot"), "{}", not_bot.body);
        let nobody = post(
            addr,
            "/mod/act",
            &act(on(ModAction::Warn, "nobody_x")),
            Some(&tm),
        )
        .await;
        assert_eq!(nobody.status, 404, "{}", nobody.body);

        // A forced rename.
        acted(addr, &tm, &act(on(ModAction::ForceRename, &pat))).await;
        assert_eq!(notices(addr, &tp).await, [ModNotice::MustRename]);

        // Closed: the socket is closed at once, the session ends.
        acted(addr, &tm, &act(on(ModAction::Close, &pat))).await;
        let (_, close) = p.read_to_close().await;
        assert_eq!(close.map(|c| c.code), Some(4003), "closed as signed out");
        assert_eq!(me(addr, &tp).await.0, 401);
        acted(addr, &tm, &act(on(ModAction::Reopen, &pat))).await;
        let login = post(
            addr,
            "/account/login",
            &crate::accounts::creds(&pat, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(login.status, 200, "{}", login.body);
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn a_disabled_bots_token_stops_working_and_an_arena_is_closed_and_renamed() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let store = admin_store(db.url(), db.name("admin")).await;
        let [mia, robo, rex] = ["Mia", "Robo", "Rex"].map(|n| db.name(n));
        let tm = sign_up(addr, &mia).await;
        operate(&store, ModAct::GrantMod, &mia, "trusted")
            .await
            .unwrap();
        let (_, token, _) = crate::bots::make_bot(addr, &robo).await;
        let options = seabattle_client::ConnectOptions::new()
            .header("Authorization", &format!("Bearer {token}"));
        let url = format!("ws://{addr}/ws");
        let upgrade = || seabattle_client::Connection::connect_with(&url, &options);
        assert!(upgrade().await.is_ok(), "the token opens a socket");
        acted(addr, &tm, &act(on(ModAction::DisableBot, &robo))).await;
        assert!(upgrade().await.is_err(), "the token still opens a socket");

        // An arena with an offensive name: closed, renamed, ended.
        let tr = sign_up(addr, &rex).await;
        let id = crate::arenas::make_arena(addr, &tr, crate::arenas::arena_of(20, 30)).await;
        let close = |name: &str| {
            act(ModRequest {
                player: None,
                arena: Some(id.clone()),
                reason: "a slur".into(),
                name: Some(name.into()),
                ..on(ModAction::CloseArena, "")
            })
        };
        let r = post(addr, "/mod/act", &close("cyka арена"), Some(&tm)).await;
        assert_eq!(r.status, 400, "{}", r.body);
        assert!(r.body.contains("forbidden_word"), "{}", r.body);
        let line = acted(addr, &tm, &close("Арена")).await;
        assert_eq!(
            (line.action, line.target.as_str()),
            (ModAction::CloseArena, id.as_str())
        );
        let shown = crate::arenas::arena_json(addr, &id, &tr).await.arena;
        assert_eq!(shown.name, "Арена");
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn an_engine_leaves_the_leaderboard_at_once_and_moves_only_its_own_rating() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let store = admin_store(db.url(), db.name("admin")).await;
        let [ann, bob, mia] = ["Ann", "Bob", "Mia"].map(|n| db.name(n));
        let (ta, tb, tm) = (
            sign_up(addr, &ann).await,
            sign_up(addr, &bob).await,
            sign_up(addr, &mia).await,
        );
        operate(&store, ModAct::GrantMod, &mia, "trusted")
            .await
            .unwrap();
        let mut a = Client::connect_signed_in(addr, &ta, &ann).await;
        let mut b = Client::connect_signed_in(addr, &tb, &bob).await;
        // Rules no other test rates under: its board lists the provisional ratings.
        crate::leaderboard::rated_game(&mut a, &mut b, "classic-corners").await;
        let top = || http_get(addr, "/top?rules=classic-corners");
        assert!(top().await.1.contains(&bob), "Bob is on the board");
        acted(addr, &tm, &act(on(ModAction::MarkEngine, &bob))).await;
        let (_, page) = top().await;
        assert!(!page.contains(&bob), "an engine is off the board at once");
        assert!(page.contains(&ann), "{page}");
        let (_, profile) = http_get(addr, &format!("/u/{bob}?lang=en")).await;
        assert!(
            profile.contains("marked this player as playing with an engine"),
            "the profile says so: {profile}"
        );
        let (_, profile) = http_get(addr, &format!("/u/{ann}?lang=en")).await;
        assert!(!profile.contains("engine"), "{profile}");

        // Bob wins again: his rating moves, Ann's does not.
        let game = create(
            &mut a,
            msg::new_game(Opponent::Friend).rules("classic-corners"),
        )
        .await;
        b.send(msg::join(&game)).await;
        joined(&mut b).await;
        a.send(msg::rate(&game)).await;
        until!(b, ServerMsg::Rate { .. });
        b.send(msg::rate(&game)).await;
        assert!(until!(b, ServerMsg::Rate { rated, .. } => rated));
        let [result, _] = crate::ratings::place_and_resign(&mut a, &mut b, &game).await;
        let [one, two] = result.ratings.expect("rated");
        assert_eq!(one.before, one.after, "Ann's rating stays: {one:?}");
        assert!(two.after > two.before, "Bob's moves: {two:?}");

        // Unmarked, he is back on the board.
        acted(addr, &tm, &act(on(ModAction::UnmarkEngine, &bob))).await;
        assert!(top().await.1.contains(&bob), "Bob is back on the board");
        server.shutdown().await.unwrap();
    }
}

/// Issue 51's cluster case: a moderator on one node closes an account whose socket is
/// open on another, and that socket is closed within a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_on_one_node_ends_the_players_socket_on_the_other() {
    let Some(url) = postgres_url() else {
        return;
    };
    let db = Db::Postgres(url);
    let (one, two) = (
        db.server(Duration::from_secs(60)).await,
        db.server(Duration::from_secs(60)).await,
    );
    let store = admin_store(db.url(), db.name("admin")).await;
    let [pat, mia] = ["Pat", "Mia"].map(|n| db.name(n));
    let (tp, tm) = (
        sign_up(one.addr(), &pat).await,
        sign_up(one.addr(), &mia).await,
    );
    operate(&store, ModAct::GrantMod, &mia, "trusted")
        .await
        .unwrap();
    let mut p = Client::connect_signed_in(two.addr(), &tp, &pat).await;
    let started = std::time::Instant::now();
    acted(one.addr(), &tm, &act(on(ModAction::Close, &pat))).await;
    let (_, close) = p.read_to_close().await;
    assert_eq!(close.map(|c| c.code), Some(4003), "closed as signed out");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(me(two.addr(), &tp).await.0, 401);
    one.shutdown().await.unwrap();
    two.shutdown().await.unwrap();
}

/// The quick chat beside `player`'s first reported game on `/mod/reports`, read as the
/// moderator `token` (it is stored as the game hears it: waited for, a second at most).
async fn poll_chat(addr: SocketAddr, token: &str, player: &str) -> Vec<ChatLine> {
    for _ in 0..50 {
        let (status, body) = raw(addr, "GET", "/mod/reports", "", &[cookie(token)]).await;
        assert_eq!(status, 200, "{body}");
        let open: Vec<ReportedPlayer> = serde_json::from_str(&body).unwrap();
        let chat = open
            .iter()
            .find(|g| g.player == player)
            .and_then(|g| g.reports.first())
            .map(|l| l.chat.clone())
            .unwrap_or_default();
        if !chat.is_empty() {
            return chat;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no chat line beside {player}'s report");
}

/// Quick-chat lines are not kept for ever: past 30 days they go, except those of a game
/// an open report names, which stay until the report is resolved.
#[tokio::test]
async fn chat_lines_go_after_thirty_days_unless_an_open_report_names_their_game() {
    use seabattle_server::{GameId, Store};
    use std::sync::Arc;
    /// `f` on the store, off the async threads.
    async fn on_store<T: Send + 'static>(
        store: &Arc<Store>,
        f: impl FnOnce(&Store) -> T + Send + 'static,
    ) -> T {
        let store = Arc::clone(store);
        tokio::task::spawn_blocking(move || f(&store))
            .await
            .unwrap()
    }
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let store = admin_store(db.url(), db.name("admin")).await;
        if let Db::Postgres(_) = db {
            // The tests share one PostgreSQL database, and an erase is of every game's
            // lines: here the query is only run, on lines older than any (the behaviour
            // is checked on SQLite's file of its own).
            assert_eq!(
                on_store(&store, |s| s.sweep_chat_lines(1).unwrap()).await,
                0
            );
            server.shutdown().await.unwrap();
            continue;
        }
        let ([_, rex, _], [tp, _, tm], [mut p, mut r]) =
            players_and_a_moderator(&db, addr, &store).await;
        // Two games with a line each; the first is reported.
        let mut games = Vec::new();
        for _ in 0..2 {
            let game = create(&mut p, msg::new_game(Opponent::Friend)).await;
            r.send(msg::join(&game)).await;
            joined(&mut r).await;
            until!(p, ServerMsg::State(_));
            r.send(msg::chat(&game, Phrase::Wow)).await;
            until!(p, ServerMsg::Chat { .. });
            games.push(GameId::parse(&game).expect("a game id"));
        }
        report_abuse(addr, &tp, &rex, &games[0].to_string()).await;
        let lines = |g: &GameId| {
            let g = g.clone();
            on_store(&store, move |s| s.chat_lines(&g).unwrap().len())
        };
        // The lines are kept as the bus hears them.
        for g in &games {
            let t = std::time::Instant::now();
            while lines(g).await == 0 {
                assert!(t.elapsed() < Duration::from_secs(10), "no line kept");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        // Young lines stay; lines as old as a month go, but the reported game's.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let month = 30 * 24 * 60 * 60;
        assert_eq!(
            on_store(&store, move |s| s.sweep_chat_lines(now - month).unwrap()).await,
            0
        );
        assert_eq!(
            on_store(&store, move |s| s.sweep_chat_lines(now + 1).unwrap()).await,
            1
        );
        assert_eq!((lines(&games[0]).await, lines(&games[1]).await), (1, 0));
        // Resolved, the report no longer keeps them.
        acted(
            addr,
            &tm,
            &act(ModRequest {
                resolve: true,
                ..on(ModAction::Warn, &rex)
            }),
        )
        .await;
        assert_eq!(
            on_store(&store, move |s| s.sweep_chat_lines(now + 1).unwrap()).await,
            1
        );
        assert_eq!(lines(&games[0]).await, 0);
        server.shutdown().await.unwrap();
    }
}
