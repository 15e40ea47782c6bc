//! `seabattle`: the command-line tool for Sea Battle («Морской бой»).

mod cmd;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Sea Battle («Морской бой»): check boards, draw fleets, inspect game records.
#[derive(Parser)]
#[command(name = "seabattle", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a board file against the rules: exit 0 legal, 1 illegal, 2 unreadable.
    Check(cmd::check::Args),
    /// Print a legal board drawn uniformly from all legal boards.
    Place(cmd::place::Args),
    /// Inspect a game record (text or JSON) and print the verdict.
    Audit(cmd::audit::Args),
    /// Play a computer shooter against many boards and print its statistics.
    Bench(cmd::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(a) => cmd::check::run(a),
        Command::Place(a) => cmd::place::run(a),
        Command::Audit(a) => cmd::audit::run(a),
        Command::Bench(a) => cmd::bench::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("seabattle: {e:#}");
            ExitCode::from(2)
        }
    }
}
