//! Game analysis (issue 50): after a game, every shot judged from what its shooter knew,
//! each side summed up, each fleet's hardness (`seabattle_bots::analysis` does the
//! judging). A finished game's analysis is made the first time it is asked for
//! (`GET /games/{id}/analysis.json`, in `web/http.rs`), once, in a lane of its own
//! ([`lane::Analyst`]: one job at a time, so at most one core, never on the threads
//! that answer shots), and stored ([`store`]); every later request reads it.
//!
//! An analysis is seeded by its record ([`seed_of`]): the same record gives the same
//! analysis on any node and in `seabattle analyse`, which runs [`analyse_record`]
//! itself, with no need to know the game's id.

pub mod lane;
pub mod profile;
pub mod store;

use seabattle_bots::analysis::{self, Analysis, AnalysisError, Options};
use seabattle_core::GameRecord;
use seabattle_wire::analysis::{
    AnalysisJson, FleetHardnessJson, JudgedShotJson, ShotVerdict, SideSummaryJson,
};
use sha2::{Digest, Sha256};

/// How analyses are made now: a stored one of another version is made again. Raise it
/// when the judging or its sample sizes change.
pub const VERSION: u32 = 2;

/// Whether games under `rules` can be analysed: no pieces, no flying ship.
pub fn supported(rules: &seabattle_core::Rules) -> bool {
    analysis::supported(rules)
}

/// The seed of `record`'s analysis: the first eight bytes of the SHA-256 of its JSON.
pub fn seed_of(record: &GameRecord) -> u64 {
    let json = serde_json::to_vec(record).unwrap_or_default();
    let digest = Sha256::digest(&json);
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// Analyses a finished game's record as the server does, with the full sample sizes.
/// Costly (seconds): call it off the async threads.
pub fn analyse_record(record: &GameRecord) -> Result<AnalysisJson, AnalysisError> {
    let analysis = analysis::analyse(record, seed_of(record), &Options::FULL)?;
    Ok(json(&analysis))
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The wire's form of an analysis.
fn json(a: &Analysis) -> AnalysisJson {
    AnalysisJson {
        version: VERSION,
        rules: a.rules.to_string(),
        sides: a.sides.clone().map(|s| SideSummaryJson {
            accuracy_percent: s.accuracy_percent,
            wasted: count(s.wasted),
            mistakes: count(s.mistakes),
            luck: s.luck,
            shots: count(s.shots),
            hits: count(s.hits),
            expert_shots: s.expert_shots,
        }),
        shots: a
            .shots
            .iter()
            .map(|s| JudgedShotJson {
                move_number: count(s.number),
                player: s.player,
                cell: s.cell.to_string(),
                p: s.p,
                best: s.best,
                best_cells: s.best_cells.iter().map(ToString::to_string).collect(),
                quality: s.quality,
                verdict: match s.verdict {
                    analysis::Verdict::Fine => ShotVerdict::Fine,
                    analysis::Verdict::Wasted => ShotVerdict::Wasted,
                    analysis::Verdict::Mistake => ShotVerdict::Mistake,
                },
                hit: s.hit,
            })
            .collect(),
        fleets: a.fleets.clone().map(|f| {
            f.map(|h| FleetHardnessJson {
                mean_expert_shots: h.mean_expert_shots,
                uniform_mean_expert_shots: h.uniform_mean_expert_shots,
                runs: count(h.runs),
            })
        }),
    }
}
