//! Two terminal players through a real game server (`seabattle_server::launch` on port
//! 0), driven by key events: one creates the game, the other joins with the code, and
//! halfway through the server is stopped and started again on the same address and
//! database, so both reconnect with their tokens and finish the game.

use crate::common::*;
use rand::SeedableRng;
use ratatui::crossterm::event::KeyCode;
use seabattle_client::account::{self, ServerOrigin, SessionToken};
use seabattle_core::{Lang, Rules};
use seabattle_server::{Config, DbUrl, Limits, Server, launch};
use seabattle_tui::online::{Connection, LinkEvent, Opening};
use seabattle_tui::table::Mark;
use seabattle_tui::{App, Mode, Screen};
use seabattle_wire::ClientMsg;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

async fn start(addr: &str, db: &Path) -> Server {
    let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
    let mut config = Config::new(DbUrl::Sqlite(db.to_path_buf()));
    config.limits = Limits {
        messages_per_second: 100_000,
        burst: 100_000,
        ..Limits::default()
    };
    launch(listener, config).await.unwrap()
}

struct Player {
    app: App,
    conn: Connection,
    drops: usize,
}

impl Player {
    fn join(url: &str, opening: Opening, lang: Lang) -> Player {
        Player::join_as(url, opening, lang, None)
    }

    /// [`Player::join`], signed in with the session `token` when there is one.
    fn join_as(url: &str, opening: Opening, lang: Lang, token: Option<SessionToken>) -> Player {
        let (conn, joined) =
            Connection::open_as(url, opening, Duration::from_secs(10), token).unwrap();
        let mut app = app(Mode::Online, Rules::classic(), lang, 1);
        assert_eq!(app.screen(), Screen::Connecting);
        app.server_message(&joined);
        Player {
            app,
            conn,
            drops: 0,
        }
    }

    /// Hands the server's news to the app and the app's moves to the server.
    fn pump(&mut self) {
        while let Some(e) = self.conn.try_recv() {
            match e {
                LinkEvent::Message(m) => self.app.server_message(&m),
                LinkEvent::Unreadable(e) => self.app.server_unreadable(&e),
                LinkEvent::Down(_) => self.drops += 1,
                LinkEvent::Up => {}
            }
        }
        for m in self.app.take_outbox() {
            self.conn.send(m);
        }
    }

    /// One key press, as a person would: accept the fleet, show the first cell allowed
    /// when a reveal is owed, or shoot the first cell not shot when it is this player's
    /// turn.
    fn play(&mut self) {
        match self.app.screen() {
            Screen::Placement(_) => press(&mut self.app, KeyCode::Enter),
            // The cells allowed come from the server just after the duty.
            Screen::Battle(_) if self.app.revealing() => {
                let Some(target) = self.app.reveal_options().first() else {
                    return;
                };
                while let Some(key) = arrow_toward(self.app.reveal_cursor(), target) {
                    press(&mut self.app, key);
                }
                press(&mut self.app, KeyCode::Enter);
            }
            Screen::Battle(seat)
                if self.app.to_move() == Some(seat) && self.app.owed().is_none() =>
            {
                let table = self.app.table(seat).unwrap();
                let Some(target) = table.rules().dims().cells().find(|&c| !table.shot_at(c)) else {
                    return;
                };
                aim(&mut self.app, target);
                press(&mut self.app, KeyCode::Enter);
            }
            _ => {}
        }
    }
}

