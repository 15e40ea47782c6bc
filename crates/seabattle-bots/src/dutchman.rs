//! Shooting at a lone path-shaped ship (the Flying Dutchman), and moving one's own.
//!
//! With one ship the posterior is simple. Misses and decks left behind are cells the
//! ship will never stand on (a move may not use a shot cell), so, with no open hit, the
//! ship is equally likely to be on each path of its decks afloat that avoids every cell
//! shot: its first place was drawn uniformly, and so is every move the computer makes
//! (a person's moves are taken to be as unpredictable). The shooter estimates how many
//! of those paths cover each cell from weighted random walks (see `weighted_walk`),
//! and shoots the most covered. After a hit the ship moves: the hit is left behind, one deck fewer, and the
//! search starts again over the whole board.
//!
//! An open hit (a ship that had nowhere to go, or rules where ships do not fly) calls
//! for finishing the ship: paths through every open hit are grown from one of them,
//! and the cells they cover most are shot.

use crate::shooting::Shooter;
use crate::targeting::{best_cells, fill};
use rand::{Rng, RngExt};
use seabattle_core::path::{self, KING};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Game, Player, Rules, ShipSetup};

/// The shooter for a lone path-shaped ship; `samples` paths are drawn per decision.
pub struct LoneShip {
    samples: usize,
}

impl LoneShip {
    /// A shooter drawing `samples` paths per decision: more is stronger and slower.
    pub fn new(samples: usize) -> LoneShip {
        LoneShip {
            samples: samples.max(1),
        }
    }

    /// How many of the drawn consistent paths cover each cell, indexed by
    /// `row * width + col`.
    pub fn coverage(&self, view: &TargetBoard, rng: &mut dyn Rng) -> Vec<u32> {
        let dims = view.dims();
        let mut count = vec![0u32; dims.area()];
        let decks = view.afloat().first().map_or(0, |&d| usize::from(d));
        if decks == 0 {
            return count;
        }
        let open = view.open_hits();
        let barred = view.shots().or(view.known_empty()).minus(&open);
        let mut add = |set: &CellSet| {
            for c in set {
                count[usize::from(c.row) * usize::from(dims.width()) + usize::from(c.col)] += 1;
            }
        };
        if open.is_empty() {
            let free: Vec<Coord> = CellSet::full(dims).minus(&barred).iter().collect();
            let mut weights = vec![0.0f64; dims.area()];
            for _ in 0..self.samples {
                if let Some((set, w)) = weighted_walk(&free, &barred, decks, dims, rng) {
                    for c in &set {
                        weights[usize::from(c.row) * usize::from(dims.width())
                            + usize::from(c.col)] += w;
                    }
                }
            }
            // Scaled to counts: only the order of the cells matters.
            let top = weights.iter().copied().fold(0.0, f64::max);
            if top > 0.0 {
                for (n, w) in count.iter_mut().zip(&weights) {
                    *n = (w / top * 1e6).round() as u32;
                }
            }
        } else {
            let mut found = 0;
            for _ in 0..self.samples * 20 {
                if found == self.samples {
                    break;
                }
                if let Some(set) = grow_through(&open, decks, &barred, dims, rng) {
                    add(&set);
                    found += 1;
                }
            }
        }
        count
    }
}

/// A self-avoiding walk of `decks` cells over cells not `barred`, each step uniform
/// among the free neighbours left, with its importance weight: the walk's proposal
/// probability is `1/F · Π 1/aᵢ` (`F` free cells, `aᵢ` choices at step `i`), and each
/// set of cells has `h` walks, so weighting it `Π aᵢ / h` makes the weighted draws
/// uniform over sets. Unlike [`path::sample`], it wastes no draw on a shot cell, which
/// matters once most of the board is shot. `None` if the walk got stuck.
fn weighted_walk(
    free: &[Coord],
    barred: &CellSet,
    decks: usize,
    dims: seabattle_core::Dims,
    rng: &mut dyn Rng,
) -> Option<(CellSet, f64)> {
    if free.is_empty() {
        return None;
    }
    let mut at = free[rng.random_range(0..free.len())];
    let mut set = CellSet::single(at);
    let mut weight = 1.0;
    while set.len() < decks {
        let next: Vec<Coord> = KING
            .iter()
            .filter_map(|&(dc, dr)| at.offset(dc, dr))
            .filter(|&n| dims.contains(n) && !barred.contains(n) && !set.contains(n))
            .collect();
        if next.is_empty() {
            return None;
        }
        weight *= next.len() as f64;
        at = next[rng.random_range(0..next.len())];
        set.insert(at);
    }
    let h = path::directed_paths(&set).max(1) as f64;
    Some((set, weight / h))
}

/// A random path of `decks` cells through every cell of `open`, grown at both ends
/// from one of them over cells not `barred`; `None` if this try got stuck.
fn grow_through(
    open: &CellSet,
    decks: usize,
    barred: &CellSet,
    dims: seabattle_core::Dims,
    rng: &mut dyn Rng,
) -> Option<CellSet> {
    let start = open.iter().nth(rng.random_range(0..open.len()))?;
    let mut ends = [start, start];
    let mut set = CellSet::single(start);
    while set.len() < decks {
        let e = rng.random_range(0..2);
        let (dc, dr) = KING[rng.random_range(0..KING.len())];
        let next = ends[e].offset(dc, dr).filter(|&n| dims.contains(n))?;
        if barred.contains(next) || !set.insert(next) {
            return None;
        }
        ends[e] = next;
    }
    (open.is_subset(&set) && path::is_path(&set)).then_some(set)
}

impl Shooter for LoneShip {
    fn choose(
        &mut self,
        _: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let width = usize::from(view.dims().width());
        let counts = self.coverage(view, rng);
        let open = view.open_hits();
        if counts.iter().all(|&n| n == 0) && !open.is_empty() {
            // No path through the hits was found: their neighbours, then anything.
            let near = open.grow_all(view.dims()).and(&view.unknown());
            return fill(view, near.iter().collect(), count, rng);
        }
        best_cells(
            view,
            |c| f64::from(counts[usize::from(c.row) * width + usize::from(c.col)]),
            count,
            rng,
        )
    }
}

/// Where `player`'s hit flying ship goes, if it owes a move: a path drawn uniformly
/// among all legal places, so that nothing about the old place or the board's shape
/// tells the shooter more than the rules do. Uses only `player`'s own board.
pub fn choose_relocation(game: &Game, player: Player, rng: &mut dyn Rng) -> Option<ShipSetup> {
    let decks = game.relocation_decks(player)?;
    let shot = game.view(player).own.incoming;
    seabattle_core::flying::random_move(game.rules(), decks, &shot, rng)
        .map(|set| ShipSetup(set.iter().collect()))
}
