//! The habits part of learning: a prior over fleets that is a product of per-ship
//! weights, `exp(θ·φ)` for each ship where it lies, with `φ` a few yes/no features of a
//! position (which half, which corner square, lying along a row, touching or lying on
//! the border, a corner cell) and one `θ` for the multi-deckers, one for the one-deckers.
//!
//! # Fitting
//! Each ship of a past fleet is a draw from its list of positions with probability
//! `b(pos) exp(θ·φ(pos)) / Z`, where `b` is how often a uniform placer puts a ship of
//! that size there (from draws of a fixed seed, so every history of the same rules is
//! measured against the same yardstick). `θ` maximises that likelihood less a ridge
//! `λ|θ|²/2` (Newton steps; the positions are grouped by their features, so a step is
//! cheap).
//!
//! # How strongly
//! `λ` is chosen by held-out likelihood: the fleets are split into folds by game, each
//! fold scored under the model fitted on the others. If no `λ` beats `θ = 0` (the
//! uniform placer) on the games held out, there is no habits part at all, which is what
//! a uniform player's history gives nearly always. Otherwise the held-out gain (nats)
//! also sets the part's prior weight in the expert's mixture.
//!
//! # Naming the habit
//! The same yardstick scores every [`Habit`] the crate knows (each side and corner
//! apart) by its likelihood ratio against the uniform placer on the whole history; the
//! best, if clearly better than uniform, is the habit found.

use crate::habit::Habit;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::placement::positions_by_size;
use seabattle_core::{CellSet, Dims, Placer, Rules};
use std::collections::HashMap;

/// Features of a position.
const F: usize = 13;
/// Uniform fleets drawn (from a fixed seed) to know where a uniform placer puts ships.
const BASE_DRAWS: usize = 400;
/// The seed of those draws.
const BASE_SEED: u64 = 0x1EA2_0000_0000_0020;
/// The ridge strengths tried (larger: θ held closer to 0).
const RIDGES: [f64; 4] = [16.0, 4.0, 1.0, 0.25];
/// Folds of the held-out likelihood (at most one per game).
const FOLDS: usize = 5;
/// Newton steps per fit.
const STEPS: usize = 12;
/// Held-out gain (nats) for the habits part's full prior weight, past the margin.
const FULL_GAIN: f64 = 4.0;
/// Held-out gain (nats) a uniform player's history can show by chance (choosing the
/// best of several ridges favours luck): below it the habits part weighs nothing.
const MARGIN: f64 = 2.0;
/// Held-out gain (nats) past [`MARGIN`] and [`FULL_GAIN`] that multiplies the habits
/// part's prior weight by `e`.
const ODDS_GAIN: f64 = 2.0;
/// The largest prior odds of the habits part against the uniform prior.
pub(crate) const MAX_ODDS: f64 = 20.0;
/// The pair energy's ridge strengths tried.
const PAIR_RIDGES: [f64; 3] = [1.0, 0.25, 0.0625];
/// The largest pair energy learned (the apart habit's own is 4).
const PAIR_MAX: f64 = 6.0;
/// Held-out gain (nats) the pair term must show to be kept: one weight chosen from
/// three ridges can show a little by chance.
const PAIR_MARGIN: f64 = 1.0;
/// Likelihood ratio (nats) over uniform a named habit must reach to be the one found.
const NAMED: f64 = 6.0;
/// The least prior odds against uniform placement a named habit is weighed in with.
const LEAST_ODDS: f64 = 0.05;

