//! [`Posterior`]: a sample of whole enemy fleets consistent with everything a shooter
//! knows, kept up to date shot by shot.
//!
//! # How
//! If the enemy placed uniformly, every legal fleet that agrees with the answers so far
//! is equally likely: the posterior is uniform over the consistent fleets. The sampler
//! keeps a population of such fleets (particles) and, after each answer:
//!
//! 1. drops the particles the answer contradicts. Survivors of an exact sample are an
//!    exact sample of the new posterior (rejection), so nothing is biased here;
//! 2. refills the population by copying random survivors;
//! 3. moves every particle by Gibbs steps: one ship at a time is lifted and put back
//!    uniformly at random among the places where, given the other ships and the
//!    answers, it can stand (the conditional of the posterior). The steps leave the
//!    posterior unchanged and undo the copies' sameness.
//!
//! Only if no particle survives (an answer the sample thought impossible) are fleets
//! built from scratch, by a randomised search that covers every open hit first, and
//! then mixed by many more Gibbs steps. The first population comes from the rules
//! crate's exact uniform generator.
//!
//! The first population is drawn once, from a generator of its own with a fixed seed,
//! and every game starts from it (with a few fresh draws from the caller's generator),
//! so only the first decision a sampler ever makes pays for the uniform draws, and no
//! game depends on the games played before it.
//!
//! # People do not place uniformly
//! A [`Tilt`] makes the prior `exp(-energy)` times uniform, where the energy counts
//! the cells the multi-deckers rule out (ship and halo, on the board), minus what the
//! one-deckers add on top. Perelman's advice (seed 004) and edge-hugging both shrink
//! the first count; Perelman's spread one-deckers raise the second. The Gibbs steps
//! then become Metropolis steps: the uniform choice is a proposal, kept with the odds
//! of the tilted prior (the candidates do not depend on the ship's current place, so
//! the proposal is symmetric and the chain keeps the tilted posterior).
//!
//! Edge-huggers put their multi-deckers on the border but not next to one another, and
//! their one-deckers anywhere: the packed tilt half fits them (it likes the border) and
//! half does not (it likes the ships together and the one-deckers apart), and cost the
//! expert shots on such boards. [`Tilt::EDGE`] is their own prior: a weight per
//! multi-decker off the border, nothing else.
//!
//! [`Posterior::adaptive`] keeps three populations, uniform, [`Tilt::PACKED`] and
//! [`Tilt::EDGE`], and weighs them by Bayes' rule: each population's share of survivors after an answer
//! estimates the probability its prior gave that answer, and the product over the
//! game is its evidence. A shooter that uses the mixture shoots like the uniform
//! posterior against uniform boards, and within a few sunk ships like the packed one
//! against packed boards. `tests/posterior.rs` checks both priors against exact
//! enumeration on small boards, and that the weights tell packed fleets from uniform.
//!
//! Ships are held as indices into lists of positions and the cells as dense masks of
//! the board's own size, so a Gibbs step is a few word operations.

use crate::habit::{Habit, HabitPlacer};
use crate::mask::Mask;
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use seabattle_core::placement::{Position, positions_by_size, ship_lists};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Dims, Placer, Rules, Touching};
use std::collections::HashMap;
use std::sync::Arc;

/// A population of fleets drawn from the posterior of a [`TargetBoard`], under one
/// prior (uniform) or a mixture of priors weighed by how well each predicted the answers.
pub struct Posterior {
    inner: Inner,
    /// How many of the models are the built-in priors; learned ones follow them.
    plain: usize,
}

enum Inner {
    W2(Vec<Smc<2>>),
    W4(Vec<Smc<4>>),
    W11(Vec<Smc<11>>),
}

macro_rules! each {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            Inner::W2($s) => $body,
            Inner::W4($s) => $body,
            Inner::W11($s) => $body,
        }
    };
}

/// A prior over fleets: uniform over legal fleets, tilted by `exp(-energy)`, where the
/// energy counts the cells the multi-deckers rule out (ship and halo, on the board)
/// times `packed`, minus the cells the one-deckers add to that times `spread`, plus
/// `edge` per multi-decker that touches no border cell. A positive `packed` favours
/// fleets whose big ships hug the edges and each other (Perelman's corner); a positive
/// `spread` favours one-deckers out in the open, away from the rest; a positive `edge`
/// favours big ships on the border, wherever along it, and says nothing of the
/// one-deckers (people who hug the edges).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tilt {
    /// Weight per cell ruled out by the multi-deckers.
    pub packed: f64,
    /// Weight per cell the one-deckers rule out on top.
    pub spread: f64,
    /// Weight per multi-decker off the border.
    pub edge: f64,
}

impl Tilt {
    /// The uniform prior.
    pub const FLAT: Tilt = Tilt {
        packed: 0.0,
        spread: 0.0,
        edge: 0.0,
    };

    /// The prior of people who pack their fleet as Perelman advises (seed 004), fitted
    /// to the `perelman` and `edge` placers (see the crate's README section).
    pub const PACKED: Tilt = Tilt {
        packed: 0.35,
        spread: 0.15,
        edge: 0.0,
    };

    /// The prior of people who put their multi-deckers along the border and the
    /// one-deckers anywhere (the `edge` placer): a multi-decker off the border is
    /// `e^3`, twenty times, less likely.
    pub const EDGE: Tilt = Tilt {
        packed: 0.0,
        spread: 0.0,
        edge: 3.0,
    };

    fn is_flat(&self) -> bool {
        self.packed == 0.0 && self.spread == 0.0 && self.edge == 0.0
    }

    /// The energy of a fleet whose multi-deckers rule out `multi` cells, all its ships
    /// `all`, with `off` multi-deckers off the border.
    fn energy(&self, multi: usize, all: usize, off: usize) -> f64 {
        self.packed * multi as f64 - self.spread * all.saturating_sub(multi) as f64
            + self.edge * off as f64
    }

    /// The Metropolis test for a move from energy `now` to `next`.
    fn accept(&self, now: f64, next: f64, rng: &mut dyn Rng) -> bool {
        next <= now || rng.random::<f64>() < (now - next).exp()
    }
}

/// Past fleets a near-repeat prior stays near at most (one bit each).
const MAX_ANCHORS: usize = 64;

/// A prior whose weight falls below this stops being updated for the rest of the game.
const DORMANT: f64 = 1e-3;

/// Prior odds of the packed model against the uniform one in [`Posterior::adaptive`].
const PACKED_PRIOR: f64 = 0.25;
/// Prior odds of the edge model against the uniform one in [`Posterior::adaptive`].
const EDGE_PRIOR: f64 = 0.25;

impl Posterior {
    /// A sampler for `rules` that keeps `particles` fleets (at least one), under the
    /// uniform prior: the posterior of a fleet placed uniformly at random.
    pub fn new(rules: &Rules, particles: usize) -> Posterior {
        Posterior::with_priors(rules, &[(Tilt::FLAT, 1.0, particles)])
    }

