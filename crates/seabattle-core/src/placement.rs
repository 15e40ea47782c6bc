//! Where ships can go: every position of every ship size, the uniform fleet generator,
//! exact placement counts, and the fit check behind [`Rules::new`].
//!
//! # How the generator stays uniform
//! [`Placer::sample`] draws each ship's position uniformly from *all* positions of its
//! size on the empty board (ignoring the other ships) and starts over from the first
//! ship the moment a drawn position collides with, or touches, a ship already placed.
//! Restarting at the first collision gives the same distribution as drawing the whole
//! fleet and then rejecting it, so every accepted *labelled* fleet (ship 1 here, ship 2
//! there…) is equally likely. Every legal board corresponds to exactly the same number
//! of labelled fleets (the product of `k!` over ships of equal size), so every legal
//! board is equally likely too. No greedy step ever looks at free space, which is what
//! biases the usual "place where it fits" generators. The largest ships go first, so
//! most attempts fail after one or two draws.
//!
//! The one-deckers at the end of the fleet take a shortcut that keeps the distribution
//! exact: they are drawn from the cells the larger ships left free, and the attempt is
//! then kept with a probability that restores the weights of the plain draw (see
//! `DenseLists::attempt`). A classic fleet takes about 4,800 random draws, some 31 µs.
//! `tests/uniform.rs` checks uniformity with a chi-square test over every board of
//! small variants, and checks that a greedy generator fails that test.

use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::fleet::{Fleet, Ship};
use crate::rules::{Rules, ShipShape};
pub use crate::shape::translations;
use rand::{Rng, RngExt};
use std::collections::BTreeSet;
use std::fmt;

/// One place a ship can stand: its cells, and the cells it keeps other ships out of.
#[derive(Clone, Debug)]
pub struct Position {
    /// The ship's cells.
    pub cells: CellSet,
    /// Cells no other ship may then occupy (the ship and, per the rules, its halo).
    pub blocked: CellSet,
}

/// Every shape of `size` cells the rules allow, as offsets from the shape's top-left
/// bounding corner, each listed once.
pub fn shapes(size: usize, shape: ShipShape) -> Vec<Vec<(u8, u8)>> {
    if size == 0 {
        return Vec::new();
    }
    match shape {
        ShipShape::Straight if size == 1 => vec![vec![(0, 0)]],
        ShipShape::Straight => {
            let s = size as u8;
            vec![
                (0..s).map(|i| (i, 0)).collect(),
                (0..s).map(|i| (0, i)).collect(),
            ]
        }
        ShipShape::Any => polyominoes(size),
        ShipShape::Path => crate::path::shapes(size),
    }
}

/// The fixed polyominoes of `size` cells (rotations and reflections counted apart,
/// as they are different placements on a board).
fn polyominoes(size: usize) -> Vec<Vec<(u8, u8)>> {
    let mut level: BTreeSet<Vec<(i32, i32)>> = BTreeSet::from([vec![(0, 0)]]);
    for _ in 1..size {
        let mut next = BTreeSet::new();
        for poly in &level {
            for &(x, y) in poly {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let c = (x + dx, y + dy);
                    if poly.contains(&c) {
                        continue;
                    }
                    let mut grown = poly.clone();
                    grown.push(c);
                    next.insert(normalize(grown));
                }
            }
        }
        level = next;
    }
    level
        .into_iter()
        .map(|p| p.into_iter().map(|(x, y)| (x as u8, y as u8)).collect())
        .collect()
}

fn normalize(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let mx = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let my = cells.iter().map(|c| c.1).min().unwrap_or(0);
    cells.iter_mut().for_each(|c| *c = (c.0 - mx, c.1 - my));
    cells.sort_unstable();
    cells
}

/// Every position of a ship of `size` on the empty board, in a fixed order.
pub fn positions(rules: &Rules, size: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for shape in shapes(size, rules.shape()) {
        out.extend(translations(&shape, rules.dims()).map(|cells| Position {
            blocked: rules.blocked_by(&cells),
            cells,
        }));
    }
    out
}

/// How many positions [`positions`] would list for ships of `size`, without listing
/// them (no halo sets are built).
pub fn count_positions(rules: &Rules, size: usize) -> usize {
    let dims = rules.dims();
    shapes(size, rules.shape())
        .iter()
        .map(|shape| {
            let w = shape.iter().map(|c| c.0).max().unwrap_or(0);
            let h = shape.iter().map(|c| c.1).max().unwrap_or(0);
            let cols = usize::from(dims.width().saturating_sub(w));
            let rows = usize::from(dims.height().saturating_sub(h));
            cols * rows
        })
        .sum()
}

