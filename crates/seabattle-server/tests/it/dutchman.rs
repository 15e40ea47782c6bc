//! The Flying Dutchman over real sockets: the move owed after a hit, refused in every
//! way and then made, the new place kept from the opponent and the spectators, restarts
//! (mid-game and while a move is owed), a clock running out on a move, and a whole game
//! against the computer and against a bot program.

use crate::common::flying::*;
use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{Answer, GameRecord, Move, Phase, Player};
use seabattle_wire::{ClientMsg, Opponent, RelocateJson};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Seat `seat`'s ship: six decks along row 1 (seat 1) or row 20 (seat 2).
fn ship(seat: Player) -> &'static str {
    if seat == Player::One {
        "a1-f1"
    } else {
        "a20-f20"
    }
}

/// The place the owner moves to after hit `n` (0-based): a straight line of `decks`
/// cells in row 3, 5, 7, … for seat 1 and 18, 16, … for seat 2, from column a.
fn place(seat: Player, n: usize, decks: usize) -> Vec<String> {
    let row = if seat == Player::One {
        3 + 2 * n
    } else {
        18 - 2 * n
    };
    (0..decks)
        .map(|c| format!("{}{row}", (b'a' + c as u8) as char))
        .collect()
}

/// A friend game of the `dutchman` preset (with `extra` settings) in battle, watched.
struct Duel {
    seats: [Client; 2],
    watcher: Client,
    game: String,
    tokens: [String; 2],
    first: Player,
}

impl Duel {
    async fn start(addr: std::net::SocketAddr, new_game: impl Into<ClientMsg>) -> Duel {
        let (mut a, mut b, game, tokens) = friends(addr, new_game).await;
        until!(a, ServerMsg::State(_));
        until!(b, ServerMsg::State(_));
        let mut watcher = Client::connect(addr).await;
        watcher.send(msg::watch(&game)).await;
        until!(watcher, ServerMsg::State(_));
        for (seat, c) in [(Player::One, &mut a), (Player::Two, &mut b)] {
            c.send(msg::place(&game, [ship(seat)])).await;
            let s = until!(c, ServerMsg::State(s) => s);
            let fleet = s.own.as_ref().and_then(|o| o.fleet.as_deref());
            assert_eq!(fleet, Some(&[ship(seat).to_string()][..]), "{s:?}");
            assert!(s.spec.flying, "{s:?}");
        }
        let first = until_battle(&mut a).await;
        until_battle(&mut b).await;
        until_battle(&mut watcher).await;
        Duel {
            seats: [a, b],
            watcher,
            game,
            tokens,
            first,
        }
    }

    fn seat(&mut self, p: Player) -> &mut Client {
        &mut self.seats[p.index()]
    }

    /// `p` fires at `cell`: the `shot` as `p` got it (the spectator reads it too).
    async fn fire(&mut self, p: Player, cell: &str) -> Shot {
        let game = self.game.clone();
        let c = self.seat(p);
        c.send(msg::fire(&game, [cell])).await;
        let m = next_shot(c).await;
        assert_eq!(next_shot(&mut self.watcher).await.shots, m.shots);
        m
    }

    /// Comes back after a restart: both seats resume (keeping what they got so far, for
    /// the leak scans) and the spectator watches again.
    async fn reconnect(&mut self, addr: std::net::SocketAddr) {
        let game = self.game.clone();
        for p in Player::BOTH {
            let mut c = Client::connect(addr).await;
            c.log = std::mem::take(&mut self.seat(p).log);
            c.send(msg::resume(&game, &self.tokens[p.index()])).await;
            joined(&mut c).await;
            until!(c, ServerMsg::State(_));
            self.seats[p.index()] = c;
        }
        let mut w = Client::connect(addr).await;
        w.log = std::mem::take(&mut self.watcher.log);
        w.send(msg::watch(&game)).await;
        until!(w, ServerMsg::State(_));
        self.watcher = w;
    }

