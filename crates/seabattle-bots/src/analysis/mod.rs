//! Game analysis (issue 50): every shot of a finished game judged from its shooter's
//! own information, each side summed up, and each fleet judged by how hard it was to
//! find.
//!
//! A shot is judged under the uniform prior over legal fleets, from the shooter's view
//! before its volley (its shots and their answers, the ships it sank): never the hidden
//! fleet, never a learned habit, so anyone can reproduce it. `p` is the chance the cell
//! held an unhit ship cell, `best` the highest chance among the cells not yet shot,
//! and `quality = p / best`. A cell no consistent fleet could cover is decided exactly
//! (`feasible.rs`) and has `p = 0`; every other cell has `p > 0`.
//!
//! # Rules supported
//! Every rules without pieces or a flying ship: of the presets, `classic`,
//! `classic-corners`, `classic-bent`, `hasbro`, `big15` and `salvo`, and custom rules
//! of the same kind. `mines`, `minesweepers`, `submarines` and `dutchman` are refused
//! with [`AnalysisError::Unsupported`]: the posterior models neither pieces nor a ship
//! that moves.
//!
//! # Same record, same analysis
//! Every generator is seeded from the `seed` passed in (the game id) and the work runs
//! on one thread in a fixed order, so the analysis of a record never changes. Two
//! figures depend on the rules alone and are kept for the life of the process: the
//! chances before any shot (20,000 fleets, so the first shot is judged to within 0.01)
//! and the uniform yardstick of hardness. Both come from fixed seeds, so whichever call
//! works them out, every analysis reads the same numbers.
//!
//! # Cost
//! `examples/analysis_bench.rs`, release build: the shots of a `classic` game take about
//! 0.45 s per 100 shots on one core. Hardness is far dearer (200 expert games per fleet,
//! about 4 s a game, and some 2.5 s more once per process for the yardstick): set
//! [`Options::hardness_runs`] to 0 to leave it out and work it out apart with
//! [`fleet_hardness`].

mod feasible;
mod hardness;
mod judge;
mod summary;
mod types;

pub use hardness::{expert_mean, fleet_hardness, uniform_mean, uniform_mean_of};
pub use types::{
    Analysis, AnalysisError, FleetHardness, Options, ShotJudgement, SideSummary, Verdict,
};

use hardness::mix;
use judge::Judge;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Fleet, GameRecord, Move, Outcome, Player, Rules};

/// Whether [`analyse`] can judge games under `rules`: no pieces, no flying ship.
pub fn supported(rules: &Rules) -> bool {
    rules.pieces().count() == 0 && !rules.flying()
}

/// Each cell's chance of holding an unhit ship cell given `view` (index
/// `row * width + col`), as [`analyse`] judges shots: 0 exactly for cells shot or that no
/// consistent fleet can cover, above 0 for the others. `None` if no fleet fits the view.
/// For a page that shows what the shooter knew.
pub fn chances(rules: &Rules, view: &TargetBoard, particles: usize, seed: u64) -> Option<Vec<f64>> {
    Judge::new(rules, Player::One, particles, seed)
        .chances(view, 0)
        .ok()
}

/// Analyses a finished game. `seed` (the game id) seeds every generator: the same
/// record and seed give the same analysis every time.
pub fn analyse(record: &GameRecord, seed: u64, opts: &Options) -> Result<Analysis, AnalysisError> {
    let rules = &record.rules;
    if !supported(rules) {
        return Err(AnalysisError::Unsupported {
            rules: rules.to_string(),
        });
    }
    // Each volley with its shooter's view just before it: one replay for the whole game.
    let mut volleys: Vec<(usize, Player, TargetBoard)> = Vec::new();
    let game = record
        .replay_each(&mut |done, game| {
            if let Some(Move::Volley { player, .. }) = record.moves.get(done) {
                volleys.push((done + 1, *player, game.view(*player).enemy));
            }
        })
        .map_err(|e| AnalysisError::Record {
            message: e.to_string(),
        })?;
    if game.outcome() == Outcome::InProgress {
        return Err(AnalysisError::Unfinished);
    }
    let mut judges = Player::BOTH
        .map(|p| Judge::new(rules, p, opts.particles, mix(seed, 100 + p.index() as u64)));
    let mut shots = Vec::new();
    for (number, player, view) in &volleys {
        let Some(Move::Volley { shots: fired, .. }) = record.moves.get(number - 1) else {
            continue;
        };
        shots.extend(judges[player.index()].volley(view, fired, *number)?);
    }
    let fleets = if opts.hardness_runs == 0 {
        None
    } else {
        Some(both_fleets(record, seed, opts)?)
    };
    let sides = Player::BOTH.map(|p| {
        let against = fleets
            .as_ref()
            .map(|f| f[p.other().index()].mean_expert_shots);
        summary::summarise(&shots, p, against)
    });
    Ok(Analysis {
        rules: rules.clone(),
        sides,
        shots,
        fleets,
    })
}

/// Both fleets' hardness, each fleet's games seeded from the game's seed.
fn both_fleets(
    record: &GameRecord,
    seed: u64,
    opts: &Options,
) -> Result<[FleetHardness; 2], AnalysisError> {
    let judge = |p: Player| {
        let fleet = Fleet::new(record.fleets[p.index()].clone(), &record.rules).map_err(|e| {
            AnalysisError::Record {
                message: e.to_string(),
            }
        })?;
        let seed = mix(seed, 200 + p.index() as u64);
        Ok(fleet_hardness(
            &fleet,
            seed,
            opts.hardness_runs,
            opts.hardness_particles,
        ))
    };
    Ok([judge(Player::One)?, judge(Player::Two)?])
}
