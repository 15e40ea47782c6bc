//! Moderation on a real server (issue 51): forbidden words in names, and the
//! operator's actions on the store (`seabattle admin` calls the same function) as a
//! player then meets them: a warning shown once, a forced rename, a closed account.

use crate::accounts::{creds, post, request, sign_up};
use crate::common::*;
use seabattle_server::{DbUrl, ModAct, ModerationError, Store, moderate_as_operator, open_store};
use seabattle_wire::account::{Me, NewName};
use seabattle_wire::moderation::{ModAction, ModLogEntry, ModNotice};
use std::sync::Arc;
use std::time::Duration;

/// The store at `url`, opened as `seabattle admin` opens it (off the async threads:
/// PostgreSQL's driver blocks).
pub(crate) async fn admin_store(url: DbUrl, node: String) -> Arc<Store> {
    tokio::task::spawn_blocking(move || open_store(&url, &node).unwrap())
        .await
        .unwrap()
}

/// [`moderate_as_operator`], off the async threads.
pub(crate) async fn operate(
    store: &Arc<Store>,
    act: ModAct,
    whom: &str,
    reason: &str,
) -> Result<ModLogEntry, ModerationError> {
    let (store, whom, reason) = (Arc::clone(store), whom.to_string(), reason.to_string());
    tokio::task::spawn_blocking(move || moderate_as_operator(&store, act, &whom, &reason))
        .await
        .unwrap()
}

/// `GET /account/me`: its status, and its body when it is an account's.
pub(crate) async fn me(addr: std::net::SocketAddr, token: &str) -> (u16, Option<Me>) {
    let r = request(addr, "GET", "/account/me", "", Some(token), None).await;
    (r.status, serde_json::from_str(&r.body).ok())
}

/// The notices `GET /account/me` gives `token`'s account now.
pub(crate) async fn notices(addr: std::net::SocketAddr, token: &str) -> Vec<ModNotice> {
    me(addr, token).await.1.expect("an account").notices
}

