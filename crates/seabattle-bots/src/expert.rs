//! The `expert` shooter: shoots where a ship is most likely under the posterior over
//! whole fleets (see [`crate::posterior`]), a mixture of the uniform prior, a packed
//! one and an edge one, weighed by the answers, so it adapts within a game to people
//! who hug the edges or follow Perelman's advice.
//!
//! What was measured and dropped (`seabattle bench --shooter expert`, classic, the
//! same boards): a two-shot lookahead (expected hits in two shots) lost 1.2 shots; a
//! bonus for the outcome's entropy, for the halo a hit uncovers, or for cells no halo
//! can clear, and weighting ships by size, all came within noise of the greedy choice
//! or lost to it; 6,000 particles instead of 2,000 gained nothing measurable. Marking
//! down search cells by the misses a hit there would cost to finish the ship lost
//! 0.28 ± 0.32. Exact search of endgames with two or three one-deckers left, and of
//! finishing a lone hit ship, agrees with the greedy choice to within 0.004 shots.
//!
//! How much any shooter could gain: `examples/optimal.rs` computes the exact optimum
//! and the exact greedy value on small boards (README, "How far is greedy from the best
//! possible shooter?"). Greedy is within 0.0–1.0% of the optimum on all but one of
//! them (4×4 with 3,2 touching: 1.9%, nearly all while finishing a ship; 1.1% on 5×4),
//! and 0.5–1.0% on 5×5 Russian rules, against the 2.9–3.0% the targets of 54.0 and 43.5
//! ask for.

use crate::density::Density;
use crate::posterior::Posterior;
use crate::shooter::Shooter;
use crate::targeting::best_cells;
use rand::Rng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, Rules};

/// How much work the expert does per decision: the time/strength knob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Fleets kept in the uniform posterior sample (the packed one keeps half as many).
    /// More fleets, truer probabilities, and time per decision roughly in proportion.
    pub particles: usize,
}

impl Default for Effort {
    fn default() -> Effort {
        Effort { particles: 2000 }
    }
}

/// The expert shooter.
pub struct Expert {
    effort: Effort,
    /// Whether the packed prior is weighed in (else the uniform prior alone).
    packed: bool,
    sampler: Option<(Rules, Posterior)>,
    fallback: Density,
}

impl Default for Expert {
    fn default() -> Expert {
        Expert::new(Effort::default())
    }
}

impl Expert {
    /// An expert that works as hard as `effort` says.
    pub fn new(effort: Effort) -> Expert {
        Expert {
            effort,
            packed: true,
            sampler: None,
            fallback: Density::default(),
        }
    }

    /// An expert under the uniform prior alone: what the packed prior adds is measured
    /// against it.
    pub fn uniform(effort: Effort) -> Expert {
        Expert {
            packed: false,
            ..Expert::new(effort)
        }
    }

    fn sampler(&mut self, rules: &Rules) -> &mut Posterior {
        if self.sampler.as_ref().is_some_and(|(r, _)| r != rules) {
            self.sampler = None;
        }
        let (particles, packed) = (self.effort.particles, self.packed);
        &mut self
            .sampler
            .get_or_insert_with(|| {
                let posterior = if packed {
                    Posterior::adaptive(rules, particles)
                } else {
                    Posterior::new(rules, particles)
                };
                (rules.clone(), posterior)
            })
            .1
    }
}

impl Shooter for Expert {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let posterior = self.sampler(rules);
        if !posterior.update(view, rng) {
            // No fleet fits what the view says (it breaks the rules): fall back to
            // counting ships one by one, which always has an answer.
            return self.fallback.choose(rules, view, count, rng);
        }
        let probability = posterior.probabilities();
        let width = usize::from(view.dims().width());
        best_cells(
            view,
            |c| probability[usize::from(c.row) * width + usize::from(c.col)],
            count,
            rng,
        )
    }
}
