//! How hard a fleet is to find: the shots the expert needs to sink it, against the
//! shots it needs for a fleet drawn uniformly at random.

use super::types::FleetHardness;
use crate::expert::Effort;
use crate::shooter::{Shooter, ShooterKind};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Fleet, Placer, Rules, Sea};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The seed of the uniform yardstick: a figure of the rules alone, the same in every
/// game's analysis, so it is worked out once per process ([`uniform_mean_of`]).
const UNIFORM_SEED: u64 = 0x0DD5_F1EE7;

/// A seed per (stream, run), well mixed (SplitMix64), so that runs of nearby game ids
/// share no draws.
pub(super) fn mix(seed: u64, stream: u64) -> u64 {
    let mut z = seed
        .wrapping_add(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The shots `shooter` fires, one at a time, to sink `fleet`. One at a time under every
/// rules (a salvo's volley size depends on the shooter's own fleet, which a lone
/// shooter has not): the figure counts cells, not turns.
fn shots_to_sink(shooter: &mut dyn Shooter, rules: &Rules, fleet: Fleet, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sea = Sea::new(fleet);
    let mut view = TargetBoard::new(rules);
    let mut shots = 0;
    while !sea.all_sunk() && shots < rules.dims().area() {
        let Some(&c) = shooter.choose(rules, &view, 1, &mut rng).first() else {
            break;
        };
        let Ok(shot) = sea.fire(c) else { break };
        view.record(c, &shot);
        shots += 1;
    }
    shots
}

/// The mean shots the expert needs against `fleet`, over `runs` games seeded from
/// `seed`. The expert keeps `particles` fleets and the uniform prior alone: it judges
/// the fleet, not its owner's habits.
pub fn expert_mean(fleet: &Fleet, seed: u64, runs: usize, particles: usize) -> f64 {
    let rules = fleet.rules();
    // One shooter for all the games: its first population is drawn once, and no game
    // depends on the games before it (see `posterior`).
    let mut shooter = expert(particles);
    let total: usize = (0..runs)
        .map(|run| {
            shots_to_sink(
                shooter.as_mut(),
                rules,
                fleet.clone(),
                mix(seed, run as u64),
            )
        })
        .sum();
    mean(total, runs)
}

/// The mean shots the expert needs against fleets drawn uniformly under `rules`, over
/// `runs` games seeded from `seed`: the yardstick of [`expert_mean`]. It depends on the
/// rules alone, so a caller may work it out once and keep it.
pub fn uniform_mean(rules: &Rules, seed: u64, runs: usize, particles: usize) -> f64 {
    let mut shooter = expert(particles);
    let placer = Placer::new(rules);
    let mut draw = StdRng::seed_from_u64(mix(seed, u64::MAX));
    let (mut total, mut played) = (0usize, 0usize);
    for run in 0..runs {
        // Analysed rules always have fleets; a draw that fails is left out.
        let Ok(f) = placer.sample(&mut draw) else {
            continue;
        };
        total += shots_to_sink(shooter.as_mut(), rules, f, mix(seed, run as u64));
        played += 1;
    }
    mean(total, played)
}

/// [`uniform_mean`] from a fixed seed, kept per (rules, runs, particles) for the life of
/// the process: it is as costly as a fleet's own figure and the same for every game.
pub fn uniform_mean_of(rules: &Rules, runs: usize, particles: usize) -> f64 {
    type Key = (Rules, usize, usize);
    static CACHE: OnceLock<Mutex<HashMap<Key, f64>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    let key = (rules.clone(), runs, particles);
    if let Some(&hit) = cache.lock().ok().as_ref().and_then(|c| c.get(&key)) {
        return hit;
    }
    let mean = uniform_mean(rules, UNIFORM_SEED, runs, particles);
    if let Ok(mut c) = cache.lock() {
        c.insert(key, mean);
    }
    mean
}

/// How hard `fleet` is to find: [`expert_mean`], its games seeded from `seed` (the game
/// id), beside [`uniform_mean_of`], so the figures are the same every time.
pub fn fleet_hardness(fleet: &Fleet, seed: u64, runs: usize, particles: usize) -> FleetHardness {
    FleetHardness {
        mean_expert_shots: expert_mean(fleet, seed, runs, particles),
        uniform_mean_expert_shots: uniform_mean_of(fleet.rules(), runs, particles),
        runs,
    }
}

/// The expert under the uniform prior alone.
fn expert(particles: usize) -> Box<dyn Shooter> {
    ShooterKind::UniformPosterior.build_with(Effort { particles })
}

fn mean(sum: usize, n: usize) -> f64 {
    if n == 0 { 0.0 } else { sum as f64 / n as f64 }
}
