//! What the web page relies on: its files, the rules in full in `state`, the coach's
//! heat map (from the player's own view only) and suggested layouts.

use crate::common::*;
use seabattle_bots::density::Density;
use seabattle_client::msg;
use seabattle_core::view::TargetBoard;
use seabattle_core::{
    Answer, CoordSystem, Fleet, FleetSetup, Lang, PieceKind, Player, Rules, ViolationKind,
};
use seabattle_wire::{ClientMsg, Opponent, RulesJson, ShipShape, Touching, ViolationJson};
use std::collections::BTreeSet;

/// The page's files, as the browser fetches them: the shell, then every `/assets/…` it
/// links and every module imported from those. Returns the total bytes.
async fn page_bytes(addr: std::net::SocketAddr) -> usize {
    let (status, shell) = http_get(addr, "/").await;
    assert_eq!(status, 200);
    let mut todo: Vec<String> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut total = shell.len();
    let links = |text: &str, out: &mut Vec<String>| {
        for part in text.split(['"', '\'']) {
            if let Some(name) = part.strip_prefix("/assets/").or(part.strip_prefix("./")) {
                if name.ends_with(".js") || name.ends_with(".css") {
                    out.push(name.to_string());
                }
            }
        }
    };
    links(&shell, &mut todo);
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let (status, body) = http_get(addr, &format!("/assets/{name}")).await;
        assert_eq!(status, 200, "/assets/{name}");
        assert!(
            !body.contains("http://") || name == "qr.js",
            "{name} names a host"
        );
        total += body.len();
        links(&body, &mut todo);
    }
    assert!(seen.len() >= 10, "{seen:?}");
    total
}

