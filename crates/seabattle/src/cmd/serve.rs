//! `seabattle serve`: the game server until Ctrl-C or SIGTERM.

use anyhow::Context;
use clap::Parser;
use seabattle_server::{Config, DbUrl, launch};
use std::process::ExitCode;

/// Options of `serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, env = "SEABATTLE_ADDR", default_value = "127.0.0.1:8080")]
    addr: String,
    /// Where to store games: sqlite://PATH or postgres://… [default: an SQLite file in
    /// the user's data directory]
    #[arg(long, env = "SEABATTLE_DB")]
    db: Option<String>,
}

/// Parses nothing but the environment: `serve` as the default command.
#[derive(Parser)]
struct Defaults {
    #[command(flatten)]
    args: Args,
}

impl Args {
    /// The options `serve` would have with no flags (environment variables still apply).
    pub fn from_env() -> anyhow::Result<Args> {
        Defaults::try_parse_from(["seabattle"])
            .map(|d| d.args)
            .context("reading SEABATTLE_ADDR / SEABATTLE_DB")
    }
}

/// Runs the server.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let db = match &args.db {
        Some(url) => url
            .parse::<DbUrl>()
            .with_context(|| format!("--db {url}"))?,
        None => DbUrl::default_sqlite(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("listening on {}", args.addr))?;
        let shown = db.display();
        let server = launch(listener, Config::new(db))
            .await
            .with_context(|| format!("opening {shown}"))?;
        eprintln!("seabattle: storing games in {}", server.store());
        eprintln!(
            "seabattle: listening on http://{} (protocol: /protocol.md, WebSocket: /ws)",
            server.addr()
        );
        stop_signal().await;
        eprintln!("seabattle: shutting down");
        server.shutdown().await.context("shutting down")?;
        eprintln!("seabattle: stopped; every acknowledged move is stored");
        Ok(ExitCode::SUCCESS)
    })
}

/// Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