#[tokio::test]
async fn a_name_with_a_forbidden_word_in_look_alike_letters_is_refused_at_sign_up() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    // «пизд», a Latin-free spelling with a digit for «з»; and «сука» in Latin letters.
    for bad in ["ПИ3ДЕЦ", "cyka_2000", "xX_fuuuck_Xx"] {
        let r = post(
            addr,
            "/account/signup",
            &creds(bad, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        assert!(
            r.body.contains("forbidden_word") && r.body.contains("not allowed"),
            "{bad}: {}",
            r.body
        );
    }
    // Innocent words that hold a forbidden one are not refused.
    for fine in ["барсука", "корабля", "Moby_Dick"] {
        let r = post(
            addr,
            "/account/signup",
            &creds(fine, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(r.status, 201, "{fine}: {}", r.body);
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_operators_list_replaces_the_default_and_arena_names_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config =
        seabattle_server::Config::new(seabattle_server::DbUrl::Sqlite(dir.path().join("g.db")));
    config.arena_schedule = no_arenas();
    config.forbidden_words =
        std::sync::Arc::new(seabattle_server::ForbiddenWords::parse("# ours\nкальмар\n").unwrap());
    let server = seabattle_server::launch(listener, config).await.unwrap();
    let addr = server.addr();
    let r = post(
        addr,
        "/account/signup",
        &creds("KAЛЬMAP", "correct horse 1"),
        None,
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
    // The default list is replaced, not added to.
    let token = sign_up(addr, "cyka").await;
    let arena = |name: &str| seabattle_wire::arena::CreateArena {
        name: name.into(),
        ..crate::arenas::arena_of(30, 30)
    };
    let r = post(
        addr,
        "/arena/create",
        &serde_json::to_string(&arena("Турнир кальмаров")).unwrap(),
        Some(&token),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("forbidden_word"), "{}", r.body);

    // The operator closes an arena and renames it: it ends at once.
    let id = crate::arenas::make_arena(addr, &token, arena("Турнир")).await;
    let store = admin_store(DbUrl::Sqlite(dir.path().join("g.db")), "admin".into()).await;
    let rename = Some("Закрыта".to_string());
    let Err(e) = operate(
        &store,
        ModAct::CloseArena {
            rename: rename.clone(),
        },
        "nope",
        "x",
    )
    .await
    else {
        panic!("an unknown arena was closed");
    };
    assert!(matches!(e, ModerationError::NoArena(_)), "{e}");
    let line = operate(&store, ModAct::CloseArena { rename }, &id, "a slur")
        .await
        .unwrap();
    assert_eq!(
        (line.action, line.target.as_str(), line.detail.as_deref()),
        (ModAction::CloseArena, id.as_str(), Some("renamed Закрыта"))
    );
    let Err(e) = operate(&store, ModAct::CloseArena { rename: None }, &id, "again").await else {
        panic!("an arena closed twice");
    };
    assert!(e.to_string().contains("closed already"), "{e}");
    let shown = crate::arenas::arena_json(addr, &id, &token).await.arena;
    assert_eq!(shown.name, "Закрыта");
    assert_eq!(shown.state, seabattle_wire::arena::ArenaState::Finished);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_operator_warns_renames_closes_and_reopens_an_account() {
    for db in Db::all() {
        let server = db.server(Duration::from_secs(30)).await;
        let addr = server.addr();
        let store = admin_store(db.url(), db.name("admin")).await;
        let name = db.name("warned");
        let token = sign_up(addr, &name).await;

        // Nobody of that name: refused, naming it.
        let Err(e) = operate(&store, ModAct::Warn, "nobody_here", "x").await else {
            panic!("an unknown name was warned");
        };
        assert!(matches!(e, ModerationError::NoAccount(_)), "{e}");
        assert!(e.to_string().contains("nobody_here"), "{e}");

        // A warning is shown once.
        let line = operate(&store, ModAct::Warn, &name, "  be kind  ")
            .await
            .unwrap();
        assert_eq!(
            (line.action, line.moderator.as_deref(), line.reason.as_str()),
            (ModAction::Warn, None, "be kind")
        );
        let (status, first) = me(addr, &token).await;
        assert_eq!(status, 200);
        assert_eq!(
            first.expect("an account").notices,
            [ModNotice::Warned {
                reason: "be kind".into()
            }]
        );
        assert_eq!(notices(addr, &token).await, []);

        // A forced rename: the new name is checked, the old one stays taken.
        operate(&store, ModAct::ForceRename, &name, "offensive")
            .await
            .unwrap();
        assert_eq!(notices(addr, &token).await, [ModNotice::MustRename]);
        let rename = |n: &str| serde_json::to_string(&NewName { name: n.into() }).unwrap();
        let r = post(addr, "/account/rename", &rename("ПИ3ДЕЦ"), Some(&token)).await;
        assert_eq!(r.status, 400, "{}", r.body);
        let new = db.name("renamed");
        let r = post(addr, "/account/rename", &rename(&new), Some(&token)).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(me(addr, &token).await.1.expect("an account").name, new);
        let r = post(
            addr,
            "/account/rename",
            &rename(&db.name("again")),
            Some(&token),
        )
        .await;
        assert_eq!(r.status, 400, "a second rename unasked: {}", r.body);
        let r = post(
            addr,
            "/account/signup",
            &creds(&name, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(r.status, 409, "the old name is not free: {}", r.body);

        // Closed: the session ends and the socket is told (in a cluster by the notice,
        // on SQLite within a second, as the server reads the log the shell wrote); the
        // password no longer opens it.
        let mut socket = Client::connect_signed_in(addr, &token, &new).await;
        operate(&store, ModAct::Close, &new, "abuse").await.unwrap();
        let (_, close) = socket.read_to_close().await;
        assert_eq!(close.map(|c| c.code), Some(4003), "closed as signed out");
        assert_eq!(me(addr, &token).await.0, 401);
        let login = post(
            addr,
            "/account/login",
            &creds(&new, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(login.status, 403, "{}", login.body);
        assert!(login.body.contains("account_closed"), "{}", login.body);
        let Err(e) = operate(&store, ModAct::Close, &new, "twice").await else {
            panic!("closed twice");
        };
        assert!(e.to_string().contains("closed already"), "{e}");

        operate(&store, ModAct::Reopen, &new, "appeal granted")
            .await
            .unwrap();
        let login = post(
            addr,
            "/account/login",
            &creds(&new, "correct horse 1"),
            None,
        )
        .await;
        assert_eq!(login.status, 200, "{}", login.body);

        // Every action is in the log, newest first.
        let log = {
            let store = Arc::clone(&store);
            tokio::task::spawn_blocking(move || store.moderation_log(10).unwrap())
                .await
                .unwrap()
        };
        let mine: Vec<ModAction> = log
            .iter()
            .filter(|l| l.target == name || l.target == new)
            .map(|l| l.action)
            .collect();
        assert_eq!(
            mine,
            [
                ModAction::Reopen,
                ModAction::Close,
                ModAction::ForceRename,
                ModAction::Warn
            ]
        );
        server.shutdown().await.unwrap();
    }
}

/// Regression: a forced rename was asked for by the web page alone, so the terminal
/// client or a BOT's program could go on meeting players under the old name. Until the
/// account renames, every way into a new game is refused with `must_rename`, over a
/// socket and over HTTP; declining a challenge is not, and afterwards all is open again.
#[tokio::test]
async fn a_player_asked_to_rename_starts_and_joins_no_game_on_any_client_until_renamed() {
    use seabattle_client::msg;
    use seabattle_wire::{Answer, ClientMsg, Opponent};
    for db in Db::all() {
        let server = db.server(Duration::from_secs(60)).await;
        let addr = server.addr();
        let ([ann, bob], [ta, tb], [mut a, mut b]) =
            crate::meet::two_accounts(&db, addr, ["Ann", "Bob"]).await;
        let store = admin_store(db.url(), db.name("admin")).await;
        let friend_game = create(&mut b, msg::new_game(Opponent::Friend)).await;
        let arena = crate::arenas::make_arena(addr, &tb, crate::arenas::arena_of(30, 30)).await;
        operate(&store, ModAct::ForceRename, &ann, "offensive")
            .await
            .unwrap();

        let challenge = |to: &str| ClientMsg::Challenge {
            to: to.into(),
            rules: Some("classic".into()),
            clock: None,
            rated: Some(false),
        };
        let refused = [
            msg::new_game(Opponent::Computer).into(),
            msg::join(&friend_game),
            msg::queue(Some("classic")),
            ClientMsg::Seek {
                rules: Some("classic".into()),
                clock: None,
                rated: Some(false),
                name: None,
            },
            challenge(&bob),
        ];
        for m in refused {
            let e = a.expect_error(m.clone(), ErrorCode::MustRename).await;
            assert!(e.contains("choose a new name"), "{m:?}: {e}");
        }
        // A challenge received may be declined, not accepted.
        b.send(challenge(&ann)).await;
        let first = *until!(a, ServerMsg::Challenged(c) => c);
        a.expect_error(
            ClientMsg::AnswerChallenge {
                id: first.id.clone(),
                answer: Answer::Accept,
            },
            ErrorCode::MustRename,
        )
        .await;
        a.send(ClientMsg::AnswerChallenge {
            id: first.id,
            answer: Answer::Decline,
        })
        .await;
        until!(b, ServerMsg::ChallengeEnded { .. } => ());
        // Over HTTP: joining or making an arena.
        let join = post(addr, &format!("/arena/{arena}/join"), "", Some(&ta)).await;
        assert_eq!(join.status, 403, "{}", join.body);
        assert!(join.body.contains("must_rename"), "{}", join.body);
        let body = serde_json::to_string(&crate::arenas::arena_of(30, 30)).unwrap();
        let made = post(addr, "/arena/create", &body, Some(&ta)).await;
        assert_eq!(made.status, 403, "{}", made.body);

        // Renamed, the account plays again under its new name.
        let new = db.name("Renamed");
        let r = post(
            addr,
            "/account/rename",
            &serde_json::to_string(&NewName { name: new.clone() }).unwrap(),
            Some(&ta),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let mut a = Client::connect_signed_in(addr, &ta, &new).await;
        a.send(msg::join(&friend_game)).await;
        let (game, _, _) = joined(&mut a).await;
        assert_eq!(game, friend_game);
        let join = post(addr, &format!("/arena/{arena}/join"), "", Some(&ta)).await;
        assert_eq!(join.status, 204, "{}", join.body);
        server.shutdown().await.unwrap();
    }
}