/// Positions for each ship of the fleet, shared between ships of one size.
struct Table {
    /// For each ship (largest first), the index of its size's list in `lists`.
    ship_list: Vec<usize>,
    lists: Vec<Vec<Position>>,
}

/// Every position of each distinct ship size of the fleet, largest size first.
pub fn positions_by_size(rules: &Rules) -> Vec<(u8, Vec<Position>)> {
    rules
        .sizes()
        .into_iter()
        .map(|s| (s, positions(rules, usize::from(s))))
        .collect()
}

/// For each ship of the fleet (largest first), the index of its size in
/// [`positions_by_size`]: ships of one size share one list of positions.
pub fn ship_lists(rules: &Rules) -> Vec<usize> {
    let sizes = rules.sizes();
    rules
        .fleet()
        .iter()
        .map(|s| sizes.iter().position(|t| t == s).unwrap_or(0))
        .collect()
}

impl Table {
    fn new(rules: &Rules) -> Table {
        let lists = positions_by_size(rules)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        Table {
            ship_list: ship_lists(rules),
            lists,
        }
    }
}

/// Draws fleets uniformly from all legal fleets of its rules. Build it once per rules
/// and draw as many fleets as needed.
pub struct Placer {
    rules: Rules,
    how: How,
}

/// How a placer draws.
enum How {
    /// From every position of every ship, enumerated (see the module docs).
    Positions { table: Table, dense: Dense },
    /// A lone path-shaped ship, too many-shaped to enumerate, by [`crate::path::sample`].
    Walk { size: usize },
}

/// Whether `rules` have one path-shaped ship, which is drawn by random walks and never
/// enumerated: its shapes number in the hundred thousands at eight decks.
pub fn lone_path(rules: &Rules) -> Option<usize> {
    match rules.fleet() {
        [size] if rules.shape() == ShipShape::Path => Some(usize::from(*size)),
        _ => None,
    }
}

/// The positions again, as dense bit masks of just the board's cells: the rejection
/// loop runs millions of times per second and a classic board fits in two words.
enum Dense {
    W2(DenseLists<2>),
    W4(DenseLists<4>),
    W11(DenseLists<11>),
}

/// Per ship size: (cells, blocked) masks, same order as the table's lists; plus what
/// the one-decker shortcut needs (see [`DenseLists::attempt`]).
struct DenseLists<const N: usize> {
    lists: Vec<Vec<([u64; N], [u64; N])>>,
    /// Every cell of the board.
    board: [u64; N],
    /// Ships before the trailing one-deckers.
    multi: usize,
    /// The most cells the multi-deckers can leave free: a bound, not the exact maximum.
    free_max: f64,
}

impl<const N: usize> DenseLists<N> {
    fn new(table: &Table, rules: &Rules) -> Self {
        let w = usize::from(rules.dims().width());
        let mask = |set: &CellSet| {
            let mut m = [0u64; N];
            for c in set {
                let i = usize::from(c.row) * w + usize::from(c.col);
                m[i / 64] |= 1 << (i % 64);
            }
            m
        };
        let lists: Vec<Vec<_>> = table
            .lists
            .iter()
            .map(|l| {
                l.iter()
                    .map(|p| (mask(&p.cells), mask(&p.blocked)))
                    .collect()
            })
            .collect();
        let multi = rules.fleet().iter().take_while(|&&s| s > 1).count();
        // Multi-decker cells are disjoint and their halos avoid other ships' cells. A
        // halo cell borders at most four ships that do not touch each other, so the
        // halos cover at least a quarter of their sizes' sum, and at least the largest.
        let halo_min: Vec<usize> = table.ship_list[..multi]
            .iter()
            .map(|&l| {
                table.lists[l]
                    .iter()
                    .map(|p| p.blocked.len() - p.cells.len())
                    .min()
                    .unwrap_or(0)
            })
            .collect();
        let cells: usize = rules.fleet()[..multi].iter().map(|&s| usize::from(s)).sum();
        let halos = halo_min
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(halo_min.iter().sum::<usize>().div_ceil(4));
        let free_max = rules.dims().area().saturating_sub(cells + halos).max(1) as f64;
        DenseLists {
            board: mask(&CellSet::full(rules.dims())),
            lists,
            multi,
            free_max,
        }
    }

