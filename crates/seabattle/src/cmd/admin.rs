//! `seabattle admin`: the operator's hand on the server's storage (docs/deploy.md,
//! "Moderation"): grant the moderator role, take the moderators' actions from a shell,
//! read the moderation log. Each opens the database `--db` names (as `serve --db`,
//! SQLite or PostgreSQL), prints what it did, and refuses with exit code 2 and the
//! name that is missing when there is nobody of that name.

use anyhow::Context;
use seabattle_server::{DbUrl, ModAct, mod_arena_name, moderate_as_operator, open_store};
use std::process::ExitCode;

/// The reason written to the log when the operator gives none.
const NO_REASON: &str = "by the operator";

/// Arguments of `seabattle admin`.
#[derive(clap::Args)]
pub struct Args {
    /// The server's database: `sqlite://PATH` or `postgres://…` (as `serve --db` takes
    /// it); the server's default file without it.
    #[arg(long, value_name = "URL", env = "SEABATTLE_DB", global = true)]
    db: Option<String>,
    #[command(subcommand)]
    what: What,
}

/// A reason for the log.
#[derive(clap::Args)]
struct Why {
    /// Why: the moderation log keeps it.
    #[arg(long, default_value = NO_REASON)]
    reason: String,
}

/// What the operator does.
#[derive(clap::Subcommand)]
enum What {
    /// Make an account a moderator: it may then open /mod and act on reports.
    GrantMod {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Take the moderator role back.
    RevokeMod {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Warn a player: they see the reason once, at their next visit.
    Warn {
        /// The account's name.
        name: String,
        /// Why (shown to the player).
        #[arg(long)]
        reason: String,
    },
    /// Mute a player's quick chat for a while.
    Mute {
        /// The account's name.
        name: String,
        /// For how many minutes (at most 30 days).
        #[arg(long)]
        minutes: u32,
        /// Why.
        #[arg(long)]
        reason: String,
    },
    /// Mark a player as an engine: off the leaderboards at once; their later rated
    /// games move only their own rating.
    MarkEngine {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Take the engine mark back.
    UnmarkEngine {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Make a player choose a new name at their next visit; the old one stays taken.
    ForceRename {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Close an account: its sessions and API tokens end, it cannot sign in.
    Close {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Open a closed account again.
    Reopen {
        /// The account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// End an arena at once, and rename it with --rename.
    CloseArena {
        /// The arena's id (as in /arena/ID).
        id: String,
        /// Its new name.
        #[arg(long)]
        rename: Option<String>,
        #[command(flatten)]
        why: Why,
    },
    /// Disable a BOT: its API tokens stop working.
    DisableBot {
        /// The BOT account's name.
        name: String,
        #[command(flatten)]
        why: Why,
    },
    /// Print the moderation log, newest first.
    Log {
        /// How many lines.
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
}

impl What {
    /// The action, whom it is done to, and why; `None` for `log`.
    fn act(self) -> anyhow::Result<Option<(ModAct, String, String)>> {
        Ok(Some(match self {
            What::GrantMod { name, why } => (ModAct::GrantMod, name, why.reason),
            What::RevokeMod { name, why } => (ModAct::RevokeMod, name, why.reason),
            What::Warn { name, reason } => (ModAct::Warn, name, reason),
            What::Mute {
                name,
                minutes,
                reason,
            } => (ModAct::Mute { minutes }, name, reason),
            What::MarkEngine { name, why } => (ModAct::MarkEngine, name, why.reason),
            What::UnmarkEngine { name, why } => (ModAct::UnmarkEngine, name, why.reason),
            What::ForceRename { name, why } => (ModAct::ForceRename, name, why.reason),
            What::Close { name, why } => (ModAct::Close, name, why.reason),
            What::Reopen { name, why } => (ModAct::Reopen, name, why.reason),
            What::CloseArena { id, rename, why } => {
                let rename = rename
                    .as_deref()
                    .map(mod_arena_name)
                    .transpose()
                    .context("--rename")?;
                (ModAct::CloseArena { rename }, id, why.reason)
            }
            What::DisableBot { name, why } => (ModAct::DisableBot, name, why.reason),
            What::Log { .. } => return Ok(None),
        }))
    }
}

/// What an action did, in words.
fn said(act: &ModAct, whom: &str) -> String {
    match act {
        ModAct::GrantMod => format!("{whom} is a moderator now"),
        ModAct::RevokeMod => format!("{whom} is no longer a moderator"),
        ModAct::Warn => format!("{whom} is warned; they see it at their next visit"),
        ModAct::Mute { minutes } => format!("{whom}'s quick chat is muted for {minutes} min"),
        ModAct::MarkEngine => format!("{whom} is marked as an engine and off the leaderboards"),
        ModAct::UnmarkEngine => format!("{whom} is no longer marked as an engine"),
        ModAct::ForceRename => {
            format!("{whom} must choose a new name at their next visit; the old one stays taken")
        }
        ModAct::Close => format!("{whom} is closed: its sessions and API tokens ended"),
        ModAct::Reopen => format!("{whom} is open again"),
        ModAct::CloseArena { rename: None } => format!("arena {whom} is closed"),
        ModAct::CloseArena { rename: Some(n) } => {
            format!("arena {whom} is closed and renamed {n:?}")
        }
        ModAct::DisableBot => format!("{whom}'s API tokens no longer work"),
    }
}

/// Runs `seabattle admin`.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let db = match &a.db {
        Some(url) => url
            .parse::<DbUrl>()
            .with_context(|| format!("--db {url}"))?,
        None => DbUrl::default_sqlite(),
    };
    // Opening a store creates it: a mistyped path would make an empty database and
    // then find nobody in it.
    if let DbUrl::Sqlite(path) = &db {
        if !path.exists() {
            anyhow::bail!(
                "no database at {}: give the server's with --db or SEABATTLE_DB",
                path.display()
            );
        }
    }
    let store =
        open_store(&db, "seabattle-admin").with_context(|| format!("opening {}", db.display()))?;
    if let What::Log { limit } = a.what {
        let read = store.moderation_log(limit);
        if let Some(c) = store.cluster() {
            let _ = c.retire();
        }
        let lines = read.context("reading the moderation log")?;
        if lines.is_empty() {
            println!("the moderation log is empty");
        }
        for l in lines {
            println!(
                "{}\t{}\t{}\t{}\t{}{}{}",
                l.id,
                utc(l.at),
                l.moderator.as_deref().unwrap_or("(operator)"),
                l.action.word(),
                l.target,
                l.detail.map_or(String::new(), |d| format!(" ({d})")),
                format_args!("\t{}", l.reason),
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some((act, whom, reason)) = a.what.act()? else {
        return Ok(ExitCode::SUCCESS);
    };
    let done = moderate_as_operator(&store, act.clone(), &whom, &reason);
    // On PostgreSQL opening the store made this command a node of the cluster for a
    // moment: it leaves at once rather than wait for its lease to lapse.
    if let Some(c) = store.cluster() {
        let _ = c.retire();
    }
    let entry = done.with_context(|| format!("{} {whom}", act.action().word()))?;
    println!("{} (log line {})", said(&act, &entry.target), entry.id);
    Ok(ExitCode::SUCCESS)
}

/// A time of the log (seconds since the epoch) as a reader takes it: `2026-12-07 12:34 UTC`.
fn utc(secs: i64) -> String {
    let day = secs.rem_euclid(86_400);
    format!(
        "{} {:02}:{:02} UTC",
        seabattle_server::utc_date(secs),
        day / 3600,
        day % 3600 / 60
    )
}
