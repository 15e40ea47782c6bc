//! `seabattle bench --habits`: how much of a habit the learning expert takes, against
//! the ceiling of an expert told the habit.
//!
//! For each habit, `players` players (each with its own side or corner) place 51 fleets.
//! On each player's 11th and 51st fleet the expert plays without learning, with the
//! history of the games before (10 or 50 fleets), and told the habit (the ceiling), all
//! with the same generator: the figures are paired per game. Then one uniform player's
//! games in order, with and without learning (the no-harm figure, paired), and the
//! reuser's and mirrorer's games after their first ten.

use super::bench_game::{GameResult, game_seed, history_before, play_one};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::expert::{Effort, Expert};
use seabattle_bots::learn::MAX_HABIT_ODDS;
use seabattle_bots::{Habit, HabitKind, PlacerKind, Shooter, ShooterKind};
use seabattle_core::{Fleet, Rules};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The games of one player before the ones measured.
const EARLY: usize = 10;
/// The games of one player before the later one measured.
const LATE: usize = 50;
/// Games of the reuser and mirrorer (the first ten are not counted).
const REPEAT_GAMES: usize = 60;

/// What a measured game is played by.
#[derive(Clone, Copy, PartialEq)]
enum By {
    /// The expert knowing nothing of the player.
    Plain,
    /// The expert with the player's fleets of the games before this one.
    Learning,
    /// The expert told the player's habit.
    Ceiling(Habit),
}

/// One game to play: the fleets before it (the history) and its own.
struct Job {
    fleets: std::sync::Arc<Vec<Fleet>>,
    game: usize,
    by: By,
    seed: u64,
}

/// What the command was asked.
pub struct Plan<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The expert's effort.
    pub effort: Effort,
    /// Players per habit.
    pub players: usize,
    /// Games of the uniform player.
    pub uniform_games: usize,
    /// Only this habit's row, and none of the other opponents.
    pub only: Option<HabitKind>,
    /// The seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

fn draw(rules: &Rules, placer: PlacerKind, n: usize, seed: u64) -> anyhow::Result<Vec<Fleet>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let habit = placer.player(&mut rng);
    (0..n)
        .map(|_| match habit {
            Some(h) => Ok(h.place(rules, &mut rng)?),
            None => Ok(placer.place(rules, &mut rng)?),
        })
        .collect()
}

/// One game played: its result, and for a learning game the habit its prior weighed
/// in as its own, with the odds ([`seabattle_bots::OpponentPrior::weighed`]).
struct Played {
    result: GameResult,
    weighed: Option<(Habit, f64)>,
}

/// [`run_jobs`]'s results alone, for games that learn nothing to report.
fn results_of(plan: &Plan, jobs: &[Job]) -> Vec<GameResult> {
    run_jobs(plan, jobs).into_iter().map(|p| p.result).collect()
}

/// Plays every job on `threads` threads; results in the jobs' order.
fn run_jobs(plan: &Plan, jobs: &[Job]) -> Vec<Played> {
    let next = AtomicUsize::new(0);
    let mut out: Vec<Option<Played>> = (0..jobs.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..plan.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    let mut expert = ShooterKind::Expert.build_with(plan.effort);
                    let mut ceilings: HashMap<Habit, Expert> = HashMap::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        let fleet = job.fleets[job.game].clone();
                        let mut rng = StdRng::seed_from_u64(job.seed);
                        let mut weighed = None;
                        let shooter: &mut dyn Shooter = match job.by {
                            By::Plain => {
                                expert.set_opponent(None);
                                expert.as_mut()
                            }
                            By::Learning => {
                                // Only the fleets of games that ended: the ones before.
                                let history = history_before(plan.rules, &job.fleets, job.game);
                                let prior = history.prior();
                                weighed = prior.as_ref().and_then(|p| p.weighed());
                                expert.set_opponent(prior);
                                expert.as_mut()
                            }
                            By::Ceiling(h) => ceilings
                                .entry(h)
                                .or_insert_with(|| Expert::ceiling(plan.effort, h)),
                        };
                        let result = play_one(plan.rules, shooter, fleet, &mut rng);
                        mine.push((i, Played { result, weighed }));
                    }
                    mine
                })
            })
            .collect();
        for w in workers {
            for (i, r) in w.join().unwrap_or_default() {
                out[i] = Some(r);
            }
        }
    });
    out.into_iter().flatten().collect()
}