/// The features of a ship of `cells`: halves (left, right, top, bottom), squares of
/// seven tenths of the side at the four corners, lying along a row (multi-deckers),
/// touching the border, within one cell of it, a corner cell, lying on the border
/// (multi-deckers).
fn features(dims: Dims, cells: &CellSet) -> u16 {
    let (w, h) = (i32::from(dims.width()), i32::from(dims.height()));
    let (sw, sh) = ((7 * w + 9) / 10, (7 * h + 9) / 10);
    let multi = cells.len() > 1;
    let xy: Vec<(i32, i32)> = cells
        .iter()
        .map(|c| (i32::from(c.col), i32::from(c.row)))
        .collect();
    let all = |f: &dyn Fn(i32, i32) -> bool| xy.iter().all(|&(x, y)| f(x, y));
    let any = |f: &dyn Fn(i32, i32) -> bool| xy.iter().any(|&(x, y)| f(x, y));
    let edge = |x: i32, y: i32| x.min(y).min(w - 1 - x).min(h - 1 - y);
    let bits = [
        all(&|x, _| 2 * x < w),
        all(&|x, _| 2 * x >= w),
        all(&|_, y| 2 * y < h),
        all(&|_, y| 2 * y >= h),
        all(&|x, y| x < sw && y < sh),
        all(&|x, y| w - 1 - x < sw && y < sh),
        all(&|x, y| x < sw && h - 1 - y < sh),
        all(&|x, y| w - 1 - x < sw && h - 1 - y < sh),
        multi && xy.iter().all(|&(_, y)| y == xy[0].1),
        any(&|x, y| edge(x, y) == 0),
        any(&|x, y| edge(x, y) <= 1),
        any(&|x, y| (x == 0 || x == w - 1) && (y == 0 || y == h - 1)),
        multi && all(&|x, y| edge(x, y) == 0),
    ];
    bits.iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u16::from(b) << i))
}

fn phi(bits: u16) -> [f64; F] {
    let mut out = [0.0; F];
    for (i, o) in out.iter_mut().enumerate() {
        *o = f64::from(bits >> i & 1);
    }
    out
}

/// Per list, the positions grouped by features: (features, a uniform placer's weight).
type Groups = Vec<Vec<(u16, f64)>>;

/// What the rules' positions look like to the model, and where a uniform placer puts
/// ships.
struct Yardstick {
    dims: Dims,
    /// Per list, per position, its features.
    bits: Vec<Vec<u16>>,
    /// Per list, whether its ships are multi-deckers.
    multi: Vec<bool>,
    /// Per list, per position, a uniform placer's (smoothed) share.
    base: Vec<Vec<f64>>,
    /// Per list, the positions by cells.
    index: Vec<HashMap<CellSet, usize>>,
    groups: Groups,
    /// The share of uniform fleets with every big ship in a quarter of its own.
    apart: f64,
    /// Per list and position, the quarter of a big ship there (`u8::MAX`: a small
    /// ship), as [`Habit::zone`] gives it.
    zone: Vec<Vec<u8>>,
    /// Per count of big-ship pairs sharing a quarter, a uniform placer's (smoothed)
    /// share of fleets with that many.
    pairs: Vec<f64>,
}

