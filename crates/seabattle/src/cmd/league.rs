//! `seabattle league`: a round robin between bots (programs speaking the bot protocol,
//! or builtins), with a table of results and Elo ratings.

use anyhow::bail;
use seabattle_core::Rules;
use seabattle_league::{BotSpec, Config, Limits, Standing, Standings};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `seabattle league`.
#[derive(clap::Args)]
pub struct Args {
    /// A bot: a shell command speaking the bot protocol (docs/bot-protocol.md), or
    /// builtin:LEVEL / builtin:SHOOTER (easy, medium, hard, expert, random, hunt,
    /// beginner, casual, parity, density, uniform-posterior), optionally with :PLACER.
    /// Give two or more.
    #[arg(long = "bot", value_name = "CMD", required = true)]
    bots: Vec<BotSpec>,
    /// Rules preset or custom rules.
    #[arg(long, default_value = "classic")]
    rules: Rules,
    /// Games per pair of bots; sides swap from one game to the next.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Seed: the same seed gives the same pairings, first moves and builtin dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Milliseconds a bot program has to answer `place` or `shoot`.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: u64,
    /// Milliseconds a bot program has to start and answer `seabattle 1`.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    start_timeout_ms: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs the round robin and prints the table.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.bots.len() < 2 {
        bail!("a league needs at least two bots: give --bot twice or more");
    }
    crate::vet::drawable(&args.rules)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = Config {
        rules: args.rules.clone(),
        games: args.games as usize,
        seed: args.seed,
        jobs,
        limits: Limits {
            start: Duration::from_millis(args.start_timeout_ms),
            answer: Duration::from_millis(args.timeout_ms),
        },
    };
    let bar = !args.json && std::io::stderr().is_terminal();
    let report = seabattle_league::run(&args.bots, &config, &mut |done, total| {
        if bar {
            progress_bar(done, total);
        }
    });
    if bar {
        eprintln!();
    }
    let table = Standings::from_report(&report);
    if args.json {
        println!("{}", serde_json::to_string(&to_json(&table, &args))?);
    } else {
        print_table(&table, &args);
    }
    Ok(ExitCode::SUCCESS)
}

/// Redraws `[#####.....] 12/60 games` on stderr.
fn progress_bar(done: usize, total: usize) {
    const WIDTH: usize = 30;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} games",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled)
    );
    let _ = err.flush();
}

fn print_table(table: &Standings, args: &Args) {
    let width = table
        .bots
        .iter()
        .map(|b| b.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(3);
    println!(
        "{:<width$}  {:>5}  {:>5}  {:>6}  {:>5}  {:>8}  {:>12}  {:>12}",
        "bot", "games", "wins", "losses", "draws", "forfeits", "shots to win", "elo"
    );
    let mut order: Vec<&Standing> = table.bots.iter().collect();
    order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    for b in order {
        let shots = b
            .mean_shots_to_win
            .map_or_else(|| "-".to_string(), |m| format!("{m:.2}"));
        let elo = format!("{:+.0} ± {:.0}", b.elo, b.elo_error);
        println!(
            "{:<width$}  {:>5}  {:>5}  {:>6}  {:>5}  {:>8}  {:>12}  {:>12}",
            b.name, b.games, b.wins, b.losses, b.draws, b.forfeits, shots, elo
        );
    }
    println!(
        "({} games per pair, rules {}, seed {}; elo: Bradley–Terry maximum a posteriori, mean 0, ± one standard error)",
        args.games, args.rules, args.seed
    );
    const SHOWN: usize = 20;
    if !table.forfeits.is_empty() {
        println!("\nforfeits:");
        for f in table.forfeits.iter().take(SHOWN) {
            println!(
                "  {} vs {}, game {} of the pair: {}",
                f.bot,
                f.opponent,
                f.round + 1,
                f.fault
            );
        }
        if table.forfeits.len() > SHOWN {
            println!("  … and {} more (see --json)", table.forfeits.len() - SHOWN);
        }
    }
}

fn to_json<'a>(table: &'a Standings, args: &Args) -> LeagueJson<'a> {
    let standings = table
        .bots
        .iter()
        .map(|b| StandingJson {
            draws: b.draws,
            elo: b.elo,
            elo_error: b.elo_error,
            forfeits: b.forfeits,
            games: b.games,
            losses: b.losses,
            mean_shots_to_win: b.mean_shots_to_win,
            name: &b.name,
            wins: b.wins,
        })
        .collect();
    let forfeits = table
        .forfeits
        .iter()
        .map(|f| ForfeitJson {
            bot: &f.bot,
            detail: &f.fault.detail,
            game: f.round,
            opponent: &f.opponent,
            pair: f.pair,
            reason: f.fault.kind.name(),
        })
        .collect();
    LeagueJson {
        forfeit_reasons: forfeits,
        games_per_pair: args.games,
        rules: args.rules.to_string(),
        seed: args.seed,
        standings,
    }
}

/// What `seabattle league --json` prints: its keys in alphabetical order, as they always
/// were.
#[derive(Serialize)]
struct LeagueJson<'a> {
    forfeit_reasons: Vec<ForfeitJson<'a>>,
    games_per_pair: u32,
    rules: String,
    seed: u64,
    standings: Vec<StandingJson<'a>>,
}

/// A bot's line of the table.
#[derive(Serialize)]
struct StandingJson<'a> {
    draws: usize,
    elo: f64,
    elo_error: f64,
    forfeits: usize,
    games: usize,
    losses: usize,
    mean_shots_to_win: Option<f64>,
    name: &'a str,
    wins: usize,
}

/// A game lost by a fault of its bot.
#[derive(Serialize)]
struct ForfeitJson<'a> {
    bot: &'a str,
    detail: &'a str,
    game: usize,
    opponent: &'a str,
    pair: usize,
    reason: &'static str,
}
