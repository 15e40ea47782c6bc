//! `seabattle`: the command-line tool for Sea Battle («Морской бой»).

mod cmd;
mod input;
mod vet;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Sea Battle («Морской бой»): the game server, and tools to check boards, draw fleets
/// and inspect game records. With no subcommand it runs the server (`serve`).
#[derive(Parser)]
#[command(name = "seabattle", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the game server (the default when no subcommand is given).
    Serve(Box<cmd::serve::Args>),
    /// Check a board file against the rules: exit 0 legal, 1 illegal, 2 unreadable.
    Check(cmd::check::Args),
    /// Print a legal board drawn uniformly from all legal boards.
    Place(cmd::place::Args),
    /// Inspect a game record (text or JSON) and print the verdict.
    Audit(cmd::audit::Args),
    /// Analyse a finished game from its record: every shot judged from what its
    /// shooter knew, each side's accuracy and luck, each fleet's hardness.
    Analyse(cmd::analyse::Args),
    /// Play a computer shooter against many boards and print its statistics.
    Bench(cmd::bench::Args),
    /// Play in the terminal: against the computer, hot-seat, or online (--server).
    Play(cmd::play::Args),
    /// Bring a bot program online as a BOT account: it answers challenges and plays
    /// them through the server (docs/bot-api.md).
    Bot(cmd::bot::Args),
    /// Write a new API token of a BOT account to a file (with --make-bot, make the
    /// account a BOT first, for good).
    BotToken(cmd::bot::token::Args),
    /// Sign in to a server's account: online play from this terminal (`play --server`)
    /// is then played under it. The session is kept in the config directory, readable
    /// by you only.
    Login(cmd::account::LoginArgs),
    /// Sign out of a server's account and forget the session here.
    Logout(cmd::account::LogoutArgs),
    /// Show what the computer learned about you on a server (your past fleets and a
    /// heat map of your habits), or erase it with --erase.
    Learned(cmd::learned::Args),
    /// Play bots (programs speaking the bot protocol, or builtins) in a league: a round
    /// robin that rates them. (`arena`, its old name, still runs it; the server's arenas
    /// are people's tournaments.)
    #[command(alias = "arena")]
    League(cmd::league::Args),
    /// Copy a live server's SQLite database consistently (SQLite's online backup).
    Backup(cmd::backup::Args),
    /// The operator's moderation: grant the moderator role, warn, mute, mark as an
    /// engine, force a rename, close or reopen an account, close an arena, disable a
    /// BOT, read the log (on the server's database, SQLite or PostgreSQL).
    Admin(cmd::admin::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => cmd::serve::Args::from_env().and_then(cmd::serve::run),
        Some(Command::Serve(a)) => cmd::serve::run(*a),
        Some(Command::Check(a)) => cmd::check::run(a),
        Some(Command::Place(a)) => cmd::place::run(a),
        Some(Command::Audit(a)) => cmd::audit::run(a),
        Some(Command::Analyse(a)) => cmd::analyse::run(a),
        Some(Command::Bench(a)) => cmd::bench::run(a),
        Some(Command::Play(a)) => cmd::play::run(a),
        Some(Command::Bot(a)) => cmd::bot::run(a),
        Some(Command::BotToken(a)) => cmd::bot::token::run(a),
        Some(Command::League(a)) => cmd::league::run(a),
        Some(Command::Login(a)) => cmd::account::login(a),
        Some(Command::Logout(a)) => cmd::account::logout(a),
        Some(Command::Learned(a)) => cmd::learned::run(a),
        Some(Command::Backup(a)) => cmd::backup::run(a),
        Some(Command::Admin(a)) => cmd::admin::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("seabattle: {e:#}");
            ExitCode::from(2)
        }
    }
}