impl Yardstick {
    fn new(rules: &Rules) -> Option<Yardstick> {
        let dims = rules.dims();
        let lists = positions_by_size(rules);
        let bits: Vec<Vec<u16>> = lists
            .iter()
            .map(|(_, l)| l.iter().map(|p| features(dims, &p.cells)).collect())
            .collect();
        let index: Vec<HashMap<CellSet, usize>> = lists
            .iter()
            .map(|(_, l)| l.iter().enumerate().map(|(k, p)| (p.cells, k)).collect())
            .collect();
        let zone: Vec<Vec<u8>> = lists
            .iter()
            .map(|(_, l)| {
                l.iter()
                    .map(|p| {
                        Habit::BigApart
                            .zone(dims, &p.cells)
                            .map_or(u8::MAX, |(z, _)| z)
                    })
                    .collect()
            })
            .collect();
        let big = zone
            .iter()
            .map(|z| usize::from(z.iter().any(|&z| z != u8::MAX)))
            .collect::<Vec<usize>>();
        let most = {
            let n: usize = seabattle_core::placement::ship_lists(rules)
                .iter()
                .map(|&l| big[l])
                .sum();
            n * n.saturating_sub(1) / 2
        };
        let mut pairs = vec![0.5; most + 1];
        let mut counts: Vec<Vec<f64>> = lists.iter().map(|(_, l)| vec![0.5; l.len()]).collect();
        let placer = Placer::new(rules);
        let mut own = StdRng::seed_from_u64(BASE_SEED);
        let (mut drawn, mut apart) = (0.0, 0.0);
        for _ in 0..BASE_DRAWS {
            let Ok(f) = placer.sample(&mut own) else {
                break;
            };
            drawn += 1.0;
            let ships: Vec<CellSet> = f.ships().iter().map(|s| s.cells()).collect();
            let mut at = Vec::with_capacity(ships.len());
            for s in &ships {
                if let Some((l, k)) = locate(&index, &lists, s) {
                    counts[l][k] += 1.0;
                    at.push((l, k));
                }
            }
            if let Some(c) = pairs.get_mut(shared(&zone, &at)) {
                *c += 1.0;
            }
            apart += f64::from(u8::from(big_apart(dims, &ships)));
        }
        if drawn == 0.0 {
            return None;
        }
        let base: Vec<Vec<f64>> = counts
            .iter()
            .map(|c| {
                let total: f64 = c.iter().sum();
                c.iter().map(|x| x / total).collect()
            })
            .collect();
        let groups = base
            .iter()
            .zip(&bits)
            .map(|(b, f)| {
                let mut g: HashMap<u16, f64> = HashMap::new();
                for (x, &k) in b.iter().zip(f) {
                    *g.entry(k).or_default() += x;
                }
                let mut g: Vec<(u16, f64)> = g.into_iter().collect();
                g.sort_unstable_by_key(|&(k, _)| k);
                g
            })
            .collect();
        Some(Yardstick {
            dims,
            multi: lists.iter().map(|&(s, _)| s > 1).collect(),
            bits,
            base,
            index,
            groups,
            apart: ((apart + 1.0) / (drawn + 2.0)).clamp(0.01, 0.99),
            pairs: {
                let total: f64 = pairs.iter().sum();
                pairs.iter().map(|c| c / total).collect()
            },
            zone,
        })
    }
}

/// The list and position of a ship of `cells`.
fn locate(
    index: &[HashMap<CellSet, usize>],
    lists: &[(u8, Vec<seabattle_core::placement::Position>)],
    cells: &CellSet,
) -> Option<(usize, usize)> {
    let l = lists
        .iter()
        .position(|(s, _)| usize::from(*s) == cells.len())?;
    index[l].get(cells).map(|&k| (l, k))
}

/// How many pairs of the ships at `at` (list, position) share a zone.
fn shared(zone: &[Vec<u8>], at: &[(usize, usize)]) -> usize {
    let zones: Vec<u8> = at
        .iter()
        .map(|&(l, k)| zone[l][k])
        .filter(|&z| z != u8::MAX)
        .collect();
    zones
        .iter()
        .enumerate()
        .map(|(i, z)| zones[..i].iter().filter(|&y| y == z).count())
        .sum()
}

/// Whether every ship of three decks or more stands in a quarter of its own.
pub(crate) fn big_apart(dims: Dims, ships: &[CellSet]) -> bool {
    let zones: Vec<u8> = ships
        .iter()
        .filter_map(|s| Habit::BigApart.zone(dims, s).map(|(z, _)| z))
        .collect();
    zones
        .iter()
        .enumerate()
        .all(|(i, z)| !zones[..i].contains(z))
}

/// One class's observations: per fleet, (list, features) of each of its ships.
type Observed = Vec<Vec<(usize, u16)>>;

/// `Σ log p(obs)` under `θ`, relative to `θ = 0`.
fn score(groups: &Groups, obs: &[&(usize, u16)], theta: &[f64; F]) -> f64 {
    let dot = |bits: u16| {
        (0..F)
            .filter(|&i| bits >> i & 1 == 1)
            .map(|i| theta[i])
            .sum::<f64>()
    };
    let log_z: Vec<f64> = groups
        .iter()
        .map(|g| {
            let z: f64 = g.iter().map(|&(b, w)| w * dot(b).exp()).sum();
            let z0: f64 = g.iter().map(|&(_, w)| w).sum();
            (z / z0).ln()
        })
        .collect();
    obs.iter().map(|&&(l, b)| dot(b) - log_z[l]).sum()
}

