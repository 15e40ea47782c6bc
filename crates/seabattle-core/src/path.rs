//! Path-shaped ships (the Flying Dutchman's, `shape=path`): cells that can be walked in
//! one line, each step to a neighbour by a side or a corner, no cell twice.
//!
//! # Drawing a path uniformly
//! [`sample`] draws a start cell uniformly among the allowed cells, then takes `n − 1`
//! steps, each uniformly among the eight directions, and starts over if a step leaves
//! the board, lands on a cell not allowed or on a cell already walked. Every directed
//! walk of `n` allowed cells comes out with the same probability, so a cell set `S`
//! comes out with probability proportional to `h(S)`, the number of its directed
//! Hamiltonian paths (a straight line has two, a bent set may have more). Keeping `S`
//! with probability `2 / h(S)` (`1` for one cell) makes every set equally likely.
//! `tests/dutchman.rs` checks this with a chi-square test over every set on a small
//! board.

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use rand::{Rng, RngExt};
use std::collections::BTreeSet;

/// The eight steps of a king.
pub const KING: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The most cells whose paths [`directed_paths`] counts exactly; larger sets are no
/// ship of any rules and are judged by their connectedness alone.
const MAX_COUNTED: usize = 12;

fn neighbours(a: Coord, b: Coord) -> bool {
    a != b && a.col.abs_diff(b.col) <= 1 && a.row.abs_diff(b.row) <= 1
}

/// How many ways `cells` can be walked from end to end (each direction counted), a step
/// being a king's move: 0 if it is no path, 1 for a single cell, 2 for a straight line.
/// Cells named twice count once. Sets of more than 12 cells give 0.
pub fn directed_paths(cells: &CellSet) -> u64 {
    let v: Vec<Coord> = cells.iter().collect();
    let n = v.len();
    if n == 0 || n > MAX_COUNTED {
        return 0;
    }
    // ways[mask][end]: walks over exactly the cells of `mask` that end at `end`.
    let full = (1usize << n) - 1;
    let mut ways = vec![[0u64; MAX_COUNTED]; full + 1];
    for (i, row) in ways.iter_mut().skip(1).take(full).enumerate() {
        let mask = i + 1;
        if mask.count_ones() == 1 {
            row[mask.trailing_zeros() as usize] = 1;
        }
    }
    for mask in 1..=full {
        for end in 0..n {
            let w = ways[mask][end];
            if w == 0 {
                continue;
            }
            for next in 0..n {
                if mask & (1 << next) == 0 && neighbours(v[end], v[next]) {
                    ways[mask | (1 << next)][next] += w;
                }
            }
        }
    }
    ways[full][..n].iter().sum()
}

/// Whether `cells` is a path (see the module docs). Sets of more than 12 cells, which
/// no rules allow as one ship, are judged by whether they hang together by sides and
/// corners.
pub fn is_path(cells: &CellSet) -> bool {
    if cells.len() > MAX_COUNTED {
        return king_components(cells).len() == 1;
    }
    directed_paths(cells) > 0
}

/// The groups of `cells` joined by sides and corners.
pub fn king_components(cells: &CellSet) -> Vec<CellSet> {
    let mut rest = *cells;
    let mut out = Vec::new();
    while let Some(seed) = rest.first() {
        let mut group = CellSet::single(seed);
        loop {
            let next = group.grow_all(Dims::LARGEST).and(&rest);
            if next == group {
                break;
            }
            group = next;
        }
        rest = rest.minus(&group);
        out.push(group);
    }
    out
}

/// Attempts of [`sample`] before it gives up: some 10⁵ per expected success when a
/// quarter of a 20×20 board is shot.
pub const SAMPLE_ATTEMPTS: u32 = 200_000;

/// A path of `size` cells drawn uniformly among those on the board that avoid `avoid`
/// (see the module docs), or `None` after `attempts` failed tries.
pub fn sample<R: Rng + ?Sized>(
    dims: Dims,
    size: usize,
    avoid: &CellSet,
    rng: &mut R,
    attempts: u32,
) -> Option<CellSet> {
    let free = CellSet::full(dims).minus(avoid);
    let cells: Vec<Coord> = free.iter().collect();
    if size == 0 || size > cells.len() || size > MAX_COUNTED {
        return None;
    }
    'attempt: for _ in 0..attempts {
        let mut at = cells[rng.random_range(0..cells.len())];
        let mut set = CellSet::single(at);
        for _ in 1..size {
            let (dc, dr) = KING[rng.random_range(0..KING.len())];
            match at.offset(dc, dr) {
                Some(next) if free.contains(next) && set.insert(next) => at = next,
                _ => continue 'attempt,
            }
        }
        let keep = if size == 1 { 1 } else { 2 };
        let h = directed_paths(&set);
        if rng.random_range(0..h) < keep {
            return Some(set);
        }
    }
    None
}

/// Node budget of [`exists`]: far more than any board a game can leave needs.
const EXISTS_BUDGET: u64 = 2_000_000;

/// Whether some path of `size` cells fits in `free`. Searched depth first; should the
/// search ever run out of budget it answers yes (a path is then as good as certain,
/// and the same answer is given to the game and to the audit).
pub fn exists(size: usize, free: &CellSet) -> bool {
    if size == 0 {
        return true;
    }
    let mut budget = EXISTS_BUDGET;
    for group in king_components(free) {
        if group.len() < size {
            continue;
        }
        for start in &group {
            let mut walked = CellSet::single(start);
            match extend(start, size - 1, &group, &mut walked, &mut budget) {
                Some(true) => return true,
                Some(false) => {}
                None => return true,
            }
        }
    }
    false
}