    /// One rejection attempt: `true` with `chosen` filled if every ship found room.
    ///
    /// The multi-deckers are drawn from all their positions, as the module docs say.
    /// The trailing one-deckers are drawn from the `f` cells the multi-deckers left
    /// free instead of from the whole board, and the attempt is kept only with
    /// probability `(f / free_max)^k`: given the multi-deckers, that accepts with
    /// probability (legal one-decker tuples) / `free_max^k`, proportional to what the
    /// plain draw gives, so the result is exactly as uniform and several times faster.
    #[inline]
    fn attempt<R: Rng + ?Sized>(
        &self,
        ship_list: &[usize],
        chosen: &mut [usize],
        rng: &mut R,
    ) -> bool {
        let mut blocked = [0u64; N];
        for (i, &list) in ship_list[..self.multi].iter().enumerate() {
            let list = &self.lists[list];
            let k = rng.random_range(0..list.len() as u32) as usize;
            let (cells, halo) = &list[k];
            if (0..N).any(|w| cells[w] & blocked[w] != 0) {
                return false;
            }
            (0..N).for_each(|w| blocked[w] |= halo[w]);
            chosen[i] = k;
        }
        let singles = ship_list.len() - self.multi;
        if singles == 0 {
            return true;
        }
        let free: [u64; N] = std::array::from_fn(|w| self.board[w] & !blocked[w]);
        let f = free.iter().map(|w| w.count_ones()).sum::<u32>();
        if f == 0 || rng.random::<f64>() >= (f64::from(f) / self.free_max).powi(singles as i32) {
            return false;
        }
        let list = &self.lists[ship_list[self.multi]];
        for slot in &mut chosen[self.multi..] {
            let k = select(&free, rng.random_range(0..f));
            let (cells, halo) = &list[k];
            if (0..N).any(|w| cells[w] & blocked[w] != 0) {
                return false;
            }
            (0..N).for_each(|w| blocked[w] |= halo[w]);
            *slot = k;
        }
        true
    }
}

/// The index of the `n`-th set bit (from 0) of `bits`; `n` must be below its popcount.
fn select<const N: usize>(bits: &[u64; N], mut n: u32) -> usize {
    for (w, &word) in bits.iter().enumerate() {
        let ones = word.count_ones();
        if n < ones {
            let mut x = word;
            for _ in 0..n {
                x &= x - 1;
            }
            return w * 64 + x.trailing_zeros() as usize;
        }
        n -= ones;
    }
    0
}

/// The generator gave up: the rules leave so little room that random attempts almost
/// never succeed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooConstrained {
    /// Attempts made before giving up.
    pub attempts: u64,
}

impl fmt::Display for TooConstrained {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no legal fleet found in {} random attempts: the rules leave too little room for uniform drawing",
            self.attempts
        )
    }
}

impl std::error::Error for TooConstrained {}

/// Attempts before [`Placer::sample`] gives up. The presets need a few thousand.
pub const MAX_ATTEMPTS: u64 = 50_000_000;

/// How often [`Placer::sample_until`] asks whether to go on: every this many attempts
/// (a few hundred microseconds of drawing at most).
pub const CHECK_EVERY: u64 = 4096;

impl Placer {
    /// Precomputes every position of every ship size.
    pub fn new(rules: &Rules) -> Placer {
        if let Some(size) = lone_path(rules) {
            return Placer {
                rules: rules.clone(),
                how: How::Walk { size },
            };
        }
        let table = Table::new(rules);
        let dense = match rules.dims().area() {
            0..=128 => Dense::W2(DenseLists::new(&table, rules)),
            129..=256 => Dense::W4(DenseLists::new(&table, rules)),
            _ => Dense::W11(DenseLists::new(&table, rules)),
        };
        Placer {
            rules: rules.clone(),
            how: How::Positions { table, dense },
        }
    }