/// The ridge-penalised maximum-likelihood `θ` for `obs`.
fn fit(groups: &Groups, obs: &[&(usize, u16)], ridge: f64) -> [f64; F] {
    let mut theta = [0.0; F];
    let mut per_list = vec![0.0; groups.len()];
    let mut seen = [0.0; F];
    for &&(l, b) in obs {
        per_list[l] += 1.0;
        let p = phi(b);
        for i in 0..F {
            seen[i] += p[i];
        }
    }
    for _ in 0..STEPS {
        let mut grad = [0.0; F];
        let mut hess = [[0.0; F]; F];
        for i in 0..F {
            grad[i] = seen[i] - ridge * theta[i];
            hess[i][i] = ridge;
        }
        for (g, &n) in groups.iter().zip(&per_list) {
            if n == 0.0 {
                continue;
            }
            let weights: Vec<f64> = g
                .iter()
                .map(|&(b, w)| {
                    let p = phi(b);
                    w * (0..F).map(|i| p[i] * theta[i]).sum::<f64>().exp()
                })
                .collect();
            let z: f64 = weights.iter().sum();
            let mut mean = [0.0; F];
            let mut second = [[0.0; F]; F];
            for (&(b, _), &w) in g.iter().zip(&weights) {
                let p = phi(b);
                let q = w / z;
                for i in 0..F {
                    mean[i] += q * p[i];
                    for j in 0..F {
                        second[i][j] += q * p[i] * p[j];
                    }
                }
            }
            for i in 0..F {
                grad[i] -= n * mean[i];
                for j in 0..F {
                    hess[i][j] += n * (second[i][j] - mean[i] * mean[j]);
                }
            }
        }
        let Some(step) = solve(hess, grad) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for i in 0..F {
            // Steps are capped so a feature every ship has (a separable history)
            // grows its weight gradually instead of overshooting.
            let s = step[i].clamp(-3.0, 3.0);
            theta[i] += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-4 {
            break;
        }
    }
    theta
}

/// Solves `a x = b` for a symmetric positive definite `a` (Gaussian elimination with
/// partial pivoting); `None` if it is singular.
fn solve(mut a: [[f64; F]; F], mut b: [f64; F]) -> Option<[f64; F]> {
    for c in 0..F {
        let p = (c..F).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..F {
            let f = a[r][c] / a[c][c];
            let pivot = a[c];
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0; F];
    for c in (0..F).rev() {
        let s: f64 = (c + 1..F).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    Some(x)
}

/// One class's `θ`, chosen by held-out likelihood, and its held-out gain (nats) over
/// `θ = 0`; `None` if nothing beats it.
fn class_theta(groups: &Groups, observed: &Observed) -> Option<([f64; F], f64)> {
    let n = observed.len();
    if n < 2 {
        return None;
    }
    let folds = n.min(FOLDS);
    let mut best: Option<(f64, f64)> = None;
    for ridge in RIDGES {
        let mut gain = 0.0;
        for fold in 0..folds {
            let train: Vec<&(usize, u16)> = observed
                .iter()
                .enumerate()
                .filter(|(g, _)| g % folds != fold)
                .flat_map(|(_, o)| o)
                .collect();
            let test: Vec<&(usize, u16)> = observed
                .iter()
                .enumerate()
                .filter(|(g, _)| g % folds == fold)
                .flat_map(|(_, o)| o)
                .collect();
            gain += score(groups, &test, &fit(groups, &train, ridge));
        }
        if gain > 0.0 && best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, ridge));
        }
    }
    let (gain, ridge) = best?;
    let all: Vec<&(usize, u16)> = observed.iter().flatten().collect();
    Some((fit(groups, &all, ridge), gain))
}

