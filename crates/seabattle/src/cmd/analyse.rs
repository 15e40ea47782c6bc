//! `seabattle analyse`: a finished game's analysis, offline, from its record: the same
//! judgement `GET /games/ID/analysis.json` gives, since both are seeded by the record.

use crate::input::read_record;
use anyhow::Context;
use seabattle_core::Player;
use seabattle_wire::analysis::{AnalysisJson, ShotVerdict};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `seabattle analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// Print the analysis as JSON, as the server's `analysis.json`.
    #[arg(long)]
    json: bool,
    /// A finished game's record (text notation or JSON), or - for standard input.
    file: PathBuf,
}

/// Reads the record, analyses it and prints each side's figures and each shot's
/// judgement (or the JSON).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let record = read_record(&args.file)?;
    let analysis = seabattle_server::analyse_record(&record)
        .with_context(|| format!("{} cannot be analysed", args.file.display()))?;
    if args.json {
        println!("{}", serde_json::to_string(&analysis)?);
    } else {
        print!("{}", text_of(&analysis));
    }
    Ok(ExitCode::SUCCESS)
}

/// The analysis as lines: a summary per player, then one line per shot.
fn text_of(a: &AnalysisJson) -> String {
    let mut out = format!("rules: {}\n", a.rules);
    for p in Player::BOTH {
        let s = &a.sides[p.index()];
        out.push_str(&format!(
            "player {p}: accuracy {:.1}%, {} shots, {} hits, {} wasted, {} mistakes, luck {:+.1}",
            s.accuracy_percent, s.shots, s.hits, s.wasted, s.mistakes, s.luck
        ));
        if let Some(fleets) = &a.fleets {
            let f = &fleets[p.index()];
            out.push_str(&format!(
                "; their fleet took the expert {:.1} shots (a random fleet {:.1})",
                f.mean_expert_shots, f.uniform_mean_expert_shots
            ));
        }
        out.push('\n');
    }
    for (n, s) in a.shots.iter().enumerate() {
        let mark = match s.verdict {
            ShotVerdict::Fine => "",
            ShotVerdict::Wasted => "  wasted",
            ShotVerdict::Mistake => "  mistake",
        };
        out.push_str(&format!(
            "{:>3}. player {} {:<3} p {:.3} best {:.3} ({}) quality {:.2}{}{mark}\n",
            n + 1,
            s.player,
            s.cell,
            s.p,
            s.best,
            s.best_cells.join(" "),
            s.quality,
            if s.hit { "  hit" } else { "" },
        ));
    }
    out
}
