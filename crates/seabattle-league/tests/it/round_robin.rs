//! The league with real programs: the example bot, and bots broken on purpose.

use seabattle_league::{BotSpec, Config, FaultKind, Limits, Report, Standings, run};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    format!("sh '{}'", dir.join(name).display())
}

fn example_bot() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bot.py");
    format!("python3 '{}'", path.display())
}

fn config(rules: &str, games: usize, answer_ms: u64) -> Config {
    Config {
        rules: rules.parse().unwrap(),
        games,
        seed: 7,
        jobs: 2,
        limits: Limits {
            start: Duration::from_secs(10),
            answer: Duration::from_millis(answer_ms),
        },
    }
}

fn league(bots: &[&str], config: &Config) -> (Report, Standings) {
    let specs: Vec<BotSpec> = bots.iter().map(|b| BotSpec::parse(b).unwrap()).collect();
    let report = run(&specs, config, &mut |_, _| {});
    let table = Standings::from_report(&report);
    (report, table)
}

#[test]
fn the_example_bot_plays_classic_salvo_and_custom_rules() {
    for rules in ["classic", "salvo", "8x8 fleet=3,2,2,1 touch=corners"] {
        // A generous limit: the machines running tests are busy.
        let (report, table) = league(&[&example_bot(), "builtin:easy"], &config(rules, 4, 2000));
        assert_eq!(report.names, ["pybot", "easy"], "{rules}");
        assert!(table.forfeits.is_empty(), "{rules}: {:?}", table.forfeits);
        assert_eq!(report.games.len(), 4);
        let py = &table.bots[0];
        assert_eq!(py.wins + table.bots[1].wins, 4, "{rules}");
        assert_eq!(py.games, 4);
        for b in &table.bots {
            if let Some(m) = b.mean_shots_to_win {
                let fleet_cells = if rules == "8x8 fleet=3,2,2,1 touch=corners" {
                    8.0
                } else {
                    20.0
                };
                assert!(m >= fleet_cells, "{rules}: {b:?}");
            }
        }
    }
}

/// Runs `bot` against the builtin random shooter and checks that it forfeited every
/// game with `kind`, and that the games went to the other side.
fn forfeits_with(bot: &str, kind: FaultKind, expect: &str) -> Standings {
    let started = Instant::now();
    let (report, table) = league(&[bot, "builtin:random"], &config("classic", 2, 200));
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the league dragged on"
    );
    assert_eq!(table.bots[0].forfeits, 2, "{:?}", table.forfeits);
    assert_eq!(table.bots[0].losses, 2);
    assert_eq!(table.bots[1].wins, 2);
    assert_eq!(report.games.len(), 2);
    for f in &table.forfeits {
        assert_eq!(f.bot, report.names[0]);
        assert_eq!(f.fault.kind, kind, "{f:?}");
        assert!(
            f.fault.detail.contains(expect),
            "{:?} lacks {expect:?}",
            f.fault.detail
        );
    }
    table
}

#[test]
fn an_illegal_fleet_forfeits() {
    forfeits_with(
        &fixture("illegal_fleet.sh"),
        FaultKind::IllegalFleet,
        "touch",
    );
}

#[test]
fn a_repeated_shot_forfeits() {
    forfeits_with(
        &fixture("repeated_shot.sh"),
        FaultKind::RepeatedShot,
        "a1 has been shot",
    );
}

#[test]
fn garbage_forfeits() {
    forfeits_with(
        &fixture("garbage.sh"),
        FaultKind::Garbage,
        "\"fire at will\"",
    );
}

#[test]
fn a_crash_forfeits() {
    forfeits_with(&fixture("crash.sh"), FaultKind::Crash, "exit status: 3");
}

#[test]
fn silence_times_out_and_the_bot_is_killed() {
    let pids = tempfile();
    let bot = format!("{} '{}'", fixture("silent.sh"), pids.display());
    forfeits_with(
        &bot,
        FaultKind::Timeout,
        "no answer to \"place\" within 200 ms",
    );
    let text = std::fs::read_to_string(&pids).unwrap();
    let pids: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(
        pids.len(),
        4,
        "two games, a shell and a sleep in each: {text:?}"
    );
    for pid in pids {
        assert!(
            !PathBuf::from(format!("/proc/{pid}")).exists() || is_zombie_free(pid),
            "process {pid} outlived the league"
        );
    }
}

#[test]
fn a_bot_that_cannot_start_forfeits_every_game() {
    let (report, table) = league(&["exit 1", "builtin:random"], &config("classic", 2, 200));
    assert_eq!(report.names[0], "exit 1");
    assert_eq!(table.bots[0].forfeits, 2);
    assert!(
        table
            .forfeits
            .iter()
            .all(|f| f.fault.kind == FaultKind::Crash)
    );
    let (_, table) = league(
        &["echo hello", "builtin:random"],
        &config("classic", 1, 200),
    );
    assert_eq!(table.forfeits[0].fault.kind, FaultKind::Garbage);
}

