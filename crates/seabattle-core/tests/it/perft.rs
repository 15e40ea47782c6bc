//! Exact counts of legal boards on small boards, like chess perft: the engine's count
//! (a walk over ship positions) against a brute force over every set of cells (read as a
//! drawn board, split into ships, and validated).

use seabattle_core::fleet::violations;
use seabattle_core::placement::count_placements;
use seabattle_core::{CellSet, Coord, Grid, Rules};

/// Legal boards found by trying every set of `sum(fleet)` cells. Only for rules where
/// ships cannot touch by sides, so a drawn board has exactly one reading as ships.
fn brute_force(rules: &Rules) -> u64 {
    let dims = rules.dims();
    let n = dims.area() as u32;
    let k: u32 = rules.fleet().iter().map(|&s| u32::from(s)).sum();
    let cells: Vec<Coord> = dims.cells().collect();
    let mut count = 0;
    // Gosper's hack: every n-bit mask with k bits set.
    let mut mask: u64 = (1 << k) - 1;
    while mask < 1 << n {
        let set: CellSet = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cells[i as usize])
            .collect();
        let grid = Grid {
            dims,
            ships: set,
            pieces: Default::default(),
        };
        if violations(&grid.to_setup(rules), rules).is_empty() {
            count += 1;
        }
        let c = mask & mask.wrapping_neg();
        let r = mask + c;
        mask = (((r ^ mask) >> 2) / c) | r;
    }
    count
}

fn engine(rules: &str) -> (Rules, u64) {
    let rules: Rules = rules.parse().unwrap();
    let n = count_placements(&rules, 1 << 32).expect("within budget");
    (rules, n)
}

#[test]
fn perft_5x5_classic_rules() {
    let (rules, n) = engine("5x5 fleet=3,2,1,1");
    assert_eq!(n, brute_force(&rules));
    assert_eq!(n, 8_712);
}

#[test]
fn perft_5x5_corners_may_touch() {
    let (rules, n) = engine("5x5 fleet=2,2,1 touch=corners");
    assert_eq!(n, brute_force(&rules));
    assert_eq!(n, 6_148);
}

#[test]
fn perft_5x5_bent_ships() {
    let (rules, n) = engine("5x5 fleet=3,2 shape=any");
    assert_eq!(n, brute_force(&rules));
    assert_eq!(n, 1_564);
}

#[test]
fn perft_6x6_and_a_narrow_board() {
    let (rules, n) = engine("6x6 fleet=2,1,1");
    assert_eq!(n, brute_force(&rules));
    assert_eq!(n, 16_184);
    let (rules, n) = engine("7x5 fleet=3,1,1");
    assert_eq!(n, brute_force(&rules));
    assert_eq!(n, 9_332);
}

#[test]
fn perft_single_ships_on_classic() {
    // One ship alone: all its positions.
    assert_eq!(engine("classic fleet=4").1, 140);
    assert_eq!(engine("classic fleet=1").1, 100);
    // The 19 fixed tetrominoes: I 2×(7·10), O 9·9, T, S/Z 8×(8·9), L/J 8×(8·9).
    assert_eq!(
        engine("classic fleet=4 shape=any").1,
        140 + 81 + 8 * 72 + 8 * 72
    );
}
