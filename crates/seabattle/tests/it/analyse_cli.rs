//! `seabattle analyse` as a user runs it (issue 50): the JSON it prints is the
//! server's analysis of the same record, and a record it cannot judge is refused with
//! a clear message.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::{Coord, CoordSystem, Game, GameRecord, Lang, Outcome, Placer, Player, Rules};
use seabattle_wire::analysis::AnalysisJson;
use std::process::{Command, Output};

/// A finished game under `rules` between two players who fire row by row, on fleets
/// drawn from `seed`.
fn row_by_row(rules: &str, seed: u64) -> GameRecord {
    let rules: Rules = rules.parse().unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    for p in Player::BOTH {
        game.place(p, Placer::new(&rules).sample(&mut rng).unwrap())
            .unwrap();
    }
    game.start_with(Player::One).unwrap();
    while game.outcome() == Outcome::InProgress {
        let p = game.to_move().unwrap();
        let shot = game.view(p).enemy.shots();
        let cells: Vec<Coord> = rules
            .dims()
            .cells()
            .filter(|c| !shot.contains(*c))
            .take(game.shots_due(p))
            .collect();
        game.fire(p, &cells).unwrap();
    }
    game.record().unwrap()
}

fn analyse(file: &std::path::Path, json: bool) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_seabattle"));
    c.arg("analyse");
    if json {
        c.arg("--json");
    }
    c.arg(file).output().unwrap()
}

#[test]
fn the_offline_analysis_is_the_servers_and_reads_as_text_too() {
    let dir = tempfile::tempdir().unwrap();
    let record = row_by_row("classic", 7);
    let file = dir.path().join("record.json");
    std::fs::write(&file, serde_json::to_string_pretty(&record).unwrap()).unwrap();
    let out = analyse(&file, true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Compared as text: a float read back from JSON may differ in its last bit.
    let offline = seabattle_server::analyse_record(&record).unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.trim_end(), serde_json::to_string(&offline).unwrap());
    let printed: AnalysisJson = serde_json::from_str(&printed).unwrap();
    let fired: usize = printed.sides.iter().map(|s| s.shots as usize).sum();
    assert_eq!(fired, printed.shots.len());

    // The same game in the text notation, read as a person would.
    let text = dir.path().join("record.txt");
    std::fs::write(&text, record.to_text(CoordSystem::Latin, Lang::En)).unwrap();
    let out = analyse(&text, false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("player 1: accuracy "), "{shown}");
    assert!(shown.contains("player 2: accuracy "), "{shown}");
}

#[test]
fn a_record_under_rules_with_mines_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("record.json");
    // The rules are judged before anything else: a classic game said to be under mines.
    let mut record = row_by_row("classic", 3);
    record.rules = "mines".parse().unwrap();
    std::fs::write(&file, serde_json::to_string(&record).unwrap()).unwrap();
    let out = analyse(&file, true);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("cannot be analysed") && said.contains("not available for these rules"),
        "{said}"
    );
}