/// What the habits part learned from a history.
pub(crate) struct Learned {
    /// Per list (the order of `positions_by_size`) and position, the energy of a ship
    /// there; `None` if the history shows no habit worth a prior.
    pub table: Option<Vec<Vec<f64>>>,
    /// The learned pair term, if the history shows one: per list and position the
    /// quarter of a big ship there (`u8::MAX`: none), and the energy of every two big
    /// ships sharing a quarter (positive: the player keeps them apart).
    pub pair: Option<(Vec<Vec<u8>>, f64)>,
    /// Its prior weight in the expert's mixture (uniform is 1).
    pub weight: f64,
    /// The named habit that explains the history best, if clearly better than uniform.
    pub habit: Option<Habit>,
    /// The named habit that explains the history best, named or not: the prior the
    /// expert may take beside the fitted weights.
    pub likeliest: Option<Habit>,
    /// The prior weight (uniform is 1) of [`Learned::likeliest`] itself, exactly as it
    /// is defined: the odds Bayes' rule gives it over uniform placement, which a short
    /// history of a habit people have raises sooner than the free weights learn it.
    pub named_weight: f64,
}

/// The energies of every position of the lists `class` picks (`None`: all) under `θ`;
/// the others are left as they are.
fn energies(yard: &Yardstick, theta: &[f64; F], class: Option<bool>, out: &mut [Vec<f64>]) {
    for (l, bits) in yard.bits.iter().enumerate() {
        if class.is_some_and(|multi| yard.multi[l] != multi) {
            continue;
        }
        for (k, &b) in bits.iter().enumerate() {
            let p = phi(b);
            out[l][k] = -(0..F).map(|i| p[i] * theta[i]).sum::<f64>();
        }
    }
}

/// The per-ship part: one `θ` for the multi-deckers and one for the one-deckers, or
/// one `θ` for every ship (pooled: half as many weights, so a short history of a
/// habit all ships share shows it sooner), whichever predicts the held-out games
/// better. The energies and the held-out gain; `None` if neither beats uniform.
fn ships_part(yard: &Yardstick, located: &[Vec<(usize, usize)>]) -> Option<(Vec<Vec<f64>>, f64)> {
    let zero = || -> Vec<Vec<f64>> { yard.bits.iter().map(|b| vec![0.0; b.len()]).collect() };
    let mut apart_table = zero();
    let mut apart_gain = 0.0;
    for multi in [true, false] {
        let observed: Observed = located
            .iter()
            .map(|f| {
                f.iter()
                    .filter(|&&(l, _)| yard.multi[l] == multi)
                    .map(|&(l, k)| (l, yard.bits[l][k]))
                    .collect()
            })
            .collect();
        // Lists of the other class weigh nothing in this class's fit.
        let groups: Groups = yard
            .groups
            .iter()
            .enumerate()
            .map(|(l, g)| {
                if yard.multi[l] == multi {
                    g.clone()
                } else {
                    Vec::new()
                }
            })
            .collect();
        if let Some((theta, g)) = class_theta(&groups, &observed) {
            apart_gain += g;
            energies(yard, &theta, Some(multi), &mut apart_table);
        }
    }
    let observed: Observed = located
        .iter()
        .map(|f| f.iter().map(|&(l, k)| (l, yard.bits[l][k])).collect())
        .collect();
    let pooled = class_theta(&yard.groups, &observed);
    match pooled {
        Some((theta, g)) if g > apart_gain => {
            let mut t = zero();
            energies(yard, &theta, None, &mut t);
            Some((t, g))
        }
        _ => (apart_gain > 0.0).then_some((apart_table, apart_gain)),
    }
}

/// `Σ log p(count)` of the fleets' counts of big-ship pairs sharing a quarter, under a
/// pair energy `θ`, relative to `θ = 0` (the uniform placer's counts `base`).
fn pair_score(base: &[f64], counts: &[usize], theta: f64) -> f64 {
    let z: f64 = base
        .iter()
        .enumerate()
        .map(|(c, b)| b * (-theta * c as f64).exp())
        .sum();
    counts.iter().map(|&c| -theta * c as f64 - z.ln()).sum()
}

