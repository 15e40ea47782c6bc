//! The generator draws every legal board equally often: a chi-square test over all the
//! boards of a small variant, with a fixed seed so the test is repeatable.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::placement::all_placements;
use seabattle_core::{CellSet, Coord, Placer, Rules};
use std::collections::HashMap;

fn chi_square(rules: &str, per_board: usize, seed: u64) -> (f64, usize) {
    let rules: Rules = rules.parse().unwrap();
    let boards = all_placements(&rules, 1 << 30).unwrap();
    // A board is its set of ships (where ships may touch, one set of cells can be read
    // as several boards).
    let key = |ships: &[CellSet]| {
        let mut k: Vec<Vec<Coord>> = ships.iter().map(|s| s.iter().collect()).collect();
        k.sort();
        k
    };
    let index: HashMap<Vec<Vec<Coord>>, usize> = boards
        .iter()
        .enumerate()
        .map(|(i, ships)| (key(ships), i))
        .collect();
    assert_eq!(index.len(), boards.len(), "each board is listed once");
    let placer = Placer::new(&rules);
    let mut rng = StdRng::seed_from_u64(seed);
    let draws = per_board * boards.len();
    let mut seen = vec![0usize; boards.len()];
    for _ in 0..draws {
        let fleet = placer.sample(&mut rng).unwrap();
        let ships: Vec<CellSet> = fleet.ships().iter().map(|s| s.cells()).collect();
        seen[index[&key(&ships)]] += 1;
    }
    let expected = per_board as f64;
    let chi: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    (chi, boards.len() - 1)
}

/// Passes if chi-square is within 4 standard deviations of its mean: a greedy placer
/// that favours open space fails this by hundreds of deviations.
fn assert_uniform(rules: &str, seed: u64) {
    let (chi, df) = chi_square(rules, 40, seed);
    let z = (chi - df as f64) / (2.0 * df as f64).sqrt();
    assert!(
        z.abs() < 4.0,
        "{rules}: chi-square {chi:.0} with {df} degrees of freedom (z = {z:.1})"
    );
}

#[test]
fn uniform_on_a_small_classic_board() {
    assert_uniform("5x5 fleet=3,2,1", 7);
}

#[test]
fn uniform_with_corners_and_bent_ships() {
    assert_uniform("5x5 fleet=2,2,1 touch=corners", 8);
    assert_uniform("5x5 fleet=3,2 shape=any", 9);
}

#[test]
fn uniform_when_ships_may_touch() {
    assert_uniform("5x5 fleet=3,2,2 touch=allowed", 10);
}

/// The test has teeth: the usual greedy generator (each ship placed uniformly among the
/// positions still free) is biased towards some boards and fails it.
#[test]
fn a_greedy_generator_fails_the_test() {
    use rand::RngExt;
    use seabattle_core::placement::positions;
    let rules: Rules = "5x5 fleet=3,2,1".parse().unwrap();
    let boards = all_placements(&rules, 1 << 30).unwrap();
    let index: HashMap<CellSet, usize> = boards
        .iter()
        .enumerate()
        .map(|(i, ships)| (ships.iter().fold(CellSet::EMPTY, |a, s| a.or(s)), i))
        .collect();
    let lists: Vec<_> = rules
        .fleet()
        .iter()
        .map(|&s| positions(&rules, usize::from(s)))
        .collect();
    let mut rng = StdRng::seed_from_u64(7);
    let mut seen = vec![0usize; boards.len()];
    let per_board = 40;
    let mut drawn = 0;
    while drawn < per_board * boards.len() {
        let mut blocked = CellSet::EMPTY;
        let mut cells = CellSet::EMPTY;
        let mut stuck = false;
        for list in &lists {
            let free: Vec<_> = list
                .iter()
                .filter(|p| !p.cells.intersects(&blocked))
                .collect();
            if free.is_empty() {
                stuck = true;
                break;
            }
            let p = free[rng.random_range(0..free.len())];
            blocked.union_with(&p.blocked);
            cells.union_with(&p.cells);
        }
        if !stuck {
            seen[index[&cells]] += 1;
            drawn += 1;
        }
    }
    let df = boards.len() - 1;
    let chi: f64 = seen
        .iter()
        .map(|&o| (o as f64 - per_board as f64).powi(2) / per_board as f64)
        .sum();
    let z = (chi - df as f64) / (2.0 * df as f64).sqrt();
    assert!(z > 10.0, "greedy placement looked uniform: z = {z:.1}");
}
