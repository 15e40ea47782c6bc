//! `seabattle arena` as a user runs it: the JSON object, forfeits, bad arguments.

use std::path::PathBuf;
use std::process::{Command, Output};

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seabattle"))
        .arg("arena")
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
        repo("crates/seabattle-arena/tests/fixtures/garbage.sh")
    );
    let out = arena(&[
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
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let standings = v["standings"].as_array().unwrap();
    let names: Vec<&str> = standings
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["pybot", "garbage", "hard"]);
    for s in standings {
        for key in ["wins", "losses", "forfeits"] {
            assert!(s[key].is_u64(), "{key} in {s}");
        }
        assert!(s["elo"].is_f64() && s["elo_error"].is_f64(), "{s}");
        assert!(s["mean_shots_to_win"].is_f64() || s["mean_shots_to_win"].is_null());
    }
    assert_eq!(standings[1]["forfeits"], 4);
    assert_eq!(standings[1]["wins"], 0);
    assert!(standings[2]["elo"].as_f64() > standings[1]["elo"].as_f64());
    let reasons = v["forfeit_reasons"].as_array().unwrap();
    assert_eq!(reasons.len(), 4, "{reasons:?}");
    for r in reasons {
        assert_eq!(r["bot"], "garbage");
        assert_eq!(r["reason"], "garbage");
    }
}

#[test]
fn the_table_names_every_bot_and_one_bot_is_refused() {
    let out = arena(&[
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
    let out = arena(&["--bot", "builtin:easy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least two bots"));
    let out = arena(&["--bot", "builtin:easy", "--bot", "builtin:nobody"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown builtin bot"));
}
