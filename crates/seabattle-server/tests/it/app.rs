//! The installable app: the manifest, the icons, the service worker and what a shared
//! link previews.

use crate::common::*;
use seabattle_client::msg;
use seabattle_wire::{Lang, Opponent};
use serde::Deserialize;

/// The web app manifest, as the tests read it (its names are the standard's).
#[derive(Debug, Deserialize)]
struct Manifest {
    name: String,
    start_url: String,
    display: String,
    theme_color: String,
    icons: Vec<Icon>,
}

/// An icon of the [`Manifest`].
#[derive(Debug, Deserialize)]
struct Icon {
    src: String,
    #[serde(rename = "type")]
    kind: String,
    sizes: String,
}

/// The value of header `name` (lower case) in a lower-cased response head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
}

/// The width and height a PNG's header gives.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

#[tokio::test]
async fn the_manifest_names_the_app_in_the_preferred_language_with_its_icons() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    for (lang, name) in [
        ("ru-RU,ru;q=0.9,en;q=0.8", "Морской бой"),
        ("en-US", "Sea Battle"),
    ] {
        let (status, head, body) = http_raw(
            addr,
            "/manifest.webmanifest",
            &[&format!("Accept-Language: {lang}")],
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            header(&head, "content-type"),
            Some("application/manifest+json")
        );
        assert!(
            header(&head, "vary").unwrap().contains("accept-language"),
            "{head}"
        );
        let m: Manifest = serde_json::from_slice(&body).unwrap();
        assert_eq!(m.name, name);
        assert_eq!(m.start_url, "/");
        assert_eq!(m.display, "standalone");
        assert_eq!(m.theme_color, "#0d3b66");
        for icon in &m.icons {
            let (status, head, bytes) = http_raw(addr, &icon.src, &[]).await;
            assert_eq!(status, 200, "{icon:?}");
            assert_eq!(
                header(&head, "content-type"),
                Some(icon.kind.as_str()),
                "{icon:?}"
            );
            if icon.kind == "image/png" {
                let (w, h) = png_size(&bytes);
                assert_eq!(format!("{w}x{h}"), icon.sizes);
            } else {
                assert!(String::from_utf8(bytes).unwrap().starts_with("<svg"));
            }
        }
    }
    let (status, head, bytes) = http_raw(addr, "/favicon.ico", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-type"), Some("image/x-icon"));
    assert_eq!(&bytes[..4], b"\0\0\x01\0");
    // The page links them, and its policy lets the worker and the manifest load.
    let (_, head, body) = http_raw(addr, "/", &[]).await;
    let page = String::from_utf8(body).unwrap();
    for link in [
        r#"<link rel="manifest" href="/manifest.webmanifest">"#,
        r#"<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">"#,
        r##"<meta name="theme-color" content="#0d3b66">"##,
    ] {
        assert!(page.contains(link), "{link}");
    }
    let csp = header(&head, "content-security-policy").unwrap();
    assert!(
        csp.contains("worker-src 'self'") && csp.contains("manifest-src 'self'"),
        "{csp}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_game_link_previews_in_the_language_its_creator_plays_in() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut alice = Client::connect(addr).await;
    let game = create(
        &mut alice,
        msg::new_game(Opponent::Friend).name("Алиса").lang(Lang::Ru),
    )
    .await;
    let link = format!("/g/{game}");
    // A messenger's robot sends no Accept-Language; nor does its English one change it.
    assert_eq!(
        title(addr, &link, "").await,
        "Алиса приглашает вас в Морской бой"
    );
    assert_eq!(
        title(addr, &link, "en-US").await,
        "Алиса приглашает вас в Морской бой"
    );
    let mut bob = Client::connect(addr).await;
    let game = create(&mut bob, msg::new_game(Opponent::Friend).lang(Lang::En)).await;
    assert_eq!(
        title(addr, &format!("/g/{game}"), "ru-RU,ru").await,
        "A friend invites you to Sea Battle"
    );
    // A creator who said no language: the reader's.
    let mut carol = Client::connect(addr).await;
    let game = create(&mut carol, msg::new_game(Opponent::Friend)).await;
    assert_eq!(
        title(addr, &format!("/g/{game}"), "ru-RU,ru").await,
        "Друг приглашает вас в Морской бой"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_service_worker_keeps_a_shell_that_is_served_and_small() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (status, head, body) = http_raw(addr, "/sw.js", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(
        header(&head, "content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    let text = String::from_utf8(body).unwrap();
    assert!(text.contains("skipWaiting()") && text.contains("clients.claim()"));
    let cache = text
        .split("const CACHE = '")
        .nth(1)
        .and_then(|t| t.split('\'').next())
        .unwrap();
    assert!(
        cache.starts_with("seabattle-") && cache.len() == 34,
        "{cache}"
    );
    let shell: Vec<String> = serde_json::from_str(
        text.split("const SHELL = ")
            .nth(1)
            .and_then(|t| t.split(";\n").next())
            .unwrap(),
    )
    .unwrap();
    // Every file the page itself loads is kept.
    let (_, page) = http_get(addr, "/").await;
    for part in page.split('"').filter(|p| p.starts_with("/assets/")) {
        assert!(shell.iter().any(|s| s == part), "{part} is not kept");
    }
    // A first visit that installs the worker fetches the whole shell: still small.
    let mut total = 0;
    for path in &shell {
        let (status, head, body) =
            http_raw(addr, path, &["Accept-Encoding: gzip, deflate, br"]).await;
        assert_eq!(status, 200, "{path}");
        total += head.len() + body.len();
    }
    assert!(total < 150 * 1024, "the shell is {total} bytes");
    server.shutdown().await.unwrap();
}

/// The `<title>` of `path` for a request in `lang` (none for `""`, as a messenger's
/// robot that unfurls a link).
async fn title(addr: std::net::SocketAddr, path: &str, lang: &str) -> String {
    let asked = format!("Accept-Language: {lang}");
    let headers: &[&str] = if lang.is_empty() { &[] } else { &[&asked] };
    let (status, _, body) = http_raw(addr, path, headers).await;
    assert_eq!(status, 200, "{path}");
    let page = String::from_utf8(body).unwrap();
    let title = page
        .split("<title>")
        .nth(1)
        .unwrap()
        .split("</title>")
        .next();
    let og = format!(r#"<meta property="og:title" content="{}">"#, title.unwrap());
    assert!(page.contains(&og), "{page}");
    assert!(
        page.contains(r#"<meta name="description" content=""#),
        "{page}"
    );
    assert!(page.contains("/assets/icon-512.png\">"), "{page}");
    title.unwrap().to_string()
}

#[tokio::test]
async fn a_game_link_previews_who_invites_in_the_readers_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut alice = Client::connect(addr).await;
    let named = create(&mut alice, msg::new_game(Opponent::Friend).name("Алиса")).await;
    let ru = "ru-RU,ru;q=0.9,en-US;q=0.8";
    let link = format!("/g/{named}");
    assert_eq!(
        title(addr, &link, ru).await,
        "Алиса приглашает вас в Морской бой"
    );
    assert_eq!(
        title(addr, &link, "en-GB,en").await,
        "Алиса invites you to Sea Battle"
    );
    let mut bob = Client::connect(addr).await;
    let odd = create(
        &mut bob,
        msg::new_game(Opponent::Friend).name("<b>\"Bob\" & co"),
    )
    .await;
    assert_eq!(
        title(addr, &format!("/g/{odd}"), "en").await,
        "&lt;b&gt;&quot;Bob&quot; &amp; co invites you to Sea Battle"
    );
    let mut anon = Client::connect(addr).await;
    let nameless = create(&mut anon, msg::new_game(Opponent::Friend)).await;
    assert_eq!(
        title(addr, &format!("/g/{nameless}"), "en").await,
        "A friend invites you to Sea Battle"
    );
    // A code that names no game is no invitation: 404, and the "no such game" screen.
    let (status, _, body) = http_raw(addr, "/g/k7m2qx9p4a", &[]).await;
    assert_eq!(status, 404);
    let page = String::from_utf8(body).unwrap();
    assert!(page.contains(r#""missing":"game""#), "{page}");
    assert!(page.contains("<title>Sea Battle</title>"), "{page}");
    assert!(!page.contains("invites you"), "{page}");
    assert_eq!(title(addr, "/", ru).await, "Морской бой");
    assert_eq!(title(addr, "/", "de").await, "Sea Battle");
    // The absolute address comes from the request's host.
    let (_, _, body) = http_raw(addr, &link, &[]).await;
    let page = String::from_utf8(body).unwrap();
    assert!(
        page.contains(&format!(
            r#"<meta property="og:url" content="http://{addr}{link}">"#
        )),
        "{page}"
    );
    server.shutdown().await.unwrap();
}
