//! `seabattle serve`: the game server until Ctrl-C or SIGTERM.

use anyhow::{Context, bail};
use clap::Parser;
use seabattle_server::{Config, DbUrl, Limits, launch};
use std::process::ExitCode;
use std::time::Duration;

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
    /// Open WebSocket connections one address may hold at once [default: 64]
    #[arg(long, env = "SEABATTLE_CONNECTIONS_PER_ADDRESS", value_name = "N")]
    connections_per_address: Option<u32>,
    /// Games one address may create per minute, refused ones included [default: 30]
    #[arg(long, env = "SEABATTLE_GAMES_PER_MINUTE", value_name = "N")]
    games_per_minute: Option<u32>,
    /// Unfinished games one address may have created at once [default: 20]
    #[arg(long, env = "SEABATTLE_UNFINISHED_PER_ADDRESS", value_name = "N")]
    unfinished_per_address: Option<u32>,
    /// Record and replay downloads one address may make per minute [default: 60]
    #[arg(long, env = "SEABATTLE_RECORDS_PER_MINUTE", value_name = "N")]
    records_per_minute: Option<u32>,
    /// Longest a new game's fleet may take to draw; slower rules are refused
    /// [default: 200]
    #[arg(long, env = "SEABATTLE_DRAW_BUDGET_MS", value_name = "MS")]
    draw_budget_ms: Option<u64>,
    /// Longest any one request's computation may take [default: 2000]
    #[arg(long, env = "SEABATTLE_WORK_BUDGET_MS", value_name = "MS")]
    work_budget_ms: Option<u64>,
    /// Minutes after which a game still in placement is closed as abandoned
    /// [default: 60]
    #[arg(long, env = "SEABATTLE_PLACEMENT_EXPIRY_MINUTES", value_name = "MIN")]
    placement_expiry_minutes: Option<u64>,
    /// Hours after which a battle with both players away is closed as abandoned
    /// [default: 24]
    #[arg(long, env = "SEABATTLE_AWAY_EXPIRY_HOURS", value_name = "H")]
    away_expiry_hours: Option<u64>,
    /// Seconds an opponent must be away (in a game between people without a clock)
    /// before the player who stayed may claim the win [default: 60]
    #[arg(long, env = "SEABATTLE_CLAIM_AFTER_SECS", value_name = "S")]
    claim_after_secs: Option<u64>,
    /// Quick-chat phrases one player may say at once [default: 3]
    #[arg(long, env = "SEABATTLE_CHAT_BURST", value_name = "N")]
    chat_burst: Option<u32>,
    /// Milliseconds after which one more quick-chat phrase comes back [default: 2000]
    #[arg(long, env = "SEABATTLE_CHAT_EVERY_MS", value_name = "MS")]
    chat_every_ms: Option<u64>,
    /// This server's name among the nodes sharing one PostgreSQL database (docs/deploy.md)
    /// [default: the host's name]
    #[arg(long, env = "SEABATTLE_NODE", value_name = "NAME")]
    node: Option<String>,
    /// Address of a proxy in front of the server (HAProxy): connections from it are
    /// counted against the client its X-Forwarded-For header names. Repeatable, or
    /// comma-separated in the environment.
    #[arg(
        long = "trusted-proxy",
        env = "SEABATTLE_TRUSTED_PROXIES",
        value_delimiter = ',',
        value_name = "IP"
    )]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// An origin besides the server's own (`https://host[:port]`) whose pages may use a
    /// player's session: account requests and WebSockets carrying a session from any
    /// other origin are refused. Repeatable, or comma-separated in the environment.
    #[arg(
        long = "allow-origin",
        env = "SEABATTLE_ALLOW_ORIGINS",
        value_delimiter = ',',
        value_name = "ORIGIN",
        value_parser = origin
    )]
    allowed_origins: Vec<String>,
    /// On SIGTERM, a node of a cluster keeps serving this long with /readyz failing, so
    /// the proxy stops sending players here, then hands its games to other nodes
    #[arg(
        long,
        env = "SEABATTLE_DRAIN_SECS",
        value_name = "S",
        default_value = "3"
    )]
    drain_secs: u64,
    /// Microseconds a busy server waits after a move for other games' moves, to store
    /// them in one transaction (group commit): fewer commits, a later answer. 0 stores
    /// only what queued while the last commit ran.
    #[arg(
        long,
        env = "SEABATTLE_COMMIT_WINDOW_US",
        value_name = "US",
        default_value = "2000",
        value_parser = clap::value_parser!(u64).range(0..=100_000)
    )]
    commit_window_us: u64,
    /// Seconds a player waits for a random opponent before the computer is offered.
    #[arg(
        long,
        env = "SEABATTLE_QUEUE_WAIT",
        value_name = "S",
        default_value = "20",
        value_parser = clap::value_parser!(u64).range(1..=3600)
    )]
    queue_wait: u64,
    /// Seconds a challenge waits for its answer before it expires.
    #[arg(
        long,
        env = "SEABATTLE_CHALLENGE_SECS",
        value_name = "S",
        default_value = "60",
        value_parser = clap::value_parser!(u64).range(5..=3600)
    )]
    challenge_secs: u64,
    /// The arenas the server makes by itself, comma separated, each
    /// `EVERY:RULES:CLOCK:MINUTES` with EVERY `hourly` or `daily@HH` (UTC); `none` for
    /// none (docs/arena.md).
    #[arg(
        long,
        env = "SEABATTLE_ARENA_SCHEDULE",
        value_name = "SLOTS",
        default_value = seabattle_server::ARENA_SCHEDULE
    )]
    arena_schedule: seabattle_server::ArenaSchedule,
    /// A file of words not allowed in account and arena names, one a line (`=word` for
    /// a whole word only; `#` starts a comment); it replaces the server's own short list
    /// (docs/deploy.md, "Moderation").
    #[arg(long, env = "SEABATTLE_FORBIDDEN_WORDS", value_name = "FILE")]
    forbidden_words: Option<std::path::PathBuf>,
    /// Seconds an arena's game waits for both fleets: a player who placed none by then
    /// loses it.
    #[arg(
        long,
        env = "SEABATTLE_ARENA_PLACEMENT_SECS",
        value_name = "S",
        default_value = "60",
        value_parser = clap::value_parser!(u64).range(5..=600)
    )]
    arena_placement_secs: u64,
    /// How many games one BOT account may play at once.
    #[arg(
        long,
        env = "SEABATTLE_BOT_GAMES",
        value_name = "N",
        default_value = "50",
        value_parser = clap::value_parser!(u32).range(1..=10000)
    )]
    bot_games: u32,
    /// Seconds a BOT's move is due within in a game without a clock (it times out as
    /// any player does past that).
    #[arg(
        long,
        env = "SEABATTLE_BOT_MOVE_SECS",
        value_name = "S",
        default_value = "10",
        value_parser = clap::value_parser!(u32).range(1..=600)
    )]
    bot_move_secs: u32,
    /// Take BOTs' API tokens over plain HTTP from other machines too (by default only
    /// over TLS, through a proxy that says `X-Forwarded-Proto: https`, or from this
    /// machine).
    #[arg(long, env = "SEABATTLE_PLAIN_TOKENS")]
    plain_tokens: bool,
    /// How the server's log lines are written to standard error: `text` for people,
    /// `json` (one object a line) for a log collector.
    #[arg(long, env = "SEABATTLE_LOG_FORMAT", value_enum, default_value = "text")]
    log_format: LogFormat,
}