    /// A sampler that weighs the uniform prior against [`Tilt::PACKED`] and [`Tilt::EDGE`]
    /// by how well each predicted the answers so far: it adapts to people who pack their
    /// ships or hug the edges.
    pub fn adaptive(rules: &Rules, particles: usize) -> Posterior {
        // Where ships may touch there is no halo to pack: the tilt would change nothing.
        if rules.touching() == Touching::Allowed {
            return Posterior::new(rules, particles);
        }
        Posterior::with_priors(
            rules,
            &[
                (Tilt::FLAT, 1.0, particles),
                (Tilt::PACKED, PACKED_PRIOR, particles / 2),
                (Tilt::EDGE, EDGE_PRIOR, particles / 2),
            ],
        )
    }

    /// A sampler over a mixture of priors: (tilt, prior weight, fleets kept).
    pub fn with_priors(rules: &Rules, priors: &[(Tilt, f64, usize)]) -> Posterior {
        fn build<const N: usize>(rules: &Rules, priors: &[(Tilt, f64, usize)]) -> Vec<Smc<N>> {
            priors
                .iter()
                .map(|&(tilt, weight, n)| Smc::new(rules, n.max(1), tilt, weight))
                .collect()
        }
        let inner = match rules.dims().area() {
            0..=128 => Inner::W2(build(rules, priors)),
            129..=256 => Inner::W4(build(rules, priors)),
            _ => Inner::W11(build(rules, priors)),
        };
        Posterior {
            inner,
            plain: priors.len(),
        }
    }

    /// A sampler told the true prior of the opponent's fleets, `habit`: the posterior
    /// under the placer that drew them. A benchmark instrument (the ceiling of what
    /// learning the habit can gain), not a level.
    pub fn ceiling(rules: &Rules, habit: Habit, particles: usize) -> Posterior {
        let mut posterior = Posterior::new(rules, particles);
        each!(&mut posterior.inner, models => {
            for m in models.iter_mut() {
                m.learn = Learn::new(&m.geo, rules, &LearnedPart::Habit(habit));
            }
        });
        posterior
    }

    /// Replaces the learned priors with `parts`: (prior, prior weight, fleets kept).
    /// The built-in priors keep their first populations; the learned ones start from
    /// their own at the next game. No parts: the sampler is the plain one again.
    pub(crate) fn set_learned(&mut self, parts: &[(LearnedPart, f64, usize)]) {
        let plain = self.plain;
        each!(&mut self.inner, models => {
            models.truncate(plain);
            let Some(rules) = models.first().map(|m| m.rules.clone()) else {
                return;
            };
            for (part, weight, n) in parts {
                let mut m = Smc::new(&rules, (*n).max(1), Tilt::FLAT, *weight);
                m.learn = Learn::new(&m.geo, &rules, part);
                models.push(m);
            }
        })
    }

    /// Brings the sample up to date with `view`. Returns `false` if no fleet consistent
    /// with the view could be found (a view that breaks the rules).
    pub fn update(&mut self, view: &TargetBoard, rng: &mut dyn Rng) -> bool {
        each!(&mut self.inner, models => {
            let mut evidence = Vec::with_capacity(models.len());
            for m in models.iter_mut() {
                if view.shots().is_empty() {
                    m.dormant = false;
                }
                evidence.push((!m.dormant).then(|| m.observe(view)));
            }
            let weights = mixture(models);
            let mut any = false;
            for ((m, ev), w) in models.iter_mut().zip(evidence).zip(weights) {
                let Some(ev) = ev else { continue };
                if w < DORMANT {
                    // A prior the answers have all but ruled out costs time (above all
                    // when a wiped-out population is rebuilt) and adds nothing: it
                    // sleeps until the next game.
                    m.dormant = true;
                    m.clear();
                    continue;
                }
                any |= m.advance(view, &ev, rng);
            }
            any
        })
    }

    /// The weight of each prior given the answers so far (they sum to 1; all 0 before
    /// the first update).
    pub fn weights(&self) -> Vec<f64> {
        each!(&self.inner, models => mixture(models))
    }

    /// For each cell (index `row * width + col`), the probability that it holds a ship.
    pub fn probabilities(&self) -> Vec<f64> {
        let weights = self.weights();
        each!(&self.inner, models => {
            let mut out = vec![0.0; models[0].geo.dims.area()];
            for (m, w) in models.iter().zip(weights) {
                if w == 0.0 || m.count() == 0 {
                    continue;
                }
                let per = w / m.count() as f64;
                for (o, n) in out.iter_mut().zip(m.occupancy()) {
                    *o += per * f64::from(n);
                }
            }
            out
        })
    }
}

/// Bayes' rule over the priors of a mixture: prior weight times evidence, normalised.
/// A prior that sleeps, or that has seen nothing yet, weighs nothing.
fn mixture<const N: usize>(models: &[Smc<N>]) -> Vec<f64> {
    let logs: Vec<f64> = models
        .iter()
        .map(|m| {
            if m.dormant || m.last.is_none() {
                f64::NEG_INFINITY
            } else {
                m.prior.ln() + m.log_z
            }
        })
        .collect();
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return vec![0.0; logs.len()];
    }
    let raw: Vec<f64> = logs.iter().map(|l| (l - top).exp()).collect();
    let sum: f64 = raw.iter().sum();
    raw.into_iter().map(|x| x / sum).collect()
}

/// A ship position as dense masks.
#[derive(Clone, Copy)]
struct Pos<const N: usize> {
    cells: Mask<N>,
    blocked: Mask<N>,
}

/// Every position of every ship of the rules, and ways to find them.
struct Geometry<const N: usize> {
    dims: Dims,
    /// Per distinct ship size (largest first), its positions.
    lists: Vec<Vec<Pos<N>>>,
    /// Per ship of the fleet (largest first), the index of its size's list.
    ship_list: Vec<usize>,
    /// Per ship of the fleet, whether it has more than one deck.
    multi: Vec<bool>,
    /// Per ship of the fleet, its size.
    sizes: Vec<usize>,
    /// Per list and cell, the positions covering the cell.
    covering: Vec<Vec<Vec<u16>>>,
    /// Per list, the position with given cells.
    index: Vec<HashMap<[u64; N], u16>>,
    /// Per list and position, whether it touches no border cell.
    off_border: Vec<Vec<bool>>,
}

impl<const N: usize> Geometry<N> {
    fn new(rules: &Rules) -> Geometry<N> {
        let dims = rules.dims();
        let w = dims.width();
        let by_size = positions_by_size(rules);
        let dense = |p: &Position| Pos {
            cells: Mask::from_cells(&p.cells, w),
            blocked: Mask::from_cells(&p.blocked, w),
        };
        let lists: Vec<Vec<Pos<N>>> = by_size
            .iter()
            .map(|(_, l)| l.iter().map(dense).collect())
            .collect();
        let covering = lists
            .iter()
            .map(|l| {
                let mut per_cell = vec![Vec::new(); dims.area()];
                for (k, p) in l.iter().enumerate() {
                    for i in p.cells.ones() {
                        per_cell[i].push(k as u16);
                    }
                }
                per_cell
            })
            .collect();
        let index = lists
            .iter()
            .map(|l| {
                l.iter()
                    .enumerate()
                    .map(|(k, p)| (p.cells.0, k as u16))
                    .collect()
            })
            .collect();
        let border = Mask::<N>::from_cells(&CellSet::full(dims).minus(&interior(dims)), w);
        let off_border = lists
            .iter()
            .map(|l| l.iter().map(|p| !p.cells.intersects(&border)).collect())
            .collect();
        Geometry {
            dims,
            off_border,
            lists,
            ship_list: ship_lists(rules),
            multi: rules.fleet().iter().map(|&s| s > 1).collect(),
            sizes: rules.fleet().iter().map(|&s| usize::from(s)).collect(),
            covering,
            index,
        }
    }

