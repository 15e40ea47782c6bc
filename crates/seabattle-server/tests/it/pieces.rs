//! Seed 004's mines, minesweepers and submarines between two people over real sockets:
//! reveals owed, refused and made, dying shots, restarts, clocks, and the leak scans.

use crate::common::*;
use seabattle_client::msg;
use seabattle_core::{Answer, Player};
use seabattle_wire::{ClientMsg, Opponent};
use std::collections::BTreeSet;

/// Seat `seat`'s fleet under `rules`: the classic ships, with the fourth one-decker on
/// j3 for seat 1 and on j1 for seat 2, so that each side's submarine (j1 for seat 1,
/// j3 for seat 2) lies under an enemy one-decker.
fn fleet(seat: Player, rules: &str) -> Vec<String> {
    let mut f: Vec<&str> = vec![
        "a1-d1", "a3-c3", "e3-g3", "a5-b5", "d5-e5", "g5-h5", "a7", "c7", "e7",
    ];
    f.push(if seat == Player::One { "j3" } else { "j1" });
    match rules {
        "mines" => f.extend(["mine:h10", "mine:j10"]),
        "submarines" => f.push(if seat == Player::One {
            "sub:j1"
        } else {
            "sub:j3"
        }),
        _ => f.extend(["mine:j10", "sweeper:j8"]),
    }
    f.into_iter().map(str::to_string).collect()
}

/// The cells of seat `seat`'s ships (no pieces) under any of the rules above.
fn ship_cells_of(seat: Player) -> BTreeSet<String> {
    fleet(seat, "submarines")
        .iter()
        .filter(|w| !w.contains(':'))
        .flat_map(|w| ship_cells(w))
        .collect()
}

/// A friend game under `rules` in battle, each side's fleet from [`fleet`], watched by a
/// spectator.
struct Duel {
    /// Seats 1 and 2.
    seats: [Client; 2],
    /// A spectator.
    watcher: Client,
    game: String,
    tokens: [String; 2],
    /// Who shoots first.
    first: Player,
}

impl Duel {
    async fn start(addr: std::net::SocketAddr, rules: &str) -> Duel {
        let mut a = Client::connect(addr).await;
        a.send(msg::new_game(Opponent::Friend).rules(rules)).await;
        let (game, _, ta) = joined(&mut a).await;
        until!(a, ServerMsg::State(_));
        let mut b = Client::connect(addr).await;
        b.send(msg::join(&game)).await;
        let (_, _, tb) = joined(&mut b).await;
        until!(b, ServerMsg::State(_));
        let mut watcher = Client::connect(addr).await;
        watcher.send(msg::watch(&game)).await;
        until!(watcher, ServerMsg::State(_));
        for (seat, c) in [(Player::One, &mut a), (Player::Two, &mut b)] {
            c.send(msg::place(&game, fleet(seat, rules))).await;
            // The fleet as placed comes back in the state, pieces included.
            let s = until!(c, ServerMsg::State(s) => s);
            let own: BTreeSet<String> = s.own.unwrap().fleet.unwrap().into_iter().collect();
            assert_eq!(own, fleet(seat, rules).into_iter().collect());
        }
        let first = until_battle(&mut a).await;
        until_battle(&mut b).await;
        until_battle(&mut watcher).await;
        Duel {
            seats: [a, b],
            watcher,
            game,
            tokens: [ta.unwrap(), tb.unwrap()],
            first,
        }
    }

    fn shooter(&self) -> Player {
        self.first
    }

    fn owner(&self) -> Player {
        self.first.other()
    }

    fn seat(&mut self, p: Player) -> &mut Client {
        &mut self.seats[p.index()]
    }

    /// `p` sends `msg` and gets the next `shot`.
    async fn shoot(&mut self, p: Player, msg: ClientMsg) -> Shot {
        let c = self.seat(p);
        c.send(msg).await;
        next_shot(c).await
    }

    /// `p` sends `msg` and gets the next `revealed`.
    async fn show(&mut self, p: Player, msg: ClientMsg) -> Revealed {
        let c = self.seat(p);
        c.send(msg).await;
        revealed(c).await
    }