/// Decision times: mean, 99th percentile and the slowest, in milliseconds.
struct Times {
    mean: f64,
    p99: f64,
    max: f64,
}

impl Times {
    fn of(ms: &[f32]) -> Times {
        let mut sorted: Vec<f32> = ms.to_vec();
        sorted.sort_unstable_by(f32::total_cmp);
        let n = sorted.len();
        // The nearest-rank percentile: the time 99% of decisions take at most.
        let p99 = match n {
            0 => 0.0,
            _ => sorted[(n * 99).div_ceil(100).clamp(1, n) - 1],
        };
        Times {
            mean: sorted.iter().map(|&x| f64::from(x)).sum::<f64>() / n.max(1) as f64,
            p99: f64::from(p99),
            max: f64::from(sorted.last().copied().unwrap_or(0.0)),
        }
    }

    /// In words, for the summary line.
    fn long(&self) -> String {
        format!(
            "mean {:.2} ms, p99 {:.1} ms, max {:.1} ms",
            self.mean, self.p99, self.max
        )
    }
}

impl std::fmt::Display for Times {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.2}/{:.1}/{:.1}", self.mean, self.p99, self.max)
    }
}

/// Mean and standard error.
fn mean_se(x: &[f64]) -> (f64, f64) {
    let n = x.len().max(1) as f64;
    let m = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, (var / n).sqrt())
}