    /// The fleet with ships of cells `ships` as a row of positions, ship by ship of the
    /// rules' fleet; `None` if it is not a fleet of these rules.
    fn row_of(&self, ships: &[CellSet]) -> Option<Vec<u16>> {
        let sizes: Vec<usize> = ships.iter().map(CellSet::len).collect();
        self.row_matching(ships.len(), |j| sizes[j], |j| ships[j])
    }

    /// Matches each ship of the rules' fleet to one of `n` ships (of size `size(j)`
    /// and cells `cells(j)`), in order.
    fn row_matching(
        &self,
        n: usize,
        size: impl Fn(usize) -> usize,
        cells: impl Fn(usize) -> CellSet,
    ) -> Option<Vec<u16>> {
        let mut row = Vec::with_capacity(self.ship_list.len());
        let mut used = vec![false; n];
        for (i, &list) in self.ship_list.iter().enumerate() {
            let want = self.sizes[i];
            let (j, k) = (0..n).find_map(|j| {
                if used[j] || size(j) != want {
                    return None;
                }
                let m = Mask::<N>::from_cells(&cells(j), self.dims.width());
                self.index[list].get(&m.0).map(|&k| (j, k))
            })?;
            used[j] = true;
            row.push(k);
        }
        Some(row)
    }

    #[inline]
    fn pos(&self, ship: usize, k: u16) -> &Pos<N> {
        &self.lists[self.ship_list[ship]][usize::from(k)]
    }

    /// Whether ship `ship` at position `k` is a multi-decker off the border (the edge
    /// tilt counts those).
    #[inline]
    fn off_border(&self, ship: usize, k: u16) -> bool {
        self.multi[ship] && self.off_border[self.ship_list[ship]][usize::from(k)]
    }
}

/// The cells of `dims` off the border.
fn interior(dims: Dims) -> CellSet {
    let (w, h) = (dims.width(), dims.height());
    CellSet::full(dims)
        .iter()
        .filter(|c| c.col > 0 && c.row > 0 && c.col + 1 < w && c.row + 1 < h)
        .collect()
}

/// What the view says, as masks, and which positions it leaves an afloat ship.
struct Evidence<const N: usize> {
    /// Cells known to hold no ship.
    empty: Mask<N>,
    /// Every hit.
    hits: Mask<N>,
    /// Hits on ships still afloat.
    open: Mask<N>,
    /// The sunk ships.
    sunk: Vec<Mask<N>>,
    /// Per list, the positions an afloat ship may take: clear of known-empty and sunk
    /// cells, and not wholly hit (it would have sunk).
    live: Vec<Vec<u16>>,
    /// The same, as flags by position.
    live_flag: Vec<Vec<bool>>,
}

impl<const N: usize> Evidence<N> {
    fn new(geo: &Geometry<N>, view: &TargetBoard) -> Evidence<N> {
        let w = geo.dims.width();
        let m = |s: &CellSet| Mask::<N>::from_cells(s, w);
        let sunk: Vec<Mask<N>> = view.sunk().iter().map(m).collect();
        let sunk_cells = sunk.iter().fold(Mask::ZERO, |a, s| a.or(s));
        let empty = m(view.known_empty());
        let hits = m(view.hits());
        let closed = empty.or(&sunk_cells);
        let mut live = Vec::with_capacity(geo.lists.len());
        let mut live_flag = Vec::with_capacity(geo.lists.len());
        for list in &geo.lists {
            let flags: Vec<bool> = list
                .iter()
                .map(|p| !p.cells.intersects(&closed) && !p.cells.is_subset(&hits))
                .collect();
            live.push(
                (0..list.len() as u16)
                    .filter(|&k| flags[usize::from(k)])
                    .collect(),
            );
            live_flag.push(flags);
        }
        Evidence {
            empty,
            hits,
            open: hits.minus(&sunk_cells),
            sunk,
            live,
            live_flag,
        }
    }
}

/// A prior learned from one opponent's past fleets (see [`crate::learn`]), in the
/// rules' terms: the sampler turns it into positions.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum LearnedPart {
    /// Exactly one of these fleets (each ship's cells), each as likely as it is listed.
    Exact(Vec<Vec<CellSet>>),
    /// One of these fleets with each ship moved (or turned) with chance `moved`.
    Near {
        /// The fleets, as for [`LearnedPart::Exact`].
        fleets: Vec<Vec<CellSet>>,
        /// The chance each ship is elsewhere.
        moved: f64,
    },
    /// Habits: uniform, tilted by the energy of each ship where it lies, per list of
    /// positions (the order of `positions_by_size`) and position, and by a pair energy
    /// for every two ships sharing a zone.
    Table {
        /// Per list and position, the energy of a ship there.
        energies: Vec<Vec<f64>>,
        /// Per list and position, its zone (`u8::MAX`: none); empty: no pair term.
        zones: Vec<Vec<u8>>,
        /// The energy of each pair of ships in one zone.
        pair: f64,
    },
    /// A habit known exactly (the ceiling of `bench --habits`): drawn by its own
    /// placer, weighed by its own energies.
    Habit(Habit),
    /// A habit named, as it is defined: a game starts from `draws`, exact draws of it
    /// made once ([`crate::habit::exact_draws`]), and moves on by its own energies.
    Drawn {
        /// The habit.
        habit: Habit,
        /// Exact draws of it, each ship's cells.
        draws: Arc<[Vec<CellSet>]>,
    },
}

/// Which other ship a pairwise energy leaves out or sees elsewhere (a pair step moves
/// two ships at once).
#[derive(Clone, Copy)]
enum Partner {
    /// Every other ship where it stands.
    None,
    /// This ship at this position instead.
    At(usize, u16),
    /// Not this ship: its pair was counted with it.
    Skip(usize),
}

