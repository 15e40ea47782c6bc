//! Game analysis (issue 50) against exact counts: on small boards each shot's `p`
//! matches the share of all consistent boards; in `classic` the wasted shots are
//! exactly those no fleet could cover, and the first shot's chances match the uniform
//! generator's. Plus determinism, the refusals, and accuracy telling the expert from a
//! random shooter.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use seabattle_bots::analysis::{
    Analysis, AnalysisError, Options, Verdict, analyse, chances, supported,
};
use seabattle_bots::{Level, ShooterKind};
use seabattle_core::placement::all_placements;
use seabattle_core::view::TargetBoard;
use seabattle_core::{
    CellSet, Coord, CoordSystem, Fleet, FleetSetup, Game, GameRecord, Move, Outcome, Placer,
    Player, Preset, Rules, Sea, ShipSetup, Shot,
};

/// A game in which each player fires its `script` cells in order, then every cell not
/// yet shot, row by row, until one fleet is sunk.
fn scripted(rules: &Rules, fleets: [Fleet; 2], scripts: [Vec<Coord>; 2]) -> GameRecord {
    let mut game = Game::new(rules.clone());
    for (p, f) in Player::BOTH.into_iter().zip(fleets) {
        game.place(p, f).unwrap();
    }
    game.start_with(Player::One).unwrap();
    let orders = scripts.map(|s| {
        let mut order = s.clone();
        order.extend(rules.dims().cells().filter(|c| !s.contains(c)));
        order
    });
    while game.outcome() == Outcome::InProgress {
        let p = game.to_move().unwrap();
        let shot = game.view(p).enemy.shots();
        let cells: Vec<Coord> = orders[p.index()]
            .iter()
            .copied()
            .filter(|c| !shot.contains(*c))
            .take(game.shots_due(p))
            .collect();
        game.fire(p, &cells).unwrap();
    }
    game.record().unwrap()
}

/// A game between two shooters of `kind`, on uniformly drawn fleets.
fn played(rules: &Rules, kind: ShooterKind, seed: u64) -> GameRecord {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    for p in Player::BOTH {
        game.place(p, Placer::new(rules).sample(&mut rng).unwrap())
            .unwrap();
    }
    game.start_with(Player::One).unwrap();
    let mut shooters = [kind.build(), kind.build()];
    while game.outcome() == Outcome::InProgress {
        let p = game.to_move().unwrap();
        let view = game.view(p).enemy;
        let cells = shooters[p.index()].choose(rules, &view, game.shots_due(p), &mut rng);
        game.fire(p, &cells).unwrap();
    }
    game.record().unwrap()
}

fn fleet_of(rules: &Rules, ships: &[CellSet]) -> Fleet {
    let setup = FleetSetup::from_ships(
        ships
            .iter()
            .map(|s| ShipSetup(s.iter().collect()))
            .collect(),
    );
    Fleet::new(setup, rules).unwrap()
}

const PER_SHOT: Options = Options {
    particles: 2000,
    hardness_runs: 0,
    hardness_particles: 100,
};

/// How far one sampler of 2,000 fleets may be from the exact chance. Where only a
/// handful of boards fit, its shares drift by a few hundredths (the posterior's own
/// tests average 20 samplers to get under 0.02).
const TOLERANCE: f64 = 0.05;

