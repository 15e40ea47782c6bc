//! `seabattle bot-token`: an API token for a BOT account, written to a file for
//! `seabattle bot --token-file` (docs/bot-api.md). With `--make-bot` the account first
//! becomes a BOT, for good (only an account with no games can). The token is shown by
//! the server once and written only to the file (owner-only): never printed.

use crate::cmd::account::{block_on, read_password};
use anyhow::{Context, bail};
use seabattle_tui::online::account;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `seabattle bot-token`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game server (http://HOST:PORT).
    #[arg(long, value_name = "URL")]
    server: String,
    /// The BOT account's name.
    #[arg(long, env = "SEABATTLE_NAME")]
    name: String,
    /// Where to write the token (a new file, readable by its owner only).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Make the account a BOT first. It cannot be undone, and only an account that has
    /// played no games can become one.
    #[arg(long)]
    make_bot: bool,
    /// The token's name in the account's list.
    #[arg(long, default_value = "bridge")]
    label: String,
    /// Read the password from the first line of standard input (for scripts); without
    /// it, SEABATTLE_PASSWORD or the terminal.
    #[arg(long)]
    password_stdin: bool,
}

/// Runs `seabattle bot-token`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let server = crate::cmd::account::origin_of(&args.server)?;
    if args.out.exists() {
        bail!(
            "--out {}: the file exists; remove it first (a token is never written over)",
            args.out.display()
        );
    }
    let password = read_password(args.password_stdin)?;
    let token = block_on(async {
        let signed = account::login(&server, &args.name, &password)
            .await
            .with_context(|| format!("signing in to {server} as {}", args.name))?;
        let made = async {
            if args.make_bot {
                account::make_bot(&server, &signed.token, &args.name, &password)
                    .await
                    .context("making the account a BOT")?;
            }
            account::new_api_token(&server, &signed.token, &args.label)
                .await
                .context("making an API token (is the account a BOT? add --make-bot)")
        }
        .await;
        // The session was only for this: it ends here whatever happened.
        let _ = account::logout(&server, &signed.token).await;
        made
    })??;
    write_secret(&args.out, &token)?;
    println!(
        "{}{} has a new API token «{}», written to {} (the server keeps only its hash); \
         play online with: seabattle bot --server {server} --token-file {} -- CMD",
        args.name,
        if args.make_bot { ", now a BOT," } else { "" },
        args.label,
        args.out.display(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes `token` to a new file only its owner may read.
fn write_secret(path: &std::path::Path, token: &str) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut f = options
        .open(path)
        .with_context(|| format!("--out {}: cannot create it", path.display()))?;
    writeln!(f, "{token}").with_context(|| format!("--out {}: cannot write it", path.display()))
}