/// Runs the habits bench and prints its tables.
pub fn run(plan: &Plan) -> anyhow::Result<()> {
    let rules = plan.rules;
    println!(
        "rules {rules}, expert with {} particles, {} players per habit, seed {}",
        plan.effort.particles, plan.players, plan.seed
    );
    println!(
        "{:<20} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10}  cpu ms mean/p99/max",
        "habit", "plain", "learn10", "learn50", "ceiling", "gain10%", "gain50%"
    );
    // Every decision of the learning expert, in milliseconds: by the clock, and the
    // CPU time its thread ran.
    let mut all_ms: Vec<f32> = Vec::new();
    let mut all_cpu: Vec<f32> = Vec::new();
    // The first decision of a game builds the learned priors' first populations: its
    // time is apart from the later ones'.
    let mut first_cpu: Vec<f32> = Vec::new();
    let mut later_cpu: Vec<f32> = Vec::new();
    // Per habit, the paired gains in shots behind its `gain%`, with their errors: a
    // ceiling's gain of a fraction of a shot is a share no run of this size can tell.
    let mut gains: Vec<String> = Vec::new();
    for (h, kind) in HabitKind::ALL.iter().enumerate() {
        if plan.only.is_some_and(|o| o != *kind) {
            continue;
        }
        let mut jobs = Vec::new();
        for p in 0..plan.players {
            let player_seed = game_seed(plan.seed ^ ((h as u64 + 1) << 40), p);
            let fleets = std::sync::Arc::new(draw(
                rules,
                PlacerKind::Habit(*kind),
                LATE + 1,
                player_seed,
            )?);
            // The player's own habit, drawn as `draw` drew it.
            let habit = kind.player(&mut StdRng::seed_from_u64(player_seed));
            for game in [EARLY, LATE] {
                let seed = game_seed(player_seed, game);
                for by in [By::Plain, By::Learning, By::Ceiling(habit)] {
                    jobs.push(Job {
                        fleets: fleets.clone(),
                        game,
                        by,
                        seed,
                    });
                }
            }
        }
        let played = run_jobs(plan, &jobs);
        // How often the learning game's prior weighed in the player's own habit at full
        // odds: the prior is then the ceiling's, beside the repeats.
        let own = |game: usize| -> f64 {
            let slot = usize::from(game == LATE) * 3;
            let chunks = jobs.chunks(6).zip(played.chunks(6));
            let n = chunks
                .filter(|(j, p)| {
                    let By::Ceiling(habit) = j[slot + 2].by else {
                        return false;
                    };
                    p[slot + 1]
                        .weighed
                        .is_some_and(|(h, odds)| h == habit && odds >= MAX_HABIT_ODDS)
                })
                .count();
            100.0 * n as f64 / plan.players.max(1) as f64
        };
        let (own10, own50) = (own(EARLY), own(LATE));
        let results: Vec<GameResult> = played.into_iter().map(|p| p.result).collect();
        let shots = |game: usize, slot: usize| -> Vec<f64> {
            results
                .chunks(6)
                .map(|c| c[usize::from(game == LATE) * 3 + slot].shots as f64)
                .collect()
        };
        let plain: Vec<f64> = shots(EARLY, 0).into_iter().chain(shots(LATE, 0)).collect();
        let (p10, l10, c10) = (shots(EARLY, 0), shots(EARLY, 1), shots(EARLY, 2));
        let (p50, l50, c50) = (shots(LATE, 0), shots(LATE, 1), shots(LATE, 2));
        let m = |x: &[f64]| mean_se(x).0;
        let share = |p: &[f64], l: &[f64], c: &[f64]| {
            let ceiling_gain = m(p) - m(c);
            100.0 * (m(p) - m(l)) / ceiling_gain
        };
        let learning = || {
            jobs.iter()
                .zip(&results)
                .filter(|(j, _)| j.by == By::Learning)
                .map(|(_, r)| r)
        };
        let learn_cpu: Vec<f32> = learning().flat_map(|r| r.cpu_ms.iter().copied()).collect();
        let times = Times::of(&learn_cpu);
        all_cpu.extend(learn_cpu);
        first_cpu.extend(learning().filter_map(|r| r.cpu_ms.first().copied()));
        later_cpu.extend(learning().flat_map(|r| r.cpu_ms.iter().skip(1).copied()));
        all_ms.extend(learning().flat_map(|r| r.times_ms.iter().copied()));
        let se = |x: &[f64]| mean_se(x).1;
        let gain = |p: &[f64], by: &[f64]| {
            let d: Vec<f64> = p.iter().zip(by).map(|(p, b)| p - b).collect();
            let (m, e) = mean_se(&d);
            format!("{m:+.2}±{e:.2}")
        };
        gains.push(format!(
            "{:<20} {:>12} {:>12} {:>12} {:>12} {:>7.0} {:>7.0}",
            kind.name(),
            gain(&p10, &l10),
            gain(&p10, &c10),
            gain(&p50, &l50),
            gain(&p50, &c50),
            own10,
            own50,
        ));
        println!(
            "{:<20} {:>9} {:>9} {:>9} {:>9} {:>9.0} {:>10.0}  {times}",
            kind.name(),
            format!("{:.2}±{:.2}", m(&plain), se(&plain)),
            format!("{:.2}", m(&l10)),
            format!("{:.2}", m(&l50)),
            format!("{:.2}", (m(&c10) + m(&c50)) / 2.0),
            share(&p10, &l10, &c10),
            share(&p50, &l50, &c50),
        );
    }
    println!(
        "(plain, ceiling: games 11 and 51 of each player; learn10: game 11 with the 10 before; \
         learn50: game 51 with the 50 before; gain%: learning's gain over plain as a share of \
         the ceiling's, paired games)"
    );
    println!(
        "\npaired gains over plain, shots (mean ± standard error over the players); own10%, \
         own50%: the learning games whose prior weighed in the player's own habit at full \
         odds ({MAX_HABIT_ODDS})\n{:<20} {:>12} {:>12} {:>12} {:>12} {:>7} {:>7}",
        "habit", "learn10", "ceiling10", "learn50", "ceiling50", "own10%", "own50%"
    );
    for line in &gains {
        println!("{line}");
    }
    if plan.only.is_some() {
        print_times(plan, &all_ms, &all_cpu, &first_cpu, &later_cpu);
        return Ok(());
    }
    // One uniform player's games in order: learning must cost nothing.
    let fleets = std::sync::Arc::new(draw(
        rules,
        PlacerKind::Uniform,
        plan.uniform_games,
        game_seed(plan.seed, 0xA11),
    )?);
    let mut jobs = Vec::new();
    for game in 0..fleets.len() {
        let seed = game_seed(plan.seed ^ 0xA11, game);
        for by in [By::Plain, By::Learning] {
            jobs.push(Job {
                fleets: fleets.clone(),
                game,
                by,
                seed,
            });
        }
    }
    let results = results_of(plan, &jobs);
    let diffs: Vec<f64> = results
        .chunks(2)
        .map(|c| c[1].shots as f64 - c[0].shots as f64)
        .collect();
    let plain: Vec<f64> = results.chunks(2).map(|c| c[0].shots as f64).collect();
    let (d, dse) = mean_se(&diffs);
    let (pm, pse) = mean_se(&plain);
    println!(
        "uniform player, {} games in order: plain {pm:.2} ± {pse:.2}, learning − plain {d:+.2} ± {dse:.2} (paired)",
        fleets.len()
    );
    for r in results.chunks(2).map(|c| &c[1]) {
        all_ms.extend(&r.times_ms);
        all_cpu.extend(&r.cpu_ms);
        first_cpu.extend(r.cpu_ms.first());
        later_cpu.extend(r.cpu_ms.iter().skip(1));
    }
    for placer in [PlacerKind::Reuser, PlacerKind::Mirrorer] {
        let fleets = std::sync::Arc::new(draw(
            rules,
            placer,
            REPEAT_GAMES,
            game_seed(plan.seed, 0xBEE),
        )?);
        let mut jobs = Vec::new();
        for game in EARLY..fleets.len() {
            let seed = game_seed(plan.seed ^ 0xBEE, game);
            for by in [By::Plain, By::Learning] {
                jobs.push(Job {
                    fleets: fleets.clone(),
                    game,
                    by,
                    seed,
                });
            }
        }
        let results = results_of(plan, &jobs);
        let plain: Vec<f64> = results.chunks(2).map(|c| c[0].shots as f64).collect();
        let learn: Vec<f64> = results.chunks(2).map(|c| c[1].shots as f64).collect();
        let ((pm, pse), (lm, lse)) = (mean_se(&plain), mean_se(&learn));
        println!(
            "{placer}, games {}-{}: plain {pm:.2} ± {pse:.2}, learning {lm:.2} ± {lse:.2}",
            EARLY + 1,
            fleets.len()
        );
        for r in results.chunks(2).map(|c| &c[1]) {
            all_ms.extend(&r.times_ms);
            all_cpu.extend(&r.cpu_ms);
            first_cpu.extend(r.cpu_ms.first());
            later_cpu.extend(r.cpu_ms.iter().skip(1));
        }
    }
    print_times(plan, &all_ms, &all_cpu, &first_cpu, &later_cpu);
    Ok(())
}

