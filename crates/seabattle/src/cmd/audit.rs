//! `seabattle audit`: the post-game inspection of a record.

use crate::input::read_record;
use seabattle_core::{Player, audit};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `seabattle audit`.
#[derive(clap::Args)]
pub struct Args {
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Game record (text notation or JSON), or - for standard input.
    file: PathBuf,
}

/// Reads the record, inspects it, and prints the verdict and every fault found.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let record = read_record(&args.file)?;
    let report = audit(&record);
    if args.json {
        let faults = |p: Player| -> Vec<String> {
            report.faults[p.index()]
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let out = AuditJson {
            faults: Faults {
                one: faults(Player::One),
                two: faults(Player::Two),
            },
            verdict: report.verdict.to_string(),
        };
        println!("{}", serde_json::to_string(&out)?);
    } else {
        println!("{}", report.verdict);
        for p in Player::BOTH {
            for f in &report.faults[p.index()] {
                println!("player {p}: {f}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `seabattle audit --json` prints.
#[derive(Serialize)]
struct AuditJson {
    faults: Faults,
    verdict: String,
}

/// Each player's faults, by seat.
#[derive(Serialize)]
struct Faults {
    #[serde(rename = "1")]
    one: Vec<String>,
    #[serde(rename = "2")]
    two: Vec<String>,
}
