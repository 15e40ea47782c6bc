//! `seabattle league` as a user runs it: the JSON object, forfeits, bad arguments.

use serde::Deserialize;
use std::path::PathBuf;
use std::process::{Command, Output};

fn league(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seabattle"))
        .arg("league")
        .args(args)
        .output()
        .unwrap()
}

fn repo(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    p.to_string_lossy().into_owned()
}

#[test]
fn json_has_standings_and_forfeit_reasons() {
    let python = format!("python3 '{}'", repo("examples/bot.py"));
    let garbage = format!(
        "sh '{}'",
        repo("crates/seabattle-league/tests/fixtures/garbage.sh")
    );
    let out = league(&[
        "--bot",
        &python,
        "--bot",
        &garbage,
        "--bot",
        "builtin:hard",
        "--games",
        "2",
        "--seed",
        "4",
        "--jobs",
        "2",
        "--timeout-ms",
        "2000",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Read typed: every count a whole number, every Elo a number, the mean shots to
    // win a number or null.
    let v: Table = serde_json::from_slice(&out.stdout).unwrap();
    let standings = &v.standings;
    let names: Vec<&str> = standings.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["pybot", "garbage", "hard"]);
    assert_eq!(standings[1].forfeits, 4);
    assert_eq!(standings[1].wins, 0);
    assert!(standings[2].elo > standings[1].elo);
    let reasons = &v.forfeit_reasons;
    assert_eq!(reasons.len(), 4, "{reasons:?}");
    for r in reasons {
        assert_eq!(r.bot, "garbage");
        assert_eq!(r.reason, "garbage");
    }
}

#[test]
fn the_table_names_every_bot_and_one_bot_is_refused() {
    let out = league(&[
        "--bot",
        "builtin:easy",
        "--bot",
        "builtin:random",
        "--games",
        "2",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("bot "), "{text}");
    assert!(
        text.contains("easy") && text.contains("random") && text.contains(" ± "),
        "{text}"
    );
    let out = league(&["--bot", "builtin:easy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least two bots"));
    let out = league(&["--bot", "builtin:easy", "--bot", "builtin:nobody"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown builtin bot"));
}

/// Issue 49 renamed the bots' round robin `league` (the server's arenas are people's
/// tournaments): a bot author's script that still says `arena` runs the same command.
#[test]
fn the_old_name_arena_still_runs_the_league() {
    let out = Command::new(env!("CARGO_BIN_EXE_seabattle"))
        .args(["arena", "--bot", "builtin:easy"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a league needs at least two bots"));
}

/// What `league --json` prints, as far as these tests read it.
#[derive(Deserialize)]
struct Table {
    standings: Vec<Standing>,
    forfeit_reasons: Vec<Forfeit>,
}

/// A bot's line of the table.
#[derive(Deserialize)]
#[allow(dead_code, reason = "read to check each is there and of its type")]
struct Standing {
    name: String,
    wins: u64,
    losses: u64,
    forfeits: u64,
    elo: f64,
    elo_error: f64,
    mean_shots_to_win: Option<f64>,
}

/// A game lost by a fault.
#[derive(Debug, Deserialize)]
struct Forfeit {
    bot: String,
    reason: String,
}