#[tokio::test]
async fn the_page_and_its_files_are_served_and_small() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let total = page_bytes(server.addr()).await;
    // 162 KiB uncompressed since issue 37's words and phone layout (about 57 KB over the
    // wire, docs/first-visit.md) and blind mode's sentences (announce.js), shared with the
    // voice; it was 149 KiB. 180 KiB since issue 39's account deletion, leaderboard link
    // and away.js (a hidden tab's title and notifications); it was 173 KiB. 195 KiB since
    // the lobby and challenges on the start screen (meet.js and its words). 200 KiB
    // since issue 40's rated offer and the BOT-challenge setting, and issue 41's daily
    // sea card (the daily sea's own page, words and style load only on /daily). 206 KiB
    // since the account dialog's BOT box (its form and token list load only when it is
    // opened: bot-account.js) and the queue's offer of a BOT online (challenged from the
    // waiting screen). 214 KiB since issue 48: the opponent named from the pairing,
    // the levels' strength in words, the casual game's reason, a profile's challenge
    // dialog and the touch screen's tap targets (the first visit over the wire stays
    // under its own budget, below). 218 KiB with the rest of issue 48: the start
    // screen's live cards (cards.js, hinted so it costs no round trip), the arena's
    // countdown and no-show words, the lobby's seekers and blind mode's held shots.
    // 222 KiB with issue 51: «Пожаловаться» and «Заблокировать» on the board, in the
    // game-over dialog and in a challenge, the account dialog's list of the blocked and
    // a link to /mod (the dialogs, their words and style, and /mod's page load only
    // when used: moderation.js, mod-words.js, mod.css, mod.js).
    assert!(total < 222 * 1024, "the page is {total} bytes");
    let (status, _) = http_get(server.addr(), "/assets/nope.js").await;
    assert_eq!(status, 404);
    let (status, _) = http_get(server.addr(), "/assets/..%2Fsrc%2Flib.rs").await;
    assert_eq!(status, 404);
    let (status, body) = http_get(server.addr(), "/replay/k7m2qx9p4a").await;
    assert_eq!(status, 200);
    assert!(body.contains(r#""replay":"k7m2qx9p4a""#), "{body}");
    // A link to no game gets the page, with its "no such game" screen.
    let (status, body) = http_get(server.addr(), "/replay/NOPE").await;
    assert_eq!(status, 404);
    assert!(body.contains(r#""missing":"game""#), "{body}");
    let (status, body) = http_get(server.addr(), "/g/NOPE").await;
    assert_eq!(status, 404);
    assert!(body.contains(r#""missing":"game""#), "{body}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_join_links_qr_code_is_drawn_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (status, body) = http_get(addr, &format!("/qr.svg?text=http://{addr}/g/k7m2qx9p4a")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("<svg") && body.contains("<path"), "{body}");
    for bad in [
        "/qr.svg".to_string(),
        "/qr.svg?text=https://example.org/g/k7m2qx9p4a".to_string(),
        format!("/qr.svg?text=http://{addr}/g/NOPE"),
        format!("/qr.svg?text=http://{addr}/g/{}", "k".repeat(300)),
    ] {
        let (status, body) = http_get(addr, &bad).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body.starts_with("qr.svg: "), "{bad}: {body}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn pages_carry_security_headers_and_files_go_compressed_and_validated() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    for path in ["/", "/g/k7m2qx9p4a", "/replay/NOPE"] {
        let (_, head, _) = http_raw(addr, path, &[]).await;
        assert!(head.contains("frame-ancestors 'none'"), "{path}: {head}");
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{path}: {head}"
        );
        assert!(
            head.contains("referrer-policy: same-origin"),
            "{path}: {head}"
        );
        assert!(head.contains("x-frame-options: deny"), "{path}: {head}");
    }
    let (status, head, plain) = http_raw(addr, "/assets/game.js", &[]).await;
    assert_eq!(status, 200);
    assert!(!head.contains("content-encoding"), "{head}");
    let (_, head, gz) = http_raw(addr, "/assets/game.js", &["Accept-Encoding: gzip"]).await;
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert!(
        gz.len() * 2 < plain.len(),
        "{} of {}",
        gz.len(),
        plain.len()
    );
    let (_, head, br) = http_raw(
        addr,
        "/assets/game.js",
        &["Accept-Encoding: gzip, deflate, br"],
    )
    .await;
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(br.len() <= gz.len());
    let etag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .expect("an etag")
        .to_string();
    let (status, _, body) = http_raw(
        addr,
        "/assets/game.js",
        &[&format!("If-None-Match: {etag}"), "Accept-Encoding: br"],
    )
    .await;
    assert_eq!(status, 304);
    assert!(body.is_empty());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn state_carries_the_rules_in_full() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(
        server.addr(),
        "easy",
        "8x9 fleet=3,2,1 touch=corners shots=afloat",
    )
    .await;
    let s = c.state(&game).await;
    assert_eq!(
        s.spec,
        RulesJson {
            width: 8,
            height: 9,
            fleet: vec![3, 2, 1],
            touching: Touching::Corners,
            shape: ShipShape::Straight,
            hit_again: true,
            shots: "afloat".into(),
            mines: 0,
            sweepers: 0,
            subs: 0,
            pieces_touch: false,
            flying: false,
        }
    );
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "minesweepers").await;
    let spec = c.state(&game).await.spec;
    assert_eq!((spec.mines, spec.sweepers, spec.subs), (3, 1, 0));
    server.shutdown().await.unwrap();
}

/// The density map of `view` scaled as the coach sends it.
fn expected_weights(rules: &Rules, view: &TargetBoard) -> Vec<f64> {
    let heat = Density::default().heat(rules, view);
    let top = heat.score.iter().copied().fold(0.0, f64::max);
    heat.score
        .iter()
        .map(|s| (s / top * 1000.0).round() / 1000.0)
        .collect()
}

/// The coach's next heat map: (width, height, weights, best cells).
async fn coach(c: &mut Client) -> (u8, u8, Vec<f64>, Vec<String>) {
    until!(c, ServerMsg::Coach { width, height, weights, best, .. } => {
        (width, height, weights, best)
    })
}

/// The next shot's `next`: who shoots now.
async fn next_to_shoot(c: &mut Client) -> Option<Player> {
    until!(c, ServerMsg::Shot { next, .. } => next)
}

#[tokio::test]
async fn the_coach_works_from_the_players_view_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    c.expect_error(msg::coach(&game), ErrorCode::NoCoach).await;
    c.send(msg::place_random(&game)).await;
    let mut next = Some(until_battle(&mut c).await);
    // Whoever moved first, it is the player's turn once the computer has missed.
    while next != Some(Player::One) {
        next = next_to_shoot(&mut c).await;
    }
    let state = c.state(&game).await;
    let rules = Rules::classic();
    let mine = &state.boards[0];
    assert!(mine.misses.is_empty());
    assert!(mine.hits.is_empty());
    c.send(msg::coach(&game)).await;
    let (width, height, weights, best) = coach(&mut c).await;
    assert_eq!((width, height), (10, 10));
    // Nothing shot yet: the map is the one of an empty board, whatever the hidden fleet.
    let empty = expected_weights(&rules, &TargetBoard::new(&rules));
    assert_eq!(weights, empty);
    assert!(!best.is_empty());

    // After a shot, the shot cell weighs nothing.
    c.send(msg::fire(&game, ["e5"])).await;
    let mut next = next_to_shoot(&mut c).await;
    while next == Some(Player::Two) {
        next = next_to_shoot(&mut c).await;
    }
    c.send(msg::coach(&game)).await;
    let (_, _, w, _) = coach(&mut c).await;
    assert_eq!(w.len(), 100);
    assert_eq!(w[4 * 10 + 4], 0.0);
    assert!(w.iter().all(|x| (0.0..=1.0).contains(x)));
    assert!(w.contains(&1.0));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn no_coach_between_people_nor_for_spectators() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut a, mut b, game, _) = friends(server.addr(), msg::new_game(Opponent::Friend)).await;
    for c in [&mut a, &mut b] {
        c.send(msg::place_random(&game)).await;
    }
    until_battle(&mut a).await;
    a.expect_error(msg::coach(&game), ErrorCode::NoCoach).await;
    let mut s = Client::connect(server.addr()).await;
    s.send(msg::watch(&game)).await;
    until!(s, ServerMsg::State(_));
    s.expect_error(msg::coach(&game), ErrorCode::Spectator)
        .await;
    s.expect_error(msg::layout(&game, None), ErrorCode::Spectator)
        .await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn layouts_are_legal_and_place_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    c.expect_error(msg::layout(&game, Some("sideways")), ErrorCode::BadPlacer)
        .await;
    c.expect_error(msg::layout("zzzzzzzzzz", None), ErrorCode::WrongGame)
        .await;
    let rules = Rules::classic();
    for placer in ["uniform", "perelman"] {
        c.send(msg::layout(&game, Some(placer))).await;
        let (by, ships) = layout(&mut c).await;
        assert_eq!(by, placer);
        let setup = FleetSetup::parse(&ships.join(" "), CoordSystem::Latin, rules.dims()).unwrap();
        Fleet::new(setup, &rules).unwrap();
    }
    // Nothing was placed: the state has no fleet yet, and the last layout can be placed.
    let s = c.state(&game).await;
    assert_eq!(s.own.unwrap().fleet, None);
    assert_eq!(s.placed, [false, true]);
    c.send(msg::layout(&game, None)).await;
    let (_, fleet) = layout(&mut c).await;
    c.send(msg::place(&game, &fleet)).await;
    until!(c, ServerMsg::Placed { .. });
    let s = c.state(&game).await;
    let mut got: Vec<String> = s.own.unwrap().fleet.unwrap();
    let mut want: Vec<String> = fleet;
    got.sort();
    want.sort();
    assert_eq!(got, want);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn piece_layouts_hold_the_pieces_and_check_names_their_violations() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    for preset in ["mines", "minesweepers", "submarines"] {
        let (mut c, game, _) = vs_computer(server.addr(), "easy", preset).await;
        let rules: Rules = preset.parse().unwrap();
        for placer in ["uniform", "perelman"] {
            c.send(msg::layout(&game, Some(placer))).await;
            let (_, words) = layout(&mut c).await;
            let setup =
                FleetSetup::parse(&words.join(" "), CoordSystem::Latin, rules.dims()).unwrap();
            assert_eq!(
                setup.pieces.len(),
                rules.pieces().count(),
                "{preset} {words:?}"
            );
            Fleet::new(setup, &rules).unwrap();
        }
    }
    // A mine touching a ship, and a mine missing.
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "mines").await;
    let fleet = [
        "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7", "g7", "mine:e1",
    ];
    c.send(msg::check(&game, fleet)).await;
    let v = violations(&mut c).await;
    let kinds: Vec<(ViolationKind, Option<PieceKind>)> =
        v.iter().map(|x| (x.kind, x.piece)).collect();
    assert_eq!(
        kinds,
        [
            (ViolationKind::Touching, Some(PieceKind::Mine)),
            (ViolationKind::Fleet, Some(PieceKind::Mine))
        ],
        "{v:?}"
    );
    assert_eq!(v[0].cells, ["e1", "d1"], "{v:?}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn check_names_every_violation_as_the_rules_engine_words_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "classic").await;
    // Two ships touching at a corner, and most of the fleet missing.
    c.send(ClientMsg::Check {
        game: game.clone(),
        fleet: vec!["a1-d1".into(), "e2".into()],
        lang: Some("ru".into()),
        coords: Some("russian".into()),
    })
    .await;
    let (fleet, lang, coords, v) = until!(c, ServerMsg::Checked { fleet, lang, coords, violations, .. } => {
        (fleet, lang, coords, violations)
    });
    // The answer says what it checked.
    assert_eq!(fleet, ["a1-d1", "e2"]);
    assert_eq!((lang, coords), (Lang::Ru, CoordSystem::Russian));
    let kinds: Vec<ViolationKind> = v.iter().map(|x| x.kind).collect();
    assert!(
        kinds.contains(&ViolationKind::Touching) && kinds.contains(&ViolationKind::Fleet),
        "{v:?}"
    );
    let touching = v
        .iter()
        .find(|x| x.kind == ViolationKind::Touching)
        .unwrap();
    assert_eq!(touching.cells, ["d1", "e2"]);
    assert_eq!(touching.message, "корабли касаются углами: Г1 Д2");
    // A legal fleet has none; bad words and bad languages are refused.
    c.send(msg::check(
        &game,
        [
            "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7", "g7",
        ],
    ))
    .await;
    assert!(violations(&mut c).await.is_empty());
    c.expect_error(msg::check(&game, ["a1-c3"]), ErrorCode::BadFleet)
        .await;
    c.expect_error_raw(
        &format!(r#"{{"type": "check", "game": "{game}", "fleet": [], "lang": "fr"}}"#),
        ErrorCode::BadMessage,
    )
    .await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn answers_carry_halos_and_the_next_volley_size() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "easy", "salvo").await;
    c.send(msg::place_random(&game)).await;
    let shots_due = until!(c, ServerMsg::Battle { shots_due, .. } => shots_due);
    assert_eq!(shots_due, 10, "a salvo of one shot per ship afloat");
    let s = c.state(&game).await;
    assert_eq!(s.boards[0].afloat, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
    assert!(s.boards[0].empty.is_empty());
    // Every sunk answer names its halo, and the state's boards list the same cells.
    play_out(&mut c, &game, Player::One, 10, 10).await;
    let mut halos = BTreeSet::new();
    for m in &c.log {
        let ServerMsg::Shot { player, shots, .. } = m else {
            continue;
        };
        for s in shots {
            assert_eq!(s.halo.is_some(), s.answer == Answer::Sunk, "{s:?}");
            if *player == Player::One {
                halos.extend(s.halo.iter().flatten().cloned());
            }
        }
    }
    let s = c.state(&game).await;
    let shot: BTreeSet<String> = cells(&s.boards[0].misses);
    let empty: BTreeSet<String> = cells(&s.boards[0].empty);
    assert_eq!(empty, halos.difference(&shot).cloned().collect());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn metrics_and_readiness_are_served_for_operators() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let (status, body) = http_get(addr, "/readyz").await;
    assert_eq!((status, body.as_str()), (200, "ready\n"));
    let (mut c, game, _) = vs_computer(addr, "easy", "classic").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    let s = c.state(&game).await;
    if s.to_move == Some(Player::One) {
        c.send(msg::fire(&game, ["a1"])).await;
        until!(c, ServerMsg::Shot { .. });
    }
    let (status, text) = http_get(addr, "/metrics").await;
    assert_eq!(status, 200);
    for line in [
        "seabattle_games_open 1",
        "seabattle_connections_open 1",
        "seabattle_games_created_total 1",
        "# TYPE seabattle_shot_seconds histogram",
        "# TYPE seabattle_store_seconds histogram",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    let shots: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("seabattle_shots_total "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(shots >= 1, "{text}");
    server.shutdown().await.unwrap();
}

/// The next `layout`: the placer that drew it and its fleet.
async fn layout(c: &mut Client) -> (String, Vec<String>) {
    until!(c, ServerMsg::Layout { placer, fleet, .. } => (placer, fleet))
}

/// The violations of the next `checked`.
async fn violations(c: &mut Client) -> Vec<ViolationJson> {
    until!(c, ServerMsg::Checked { violations, .. } => violations)
}

/// Every file the page loads, by the paths it names: the shell's links and the
/// modules' imports.
async fn page_paths(addr: std::net::SocketAddr) -> Vec<String> {
    let mut todo = vec!["/".to_string()];
    let mut seen = Vec::new();
    while let Some(path) = todo.pop() {
        if seen.contains(&path) {
            continue;
        }
        let (status, text) = http_get(addr, &path).await;
        assert_eq!(status, 200, "{path}");
        for part in text.split(['"', '\'']) {
            if let Some(name) = part.strip_prefix("/assets/").or(part.strip_prefix("./"))
                && (name.ends_with(".js") || name.ends_with(".css"))
            {
                todo.push(format!("/assets/{name}"));
            }
        }
        seen.push(path);
    }
    seen
}

#[tokio::test]
async fn a_first_visit_stays_under_150_kib_and_a_repeat_visit_under_10_kib() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let paths = page_paths(addr).await;
    let (mut first, mut repeat) = (0, 0);
    for path in &paths {
        let (status, head, body) =
            http_raw(addr, path, &["Accept-Encoding: gzip, deflate, br"]).await;
        assert_eq!(status, 200, "{path}");
        first += head.len() + body.len();
        let etag = head
            .lines()
            .find_map(|l| l.strip_prefix("etag: "))
            .unwrap_or_else(|| panic!("{path} has no etag"));
        let (status, head, body) = http_raw(
            addr,
            path,
            &[
                "Accept-Encoding: gzip, deflate, br",
                &format!("If-None-Match: {etag}"),
            ],
        )
        .await;
        assert_eq!(status, 304, "{path}");
        repeat += head.len() + body.len();
    }
    assert!(first < 150 * 1024, "a first visit transfers {first} bytes");
    assert!(
        repeat < 10 * 1024,
        "a repeat visit transfers {repeat} bytes"
    );
    server.shutdown().await.unwrap();
}