/// A learned prior as positions of the sampler's geometry.
struct Learn {
    /// Per list and position, the energy of a ship there (empty: no habits).
    table: Vec<Vec<f64>>,
    /// Per list and position, its zone for a pairwise energy (empty or `u8::MAX`:
    /// none), and the energy of two ships in one zone.
    zone: Vec<Vec<u8>>,
    pair: f64,
    /// Exact draws of the prior, for a habit known exactly.
    placer: Option<HabitPlacer>,
    /// Exact draws made once, for a habit named.
    draws: Option<Arc<[Vec<CellSet>]>>,
    /// The past fleets as rows of positions; a particle keeps the index of the one it
    /// stays near (its label).
    anchors: Vec<Vec<u16>>,
    /// Per ship, the energy of standing anywhere but its anchor's places (empty: the
    /// anchors pull nothing).
    away: Vec<f64>,
    /// Per list and position, the anchors (as bits) with a ship there: the steps ask
    /// this for every ship of every particle.
    homes: Vec<Vec<u64>>,
    /// The chance a draw from the prior moves a ship off its anchor.
    moved: f64,
    /// Whether particles stay exactly as drawn (exact repeats).
    frozen: bool,
}

impl Learn {
    fn empty() -> Learn {
        Learn {
            table: Vec::new(),
            zone: Vec::new(),
            pair: 0.0,
            placer: None,
            draws: None,
            anchors: Vec::new(),
            away: Vec::new(),
            homes: Vec::new(),
            moved: 0.0,
            frozen: false,
        }
    }

    /// A habit's own energies, of each ship and of pairs, with no draws yet.
    fn of_habit(habit: Habit, rules: &Rules) -> Learn {
        let placer = HabitPlacer::new(habit, rules);
        let (zone, pair) = placer.zones();
        Learn {
            table: placer.energies().to_vec(),
            zone: zone.to_vec(),
            pair,
            ..Learn::empty()
        }
    }

    fn new<const N: usize>(geo: &Geometry<N>, rules: &Rules, part: &LearnedPart) -> Option<Learn> {
        let rows = |fleets: &[Vec<CellSet>]| -> Vec<Vec<u16>> {
            fleets.iter().filter_map(|f| geo.row_of(f)).collect()
        };
        let learn = match part {
            LearnedPart::Exact(fleets) => Learn {
                anchors: rows(fleets),
                frozen: true,
                ..Learn::empty()
            },
            LearnedPart::Near { fleets, moved } => {
                let moved = moved.clamp(0.01, 0.9);
                // Stationary odds of a ship at its anchor's place against any one other
                // place are e^away: set so a ship stays with chance 1 - moved when about
                // half of its list is free of the other ships.
                let away = geo
                    .ship_list
                    .iter()
                    .map(|&l| {
                        let free = (geo.lists[l].len() as f64 / 2.0).max(1.0);
                        ((1.0 - moved) / moved * free).ln()
                    })
                    .collect();
                let mut anchors = rows(fleets);
                anchors.truncate(MAX_ANCHORS);
                let mut homes: Vec<Vec<u64>> = geo.lists.iter().map(|l| vec![0; l.len()]).collect();
                for (a, row) in anchors.iter().enumerate() {
                    for (i, &k) in row.iter().enumerate() {
                        homes[geo.ship_list[i]][usize::from(k)] |= 1 << a;
                    }
                }
                Learn {
                    anchors,
                    away,
                    homes,
                    moved,
                    ..Learn::empty()
                }
            }
            LearnedPart::Table {
                energies,
                zones,
                pair,
            } => Learn {
                table: geo
                    .lists
                    .iter()
                    .enumerate()
                    .map(|(l, list)| {
                        (0..list.len())
                            .map(|k| {
                                energies
                                    .get(l)
                                    .and_then(|e| e.get(k))
                                    .copied()
                                    .unwrap_or(0.0)
                            })
                            .collect()
                    })
                    .collect(),
                zone: if zones.is_empty() {
                    Vec::new()
                } else {
                    geo.lists
                        .iter()
                        .enumerate()
                        .map(|(l, list)| {
                            (0..list.len())
                                .map(|k| {
                                    zones
                                        .get(l)
                                        .and_then(|z| z.get(k))
                                        .copied()
                                        .unwrap_or(u8::MAX)
                                })
                                .collect()
                        })
                        .collect()
                },
                pair: *pair,
                ..Learn::empty()
            },
            LearnedPart::Habit(habit) => {
                let placer = HabitPlacer::new(*habit, rules);
                Learn {
                    placer: Some(placer),
                    ..Learn::of_habit(*habit, rules)
                }
            }
            LearnedPart::Drawn { habit, draws } => Learn {
                draws: Some(draws.clone()),
                ..Learn::of_habit(*habit, rules)
            },
        };
        let anchored = matches!(part, LearnedPart::Exact(_) | LearnedPart::Near { .. });
        // A prior of past fleets none of which fits these rules has nothing to say.
        (!anchored || !learn.anchors.is_empty()).then_some(learn)
    }

    /// Whether ship `i` at position `k` stands where anchor `a` has a ship of its list.
    fn home<const N: usize>(&self, geo: &Geometry<N>, a: usize, i: usize, k: u16) -> bool {
        self.homes[geo.ship_list[i]][usize::from(k)] >> a & 1 == 1
    }
}

/// A saved population: positions, sunk flags, occupied cells and labels per particle.
struct Opening<const N: usize> {
    pos: Vec<u16>,
    fixed: Vec<u64>,
    occ: Vec<Mask<N>>,
    label: Vec<u16>,
}

/// The sampler for boards of up to `64 * N` cells.
struct Smc<const N: usize> {
    geo: Geometry<N>,
    rules: Rules,
    target: usize,
    ships: usize,
    /// Position index per particle and ship, `particle * ships + ship`.
    pos: Vec<u16>,
    /// Per particle, the ships (as bits) that are sunk in the view and so stay put.
    fixed: Vec<u64>,
    /// Per particle, its occupied cells.
    occ: Vec<Mask<N>>,
    /// The view of the last update, to tell a game going on from a new one.
    last: Option<TargetBoard>,
    /// A reusable buffer of candidate positions.
    buf: Vec<u16>,
    /// The first population of the last game, the costliest to build from nothing.
    opening: Option<Opening<N>>,
    /// The prior the population is drawn from.
    tilt: Tilt,
    /// Its prior weight in a mixture.
    prior: f64,
    /// Whether the answers have all but ruled this prior out for the current game.
    dormant: bool,
    /// The log of the probability this prior gave the answers of the game so far, as the
    /// share of particles each answer left standing estimates it.
    log_z: f64,
    /// A prior learned from the opponent's past fleets, instead of the tilt.
    learn: Option<Learn>,
    /// Per particle, the anchor it stays near (0 where there are none).
    label: Vec<u16>,
}

/// Gibbs sweeps per surviving particle after each update.
const SWEEPS: usize = 1;
/// Sweeps a fleet built from scratch gets before it counts as a sample.
const BURN_IN: usize = 30;
/// Fleets built from scratch when no particle survives; copies fill the rest.
const SEEDS: usize = 16;
/// Exact uniform fleets in a first population; copies of them fill the rest and the
/// Gibbs steps of the following decisions tell them apart. A cap keeps the first
/// decision quick.
const FIRST_DRAWS: usize = 200;
/// Uniform fleets drawn to seed a population from scratch before searching for one.
const PRIOR_DRAWS: usize = 300;
/// Sweeps each copy in the first population gets before it is saved.
const OPENING_SWEEPS: usize = 2;
/// Sweeps each copy in a learned prior's first population gets.
const LEARNED_OPENING_SWEEPS: usize = 1;
/// The seed of the first population's own generator.
const OPENING_SEED: u64 = 0x5EAB_A771_E000_0001;
/// Fresh uniform fleets that replace saved ones at the start of each game.
const REFRESH_DRAWS: usize = 100;
/// Sweeps that carry uniform draws to a tilted prior at the start of a game.
const TILT_BURN_IN: usize = 12;
/// Random draws tried before a Gibbs step scans the whole list.
const TRIES: usize = 24;

