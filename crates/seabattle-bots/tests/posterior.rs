//! The posterior sampler against exact enumeration: on small boards, the share of
//! sampled fleets with a ship on each cell matches the share of all consistent boards.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use seabattle_bots::posterior::Posterior;
use seabattle_core::placement::all_placements;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, Fleet, FleetSetup, Rules, Sea, ShipSetup, Shot};

fn fleet_of(rules: &Rules, ships: &[seabattle_core::CellSet]) -> Fleet {
    let setup = FleetSetup {
        ships: ships
            .iter()
            .map(|s| ShipSetup(s.iter().collect()))
            .collect(),
    };
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

/// Exact and sampled per-cell probabilities of a ship, for a game in which `shots`
/// were fired at board number `truth` of all boards.
fn compare(rules: &str, truth_seed: u64, shots: usize, seed: u64) {
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
            consistent += 1.0;
            for s in b {
                for c in s {
                    exact[usize::from(c.row) * usize::from(rules.dims().width())
                        + usize::from(c.col)] += 1.0;
                }
            }
        }
    }
    assert!(consistent >= 1.0);
    // Sampled: several independent samplers, so correlation within one does not hide
    // a bias.
    let mut sampled = vec![0.0; area];
    let mut total = 0.0;
    for run in 0..20 {
        let mut rng = StdRng::seed_from_u64(seed + run);
        let mut post = Posterior::new(&rules, 2000);
        // Feed the answers one at a time, as a game would.
        let mut partial = TargetBoard::new(&rules);
        for (c, a) in fired.iter().zip(&answers) {
            partial.record(*c, a);
            assert!(post.update(&partial, &mut rng));
        }
        assert_eq!(partial, view);
        for (i, n) in post.occupancy().into_iter().enumerate() {
            sampled[i] += f64::from(n);
        }
        total += post.len() as f64;
    }
    let worst = (0..area)
        .map(|i| (exact[i] / consistent - sampled[i] / total).abs())
        .fold(0.0, f64::max);
    assert!(
        worst < 0.03,
        "{rules}: {consistent} consistent boards, worst cell off by {worst:.3}"
    );
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
