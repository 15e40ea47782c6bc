//! `seabattle bench --hasbro-report`: the expert against the density shooter on the
//! fleet most of the world plays (`hasbro`: 5,4,3,3,2, ships may touch), on two sets of
//! boards, paired board by board.
//!
//! The sets are the boards `seabattle place --rules hasbro --placer P --count N --seed S`
//! prints: `uniform` (every legal fleet equally likely) and `ship-by-ship` (each ship
//! dropped at random until it fits, as hobby programs place). Every shooter plays the
//! same boards with the same generator, so the difference of two shooters' means is
//! taken board by board, and its error is the standard error of those differences.

use super::bench_game::GameResult;
use super::bench_run::{Boards, Plan, Stats, play_all};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::expert::Effort;
use seabattle_bots::{PlacerKind, ShooterKind};
use seabattle_core::{Preset, Rules};

/// The board sets, as `place --placer` names them, with the row's label.
const SETS: [(PlacerKind, &str); 2] = [
    (PlacerKind::Uniform, "uniform over legal fleets"),
    (PlacerKind::ShipByShip, "placed ship by ship at random"),
];

/// The shooters compared, the expert first: the differences are the expert's.
const SHOOTERS: [ShooterKind; 3] = [
    ShooterKind::Expert,
    ShooterKind::UniformPosterior,
    ShooterKind::Density,
];

/// What the report is asked for.
pub(super) struct Request {
    /// Boards per set.
    pub(super) games: usize,
    /// The seed of the boards (as `place --seed`) and of the games.
    pub(super) seed: u64,
    /// Worker threads.
    pub(super) threads: usize,
    /// The expert's effort.
    pub(super) effort: Effort,
}

/// The mean of the board-by-board differences `a - b` and its standard error.
pub(super) fn paired(a: &[GameResult], b: &[GameResult]) -> (f64, f64) {
    let d: Vec<f64> = a
        .iter()
        .zip(b)
        .map(|(x, y)| x.shots as f64 - y.shots as f64)
        .collect();
    let n = d.len().max(1) as f64;
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// The CPU milliseconds of every decision of `results` (by the deciding thread): mean,
/// 99th percentile and the slowest; `None` where the system does not tell CPU time.
fn cpu(results: &[GameResult]) -> Option<(f64, f64, f64)> {
    let mut all: Vec<f32> = results.iter().flat_map(|r| r.cpu_ms.clone()).collect();
    if all.is_empty() {
        return None;
    }
    all.sort_by(f32::total_cmp);
    let mean = all.iter().map(|&x| f64::from(x)).sum::<f64>() / all.len() as f64;
    let p99 = all[((all.len() - 1) as f64 * 0.99).round() as usize];
    Some((mean, f64::from(p99), f64::from(all[all.len() - 1])))
}

/// Plays every shooter on both sets and prints the table.
pub(super) fn run(req: &Request) -> anyhow::Result<()> {
    let rules: Rules = Preset::Hasbro.rules();
    let plan = Plan {
        rules: &rules,
        effort: req.effort,
        games: req.games,
        seed: req.seed,
        threads: req.threads,
        progress: false,
        learn: false,
    };
    println!(
        "rules hasbro, {} boards per set, seed {}, expert with {} particles, {} threads",
        req.games, req.seed, req.effort.particles, req.threads
    );
    println!(
        "boards: seabattle place --rules hasbro --placer uniform|ship-by-ship --count {} --seed {}",
        req.games, req.seed
    );
    println!();
    println!(
        "| boards ({} each) | expert | uniform-posterior | density | expert − density (paired) | expert − uniform-posterior (paired) |",
        req.games
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    let mut timing = Vec::new();
    for (placer, label) in SETS {
        let mut rng = StdRng::seed_from_u64(req.seed);
        let fleets = super::place::draw(&rules, placer, req.games, &mut rng)?;
        let boards = Boards::Fixed(fleets);
        let results = SHOOTERS
            .iter()
            .map(|&s| play_all(&plan, s, &boards))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let cells: Vec<String> = results
            .iter()
            .map(|r| {
                let s = Stats::of(r);
                format!("{:.2} ± {:.2}", s.mean, s.stderr)
            })
            .collect();
        let (dd, de) = paired(&results[0], &results[2]);
        let (ud, ue) = paired(&results[0], &results[1]);
        println!(
            "| {label} | {} | {} | {} | **{dd:+.2} ± {de:.2}** | {ud:+.2} ± {ue:.2} |",
            cells[0], cells[1], cells[2]
        );
        timing.push((label, Stats::of(&results[0]), cpu(&results[0])));
    }
    println!();
    println!(
        "(mean shots to sink the whole fleet ± standard error; a difference below zero: the expert needs fewer shots)"
    );
    println!();
    for (label, s, cpu) in timing {
        let cpu = cpu.map_or("no CPU time on this system".to_string(), |(m, p, x)| {
            format!("CPU mean {m:.2} ms, p99 {p:.2} ms, max {x:.2} ms")
        });
        println!(
            "expert's time per decision, {label}: {cpu}; clock mean {:.2} ms, max {:.2} ms",
            s.ms_mean, s.ms_max
        );
    }
    if req.threads > 1 {
        println!(
            "(times on {} threads; --threads 1 gives one core's)",
            req.threads
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(shots: usize) -> GameResult {
        GameResult {
            shots,
            decisions: shots,
            seconds: 0.0,
            worst: 0.0,
            times_ms: Vec::new(),
            cpu_ms: Vec::new(),
            learning: 0.0,
        }
    }

    /// The paired difference is the mean of the differences, and its error theirs:
    /// two shooters a constant apart have no error however much the boards vary.
    #[test]
    fn paired_differences_take_the_boards_out() {
        let a: Vec<GameResult> = [40, 50, 60, 45].into_iter().map(game).collect();
        let b: Vec<GameResult> = [41, 51, 61, 46].into_iter().map(game).collect();
        assert_eq!(paired(&a, &b), (-1.0, 0.0));
        let c: Vec<GameResult> = [42, 50, 60, 45].into_iter().map(game).collect();
        let (d, e) = paired(&c, &a);
        assert_eq!(d, 0.5);
        // Differences 2, 0, 0, 0: variance 1, error 1/2.
        assert!((e - 0.5).abs() < 1e-12, "{e}");
    }
}
