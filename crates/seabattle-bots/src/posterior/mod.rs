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
//! [`Posterior::smoothed`] reads the same population more finely: each ship of each
//! fleet counts every place it could take given the others (under the uniform prior,
//! each equally likely), not only the one it holds. The expert uses it where ships may
//! touch and the fleets are too many for a sample's shares (`smooth.rs`).
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

use crate::habit::Habit;
use rand::Rng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Rules, Touching};

mod geometry;
mod learned;
mod prior;
mod smc;
mod smooth;
mod steps;
mod tilt;

use prior::Learn;
pub(crate) use prior::LearnedPart;
use smc::Smc;
pub use tilt::Tilt;

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
                    m.ev = None;
                    continue;
                }
                let ok = m.advance(view, &ev, rng);
                m.ev = ok.then_some(ev);
                any |= ok;
            }
            any
        })
    }

    /// The weight of each prior given the answers so far (they sum to 1; all 0 before
    /// the first update).
    pub fn weights(&self) -> Vec<f64> {
        each!(&self.inner, models => mixture(models))
    }

    /// For each cell (index `row * width + col`), the probability that it holds a ship,
    /// Rao-Blackwellised (see `smooth.rs`): far less noisy than [`Posterior::probabilities`]
    /// from the same fleets. `None` unless every prior that weighs in is uniform (the
    /// conditionals of a tilted or learned prior are not).
    pub fn smoothed(&self) -> Option<Vec<f64>> {
        let weights = self.weights();
        each!(&self.inner, models => {
            let mut out = vec![0.0; models[0].geo.dims.area()];
            let mut any = false;
            for (m, w) in models.iter().zip(weights) {
                if w == 0.0 || m.count() == 0 {
                    continue;
                }
                let s = m.smoothed(m.ev.as_ref()?)?;
                for (o, x) in out.iter_mut().zip(&s) {
                    *o += w * x;
                }
                any = true;
            }
            any.then_some(out)
        })
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