/// Every shot of player one in a game on a small board, its `p` and `best` against the
/// shares of all boards that give the same answers to the shots before its volley.
fn compare_with_enumeration(rules: &str, seed: u64) {
    let rules: Rules = rules.parse().unwrap();
    let boards = all_placements(&rules, 1 << 24).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let pick = |rng: &mut StdRng| fleet_of(&rules, &boards[rng.random_range(0..boards.len())]);
    let fleets = [pick(&mut rng), pick(&mut rng)];
    let mut scripts: [Vec<Coord>; 2] = [
        rules.dims().cells().collect(),
        rules.dims().cells().collect(),
    ];
    for s in &mut scripts {
        s.shuffle(&mut rng);
    }
    let record = scripted(&rules, fleets, scripts);
    let analysis = analyse(&record, seed, &PER_SHOT).unwrap();
    let width = usize::from(rules.dims().width());
    let mut before: Vec<(Coord, Shot)> = Vec::new();
    let mut judged = analysis.shots.iter().filter(|s| s.player == Player::One);
    let mut sea = Sea::new(Fleet::new(record.fleets[1].clone(), &rules).unwrap());
    for m in &record.moves {
        let Move::Volley {
            player: Player::One,
            shots,
        } = m
        else {
            continue;
        };
        // Exact: the boards that answer the earlier shots as the real one did.
        let mut exact = vec![0.0; rules.dims().area()];
        let mut consistent = 0.0;
        for b in &boards {
            let mut s = Sea::new(fleet_of(&rules, b));
            if before.iter().all(|(c, a)| s.fire(*c).unwrap() == *a) {
                consistent += 1.0;
                for c in b.iter().flat_map(CellSet::iter) {
                    exact[usize::from(c.row) * width + usize::from(c.col)] += 1.0;
                }
            }
        }
        let shot: CellSet = before.iter().map(|x| x.0).collect();
        let best = rules
            .dims()
            .cells()
            .filter(|c| !shot.contains(*c))
            .map(|c| exact[usize::from(c.row) * width + usize::from(c.col)] / consistent)
            .fold(0.0, f64::max);
        for &(cell, _) in shots {
            let j = judged.next().unwrap();
            assert_eq!(j.cell, cell);
            let e = exact[usize::from(cell.row) * width + usize::from(cell.col)] / consistent;
            assert!(
                (j.p - e).abs() < TOLERANCE,
                "{rules} seed {seed}: {cell} p {} exact {e}",
                j.p
            );
            assert!(
                (j.best - best).abs() < TOLERANCE,
                "{rules} seed {seed}: best {} exact {best}",
                j.best
            );
            if j.verdict == Verdict::Wasted {
                assert_eq!(e, 0.0, "{rules} seed {seed}: {cell} wasted, yet coverable");
            }
            if e > 0.0 {
                assert!(j.p > 0.0);
            }
        }
        for &(cell, _) in shots {
            before.push((cell, sea.fire(cell).unwrap()));
        }
    }
}

#[test]
fn p_matches_enumeration_without_touching() {
    for seed in 0..3 {
        compare_with_enumeration("5x5 fleet=3,2,1", seed);
    }
}

#[test]
fn p_matches_enumeration_with_touching_allowed() {
    for seed in 0..3 {
        compare_with_enumeration("5x5 fleet=3,2,2 touch=allowed", seed);
    }
}

#[test]
fn p_matches_enumeration_for_bent_ships_and_corners() {
    compare_with_enumeration("5x5 fleet=3,2,1 shape=any", 5);
    compare_with_enumeration("5x5 fleet=3,2,1 touch=corners", 6);
}

#[test]
fn p_matches_enumeration_in_a_salvo() {
    compare_with_enumeration("5x5 fleet=3,2,1 shots=afloat hit-again=no", 7);
}

/// Cells in the Russian system («а1» is the top-left corner).
fn cells(text: &str) -> Vec<Coord> {
    text.split_whitespace()
        .map(|w| {
            CoordSystem::Russian
                .parse(w, Rules::classic().dims())
                .unwrap()
        })
        .collect()
}

#[test]
fn wasted_shots_next_to_a_sunk_ship_and_on_a_hits_diagonal() {
    let rules = Rules::classic();
    let text = "а1-г1 а3-в3 д3-ж3 а5-б5 г5-д5 ж5-з5 а7 в7 д7 ж7";
    let setup = FleetSetup::parse(text, CoordSystem::Russian, rules.dims()).unwrap();
    let fleet = Fleet::new(setup, &rules).unwrap();
    // Player one: а5 hits, б4 (its diagonal) misses; then б5 sinks the two-decker and
    // в5 (beside it) misses. Player two misses at к10 in between.
    let script = [cells("а5 б4 б5 в5"), cells("к10")];
    let record = scripted(&rules, [fleet.clone(), fleet], script);
    let a = analyse(
        &record,
        1,
        &Options {
            particles: 500,
            ..PER_SHOT
        },
    )
    .unwrap();
    let ones: Vec<_> = a.shots.iter().filter(|s| s.player == Player::One).collect();
    let expect = [false, true, false, true];
    for (j, wasted) in ones.iter().zip(expect) {
        assert_eq!(j.verdict == Verdict::Wasted, wasted, "{}", j.cell);
        if wasted {
            assert_eq!(j.p, 0.0);
            assert_eq!(j.quality, 0.0);
        }
    }
    // б5 was a ship half-found: the share of fleets with a ship there is high.
    assert!(ones[2].p > 0.2 && ones[2].hit);
    // Wasted exactly when p is 0, all game long.
    for j in &a.shots {
        assert_eq!(j.verdict == Verdict::Wasted, j.p == 0.0, "{j:?}");
        assert!(j.p <= j.best && (0.0..=1.0).contains(&j.quality));
    }
    assert_eq!(
        a.sides[0].wasted,
        a.shots
            .iter()
            .filter(|s| s.player == Player::One && s.verdict == Verdict::Wasted)
            .count()
    );
}