#[test]
fn two_terminal_players_finish_a_game_through_the_server_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(start("127.0.0.1:0", &db));
    let addr: SocketAddr = server.addr();
    let url = format!("http://{addr}");

    let mut a = Player::join(
        &url,
        Opening::NewGame {
            rules: "classic".into(),
        },
        Lang::En,
    );
    assert!(
        a.app.table(seabattle_core::Player::One).is_some(),
        "the creator holds seat 1"
    );
    // The creator sees the code and the link to pass on.
    let mut shown = String::new();
    for _ in 0..200 {
        a.pump();
        if matches!(a.app.screen(), Screen::Placement(_)) {
            press(&mut a.app, KeyCode::Enter);
            a.pump();
        }
        if a.app.screen() == Screen::Waiting {
            shown = screen_text(&mut a.app, 80, 24);
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(shown.contains("Game code:"), "{shown}");
    let code = shown
        .lines()
        .find_map(|l| l.split("Game code: ").nth(1))
        .unwrap()
        .trim_end_matches(['│', ' '])
        .to_string();
    assert!(
        shown.contains(&format!("http://{addr}/g/{code}")),
        "{shown}"
    );

    let mut b = Player::join(&url, Opening::Join { code: code.clone() }, Lang::Ru);
    let mut server = Some(server);
    let mut restarted = false;
    let deadline = Instant::now() + Duration::from_secs(90);
    while a.app.ending().is_none() || b.app.ending().is_none() {
        assert!(
            Instant::now() < deadline,
            "no end: {:?} {:?}",
            a.app.screen(),
            b.app.screen()
        );
        for p in [&mut a, &mut b] {
            p.pump();
            p.play();
            p.pump();
        }
        if !restarted && a.app.log().len() >= 30 {
            // Stop the server and start it again on the same address and database.
            rt.block_on(server.take().unwrap().shutdown()).unwrap();
            server = Some(rt.block_on(start(&addr.to_string(), &db)));
            restarted = true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(restarted);
    assert!(
        a.drops >= 1 && b.drops >= 1,
        "both connections dropped and came back"
    );
    let (ea, eb) = (a.app.ending().unwrap(), b.app.ending().unwrap());
    assert_eq!(ea.winner, eb.winner);
    assert_eq!(ea.fleets, eb.fleets);
    assert!(
        ea.verdict.starts_with("the result stands"),
        "{}",
        ea.verdict
    );
    // Both boards agree across the restart: what each knows of the other's waters is
    // what the other sees on its own board (the log may miss a shot answered while a
    // connection was down; the restored boards do not).
    let (sa, sb) = (seabattle_core::Player::One, seabattle_core::Player::Two);
    let (ta, tb) = (a.app.table(sa).unwrap(), b.app.table(sb).unwrap());
    for c in seabattle_core::Dims::CLASSIC.cells() {
        assert_eq!(
            ta.enemy_mark(c) == Mark::Miss,
            tb.own_mark(c) == Mark::Miss,
            "{c}"
        );
        assert_eq!(
            tb.enemy_mark(c) == Mark::Miss,
            ta.own_mark(c) == Mark::Miss,
            "{c}"
        );
        let struck = |m| matches!(m, Mark::Hit | Mark::Sunk);
        assert_eq!(struck(ta.enemy_mark(c)), struck(tb.own_mark(c)), "{c}");
        assert_eq!(struck(tb.enemy_mark(c)), struck(ta.own_mark(c)), "{c}");
    }
    assert!(a.app.log().len() > 30 && b.app.log().len() > 30);
    // The loser's game-over screen shows the winner's fleet, revealed.
    let loser = if ea.winner == Some(seabattle_core::Player::One) {
        &mut b
    } else {
        &mut a
    };
    let text = screen_text(&mut loser.app, 80, 24);
    assert!(
        text.contains("Игра окончена") || text.contains("Game over"),
        "{text}"
    );
    assert!(
        text.contains('□'),
        "the winner's fleet is not shown:\n{text}"
    );
    rt.block_on(server.unwrap().shutdown()).unwrap();
}

/// Creates a friend game under `rules` on the server at `url` (in English), places the
/// fleet, and joins it from a second terminal (in Russian) with the code shown: (creator,
/// joiner).
fn pair(url: &str, rules: &str) -> (Player, Player) {
    let mut a = Player::join(
        url,
        Opening::NewGame {
            rules: rules.into(),
        },
        Lang::En,
    );
    for _ in 0..200 {
        a.pump();
        if matches!(a.app.screen(), Screen::Placement(_)) {
            press(&mut a.app, KeyCode::Enter);
            a.pump();
        }
        if a.app.screen() == Screen::Waiting {
            let shown = screen_text(&mut a.app, 80, 24);
            let code = shown
                .lines()
                .find_map(|l| l.split("Game code: ").nth(1))
                .unwrap()
                .trim_end_matches(['│', ' '])
                .to_string();
            let b = Player::join(url, Opening::Join { code }, Lang::Ru);
            return (a, b);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no game code: {:?}", a.app.screen());
}

#[test]
fn a_mines_game_with_reveals_through_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(start("127.0.0.1:0", &dir.path().join("games.db")));
    let url = format!("http://{}", server.addr());
    // Six mines a side and a submarine: the reveals come early and often.
    let (mut a, mut b) = pair(&url, "classic mines=6 subs=1");
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut prompts = [false, false];
    while a.app.ending().is_none() || b.app.ending().is_none() {
        assert!(
            Instant::now() < deadline,
            "no end: {:?} {:?}",
            a.app.screen(),
            b.app.screen()
        );
        for (i, p) in [&mut a, &mut b].into_iter().enumerate() {
            p.pump();
            // The prompt to show a cell, in the player's language.
            if p.app.revealing() && !prompts[i] {
                let text = screen_text(&mut p.app, 100, 30);
                let w = p.app.words();
                prompts[i] = text.contains(w.reveal_ship) || text.contains(w.reveal_mine);
                assert!(prompts[i], "{text}");
            }
            p.play();
            p.pump();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let (ea, eb) = (a.app.ending().unwrap(), b.app.ending().unwrap());
    assert_eq!((ea.winner, &ea.fleets), (eb.winner, &eb.fleets));
    assert!(
        ea.verdict.starts_with("the result stands"),
        "{}",
        ea.verdict
    );
    // The fleets revealed at the end carry the pieces.
    assert_eq!(ea.pieces, eb.pieces);
    assert!(
        ea.pieces
            .iter()
            .all(|p| p.mines.len() == 6 && p.submarines.len() == 1)
    );
    // Reveals were made by both sides' people and reached both logs.
    let reveals = |p: &Player| {
        p.app
            .log()
            .iter()
            .filter(|e| e.kind == seabattle_tui::LogKind::Reveal)
            .map(|e| e.player)
            .collect::<std::collections::BTreeSet<_>>()
    };
    assert!(!reveals(&a).is_empty(), "no reveal in the game");
    assert_eq!(reveals(&a), reveals(&b));
    assert!(prompts.iter().any(|&p| p));
    rt.block_on(server.shutdown()).unwrap();
}

/// Marks `cells` on the own board with the arrows and space, as a person would.
fn mark_own(app: &mut App, cells: &seabattle_core::CellSet) {
    for target in cells {
        while let Some(key) = arrow_toward(app.reveal_cursor(), target) {
            press(app, key);
        }
        press(app, KeyCode::Char(' '));
    }
}

#[test]
fn a_dutchman_game_through_the_server_with_the_ship_moved_by_keys() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(start("127.0.0.1:0", &dir.path().join("games.db")));
    let url = format!("http://{}", server.addr());
    let (mut a, mut b) = pair(&url, "dutchman");
    let deadline = Instant::now() + Duration::from_secs(240);
    // Moves made per player: by marking cells (even) or with `r`, the server's draw.
    let mut moves = [0usize; 2];
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    while a.app.ending().is_none() || b.app.ending().is_none() {
        assert!(
            Instant::now() < deadline,
            "no end: {:?} {:?}",
            a.app.screen(),
            b.app.screen()
        );
        for (i, p) in [&mut a, &mut b].into_iter().enumerate() {
            p.pump();
            let Screen::Battle(seat) = p.app.screen() else {
                p.play();
                p.pump();
                continue;
            };
            if !p.app.relocating() {
                p.play();
                p.pump();
                continue;
            }
            // The local game's prompt, in the player's language, with the decks left.
            let table = p.app.table(seat).unwrap();
            let Some(decks) = table.decks_to_move() else {
                continue;
            };
            let shot = table.own_shot();
            let rules = table.rules().clone();
            let before = table.own_ships().to_vec();
            let text = screen_text(&mut p.app, 120, 40);
            let prompt = p
                .app
                .words()
                .relocate_prompt
                .replace("{}", &decks.to_string());
            assert!(text.contains(&prompt), "{prompt:?} not in {text}");
            if moves[i] % 2 == 0 {
                if moves[i] == 0 {
                    // A refusal first, with the reason, before anything is sent.
                    mark_own(
                        &mut p.app,
                        &seabattle_core::CellSet::single(shot.first().unwrap()),
                    );
                    press(&mut p.app, KeyCode::Enter);
                    assert!(p.app.relocating() && !p.app.status().is_empty());
                    mark_own(
                        &mut p.app,
                        &seabattle_core::CellSet::single(shot.first().unwrap()),
                    );
                }
                let to =
                    seabattle_core::flying::random_move(&rules, decks, &shot, &mut rng).unwrap();
                mark_own(&mut p.app, &to);
                press(&mut p.app, KeyCode::Enter);
                p.pump();
            } else {
                press(&mut p.app, KeyCode::Char('r'));
                p.pump();
            }
            // The server tells the owner where the ship went.
            let wait = Instant::now() + Duration::from_secs(10);
            while p.app.table(seat).unwrap().own_ships() == before.as_slice() {
                assert!(Instant::now() < wait, "the move did not come back");
                p.pump();
                std::thread::sleep(Duration::from_millis(2));
            }
            let now = p.app.table(seat).unwrap().own_ships()[0];
            assert_eq!(now.len(), decks);
            assert!(!now.intersects(&shot));
            moves[i] += 1;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let (ea, eb) = (a.app.ending().unwrap(), b.app.ending().unwrap());
    assert_eq!((ea.winner, &ea.fleets), (eb.winner, &eb.fleets));
    assert!(
        ea.verdict.starts_with("the result stands"),
        "{}",
        ea.verdict
    );
    assert!(moves.iter().sum::<usize>() >= 2, "{moves:?}");
    rt.block_on(server.shutdown()).unwrap();
}

#[test]
fn joining_a_game_that_does_not_exist_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(start("127.0.0.1:0", &dir.path().join("g.db")));
    let url = format!("ws://{}", server.addr());
    let err = Connection::open(
        &url,
        Opening::Join {
            code: "zzzzzzzzzz".into(),
        },
        Duration::from_secs(10),
    )
    .err()
    .expect("no such game");
    assert!(err.to_string().starts_with("server: "), "{err}");
    rt.block_on(server.shutdown()).unwrap();
    let err = Connection::open(
        &url,
        Opening::NewGame {
            rules: "classic".into(),
        },
        Duration::from_secs(10),
    )
    .err()
    .expect("the server is gone");
    assert!(err.to_string().contains("cannot connect"), "{err}");
}

#[test]
fn server_news_reaches_the_screens_in_the_players_language() {
    let mut app = app(Mode::Online, Rules::classic(), Lang::Ru, 3);
    assert!(screen_text(&mut app, 80, 24).contains("Подключение к серверу"));
    app.server_text(
        r#"{"type":"joined","game":"k7m2qx9p4a","role":"player","seat":2,"token":"00","link":"http://h:1/g/k7m2qx9p4a"}"#,
    );
    // The joiner's rules come from the server.
    app.server_text(
        r#"{"type":"state","game":"k7m2qx9p4a","role":"player","seat":2,"rules":"8x8 fleet=3,2,2,1","spec":{"width":8,"height":8,"fleet":[3,2,2,1],"touching":"none","shape":"straight","hit_again":true,"shots":"1","mines":0,"sweepers":0,"subs":0,"pieces_touch":false,"flying":false},"mode":"friend","clock":null,"phase":"placement","placed":[false,false],"to_move":null,"shots_due":0,"duties":[],"reveal":null,"relocate":null,"own":null,"boards":[{"misses":[],"hits":[],"sunk":[],"empty":[],"afloat":[3,2,2,1]},{"misses":[],"hits":[],"sunk":[],"empty":[],"afloat":[3,2,2,1]}],"commitments":null,"presence":[{"present":true,"away_secs":null},{"present":true,"away_secs":null}],"names":[null,null],"strikes":[0,0],"clock_left":null,"moves":0,"result":null,"next_game":null}"#,
    );
    assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::Two));
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Код игры: k7m2qx9p4a"), "{text}");
    assert!(
        text.contains("з"),
        "an 8×8 board in Russian letters:\n{text}"
    );
    assert!(!text.contains(" и "), "no ninth column:\n{text}");
    app.server_text(r#"{"type":"presence","game":"k7m2qx9p4a","player":1,"present":false}"#);
    assert_eq!(app.status(), "Противник отключился; ждём его.");
    app.apply(seabattle_tui::Update::Link(Some("reset".into())));
    assert_eq!(app.status(), "Связь потеряна (reset); переподключаюсь…");
    // A clock timeout that passes the turn hands it over.
    app.server_text(r#"{"type":"timeout","game":"k7m2qx9p4a","player":1,"strikes":1,"next":2}"#);
    assert_eq!(app.to_move(), Some(seabattle_core::Player::Two));
    assert_eq!(app.status(), "У игрока 1 вышло время хода.");
    app.server_text(r#"{"type":"timeout","game":"k7m2qx9p4a","player":2,"strikes":1}"#);
    assert_eq!(
        app.to_move(),
        Some(seabattle_core::Player::Two),
        "no next: the turn stays"
    );
    app.apply(seabattle_tui::Update::Link(Some("reset".into())));
    assert_eq!(app.status(), "Связь потеряна (reset); переподключаюсь…");
    app.server_text(r#"{"type":"shot","player":7}"#);
    assert!(app.status().contains("shot"), "{}", app.status());
    // A message of a type this client does not know (from a newer server) is skipped,
    // and said so once.
    app.server_text(r#"{"type":"whisper","game":"k7m2qx9p4a","text":"привет"}"#);
    assert!(app.status().contains("skipped"), "{}", app.status());
    assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::Two));
    app.apply(seabattle_tui::Update::Link(None));
    let before = app.status().to_string();
    app.server_text(r#"{"type":"whisper","game":"k7m2qx9p4a","text":"ещё"}"#);
    assert_eq!(app.status(), before);
    // Quick chat comes by phrase id and is said in the player's language.
    app.server_text(r#"{"type":"chat","game":"k7m2qx9p4a","player":1,"phrase":"good_luck"}"#);
    assert_eq!(app.status(), "Противник: Удачи!");
    app.server_text(r#"{"type":"chat","game":"k7m2qx9p4a","player":2,"phrase":"fire"}"#);
    assert_eq!(app.status(), "Вы: 🔥");
    assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::Two));
    // Enter sends the fleet as the protocol writes it.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Waiting);
    let out = app.take_outbox();
    assert_eq!(out.len(), 1);
    let ClientMsg::Place { game, fleet } = &out[0] else {
        panic!("not a place: {:?}", out[0]);
    };
    assert_eq!(game, "k7m2qx9p4a");
    assert_eq!(fleet.as_ref().map(Vec::len), Some(4));
    // A refused fleet goes back to placement with the server's words.
    app.server_text(r#"{"type":"error","code":"bad_fleet","message":"ships touch"}"#);
    assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::Two));
    assert_eq!(app.status(), "ships touch");
}

#[test]
fn c_picks_a_quick_chat_phrase_and_v_says_it() {
    let mut app = app(Mode::Online, Rules::classic(), Lang::Ru, 3);
    app.server_text(
        r#"{"type":"joined","game":"k7m2qx9p4a","role":"player","seat":1,"token":"00","link":"http://h:1/g/k7m2qx9p4a"}"#,
    );
    app.server_text(
        r#"{"type":"state","game":"k7m2qx9p4a","role":"player","seat":1,"rules":"classic","spec":{"width":10,"height":10,"fleet":[4,3,3,2,2,2,1,1,1,1],"touching":"none","shape":"straight","hit_again":true,"shots":"1","mines":0,"sweepers":0,"subs":0,"pieces_touch":false,"flying":false},"mode":"friend","clock":null,"phase":"placement","placed":[false,false],"to_move":null,"shots_due":0,"duties":[],"reveal":null,"relocate":null,"own":null,"boards":[{"misses":[],"hits":[],"sunk":[],"empty":[],"afloat":[4,3,3,2,2,2,1,1,1,1]},{"misses":[],"hits":[],"sunk":[],"empty":[],"afloat":[4,3,3,2,2,2,1,1,1,1]}],"commitments":null,"presence":[{"present":true,"away_secs":null},{"present":true,"away_secs":null}],"names":[null,null],"strikes":[0,0],"clock_left":null,"moves":0,"result":null,"next_game":null}"#,
    );
    assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::One));
    press(&mut app, KeyCode::Char('c'));
    assert_eq!(app.status(), "Фраза: Удачи! (c — другая, v — сказать)");
    // The Russian layout's key in the same place works too.
    press(&mut app, KeyCode::Char('с'));
    assert_eq!(
        app.status(),
        "Фраза: Хороший выстрел! (c — другая, v — сказать)"
    );
    press(&mut app, KeyCode::Char('v'));
    let out: Vec<serde_json::Value> = app
        .take_outbox()
        .iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .collect();
    assert_eq!(
        out,
        [serde_json::json!({"type":"chat","game":"k7m2qx9p4a","phrase":"nice_shot"})]
    );
    // The placement screen is as it was.
    assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::One));
}

/// A terminal that lost its connection while placing a rated game, and came back, said
/// nothing of the game being rated: the server's `state` says so, and so does the
/// status line again.
#[test]
fn a_terminal_back_mid_placement_is_told_the_game_is_rated() {
    let state = |rated: &str| {
        format!(
            r#"{{"type":"state","game":"k7m2qx9p4a","role":"player","seat":1,"rules":"classic","spec":{{"width":10,"height":10,"fleet":[4,3,3,2,2,2,1,1,1,1],"touching":"none","shape":"straight","hit_again":true,"shots":"1","mines":0,"sweepers":0,"subs":0,"pieces_touch":false,"flying":false}},"mode":"friend","clock":null,"phase":"placement","placed":[false,true],"to_move":null,"shots_due":0,"duties":[],"reveal":null,"relocate":null,"own":null,"boards":[{{"misses":[],"hits":[],"sunk":[],"empty":[],"afloat":[4,3,3,2,2,2,1,1,1,1]}},{{"misses":[],"hits":[],"sunk":[],"empty":[],"afloat":[4,3,3,2,2,2,1,1,1,1]}}],"commitments":null,"presence":[{{"present":true,"away_secs":null}},{{"present":true,"away_secs":null}}],"names":[null,null],"strikes":[0,0],"clock_left":null,"moves":0,"result":null,"next_game":null{rated}}}"#
        )
    };
    for (lang, words) in [
        (Lang::Ru, "Партия рейтинговая."),
        (Lang::En, "This game is rated."),
    ] {
        let mut app = app(Mode::Online, Rules::classic(), lang, 3);
        app.server_text(
            r#"{"type":"joined","game":"k7m2qx9p4a","role":"player","seat":1,"token":"00","link":"http://h:1/g/k7m2qx9p4a"}"#,
        );
        app.server_text(&state(r#","rated":true"#));
        assert_eq!(app.screen(), Screen::Placement(seabattle_core::Player::One));
        assert_eq!(app.status(), words);
        assert!(screen_text(&mut app, 80, 24).contains(words));
    }
    // An unrated game says nothing of it.
    let mut app = app(Mode::Online, Rules::classic(), Lang::En, 3);
    app.server_text(
        r#"{"type":"joined","game":"k7m2qx9p4a","role":"player","seat":1,"token":"00","link":"http://h:1/g/k7m2qx9p4a"}"#,
    );
    app.server_text(&state(""));
    assert!(!app.status().contains("rated"), "{}", app.status());
}

/// Pumps both players until `done` holds, within ten seconds.
fn pump_until(a: &mut Player, b: &mut Player, done: impl Fn(&Player, &Player) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(a, b) {
        assert!(
            Instant::now() < deadline,
            "waited in vain: {:?} {:?} / {:?} {:?}",
            a.app.screen(),
            a.app.status(),
            b.app.screen(),
            b.app.status()
        );
        a.pump();
        b.pump();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether this player has fired at least one shot.
fn fired(p: &Player) -> bool {
    let Screen::Battle(seat) = p.app.screen() else {
        return false;
    };
    let table = p.app.table(seat).unwrap();
    table.rules().dims().cells().any(|c| table.shot_at(c))
}

/// Two signed-in terminal players each press `g` while placing: the game is rated,
/// and when one resigns the other's game-over panel shows the rating change. A guest
/// who presses `g` is told why not, in the server's words.
#[test]
fn g_asks_for_a_rated_game_and_the_end_shows_the_rating_change() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(start("127.0.0.1:0", &dir.path().join("games.db")));
    let url = format!("http://{}", server.addr());
    let origin = ServerOrigin::parse(&url).unwrap();
    let token = |name: &str| {
        rt.block_on(account::sign_up(&origin, name, "correct horse 1"))
            .unwrap()
            .token
    };
    let (alice, bob) = (token("Алиса"), token("Боб"));

    let mut a = Player::join_as(
        &url,
        Opening::NewGame {
            rules: "classic".into(),
        },
        Lang::Ru,
        Some(alice),
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while !matches!(a.app.screen(), Screen::Placement(_)) {
        assert!(Instant::now() < deadline, "{:?}", a.app.screen());
        a.pump();
        std::thread::sleep(Duration::from_millis(5));
    }
    let shown = screen_text(&mut a.app, 80, 24);
    assert!(shown.contains("g — рейтинговая партия"), "{shown}");
    let code = a.app.code().unwrap().to_string();
    let mut b = Player::join_as(&url, Opening::Join { code }, Lang::En, Some(bob));
    pump_until(&mut a, &mut b, |_, b| {
        matches!(b.app.screen(), Screen::Placement(_))
    });

    press(&mut a.app, KeyCode::Char('g'));
    pump_until(&mut a, &mut b, |a, b| {
        a.app.status() == "Вы попросили рейтинговую партию: ждём соперника."
            && b.app.status() == "The opponent asks to play rated: g to agree."
    });
    // The Russian layout's key in the same place works too.
    press(&mut b.app, KeyCode::Char('п'));
    pump_until(&mut a, &mut b, |a, b| {
        a.app.status() == "Партия рейтинговая." && b.app.status() == "This game is rated."
    });

    press(&mut a.app, KeyCode::Enter);
    press(&mut b.app, KeyCode::Enter);
    pump_until(&mut a, &mut b, |a, b| {
        matches!(a.app.screen(), Screen::Battle(_)) && matches!(b.app.screen(), Screen::Battle(_))
    });
    // Each fires a shot first: a game ended before both fired is aborted, not rated.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !(fired(&a) && fired(&b)) {
        assert!(Instant::now() < deadline, "{:?}", a.app.screen());
        a.play();
        b.play();
        a.pump();
        b.pump();
        std::thread::sleep(Duration::from_millis(5));
    }
    // Each board's title names its account with its rating, provisional at first.
    let shown = screen_text(&mut a.app, 120, 32);
    assert!(shown.contains("Противник · Боб 1500?"), "{shown}");
    assert!(shown.contains("Мой флот · Алиса 1500?"), "{shown}");
    // Alice resigns: Bob wins, and both ratings move from the provisional 1500.
    press(&mut a.app, KeyCode::Char('q'));
    press(&mut a.app, KeyCode::Char('y'));
    pump_until(&mut a, &mut b, |_, b| b.app.ending().is_some());
    let ratings = b.app.ending().unwrap().ratings.clone().expect("rated");
    assert!(
        ratings[1].after > 1500 && ratings[0].after < 1500,
        "{ratings:?}"
    );
    let shown = screen_text(&mut b.app, 80, 24);
    let line = format!(
        "Rating: 1500? → {}? (+{})",
        ratings[1].after,
        ratings[1].after - 1500
    );
    assert!(shown.contains(&line), "no {line:?} in\n{shown}");

    // A guest may not play rated: the server says why.
    let mut guest = Player::join(
        &url,
        Opening::NewGame {
            rules: "classic".into(),
        },
        Lang::En,
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(Instant::now() < deadline, "{:?}", guest.app.status());
        guest.pump();
        if matches!(guest.app.screen(), Screen::Placement(_)) && guest.app.status().is_empty() {
            press(&mut guest.app, KeyCode::Char('g'));
            guest.pump();
        }
        if guest.app.status().contains("sign in to play rated games") {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    rt.block_on(server.shutdown()).unwrap();
}
