//! Exact optimum versus exact greedy on small boards: how many shots the *best possible*
//! shooter needs to sink a uniformly random fleet, and how many the greedy rule of the
//! `expert` shooter (shoot the cell most likely to hold a ship) needs, both computed
//! exactly by dynamic programming over belief states, with no sampling.
//!
//! ```text
//! cargo run --release -p seabattle-bots --example optimal -- regret      # the study's table
//! cargo run --release -p seabattle-bots --example optimal -- 4x4 3,2 allowed regret
//! cargo test --release -p seabattle-bots --example optimal             # its unit tests
//! ```
//!
//! Arguments: board `WxH` (at most 64 cells), fleet sizes, and `none` (Russian rules:
//! no touching even at corners, a sunk ship's halo shown empty) or `allowed` (ships may
//! touch; a sunk ship is announced with its cells). Add `regret` to also split the
//! greedy rule's loss between hunting (no hit ship afloat) and finishing ships, and
//! set `OPTIMAL_SHOW=1` to print the states where greedy loses most; `OPTIMAL_CHECK=1`
//! checks the branch and bound against a plain minimum over every action.
//!
//! How it works. Every legal fleet is enumerated (ships of one size are interchangeable,
//! so each board once; for 5×5 and up the count is checked against the rules crate's
//! `placement::all_placements`). A belief state is the set of fleets consistent with the
//! answers so far; a shot at an unshot cell splits it by the answer (miss, hit, or sunk
//! with the ship's cells). Every ship cell must be shot, so shots = ship cells + misses,
//! and the solver minimises expected *misses*. Cells that hold a ship in every fleet
//! left are shot at once, for free (they must be shot anyway, and shooting them first
//! never loses: any policy can ignore what they tell), so a state is just its set of
//! fleets. Values are memoised under a 128-bit hash of the set, taken modulo the board's
//! symmetries; the optimum is a depth-first branch and bound (children get the budget
//! their parent can still afford, and a state that runs out stores a lower bound).
//! Greedy takes the unshot cell held by the most fleets and averages over exact ties,
//! which is what `targeting::best_cells` does with its random tie-break.

use seabattle_core::placement::all_placements;
use seabattle_core::{Coord, Rules};
use std::collections::HashMap;
use std::time::Instant;

mod solver;
use solver::Solver;

/// Whether ships may touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Touch {
    /// Russian rules: no contact even at a corner; a sunk ship's halo is shown empty
    /// (which every fleet left already implies, so it needs no split of its own).
    None,
    /// Ships may touch; a sunk ship is announced with its cells.
    Allowed,
}

/// One small game: board, fleet, every legal fleet, and the board's symmetries.
struct Problem {
    width: usize,
    height: usize,
    sizes: Vec<usize>,
    touch: Touch,
    /// Every legal fleet, each as its ships' cell masks (bit `row * width + col`).
    fleets: Vec<Vec<u64>>,
    /// Occupied cells of each fleet.
    occupied: Vec<u64>,
    /// For each symmetry of the board, the index of each fleet's image.
    symmetry: Vec<Vec<u32>>,
    /// A random 128-bit key per fleet: a set hashes to the sum of its keys.
    keys: Vec<u128>,
}

/// A symmetry of the board, as a map of (column, row).
type CellMap = dyn Fn(usize, usize) -> (usize, usize);