/// The ridge-penalised maximum-likelihood pair energy for `counts` (Newton steps on
/// one unknown).
fn pair_fit(base: &[f64], counts: &[usize], ridge: f64) -> f64 {
    let n = counts.len() as f64;
    let seen: f64 = counts.iter().map(|&c| c as f64).sum();
    let mut theta: f64 = 0.0;
    for _ in 0..2 * STEPS {
        let w: Vec<f64> = base
            .iter()
            .enumerate()
            .map(|(c, b)| b * (-theta * c as f64).exp())
            .collect();
        let z: f64 = w.iter().sum();
        let mean: f64 = w.iter().enumerate().map(|(c, x)| c as f64 * x).sum::<f64>() / z;
        let second: f64 = w
            .iter()
            .enumerate()
            .map(|(c, x)| (c * c) as f64 * x)
            .sum::<f64>()
            / z;
        let grad = n * mean - seen - ridge * theta;
        let step = (grad / (n * (second - mean * mean) + ridge)).clamp(-3.0, 3.0);
        theta = (theta + step).clamp(-PAIR_MAX, PAIR_MAX);
        if step.abs() < 1e-6 {
            break;
        }
    }
    theta
}

/// The pair part: the energy of two big ships in one quarter, chosen by held-out
/// likelihood as the per-ship weights are, and its held-out gain; `None` unless the
/// gain passes [`PAIR_MARGIN`].
fn pair_part(yard: &Yardstick, located: &[Vec<(usize, usize)>]) -> Option<(f64, f64)> {
    let counts: Vec<usize> = located.iter().map(|f| shared(&yard.zone, f)).collect();
    let n = counts.len();
    if n < 2 || yard.pairs.len() < 2 {
        return None;
    }
    let folds = n.min(FOLDS);
    let mut best: Option<(f64, f64)> = None;
    for ridge in PAIR_RIDGES {
        let mut gain = 0.0;
        for fold in 0..folds {
            let pick = |held: bool| -> Vec<usize> {
                counts
                    .iter()
                    .enumerate()
                    .filter(|(g, _)| (g % folds == fold) == held)
                    .map(|(_, &c)| c)
                    .collect()
            };
            let (test, train) = (pick(true), pick(false));
            gain += pair_score(&yard.pairs, &test, pair_fit(&yard.pairs, &train, ridge));
        }
        if gain > PAIR_MARGIN && best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, ridge));
        }
    }
    let (gain, ridge) = best?;
    Some((pair_fit(&yard.pairs, &counts, ridge), gain))
}

/// The habits part's prior weight (uniform is 1) from its held-out gain (nats): none
/// below [`MARGIN`], rising towards 1 over [`FULL_GAIN`] past it, and past that
/// growing as the gain does (a history the habit explains by many nats makes it far
/// likelier than uniform for the next game too), up to [`MAX_ODDS`].
fn prior_weight(gain: f64) -> f64 {
    let over = gain - MARGIN;
    if over <= 0.0 {
        return 0.0;
    }
    let base = 1.0 - (-over / FULL_GAIN).exp();
    (base * ((over - FULL_GAIN) / ODDS_GAIN).exp().max(1.0)).min(MAX_ODDS)
}

/// Learns the habits of the fleets `fleets` (each ship's cells) placed under `rules`.
pub(crate) fn learn(rules: &Rules, fleets: &[Vec<CellSet>]) -> Option<Learned> {
    let yard = Yardstick::new(rules)?;
    let lists = positions_by_size(rules);
    let located: Vec<Vec<(usize, usize)>> = fleets
        .iter()
        .map(|f| {
            f.iter()
                .filter_map(|s| locate(&yard.index, &lists, s))
                .collect()
        })
        .collect();
    let likeliest = likeliest(&yard, &lists, fleets, &located);
    let ships = ships_part(&yard, &located);
    let pair = pair_part(&yard, &located);
    let gain = ships.as_ref().map_or(0.0, |s| s.1) + pair.map_or(0.0, |p| p.1);
    let table = match (ships, pair) {
        (None, None) => None,
        (Some((t, _)), _) => Some(t),
        (None, Some(_)) => Some(yard.bits.iter().map(|b| vec![0.0; b.len()]).collect()),
    };
    Some(Learned {
        weight: if table.is_some() {
            prior_weight(gain)
        } else {
            0.0
        },
        table,
        pair: pair.map(|(theta, _)| (yard.zone.clone(), theta)),
        habit: likeliest.filter(|&(_, llr)| llr >= NAMED).map(|(h, _)| h),
        likeliest: likeliest.map(|(h, _)| h),
        named_weight: likeliest.map_or(0.0, |(_, llr)| named_weight(llr, Habit::all().len())),
    })
}