impl<const N: usize> Smc<N> {
    fn new(rules: &Rules, target: usize, tilt: Tilt, prior: f64) -> Smc<N> {
        Smc {
            geo: Geometry::new(rules),
            rules: rules.clone(),
            target,
            ships: rules.fleet().len(),
            pos: Vec::new(),
            fixed: Vec::new(),
            occ: Vec::new(),
            last: None,
            buf: Vec::new(),
            opening: None,
            tilt,
            prior,
            dormant: false,
            log_z: 0.0,
            learn: None,
            label: Vec::new(),
        }
    }

    /// Whether the prior is uniform (moves need no Metropolis test).
    fn flat(&self) -> bool {
        self.tilt.is_flat() && self.learn.is_none()
    }

    /// Whether particles never move (the exact repeats of past fleets).
    fn frozen(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| l.frozen)
    }

    /// Whether the prior is one of past fleets, kept or moved.
    fn anchored(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| !l.anchors.is_empty())
    }

    /// The learned prior's energy of ship `i` of particle `p` at position `k`.
    fn learned_energy(&self, p: usize, i: usize, k: u16, partner: Partner) -> f64 {
        let Some(l) = &self.learn else { return 0.0 };
        let mut e = 0.0;
        if !l.table.is_empty() {
            e += l.table[self.geo.ship_list[i]][usize::from(k)];
        }
        let zone = |j: usize, k: u16| {
            l.zone
                .get(self.geo.ship_list[j])
                .and_then(|z| z.get(usize::from(k)))
                .copied()
                .unwrap_or(u8::MAX)
        };
        let z = zone(i, k);
        if z != u8::MAX {
            let base = p * self.ships;
            for j in (0..self.ships).filter(|&j| j != i) {
                let at = match partner {
                    Partner::At(o, b) if o == j => b,
                    Partner::Skip(o) if o == j => continue,
                    _ => self.pos[base + j],
                };
                if zone(j, at) == z {
                    e += l.pair;
                }
            }
        }
        if !l.away.is_empty() && !l.home(&self.geo, usize::from(self.label[p]), i, k) {
            e += l.away[i];
        }
        e
    }

    /// A Gibbs step for the anchor particle `p` stays near: each past fleet, as likely
    /// as its ships' places make the particle's.
    fn relabel(&mut self, p: usize, rng: &mut dyn Rng) {
        let Some(l) = &self.learn else { return };
        if l.away.is_empty() {
            return;
        }
        let base = p * self.ships;
        // Every ship away from every anchor, less what each ship's anchors give back.
        let all: f64 = l.away.iter().sum();
        let mut energies = vec![all; l.anchors.len()];
        for i in 0..self.ships {
            let mut at = l.homes[self.geo.ship_list[i]][usize::from(self.pos[base + i])];
            while at != 0 {
                energies[at.trailing_zeros() as usize] -= l.away[i];
                at &= at - 1;
            }
        }
        let low = energies.iter().copied().fold(f64::INFINITY, f64::min);
        let odds: Vec<f64> = energies.iter().map(|e| (low - e).exp()).collect();
        let mut x = rng.random::<f64>() * odds.iter().sum::<f64>();
        for (a, o) in odds.iter().enumerate() {
            x -= o;
            if x <= 0.0 {
                self.label[p] = a as u16;
                return;
            }
        }
    }

    /// Adds `n` draws from the prior of past fleets: the anchors in turn (so each is
    /// drawn as often as it is listed), each ship moved with the prior's chance to a
    /// uniform place clear of the others.
    fn draw_anchored(&mut self, n: usize, rng: &mut dyn Rng) {
        let Some(l) = self.learn.take() else { return };
        for t in 0..n.min(if l.frozen { l.anchors.len() } else { n }) {
            let a = t % l.anchors.len();
            let mut row = l.anchors[a].clone();
            for i in 0..self.ships {
                if l.frozen || rng.random::<f64>() >= l.moved {
                    continue;
                }
                let blk = (0..self.ships)
                    .filter(|&j| j != i)
                    .fold(Mask::ZERO, |m, j| m.or(&self.geo.pos(j, row[j]).blocked));
                let list = &self.geo.lists[self.geo.ship_list[i]];
                self.buf.clear();
                self.buf.extend(
                    (0..list.len() as u16)
                        .filter(|&k| k != row[i] && !list[usize::from(k)].cells.intersects(&blk)),
                );
                if let Some(k) = pick(&self.buf, rng) {
                    row[i] = k;
                }
            }
            let p = self.push(&row, 0);
            self.label[p] = a as u16;
        }
        self.learn = Some(l);
    }

    /// Adds `n` draws from the prior: past fleets for an anchored prior, else exact
    /// uniform draws.
    fn draw_prior(&mut self, n: usize, rng: &mut dyn Rng) {
        if self.anchored() {
            self.draw_anchored(n, rng);
        } else if self.exact() {
            self.draw_habit(n, rng);
        } else {
            self.draw_uniform(n, rng);
        }
    }

    /// Adds `n` exact draws of a habit known exactly, or up to `n` of the draws made
    /// once of a habit named.
    fn draw_habit(&mut self, n: usize, rng: &mut dyn Rng) {
        let Some(l) = self.learn.take() else { return };
        if let Some(placer) = &l.placer {
            for _ in 0..n {
                let Ok(ships) = placer.ships(rng) else { break };
                if let Some(row) = self.geo.row_of(&ships) {
                    self.push(&row, 0);
                }
            }
        } else if let Some(draws) = &l.draws {
            // All of them for a first population; a rebuild takes a few at random.
            let all = n >= draws.len();
            for t in 0..n.min(draws.len()) {
                let d = if all {
                    t
                } else {
                    rng.random_range(0..draws.len())
                };
                if let Some(row) = self.geo.row_of(&draws[d]) {
                    self.push(&row, 0);
                }
            }
        }
        self.learn = Some(l);
    }

    /// Whether the prior is one learned of an opponent ([`Posterior::set_learned`]):
    /// set anew for every game, so its first population is built at a game's first
    /// decision (a habit told, the ceiling, keeps its one as the built-in priors do).
    fn learned(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| l.placer.is_none())
    }

    /// Whether the prior is drawn exactly (a habit known exactly or named).
    fn exact(&self) -> bool {
        self.learn
            .as_ref()
            .is_some_and(|l| l.placer.is_some() || l.draws.is_some())
    }

    fn count(&self) -> usize {
        self.occ.len()
    }

    /// Takes in the answers of `view`: drops the particles they contradict and notes how
    /// many survived. A view of another game starts afresh.
    fn observe(&mut self, view: &TargetBoard) -> Evidence<N> {
        let same_game = self.last.as_ref().is_some_and(|l| {
            l.dims() == view.dims()
                && l.shots().is_subset(&view.shots())
                && l.sunk().len() <= view.sunk().len()
        });
        if !same_game {
            self.clear();
        }
        let ev = Evidence::new(&self.geo, view);
        let before = self.count();
        self.filter(&ev);
        if before > 0 && self.frozen() {
            // Every past fleet is in the population, as often as it is listed: the
            // survivors' share is the chance exactly, and none left rules it out.
            self.log_z += (self.count() as f64 / before as f64).ln();
        } else if before > 0 {
            // Survivors of a sample of the last posterior: their share estimates the
            // chance this prior gave the new answers. A wipe-out still counts as rare.
            self.log_z += (self.count().max(1) as f64 / (before + 1) as f64).ln();
        }
        // Until `advance`, the population is of the last view; the weights see that
        // this prior has been updated.
        if self.last.is_none() {
            self.last = Some(view.clone());
        }
        ev
    }

    /// Rebuilds the population if none survived `observe`, refills it and moves it on.
    /// Returns `false` if no fleet consistent with the view could be found.
    fn advance(&mut self, view: &TargetBoard, ev: &Evidence<N>, rng: &mut dyn Rng) -> bool {
        if self.count() == 0 {
            if view.shots().is_empty() {
                // Every game starts from the same prior: start from the saved first
                // population and let this update's sweeps move it on, with a few fresh
                // exact draws so no game keeps one sample's noise.
                let (o, built) = match self.opening.take() {
                    Some(o) => (o, false),
                    None => (self.first_population(ev), true),
                };
                self.pos.clone_from(&o.pos);
                self.fixed.clone_from(&o.fixed);
                self.occ.clone_from(&o.occ);
                self.label.clone_from(&o.label);
                if built && self.learned() {
                    // A learned prior's first population is built at the first decision
                    // of the game it was set for, a fresh sample of that prior already:
                    // fresh draws and another sweep of it would only double the
                    // costliest decision of the game.
                    self.opening = Some(o);
                    self.last = Some(view.clone());
                    return true;
                }
                let fresh = self.draws(REFRESH_DRAWS);
                let keep = self.count().saturating_sub(fresh);
                self.pos.truncate(keep * self.ships);
                self.fixed.truncate(keep);
                self.occ.truncate(keep);
                self.label.truncate(keep);
                self.opening = Some(o);
                self.draw_prior(fresh, rng);
                self.settle(keep, ev, rng);
            } else {
                self.build(ev, rng);
            }
            if self.count() == 0 {
                self.last = None;
                return false;
            }
        }
        if self.frozen() {
            // Past fleets as they were: nothing to copy or move.
            self.last = Some(view.clone());
            return true;
        }
        let seeded = self.count();
        self.refill(rng);
        // Copies share their original's fleet and need more steps to part from it
        // than survivors, which are samples already.
        let copy_sweeps = if seeded * 10 < self.target { 3 } else { 2 };
        for p in 0..self.count() {
            let sweeps = if p < seeded { SWEEPS } else { copy_sweeps };
            for _ in 0..sweeps {
                self.sweep(p, ev, rng);
            }
        }
        self.last = Some(view.clone());
        true
    }

    /// The first population of every game, drawn once from a generator of its own with
    /// a fixed seed. It is never updated from a game: what a game sees must not depend
    /// on the games the sampler played before (the bench gives the same figures on any
    /// number of threads, and the server's games do not depend on one another).
    fn first_population(&mut self, ev: &Evidence<N>) -> Opening<N> {
        let mut own = StdRng::seed_from_u64(OPENING_SEED);
        self.clear();
        if self.anchored() {
            // Draws from past fleets cost next to nothing: the whole population is
            // drawn, none of it copied.
            self.draw_anchored(self.target, &mut own);
            return Opening {
                pos: std::mem::take(&mut self.pos),
                fixed: std::mem::take(&mut self.fixed),
                occ: std::mem::take(&mut self.occ),
                label: std::mem::take(&mut self.label),
            };
        }
        let n = self.draws(self.target.min(FIRST_DRAWS));
        self.draw_prior(n, &mut own);
        self.settle(0, ev, &mut own);
        let seeded = self.count();
        self.refill(&mut own);
        // Copies need a few steps to part from their originals. A learned prior's
        // are built at a game's first decision, not once for every game: they get
        // one, and the game's later decisions sweep them on.
        let sweeps = if self.learned() {
            LEARNED_OPENING_SWEEPS
        } else {
            OPENING_SWEEPS
        };
        for p in seeded..self.count() {
            for _ in 0..sweeps {
                self.sweep(p, ev, &mut own);
            }
        }
        let o = Opening {
            pos: std::mem::take(&mut self.pos),
            fixed: std::mem::take(&mut self.fixed),
            occ: std::mem::take(&mut self.occ),
            label: std::mem::take(&mut self.label),
        };
        self.clear();
        o
    }

    /// How many of `n` exact uniform draws this prior takes. They are the costliest
    /// part of a game's first decision, and a tilted prior walks them far from where
    /// they were drawn anyway (`settle`): a quarter as many serve it as well.
    fn draws(&self, n: usize) -> usize {
        if self.frozen() {
            // Redrawn, they would be the same fleets.
            0
        } else if self.flat() || self.anchored() || self.exact() {
            n
        } else {
            n.div_ceil(4)
        }
    }

    fn clear(&mut self) {
        self.log_z = 0.0;
        self.pos.clear();
        self.fixed.clear();
        self.occ.clear();
        self.label.clear();
        self.last = None;
    }

    /// Keeps the particles consistent with the evidence, noting their sunk ships.
    fn filter(&mut self, ev: &Evidence<N>) {
        let ships = self.ships;
        let mut kept = 0;
        for p in 0..self.count() {
            if let Some(fixed) = self.consistent(p, ev) {
                if kept != p {
                    self.pos
                        .copy_within(p * ships..(p + 1) * ships, kept * ships);
                    self.occ[kept] = self.occ[p];
                    self.label[kept] = self.label[p];
                }
                self.fixed[kept] = fixed;
                kept += 1;
            }
        }
        self.pos.truncate(kept * ships);
        self.fixed.truncate(kept);
        self.occ.truncate(kept);
        self.label.truncate(kept);
    }

    /// The sunk ships of particle `p` as bits, if it agrees with the evidence.
    fn consistent(&self, p: usize, ev: &Evidence<N>) -> Option<u64> {
        let occ = &self.occ[p];
        if occ.intersects(&ev.empty) || !ev.hits.is_subset(occ) {
            return None;
        }
        let mut fixed = 0u64;
        let mut whole = 0;
        for i in 0..self.ships {
            let cells = &self.geo.pos(i, self.pos[p * self.ships + i]).cells;
            if cells.is_subset(&ev.hits) {
                // Every deck hit: it must be one of the ships the view saw sink.
                if !ev.sunk.contains(cells) {
                    return None;
                }
                fixed |= 1 << i;
                whole += 1;
            }
        }
        (whole == ev.sunk.len()).then_some(fixed)
    }

    /// Adds `n` exact uniform draws.
    fn draw_uniform(&mut self, n: usize, rng: &mut dyn Rng) {
        let placer = Placer::new(&self.rules);
        for _ in 0..n {
            let Ok(fleet) = placer.sample(rng) else {
                return;
            };
            // The generator's ships are in fleet order; match each to a position.
            let ships = fleet.ships();
            let Some(row) =
                self.geo
                    .row_matching(ships.len(), |j| ships[j].size(), |j| ships[j].cells())
            else {
                return;
            };
            self.push(&row, 0);
        }
    }

    /// A population from scratch: uniform fleets that agree with the evidence (exact,
    /// if any turn up), else fleets found by search, each mixed by a burn-in.
    fn build(&mut self, ev: &Evidence<N>, rng: &mut dyn Rng) {
        if self.frozen() {
            // No past fleet fits the answers: there is nothing to build.
            return;
        }
        // A learned prior is a guess on top of the built-in ones: its rebuilds are kept
        // small so they cannot slow a decision much.
        let scale = if self.learn.is_some() { 4 } else { 1 };
        self.draw_prior((PRIOR_DRAWS / scale).min(self.target), rng);
        self.filter(ev);
        if self.count() > 0 {
            self.settle(0, ev, rng);
            return;
        }
        for _ in 0..(SEEDS / scale).min(self.target) {
            let Some((row, fixed)) = self.construct(ev, rng) else {
                continue;
            };
            let p = self.push(&row, fixed);
            for _ in 0..BURN_IN {
                self.sweep(p, ev, rng);
            }
        }
    }

    /// Uniform draws are exact for the uniform prior but far from a tilted one: walk
    /// the particles from `start` on there.
    fn settle(&mut self, start: usize, ev: &Evidence<N>, rng: &mut dyn Rng) {
        // Draws from past fleets are draws from their prior already.
        if self.flat() || self.anchored() || self.exact() {
            return;
        }
        for p in start..self.count() {
            for _ in 0..TILT_BURN_IN {
                self.sweep(p, ev, rng);
            }
        }
    }

    fn push(&mut self, row: &[u16], fixed: u64) -> usize {
        let occ = row
            .iter()
            .enumerate()
            .fold(Mask::ZERO, |a, (i, &k)| a.or(&self.geo.pos(i, k).cells));
        self.pos.extend_from_slice(row);
        self.fixed.push(fixed);
        self.occ.push(occ);
        self.label.push(0);
        self.occ.len() - 1
    }

    /// Copies random particles until the population is full.
    fn refill(&mut self, rng: &mut dyn Rng) {
        let n = self.count();
        if n == 0 {
            return;
        }
        let ships = self.ships;
        while self.count() < self.target {
            let p = rng.random_range(0..n);
            self.pos.extend_from_within(p * ships..(p + 1) * ships);
            self.fixed.push(self.fixed[p]);
            self.occ.push(self.occ[p]);
            self.label.push(self.label[p]);
        }
    }

    /// One Gibbs step for every ship of particle `p` that is not sunk.
    fn sweep(&mut self, p: usize, ev: &Evidence<N>, rng: &mut dyn Rng) {
        if self.frozen() {
            return;
        }
        self.relabel(p, rng);
        let ships = self.ships;
        let base = p * ships;
        for i in 0..ships {
            if self.fixed[p] >> i & 1 == 1 {
                continue;
            }
            let (mut occ, mut blk, mut blk_multi) = (Mask::ZERO, Mask::ZERO, Mask::ZERO);
            for j in (0..ships).filter(|&j| j != i) {
                let q = self.geo.pos(j, self.pos[base + j]);
                occ = occ.or(&q.cells);
                blk = blk.or(&q.blocked);
                if self.geo.multi[j] {
                    blk_multi = blk_multi.or(&q.blocked);
                }
            }
            let need = ev.open.minus(&occ);
            let l = self.geo.ship_list[i];
            let list = &self.geo.lists[l];
            let flags = &ev.live_flag[l];
            let fits = |k: u16| {
                let q = &list[usize::from(k)];
                flags[usize::from(k)] && !q.cells.intersects(&blk) && need.is_subset(&q.cells)
            };
            let chosen = if let Some(c) = need.first() {
                self.buf.clear();
                self.buf
                    .extend(self.geo.covering[l][c].iter().copied().filter(|&k| fits(k)));
                pick(&self.buf, rng)
            } else {
                let live = &ev.live[l];
                let mut found = None;
                for _ in 0..TRIES {
                    let k = live[rng.random_range(0..live.len())];
                    if fits(k) {
                        found = Some(k);
                        break;
                    }
                }
                found.or_else(|| {
                    self.buf.clear();
                    self.buf.extend(live.iter().copied().filter(|&k| fits(k)));
                    pick(&self.buf, rng)
                })
            };
            // The current position always fits, so a step never fails; keep it if so.
            // Under a tilted prior the uniform choice is a proposal, kept with the
            // Metropolis odds (the candidates do not depend on where the ship is now,
            // so the proposal is symmetric).
            if let Some(k) = chosen {
                let cur = self.pos[base + i];
                if k != cur && !self.flat() {
                    // The other ships' part of the energy is the same on both sides
                    // of the test: only ship `i`'s own place counts off the border.
                    let energy = |k: u16| {
                        let b = &self.geo.pos(i, k).blocked;
                        let multi = if self.geo.multi[i] {
                            blk_multi.or(b)
                        } else {
                            blk_multi
                        };
                        let off = usize::from(self.geo.off_border(i, k));
                        self.tilt.energy(multi.len(), blk.or(b).len(), off)
                            + self.learned_energy(p, i, k, Partner::None)
                    };
                    if !self.tilt.accept(energy(cur), energy(k), rng) {
                        continue;
                    }
                }
                self.pos[base + i] = k;
            }
        }
        if !ev.open.is_empty() {
            // Single-ship steps cannot hand an open hit from one ship to another (the
            // first must stay over it until the second arrives): pairs can.
            let i = rng.random_range(0..ships);
            let j = rng.random_range(0..ships);
            self.pair_step(p, i, j, ev, rng);
        }
        self.occ[p] = (0..ships).fold(Mask::ZERO, |a, i| {
            a.or(&self.geo.pos(i, self.pos[base + i]).cells)
        });
    }

    /// Lifts ships `i` and `j` of particle `p` and puts them back together, uniformly
    /// among the pairs of places that fit everything else (a blocked Gibbs step). The
    /// pair is chosen without looking at the particle, which keeps the step exact.
    fn pair_step(&mut self, p: usize, i: usize, j: usize, ev: &Evidence<N>, rng: &mut dyn Rng) {
        let ships = self.ships;
        let base = p * ships;
        let fixed = self.fixed[p];
        let (li, lj) = (self.geo.ship_list[i], self.geo.ship_list[j]);
        // Ships of one size swapping places change nothing a player can see.
        if i == j || li == lj || (fixed >> i | fixed >> j) & 1 == 1 {
            return;
        }
        let (mut occ, mut blk, mut blk_multi) = (Mask::ZERO, Mask::ZERO, Mask::ZERO);
        for o in (0..ships).filter(|&o| o != i && o != j) {
            let q = self.geo.pos(o, self.pos[base + o]);
            occ = occ.or(&q.cells);
            blk = blk.or(&q.blocked);
            if self.geo.multi[o] {
                blk_multi = blk_multi.or(&q.blocked);
            }
        }
        let need = ev.open.minus(&occ);
        let (cur_i, cur_j) = (self.pos[base + i], self.pos[base + j]);
        let tilt = self.tilt;
        let energy = |a: u16, b: u16| {
            let (pa, pb) = (self.geo.pos(i, a), self.geo.pos(j, b));
            let mut multi = blk_multi;
            for (ship, q) in [(i, pa), (j, pb)] {
                if self.geo.multi[ship] {
                    multi = multi.or(&q.blocked);
                }
            }
            let off =
                usize::from(self.geo.off_border(i, a)) + usize::from(self.geo.off_border(j, b));
            tilt.energy(multi.len(), blk.or(&pa.blocked).or(&pb.blocked).len(), off)
                + self.learned_energy(p, i, a, Partner::At(j, b))
                + self.learned_energy(p, j, b, Partner::Skip(i))
        };
        let flat = self.flat();
        let keep = |a: u16, b: u16, rng: &mut dyn Rng| {
            flat || tilt.accept(energy(cur_i, cur_j), energy(a, b), rng)
        };
        let geo = &self.geo;
        let fits = |l: usize, k: u16, blk: &Mask<N>| {
            ev.live_flag[l][usize::from(k)] && !geo.lists[l][usize::from(k)].cells.intersects(blk)
        };
        let Some(c) = need.first() else {
            // Nothing to cover: propose a uniform pair, keep it if it fits (Metropolis
            // with a symmetric proposal).
            let (a, b) = (
                ev.live[li][rng.random_range(0..ev.live[li].len())],
                ev.live[lj][rng.random_range(0..ev.live[lj].len())],
            );
            let pa = &geo.lists[li][usize::from(a)];
            if fits(li, a, &blk) && fits(lj, b, &blk.or(&pa.blocked)) && keep(a, b, rng) {
                self.pos[base + i] = a;
                self.pos[base + j] = b;
            }
            return;
        };
        // One of the two covers `c`; the other covers what is left, or goes anywhere.
        let mut pairs: Vec<(u16, u16)> = Vec::new();
        for (x, lx, ly) in [(i, li, lj), (j, lj, li)] {
            for &a in &geo.covering[lx][c] {
                if !fits(lx, a, &blk) {
                    continue;
                }
                let pa = &geo.lists[lx][usize::from(a)];
                let rest = need.minus(&pa.cells);
                let blk2 = blk.or(&pa.blocked);
                let ok = |b: u16| {
                    fits(ly, b, &blk2) && rest.is_subset(&geo.lists[ly][usize::from(b)].cells)
                };
                let pool: &[u16] = match rest.first() {
                    Some(d) => &geo.covering[ly][d],
                    None => &ev.live[ly],
                };
                pairs.extend(
                    pool.iter()
                        .filter(|&&b| ok(b))
                        .map(|&b| if x == i { (a, b) } else { (b, a) }),
                );
            }
        }
        if !pairs.is_empty() {
            let (a, b) = pairs[rng.random_range(0..pairs.len())];
            if keep(a, b, rng) {
                self.pos[base + i] = a;
                self.pos[base + j] = b;
            }
        }
    }

    /// A fleet consistent with the evidence, by randomised depth-first search: sunk
    /// ships where they sank, then ships over every open hit, then the rest.
    fn construct(&self, ev: &Evidence<N>, rng: &mut dyn Rng) -> Option<(Vec<u16>, u64)> {
        let mut row = vec![u16::MAX; self.ships];
        let mut fixed = 0u64;
        for s in &ev.sunk {
            let i = (0..self.ships)
                .find(|&i| row[i] == u16::MAX && usize::from(self.rules.fleet()[i]) == s.len())?;
            row[i] = *self.geo.index[self.geo.ship_list[i]].get(&s.0)?;
            fixed |= 1 << i;
        }
        let mut search = Search {
            smc: self,
            ev,
            budget: 20_000,
        };
        search.go(&mut row, rng).then_some((row, fixed))
    }

    fn occupancy(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.geo.dims.area()];
        for m in &self.occ {
            for i in m.ones() {
                counts[i] += 1;
            }
        }
        counts
    }
}