/// Whether a walk of `left` more steps continues from `at` within `free`; `None` when
/// the budget runs out.
fn extend(
    at: Coord,
    left: usize,
    free: &CellSet,
    walked: &mut CellSet,
    budget: &mut u64,
) -> Option<bool> {
    if left == 0 {
        return Some(true);
    }
    for (dc, dr) in KING {
        *budget = budget.checked_sub(1)?;
        let Some(next) = at.offset(dc, dr) else {
            continue;
        };
        if !free.contains(next) || !walked.insert(next) {
            continue;
        }
        let found = extend(next, left - 1, free, walked, budget);
        walked.remove(next);
        if found != Some(false) {
            return found;
        }
    }
    Some(false)
}

/// Every path shape of `size` cells, as offsets from its top-left bounding corner,
/// each listed once (rotations and reflections apart, as on a board they differ).
pub fn shapes(size: usize) -> Vec<Vec<(u8, u8)>> {
    let mut out: BTreeSet<Vec<(i32, i32)>> = BTreeSet::new();
    if size == 0 {
        return Vec::new();
    }
    let mut walk = vec![(0i32, 0i32)];
    grow(&mut walk, size, &mut out);
    out.into_iter()
        .map(|p| p.into_iter().map(|(x, y)| (x as u8, y as u8)).collect())
        .collect()
}

fn grow(walk: &mut Vec<(i32, i32)>, size: usize, out: &mut BTreeSet<Vec<(i32, i32)>>) {
    if walk.len() == size {
        let mx = walk.iter().map(|c| c.0).min().unwrap_or(0);
        let my = walk.iter().map(|c| c.1).min().unwrap_or(0);
        let mut cells: Vec<(i32, i32)> = walk.iter().map(|c| (c.0 - mx, c.1 - my)).collect();
        cells.sort_unstable();
        out.insert(cells);
        return;
    }
    let (x, y) = walk[walk.len() - 1];
    for (dx, dy) in KING {
        let next = (x + dx, y + dy);
        if walk.contains(&next) {
            continue;
        }
        walk.push(next);
        grow(walk, size, out);
        walk.pop();
    }
}

/// Every path of `size` cells on the board avoiding `avoid`, each once: for exact
/// counts on small boards.
pub fn all(dims: Dims, size: usize, avoid: &CellSet) -> Vec<CellSet> {
    let mut out = BTreeSet::new();
    for shape in shapes(size) {
        for cells in crate::shape::translations(&shape, dims) {
            if !cells.intersects(avoid) {
                out.insert(cells.iter().collect::<Vec<Coord>>());
            }
        }
    }
    out.into_iter().map(|v| v.into_iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(u8, u8)]) -> CellSet {
        cells.iter().map(|&(c, r)| Coord::new(c, r)).collect()
    }

    #[test]
    fn paths_are_told_from_other_connected_sets() {
        assert_eq!(directed_paths(&set(&[(0, 0)])), 1);
        assert_eq!(directed_paths(&set(&[(0, 0), (1, 1), (2, 2)])), 2);
        // A square of four: every cell neighbours every other, 4! walks.
        assert_eq!(directed_paths(&set(&[(0, 0), (1, 0), (0, 1), (1, 1)])), 24);
        // A centre with three arms of two cells is connected but no path.
        let star = set(&[(2, 2), (1, 2), (0, 2), (3, 2), (4, 2), (2, 3), (2, 4)]);
        assert_eq!(king_components(&star).len(), 1);
        assert!(!is_path(&star));
        assert!(!is_path(&set(&[(0, 0), (2, 0)])));
        assert!(is_path(&set(&[(0, 0), (1, 1), (2, 0), (3, 1), (4, 0)])));
    }

    #[test]
    fn shape_counts() {
        // Fixed polyplets of 1 to 3 cells (OEIS A006535: 1, 4, 20) are all paths.
        let counts: Vec<usize> = (1..=3).map(|n| shapes(n).len()).collect();
        assert_eq!(counts, [1, 4, 20]);
        // Larger ones, against a brute force over subsets of an n×n box that touch its
        // top and left sides, judged by `is_path` (a count of walks, not a walk).
        for n in 4..=5u8 {
            let cells: Vec<Coord> = (0..n * n).map(|i| Coord::new(i % n, i / n)).collect();
            let mut brute = 0;
            let mut pick = vec![0usize; usize::from(n)];
            fn subsets(
                from: usize,
                k: usize,
                cells: &[Coord],
                pick: &mut Vec<usize>,
                f: &mut dyn FnMut(&[usize]),
            ) {
                if k == pick.len() {
                    return f(pick);
                }
                for i in from..cells.len() {
                    pick[k] = i;
                    subsets(i + 1, k + 1, cells, pick, f);
                }
            }
            subsets(0, 0, &cells, &mut pick, &mut |p| {
                let s: CellSet = p.iter().map(|&i| cells[i]).collect();
                if s.iter().any(|c| c.col == 0) && s.iter().any(|c| c.row == 0) && is_path(&s) {
                    brute += 1;
                }
            });
            assert_eq!(shapes(usize::from(n)).len(), brute, "{n} cells");
        }
    }

    #[test]
    fn existence_search() {
        let dims = Dims::new(5, 5).unwrap();
        assert!(exists(8, &CellSet::full(dims)));
        // A column of free cells holds five, not six.
        let column = set(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]);
        assert!(exists(5, &column));
        assert!(!exists(6, &column));
    }
}
