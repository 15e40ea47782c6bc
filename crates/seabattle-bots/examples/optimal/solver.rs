//! The two dynamic programmes of the study, the optimum (branch and bound) and the
//! greedy rule, each memoised over belief states; and the regret split.

use crate::{Problem, name};
use std::collections::HashMap;

/// A memo entry: the exact value, or a lower bound found when the budget ran out.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    value: f64,
    exact: bool,
}

/// The two dynamic programmes over one problem, each with its memo.
pub(crate) struct Solver<'a> {
    p: &'a Problem,
    best: HashMap<u128, Entry>,
    greedy: HashMap<u128, f64>,
    /// States the optimum expanded (memo misses).
    pub(crate) expanded: u64,
}

impl<'a> Solver<'a> {
    pub(crate) fn new(p: &'a Problem) -> Solver<'a> {
        Solver {
            p,
            best: HashMap::new(),
            greedy: HashMap::new(),
            expanded: 0,
        }
    }

    /// Expected misses of the optimal shooter from a settled state, and `true`, if
    /// they are below `budget`; otherwise some lower bound at least `budget`, and
    /// `false`.
    pub(crate) fn optimal(&mut self, set: &[u32], budget: f64) -> (f64, bool) {
        if set.len() <= 1 {
            return (0.0, true);
        }
        let key = self.p.key(set);
        if let Some(e) = self.best.get(&key) {
            if e.exact || e.value >= budget {
                return (e.value, e.exact);
            }
        }
        self.expanded += 1;
        let n = set.len() as f64;
        // Greedy's value is reachable, so only actions that beat it need exploring.
        let greedy = self.greedy(set);
        let mut best = budget.min(greedy + 1e-9 * (1.0 + greedy));
        let mut found = false;
        let mut bound = f64::INFINITY;
        for (cell, held) in self.p.actions(set) {
            let miss = 1.0 - held as f64 / n;
            if miss >= best {
                // Actions come most held first: no later one can do better.
                bound = bound.min(miss);
                break;
            }
            let mut total = miss;
            let mut complete = true;
            let children: Vec<(f64, f64, Vec<u32>)> = self
                .p
                .split(set, cell)
                .into_iter()
                .map(|(prob, child)| (prob, self.p.lower(&child), child))
                .collect();
            // What the children not explored yet will cost at least.
            let mut rest: f64 = children.iter().map(|(p, lb, _)| p * lb).sum();
            for (prob, lb, child) in children {
                rest -= prob * lb;
                if total + prob * lb + rest >= best {
                    total += prob * lb + rest;
                    complete = false;
                    break;
                }
                let (v, exact) = self.optimal(&child, (best - total - rest) / prob);
                total += prob * v;
                // A bound is at least its budget: the action cannot beat `best` (the
                // flag, not the sum, says so, which rounding could blur).
                if !exact || total + rest >= best {
                    total += rest;
                    complete = false;
                    break;
                }
            }
            if complete {
                best = total;
                found = true;
            } else {
                bound = bound.min(total);
            }
        }
        let entry = if found {
            Entry {
                value: best,
                exact: true,
            }
        } else if greedy < budget {
            // Nothing beats greedy: it is optimal here.
            Entry {
                value: greedy,
                exact: true,
            }
        } else {
            Entry {
                value: bound.max(budget),
                exact: false,
            }
        };
        self.best.insert(key, entry);
        (entry.value, entry.exact)
    }

    /// The optimum by plain memoised minimum over every action, no bounds: slow, for
    /// checking [`Solver::optimal`].
    pub(crate) fn exhaustive(&mut self, set: &[u32], memo: &mut HashMap<u128, f64>) -> f64 {
        if set.len() <= 1 {
            return 0.0;
        }
        let key = self.p.key(set);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let n = set.len() as f64;
        let mut best = f64::INFINITY;
        for (cell, held) in self.p.actions(set) {
            let mut total = 1.0 - held as f64 / n;
            for (prob, child) in self.p.split(set, cell) {
                total += prob * self.exhaustive(&child, memo);
            }
            best = best.min(total);
        }
        memo.insert(key, best);
        best
    }

    /// The cells greedy may shoot from a settled state: the most held, ties all kept.
    pub(crate) fn greedy_cells(&self, set: &[u32]) -> Vec<(usize, usize)> {
        let actions = self.p.actions(set);
        let top = actions.first().map_or(0, |a| a.1);
        actions.into_iter().filter(|a| a.1 == top).collect()
    }

    /// Expected misses of the greedy shooter from a settled state, exact ties averaged.
    pub(crate) fn greedy(&mut self, set: &[u32]) -> f64 {
        if set.len() <= 1 {
            return 0.0;
        }
        let key = self.p.key(set);
        if let Some(&v) = self.greedy.get(&key) {
            return v;
        }
        let n = set.len() as f64;
        let cells = self.greedy_cells(set);
        let mut sum = 0.0;
        for &(cell, held) in &cells {
            sum += 1.0 - held as f64 / n;
            for (prob, child) in self.p.split(set, cell) {
                sum += prob * self.greedy(&child);
            }
        }
        let v = sum / cells.len() as f64;
        self.greedy.insert(key, v);
        v
    }

    /// Expected misses of the optimum after shooting `cell` from `set`.
    pub(crate) fn q(&mut self, set: &[u32], cell: usize, held: usize) -> f64 {
        let mut total = 1.0 - held as f64 / set.len() as f64;
        for (prob, child) in self.p.split(set, cell) {
            total += prob * self.optimal(&child, f64::INFINITY).0;
        }
        total
    }

    /// Greedy's loss split by where it is incurred (performance-difference lemma):
    /// over the states greedy reaches, weighted by how often, the optimum's value after
    /// greedy's shot minus the optimum's value. Returns (hunting, finishing) misses and
    /// how many of greedy's shots per game the optimum would not take (on average).
    pub(crate) fn regret(&mut self, roots: &[(f64, Vec<u32>)]) -> (f64, f64, f64) {
        // Reach probabilities of greedy's states, level by level (every shot adds one
        // to the number of cells shot, so states of one depth never reach each other).
        let mut level: HashMap<u128, (f64, Vec<u32>)> = HashMap::new();
        for (prob, set) in roots {
            level.entry(self.p.key(set)).or_insert((0.0, set.clone())).0 += prob;
        }
        let (mut hunt, mut finish) = (0.0, 0.0);
        let mut deviate = 0.0;
        let mut depth = 0;
        let show = std::env::var_os("OPTIMAL_SHOW").is_some();
        let mut worst: Vec<(f64, Vec<u32>, usize)> = Vec::new();
        while !level.is_empty() && depth <= 64 {
            let mut next: HashMap<u128, (f64, Vec<u32>)> = HashMap::new();
            for (_, (reach, set)) in level {
                if set.len() <= 1 {
                    continue;
                }
                let v = self.optimal(&set, f64::INFINITY).0;
                let cells = self.greedy_cells(&set);
                let share = reach / cells.len() as f64;
                for &(cell, held) in &cells {
                    let loss = self.q(&set, cell, held) - v;
                    if loss > 1e-9 {
                        deviate += share;
                        if show {
                            worst.push((share * loss, set.clone(), cell));
                        }
                    }
                    if self.p.finishing(&set) {
                        finish += share * loss;
                    } else {
                        hunt += share * loss;
                    }
                    for (prob, child) in self.p.split(&set, cell) {
                        next.entry(self.p.key(&child)).or_insert((0.0, child)).0 += share * prob;
                    }
                }
            }
            level = next;
            depth += 1;
        }
        worst.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (cost, set, cell) in worst.into_iter().take(4) {
            self.show(&set, cell, cost);
        }
        (hunt, finish, deviate)
    }

    /// Prints a state where greedy errs: per cell the percent of fleets with a ship
    /// there, `X` hits, `#` sunk ships, `.` cells known empty; greedy's cell and the
    /// optimum's, with their values.
    pub(crate) fn show(&mut self, set: &[u32], greedy: usize, cost: f64) {
        let p = self.p;
        let n = set.len();
        let hits = p.common(set);
        let sunk = p.fleets[set[0] as usize]
            .iter()
            .filter(|&&s| s & !hits == 0)
            .fold(0, |a, s| a | s);
        let actions = p.actions(set);
        let mut q: Vec<(usize, f64)> = actions
            .iter()
            .map(|&(c, held)| (c, self.q(set, c, held)))
            .collect();
        q.sort_by(|a, b| a.1.total_cmp(&b.1));
        let held = |c: usize| actions.iter().find(|a| a.0 == c).map_or(0, |a| a.1);
        let qg = q.iter().find(|a| a.0 == greedy).map_or(0.0, |a| a.1);
        println!(
            "greedy shoots {} (misses to come {qg:.4}), the optimum {} ({:.4}); {n} fleets; costs {cost:.5} shots a game",
            name(greedy, p.width),
            name(q[0].0, p.width),
            q[0].1
        );
        for row in 0..p.height {
            let mut line = String::new();
            for col in 0..p.width {
                let c = row * p.width + col;
                let b = 1u64 << c;
                let k = held(c);
                let text = if sunk & b != 0 {
                    "  #".to_string()
                } else if hits & b != 0 {
                    "  X".to_string()
                } else if k == 0 {
                    "  .".to_string()
                } else {
                    format!("{:3}", (100 * k + n / 2) / n)
                };
                line.push_str(&text);
            }
            println!("{line}");
        }
    }
}