/// SplitMix64, for the fleet keys (no randomness is needed beyond a fixed scramble).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Problem {
    fn new(width: usize, height: usize, sizes: &[usize], touch: Touch) -> Problem {
        assert!(width * height <= 64, "at most 64 cells");
        let mut sizes = sizes.to_vec();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        let bit = |col: usize, row: usize| 1u64 << (row * width + col);
        // Cells a ship keeps others out of: itself, and its eight neighbours unless
        // ships may touch.
        let blocked = |mask: u64| -> u64 {
            if touch == Touch::Allowed {
                return mask;
            }
            let mut out = 0;
            for row in 0..height {
                for col in 0..width {
                    if mask & bit(col, row) == 0 {
                        continue;
                    }
                    for r in row.saturating_sub(1)..=(row + 1).min(height - 1) {
                        for c in col.saturating_sub(1)..=(col + 1).min(width - 1) {
                            out |= bit(c, r);
                        }
                    }
                }
            }
            out
        };
        let positions = |size: usize| -> Vec<(u64, u64)> {
            let mut out = Vec::new();
            let mut add = |dx: usize, dy: usize| {
                for row in 0..height {
                    for col in 0..width {
                        let (end_c, end_r) = (col + dx * (size - 1), row + dy * (size - 1));
                        if end_c < width && end_r < height {
                            let m = (0..size).fold(0, |m, i| m | bit(col + dx * i, row + dy * i));
                            out.push((m, blocked(m)));
                        }
                    }
                }
            };
            add(1, 0);
            if size > 1 {
                add(0, 1);
            }
            out
        };
        let lists: Vec<Vec<(u64, u64)>> = sizes.iter().map(|&s| positions(s)).collect();
        let mut fleets = Vec::new();
        let mut chosen = Vec::new();
        enumerate(&sizes, &lists, 0, 0, 0, 0, &mut chosen, &mut fleets);
        let occupied = fleets
            .iter()
            .map(|f| f.iter().fold(0, |a, s| a | s))
            .collect();

        // Symmetries as maps of (col, row); a rectangle has four, a square eight.
        let mut maps: Vec<Box<CellMap>> = vec![
            Box::new(|c, r| (c, r)),
            Box::new(move |c, r| (width - 1 - c, r)),
            Box::new(move |c, r| (c, height - 1 - r)),
            Box::new(move |c, r| (width - 1 - c, height - 1 - r)),
        ];
        if width == height {
            let n = width - 1;
            maps.push(Box::new(|c, r| (r, c)));
            maps.push(Box::new(move |c, r| (n - r, n - c)));
            maps.push(Box::new(move |c, r| (n - r, c)));
            maps.push(Box::new(move |c, r| (r, n - c)));
        }
        let index: HashMap<Vec<u64>, u32> = fleets
            .iter()
            .enumerate()
            .map(|(i, f)| (sorted(f.clone()), i as u32))
            .collect();
        let symmetry = maps
            .iter()
            .map(|map| {
                fleets
                    .iter()
                    .map(|f| {
                        let image = f
                            .iter()
                            .map(|&s| {
                                (0..width * height)
                                    .filter(|i| s >> i & 1 == 1)
                                    .fold(0, |m, i| {
                                        let (c, r) = map(i % width, i / width);
                                        m | bit(c, r)
                                    })
                            })
                            .collect();
                        index[&sorted(image)]
                    })
                    .collect()
            })
            .collect();
        let keys = (0..fleets.len() as u64)
            .map(|i| u128::from(mix(2 * i)) << 64 | u128::from(mix(2 * i + 1)))
            .collect();
        Problem {
            width,
            height,
            sizes,
            touch,
            fleets,
            occupied,
            symmetry,
            keys,
        }
    }

    /// Ship cells per fleet: every game ends after exactly this many hits.
    fn ship_cells(&self) -> usize {
        self.sizes.iter().sum()
    }

    /// The memo key of a set of fleets: the least of its symmetric images' hashes.
    fn key(&self, set: &[u32]) -> u128 {
        self.symmetry
            .iter()
            .map(|perm| {
                set.iter().fold(0u128, |h, &f| {
                    h.wrapping_add(self.keys[perm[f as usize] as usize])
                })
            })
            .min()
            .unwrap_or(0)
    }

    fn common(&self, set: &[u32]) -> u64 {
        set.iter().fold(!0, |a, &f| a & self.occupied[f as usize])
    }

    /// Shoots, for free, every cell that holds a ship in every fleet of `set` and is not
    /// among `hits` yet, splitting by which ships that sinks, until none is left.
    fn settle(&self, set: Vec<u32>, hits: u64, out: &mut Vec<Vec<u32>>) {
        let common = self.common(&set);
        if common == hits || set.len() <= 1 {
            out.push(set);
            return;
        }
        let mut parts: HashMap<Vec<u64>, Vec<u32>> = HashMap::new();
        for f in set {
            let sunk: Vec<u64> = self.fleets[f as usize]
                .iter()
                .copied()
                .filter(|&s| s & !common == 0)
                .collect();
            parts.entry(sorted(sunk)).or_default().push(f);
        }
        for (_, part) in parts {
            self.settle(part, common, out);
        }
    }

    /// The states after a shot at `cell` from the settled `set`, with their
    /// probabilities, most likely first.
    fn split(&self, set: &[u32], cell: usize) -> Vec<(f64, Vec<u32>)> {
        let hits = self.common(set);
        let b = 1u64 << cell;
        let mut miss = Vec::new();
        let mut hit = Vec::new();
        let mut sunk: Vec<(u64, Vec<u32>)> = Vec::new();
        for &f in set {
            if self.occupied[f as usize] & b == 0 {
                miss.push(f);
                continue;
            }
            let ship = self.fleets[f as usize]
                .iter()
                .copied()
                .find(|&s| s & b != 0)
                .unwrap_or(b);
            if ship & !(hits | b) == 0 {
                match sunk.iter_mut().find(|(m, _)| *m == ship) {
                    Some((_, v)) => v.push(f),
                    None => sunk.push((ship, vec![f])),
                }
            } else {
                hit.push(f);
            }
        }
        let mut settled = Vec::new();
        if !miss.is_empty() {
            self.settle(miss, hits, &mut settled);
        }
        if !hit.is_empty() {
            self.settle(hit, hits | b, &mut settled);
        }
        for (_, v) in sunk {
            self.settle(v, hits | b, &mut settled);
        }
        let n = set.len() as f64;
        let mut out: Vec<(f64, Vec<u32>)> = settled
            .into_iter()
            .map(|s| (s.len() as f64 / n, s))
            .collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        out
    }

    /// Cells worth a shot from a settled state, with the number of fleets holding a
    /// ship there, most held first: those some but not all fleets occupy.
    fn actions(&self, set: &[u32]) -> Vec<(usize, usize)> {
        let mut count = vec![0usize; self.width * self.height];
        for &f in set {
            let mut m = self.occupied[f as usize];
            while m != 0 {
                count[m.trailing_zeros() as usize] += 1;
                m &= m - 1;
            }
        }
        let mut out: Vec<(usize, usize)> = count
            .into_iter()
            .enumerate()
            .filter(|&(_, k)| k > 0 && k < set.len())
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// A lower bound on the misses still to come from a settled state: its next shot
    /// misses at least as often as the likeliest cell does.
    fn lower(&self, set: &[u32]) -> f64 {
        if set.len() <= 1 {
            return 0.0;
        }
        let top = self.actions(set).first().map_or(0, |a| a.1);
        1.0 - top as f64 / set.len() as f64
    }

    /// Whether a settled state has a ship hit and not sunk: finishing, not hunting.
    fn finishing(&self, set: &[u32]) -> bool {
        let hits = self.common(set);
        let sunk = self.fleets[set[0] as usize]
            .iter()
            .filter(|&&s| s & !hits == 0)
            .fold(0, |a, s| a | s);
        hits & !sunk != 0
    }

    /// The starting states: all fleets, after shooting cells every fleet occupies.
    fn roots(&self) -> Vec<(f64, Vec<u32>)> {
        let mut out = Vec::new();
        self.settle((0..self.fleets.len() as u32).collect(), 0, &mut out);
        let n = self.fleets.len() as f64;
        out.into_iter().map(|s| (s.len() as f64 / n, s)).collect()
    }
}

