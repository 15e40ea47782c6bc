//! The leaderboard and profiles on a real server, on SQLite and PostgreSQL: while
//! nobody's rating under a preset is established, `/top` lists the provisional ones,
//! marked, and says how a rating becomes established; rule names are in the reader's
//! language; both pages follow the language chosen on the game's page (its cookie) and
//! keep the one chosen by their own switch (issue 39).

use crate::accounts::{creds, post, sign_up};
use crate::common::*;
use crate::ratings::place_and_resign;
use seabattle_client::msg;
use seabattle_server::{Config, DbUrl, Server, launch};
use seabattle_wire::Opponent;
use std::net::SocketAddr;

/// Names new to a shared database on every run: `prefix` and a number.
fn fresh(prefix: &str) -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}{}", n % 1_000_000_000)
}

/// A server on the PostgreSQL database at `url`.
async fn start_postgres(url: &str) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::new(DbUrl::Postgres(url.to_string()));
    config.limits = fast_limits();
    config.arena_schedule = no_arenas();
    config.node = fresh("top");
    launch(listener, config).await.unwrap()
}

/// `GET path` with header lines `headers`: status, head (lower case) and body.
async fn get(addr: SocketAddr, path: &str, headers: &[&str]) -> (u16, String, String) {
    let (status, head, body) = http_raw(addr, path, headers).await;
    (status, head, String::from_utf8(body).unwrap())
}

/// A rated friends' game under `rules` between the accounts behind `ann` and `bob`,
/// played until each fired once; `ann` resigns. Bob wins.
pub(crate) async fn rated_game(ann: &mut Client, bob: &mut Client, rules: &str) {
    let game = create(ann, msg::new_game(Opponent::Friend).rules(rules)).await;
    bob.send(msg::join(&game)).await;
    joined(bob).await;
    ann.send(msg::rate(&game)).await;
    until!(bob, ServerMsg::Rate { .. });
    bob.send(msg::rate(&game)).await;
    assert!(until!(bob, ServerMsg::Rate { rated, .. } => rated));
    let [result, _] = place_and_resign(ann, bob, &game).await;
    assert!(result.ratings.is_some(), "rated: {result:?}");
}

