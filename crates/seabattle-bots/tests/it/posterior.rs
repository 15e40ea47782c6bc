//! The posterior sampler against exact enumeration: on small boards, the share of
//! sampled fleets with a ship on each cell matches the share of all consistent boards
//! (weighted by the prior, for a tilted one). And the adaptive mixture tells packed
//! fleets from uniform ones.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use seabattle_bots::PlacerKind;
use seabattle_bots::posterior::{Posterior, Tilt};
use seabattle_core::placement::{all_placements, positions_by_size};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Fleet, FleetSetup, Rules, Sea, ShipSetup, Shot};

fn fleet_of(rules: &Rules, ships: &[seabattle_core::CellSet]) -> Fleet {
    let setup = FleetSetup::from_ships(
        ships
            .iter()
            .map(|s| ShipSetup(s.iter().collect()))
            .collect(),
    );
    Fleet::new(setup, rules).unwrap()
}

/// Fires `shots` at `fleet` and returns the view and the answers.
fn shoot(rules: &Rules, fleet: Fleet, shots: &[Coord]) -> (TargetBoard, Vec<Shot>) {
    let mut sea = Sea::new(fleet);
    let mut view = TargetBoard::new(rules);
    let mut answers = Vec::new();
    for &c in shots {
        let a = sea.fire(c).unwrap();
        view.record(c, &a);
        answers.push(a);
    }
    (view, answers)
}

/// The prior weight `exp(-energy)` of a board under `tilt`, computed from its cells
/// the slow way: the cells the multi-deckers rule out, and what the one-deckers add.
fn prior_weight(rules: &Rules, board: &[CellSet], tilt: Tilt) -> f64 {
    let positions = positions_by_size(rules);
    let blocked = |ship: &CellSet| {
        positions
            .iter()
            .flat_map(|(_, l)| l)
            .find(|p| p.cells == *ship)
            .unwrap()
            .blocked
    };
    let multi = board
        .iter()
        .filter(|s| s.len() > 1)
        .fold(CellSet::EMPTY, |a, s| a.or(&blocked(s)));
    let all = board.iter().fold(CellSet::EMPTY, |a, s| a.or(&blocked(s)));
    let (w, h) = (rules.dims().width(), rules.dims().height());
    let off = board
        .iter()
        .filter(|s| {
            s.len() > 1
                && s.iter()
                    .all(|c| c.col > 0 && c.row > 0 && c.col + 1 < w && c.row + 1 < h)
        })
        .count();
    let energy = tilt.packed * multi.len() as f64 - tilt.spread * (all.len() - multi.len()) as f64
        + tilt.edge * off as f64;
    (-energy).exp()
}

/// Exact and sampled per-cell probabilities of a ship, for a game in which `shots`
/// were fired at board number `truth` of all boards.
fn compare(rules: &str, truth_seed: u64, shots: usize, seed: u64) {
    compare_tilted(rules, Tilt::FLAT, truth_seed, shots, seed);
}

/// [`compare`] under a tilted prior.
fn compare_tilted(rules: &str, tilt: Tilt, truth_seed: u64, shots: usize, seed: u64) {
    let rules: Rules = rules.parse().unwrap();
    let boards = all_placements(&rules, 1 << 24).unwrap();
    let mut rng = StdRng::seed_from_u64(truth_seed);
    let truth = &boards[rng.random_range(0..boards.len())];
    let mut cells: Vec<Coord> = rules.dims().cells().collect();
    // Shots at random cells, but some on the true ships so there are hits to explain.
    let occupied: Vec<Coord> = truth.iter().flat_map(|s| s.iter()).collect();
    let mut fired = Vec::new();
    for k in 0..shots {
        let c = if k % 3 == 0 {
            occupied[rng.random_range(0..occupied.len())]
        } else {
            cells[rng.random_range(0..cells.len())]
        };
        if !fired.contains(&c) {
            fired.push(c);
        }
    }
    cells.clear();
    let (view, answers) = shoot(&rules, fleet_of(&rules, truth), &fired);
    // Exact: every board that would have given the same answers.
    let area = rules.dims().area();
    let mut exact = vec![0.0; area];
    let mut consistent = 0.0;
    for b in &boards {
        let (_, got) = shoot(&rules, fleet_of(&rules, b), &fired);
        if got == answers {
            let w = prior_weight(&rules, b, tilt);
            consistent += w;
            for s in b {
                for c in s {
                    exact[usize::from(c.row) * usize::from(rules.dims().width())
                        + usize::from(c.col)] += w;
                }
            }
        }
    }
    assert!(consistent > 0.0);
    // Sampled: several independent samplers, so correlation within one does not hide
    // a bias.
    let mut sampled = vec![0.0; area];
    let mut smoothed = vec![0.0; area];
    let flat = tilt == Tilt::FLAT;
    let mut total = 0.0;
    for run in 0..20 {
        let mut rng = StdRng::seed_from_u64(seed + run);
        let mut post = Posterior::with_priors(&rules, &[(tilt, 1.0, 2000)]);
        // Feed the answers one at a time, as a game would.
        let mut partial = TargetBoard::new(&rules);
        for (c, a) in fired.iter().zip(&answers) {
            partial.record(*c, a);
            assert!(post.update(&partial, &mut rng));
        }
        assert_eq!(partial, view);
        for (i, x) in post.probabilities().into_iter().enumerate() {
            sampled[i] += x;
        }
        // Smoothing counts each ship's places given the others: only under a flat prior.
        match post.smoothed() {
            Some(s) if flat => {
                for (i, x) in s.into_iter().enumerate() {
                    smoothed[i] += x;
                }
            }
            None if !flat => {}
            other => panic!("{rules}: smoothed {other:?} under {tilt:?}"),
        }
        total += 1.0;
    }
    let off = |estimate: &[f64]| {
        (0..area)
            .map(|i| (exact[i] / consistent - estimate[i] / total).abs())
            .fold(0.0, f64::max)
    };
    let worst = off(&sampled);
    assert!(
        worst < 0.03,
        "{rules}: {consistent} consistent boards, worst cell off by {worst:.3}"
    );
    if flat {
        let worst = off(&smoothed);
        assert!(
            worst < 0.02,
            "{rules}: {consistent} consistent boards, smoothed: worst cell off by {worst:.3}"
        );
    }
}