    /// The rules fleets are drawn for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A fleet drawn uniformly from all legal fleets (see the module docs).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Fleet, TooConstrained> {
        self.sample_until(rng, &mut |_| true)
    }

    /// Like [`Placer::sample`], but asks `go_on` every [`CHECK_EVERY`] attempts, with the
    /// attempts made so far, whether to keep trying: a caller with a deadline or a
    /// smaller budget stops the draw there. The crate reads no clock of its own.
    pub fn sample_until<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        go_on: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Fleet, TooConstrained> {
        let (table, dense) = match &self.how {
            How::Positions { table, dense } => (table, dense),
            How::Walk { size } => return self.walk(*size, rng, go_on),
        };
        let ships = &table.ship_list;
        let mut chosen: Vec<usize> = vec![0; ships.len()];
        for attempt in 0..MAX_ATTEMPTS {
            if attempt % CHECK_EVERY == 0 && attempt > 0 && !go_on(attempt) {
                return Err(TooConstrained { attempts: attempt });
            }
            let ok = match dense {
                Dense::W2(d) => d.attempt(ships, &mut chosen, rng),
                Dense::W4(d) => d.attempt(ships, &mut chosen, rng),
                Dense::W11(d) => d.attempt(ships, &mut chosen, rng),
            };
            if ok {
                // Every position of the table is a ship the rules allow, and fits.
                let Some(cells) = ships
                    .iter()
                    .zip(&chosen)
                    .map(|(&l, &k)| Ship::of(&table.lists[l][k].cells))
                    .collect::<Option<Vec<Ship>>>()
                else {
                    continue;
                };
                let fleet = Fleet::from_trusted(&self.rules, cells);
                if self.rules.pieces().count() == 0 {
                    return Ok(fleet);
                }
                // Pieces are drawn given the ships; a board with no room for them is
                // rejected like any failed attempt.
                if let Some(pieces) = crate::pieces::draw(&self.rules, fleet.occupied(), rng) {
                    return Ok(fleet.with_pieces(pieces));
                }
            }
        }
        Err(TooConstrained {
            attempts: MAX_ATTEMPTS,
        })
    }
}

impl Placer {
    /// A lone path-shaped ship drawn uniformly, then the pieces given it.
    fn walk<R: Rng + ?Sized>(
        &self,
        size: usize,
        rng: &mut R,
        go_on: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Fleet, TooConstrained> {
        let attempts = crate::path::SAMPLE_ATTEMPTS;
        for round in 0..MAX_ATTEMPTS / u64::from(attempts) {
            let made = round * u64::from(attempts);
            if round > 0 && !go_on(made) {
                return Err(TooConstrained { attempts: made });
            }
            let Some(ship) =
                crate::path::sample(self.rules.dims(), size, &CellSet::EMPTY, rng, attempts)
            else {
                continue;
            };
            // A path of at most `MAX_BENT_SIZE` decks always fits.
            let Some(ship) = Ship::of(&ship) else {
                continue;
            };
            let fleet = Fleet::from_trusted(&self.rules, vec![ship]);
            if self.rules.pieces().count() == 0 {
                return Ok(fleet);
            }
            if let Some(pieces) = crate::pieces::draw(&self.rules, fleet.occupied(), rng) {
                return Ok(fleet.with_pieces(pieces));
            }
        }
        Err(TooConstrained {
            attempts: MAX_ATTEMPTS,
        })
    }
}

/// Depth-first walk over legal fleets, ships of one size taken in increasing position
/// order so each board is visited once. `visit` gets the chosen position of each ship
/// (indices into that ship's list) and returns `false` to stop the walk.
struct Walk<'a> {
    table: &'a Table,
    budget: u64,
    exhausted: bool,
    chosen: Vec<usize>,
}