/// The summary of every learning decision's time: its thread's CPU time (the work on
/// one core) and the clock's (which counts what other processes took too); the CPU
/// time of games' first decisions apart.
fn print_times(plan: &Plan, wall: &[f32], cpu: &[f32], first_cpu: &[f32], later_cpu: &[f32]) {
    println!(
        "time per decision with learning, every learning game above ({} decisions, {} threads):",
        wall.len(),
        plan.threads
    );
    if cpu.is_empty() {
        println!("  cpu: not told by this system");
    } else {
        println!("  cpu:   {}", Times::of(cpu).long());
        println!(
            "  cpu, a game's first decision ({} of them): {}",
            first_cpu.len(),
            Times::of(first_cpu).long()
        );
        println!("  cpu, the later ones: {}", Times::of(later_cpu).long());
    }
    println!("  clock: {}", Times::of(wall).long());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decision_times_give_the_nearest_rank_percentile() {
        let ms: Vec<f32> = (1..=200).rev().map(|x| x as f32).collect();
        let t = Times::of(&ms);
        assert_eq!((t.p99, t.max), (198.0, 200.0));
        assert!((t.mean - 100.5).abs() < 1e-9);
        let none = Times::of(&[]);
        assert_eq!((none.mean, none.p99, none.max), (0.0, 0.0, 0.0));
    }

    /// A habit player's fleets are one player's (its side drawn once), and the history a
    /// measured game learns from holds the games before it and never its own.
    #[test]
    fn a_measured_game_learns_only_from_the_games_before_it() {
        let rules = Rules::classic();
        let fleets = draw(&rules, PlacerKind::Habit(HabitKind::Half), LATE + 1, 4).unwrap();
        for game in [EARLY, LATE] {
            let history = history_before(&rules, &fleets, game);
            assert_eq!(history.fleets(), &fleets[..game]);
            assert!(!history.fleets().contains(&fleets[game]));
        }
        let habit = HabitKind::Half.player(&mut StdRng::seed_from_u64(4));
        let dims = rules.dims();
        let off: usize = fleets
            .iter()
            .flat_map(|f| f.ships())
            .filter(|s| habit.energy(dims, &s.cells()) > 0.0)
            .count();
        // Of 306 multi-deckers a uniform placer would put about half off the half; the
        // habit's placer, a few at most (its weight is e^6 against, not a ban).
        assert!(off <= 12, "{off} ships off {habit}");
    }
}
