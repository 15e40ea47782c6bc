//! The command line as a user runs it: exit codes, output formats, errors.

use serde::Deserialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seabattle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fixture(name: &str) -> String {
    let p: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "seabattle-core",
        "tests",
        "fixtures",
        "boards",
        name,
    ]
    .iter()
    .collect();
    p.to_string_lossy().into_owned()
}

#[test]
fn check_legal_and_illegal_boards() {
    let ok = run(&["check", &fixture("classic-ok-basic.txt")], "");
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(stdout(&ok), "ok\n");
    let bad = run(
        &["check", "--json", &fixture("classic-corner-touch.txt")],
        "",
    );
    assert_eq!(bad.status.code(), Some(1));
    let v: Checked = serde_json::from_str(&stdout(&bad)).unwrap();
    assert!(!v.legal);
    assert_eq!(v.violations[0].kind, "touching");
    assert!(v.violations[0].cells.len() >= 2);
    let ru = run(
        &[
            "check",
            "--coords",
            "russian",
            &fixture("classic-corner-touch.txt"),
        ],
        "",
    );
    assert!(
        stdout(&ru).contains("корабли касаются углами"),
        "{}",
        stdout(&ru)
    );
}

#[test]
fn check_boards_with_pieces() {
    let ok = run(&["check", "--rules", "mines", &fixture("mines-ok.txt")], "");
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    let bad = run(
        &[
            "check",
            "--rules",
            "mines",
            "--coords",
            "russian",
            &fixture("mines-touching-ship.txt"),
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stdout(&bad).contains("мина касается соседа"),
        "{}",
        stdout(&bad)
    );
}

#[test]
fn check_unreadable_board_names_the_line() {
    let o = run(&["check", "-"], "..........\n.....?....\n");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 2") && err.contains("'?'"), "{err}");
    let o = run(
        &[
            "check",
            "--rules",
            "big15",
            &fixture("classic-ok-basic.txt"),
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["check", "--rules", "nonsense", "-"], "");
    assert_eq!(o.status.code(), Some(2));
}

/// Regression: `place --rules dutchman` drew a ship whose path turns at a corner, and
/// `check` read it as two ships ("the fleet has no ship of 5 cells", "ships touch at
/// corners"). Every preset's drawn board now checks out, on several seeds.
#[test]
fn placed_boards_check_out_under_every_preset() {
    for (rules, seed) in [
        ("classic", "7"),
        ("classic-corners", "7"),
        ("classic-bent", "7"),
        ("hasbro", "7"),
        ("big15", "7"),
        ("salvo", "7"),
        ("mines", "7"),
        ("minesweepers", "7"),
        ("submarines", "7"),
        ("dutchman", "3"),
        ("dutchman", "7"),
        ("dutchman fleet=8", "11"),
        ("dutchman fleet=5", "12"),
    ] {
        let placed = run(
            &[
                "place", "--rules", rules, "--seed", seed, "--coords", "russian",
            ],
            "",
        );
        assert_eq!(placed.status.code(), Some(0), "{rules}");
        let board = stdout(&placed);
        let again = run(
            &[
                "place", "--rules", rules, "--seed", seed, "--coords", "russian",
            ],
            "",
        );
        assert_eq!(stdout(&again), board, "same seed, same board");
        let checked = run(&["check", "--rules", rules, "-"], &board);
        assert_eq!(stdout(&checked), "ok\n", "{rules}\n{board}");
    }
}

#[test]
fn audit_prints_the_verdict() {
    let record = "rules: classic\ncoords: latin\nfirst: 1\n\
        fleet 1: a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7\n\
        fleet 2: j1-j4 h1-h3 a10-c10 e10-f10 h10-i10 a8-b8 e8 g8 j8 j6\n\n\
        1. p1 a10 Ранил!\n2. p1 a9 Мимо!\n3. p2 a1 Мимо!\n4. p1 b1 Miss!\n5. p2 resigns\n";
    let o = run(&["audit", "-"], record);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // Player 1 won by resignation but had answered «Мимо!» at its own four-decker.
    assert!(
        out.starts_with("result reversed: the winner's board broke the rules, player 2 wins"),
        "{out}"
    );
    assert!(
        out.contains("player 1: move 3: answered miss at a1, but the board says hit"),
        "{out}"
    );
    let o = run(&["audit", "-"], "rules: classic\nfirst: 1\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("fleet 1"));
}

#[test]
fn bench_is_deterministic_across_thread_counts() {
    let args = |t: &'static str| {
        [
            "bench",
            "--shooter",
            "density",
            "--games",
            "40",
            "--seed",
            "9",
            "--json",
            "--threads",
            t,
        ]
    };
    let one = run(&args("1"), "");
    let two = run(&args("2"), "");
    assert_eq!(one.status.code(), Some(0));
    let a: Bench = serde_json::from_str(&stdout(&one)).unwrap();
    let b: Bench = serde_json::from_str(&stdout(&two)).unwrap();
    assert_eq!(a.figures(), b.figures());
    assert_eq!(a.games, 40);
    assert!(a.mean >= 20.0);
    // Read as a number: a time was measured.
    let _: f64 = a.ms_per_shot_mean;
}

/// `bench --hasbro-report` prints a row per board set with the expert's paired
/// differences, the same table on one thread and two (timings aside).
#[test]
fn hasbro_report_prints_both_sets_paired_on_any_thread_count() {
    let args = |t: &'static str| {
        [
            "bench",
            "--hasbro-report",
            "--games",
            "3",
            "--seed",
            "5",
            "--particles",
            "200",
            "--threads",
            t,
        ]
    };
    let table = |t| {
        let out = run(&args(t), "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        stdout(&out)
            .lines()
            .filter(|l| {
                l.starts_with("| ") && !l.starts_with("| boards") && !l.starts_with("| ---")
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let one = table("1");
    assert_eq!(one.len(), 2, "{one:?}");
    assert!(
        one[0].starts_with("| uniform over legal fleets | "),
        "{}",
        one[0]
    );
    assert!(
        one[1].starts_with("| placed ship by ship at random | "),
        "{}",
        one[1]
    );
    for row in &one {
        // Five figures with their errors: three means and two paired differences.
        assert_eq!(row.matches(" ± ").count(), 5, "{row}");
        assert!(row.contains("**"), "{row}");
    }
    assert_eq!(one, table("2"));
}

/// The expert keeps a sampler from game to game: a game must still see nothing of the
/// games its thread played before, so the per-game shots agree on one and two threads.
#[test]
fn expert_bench_gives_the_same_games_on_one_and_two_threads() {
    let args = |t: &'static str| {
        [
            "bench",
            "--shooter",
            "expert",
            "--placer",
            "edge",
            "--particles",
            "300",
            "--games",
            "8",
            "--seed",
            "11",
            "--json",
            "--threads",
            t,
        ]
    };
    let games = |t| {
        let o = run(&args(t), "");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Bench = serde_json::from_str(&stdout(&o)).unwrap();
        v.shots
    };
    let one = games("1");
    assert_eq!(one.len(), 8);
    assert_eq!(one, games("2"));
    assert_eq!(one, games("1"));
}

/// With --learn the games are one sequence, each learning from the fleets before it:
/// threads must still change nothing, and the boards `place --count` writes are read.
#[test]
fn learning_bench_gives_the_same_games_on_one_and_two_threads() {
    let o = run(
        &[
            "place", "--placer", "reuser", "--count", "14", "--seed", "3",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0));
    let boards = stdout(&o);
    assert_eq!(boards.matches("a b c d e f g h i j").count(), 14);
    let games = |t: &str| {
        let o = run(
            &[
                "bench",
                "--shooter",
                "expert",
                "--boards",
                "-",
                "--learn",
                "--particles",
                "300",
                "--seed",
                "5",
                "--json",
                "--threads",
                t,
            ],
            &boards,
        );
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Bench = serde_json::from_str(&stdout(&o)).unwrap();
        assert!(v.mean_after_ten.is_some());
        v.shots
    };
    let one = games("1");
    assert_eq!(one.len(), 14);
    assert_eq!(one, games("2"));
}

#[test]
fn bench_reads_boards_from_a_file_and_names_a_bad_one() {
    let board = stdout(&run(&["place", "--seed", "1"], ""));
    let two = format!("{board}\n{board}");
    let o = run(
        &[
            "bench",
            "--boards",
            "-",
            "--shooter",
            "hunt",
            "--games",
            "5",
            "--json",
        ],
        &two,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: Bench = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.games, 2);
    let bad = format!(
        "{board}\n##########\n{}",
        board.lines().skip(2).collect::<Vec<_>>().join("\n")
    );
    let o = run(&["bench", "--boards", "-"], &bad);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("board 2"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn play_needs_a_terminal_and_consistent_options() {
    let o = run(&["play"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("needs a terminal"),
        "{o:?}"
    );
    for args in [
        &["play", "--join", "k7m2qx9p4a"][..],
        &["play", "--hotseat", "--level", "hard"],
        &["play", "--hotseat", "--server", "ws://h:1"],
        &["play", "--lang", "fr"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn rules_too_costly_to_draw_or_list_are_refused_with_the_reason() {
    let fifty = format!("26x26 fleet={}", vec!["5"; 50].join(","));
    for cmd in [
        vec!["place", "--rules", &fifty],
        vec!["bench", "--rules", &fifty, "--games", "1"],
    ] {
        let t = std::time::Instant::now();
        let o = run(&cmd, "");
        assert!(!o.status.success(), "{cmd:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("too little room"), "{cmd:?}: {err}");
        assert!(t.elapsed() < std::time::Duration::from_secs(20), "{cmd:?}");
    }
    let bent = "26x26 fleet=8,8,8 shape=any";
    for cmd in [
        vec!["place", "--rules", bent],
        vec!["check", "--rules", bent, "-"],
    ] {
        let o = run(&cmd, "");
        assert_eq!(o.status.code(), Some(2), "{cmd:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("places on this board"), "{cmd:?}: {err}");
    }
}

/// What `check --json` prints, as far as these tests read it.
#[derive(Deserialize)]
struct Checked {
    legal: bool,
    violations: Vec<Violation>,
}

/// One rule a board breaks.
#[derive(Deserialize)]
struct Violation {
    kind: String,
    cells: Vec<String>,
}

/// What `bench --json` prints, as far as these tests read it.
#[derive(Deserialize)]
struct Bench {
    games: u64,
    mean: f64,
    stderr: f64,
    median: u64,
    p10: u64,
    p90: u64,
    min: u64,
    max: u64,
    ms_per_shot_mean: f64,
    shots: Vec<u64>,
    #[serde(default)]
    mean_after_ten: Option<f64>,
}

impl Bench {
    /// The figures the seed alone decides (not the time taken).
    fn figures(&self) -> (u64, [f64; 2], [u64; 5]) {
        let Bench {
            games,
            mean,
            stderr,
            median,
            p10,
            p90,
            min,
            max,
            ..
        } = *self;
        (games, [mean, stderr], [median, p10, p90, min, max])
    }
}
