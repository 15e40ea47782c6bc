//! `seabattle check`: validate a board file.

use crate::input::read_text;
use anyhow::{Context, bail};
use seabattle_core::fleet::violations;
use seabattle_core::{CoordSystem, Grid, Lang, Rules};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `seabattle check`.
#[derive(clap::Args)]
pub struct Args {
    /// Rules preset, or custom rules such as "8x8 fleet=3,2,2,1".
    #[arg(long, default_value = "classic")]
    rules: Rules,
    /// Print JSON: {"legal": bool, "violations": [{"kind", "cells", "message"}]}.
    #[arg(long)]
    json: bool,
    /// Coordinate system for cells in the report.
    #[arg(long, default_value = "latin")]
    coords: CoordSystem,
    /// Board file, or - for standard input.
    file: PathBuf,
}

/// Runs the check: exit 0 for a legal board, 1 for an illegal one.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = read_text(&args.file)?;
    let grid =
        Grid::parse(&text).with_context(|| format!("{} is not a board", args.file.display()))?;
    if grid.dims != args.rules.dims() {
        bail!(
            "{}: the board is {} but rules {} play on {}",
            args.file.display(),
            grid.dims,
            args.rules,
            args.rules.dims()
        );
    }
    let found = violations(&grid.to_setup(&args.rules), &args.rules);
    let lang = if args.coords == CoordSystem::Latin {
        Lang::En
    } else {
        Lang::Ru
    };
    if args.json {
        let violations = found
            .iter()
            .map(|v| Violation {
                cells: v.cells().iter().map(|c| args.coords.format(*c)).collect(),
                kind: v.kind().name(),
                message: v.message(lang, args.coords),
            })
            .collect();
        let out = CheckJson {
            legal: found.is_empty(),
            violations,
        };
        println!("{}", serde_json::to_string(&out)?);
    } else if found.is_empty() {
        println!("ok");
    } else {
        for v in &found {
            println!("{}: {}", v.kind(), v.message(lang, args.coords));
        }
    }
    Ok(if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What `seabattle check --json` prints: its keys in alphabetical order, as they always
/// were.
#[derive(Serialize)]
struct CheckJson {
    legal: bool,
    violations: Vec<Violation>,
}

/// One rule the board breaks.
#[derive(Serialize)]
struct Violation {
    cells: Vec<String>,
    kind: &'static str,
    message: String,
}
