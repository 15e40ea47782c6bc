//! The benchmark's games, played on threads from one plan, and the figures they give:
//! shared by `seabattle bench` and its Hasbro report, so neither names the other.

use super::bench_game::{GameResult, game_seed, history_before, play_one};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::expert::Effort;
use seabattle_bots::{PlacerKind, ShooterKind};
use seabattle_core::{Fleet, Rules};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Where each game's fleet comes from.
pub(super) enum Boards {
    /// Each game's fleet drawn by the placer from the game's own seed.
    Placer(PlacerKind),
    /// These fleets, game `i` the `i`th.
    Fixed(Vec<Fleet>),
}

/// Games before `mean_after_ten`.
pub(super) const AFTER: usize = 10;

/// What every game of a run shares.
pub(super) struct Plan<'a> {
    pub(super) rules: &'a Rules,
    pub(super) effort: Effort,
    pub(super) games: usize,
    pub(super) seed: u64,
    pub(super) threads: usize,
    pub(super) progress: bool,
    /// Whether the games are one opponent's, in order, each learned when it ended.
    pub(super) learn: bool,
}

/// Game `i`'s fleet and its generator as it stands after the fleet was drawn: the same
/// with and without --learn.
fn board(rules: &Rules, boards: &Boards, seed: u64, i: usize) -> anyhow::Result<(Fleet, StdRng)> {
    let mut rng = StdRng::seed_from_u64(game_seed(seed, i));
    let fleet = match boards {
        Boards::Placer(p) => p.place(rules, &mut rng)?,
        Boards::Fixed(f) => f[i].clone(),
    };
    Ok((fleet, rng))
}

/// With --learn, every game's fleet, drawn before any is played: game `i` learns from
/// `fleets[..i]` alone, whichever thread plays it and whenever.
fn draw_all(plan: &Plan, boards: &Boards) -> anyhow::Result<Vec<Fleet>> {
    (0..plan.games)
        .map(|i| board(plan.rules, boards, plan.seed, i).map(|(f, _)| f))
        .collect()
}

/// Plays `shooter` on every game of `plan`, on `threads` threads; the results in game
/// order, the same on any number of threads.
pub(super) fn play_all(
    plan: &Plan,
    shooter: ShooterKind,
    boards: &Boards,
) -> anyhow::Result<Vec<GameResult>> {
    let Plan {
        rules,
        effort,
        games,
        seed,
        threads,
        progress,
        learn,
    } = *plan;
    let sequence = if learn {
        draw_all(plan, boards)?
    } else {
        Vec::new()
    };
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut results: Vec<Option<anyhow::Result<GameResult>>> = (0..games).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    let mut player = shooter.build_with(effort);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            break;
                        }
                        let t = Instant::now();
                        if learn {
                            player.set_opponent(history_before(rules, &sequence, i).prior());
                        }
                        let learning = t.elapsed().as_secs_f64();
                        let game = board(rules, boards, seed, i).map(|(fleet, mut rng)| {
                            let mut r = play_one(rules, player.as_mut(), fleet, &mut rng);
                            r.learning = learning;
                            r
                        });
                        mine.push((i, game));
                        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if progress && (n % 50 == 0 || n == games) {
                            eprint!("\r{n}/{games} games");
                        }
                    }
                    mine
                })
            })
            .collect();
        for w in workers {
            for (i, r) in w.join().unwrap_or_default() {
                results[i] = Some(r);
            }
        }
    });
    if progress {
        eprintln!();
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(anyhow::anyhow!("a worker thread died"))))
        .collect()
}

/// A run's figures: shots to sink the fleet, and time per decision.
pub(super) struct Stats {
    pub(super) mean: f64,
    pub(super) stderr: f64,
    pub(super) median: usize,
    pub(super) p10: usize,
    pub(super) p90: usize,
    pub(super) min: usize,
    pub(super) max: usize,
    pub(super) ms_mean: f64,
    pub(super) ms_max: f64,
}

impl Stats {
    pub(super) fn of(results: &[GameResult]) -> Stats {
        let mut shots: Vec<usize> = results.iter().map(|r| r.shots).collect();
        shots.sort_unstable();
        let n = shots.len().max(1) as f64;
        let mean = shots.iter().sum::<usize>() as f64 / n;
        let var = shots
            .iter()
            .map(|&s| (s as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        let q = |p: f64| {
            shots
                .get(((shots.len() as f64 - 1.0) * p).round() as usize)
                .copied()
                .unwrap_or(0)
        };
        let decisions: usize = results.iter().map(|r| r.decisions).sum();
        Stats {
            mean,
            stderr: (var / n).sqrt(),
            median: q(0.5),
            p10: q(0.1),
            p90: q(0.9),
            min: shots.first().copied().unwrap_or(0),
            max: shots.last().copied().unwrap_or(0),
            ms_mean: 1000.0 * results.iter().map(|r| r.seconds).sum::<f64>()
                / decisions.max(1) as f64,
            ms_max: 1000.0 * results.iter().map(|r| r.worst).fold(0.0, f64::max),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A --learn game learns from the games before it and never from its own fleet or a
    /// later one's, which have not ended when it starts.
    #[test]
    fn a_learning_game_sees_only_the_fleets_of_earlier_games() {
        let rules = Rules::classic();
        let plan = Plan {
            rules: &rules,
            effort: Effort::default(),
            games: 6,
            seed: 9,
            threads: 1,
            progress: false,
            learn: true,
        };
        let fleets = draw_all(&plan, &Boards::Placer(PlacerKind::Uniform)).unwrap();
        for k in 0..fleets.len() {
            let history = history_before(&rules, &fleets, k);
            assert_eq!(history.fleets(), &fleets[..k]);
        }
        assert!(history_before(&rules, &fleets, 0).prior().is_none());
        // Game k's fleet is the one it plays, drawn as without --learn.
        for (k, f) in fleets.iter().enumerate() {
            let (own, _) = board(&rules, &Boards::Placer(PlacerKind::Uniform), 9, k).unwrap();
            assert_eq!(&own, f);
        }
    }
}
