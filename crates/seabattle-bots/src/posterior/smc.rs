//! [`Smc`]: one prior's population of fleets, filtered, refilled and moved on after
//! each answer.

use super::geometry::{Evidence, Geometry};
use super::prior::Learn;
use super::tilt::Tilt;
use crate::mask::Mask;
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use seabattle_core::view::TargetBoard;
use seabattle_core::{Placer, Rules};

/// A saved population: positions, sunk flags, occupied cells and labels per particle.
pub(super) struct Opening<const N: usize> {
    pub(super) pos: Vec<u16>,
    pub(super) fixed: Vec<u64>,
    pub(super) occ: Vec<Mask<N>>,
    pub(super) label: Vec<u16>,
}

/// The sampler for boards of up to `64 * N` cells.
pub(super) struct Smc<const N: usize> {
    pub(super) geo: Geometry<N>,
    pub(super) rules: Rules,
    pub(super) target: usize,
    pub(super) ships: usize,
    /// Position index per particle and ship, `particle * ships + ship`.
    pub(super) pos: Vec<u16>,
    /// Per particle, the ships (as bits) that are sunk in the view and so stay put.
    pub(super) fixed: Vec<u64>,
    /// Per particle, its occupied cells.
    pub(super) occ: Vec<Mask<N>>,
    /// The view of the last update, to tell a game going on from a new one.
    pub(super) last: Option<TargetBoard>,
    /// A reusable buffer of candidate positions.
    pub(super) buf: Vec<u16>,
    /// The first population of the last game, the costliest to build from nothing.
    pub(super) opening: Option<Opening<N>>,
    /// The prior the population is drawn from.
    pub(super) tilt: Tilt,
    /// Its prior weight in a mixture.
    pub(super) prior: f64,
    /// Whether the answers have all but ruled this prior out for the current game.
    pub(super) dormant: bool,
    /// The log of the probability this prior gave the answers of the game so far, as the
    /// share of particles each answer left standing estimates it.
    pub(super) log_z: f64,
    /// A prior learned from the opponent's past fleets, instead of the tilt.
    pub(super) learn: Option<Learn>,
    /// Per particle, the anchor it stays near (0 where there are none).
    pub(super) label: Vec<u16>,
    /// The evidence of the last update the population was moved on to.
    pub(super) ev: Option<Evidence<N>>,
}

/// Gibbs sweeps per surviving particle after each update.
pub(super) const SWEEPS: usize = 1;
/// Sweeps a fleet built from scratch gets before it counts as a sample.
pub(super) const BURN_IN: usize = 30;
/// Fleets built from scratch when no particle survives; copies fill the rest.
pub(super) const SEEDS: usize = 16;
/// Exact uniform fleets in a first population; copies of them fill the rest and the
/// Gibbs steps of the following decisions tell them apart. A cap keeps the first
/// decision quick.
pub(super) const FIRST_DRAWS: usize = 200;
/// Uniform fleets drawn to seed a population from scratch before searching for one.
pub(super) const PRIOR_DRAWS: usize = 300;
/// Sweeps each copy in the first population gets before it is saved.
pub(super) const OPENING_SWEEPS: usize = 2;
/// Sweeps each copy in a learned prior's first population gets.
pub(super) const LEARNED_OPENING_SWEEPS: usize = 1;
/// The seed of the first population's own generator.
pub(super) const OPENING_SEED: u64 = 0x5EAB_A771_E000_0001;
/// Fresh uniform fleets that replace saved ones at the start of each game.
pub(super) const REFRESH_DRAWS: usize = 100;
/// Sweeps that carry uniform draws to a tilted prior at the start of a game.
pub(super) const TILT_BURN_IN: usize = 12;
/// Random draws tried before a Gibbs step scans the whole list.
pub(super) const TRIES: usize = 24;

impl<const N: usize> Smc<N> {
    pub(super) fn new(rules: &Rules, target: usize, tilt: Tilt, prior: f64) -> Smc<N> {
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
            ev: None,
        }
    }

    /// Whether the prior is uniform (moves need no Metropolis test).
    pub(super) fn flat(&self) -> bool {
        self.tilt.is_flat() && self.learn.is_none()
    }

    /// Adds `n` draws from the prior: past fleets for an anchored prior, else exact
    /// uniform draws.
    pub(super) fn draw_prior(&mut self, n: usize, rng: &mut dyn Rng) {
        if self.anchored() {
            self.draw_anchored(n, rng);
        } else if self.exact() {
            self.draw_habit(n, rng);
        } else {
            self.draw_uniform(n, rng);
        }
    }

    pub(super) fn count(&self) -> usize {
        self.occ.len()
    }

    /// Takes in the answers of `view`: drops the particles they contradict and notes how
    /// many survived. A view of another game starts afresh.
    pub(super) fn observe(&mut self, view: &TargetBoard) -> Evidence<N> {
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
    pub(super) fn advance(
        &mut self,
        view: &TargetBoard,
        ev: &Evidence<N>,
        rng: &mut dyn Rng,
    ) -> bool {
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
    pub(super) fn first_population(&mut self, ev: &Evidence<N>) -> Opening<N> {
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
    pub(super) fn draws(&self, n: usize) -> usize {
        if self.frozen() {
            // Redrawn, they would be the same fleets.
            0
        } else if self.flat() || self.anchored() || self.exact() {
            n
        } else {
            n.div_ceil(4)
        }
    }

    pub(super) fn clear(&mut self) {
        self.log_z = 0.0;
        self.pos.clear();
        self.fixed.clear();
        self.occ.clear();
        self.label.clear();
        self.last = None;
    }

    /// Keeps the particles consistent with the evidence, noting their sunk ships.
    pub(super) fn filter(&mut self, ev: &Evidence<N>) {
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
    pub(super) fn consistent(&self, p: usize, ev: &Evidence<N>) -> Option<u64> {
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
    pub(super) fn draw_uniform(&mut self, n: usize, rng: &mut dyn Rng) {
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
    pub(super) fn build(&mut self, ev: &Evidence<N>, rng: &mut dyn Rng) {
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
    pub(super) fn settle(&mut self, start: usize, ev: &Evidence<N>, rng: &mut dyn Rng) {
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

    pub(super) fn push(&mut self, row: &[u16], fixed: u64) -> usize {
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
    pub(super) fn refill(&mut self, rng: &mut dyn Rng) {
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

    pub(super) fn occupancy(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.geo.dims.area()];
        for m in &self.occ {
            for i in m.ones() {
                counts[i] += 1;
            }
        }
        counts
    }
}
