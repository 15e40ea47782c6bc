//! `seabattle bench`: a shooter against many boards, with statistics.

use super::bench_run::{AFTER, Boards, Plan, Stats, play_all};
use crate::input::read_text;
use anyhow::{Context, bail};
use seabattle_bots::expert::Effort;
use seabattle_bots::{PlacerKind, ShooterKind};
use seabattle_core::{Fleet, Grid, Rules};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `seabattle bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Rules preset or custom rules.
    #[arg(long, default_value = "classic")]
    rules: Rules,
    /// The shooter: a level (easy, medium, hard, expert) or a shooter (random, hunt,
    /// beginner, casual, parity, density, expert, uniform-posterior).
    #[arg(long, default_value = "density")]
    shooter: ShooterArg,
    /// Fleets the expert keeps in its posterior sample: its time/strength knob.
    #[arg(long, default_value_t = Effort::default().particles as u32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    particles: u32,
    /// How boards are drawn: any placer of `seabattle place` (a habit's side or corner is
    /// drawn afresh for every board: a crowd of such players).
    #[arg(long, default_value = "uniform", conflicts_with = "boards")]
    placer: PlacerKind,
    /// Read the boards from FILE instead (check format, separated by blank lines).
    #[arg(long)]
    boards: Option<PathBuf>,
    /// Games to play (with --boards, at most the number of boards).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Seed: the same seed gives the same result.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Play every shooter against every placer and print the table.
    #[arg(long, conflicts_with_all = ["boards", "json"])]
    matrix: bool,
    /// Play the boards in order as one opponent, whose every fleet the shooter learns
    /// when its game ends (only the expert learns); also print the mean after the
    /// first ten games.
    #[arg(long, conflicts_with = "matrix")]
    learn: bool,
    /// Measure learning against every habit (see `seabattle place --placer`): the
    /// expert without learning, after 10 and 50 games, and told the habit (the
    /// ceiling); then a uniform player's games with and without learning (paired), and
    /// the reuser's and mirrorer's after ten games.
    #[arg(long, conflicts_with_all = ["matrix", "boards", "learn", "json", "svg"])]
    habits: bool,
    /// With --habits: players per habit.
    #[arg(long, default_value_t = 100, requires = "habits", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    players: u32,
    /// With --habits: games of the uniform player.
    #[arg(long, default_value_t = 600, requires = "habits", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    uniform_games: u32,
    /// With --habits: only this habit's row (no uniform player, reuser or mirrorer),
    /// for a quick look at one habit.
    #[arg(long, value_name = "HABIT", requires = "habits")]
    habit: Option<seabattle_bots::HabitKind>,
    /// Play the expert, the uniform posterior and density on `hasbro` rules, on the
    /// boards `place --rules hasbro --placer uniform` and `--placer ship-by-ship` draw
    /// (--games each, --seed), and print the table with the paired differences.
    #[arg(long, conflicts_with_all = ["matrix", "boards", "learn", "json", "svg", "habits"])]
    hasbro_report: bool,
    /// Also write a histogram of shots per game to FILE (SVG).
    #[arg(long, value_name = "FILE", conflicts_with = "matrix")]
    svg: Option<PathBuf>,
}

/// A shooter named by a level or by its own name; the name given is kept for the output.
#[derive(Clone)]
struct ShooterArg {
    name: String,
    kind: ShooterKind,
}

impl std::str::FromStr for ShooterArg {
    type Err = seabattle_bots::shooter::UnknownName;
    fn from_str(s: &str) -> Result<ShooterArg, Self::Err> {
        Ok(ShooterArg {
            name: s.trim().to_string(),
            kind: ShooterKind::by_level_or_name(s)?,
        })
    }
}

/// Runs the benchmark.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::vet::drawable(&args.rules)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let effort = Effort {
        particles: args.particles as usize,
    };
    let mut plan = Plan {
        rules: &args.rules,
        effort,
        games: args.games,
        seed: args.seed,
        threads,
        progress: false,
        learn: false,
    };
    if args.habits {
        super::habits::run(&super::habits::Plan {
            rules: &args.rules,
            effort,
            players: args.players as usize,
            uniform_games: args.uniform_games as usize,
            only: args.habit,
            seed: args.seed,
            threads,
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.hasbro_report {
        super::hasbro_report::run(&super::hasbro_report::Request {
            games: args.games,
            seed: args.seed,
            threads,
            effort,
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.matrix {
        println!(
            "{:<18} {}",
            "shooter",
            PlacerKind::STYLES
                .map(|p| format!("{:>10}", p.name()))
                .join("")
        );
        for shooter in ShooterKind::ALL {
            let mut row = format!("{:<18}", shooter.name());
            for placer in PlacerKind::STYLES {
                let boards = Boards::Placer(placer);
                let results = play_all(&plan, shooter, &boards)?;
                row.push_str(&format!("{:>10.2}", Stats::of(&results).mean));
            }
            println!("{row}");
        }
        println!(
            "(mean shots to sink the whole fleet, {} games per cell, rules {}, seed {})",
            args.games, args.rules, args.seed
        );
        return Ok(ExitCode::SUCCESS);
    }
    let boards = match &args.boards {
        Some(path) => {
            let grids = Grid::parse_many(&read_text(path)?)
                .with_context(|| format!("reading boards from {}", path.display()))?;
            let fleets = grids
                .into_iter()
                .enumerate()
                .map(|(i, g)| {
                    if g.dims != args.rules.dims() {
                        bail!(
                            "board {} is {} but rules {} play on {}",
                            i + 1,
                            g.dims,
                            args.rules,
                            args.rules.dims()
                        );
                    }
                    Fleet::new(g.to_setup(&args.rules), &args.rules)
                        .map_err(|e| anyhow::anyhow!("board {}: {e}", i + 1))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            if fleets.is_empty() {
                bail!("{} holds no boards", path.display());
            }
            Boards::Fixed(fleets)
        }
        None => Boards::Placer(args.placer),
    };
    let games = match &boards {
        Boards::Fixed(f) => args.games.min(f.len()),
        Boards::Placer(_) => args.games,
    };
    plan.games = games;
    plan.learn = args.learn;
    plan.progress = !args.json && std::io::stderr().is_terminal();
    let results = play_all(&plan, args.shooter.kind, &boards)?;
    let s = Stats::of(&results);
    let after_ten = results
        .get(AFTER..)
        .filter(|r| !r.is_empty())
        .map(Stats::of);
    let learning_ms =
        1000.0 * results.iter().map(|r| r.learning).sum::<f64>() / results.len().max(1) as f64;
    if let Some(path) = &args.svg {
        let shots: Vec<usize> = results.iter().map(|r| r.shots).collect();
        let title = format!(
            "{} vs {} boards, rules {}: {games} games",
            args.shooter.name,
            args.boards
                .as_ref()
                .map_or(args.placer.to_string(), |p| p.display().to_string()),
            args.rules
        );
        std::fs::write(path, super::svg::histogram(&shots, &title, s.mean))
            .with_context(|| format!("writing the histogram to {}", path.display()))?;
    }
    if args.json {
        let learned = |v: Option<f64>| args.learn.then_some(v);
        let out = BenchJson {
            games,
            learn: args.learn.then_some(true),
            max: s.max,
            mean: s.mean,
            mean_after_ten: learned(after_ten.as_ref().map(|a| a.mean)),
            median: s.median,
            min: s.min,
            ms_learning_per_game: args.learn.then_some(learning_ms),
            ms_per_shot_max: s.ms_max,
            ms_per_shot_mean: s.ms_mean,
            p10: s.p10,
            p90: s.p90,
            rules: args.rules.to_string(),
            shooter: &args.shooter.name,
            shots: results.iter().map(|r| r.shots).collect(),
            stderr: s.stderr,
            stderr_after_ten: learned(after_ten.as_ref().map(|a| a.stderr)),
        };
        println!("{}", serde_json::to_string(&out)?);
    } else {
        let source = args
            .boards
            .as_ref()
            .map_or(format!("placer {}", args.placer), |p| {
                format!("boards {}", p.display())
            });
        println!(
            "rules {}, shooter {}, {source}, {games} games, seed {}",
            args.rules, args.shooter.name, args.seed
        );
        println!(
            "shots: mean {:.2} ± {:.2}, median {}, p10 {}, p90 {}, min {}, max {}",
            s.mean, s.stderr, s.median, s.p10, s.p90, s.min, s.max
        );
        println!(
            "time per decision: mean {:.3} ms, max {:.3} ms",
            s.ms_mean, s.ms_max
        );
        if args.learn {
            match &after_ten {
                Some(a) => println!(
                    "after the first {AFTER} games: mean {:.2} ± {:.2} ({} games)",
                    a.mean,
                    a.stderr,
                    games - AFTER
                ),
                None => println!("after the first {AFTER} games: no games"),
            }
            println!("learning: {learning_ms:.3} ms per game to build the prior");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `seabattle bench --json` prints: its keys in alphabetical order, as they always
/// were; those of `--learn` only with it.
#[derive(Serialize)]
struct BenchJson<'a> {
    games: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    learn: Option<bool>,
    max: usize,
    mean: f64,
    /// Null when fewer than ten games were played.
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_after_ten: Option<Option<f64>>,
    median: usize,
    min: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    ms_learning_per_game: Option<f64>,
    ms_per_shot_max: f64,
    ms_per_shot_mean: f64,
    p10: usize,
    p90: usize,
    rules: String,
    shooter: &'a str,
    shots: Vec<usize>,
    stderr: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr_after_ten: Option<Option<f64>>,
}