    /// Ends the game by `p`'s resignation, or takes the `game_over` already sent, and
    /// runs the leak scans over every message each connection got; the result.
    async fn finish_and_scan(
        mut self,
        addr: std::net::SocketAddr,
        resign: Option<Player>,
    ) -> ResultJson {
        let game = self.game.clone();
        if let Some(p) = resign {
            self.seat(p).send(msg::resign(&game)).await;
        }
        let over = |log: &[ServerMsg]| {
            log.iter().find_map(|m| match m {
                ServerMsg::GameOver { result, .. } => Some((**result).clone()),
                _ => None,
            })
        };
        let mut result = None;
        for c in self.seats.iter_mut().chain([&mut self.watcher]) {
            // (A game a clock ended first refuses the resignation.)
            while over(&c.log).is_none() {
                let m = c.recv().await;
                assert!(
                    !matches!(m, ServerMsg::Error { code, .. } if code != ErrorCode::GameOver),
                    "{m:?}"
                );
            }
            result = over(&c.log);
        }
        let result = result.unwrap();
        check_commitment(&result);
        assert!(
            result.audit.verdict.starts_with("the result stands"),
            "{result:?}"
        );
        let record = record(addr, &game).await;
        for (p, c) in Player::BOTH.into_iter().zip(&self.seats) {
            assert_no_leak_flying(&c.log, p, &record);
        }
        assert_spectator_sees_only_shots(&self.watcher.log);
        result
    }
}