#[test]
fn two_broken_bots_draw_when_neither_can_place() {
    let pids = tempfile();
    let silent = format!("{} '{}'", fixture("silent.sh"), pids.display());
    let (_, table) = league(
        &[&fixture("illegal_fleet.sh"), &silent],
        &config("classic", 1, 200),
    );
    assert_eq!((table.bots[0].draws, table.bots[1].draws), (1, 1));
    assert_eq!(table.forfeits.len(), 2);
}

#[test]
fn the_same_seed_plays_the_same_round_robin() {
    let bots = ["builtin:easy", "builtin:medium", "builtin:random"];
    let mut c = config("classic", 4, 200);
    let (a, _) = league(&bots, &c);
    c.jobs = 1;
    let (b, _) = league(&bots, &c);
    assert_eq!(a, b, "the number of threads changes nothing");
    c.seed = 8;
    let (d, _) = league(&bots, &c);
    assert_ne!(a.games, d.games);
    let firsts: Vec<usize> = a.games.iter().map(|g| g.fixture.sides[0]).collect();
    assert_eq!(firsts.len(), 12);
}

/// A fresh file name in the temporary directory.
fn tempfile() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("seabattle-league-{}-{n}.pids", std::process::id()))
}

/// Whether `/proc/PID` is a zombie or gone (a zombie is dead, waiting for its parent).
fn is_zombie_free(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_or(true, |s| s.split_whitespace().nth(2) == Some("Z"))
}

#[test]
fn an_endless_line_is_garbage() {
    let bot = "read x; echo name long; echo ready; read x; read x; \
               head -c 5000 /dev/zero | tr '\\0' a; echo";
    forfeits_with(bot, FaultKind::Garbage, "longer than 4096 bytes");
}

#[test]
fn the_example_bot_and_builtins_play_mines_minesweepers_and_submarines() {
    for rules in ["mines", "minesweepers", "submarines"] {
        // Two games run at once, each with its own bot process: `tee -a`, or the second
        // truncates what the first heard (a run heard four of six games, none with a
        // torpedo).
        let heard = tempfile();
        let bot = format!("tee -a '{}' | {}", heard.display(), example_bot());
        let (report, table) = league(&[&bot, "builtin:hard"], &config(rules, 6, 5000));
        assert!(table.forfeits.is_empty(), "{rules}: {:?}", table.forfeits);
        assert_eq!(report.games.len(), 6);
        let text = std::fs::read_to_string(&heard).unwrap();
        assert!(
            text.contains(&format!("newgame {{\"preset\":\"{rules}\"")),
            "{text}"
        );
        assert_eq!(text.matches("newgame ").count(), 6, "every game heard");
        // Six games meet a piece with near certainty: ~60 of some 80 empty cells are shot
        // on the loser's side alone.
        let (said, met) = match rules {
            "submarines" => ("\"subs\":1", "torpedo"),
            _ => ("\"mines\":", "shown "),
        };
        assert!(text.contains(said), "{rules}: {text}");
        assert!(
            text.contains(met) || text.contains("reveal "),
            "{rules}: {text}"
        );
    }
}

#[test]
fn the_example_bot_and_builtins_play_the_flying_dutchman() {
    let heard = tempfile();
    let bot = format!("tee -a '{}' | {}", heard.display(), example_bot());
    let (report, table) = league(
        &[&bot, "builtin:expert"],
        &config("dutchman fleet=5", 4, 5000),
    );
    assert!(table.forfeits.is_empty(), "{:?}", table.forfeits);
    assert_eq!(report.games.len(), 4);
    let text = std::fs::read_to_string(&heard).unwrap();
    assert!(text.contains("\"shape\":\"path\""), "{text}");
    assert!(text.contains("\"flying\":true"), "{text}");
    // Four games to the end hit each side's ship five times: both kinds of line come.
    assert!(
        text.contains("\nmove 4\n"),
        "the bot was asked to move: {text}"
    );
    assert!(text.contains("\nmoved\n"), "the bot heard a move: {text}");
}

#[test]
fn a_program_is_started_once_and_kept_for_every_run_of_games() {
    let heard = tempfile();
    let bot = format!("tee -a '{}' | {}", heard.display(), example_bot());
    let mut c = config("hasbro", 6, 2000);
    c.jobs = 1;
    let (report, table) = league(&[&bot, "builtin:easy", "builtin:random"], &c);
    assert!(table.forfeits.is_empty(), "{:?}", table.forfeits);
    assert_eq!(report.games.len(), 18);
    let text = std::fs::read_to_string(&heard).unwrap();
    assert_eq!(text.matches("seabattle 1\n").count(), 1, "{text}");
    assert_eq!(
        text.matches("\nnewgame {\"preset\":\"hasbro\",").count(),
        12
    );
    assert!(text.ends_with("quit\n"), "{text}");
}
