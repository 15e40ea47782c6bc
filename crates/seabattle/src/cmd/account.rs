//! `seabattle login` and `seabattle logout`: this terminal's session on a server,
//! kept in the sessions file (see `seabattle_tui::online::sessions`), which `seabattle
//! play --server` then plays under. The password is asked on the terminal without
//! echo, or read from standard input or `SEABATTLE_PASSWORD` for scripts; never from the
//! command line, where other users of the machine can read it.

use anyhow::{Context, bail};
use seabattle_tui::online::account::{self, AccountError, ServerOrigin, SessionToken};
use seabattle_tui::online::server_urls;
use seabattle_tui::online::sessions::{Sessions, sessions_path};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// The environment variable a script may give the password in.
const PASSWORD_VAR: &str = "SEABATTLE_PASSWORD";

/// Arguments of `seabattle login`.
#[derive(clap::Args)]
pub struct LoginArgs {
    /// The game server (http://HOST:PORT or ws://HOST:PORT).
    #[arg(long, value_name = "URL")]
    server: String,
    /// The account's name [default: asked on the terminal]
    #[arg(long, env = "SEABATTLE_NAME")]
    name: Option<String>,
    /// Read the password from the first line of standard input (for scripts). Without
    /// it the password comes from SEABATTLE_PASSWORD if set, else is asked on the
    /// terminal without echo.
    #[arg(long)]
    password_stdin: bool,
}

/// Arguments of `seabattle logout`.
#[derive(clap::Args)]
pub struct LogoutArgs {
    /// The game server (http://HOST:PORT or ws://HOST:PORT).
    #[arg(long, value_name = "URL")]
    server: String,
    /// Forget the session here even when the server cannot be told (it then stays
    /// valid there until it expires, or until you sign out everywhere).
    #[arg(long)]
    forget: bool,
}

/// The origin of the server at `url`, as the sessions file keys it.
pub fn origin_of(url: &str) -> anyhow::Result<ServerOrigin> {
    let (_, base) = server_urls(url)?;
    Ok(ServerOrigin::parse(&base)?)
}

pub fn block_on<F: std::future::Future>(f: F) -> anyhow::Result<F::Output> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the network runtime")?;
    Ok(runtime.block_on(f))
}

/// The session this terminal holds on the server at `url`, checked with the server:
/// `None` when it holds none (the player is a guest there). An ended session is an
/// error that says to log in again.
pub fn session_for(url: &str) -> anyhow::Result<Option<(String, SessionToken)>> {
    let server = origin_of(url)?;
    let path = sessions_path()?;
    let Some(token) = Sessions::load(&path)?.get(&server).cloned() else {
        return Ok(None);
    };
    match block_on(account::whoami(&server, &token))? {
        Ok(name) => Ok(Some((name, token))),
        Err(AccountError::SignedOut) => bail!(
            "your session on {server} has ended (it expired, or was signed out elsewhere): \
             run `seabattle login --server {server}` again, or `seabattle logout --server \
             {server}` to play as a guest"
        ),
        Err(e) => Err(e).with_context(|| format!("checking your session on {server}")),
    }
}

fn read_line(what: &str, input: &mut dyn BufRead) -> anyhow::Result<String> {
    let mut line = String::new();
    input
        .read_line(&mut line)
        .with_context(|| format!("reading the {what}"))?;
    let line = line.trim_end_matches(['\n', '\r']).to_string();
    if line.is_empty() {
        bail!("no {what} given");
    }
    Ok(line)
}

/// The password: from standard input, `SEABATTLE_PASSWORD`, or the terminal.
fn password(args: &LoginArgs) -> anyhow::Result<String> {
    read_password(args.password_stdin)
}

/// The password: from the first line of standard input (`stdin`), `SEABATTLE_PASSWORD`,
/// or asked on the terminal without echo.
pub fn read_password(stdin: bool) -> anyhow::Result<String> {
    if stdin {
        return read_line("password", &mut std::io::stdin().lock());
    }
    if let Ok(p) = std::env::var(PASSWORD_VAR) {
        return Ok(p);
    }
    let p = rpassword::prompt_password("password: ").context(
        "no terminal to ask the password on: give it with --password-stdin or SEABATTLE_PASSWORD",
    )?;
    if p.is_empty() {
        bail!("no password given");
    }
    Ok(p)
}

/// The name: from `--name`/`SEABATTLE_NAME`, or asked on the terminal.
fn name(args: &LoginArgs) -> anyhow::Result<String> {
    if let Some(n) = &args.name {
        return Ok(n.clone());
    }
    if args.password_stdin || !std::io::stdin().is_terminal() {
        bail!("give the account's name with --name or SEABATTLE_NAME");
    }
    eprint!("name: ");
    std::io::stderr().flush()?;
    read_line("name", &mut std::io::stdin().lock())
}

/// Runs `seabattle login`.
pub fn login(args: LoginArgs) -> anyhow::Result<ExitCode> {
    let server = origin_of(&args.server)?;
    let path = sessions_path()?;
    // Read first: a damaged file is said before the password is asked.
    let mut sessions = Sessions::load(&path)?;
    let name = name(&args)?;
    let password = password(&args)?;
    let signed = block_on(account::login(&server, &name, &password))?
        .map_err(|e| explain(e, &server))
        .with_context(|| format!("signing in to {server}"))?;
    sessions.set(server.clone(), signed.token);
    sessions.save(&path)?;
    println!(
        "signed in to {server} as {}; the session is kept in {}",
        signed.name,
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `e`, with what to do about it where the words alone do not say.
fn explain(e: AccountError, server: &ServerOrigin) -> anyhow::Error {
    match e {
        AccountError::Refused { status: 403, .. } => anyhow::Error::new(e).context(format!(
            "the server does not take {server} for its own origin; use the address its \
             page is served at"
        )),
        e => e.into(),
    }
}

/// Runs `seabattle logout`.
pub fn logout(args: LogoutArgs) -> anyhow::Result<ExitCode> {
    let server = origin_of(&args.server)?;
    let path = sessions_path()?;
    let mut sessions = Sessions::load(&path)?;
    let Some(token) = sessions.get(&server).cloned() else {
        println!("not signed in to {server}");
        return Ok(ExitCode::SUCCESS);
    };
    match block_on(account::logout(&server, &token))? {
        // A session that had ended already needs no telling.
        Ok(()) | Err(AccountError::SignedOut) => {}
        Err(e) if args.forget => {
            eprintln!(
                "seabattle: could not sign out on {server} ({e}); the session is forgotten \
                 here but stays valid there until it expires"
            );
        }
        Err(e) => {
            return Err(anyhow::Error::new(e).context(format!(
                "signing out of {server} (the session is kept here; try again, or add \
                 --forget to drop it here only)"
            )));
        }
    }
    sessions.remove(&server);
    sessions.save(&path)?;
    println!("signed out of {server}");
    Ok(ExitCode::SUCCESS)
}
