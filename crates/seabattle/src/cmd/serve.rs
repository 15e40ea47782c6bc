//! `seabattle serve`: the game server until Ctrl-C or SIGTERM.

use anyhow::{Context, bail};
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
    /// Register a bot program (docs/bot-protocol.md) that players may pick as the
    /// computer like a level: NAME=CMD, where CMD is run with `sh -c`. Repeatable.
    #[arg(long = "bot", value_name = "NAME=CMD")]
    bots: Vec<String>,
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
    let mut config = Config::new(db);
    for bot in &args.bots {
        let Some((name, command)) = bot.split_once('=') else {
            bail!("--bot {bot:?}: expected NAME=CMD");
        };
        config
            .add_bot(name.trim(), command)
            .with_context(|| format!("--bot {bot:?}"))?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("listening on {}", args.addr))?;
        let shown = config.db.display();
        for name in config.bots.keys() {
            eprintln!("seabattle: bot program {name:?} registered");
        }
        let server = launch(listener, config)
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
