//! `seabattle backup`: a consistent copy of a (live) server's SQLite database, taken
//! with SQLite's online backup API while the server goes on writing.

use anyhow::Context;
use seabattle_server::DbUrl;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `seabattle backup`.
#[derive(clap::Args)]
pub struct Args {
    /// The server's database: `sqlite://PATH` (as `serve --db` takes it); the server's
    /// default file without it.
    #[arg(long, value_name = "URL", env = "SEABATTLE_DB")]
    db: Option<String>,
    /// Where the copy goes (replaced if it exists; written beside it first).
    file: PathBuf,
}

/// Runs `seabattle backup`.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let db = match &a.db {
        Some(url) => url
            .parse::<DbUrl>()
            .with_context(|| format!("--db {url}"))?,
        None => DbUrl::default_sqlite(),
    };
    let copied = seabattle_server::backup(&db, &a.file)
        .with_context(|| format!("backing up {} to {}", db.display(), a.file.display()))?;
    println!(
        "copied {} ({} games, {} pages) to {}",
        db.display(),
        copied.games,
        copied.pages,
        a.file.display()
    );
    Ok(ExitCode::SUCCESS)
}
