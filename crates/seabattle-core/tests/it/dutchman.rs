//! The Flying Dutchman (seed 004): path-shaped ships, the move after each hit, records,
//! the audit, and the uniform draw of paths. See `docs/variants.md` for the decisions.

use crate::common::check_record;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::audit::Fault;
use seabattle_core::placement::count_placements;
use seabattle_core::{
    Answer, CellSet, Coord, CoordSystem, Dims, DutyKind, Fleet, FleetSetup, Game, GameRecord, Lang,
    Move, Outcome, Placer, Player, Preset, RelocationError, Rules, RulesError, ShapeProblem,
    ShipSetup, Shot, ShotError, Violation, audit, path,
};
use std::collections::HashMap;

fn c(s: &str) -> Coord {
    CoordSystem::Latin.parse(s, Dims::LARGEST).unwrap()
}

fn ship(text: &str) -> ShipSetup {
    ShipSetup(text.split_whitespace().map(c).collect())
}

fn fleet(text: &str, rules: &Rules) -> Result<Fleet, seabattle_core::FleetError> {
    Fleet::new(FleetSetup::from_ships(vec![ship(text)]), rules)
}

fn game(rules: &str, p1: &str, p2: &str) -> Game {
    let rules: Rules = rules.parse().unwrap();
    let mut g = Game::new(rules.clone());
    g.place(Player::One, fleet(p1, &rules).unwrap()).unwrap();
    g.place(Player::Two, fleet(p2, &rules).unwrap()).unwrap();
    g.start_with(Player::One).unwrap();
    g
}