/// The named habit of the fleets `fleets` placed under `rules`, as [`learn`] names it,
/// without fitting the weights.
pub(crate) fn habit(rules: &Rules, fleets: &[Vec<CellSet>]) -> Option<Habit> {
    let yard = Yardstick::new(rules)?;
    let lists = positions_by_size(rules);
    let located: Vec<Vec<(usize, usize)>> = fleets
        .iter()
        .map(|f| {
            f.iter()
                .filter_map(|s| locate(&yard.index, &lists, s))
                .collect()
        })
        .collect();
    likeliest(&yard, &lists, fleets, &located)
        .filter(|&(_, llr)| llr >= NAMED)
        .map(|(h, _)| h)
}

/// A named habit's prior weight from its likelihood ratio over uniform placement on
/// the history (nats): the odds by Bayes' rule when the habits named share even odds
/// against uniform placement before any game (so each of them starts at one in
/// `habits`), up to [`MAX_ODDS`]. At [`NAMED`] they are past the cap already: a habit
/// the history names is the likelier one for the next game. Below it the habit is
/// not named, but it is as likely as Bayes' rule says: ten fleets of a light habit
/// often fall short of [`NAMED`] and still make it as likely as uniform placement. Odds
/// under [`LEAST_ODDS`] are none: they add a prior that costs time and moves nothing.
fn named_weight(llr: f64, habits: usize) -> f64 {
    let odds = (llr.exp() / habits.max(1) as f64).min(MAX_ODDS);
    if odds < LEAST_ODDS { 0.0 } else { odds }
}

/// The named habit with the largest likelihood ratio over the uniform placer, and that
/// ratio (nats); `None` only if the rules have no position to score.
fn likeliest(
    yard: &Yardstick,
    lists: &[(u8, Vec<seabattle_core::placement::Position>)],
    fleets: &[Vec<CellSet>],
    located: &[Vec<(usize, usize)>],
) -> Option<(Habit, f64)> {
    let mut best: Option<(f64, Habit)> = None;
    for habit in Habit::all() {
        let llr = if habit == Habit::BigApart {
            // Its habit is of pairs: the share of fleets with big ships apart, which
            // such a player keeps nearly always.
            let keeps = 0.95;
            fleets
                .iter()
                .map(|f| {
                    if big_apart(yard.dims, f) {
                        (keeps / yard.apart).ln()
                    } else {
                        ((1.0 - keeps) / (1.0 - yard.apart)).ln()
                    }
                })
                .sum()
        } else {
            let energy: Vec<Vec<f64>> = lists
                .iter()
                .map(|(_, l)| {
                    l.iter()
                        .map(|p| habit.energy(yard.dims, &p.cells))
                        .collect()
                })
                .collect();
            let log_z: Vec<f64> = yard
                .base
                .iter()
                .zip(&energy)
                .map(|(b, e)| {
                    b.iter()
                        .zip(e)
                        .map(|(b, e)| b * (-e).exp())
                        .sum::<f64>()
                        .ln()
                })
                .collect();
            located
                .iter()
                .flatten()
                .map(|&(l, k)| -energy[l][k] - log_z[l])
                .sum()
        };
        if best.is_none_or(|(b, _)| llr > b) {
            best = Some((llr, habit));
        }
    }
    best.map(|(llr, h)| (h, llr))
}

#[cfg(test)]
mod tests;