/// The randomised depth-first search behind [`Smc::construct`].
struct Search<'a, const N: usize> {
    smc: &'a Smc<N>,
    ev: &'a Evidence<N>,
    budget: u32,
}

impl<const N: usize> Search<'_, N> {
    fn go(&mut self, row: &mut [u16], rng: &mut dyn Rng) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let geo = &self.smc.geo;
        let (mut occ, mut blk) = (Mask::ZERO, Mask::ZERO);
        for (i, &k) in row.iter().enumerate().filter(|(_, k)| **k != u16::MAX) {
            occ = occ.or(&geo.pos(i, k).cells);
            blk = blk.or(&geo.pos(i, k).blocked);
        }
        let need = self.ev.open.minus(&occ);
        // A hit no ship covers that a placed ship's halo shuts off can never be covered.
        if need.intersects(&blk) {
            return false;
        }
        let mut options: Vec<(usize, u16)> = Vec::new();
        if let Some(c) = need.first() {
            let mut seen = Vec::new();
            for i in (0..row.len()).filter(|&i| row[i] == u16::MAX) {
                let l = geo.ship_list[i];
                if seen.contains(&l) {
                    continue;
                }
                seen.push(l);
                for &k in &geo.covering[l][c] {
                    if self.ev.live_flag[l][usize::from(k)]
                        && !geo.lists[l][usize::from(k)].cells.intersects(&blk)
                    {
                        options.push((i, k));
                    }
                }
            }
        } else {
            let Some(i) = row.iter().position(|&k| k == u16::MAX) else {
                return true;
            };
            let l = geo.ship_list[i];
            options.extend(
                self.ev.live[l]
                    .iter()
                    .filter(|&&k| !geo.lists[l][usize::from(k)].cells.intersects(&blk))
                    .map(|&k| (i, k)),
            );
        }
        // Random order, but only a few tries per level: deep dead ends are cut short.
        for _ in 0..options.len().min(8) {
            let j = rng.random_range(0..options.len());
            let (i, k) = options.swap_remove(j);
            row[i] = k;
            if self.go(row, rng) {
                return true;
            }
            row[i] = u16::MAX;
        }
        false
    }
}

fn pick(list: &[u16], rng: &mut dyn Rng) -> Option<u16> {
    (!list.is_empty()).then(|| list[rng.random_range(0..list.len())])
}
