//! Each shot judged from its shooter's view before the volley it belongs to: the
//! uniform posterior's chance of a ship on every cell not yet shot, with the cells no
//! consistent fleet can cover forced to exactly 0.

use super::feasible::Feasibility;
use super::types::{AnalysisError, ShotJudgement, Verdict};
use crate::posterior::Posterior;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Answer, Coord, Player, Rules};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The chance given to a cell some fleet may cover but no sampled fleet did: a sample
/// of a few thousand fleets misses rare places, and a shot there was not wasted, so it
/// must not read as `p = 0`.
pub(super) const RARE: f64 = 1e-6;

/// Fleets sampled for the board before any shot. Its chances depend on the rules alone,
/// and there every cell is within a few hundredths of the best, so the noise of a
/// 2,000-fleet sample (about 0.015 at worst in `classic`) would decide the first shot's
/// quality; ten times the fleets bring it under 0.01, paid once per rules.
const FIRST_VIEW_PARTICLES: usize = 20_000;
/// The seed of that sample: the rules' own figure, the same for every game.
const FIRST_VIEW_SEED: u64 = 0x5EA_BA77;

/// The chances before any shot under `rules`, worked out once per process and rules.
/// The figure comes from a fixed seed, so whichever thread works it out first, every
/// analysis reads the same numbers.
fn first_view(rules: &Rules, view: &TargetBoard) -> Option<Vec<f64>> {
    static CACHE: OnceLock<Mutex<HashMap<Rules, Vec<f64>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(hit) = cache.lock().ok()?.get(rules) {
        return Some(hit.clone());
    }
    let mut posterior = Posterior::new(rules, FIRST_VIEW_PARTICLES);
    if !posterior.update(view, &mut StdRng::seed_from_u64(FIRST_VIEW_SEED)) {
        return None;
    }
    let chances = posterior.smoothed()?;
    cache.lock().ok()?.insert(rules.clone(), chances.clone());
    Some(chances)
}

/// Below this quality, with a cell at [`HALF_FOUND`] or more open, a shot is a mistake.
const MISTAKE_QUALITY: f64 = 0.5;
/// The chance of a ship that makes a cell a ship half-found.
const HALF_FOUND: f64 = 0.5;

/// One shooter's judge: its own sampler, fed its views in order.
pub(super) struct Judge {
    rules: Rules,
    player: Player,
    posterior: Posterior,
    feasibility: Feasibility,
    rng: StdRng,
}

impl Judge {
    /// A judge of `player`'s shots; `seed` makes its sampler's draws the same every time.
    pub(super) fn new(rules: &Rules, player: Player, particles: usize, seed: u64) -> Judge {
        Judge {
            rules: rules.clone(),
            player,
            posterior: Posterior::new(rules, particles),
            feasibility: Feasibility::new(rules),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Every cell's chance of holding an unhit ship cell, given `view` (index
    /// `row * width + col`): 0 for cells shot or that no fleet can cover, at least
    /// [`RARE`] for the others.
    pub(super) fn chances(
        &mut self,
        view: &TargetBoard,
        number: usize,
    ) -> Result<Vec<f64>, AnalysisError> {
        if !self.posterior.update(view, &mut self.rng) {
            return Err(AnalysisError::NoFleetFits {
                player: self.player,
                number,
            });
        }
        // Under the uniform prior the smoothed chances are unbiased and far less noisy
        // than the sample's shares; the shares are the fallback should they be missing.
        let fine = if view.shots().is_empty() {
            first_view(&self.rules, view)
        } else {
            None
        };
        let raw = fine
            .or_else(|| self.posterior.smoothed())
            .unwrap_or_else(|| self.posterior.probabilities());
        let open = self.feasibility.coverable(view).minus(&view.shots());
        let width = usize::from(view.dims().width());
        let mut out = vec![0.0; raw.len()];
        for c in open.iter() {
            let i = usize::from(c.row) * width + usize::from(c.col);
            // The posterior counts hit cells as ship cells too; only unshot cells are
            // kept, so what is left is the chance of an unhit ship cell.
            out[i] = raw[i].clamp(RARE, 1.0);
        }
        Ok(out)
    }

    /// Judges a volley fired from `view`: every cell against the same view, before any
    /// of the volley's answers.
    pub(super) fn volley(
        &mut self,
        view: &TargetBoard,
        shots: &[(Coord, Answer)],
        number: usize,
    ) -> Result<Vec<ShotJudgement>, AnalysisError> {
        let chances = self.chances(view, number)?;
        let width = usize::from(view.dims().width());
        let at = |c: Coord| chances[usize::from(c.row) * width + usize::from(c.col)];
        let unshot = seabattle_core::CellSet::full(view.dims()).minus(&view.shots());
        let best = unshot.iter().map(at).fold(0.0, f64::max);
        let best_cells: Vec<Coord> = unshot.iter().filter(|&c| at(c) == best).collect();
        Ok(shots
            .iter()
            .map(|&(cell, answer)| {
                let p = at(cell);
                let quality = if best > 0.0 { p / best } else { 0.0 };
                let verdict = if p == 0.0 {
                    Verdict::Wasted
                } else if quality < MISTAKE_QUALITY && best >= HALF_FOUND {
                    Verdict::Mistake
                } else {
                    Verdict::Fine
                };
                ShotJudgement {
                    number,
                    player: self.player,
                    cell,
                    p,
                    best,
                    best_cells: best_cells.clone(),
                    quality,
                    verdict,
                    hit: answer.is_hit(),
                }
            })
            .collect())
    }
}