#[test]
fn the_first_shot_matches_the_uniform_marginal() {
    let rules = Rules::classic();
    let got = chances(&rules, &TargetBoard::new(&rules), 4000, 9).unwrap();
    let placer = Placer::new(&rules);
    let mut rng = StdRng::seed_from_u64(10);
    let n = 50_000;
    let mut counts = vec![0.0; rules.dims().area()];
    for _ in 0..n {
        for c in placer.sample(&mut rng).unwrap().occupied().iter() {
            counts[usize::from(c.row) * 10 + usize::from(c.col)] += 1.0;
        }
    }
    for (i, (g, c)) in got.iter().zip(&counts).enumerate() {
        let want = c / f64::from(n);
        assert!((g - want).abs() < 0.01, "cell {i}: {g} against {want}");
    }
}

#[test]
fn the_same_record_gives_the_same_analysis() {
    let rules = Rules::classic();
    let record = played(&rules, ShooterKind::Random, 3);
    let quick = Options::QUICK;
    let a: Analysis = analyse(&record, 77, &quick).unwrap();
    let b = analyse(&record, 77, &quick).unwrap();
    assert_eq!(a, b);
    let fleets = a.fleets.as_ref().unwrap();
    assert!(fleets[0].mean_expert_shots >= 20.0 && fleets[0].runs == quick.hardness_runs);
    assert_eq!(a.sides[0].expert_shots, Some(fleets[1].mean_expert_shots));
    // And it survives the trip to JSON and back.
    let json = serde_json::to_string(&a).unwrap();
    let back: Analysis = serde_json::from_str(&json).unwrap();
    assert_eq!(back.shots.len(), a.shots.len());
}

#[test]
fn pieces_and_flying_ships_are_refused() {
    for preset in Preset::ALL {
        let rules = preset.rules();
        let refused = matches!(
            preset,
            Preset::Mines | Preset::Minesweepers | Preset::Submarines | Preset::Dutchman
        );
        assert_eq!(supported(&rules), !refused, "{preset}");
        if refused {
            let record = GameRecord {
                rules,
                fleets: Default::default(),
                first: Player::One,
                moves: Vec::new(),
            };
            let err = analyse(&record, 0, &Options::QUICK).unwrap_err();
            assert!(matches!(err, AnalysisError::Unsupported { .. }), "{preset}");
            assert!(
                err.to_string()
                    .starts_with("game analysis is not available")
            );
        }
    }
}

#[test]
fn bad_and_unfinished_records_are_refused() {
    let rules = Rules::classic();
    let mut record = played(&rules, ShooterKind::Random, 4);
    if let Some(Move::Volley { shots, .. }) = record.moves.first_mut() {
        shots[0].1 = match shots[0].1 {
            seabattle_core::Answer::Miss => seabattle_core::Answer::Hit,
            _ => seabattle_core::Answer::Miss,
        };
    }
    assert!(matches!(
        analyse(&record, 0, &Options::QUICK),
        Err(AnalysisError::Record { .. })
    ));
    let mut record = played(&rules, ShooterKind::Random, 4);
    record.moves.truncate(10);
    assert_eq!(
        analyse(&record, 0, &Options::QUICK),
        Err(AnalysisError::Unfinished)
    );
}

#[test]
fn the_expert_is_accurate_and_a_random_shooter_is_not() {
    let rules = Rules::classic();
    let accuracy = |kind: ShooterKind| {
        let a = analyse(&played(&rules, kind, 5), 5, &PER_SHOT).unwrap();
        a.sides.iter().map(|s| s.accuracy_percent).sum::<f64>() / 2.0
    };
    let expert = accuracy(Level::Expert.shooter());
    let random = accuracy(ShooterKind::Random);
    assert!(expert >= 90.0, "expert {expert}");
    assert!(random < 60.0, "random {random}");
}