/// A cell's name: column letter and row number, `a1` top left.
fn name(cell: usize, width: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (cell % width) as u8) as char,
        cell / width + 1
    )
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v
}

/// Depth-first enumeration of legal fleets: ship `i` goes on a position of its list
/// clear of `blocked`; ships of one size take increasing positions so each board is
/// listed once.
#[allow(clippy::too_many_arguments)]
fn enumerate(
    sizes: &[usize],
    lists: &[Vec<(u64, u64)>],
    i: usize,
    from: usize,
    occupied: u64,
    blocked: u64,
    chosen: &mut Vec<u64>,
    out: &mut Vec<Vec<u64>>,
) {
    if i == sizes.len() {
        out.push(chosen.clone());
        return;
    }
    for (k, &(cells, block)) in lists[i].iter().enumerate().skip(from) {
        if cells & (blocked | occupied) != 0 {
            continue;
        }
        chosen.push(cells);
        let next = if i + 1 < sizes.len() && sizes[i + 1] == sizes[i] {
            k + 1
        } else {
            0
        };
        enumerate(
            sizes,
            lists,
            i + 1,
            next,
            occupied | cells,
            blocked | block,
            chosen,
            out,
        );
        chosen.pop();
    }
}

/// Results for one problem, in shots.
struct Outcome {
    fleets: usize,
    optimal: f64,
    greedy: f64,
    expanded: u64,
    seconds: f64,
    regret: Option<(f64, f64, f64)>,
}

fn solve(p: &Problem, with_regret: bool) -> Outcome {
    let start = Instant::now();
    let mut s = Solver::new(p);
    let roots = p.roots();
    let cells = p.ship_cells() as f64;
    let greedy: f64 = roots.iter().map(|(w, r)| w * s.greedy(r)).sum::<f64>() + cells;
    let optimal: f64 = roots
        .iter()
        .map(|(w, r)| w * s.optimal(r, f64::INFINITY).0)
        .sum::<f64>()
        + cells;
    let regret = with_regret.then(|| s.regret(&roots));
    if std::env::var_os("OPTIMAL_CHECK").is_some() {
        let mut memo = HashMap::new();
        let plain: f64 = roots
            .iter()
            .map(|(w, r)| w * s.exhaustive(r, &mut memo))
            .sum::<f64>()
            + cells;
        eprintln!("exhaustive {plain:.6} vs branch and bound {optimal:.6}");
    }
    Outcome {
        fleets: p.fleets.len(),
        optimal,
        greedy,
        expanded: s.expanded,
        seconds: start.elapsed().as_secs_f64(),
        regret,
    }
}