#[test]
fn the_preset_and_its_settings() {
    let r = Preset::Dutchman.rules();
    assert_eq!((r.dims().width(), r.dims().height()), (20, 20));
    assert_eq!(r.fleet(), [6]);
    assert!(r.flying());
    assert_eq!(r.to_string(), "dutchman");
    // The number of decks is agreed before the game: 5 to 8.
    for decks in 5..=8 {
        let r: Rules = format!("dutchman fleet={decks}").parse().unwrap();
        assert_eq!(r.fleet(), [decks]);
        assert_eq!(r.to_string().parse::<Rules>(), Ok(r.clone()));
        if decks != 6 {
            assert!(r.to_string().contains("shape=path") && r.to_string().contains("flying=yes"));
        }
    }
    // Classic settings compose: board size, turns, volleys.
    let r: Rules = "dutchman size=12x12 hit-again=no shots=2".parse().unwrap();
    assert_eq!(r.to_string().parse::<Rules>(), Ok(r.clone()));
    // What the variant cannot be.
    for (text, why) in [
        ("dutchman fleet=4", "has 5 to 8 decks"),
        ("dutchman fleet=9", "has 5 to 8 decks"),
        ("dutchman fleet=6,5", "must be the only ship"),
        ("dutchman shape=any", "takes shape=path"),
        ("dutchman mines=1", "sails without mines"),
        ("classic flying=yes", "must be the only ship"),
    ] {
        let e = text.parse::<Rules>().unwrap_err();
        assert!(matches!(e, RulesError::Flying(_)), "{text}: {e}");
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
    // Paths without flying: a lone ship up to eight decks, ships of a fleet up to five.
    assert!("classic fleet=8 shape=path".parse::<Rules>().is_ok());
    assert!("classic fleet=5,4,3 shape=path".parse::<Rules>().is_ok());
    assert_eq!(
        "classic fleet=6,4 shape=path".parse::<Rules>(),
        Err(RulesError::ShipSize { size: 6, max: 5 })
    );
    let json = r#"{"width":20,"height":20,"fleet":[7],"shape":"path","flying":true}"#;
    let r: Rules = serde_json::from_str(json).unwrap();
    assert_eq!(r, "dutchman fleet=7".parse().unwrap());
}

#[test]
fn the_ship_is_a_path_by_sides_and_corners() {
    let rules = Preset::Dutchman.rules();
    // Vertically, horizontally and diagonally at once.
    assert!(fleet("a1 b2 c2 d3 d4 e5", &rules).is_ok());
    assert!(fleet("t20 s19 r18 q17 p16 o15", &rules).is_ok());
    // Connected by corners but no path: a centre with three arms.
    let star = fleet("c3 b2 a1 d2 e1 c4", &rules).unwrap_err();
    assert!(star.violations.iter().any(|v| matches!(
        v,
        Violation::Shape {
            problem: ShapeProblem::NotPath,
            ..
        }
    )));
    assert!(star.to_string().contains("not a chain"), "{star}");
    let apart = fleet("a1 b2 c3 d4 e5 g7", &rules).unwrap_err();
    assert!(
        apart
            .violations
            .iter()
            .any(|v| matches!(v, Violation::Shape { .. }))
    );
    // The wrong number of decks, and the Russian message.
    let short = fleet("a1 b2 c3 d4 e5", &rules).unwrap_err();
    assert!(
        short
            .violations
            .iter()
            .any(|v| matches!(v, Violation::Fleet { .. }))
    );
    assert!(
        star.violations[0]
            .message(Lang::Ru, CoordSystem::Russian)
            .contains("не выстроен в цепочку")
    );
}

#[test]
fn a_hit_costs_a_deck_and_the_ship_moves_until_it_sinks() {
    let mut g = game("dutchman", "a1 b2 c3 d4 e5 f6", "t20 s19 r18 q17 p16 o15");
    assert_eq!(g.shoot(Player::One, c("j10")), Ok(Shot::Miss));
    // «Ранил!»: the owner now owes a move, and nobody shoots until it is made.
    assert_eq!(g.shoot(Player::Two, c("c3")), Ok(Shot::Hit));
    assert_eq!(g.duties()[0].kind, DutyKind::Relocate);
    assert_eq!(g.duties()[0].player, Player::One);
    assert_eq!(
        g.shoot(Player::Two, c("d4")),
        Err(ShotError::RelocationDue(Player::One))
    );
    assert_eq!(g.relocation_decks(Player::One), Some(5));
    assert_eq!(g.relocation_decks(Player::Two), None);
    // Illegal moves are refused, each with its reason, and change nothing.
    let refused = |g: &mut Game, cells: &str| match g.relocate(Player::One, &ship(cells)) {
        Err(ShotError::Relocation(e)) => e,
        other => panic!("{cells}: {other:?}"),
    };
    assert_eq!(
        refused(&mut g, "h1 h2 h3 h4 h5 h6"),
        RelocationError::Size {
            expected: 5,
            found: 6
        }
    );
    assert_eq!(
        refused(&mut g, "a3 b3 c3 d3 e3"),
        RelocationError::Shot(vec![c("c3")])
    );
    assert_eq!(refused(&mut g, "h1 h2 h3 h4 h6"), RelocationError::NotPath);
    assert_eq!(
        refused(&mut g, "h1 h2 h2 h4 h5"),
        RelocationError::Repeated(c("h2"))
    );
    assert_eq!(
        g.relocate(Player::Two, &ship("a1 a2 a3 a4 a5")),
        Err(ShotError::Relocation(RelocationError::NotOwed))
    );
    assert_eq!(g.duties().len(), 1);
    // Its own unshot cells are as good as any: the ship may stay partly where it was.
    g.relocate(Player::One, &ship("d4 e5 f6 g7 h8")).unwrap();
    assert!(g.duties().is_empty());
    // The shooter keeps the hit but knows no ship is there any more: no target mode.
    let view = g.view(Player::Two);
    assert!(view.enemy.hits().contains(c("c3")));
    assert!(view.enemy.open_hits().is_empty());
    assert_eq!(
        view.enemy.left_behind().iter().collect::<Vec<_>>(),
        [c("c3")]
    );
    assert_eq!(view.enemy.afloat(), [5]);
    // The owner sees the lost deck as hit, and the ship where it went.
    let own = g.view(Player::One).own;
    assert!(own.hits().contains(c("c3")));
    assert_eq!(own.fleet.as_ref().unwrap().occupied().len(), 5);
    assert!(own.fleet.unwrap().occupied().contains(c("h8")));
    // A hit shoots again once the ship has moved; the old cells are empty now.
    assert_eq!(g.to_move(), Some(Player::Two));
    assert_eq!(g.shoot(Player::Two, c("b2")), Ok(Shot::Miss));
    // Hit after hit, one deck fewer each time, until the last one.
    assert_eq!(g.shoot(Player::One, c("j11")), Ok(Shot::Miss));
    for (at, to) in [
        ("h8", "a20 b20 c20 d20"),
        ("d20", "a19 b18 c17"),
        ("b18", "t1 t2"),
    ] {
        assert_eq!(g.shoot(Player::Two, c(at)), Ok(Shot::Hit), "{at}");
        g.relocate(Player::One, &ship(to)).unwrap();
    }
    assert_eq!(g.view(Player::Two).enemy.afloat(), [2]);
    assert_eq!(g.shoot(Player::Two, c("t2")), Ok(Shot::Hit));
    g.relocate(Player::One, &ship("k1")).unwrap();
    // «Убил!» with the last deck, and the game is over.
    assert!(matches!(g.shoot(Player::Two, c("k1")), Ok(Shot::Sunk(s)) if s.cells.len() == 1));
    assert!(matches!(
        g.outcome(),
        Outcome::Won {
            winner: Player::Two,
            ..
        }
    ));
    assert!(g.duties().is_empty());
    assert_eq!(g.view(Player::One).own.hits().len(), 6);
    let rec = check_record(&g);
    // The record keeps the fleet as placed; the moves say where it went.
    assert_eq!(rec.fleets[0].ships[0].0.len(), 6);
    let text = rec.to_text(CoordSystem::Russian, Lang::Ru);
    assert!(text.contains("3. p1 перевёл г4+д5+е6+ж7+з8"), "{text}");
    let text = rec.to_text(CoordSystem::Latin, Lang::En);
    assert!(text.contains("7. p1 moves a20-d20"), "{text}");
    let json = serde_json::to_string(&rec.moves[2]).unwrap();
    assert_eq!(json, r#"{"player":1,"relocate":"d4+e5+f6+g7+h8"}"#);
}

#[test]
fn the_audit_checks_every_move_and_judges_answers_where_the_ship_went() {
    let mut g = game("dutchman", "a1 b2 c3 d4 e5 f6", "t20 s19 r18 q17 p16 o15");
    g.shoot(Player::One, c("j10")).unwrap();
    g.shoot(Player::Two, c("c3")).unwrap();
    g.relocate(Player::One, &ship("h1 h2 h3 h4 h5")).unwrap();
    g.shoot(Player::Two, c("h3")).unwrap();
    g.relocate(Player::One, &ship("k1 k2 k3 k4")).unwrap();
    let rec = check_record(&g);
    let faulted = |r: &GameRecord, number: usize| {
        audit(r).faults[0].iter().any(|f| match f {
            Fault::Turn { number: n, .. } | Fault::FalseAnswer { number: n, .. } => *n == number,
            Fault::Placement(_) => false,
        })
    };
    assert!(!faulted(&rec, 3));
    // A move onto a shot cell.
    let mut onto_shot = rec.clone();
    onto_shot.moves[2] = Move::Relocate {
        player: Player::One,
        cells: ship("j10 c3 h3 h4 h5").0,
    };
    assert!(faulted(&onto_shot, 3));
    assert!(onto_shot.replay().is_err());
    // A move with the deck hit kept.
    let mut too_big = rec.clone();
    too_big.moves[2] = Move::Relocate {
        player: Player::One,
        cells: ship("h1 h2 h3 h4 h5 h6").0,
    };
    assert!(faulted(&too_big, 3));
    // A move not owed.
    let mut unowed = rec.clone();
    unowed.moves.insert(
        0,
        Move::Relocate {
            player: Player::One,
            cells: ship("m1 m2 m3 m4 m5").0,
        },
    );
    assert!(faulted(&unowed, 1));
    // No move after a hit: the next shot comes while one is owed.
    let mut skipped = rec.clone();
    skipped.moves.remove(2);
    assert!(faulted(&skipped, 3));
    // The ship is judged where it went: a hit at its old place is a false answer.
    let mut lied = rec.clone();
    lied.moves[3] = Move::Volley {
        player: Player::Two,
        shots: vec![(c("b2"), Answer::Hit)],
    };
    let report = audit(&lied);
    assert!(report.faults[0].iter().any(|f| matches!(
        f,
        Fault::FalseAnswer {
            number: 4,
            actual: Answer::Miss,
            ..
        }
    )));
}

#[test]
fn a_ship_with_nowhere_to_go_stays_put_and_is_hit_like_a_classic_one() {
    // 5×5: player 2 shoots rows 2 and 4 and the middle of rows 1 and 5, so that after
    // two hits no chain of three unshot cells is left anywhere.
    let mut g = game(
        "dutchman size=5x5 fleet=5",
        "a3 b3 c3 d3 e3",
        "a1 b1 c1 d1 e1",
    );
    let p2_shots = [
        "a2", "b2", "c2", "d2", "e2", "a4", "b4", "c4", "d4", "e4", "c1", "c5",
    ];
    let p1_shots = [
        "a3", "b3", "c3", "d3", "e3", "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5",
    ];
    for (p1, p2) in p1_shots.iter().zip(&p2_shots) {
        assert_eq!(g.shoot(Player::One, c(p1)), Ok(Shot::Miss));
        assert_eq!(g.shoot(Player::Two, c(p2)), Ok(Shot::Miss));
    }
    assert_eq!(g.shoot(Player::One, c("d5")), Ok(Shot::Miss));
    assert_eq!(g.shoot(Player::Two, c("a3")), Ok(Shot::Hit));
    // Four decks fit in row 3 still: the move is owed, and made there.
    assert_eq!(g.relocation_decks(Player::One), Some(4));
    g.relocate(Player::One, &ship("b3 c3 d3 e3")).unwrap();
    assert_eq!(g.shoot(Player::Two, c("c3")), Ok(Shot::Hit));
    // Three decks left and no three unshot neighbours in a chain: nothing is owed.
    assert!(g.duties().is_empty());
    let view = g.view(Player::Two);
    assert_eq!(view.enemy.open_hits().iter().collect::<Vec<_>>(), [c("c3")]);
    assert_eq!(view.enemy.afloat(), [4]);
    // The next hit leaves two decks, and d3 e3 are still free: a move is owed again,
    // and both hits where the ship stood are left behind.
    assert_eq!(g.shoot(Player::Two, c("b3")), Ok(Shot::Hit));
    assert_eq!(g.relocation_decks(Player::One), Some(2));
    g.relocate(Player::One, &ship("d1 e1")).unwrap();
    let view = g.view(Player::Two);
    assert!(view.enemy.open_hits().is_empty());
    assert_eq!(view.enemy.left_behind().len(), 3);
    assert_eq!(view.enemy.afloat(), [2]);
    assert_eq!(g.shoot(Player::Two, c("d1")), Ok(Shot::Hit));
    g.relocate(Player::One, &ship("a5")).unwrap();
    assert!(matches!(g.shoot(Player::Two, c("a5")), Ok(Shot::Sunk(s)) if s.cells.len() == 1));
    assert!(matches!(
        g.outcome(),
        Outcome::Won {
            winner: Player::Two,
            ..
        }
    ));
    check_record(&g);
}

#[test]
fn volleys_and_alternate_turns_compose() {
    // Two shots a turn, no shooting again: both hits of a volley cost a deck each,
    // and one move follows.
    let mut g = game(
        "dutchman hit-again=no shots=2",
        "a1 b2 c3 d4 e5 f6",
        "t20 s19 r18 q17 p16 o15",
    );
    g.fire(Player::One, &[c("j10"), c("j11")]).unwrap();
    let shots = g.fire(Player::Two, &[c("a1"), c("b2")]).unwrap();
    assert_eq!(shots, [Shot::Hit, Shot::Hit]);
    assert_eq!(g.relocation_decks(Player::One), Some(4));
    g.relocate(Player::One, &ship("k1 k2 k3 k4")).unwrap();
    assert_eq!(g.view(Player::Two).enemy.afloat(), [4]);
    assert_eq!(g.to_move(), Some(Player::One));
    check_record(&g);
}

/// Every path of `size` cells on `dims`, found by trying every set of cells.
fn brute_force(dims: Dims, size: usize) -> Vec<CellSet> {
    let cells: Vec<Coord> = dims.cells().collect();
    let mut out = Vec::new();
    let n = cells.len() as u32;
    let mut mask: u64 = (1 << size) - 1;
    while mask < 1 << n {
        let set: CellSet = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cells[i as usize])
            .collect();
        if path::is_path(&set) {
            out.push(set);
        }
        let low = mask & mask.wrapping_neg();
        let r = mask + low;
        mask = (((r ^ mask) >> 2) / low) | r;
    }
    out
}

#[test]
fn perft_paths_on_small_boards() {
    let d5 = Dims::new(5, 5).unwrap();
    // Two cells: 20 across, 20 down, 32 on diagonals.
    for (size, expected) in [(2, 72), (3, 256), (4, 901)] {
        let brute = brute_force(d5, size);
        assert_eq!(path::all(d5, size, &CellSet::EMPTY).len(), brute.len());
        let rules: Rules = format!("5x5 fleet={size} shape=path").parse().unwrap();
        assert_eq!(count_placements(&rules, 1 << 30), Some(brute.len() as u64));
        assert_eq!(brute.len(), expected, "{size} cells");
    }
}

/// Chi-square of `draws` per set over every set `all` lists, drawn by `draw`.
fn chi_square(all: &[CellSet], per_set: usize, mut draw: impl FnMut() -> CellSet) -> f64 {
    let index: HashMap<Vec<Coord>, usize> = all
        .iter()
        .enumerate()
        .map(|(i, s)| (s.iter().collect(), i))
        .collect();
    let mut seen = vec![0usize; all.len()];
    for _ in 0..per_set * all.len() {
        seen[index[&draw().iter().collect::<Vec<_>>()]] += 1;
    }
    let expected = per_set as f64;
    let chi: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    let df = (all.len() - 1) as f64;
    (chi - df) / (2.0 * df).sqrt()
}

#[test]
fn paths_are_drawn_uniformly() {
    let mut rng = StdRng::seed_from_u64(11);
    // The placer's lone path ship.
    let rules: Rules = "5x5 fleet=4 shape=path".parse().unwrap();
    let all = path::all(rules.dims(), 4, &CellSet::EMPTY);
    let placer = Placer::new(&rules);
    let z = chi_square(&all, 30, || {
        placer.sample(&mut rng).unwrap().ships()[0].cells()
    });
    assert!(z.abs() < 4.0, "z = {z:.1}");
    // A move among the cells not shot: the computer's move and the shooters' samples.
    let shot: CellSet = ["b2", "c3", "d2", "a5", "e4"].into_iter().map(c).collect();
    let all = path::all(rules.dims(), 3, &shot);
    let z = chi_square(&all, 40, || {
        seabattle_core::flying::random_move(&rules, 3, &shot, &mut rng).unwrap()
    });
    assert!(z.abs() < 4.0, "z = {z:.1}");
    // Without the correction for sets walked several ways, compact sets come out too
    // often and the test fails: it can tell.
    let biased = chi_square(&all, 40, || {
        loop {
            use rand::RngExt;
            let cells: Vec<Coord> = CellSet::full(rules.dims()).minus(&shot).iter().collect();
            let mut at = cells[rng.random_range(0..cells.len())];
            let mut set = CellSet::single(at);
            while set.len() < 3 {
                let (dc, dr) = path::KING[rng.random_range(0..8)];
                match at.offset(dc, dr) {
                    Some(n) if rules.dims().contains(n) && !shot.contains(n) && set.insert(n) => {
                        at = n
                    }
                    _ => break,
                }
            }
            if set.len() == 3 {
                return set;
            }
        }
    });
    assert!(biased > 10.0, "z = {biased:.1}");
}

#[test]
fn the_placer_draws_the_preset_and_no_move_is_owed_nowhere() {
    let mut rng = StdRng::seed_from_u64(3);
    for decks in 5..=8 {
        let rules: Rules = format!("dutchman fleet={decks}").parse().unwrap();
        let f = Placer::new(&rules).sample(&mut rng).unwrap();
        assert!(Fleet::new(f.to_setup(), &rules).is_ok());
    }
    let rules = Preset::Dutchman.rules();
    let all = CellSet::full(rules.dims());
    assert!(!seabattle_core::flying::can_move(&rules, 5, &all));
    assert!(seabattle_core::flying::random_move(&rules, 5, &all, &mut rng).is_none());
}
