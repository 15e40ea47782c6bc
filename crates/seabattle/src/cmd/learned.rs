//! `seabattle learned`: what the computer learned about this terminal's player on a
//! server, or erasing it. The player is the key in the config directory (see
//! `seabattle_tui::online::learned::key_path`), made on first use.

use seabattle_tui::online::learned::{ask, heat_text, key_path, player_key};
use seabattle_tui::online::{ClientMsg, ServerMsg};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `seabattle learned`.
#[derive(clap::Args)]
pub struct Args {
    /// The game server (ws://HOST:PORT or http://HOST:PORT).
    #[arg(long, value_name = "URL")]
    server: String,
    /// Only the fleets placed under these rules (the rules text a game shows).
    #[arg(long, conflicts_with = "erase")]
    rules: Option<String>,
    /// Erase everything the computer learned about you, under every rules.
    #[arg(long)]
    erase: bool,
}

/// Runs `seabattle learned`.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let player = player_key()?;
    let wait = Duration::from_secs(10);
    if a.erase {
        let answer = ask(&a.server, ClientMsg::Forget { player }, wait)?;
        if let ServerMsg::Forgotten { fleets } = answer {
            println!("erased {fleets} fleet(s)");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let answer = ask(
        &a.server,
        ClientMsg::Learned {
            player,
            rules: a.rules,
        },
        wait,
    )?;
    let ServerMsg::Learned { histories } = answer else {
        anyhow::bail!("the server answered something else");
    };
    if histories.is_empty() {
        println!(
            "nothing learned yet about the player in {}",
            key_path()?.display()
        );
    }
    for h in &histories {
        println!("{}", heat_text(h));
    }
    Ok(ExitCode::SUCCESS)
}
