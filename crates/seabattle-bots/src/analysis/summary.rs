//! A side's shots summed up.

use super::types::{ShotJudgement, SideSummary, Verdict};
use seabattle_core::Player;

/// `player`'s shots among `shots`, summed up; `expert_shots` is what the expert needed
/// against the fleet they shot at, if worked out.
pub(super) fn summarise(
    shots: &[ShotJudgement],
    player: Player,
    expert_shots: Option<f64>,
) -> SideSummary {
    let mine: Vec<&ShotJudgement> = shots.iter().filter(|s| s.player == player).collect();
    let n = mine.len();
    let quality: f64 = mine.iter().map(|s| s.quality).sum();
    let expected: f64 = mine.iter().map(|s| s.p).sum();
    let hits = mine.iter().filter(|s| s.hit).count();
    let count = |v: Verdict| mine.iter().filter(|s| s.verdict == v).count();
    SideSummary {
        accuracy_percent: if n == 0 {
            100.0
        } else {
            100.0 * quality / n as f64
        },
        wasted: count(Verdict::Wasted),
        mistakes: count(Verdict::Mistake),
        luck: hits as f64 - expected,
        shots: n,
        hits,
        expert_shots,
    }
}
