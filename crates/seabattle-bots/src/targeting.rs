//! Helpers every shooter shares: which cells are worth a shot, and filling a volley.

use rand::{Rng, RngExt};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Rules, ShipShape};

/// A uniformly random cell of a non-empty set.
pub fn pick(set: &CellSet, rng: &mut dyn Rng) -> Option<Coord> {
    let n = set.len();
    (n > 0).then(|| {
        set.iter()
            .nth(rng.random_range(0..n))
            .unwrap_or(Coord::new(0, 0))
    })
}

/// Up to `count` distinct cells: `first` in order, then random unknown cells, then (a
/// salvo bigger than the unknown cells) cells already proven empty but never shot.
pub fn fill(view: &TargetBoard, first: Vec<Coord>, count: usize, rng: &mut dyn Rng) -> Vec<Coord> {
    let mut out: Vec<Coord> = Vec::with_capacity(count);
    let mut taken = CellSet::EMPTY;
    for c in first {
        if out.len() < count && taken.insert(c) {
            out.push(c);
        }
    }
    let unshot = CellSet::full(view.dims()).minus(&view.shots());
    for pool in [view.unknown(), unshot] {
        let mut pool = pool.minus(&taken);
        while out.len() < count {
            let Some(c) = pick(&pool, rng) else { break };
            pool.remove(c);
            taken.insert(c);
            out.push(c);
        }
    }
    out
}

/// A volley of `count` cells: the unknown cells with the highest positive `score`
/// first, ties broken at random so the shooter is not predictable, then [`fill`].
pub fn best_cells(
    view: &TargetBoard,
    score: impl Fn(Coord) -> f64,
    count: usize,
    rng: &mut dyn Rng,
) -> Vec<Coord> {
    let mut cells: Vec<(f64, u32, Coord)> = view
        .unknown()
        .iter()
        .map(|c| (score(c), rng.random::<u32>(), c))
        .filter(|(s, _, _)| *s > 0.0)
        .collect();
    cells.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let first = cells.into_iter().take(count).map(|x| x.2).collect();
    fill(view, first, count, rng)
}

/// Unknown cells worth shooting to finish the ships already hit: the neighbours of open
/// hits by side (by side or corner for path-shaped ships) and, for straight ships, only
/// those in line with a row of two or more hits when there is one.
pub fn finishing_cells(rules: &Rules, view: &TargetBoard) -> CellSet {
    let open = view.open_hits();
    if open.is_empty() {
        return CellSet::EMPTY;
    }
    let unknown = view.unknown();
    let dims = view.dims();
    if rules.shape() == ShipShape::Straight {
        let mut in_line = CellSet::EMPTY;
        for c in &open {
            for (dc, dr) in [(1, 0), (0, 1)] {
                let next = c.offset(dc, dr).filter(|n| open.contains(*n));
                if next.is_none() {
                    continue;
                }
                // Walk both ways along the line of hits to its first non-hit cells.
                for dir in [1, -1] {
                    let mut at = c;
                    while let Some(n) = at.offset(dc * dir, dr * dir) {
                        if !open.contains(n) {
                            if unknown.contains(n) {
                                in_line.insert(n);
                            }
                            break;
                        }
                        at = n;
                    }
                }
            }
        }
        if !in_line.is_empty() {
            return in_line;
        }
    }
    if rules.shape() == ShipShape::Path {
        return open.grow_all(dims).and(&unknown);
    }
    open.grow_sides(dims).and(&unknown)
}