impl<'a> Walk<'a> {
    fn new(table: &'a Table, budget: u64) -> Walk<'a> {
        Walk {
            table,
            budget,
            exhausted: false,
            chosen: Vec::new(),
        }
    }

    fn go(&mut self, blocked: &CellSet, visit: &mut dyn FnMut(&Table, &[usize]) -> bool) -> bool {
        let t = self.table;
        let ship = self.chosen.len();
        if ship == t.ship_list.len() {
            return visit(t, &self.chosen);
        }
        let list = &t.lists[t.ship_list[ship]];
        let same_as_previous = ship > 0 && t.ship_list[ship - 1] == t.ship_list[ship];
        let start = if same_as_previous {
            self.chosen[ship - 1] + 1
        } else {
            0
        };
        for (k, p) in list.iter().enumerate().skip(start) {
            if self.budget == 0 {
                self.exhausted = true;
                return false;
            }
            self.budget -= 1;
            if p.cells.intersects(blocked) {
                continue;
            }
            self.chosen.push(k);
            let go_on = self.go(&blocked.or(&p.blocked), visit);
            self.chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// Node budget of the fit search behind [`Rules::new`].
pub const FIT_BUDGET: u64 = 5_000_000;

/// Whether the fleet can be placed at all: `None` if the search ran out of budget.
pub fn fits(rules: &Rules) -> Option<bool> {
    if let Some(size) = lone_path(rules) {
        // Any board holds a snake of eight cells; the pieces need room beside it.
        let dims = rules.dims();
        let snake: CellSet = (0..dims.area())
            .map(|i| {
                let (row, col) = (
                    (i / usize::from(dims.width())) as u8,
                    (i % usize::from(dims.width())) as u8,
                );
                let col = if row % 2 == 0 {
                    col
                } else {
                    dims.width() - 1 - col
                };
                Coord::new(col, row)
            })
            .take(size)
            .collect();
        return crate::pieces::fit_first(rules, &snake).then_some(true);
    }
    let table = Table::new(rules);
    let mut walk = Walk::new(&table, FIT_BUDGET);
    let mut found = false;
    walk.go(&CellSet::EMPTY, &mut |t, chosen| {
        let ships = t
            .ship_list
            .iter()
            .zip(chosen)
            .fold(CellSet::EMPTY, |acc, (&l, &k)| acc.or(&t.lists[l][k].cells));
        // Pieces must find room beside the ships too; keep looking if they do not.
        found = crate::pieces::fit_first(rules, &ships);
        !found
    });
    if found {
        Some(true)
    } else if walk.exhausted {
        None
    } else {
        Some(false)
    }
}

/// The exact number of legal boards (ships of equal size are interchangeable), or
/// `None` if more than `budget` positions would have to be tried.
pub fn count_placements(rules: &Rules, budget: u64) -> Option<u64> {
    let table = Table::new(rules);
    let mut walk = Walk::new(&table, budget);
    let mut count = 0u64;
    walk.go(&CellSet::EMPTY, &mut |_, _| {
        count += 1;
        true
    });
    (!walk.exhausted).then_some(count)
}

/// Every legal board, each as its ships' cells (largest first), or `None` past `budget`.
pub fn all_placements(rules: &Rules, budget: u64) -> Option<Vec<Vec<CellSet>>> {
    let table = Table::new(rules);
    let mut walk = Walk::new(&table, budget);
    let mut out = Vec::new();
    walk.go(&CellSet::EMPTY, &mut |t, chosen| {
        out.push(
            t.ship_list
                .iter()
                .zip(chosen)
                .map(|(&l, &k)| t.lists[l][k].cells)
                .collect(),
        );
        true
    });
    (!walk.exhausted).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_polyomino_counts() {
        // OEIS A001168: 1, 2, 6, 19, 63, 216, 760, 2725.
        let counts: Vec<usize> = (1..=8).map(|n| polyominoes(n).len()).collect();
        assert_eq!(counts, [1, 2, 6, 19, 63, 216, 760, 2725]);
    }

    #[test]
    fn straight_position_counts_on_classic() {
        let r = Rules::classic();
        assert_eq!(positions(&r, 1).len(), 100);
        assert_eq!(positions(&r, 4).len(), 140);
    }

    #[test]
    fn positions_are_counted_without_listing_them() {
        for text in [
            "classic",
            "classic-bent",
            "big15",
            "8x6 fleet=5,3 shape=any",
        ] {
            let r: Rules = text.parse().unwrap();
            for size in r.sizes() {
                let size = usize::from(size);
                assert_eq!(
                    count_positions(&r, size),
                    positions(&r, size).len(),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn rules_with_too_many_places_to_list_are_refused() {
        let many = "26x26 fleet=8,8 shape=any".parse::<Rules>().unwrap_err();
        assert!(
            matches!(many, crate::RulesError::TooManyPositions(n) if n > crate::rules::MAX_POSITIONS),
            "{many}"
        );
        assert!(many.to_string().contains("places"), "{many}");
        assert!("10x10 fleet=8 shape=any".parse::<Rules>().is_ok());
    }

    #[test]
    fn a_draw_stops_when_told_and_says_how_far_it_got() {
        use rand::SeedableRng;
        // Ten four-deckers on 12×12 fit, but a uniform draw needs millions of attempts.
        let r: Rules = "12x12 fleet=4,4,4,4,4,4,4,4,4,4".parse().unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let mut asked = 0;
        let e = Placer::new(&r)
            .sample_until(&mut rng, &mut |_| {
                asked += 1;
                asked < 3
            })
            .unwrap_err();
        assert_eq!(asked, 3);
        assert_eq!(e.attempts, 3 * CHECK_EVERY);
        // The same seed with no stop draws what `sample` draws.
        let classic = Placer::new(&Rules::classic());
        let a = classic.sample(&mut rand::rngs::StdRng::seed_from_u64(7));
        let b = classic.sample_until(&mut rand::rngs::StdRng::seed_from_u64(7), &mut |_| true);
        assert_eq!(a.unwrap().ships(), b.unwrap().ships());
    }
}
