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
//! Where ships may touch (`hasbro`) it aims by [`Posterior::smoothed`], the sample's
//! chances Rao-Blackwellised. Issue 43 measured lookahead there too (two shots, size
//! weights, a lattice, one-step rollouts of `density` over 200 posterior fleets, short
//! rollouts to finish hit ships): none beat greedy (docs/levels.md, "The expert on
//! the world's fleet").
//!
//! How much any shooter could gain: `examples/optimal/` computes the exact optimum
//! and the exact greedy value on small boards (README, "How far is greedy from the best
//! possible shooter?"). Greedy is within 0.0–1.0% of the optimum on all but one of
//! them (4×4 with 3,2 touching: 1.9%, nearly all while finishing a ship; 1.1% on 5×4),
//! and 0.5–1.0% on 5×5 Russian rules, against the 2.9–3.0% the targets of 54.0 and 43.5
//! ask for.

use crate::density::Density;
use crate::habit::Habit;
use crate::learn::OpponentPrior;
use crate::posterior::Posterior;
use crate::shooting::Shooter;
use crate::targeting::best_cells;
use rand::Rng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, Rules, Touching};
use std::sync::Arc;

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
    /// What was learned of this opponent, taken at game start.
    opponent: Option<Arc<OpponentPrior>>,
    /// Whether the sampler has yet to take `opponent` in (at the next game's start).
    pending: bool,
    /// The opponent's habit, told (the ceiling of `bench --habits`).
    told: Option<Habit>,
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
            opponent: None,
            pending: false,
            told: None,
        }
    }

    /// An expert told the true distribution of the opponent's fleets, `habit`: it
    /// shoots by the posterior under the placer that drew them. A benchmark instrument
    /// (the most learning the habit could gain), never a level.
    pub fn ceiling(effort: Effort, habit: Habit) -> Expert {
        Expert {
            told: Some(habit),
            ..Expert::new(effort)
        }
    }

    /// An expert that mixes in what `prior` learned of its opponent (see
    /// [`crate::learn`]).
    pub fn with_opponent(effort: Effort, prior: Option<Arc<OpponentPrior>>) -> Expert {
        let mut e = Expert::new(effort);
        e.set_opponent(prior);
        e
    }

    /// An expert under the uniform prior alone: what the packed prior adds is measured
    /// against it.
    pub fn uniform(effort: Effort) -> Expert {
        Expert {
            packed: false,
            ..Expert::new(effort)
        }
    }

    fn sampler(&mut self, rules: &Rules, new_game: bool) -> &mut Posterior {
        if self.sampler.as_ref().is_some_and(|(r, _)| r != rules) {
            self.sampler = None;
        }
        let (particles, packed, told) = (self.effort.particles, self.packed, self.told);
        let (_, posterior) = self.sampler.get_or_insert_with(|| {
            let posterior = if let Some(habit) = told {
                Posterior::ceiling(rules, habit, particles)
            } else if packed {
                Posterior::adaptive(rules, particles)
            } else {
                Posterior::new(rules, particles)
            };
            (rules.clone(), posterior)
        });
        // The opponent's prior changes only between games.
        if new_game && self.pending {
            self.pending = false;
            let parts = self
                .opponent
                .as_ref()
                .filter(|o| o.rules() == rules)
                .map(|o| o.parts(particles))
                .unwrap_or_default();
            posterior.set_learned(&parts);
        }
        posterior
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
        let posterior = self.sampler(rules, view.shots().is_empty());
        if !posterior.update(view, rng) {
            // No fleet fits what the view says (it breaks the rules): fall back to
            // counting ships one by one, which always has an answer.
            return self.fallback.choose(rules, view, count, rng);
        }
        // Where ships may touch the fleets are many and a sample's shares are noisy: the
        // smoothed chances, from the same fleets, are far closer to the exact ones.
        let smoothed = (rules.touching() == Touching::Allowed)
            .then(|| posterior.smoothed())
            .flatten();
        let probability = smoothed.unwrap_or_else(|| posterior.probabilities());
        let width = usize::from(view.dims().width());
        best_cells(
            view,
            |c| probability[usize::from(c.row) * width + usize::from(c.col)],
            count,
            rng,
        )
    }

    fn set_opponent(&mut self, prior: Option<Arc<OpponentPrior>>) {
        self.opponent = prior;
        self.pending = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlacerKind;
    use crate::learn::History;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use seabattle_core::{Fleet, Sea};

    const EFFORT: Effort = Effort { particles: 300 };

    /// The cells `expert` shoots at `fleet`, one at a time, with a generator of `seed`;
    /// `mid_game` runs after the fifth decision.
    fn game(
        expert: &mut Expert,
        fleet: &Fleet,
        seed: u64,
        mut mid_game: impl FnMut(&mut Expert),
    ) -> Vec<Coord> {
        let rules = fleet.rules().clone();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut sea = Sea::new(fleet.clone());
        let mut view = TargetBoard::new(&rules);
        let mut shots = Vec::new();
        while !sea.all_sunk() && shots.len() < rules.dims().area() {
            let c = expert.choose(&rules, &view, 1, &mut rng)[0];
            let shot = sea.fire(c).unwrap();
            view.record(c, &shot);
            shots.push(c);
            if shots.len() == 5 {
                mid_game(expert);
            }
        }
        shots
    }

    fn fleets(placer: PlacerKind, n: usize) -> Vec<Fleet> {
        let rules = Rules::classic();
        let mut rng = StdRng::seed_from_u64(8);
        (0..n)
            .map(|_| placer.place(&rules, &mut rng).unwrap())
            .collect()
    }

    #[test]
    fn an_erased_history_leaves_the_plain_expert() {
        let f = fleets(PlacerKind::Reuser, 6);
        let mut history = History::new(&Rules::classic());
        for x in &f[..5] {
            history.record(x).unwrap();
        }
        let mut learned = Expert::with_opponent(EFFORT, history.prior());
        let with = game(&mut learned, &f[5], 1, |_| {});
        history.erase();
        learned.set_opponent(history.prior());
        let erased = game(&mut learned, &f[5], 2, |_| {});
        let plain = game(&mut Expert::new(EFFORT), &f[5], 2, |_| {});
        assert_eq!(erased, plain);
        // And the history was worth something while it was there.
        assert!(with.len() < plain.len(), "{} {}", with.len(), plain.len());
    }

    #[test]
    fn learning_works_under_every_rule_preset() {
        for preset in seabattle_core::Preset::ALL {
            let rules = preset.rules();
            let mut rng = StdRng::seed_from_u64(6);
            let mut history = History::new(&rules);
            for placer in [PlacerKind::Reuser, PlacerKind::Reuser, PlacerKind::Hugger] {
                history
                    .record(&placer.place(&rules, &mut rng).unwrap())
                    .unwrap();
            }
            let mut shooter = crate::ShooterKind::Expert.build_with(EFFORT);
            shooter.set_opponent(history.prior());
            let mut sea = Sea::new(PlacerKind::Reuser.place(&rules, &mut rng).unwrap());
            let mut view = TargetBoard::new(&rules);
            let mut turns = 0;
            while !sea.all_sunk() && turns < 2 * rules.dims().area() {
                let left = rules.dims().area() - sea.incoming().len();
                let count = rules.volley_size(rules.fleet().len(), left);
                for c in shooter.choose(&rules, &view, count, &mut rng) {
                    if let Ok(shot) = sea.fire(c) {
                        view.record(c, &shot);
                    }
                }
                if let Some((_, decks)) = sea.relocation_due()
                    && let Some(cells) =
                        seabattle_core::flying::random_move(&rules, decks, sea.incoming(), &mut rng)
                    && sea.relocate(&cells.iter().collect::<Vec<_>>()).is_ok()
                {
                    view.relocated();
                }
                turns += 1;
            }
            assert!(sea.all_sunk(), "{preset}");
        }
    }

    /// The habits part (a learned table of weights) leaves nothing behind either.
    #[test]
    fn an_erased_habit_history_leaves_the_plain_expert() {
        let rules = Rules::classic();
        let mut rng = StdRng::seed_from_u64(12);
        let habit = crate::HabitKind::Half.player(&mut rng);
        let f: Vec<Fleet> = (0..11)
            .map(|_| habit.place(&rules, &mut rng).unwrap())
            .collect();
        let mut history = History::new(&rules);
        for x in &f[..10] {
            history.record(x).unwrap();
        }
        let prior = history.prior();
        assert!(prior.as_ref().unwrap().weights()[2] > 0.5);
        let mut learned = Expert::with_opponent(EFFORT, prior);
        game(&mut learned, &f[10], 1, |_| {});
        history.erase();
        learned.set_opponent(history.prior());
        let erased = game(&mut learned, &f[10], 2, |_| {});
        let plain = game(&mut Expert::new(EFFORT), &f[10], 2, |_| {});
        assert_eq!(erased, plain);
    }

    #[test]
    fn no_history_is_the_plain_expert() {
        let f = fleets(PlacerKind::Uniform, 1);
        let plain = game(&mut Expert::new(EFFORT), &f[0], 3, |_| {});
        let none = game(&mut Expert::with_opponent(EFFORT, None), &f[0], 3, |_| {});
        assert_eq!(plain, none);
    }

    /// What is learned during a game (its own fleet, say, recorded the moment it
    /// ends, or by a careless caller before) reaches the expert only at the next game.
    #[test]
    fn a_prior_is_taken_only_when_a_game_starts() {
        let f = fleets(PlacerKind::Uniform, 2);
        let mut history = History::new(&Rules::classic());
        history.record(&f[0]).unwrap();
        let before = history.prior();
        let mut told = history.clone();
        told.record(&f[1]).unwrap();
        let told = told.prior();
        let mut a = Expert::with_opponent(EFFORT, before.clone());
        let mut b = Expert::with_opponent(EFFORT, before);
        let quiet = game(&mut a, &f[1], 4, |_| {});
        let leaked = game(&mut b, &f[1], 4, |e| e.set_opponent(told.clone()));
        assert_eq!(quiet, leaked);
    }
}