    /// Ends the game by `p`'s resignation and runs the leak scans over every message
    /// each connection got; the result.
    async fn resign_and_scan(mut self, p: Player) -> ResultJson {
        let game = self.game.clone();
        self.seat(p).send(msg::resign(&game)).await;
        let mut results = Vec::new();
        for c in &mut self.seats {
            results.push(game_over(c).await);
        }
        game_over(&mut self.watcher).await;
        let result = results.pop().unwrap();
        check_commitment(&result);
        for (p, c) in Player::BOTH.into_iter().zip(&self.seats) {
            assert_no_leak(&c.log, p, &result);
        }
        assert_spectator_sees_only_shots(&self.watcher.log);
        result
    }
}

/// Checks a volley of one shot at `cell` answered `answer` by `p`.
fn assert_shot(m: &Shot, p: Player, cell: &str, answer: Answer) {
    assert_eq!(m.player, p, "{m:?}");
    assert_eq!(m.shots[0].cell, cell, "{m:?}");
    assert_eq!(m.shots[0].answer, answer, "{m:?}");
}

#[tokio::test]
async fn a_mine_makes_the_shooter_show_a_ship_cell_that_the_owner_then_hits() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut d = Duel::start(server.addr(), "mines").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    let fire = |cell: &str| msg::fire(&game, [cell]);
    let reveal = |cell: &str| msg::reveal(&game, cell);

    // «Мина!»: the turn passes to the owner, who waits for the shooter's reveal.
    let m = d.shoot(s, fire("h10")).await;
    assert_shot(&m, s, "h10", Answer::Mine);
    assert_eq!(m.next, Some(o));
    assert_eq!(m.duties, [duty(s, DutyKind::ShipCell)]);
    let (owes, kind, allowed) = reveal_due(d.seat(s)).await;
    assert_eq!((kind, owes), (DutyKind::ShipCell, s));
    let options: BTreeSet<String> = allowed.iter().cloned().collect();
    assert_eq!(options, ship_cells_of(s));
    let st = d.seat(s).state(&game).await;
    let owed = st.reveal.as_ref().unwrap();
    assert_eq!(owed.kind, DutyKind::ShipCell);
    assert_eq!(owed.cells, allowed);
    assert_eq!(st.duties, m.duties);
    let ost = d.seat(o).state(&game).await;
    assert!(ost.reveal.is_none(), "{ost:?}");
    assert_eq!(ost.boards[s.index()].mines, ["h10"]);

    // Nobody shoots until it is made; only the shooter may make it, with a ship cell.
    d.seat(o)
        .expect_error(fire("a1"), ErrorCode::RevealDue)
        .await;
    d.seat(s)
        .expect_error(fire("a1"), ErrorCode::RevealDue)
        .await;
    let e = d
        .seat(o)
        .expect_error(reveal("a1"), ErrorCode::NoRevealDue)
        .await;
    assert!(e.contains(&format!("player {s} owes")), "{e}");
    let e = d
        .seat(s)
        .expect_error(reveal("h10"), ErrorCode::NotRevealable)
        .await;
    assert!(e.contains("ship"), "{e}");
    d.seat(s)
        .expect_error(reveal("i9"), ErrorCode::NotRevealable)
        .await;
    d.seat(s)
        .expect_error(reveal("z99"), ErrorCode::OffBoard)
        .await;
    d.seat(s)
        .expect_error_raw(
            &format!(r#"{{"type": "reveal", "game": "{game}"}}"#),
            ErrorCode::BadMessage,
        )
        .await;
    d.seat(s)
        .expect_error(msg::reveal("abcdefghjk", "a1"), ErrorCode::WrongGame)
        .await;
    until!(d.watcher, ServerMsg::Shot { .. });
    d.watcher
        .expect_error(reveal("a1"), ErrorCode::Spectator)
        .await;
    assert_eq!(d.seat(s).state(&game).await, st);

    // The reveal: both players learn the cell, the spectator only that it was made.
    let shown = d.show(s, reveal("a1")).await;
    for m in [shown, revealed(d.seat(o)).await] {
        assert_eq!(m.cell.as_deref(), Some("a1"), "{m:?}");
        assert_eq!(m.player, s);
        assert_eq!(m.kind, DutyKind::ShipCell);
        assert_eq!(m.next, Some(o));
        assert_eq!(m.number, 2);
        assert!(m.duties.is_empty(), "{m:?}");
    }
    let w = revealed(&mut d.watcher).await;
    assert!(w.cell.is_none(), "{w:?}");
    assert_eq!(w.player, s);
    d.seat(s)
        .expect_error(reveal("a2"), ErrorCode::NoRevealDue)
        .await;
    let ost = d.seat(o).state(&game).await;
    assert_eq!(ost.boards[o.index()].shown_ships, ["a1"]);
    assert!(ost.duties.is_empty());
    let wst = d.watcher.state(&game).await;
    assert!(wst.boards[o.index()].shown_ships.is_empty());

    // The owner shoots the cell shown: a hit, and (classic) the owner shoots again.
    let m = d.shoot(o, fire("a1")).await;
    assert_shot(&m, o, "a1", Answer::Hit);
    assert_eq!(m.next, Some(o));
    assert_eq!(m.number, 3);
    let result = d.resign_and_scan(s).await;
    assert_eq!(result.winner, o);
    assert!(result.fleets[s.index()].iter().any(|f| f == "mine:h10"));
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("Mine!") && body.contains("shows a1"),
        "{body}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_minesweeper_makes_the_shooter_show_a_mine() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let mut d = Duel::start(server.addr(), "classic mines=1 sweepers=1").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    let m = d.shoot(s, msg::fire(&game, ["j8"])).await;
    assert_shot(&m, s, "j8", Answer::Sweeper);
    assert_eq!(m.duties, [duty(s, DutyKind::Mine)]);
    let (_, kind, allowed) = reveal_due(d.seat(s)).await;
    assert_eq!((kind, allowed), (DutyKind::Mine, vec!["j10".to_string()]));
    d.seat(s)
        .expect_error(msg::reveal(&game, "a1"), ErrorCode::NotRevealable)
        .await;
    let r = d.show(s, msg::reveal(&game, "j10")).await;
    assert_eq!((r.kind, r.cell.as_deref()), (DutyKind::Mine, Some("j10")));
    let ost = d.seat(o).state(&game).await;
    let board = &ost.boards[o.index()];
    assert_eq!(board.shown_mines, ["j10"]);
    assert!(board.sweepers.is_empty());
    assert_eq!(ost.boards[s.index()].sweepers, ["j8"]);
    assert_eq!(ost.to_move, Some(o));
    d.resign_and_scan(o).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_sunk_submarine_fires_a_dying_shot_that_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut d = Duel::start(server.addr(), "submarines").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    // The owner's submarine lies under the shooter's one-decker (see `fleet`).
    let sub = if o == Player::One { "j1" } else { "j3" };
    let m = d.shoot(s, msg::fire(&game, [sub])).await;
    assert_shot(&m, s, sub, Answer::Submarine);
    assert_eq!((m.number, m.next), (1, Some(s)));
    assert!(!m.dying);
    let dying = next_shot(d.seat(s)).await;
    assert_shot(&dying, o, sub, Answer::Sunk);
    assert!(dying.dying);
    assert_eq!(dying.number, 2);
    assert_eq!(dying.shots[0].ship.as_deref(), Some(&[sub.to_string()][..]));
    assert!(!dying.shots[0].halo.as_ref().unwrap().is_empty());
    for c in [&mut d.seats[o.index()], &mut d.watcher] {
        next_shot(c).await;
        assert!(next_shot(c).await.dying);
    }
    let before = [
        d.seat(Player::One).state(&game).await,
        d.seat(Player::Two).state(&game).await,
    ];
    assert_eq!(before[0].moves, 2);
    assert_eq!(before[o.index()].boards[o.index()].sunk, [[sub]]);
    assert_eq!(before[s.index()].boards[s.index()].subs, [sub]);

    server.shutdown().await.unwrap();
    let server = start(&db).await;
    let mut d2 = Vec::new();
    for p in Player::BOTH {
        let mut c = Client::connect(server.addr()).await;
        c.send(msg::resume(&game, &d.tokens[p.index()])).await;
        joined(&mut c).await;
        assert_eq!(c.state(&game).await, before[p.index()]);
        d2.push(c);
    }
    // The game goes on: the shooter's submarine hit shoots again.
    let c = &mut d2[s.index()];
    c.send(msg::fire(&game, ["i10"])).await;
    let m = next_shot(c).await;
    assert_eq!((m.number, m.shots[0].answer), (3, Answer::Miss));
    c.send(msg::resign(&game)).await;
    game_over(c).await;
    let (status, body) = http_get(server.addr(), &format!("/games/{game}/record.txt")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(&format!("torpedo {sub} Sunk!")), "{body}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_restart_while_a_reveal_is_owed_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut d = Duel::start(server.addr(), "mines").await;
    let (s, o, game) = (d.shooter(), d.owner(), d.game.clone());
    d.seat(s).send(msg::fire(&game, ["j10"])).await;
    reveal_due(d.seat(s)).await;
    until!(d.watcher, ServerMsg::Shot { .. });
    let before = [
        d.seat(Player::One).state(&game).await,
        d.seat(Player::Two).state(&game).await,
    ];
    assert!(before[s.index()].reveal.is_some());
    server.shutdown().await.unwrap();

    let server = start(&db).await;
    let mut seats = Vec::new();
    for p in Player::BOTH {
        let mut c = Client::connect(server.addr()).await;
        // The same people as before: the leak scans read what they got all along.
        c.log = std::mem::take(&mut d.seat(p).log);
        c.send(msg::resume(&game, &d.tokens[p.index()])).await;
        joined(&mut c).await;
        assert_eq!(c.state(&game).await, before[p.index()]);
        seats.push(c);
    }
    let [a, b] = <[Client; 2]>::try_from(seats).ok().unwrap();
    let mut watcher = Client::connect(server.addr()).await;
    watcher.log = std::mem::take(&mut d.watcher.log);
    let mut d = Duel {
        seats: [a, b],
        watcher,
        game: game.clone(),
        tokens: d.tokens,
        first: s,
    };
    d.watcher.send(msg::watch(&game)).await;
    until!(d.watcher, ServerMsg::State(_));
    let shown = d.show(s, msg::reveal(&game, "e3")).await;
    assert_eq!(shown.number, 2);
    let m = d.shoot(o, msg::fire(&game, ["e3"])).await;
    assert_shot(&m, o, "e3", Answer::Hit);
    d.resign_and_scan(s).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_clock_running_out_on_a_reveal_owed_makes_the_server_show_a_cell() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let mut a = Client::connect(server.addr()).await;
    a.send(msg::new_game(Opponent::Friend).rules("mines").clock(1))
        .await;
    let (game, _, _) = joined(&mut a).await;
    let mut b = Client::connect(server.addr()).await;
    b.send(msg::join(&game)).await;
    joined(&mut b).await;
    for (p, c) in [(Player::One, &mut a), (Player::Two, &mut b)] {
        c.send(msg::place(&game, fleet(p, "mines"))).await;
    }
    let s = until_battle(&mut a).await;
    let shooter = if s == Player::One { &mut a } else { &mut b };
    shooter.send(msg::fire(&game, ["h10"])).await;
    reveal_due(shooter).await;
    // The clock now runs on the shooter, who owes the reveal.
    assert_eq!(
        until!(shooter, ServerMsg::Clock { player, .. } => player),
        s
    );
    let t = until!(shooter, ServerMsg::Timeout { player, strikes, .. } => (player, strikes));
    assert_eq!(t, (s, 1));
    let r = revealed(shooter).await;
    assert!(r.by_server);
    assert_eq!(r.player, s);
    // Seat 1 with j3, seat 2 with j1: the computer's choice is a cell of the largest
    // ship, a1-d1.
    let cell = r.cell.clone().unwrap();
    assert!(ship_cells("a1-d1").contains(&cell), "{r:?}");
    let before = a.state(&game).await;
    assert_eq!(before.strikes[s.index()], 1);
    server.shutdown().await.unwrap();
    // The timeout row carries the cell: a restart shows the same.
    let server = start(&db).await;
    let mut w = Client::connect(server.addr()).await;
    w.send(msg::watch(&game)).await;
    let st = until!(w, ServerMsg::State(s) => s);
    // (Unless the owner's clock ran out in between, which the state would show.)
    assert_eq!(st.moves, before.moves);
    assert_eq!(st.strikes, before.strikes);
    assert!(st.duties.is_empty());
    server.shutdown().await.unwrap();
}