/// A finished game's `record.json`.
async fn record(addr: std::net::SocketAddr, game: &str) -> GameRecord {
    let (status, body) = http_get(addr, &format!("/games/{game}/record.json")).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// A `relocated`'s fields, as the tests read them.
#[derive(Debug)]
struct Relocated {
    number: usize,
    player: Player,
    cells: Option<Vec<String>>,
    by_server: bool,
    next: Option<Player>,
    duties: Vec<DutyJson>,
}

/// The next `relocated`.
async fn relocated(c: &mut Client) -> Relocated {
    until!(c, ServerMsg::Relocated { number, player, cells, by_server, next, duties, .. } => {
        Relocated { number, player, cells, by_server, next, duties }
    })
}

/// The next `relocate_due`: the decks the ship has left, and those lost.
async fn relocate_due(c: &mut Client) -> (usize, Vec<String>) {
    until!(c, ServerMsg::RelocateDue { decks, lost, .. } => (decks, lost))
}

#[tokio::test]
async fn a_hit_owes_a_move_that_is_refused_in_every_way_then_made_in_secret() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let addr = server.addr();
    let mut d = Duel::start(addr, msg::new_game(Opponent::Friend).rules("dutchman")).await;
    let (s, o, game) = (d.first, d.first.other(), d.game.clone());
    let target = ship(o)[..ship(o).find('-').unwrap()].to_string();
    let m = d.fire(s, &target).await;
    assert_eq!(m.shots[0].answer, Answer::Hit, "{m:?}");
    assert_eq!(m.duties, [duty(o, DutyKind::Relocate)], "{m:?}");
    assert_eq!(m.next, Some(s), "hit again, once the ship has moved: {m:?}");
    let due = relocate_due(d.seat(o)).await;
    assert_eq!(due, (5, vec![target.clone()]));

    // Nobody shoots until the ship has moved; only its owner moves it.
    let fire = msg::fire(&game, ["j10"]);
    let e = d
        .seat(s)
        .expect_error(fire.clone(), ErrorCode::RelocateDue)
        .await;
    assert!(e.contains("move their ship"), "{e}");
    d.seat(o).expect_error(fire, ErrorCode::RelocateDue).await;
    let mv = |cells: &[&str]| msg::relocate(&game, cells);
    let e = d
        .seat(s)
        .expect_error(mv(&["j10"]), ErrorCode::NoRelocateDue)
        .await;
    assert!(e.contains("owe no move"), "{e}");
    d.watcher
        .expect_error(mv(&["j10"]), ErrorCode::Spectator)
        .await;
    let e = d
        .seat(o)
        .expect_error(msg::reveal(&game, "j10"), ErrorCode::NoRevealDue)
        .await;
    assert!(e.contains("relocate"), "{e}");

    // Each illegal place is refused with the rules engine's reason.
    let refusals = [
        (
            vec!["j10", "j11", "j12", "j13"],
            ErrorCode::WrongCount,
            "5 decks left, not 4",
        ),
        (
            vec!["j10", "j11", "j13", "j14", "j15"],
            ErrorCode::NotAPath,
            "not a chain",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "j10"],
            ErrorCode::RepeatedCell,
            "named twice",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "u14"],
            ErrorCode::OffBoard,
            "relocate",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "j21"],
            ErrorCode::OffBoard,
            "relocate",
        ),
        (
            vec!["j10", "j11", "j12", "j13", "nonsense"],
            ErrorCode::OffBoard,
            "relocate",
        ),
    ];
    for (cells, code, why) in refusals {
        let e = d.seat(o).expect_error(mv(&cells), code).await;
        assert!(e.contains(why), "{cells:?}: {e}");
    }
    // A cell shot already: the deck hit stays behind.
    let e = d
        .seat(o)
        .expect_error(
            mv(&[target.as_str(), "b5", "c5", "d5", "e5"]),
            ErrorCode::AlreadyShot,
        )
        .await;
    assert!(e.contains("shot already"), "{e}");
    d.seat(o)
        .expect_error_raw(
            &format!(r#"{{"type": "relocate", "game": "{game}", "cells": "j10"}}"#),
            ErrorCode::BadMessage,
        )
        .await;

    // The owner's state says what is owed; the spectator's does not.
    let st = d.seat(o).state(&game).await;
    assert_eq!(
        st.relocate,
        Some(RelocateJson {
            decks: 5,
            lost: vec![target.clone()],
        }),
        "{st:?}"
    );
    assert_eq!(st.duties, [duty(o, DutyKind::Relocate)]);
    assert!(d.seat(s).state(&game).await.relocate.is_none());

    // Made: the owner hears the new place, the shooter and the spectator only the move.
    let new_place = ["k10", "l11", "m12", "n13", "o14"];
    d.seat(o).send(mv(&new_place)).await;
    let to_owner = relocated(d.seat(o)).await;
    assert_eq!(
        to_owner.cells.as_deref(),
        Some(&new_place.map(String::from)[..])
    );
    assert_eq!((to_owner.player, to_owner.number), (o, 2));
    assert_eq!(to_owner.next, Some(s));
    assert!(to_owner.duties.is_empty(), "{to_owner:?}");
    let Duel { seats, watcher, .. } = &mut d;
    for c in [&mut seats[s.index()], watcher] {
        let m = relocated(c).await;
        assert!(m.cells.is_none(), "{m:?}");
        assert_eq!(m.player, o);
    }
    let own = d.seat(o).state(&game).await;
    let board = own.own.as_ref().unwrap();
    assert_eq!(
        board.fleet.as_deref(),
        Some(&["k10+l11+m12+n13+o14".to_string()][..]),
        "{own:?}"
    );
    assert_eq!(board.lost, std::slice::from_ref(&target));
    assert!(own.relocate.is_none());
    let theirs = d.seat(s).state(&game).await;
    let board = &theirs.boards[s.index()];
    assert_eq!(
        (&board.hits, &board.left),
        (&vec![target.clone()], &vec![target.clone()])
    );
    assert_eq!(board.afloat, [5]);
    // Moving again is not owed; the shooter fires again (a hit shoots again).
    d.seat(o)
        .expect_error(
            mv(&["a10", "b10", "c10", "d10", "e10"]),
            ErrorCode::NoRelocateDue,
        )
        .await;
    let m = d.fire(s, "k10").await;
    assert_eq!(m.shots[0].answer, Answer::Hit, "{m:?}");
    d.finish_and_scan(addr, Some(o)).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_game_survives_restarts_mid_game_and_while_a_move_is_owed_to_the_last_deck() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut server = start(&db).await;
    let mut d = Duel::start(
        server.addr(),
        msg::new_game(Opponent::Friend).rules("dutchman"),
    )
    .await;
    let (s, o, game) = (d.first, d.first.other(), d.game.clone());
    let mut here: Vec<String> = ship_cells(ship(o));
    for n in 0..6 {
        let m = d.fire(s, &here[0].clone()).await;
        if n == 5 {
            assert_eq!(m.shots[0].answer, Answer::Sunk, "{m:?}");
            break;
        }
        assert_eq!(m.shots[0].answer, Answer::Hit, "{m:?}");
        let decks = here.len() - 1;
        assert_eq!(relocate_due(d.seat(o)).await.0, decks);
        if n % 2 == 0 {
            // A restart while the move is owed: the duty comes back, and the clock.
            let before = [
                d.seat(Player::One).state(&game).await,
                d.seat(Player::Two).state(&game).await,
            ];
            server.shutdown().await.unwrap();
            server = start(&db).await;
            d.reconnect(server.addr()).await;
            for p in Player::BOTH {
                assert_eq!(d.seat(p).state(&game).await, before[p.index()]);
            }
        }
        here = place(o, n, decks);
        d.seat(o).send(msg::relocate(&game, &here)).await;
        assert_eq!(relocated(d.seat(o)).await.cells.as_ref(), Some(&here));
        relocated(d.seat(s)).await;
        relocated(&mut d.watcher).await;
        if n % 2 == 1 {
            // A restart after the move: the ship is where it went.
            let before = d.seat(o).state(&game).await;
            server.shutdown().await.unwrap();
            server = start(&db).await;
            d.reconnect(server.addr()).await;
            let after = d.seat(o).state(&game).await;
            assert_eq!(after, before);
            assert_eq!(own_fleet(&after), cells(&here));
        }
    }
    let result = d.finish_and_scan(server.addr(), None).await;
    assert_eq!((result.winner, result.reason), (s, EndReason::FleetSunk));
    // The fleets as placed (the commitment) and where they stood at the end.
    assert_eq!(result.fleets[o.index()], [ship(o)]);
    let at_end = cells(&result.fleets_at_end.as_ref().unwrap()[o.index()]);
    assert_eq!(at_end, cells(&here), "{result:?}");
    // The record has the five moves, and replays to the same end.
    let (_, txt) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(txt.matches(" moves ").count(), 5, "{txt}");
    let first = place(o, 0, 5);
    assert!(
        txt.contains(&format!("p{o} moves {}-{}", first[0], first[4])),
        "{txt}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_clock_running_out_on_a_move_owed_makes_the_server_move_the_ship() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut d = Duel::start(
        server.addr(),
        msg::new_game(Opponent::Friend).rules("dutchman").clock(1),
    )
    .await;
    let (s, o, game) = (d.first, d.first.other(), d.game.clone());
    let target = ship_cells(ship(o))[2].clone();
    d.fire(s, &target).await;
    relocate_due(d.seat(o)).await;
    // The clock now runs on the owner, who owes the move.
    assert_eq!(
        until!(d.seat(o), ServerMsg::Clock { player, .. } => player),
        o
    );
    let t = until!(d.seat(o), ServerMsg::Timeout { player, strikes, next, .. } => (player, strikes, next));
    assert_eq!(t, (o, 1, Some(s)));
    let moved = relocated(d.seat(o)).await;
    assert!(moved.by_server, "{moved:?}");
    let place = cells(moved.cells.as_ref().unwrap());
    assert_eq!(place.len(), 5, "{moved:?}");
    assert!(!place.contains(&target), "{moved:?}");
    let Duel { seats, watcher, .. } = &mut d;
    for c in [&mut seats[s.index()], watcher] {
        let m = relocated(c).await;
        assert!(m.by_server);
        assert!(m.cells.is_none(), "{m:?}");
    }
    let before = d.seat(o).state(&game).await;
    assert_eq!(own_fleet(&before), place);
    assert_eq!(before.strikes[o.index()], 1);
    server.shutdown().await.unwrap();
    // The timeout row carries the place: a restart puts the ship there again. (The
    // clocks run on meanwhile and may pass turns, or end the game on a second strike;
    // nothing hits the ship.)
    let server = start(&db).await;
    d.reconnect(server.addr()).await;
    let after = d.seat(o).state(&game).await;
    let fleet = |s: &StateJson| s.own.as_ref().and_then(|o| o.fleet.clone());
    assert_eq!(fleet(&after), fleet(&before), "{after:?}");
    assert!(after.duties.is_empty());
    d.finish_and_scan(server.addr(), Some(s)).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_whole_game_against_the_computer_ends_with_a_fair_audit() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let (mut c, game, _) = vs_computer(server.addr(), "hard", "dutchman").await;
    c.send(msg::place_random(&game)).await;
    until_battle(&mut c).await;
    // The coach's map of a lone ship that moves: drawn paths, not counted placements.
    c.send(msg::coach(&game)).await;
    let (weights, best) = until!(c, ServerMsg::Coach { weights, best, .. } => (weights, best));
    assert_eq!(weights.len(), 400);
    assert!(!best.is_empty());
    let result = play_to_the_end(&mut c, &game).await;
    assert_fair_finish(&result);
    check_commitment(&result);
    let record = record(server.addr(), &game).await;
    assert_no_leak_flying(&c.log, Player::One, &record);
    let computer_moves = record
        .moves
        .iter()
        .filter(|m| {
            matches!(
                m,
                Move::Relocate {
                    player: Player::Two,
                    ..
                }
            )
        })
        .count();
    assert!(
        computer_moves > 0 || result.winner == Player::Two,
        "{record:?}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_bot_program_moves_its_ship_through_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let (heard, said) = (dir.path().join("heard"), dir.path().join("said"));
    let bot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bot.py");
    let pybot = format!(
        "tee '{}' | python3 '{}' | tee '{}'",
        heard.display(),
        bot.display(),
        said.display()
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config =
        seabattle_server::Config::new(seabattle_server::DbUrl::Sqlite(dir.path().join("games.db")));
    config.limits = fast_limits();
    config.add_bot("pybot", &pybot).unwrap();
    let server = seabattle_server::launch(listener, config).await.unwrap();
    let welcome = Client::connect(server.addr()).await.welcome().clone();
    assert!(
        matches!(&welcome, ServerMsg::Welcome { presets, .. } if presets.iter().any(|p| p == "dutchman")),
        "{welcome:?}"
    );
    // Seat 1 fires in board order; the program may win before its ship is reached, so
    // games are played until one has moved it (regression: one game alone was flaky).
    let mut moved = 0;
    for _ in 0..4 {
        let (mut c, game, _) = vs_computer(server.addr(), "pybot", "dutchman fleet=5").await;
        c.send(msg::place_random(&game)).await;
        until_battle(&mut c).await;
        let result = play_to_the_end(&mut c, &game).await;
        assert_fair_finish(&result);
        let record = record(server.addr(), &game).await;
        assert_no_leak_flying(&c.log, Player::One, &record);
        // Each move stored for the program is where the program said.
        let stored: Vec<BTreeSet<String>> = record
            .moves
            .iter()
            .filter_map(|m| match m {
                Move::Relocate {
                    player: Player::Two,
                    cells,
                } => Some(cells.iter().map(|c| c.to_string()).collect()),
                _ => None,
            })
            .collect();
        let said = std::fs::read_to_string(&said).unwrap();
        let answered: Vec<BTreeSet<String>> = said
            .lines()
            .filter_map(|l| l.strip_prefix("ship "))
            .map(|t| ship_cells(t).into_iter().collect())
            .collect();
        assert_eq!(answered, stored, "{said}");
        moved += stored.len();
        if moved > 0 {
            break;
        }
    }
    assert!(moved > 0, "the program's ship was never hit in four games");
    let heard = std::fs::read_to_string(&heard).unwrap();
    assert!(heard.contains("\"flying\":true"), "{heard}");
    assert!(heard.contains("\nmove 4\n"), "{heard}");
    server.shutdown().await.unwrap();
}

/// Plays seat 1 of `game` against the computer to the end: firing in board order, and
/// moving its hit ship half the time to a place of its own, half by the server's draw.
async fn play_to_the_end(c: &mut Client, game: &str) -> ResultJson {
    let all = all_cells(20, 20);
    let mut shot: BTreeSet<String> = BTreeSet::new();
    let mut moves = 0;
    loop {
        let st = c.state(game).await;
        if st.phase == Phase::Over {
            return st.result.unwrap();
        }
        if let Some(owed) = &st.relocate {
            // Half the moves by the server's draw, half to a place of our own.
            let incoming = cells(&st.own.as_ref().unwrap().incoming);
            let mine = free_line(&incoming, owed.decks).filter(|_| moves % 2 == 0);
            c.send(ClientMsg::Relocate {
                game: game.to_string(),
                cells: mine,
            })
            .await;
            relocated(c).await;
            moves += 1;
            continue;
        }
        if st.to_move == Some(Player::One) && st.duties.is_empty() {
            let cell = all.iter().find(|x| !shot.contains(*x)).unwrap().clone();
            shot.insert(cell.clone());
            c.send(msg::fire(game, [cell])).await;
        }
        // Until the computer has moved (its shots and its ship's moves) or the game ends.
        c.until_my_turn(Player::One).await;
    }
}

/// The cells of the fleet a player's state shows.
fn own_fleet(s: &StateJson) -> BTreeSet<String> {
    cells(s.own.as_ref().and_then(|o| o.fleet.as_ref()).unwrap())
}

/// A straight line of `decks` cells on no cell of `shot`, scanning rows from the top.
fn free_line(shot: &BTreeSet<String>, decks: usize) -> Option<Vec<String>> {
    for row in (1..=20).rev() {
        for start in 0..=(20 - decks) {
            let line: Vec<String> = (start..start + decks)
                .map(|c| format!("{}{row}", (b'a' + c as u8) as char))
                .collect();
            if line.iter().all(|c| !shot.contains(c)) {
                return Some(line);
            }
        }
    }
    None
}