#[test]
fn matches_enumeration_without_touching() {
    for seed in 0..4 {
        compare("6x6 fleet=3,2,1,1", seed, 8, 100 * seed);
    }
}

#[test]
fn matches_enumeration_with_touching_allowed() {
    for seed in 0..4 {
        compare("6x6 fleet=3,2,2 touch=allowed", seed, 8, 100 * seed);
    }
}

#[test]
fn matches_enumeration_for_bent_ships() {
    for seed in 0..3 {
        compare("5x5 fleet=3,2,1 shape=any", seed, 6, 100 * seed);
    }
}

#[test]
fn matches_enumeration_under_a_tilted_prior() {
    let tilt = Tilt {
        packed: 0.6,
        spread: 0.3,
        edge: 0.0,
    };
    for seed in 0..3 {
        compare_tilted("6x6 fleet=3,2,1,1", tilt, seed, 8, 100 * seed);
    }
}

#[test]
fn matches_enumeration_under_the_edge_prior() {
    let tilt = Tilt {
        edge: 1.5,
        ..Tilt::PACKED
    };
    for seed in 0..3 {
        compare_tilted("6x6 fleet=3,2,1,1", tilt, seed, 8, 100 * seed + 7);
    }
}

/// The weights of the adaptive priors (uniform, packed, edge) after `shots` shots of a
/// greedy game against a fleet the placer drew.
fn prior_weights(rules: &Rules, placer: PlacerKind, seed: u64, shots: usize) -> Vec<f64> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sea = Sea::new(placer.place(rules, &mut rng).unwrap());
    let mut view = TargetBoard::new(rules);
    let mut post = Posterior::adaptive(rules, 600);
    let width = usize::from(rules.dims().width());
    for _ in 0..shots {
        assert!(post.update(&view, &mut rng));
        let p = post.probabilities();
        let Some(c) = view.unknown().iter().max_by(|a, b| {
            let at = |c: &Coord| p[usize::from(c.row) * width + usize::from(c.col)];
            at(a).total_cmp(&at(b))
        }) else {
            break;
        };
        view.record(c, &sea.fire(c).unwrap());
    }
    assert!(post.update(&view, &mut rng));
    post.weights()
}

#[test]
fn adaptive_prior_recognises_packed_fleets() {
    let rules = Rules::classic();
    let mean = |placer, prior: usize| {
        (0..12)
            .map(|s| prior_weights(&rules, placer, s, 35)[prior])
            .sum::<f64>()
            / 12.0
    };
    let (packed, uniform) = (mean(PlacerKind::Perelman, 1), mean(PlacerKind::Uniform, 1));
    assert!(packed > 0.8, "packed fleets: weight {packed:.2}");
    assert!(uniform < 0.2, "uniform fleets: weight {uniform:.2}");
}

#[test]
fn adaptive_prior_recognises_edge_hugging_fleets() {
    let rules = Rules::classic();
    let mean = |placer, prior: usize| {
        (0..12)
            .map(|s| prior_weights(&rules, placer, s, 35)[prior])
            .sum::<f64>()
            / 12.0
    };
    let (edge, uniform) = (mean(PlacerKind::Edge, 2), mean(PlacerKind::Uniform, 2));
    assert!(edge > 0.8, "edge fleets: weight {edge:.2}");
    assert!(uniform < 0.2, "uniform fleets: weight {uniform:.2}");
}