/// What both stores must show: Hasbro's leaderboard before and after one rated game,
/// in both languages, and the profile by the language chosen.
async fn pages(addr: SocketAddr) {
    let (ann_name, bob_name) = (fresh("Ann"), fresh("Bob"));
    let (ann_token, bob_token) = (
        sign_up(addr, &ann_name).await,
        sign_up(addr, &bob_name).await,
    );
    let mut ann = Client::connect_signed_in(addr, &ann_token, &ann_name).await;
    let mut bob = Client::connect_signed_in(addr, &bob_token, &bob_name).await;

    // No rated game under the Flying Dutchman: nobody, said why.
    let (status, _, top) = get(addr, "/top?rules=dutchman&lang=en", &[]).await;
    assert_eq!(status, 200);
    assert!(top.contains("Leaderboard · Flying Dutchman"), "{top}");
    assert!(top.contains("Nobody yet: no rated game"), "{top}");

    rated_game(&mut ann, &mut bob, "hasbro").await;
    // One game establishes nobody: the provisional ratings are listed, marked, under a
    // note that says so, and the page says in plain words what establishes a rating.
    let (_, _, top) = get(addr, "/top?rules=hasbro&lang=en", &[]).await;
    assert!(
        top.contains("Nobody&#39;s rating under these rules is established yet")
            || top.contains("Nobody's rating under these rules is established yet"),
        "{top}"
    );
    assert!(top.contains("after 10 to 15 rated games"), "{top}");
    assert!(top.contains("a deviation of at most 110"), "{top}");
    let bob_row = format!("/u/{bob_name}?lang=en\">{bob_name}</a></td><td class=\"n\">1662?</td>");
    let ann_row = format!("/u/{ann_name}?lang=en\">{ann_name}</a></td><td class=\"n\">1338?</td>");
    assert!(top.contains(&bob_row), "the winner, marked: {top}");
    assert!(top.contains(&ann_row), "the loser, marked: {top}");
    // Tabs and title name the rules in the reader's language.
    let (_, _, top) = get(addr, "/top?rules=hasbro&lang=ru", &[]).await;
    assert!(top.contains("Лучшие игроки · Hasbro"), "{top}");
    assert!(top.contains("aria-current=\"page\">Hasbro</a>"), "{top}");
    for tab in ["Классика", "Большое поле", "Летучий голландец"]
    {
        assert!(top.contains(&format!(">{tab}</a>")), "tab {tab}: {top}");
    }
    assert!(top.contains("пока нет ни у кого"), "{top}");
    assert!(
        top.contains("после <span class=\"nw\">10–15</span> рейтинговых партий"),
        "{top}"
    );
    assert!(
        !top.contains(">big15<") && !top.contains(">classic<"),
        "{top}"
    );

    // The profile: rule names in its language, chosen on the page (the cookie) over
    // the browser's, and `?lang=` over both.
    let path = format!("/u/{bob_name}");
    let russian_browser = "Accept-Language: ru-RU,ru;q=0.9";
    let (_, head, page) = get(addr, &path, &[russian_browser]).await;
    assert!(page.contains("<html lang=\"ru\">") && page.contains("Победа · рейтинговая"));
    assert!(head.contains("vary: accept-language, cookie"), "{head}");
    let (_, _, page) = get(addr, &path, &[russian_browser, "Cookie: sb_lang=en"]).await;
    assert!(
        page.contains("<html lang=\"en\">"),
        "the page's choice: {page}"
    );
    assert!(page.contains("Won · rated"), "{page}");
    assert!(page.contains(">Hasbro</a>"), "{page}");
    let (_, _, page) = get(
        addr,
        &format!("/u/{ann_name}?lang=ru"),
        &["Cookie: sb_lang=en"],
    )
    .await;
    assert!(page.contains("<html lang=\"ru\">"), "{page}");
    assert!(page.contains("Поражение · рейтинговая"), "{page}");
    assert!(
        page.contains("<td class=\"hide-s\">Hasbro</td>"),
        "the games' rules column: {page}"
    );
    // The profile's link to the leaderboard keeps its language.
    assert!(
        page.contains("/top?rules=hasbro&amp;lang=ru\">Hasbro</a>"),
        "{page}"
    );
    // The switch on a players' page keeps the choice for the game's page too, and
    // comes back to the same page.
    let (_, _, top) = get(addr, "/top?rules=hasbro", &["Cookie: sb_lang=ru"]).await;
    let switch = "/lang/en?back=%2Ftop%3Frules%3Dhasbro";
    assert!(top.contains(switch), "{top}");
    let (status, head, _) = get(addr, switch, &[]).await;
    assert_eq!(status, 303);
    assert!(head.contains("location: /top?rules=hasbro\r\n"), "{head}");
    assert!(head.contains("set-cookie: sb_lang=en; path=/;"), "{head}");
    let (_, _, top) = get(addr, "/top?rules=hasbro", &["Cookie: sb_lang=en"]).await;
    assert!(top.contains("Leaderboard · Hasbro"), "{top}");

    // Both go, so that a shared database keeps no leaderboard of past runs.
    for (name, token) in [(&ann_name, &ann_token), (&bob_name, &bob_token)] {
        let r = post(
            addr,
            "/account/delete",
            &creds(name, "correct horse 1"),
            Some(token),
        )
        .await;
        assert_eq!(r.status, 204, "{}", r.body);
    }
    let (_, _, top) = get(addr, "/top?rules=hasbro&lang=en", &[]).await;
    assert!(!top.contains(&bob_name), "{top}");
}

#[tokio::test]
async fn the_leaderboard_and_profiles_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    pages(server.addr()).await;
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_and_profiles_on_postgres() {
    let Some(url) = postgres_url() else {
        return;
    };
    let server = start_postgres(&url).await;
    pages(server.addr()).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_language_switch_goes_back_only_to_this_site() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    for back in [
        "//evil.example/x",
        "https://evil.example/",
        "/%5C%5Cevil",
        "",
    ] {
        let (status, head, _) = get(addr, &format!("/lang/ru?back={back}"), &[]).await;
        assert_eq!(status, 303, "{back}");
        assert!(head.contains("location: /\r\n"), "{back}: {head}");
        assert!(head.contains("set-cookie: sb_lang=ru;"), "{head}");
    }
    // An unknown language is no choice: back, with no cookie.
    let (status, head, _) = get(addr, "/lang/fr?back=/top", &[]).await;
    assert_eq!(status, 303);
    assert!(!head.contains("set-cookie"), "{head}");
    server.shutdown().await.unwrap();
}
