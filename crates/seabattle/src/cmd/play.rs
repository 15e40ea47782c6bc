//! `seabattle play`: the game in the terminal, against the computer, hot-seat, or online.

use anyhow::{Context, bail};
use seabattle_bots::Level;
use seabattle_core::{CoordSystem, Lang, Rules};
use seabattle_tui::online::{ClientMsg, Connection, Opening, ServerMsg, account};
use seabattle_tui::{App, Mode, Setup, terminal};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `seabattle play`.
#[derive(clap::Args)]
pub struct Args {
    /// The computer's level: easy, medium, hard or expert.
    #[arg(long, default_value = "medium", conflicts_with_all = ["hotseat", "server"])]
    level: Level,
    /// Rules preset, or custom rules such as "8x8 fleet=3,2,2,1" (online: for a new game).
    #[arg(long, default_value = "classic")]
    rules: Rules,
    /// Column letters: latin, russian, russian-yo, республика, снегурочка [default: the
    /// language's own]
    #[arg(long)]
    coords: Option<CoordSystem>,
    /// Language of the screens and answers: ru or en.
    #[arg(long, default_value = "ru")]
    lang: Lang,
    /// Two people at this terminal, taking turns; the screen is covered between turns.
    #[arg(long, conflicts_with = "server")]
    hotseat: bool,
    /// Play online through the game server at URL (ws://HOST:PORT or http://HOST:PORT):
    /// creates a game and prints its code and link, unless --join is given. Played under
    /// your account if you signed in there with `seabattle login`, else as a guest.
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    /// Join the game with this code (or link) on --server.
    #[arg(long, value_name = "CODE", requires = "server", conflicts_with_all = ["challenge", "accept"])]
    join: Option<String>,
    /// Challenge the account NAME on --server (signed in with `seabattle login`); the
    /// game starts once they accept.
    #[arg(
        long,
        value_name = "NAME",
        requires = "server",
        conflicts_with = "accept"
    )]
    challenge: Option<String>,
    /// With --challenge: a rated game (under a preset) rather than a casual one.
    #[arg(long, requires = "challenge")]
    rated: bool,
    /// Wait on --server for a challenge to your account, and answer it here.
    #[arg(long, requires = "server")]
    accept: bool,
    /// Join the arena with this id (or link) on --server (signed in with `seabattle
    /// login`) and play the game the arena pairs you into.
    #[arg(
        long,
        value_name = "ID",
        requires = "server",
        conflicts_with_all = ["join", "challenge", "accept"]
    )]
    arena: Option<String>,
    /// Seed for reproducible fleets and computer moves.
    #[arg(long)]
    seed: Option<u64>,
}

/// Plays until the player quits.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("seabattle play needs a terminal (standard input and output)");
    }
    let mode = match (&args.server, args.hotseat) {
        (Some(_), _) => Mode::Online,
        (None, true) => Mode::Hotseat,
        (None, false) => Mode::Computer(args.level),
    };
    let setup = Setup {
        rules: args.rules.clone(),
        coords: args.coords.unwrap_or(args.lang.default_system()),
        lang: args.lang,
        mode,
        seed: args.seed,
    };
    let mut app = App::new(setup)?;
    let connection = match &args.server {
        Some(url) => {
            let opening = match (&args.join, &args.challenge, args.accept) {
                _ if args.arena.is_some() => Opening::Arena,
                (Some(code), _, _) => Opening::Join {
                    code: code_of(code).to_string(),
                },
                (None, Some(to), _) => Opening::Challenge {
                    to: to.clone(),
                    rules: args.rules.to_string(),
                    rated: args.rated,
                },
                (None, None, true) => Opening::AwaitChallenge,
                (None, None, false) => Opening::NewGame {
                    rules: args.rules.to_string(),
                },
            };
            let token = match super::account::session_for(url)? {
                Some((name, token)) => {
                    println!("playing as {name}");
                    Some(token)
                }
                None => None,
            };
            let by_name = matches!(opening, Opening::Challenge { .. } | Opening::AwaitChallenge);
            if by_name && token.is_none() {
                bail!(
                    "challenges are between accounts: sign in first with seabattle login --server {url}"
                );
            }
            if let Some(arena) = &args.arena {
                let Some(token) = &token else {
                    bail!(
                        "arenas are for accounts: sign in first with seabattle login --server {url}"
                    );
                };
                let id = code_of(arena);
                if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
                    bail!(
                        "--arena {arena:?}: an arena's id is letters and digits, as in /arena/ID"
                    );
                }
                let server = super::account::origin_of(url)?;
                super::account::block_on(account::join_arena(&server, token, id))?
                    .with_context(|| format!("joining the arena {id}"))?;
                match args.lang {
                    Lang::Ru => println!("Вы в арене {id}. Ждём соперника…"),
                    Lang::En => println!("You are in the arena {id}. Waiting for an opponent…"),
                }
            }
            // A challenge waits for its answer; a player waits for a challenge a while.
            let wait = match opening {
                Opening::Challenge { .. } => Duration::from_secs(3600),
                Opening::AwaitChallenge | Opening::Arena => Duration::from_secs(24 * 3600),
                _ => Duration::from_secs(10),
            };
            let (lang, sent) = (args.lang, matches!(opening, Opening::Challenge { .. }));
            let (conn, joined) = Connection::open_with(url, opening, wait, token, |m| {
                super::challenge::before_the_game(m, lang, sent)
            })
            .with_context(|| format!("connecting to {url}"))?;
            if let ServerMsg::Joined { game, link, .. } = &joined {
                println!("game code: {game}\nlink: {link}");
                // The arena's pairing names the game; the seat is the account's, taken
                // with `resume` (no token).
                if args.arena.is_some() {
                    conn.send(ClientMsg::Resume {
                        game: game.clone(),
                        token: None,
                    });
                }
            }
            app.server_message(&joined);
            Some(conn)
        }
        None => None,
    };
    terminal::run(&mut app, connection.as_ref())?;
    if let Some(end) = app.ending() {
        println!("{}", end.verdict_in(args.lang));
    }
    Ok(ExitCode::SUCCESS)
}

/// The code in a code or a link such as `http://host/g/CODE`.
pub(crate) fn code_of(s: &str) -> &str {
    s.trim()
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::code_of;

    #[test]
    fn codes_are_read_from_links_too() {
        assert_eq!(code_of("k7m2qx9p4a"), "k7m2qx9p4a");
        assert_eq!(code_of("http://h:8080/g/k7m2qx9p4a/"), "k7m2qx9p4a");
    }
}