/// The log's format.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line.
    Json,
}

/// Sends the server's `tracing` events to standard error, at level INFO and above.
fn init_logs(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_target(false);
    // Another subscriber already set (in tests running several servers) is fine.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}

impl Args {
    /// The limits: the server's defaults, with what the flags and environment set.
    fn limits(&self) -> anyhow::Result<Limits> {
        let mut l = Limits::default();
        let positive = |name: &str, v: u64| {
            if v == 0 {
                bail!("--{name} must be at least 1");
            }
            Ok(v)
        };
        if let Some(n) = self.connections_per_address {
            l.connections_per_address = positive("connections-per-address", n.into())? as u32;
        }
        if let Some(n) = self.games_per_minute {
            l.games_per_minute = positive("games-per-minute", n.into())? as u32;
        }
        if let Some(n) = self.unfinished_per_address {
            l.unfinished_per_address = positive("unfinished-per-address", n.into())? as u32;
        }
        if let Some(n) = self.records_per_minute {
            l.records_per_minute = positive("records-per-minute", n.into())? as u32;
        }
        if let Some(ms) = self.draw_budget_ms {
            l.draw_budget = Duration::from_millis(positive("draw-budget-ms", ms)?);
        }
        if let Some(ms) = self.work_budget_ms {
            l.work_budget = Duration::from_millis(positive("work-budget-ms", ms)?);
        }
        if let Some(m) = self.placement_expiry_minutes {
            l.placement_expiry = Duration::from_secs(positive("placement-expiry-minutes", m)? * 60);
        }
        if let Some(h) = self.away_expiry_hours {
            l.away_expiry = Duration::from_secs(positive("away-expiry-hours", h)? * 3600);
        }
        if let Some(s) = self.claim_after_secs {
            l.claim_after = Duration::from_secs(positive("claim-after-secs", s)?);
        }
        if let Some(n) = self.chat_burst {
            l.chat_burst = positive("chat-burst", n.into())? as u32;
        }
        if let Some(ms) = self.chat_every_ms {
            l.chat_every = Duration::from_millis(positive("chat-every-ms", ms)?);
        }
        Ok(l)
    }
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
    init_logs(args.log_format);
    let mut config = Config::new(db);
    config.limits = args.limits()?;
    config.trusted_proxies = args.trusted_proxies.clone();
    config.allowed_origins = args.allowed_origins.clone();
    config.commit_window = Duration::from_micros(args.commit_window_us);
    config.queue_wait = Duration::from_secs(args.queue_wait);
    config.challenge_ttl = Duration::from_secs(args.challenge_secs);
    config.bot_games = args.bot_games;
    config.arena_schedule = args.arena_schedule.clone();
    if let Some(path) = &args.forbidden_words {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("--forbidden-words {}", path.display()))?;
        let words = seabattle_server::ForbiddenWords::parse(&text)
            .with_context(|| format!("--forbidden-words {}", path.display()))?;
        config.forbidden_words = std::sync::Arc::new(words);
    }
    config.arena_placement = Duration::from_secs(args.arena_placement_secs);
    config.bot_move_secs = args.bot_move_secs;
    config.plain_tokens = args.plain_tokens;
    config.node = match &args.node {
        Some(n)
            if n.is_empty()
                || !n
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) =>
        {
            bail!("--node {n:?}: use letters, digits, '-', '_' and '.'")
        }
        Some(n) => n.clone(),
        None => host_name(),
    };
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
        tracing::info!(addr = %server.addr(), store = %server.store(), "serving");
        eprintln!("seabattle: storing games in {}", server.store());
        eprintln!(
            "seabattle: listening on http://{} (protocol: /protocol.md, WebSocket: /ws)",
            server.addr()
        );
        if let Some(node) = server.node() {
            eprintln!(
                "seabattle: node {node} of the cluster on {}",
                server.store()
            );
        }
        stop_signal().await;
        if server.node().is_some() {
            eprintln!("seabattle: draining: handing every game to the other nodes");
            server.drain(Duration::from_secs(args.drain_secs)).await;
        }
        eprintln!("seabattle: shutting down");
        server.shutdown().await.context("shutting down")?;
        eprintln!("seabattle: stopped; every acknowledged move is stored");
        Ok(ExitCode::SUCCESS)
    })
}

/// The host's name, for a node named by nobody.
fn host_name() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    let name: String = name
        .trim()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c))
        .collect();
    if name.is_empty() { "node".into() } else { name }
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

/// Reads an origin as browsers send it: a scheme, a host and maybe a port, nothing
/// else.
fn origin(text: &str) -> Result<String, String> {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?} is not an origin: it starts with https:// or http://"))?;
    let host_ok = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if !host_ok {
        return Err(format!(
            "{text:?} is not an origin: after the scheme comes a host and maybe :PORT, no path"
        ));
    }
    Ok(text.to_ascii_lowercase())
}