/// The rules crate's count of boards, for boards it accepts (5×5 and up).
fn rules_count(p: &Problem) -> Option<usize> {
    let touch = match p.touch {
        Touch::None => "none",
        Touch::Allowed => "allowed",
    };
    let fleet: Vec<String> = p.sizes.iter().map(|s| s.to_string()).collect();
    let text = format!(
        "{}x{} fleet={} touch={touch}",
        p.width,
        p.height,
        fleet.join(",")
    );
    let rules: Rules = text.parse().ok()?;
    let all = all_placements(&rules, 1 << 32)?;
    // Check the masks too: the same boards, not just as many.
    let w = p.width;
    let mut theirs: Vec<Vec<u64>> = all
        .iter()
        .map(|f| {
            sorted(
                f.iter()
                    .map(|s| {
                        s.iter().fold(0u64, |m, c: Coord| {
                            m | 1 << (usize::from(c.row) * w + usize::from(c.col))
                        })
                    })
                    .collect(),
            )
        })
        .collect();
    let mut ours: Vec<Vec<u64>> = p.fleets.iter().map(|f| sorted(f.clone())).collect();
    theirs.sort_unstable();
    ours.sort_unstable();
    assert_eq!(theirs, ours, "{text}: boards differ from the rules crate's");
    Some(all.len())
}

fn parse(args: &[String]) -> Option<(usize, usize, Vec<usize>, Touch)> {
    let (w, h) = args.first()?.split_once('x')?;
    let sizes = args
        .get(1)?
        .split(',')
        .map(|s| s.parse().ok())
        .collect::<Option<Vec<usize>>>()?;
    let touch = match args.get(2)?.as_str() {
        "none" => Touch::None,
        "allowed" => Touch::Allowed,
        _ => return None,
    };
    Some((w.parse().ok()?, h.parse().ok()?, sizes, touch))
}

/// The study's table, smallest first: about twenty minutes on one core (without
/// `regret`), almost all of it the last three rows. (5×5 with 3,2 touching did not finish in 20 minutes and 1.4 GB.)
const TABLE: &[(usize, usize, &[usize], Touch)] = &[
    (4, 4, &[2, 2], Touch::None),
    (4, 4, &[2, 1, 1], Touch::None),
    (4, 4, &[2, 1], Touch::Allowed),
    (4, 4, &[2, 2], Touch::Allowed),
    (4, 4, &[3, 2], Touch::Allowed),
    (4, 4, &[2, 2, 1], Touch::Allowed),
    (5, 4, &[3, 2], Touch::Allowed),
    (5, 5, &[2, 2], Touch::None),
    (5, 5, &[3, 2], Touch::None),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let with_regret = args.iter().any(|a| a == "regret");
    let args: Vec<String> = args.into_iter().filter(|a| a != "regret").collect();
    let jobs: Vec<(usize, usize, Vec<usize>, Touch)> = if args.is_empty() {
        TABLE
            .iter()
            .map(|&(w, h, f, t)| (w, h, f.to_vec(), t))
            .collect()
    } else if let Some(job) = parse(&args) {
        vec![job]
    } else {
        eprintln!("usage: optimal [WxH SIZES none|allowed] [regret]");
        std::process::exit(2);
    };
    println!(
        "| board | fleet | touching | fleets | optimal | greedy | gap | gap % | loss hunting / finishing | suboptimal shots per game | states | time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (w, h, sizes, touch) in jobs {
        let p = Problem::new(w, h, &sizes, touch);
        if let Some(n) = rules_count(&p) {
            assert_eq!(n, p.fleets.len());
        }
        let o = solve(&p, with_regret);
        let fleet: Vec<String> = p.sizes.iter().map(|s| s.to_string()).collect();
        let gap = o.greedy - o.optimal;
        let (split, strays) = match o.regret {
            Some((hunt, finish, dev)) => (format!("{hunt:.4} / {finish:.4}"), format!("{dev:.2}")),
            None => ("-".into(), "-".into()),
        };
        println!(
            "| {w}×{h} | {} | {} | {} | {:.4} | {:.4} | {gap:.4} | {:.2}% | {split} | {strays} | {} | {:.1} s |",
            fleet.join(","),
            match touch {
                Touch::None => "none (halo)",
                Touch::Allowed => "allowed",
            },
            o.fleets,
            o.optimal,
            o.greedy,
            100.0 * gap / o.greedy,
            o.expanded,
            o.seconds
        );
    }
}

#[cfg(test)]
mod tests;
