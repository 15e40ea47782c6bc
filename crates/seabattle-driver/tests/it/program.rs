//! A bot program behind the `Shooter` trait, as the game server uses it.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::{PlacerKind, Shooter, ShooterKind};
use seabattle_core::{Coord, DutyKind, Game, Move, Outcome, Player, Rules, ShipSetup, flying};
use seabattle_driver::protocol::rules_text;
use seabattle_driver::{FaultKind, Limits, Program};
use std::path::PathBuf;
use std::time::Duration;

fn limits() -> Limits {
    Limits {
        start: Duration::from_secs(10),
        answer: Duration::from_millis(2000),
    }
}

fn repo(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    p.to_string_lossy().into_owned()
}

/// Plays `program` (player one, from `skip` volleys on; a builtin fires those) against
/// player two, who fires only at water so that the game lasts until player one wins,
/// and resigns if no water is left for its volley.
fn play(program: &mut Program, rules: &Rules, placed: bool, skip: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(5);
    let mut game = Game::new(rules.clone());
    let fleet = if placed {
        program.place(rules).unwrap()
    } else {
        PlacerKind::Uniform.place(rules, &mut rng).unwrap()
    };
    let mut water: Vec<Coord> = rules
        .dims()
        .cells()
        .filter(|c| !fleet.occupied().contains(*c))
        .collect();
    game.place(Player::One, fleet).unwrap();
    game.place(
        Player::Two,
        PlacerKind::Uniform.place(rules, &mut rng).unwrap(),
    )
    .unwrap();
    game.start_with(Player::One).unwrap();
    let mut before = ShooterKind::Hunt.build();
    let mut n = 0;
    while game.outcome() == Outcome::InProgress {
        if game.to_move() == Some(Player::Two) {
            let due = game.shots_due(Player::Two);
            if water.len() < due {
                game.resign(Player::Two).unwrap();
            } else {
                let volley: Vec<Coord> = water.drain(..due).collect();
                game.fire(Player::Two, &volley).unwrap();
            }
            continue;
        }
        let view = game.view(Player::One).enemy;
        let count = game.shots_due(Player::One);
        let shooter: &mut dyn Shooter = if n < skip { before.as_mut() } else { program };
        let cells = shooter.choose(rules, &view, count, &mut rng);
        game.fire(Player::One, &cells).unwrap();
        n += 1;
    }
    game
}

/// The answers to player one's shots, in order, as the protocol words them.
fn answers(game: &Game) -> Vec<String> {
    game.moves()
        .iter()
        .filter_map(|m| match m {
            Move::Volley {
                player: Player::One,
                shots,
            } => Some(shots.clone()),
            _ => None,
        })
        .flatten()
        .map(|(c, a)| format!("result {c} {}", a.word()))
        .collect()
}

/// The example bot, with every line the league sends it copied to `heard`.
fn listening_bot(heard: &std::path::Path) -> String {
    format!(
        "tee '{}' | python3 '{}'",
        heard.display(),
        repo("../../examples/bot.py")
    )
}

#[test]
fn a_program_shoots_hears_every_answer_and_sinks_the_fleet() {
    let dir = tempfile();
    let heard = dir.join("heard");
    let cmd = listening_bot(&heard);
    for rules in ["classic", "salvo"] {
        let rules: Rules = rules.parse().unwrap();
        let mut program = Program::new(&cmd, limits(), ShooterKind::Random.build());
        let game = play(&mut program, &rules, true, 0);
        assert!(program.fault().is_none(), "{:?}", program.fault());
        assert!(
            matches!(
                game.outcome(),
                Outcome::Won {
                    winner: Player::One,
                    ..
                }
            ),
            "{:?}",
            game.outcome()
        );
        drop(program);
        let text = read_after_quit(&heard);
        let results: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("result "))
            .map(str::to_string)
            .collect();
        let mut expected = answers(&game);
        // The last volley's answers are never asked for: the game ended.
        let told = results.len();
        assert!(told < expected.len(), "{told}");
        expected.truncate(told);
        assert_eq!(results, expected, "{rules}");
        assert!(text.starts_with("seabattle 1\nnewgame "), "{text}");
        assert!(text.ends_with("quit\n"), "{text}");
    }
}

#[test]
fn a_program_started_mid_game_hears_the_past_and_plays_on() {
    let dir = tempfile();
    let heard = dir.join("heard");
    let cmd = listening_bot(&heard);
    let rules = Rules::classic();
    let mut program = Program::new(&cmd, limits(), ShooterKind::Random.build());
    let game = play(&mut program, &rules, false, 30);
    assert!(program.fault().is_none(), "{:?}", program.fault());
    assert!(matches!(
        game.outcome(),
        Outcome::Won {
            winner: Player::One,
            ..
        }
    ));
    drop(program);
    let text = read_after_quit(&heard);
    let lines: Vec<&str> = text.lines().collect();
    let newgame = format!("newgame {}", rules_text(&rules));
    assert_eq!(lines[..3], ["seabattle 1", newgame.as_str(), "place"]);
    assert!(lines[3].starts_with("result "), "{text}");
    // The thirty shots made before it started, then its own.
    let results = lines.iter().filter(|l| l.starts_with("result ")).count();
    assert!(results >= 30, "{results}");
    let sunk = lines.iter().filter(|l| l.ends_with(" sunk")).count();
    let sunk_before: usize = answers(&game)[..results]
        .iter()
        .filter(|l| l.ends_with(" sunk"))
        .count();
    assert_eq!(sunk, sunk_before);
}

#[test]
fn a_failing_program_hands_over_to_the_fallback() {
    let rules = Rules::classic();
    let garbage = format!(
        "sh '{}'",
        repo("../seabattle-league/tests/fixtures/garbage.sh")
    );
    let mut program = Program::new(&garbage, limits(), ShooterKind::Hunt.build());
    let game = play(&mut program, &rules, true, 0);
    assert_eq!(program.fault().unwrap().kind, FaultKind::Garbage);
    assert!(matches!(
        game.outcome(),
        Outcome::Won {
            winner: Player::One,
            ..
        }
    ));

    let mut program = Program::new("exit 1", limits(), ShooterKind::Hunt.build());
    assert_eq!(program.place(&rules).unwrap_err().kind, FaultKind::Crash);
    let game = play(&mut program, &rules, false, 0);
    assert!(matches!(
        game.outcome(),
        Outcome::Won {
            winner: Player::One,
            ..
        }
    ));

    let fleet = format!(
        "sh '{}'",
        repo("../seabattle-league/tests/fixtures/illegal_fleet.sh")
    );
    let mut program = Program::new(&fleet, limits(), ShooterKind::Hunt.build());
    assert_eq!(
        program.place(&rules).unwrap_err().kind,
        FaultKind::IllegalFleet
    );
    let repeat = format!(
        "sh '{}'",
        repo("../seabattle-league/tests/fixtures/repeated_shot.sh")
    );
    let mut program = Program::new(&repeat, limits(), ShooterKind::Hunt.build());
    let game = play(&mut program, &rules, true, 0);
    assert_eq!(program.fault().unwrap().kind, FaultKind::RepeatedShot);
    assert!(matches!(
        game.outcome(),
        Outcome::Won {
            winner: Player::One,
            ..
        }
    ));
}

/// The file once it ends with `quit` (the program is let go on a thread of its own),
/// or after five seconds.
fn read_after_quit(path: &std::path::Path) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if text.ends_with("quit\n") || std::time::Instant::now() > deadline {
            return text;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A fresh directory in the temporary directory.
fn tempfile() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("seabattle-program-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays the example bot behind `program` (player one, shooting first) against the
/// `hard` builtin to the end, settling the reveals and moves each side owes: the
/// program's through [`Program::reveal`] and [`Program::relocate`].
fn play_with_duties(program: &mut Program, rules: &Rules, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    game.place(Player::One, program.place(rules).unwrap())
        .unwrap();
    game.place(
        Player::Two,
        PlacerKind::Uniform.place(rules, &mut rng).unwrap(),
    )
    .unwrap();
    game.start_with(Player::One).unwrap();
    let mut hard = ShooterKind::Density.build();
    while game.outcome() == Outcome::InProgress {
        if let Some(duty) = game.duties().first().copied() {
            let p = duty.player;
            let view = game.view(p).enemy;
            let own = game.view(p).own;
            if duty.kind == DutyKind::Relocate {
                let decks = game.relocation_decks(p).unwrap();
                let incoming = own.incoming;
                let ship = match p {
                    Player::One => program.relocate(rules, &view, &own, decks),
                    Player::Two => None,
                }
                .unwrap_or_else(|| {
                    let cells = flying::random_move(rules, decks, &incoming, &mut rng).unwrap();
                    ShipSetup(cells.iter().collect())
                });
                game.relocate(p, &ship).unwrap();
            } else {
                let options = game.reveal_options(p, duty.kind);
                let cell = match p {
                    Player::One => program.reveal(rules, &view, &own, duty.kind, &options),
                    Player::Two => None,
                }
                .unwrap_or_else(|| options.iter().next().unwrap());
                game.reveal(p, cell).unwrap();
            }
            continue;
        }
        let p = game.to_move().unwrap();
        let view = game.view(p).enemy;
        let count = game.shots_due(p);
        let shooter: &mut dyn Shooter = match p {
            Player::One => program,
            Player::Two => hard.as_mut(),
        };
        let cells = shooter.choose(rules, &view, count, &mut rng);
        game.fire(p, &cells).unwrap();
    }
    game
}

#[test]
fn a_program_reveals_hears_what_it_is_shown_and_moves_its_flying_ship() {
    let dir = tempfile();
    let cases = [
        ("mines", &["reveal ship", "shown "][..]),
        ("minesweepers", &["reveal mine", "shown "][..]),
        ("submarines", &["torpedo "][..]),
        ("dutchman fleet=5", &["move 4", "moved"][..]),
    ];
    for (i, (rules, lines)) in cases.into_iter().enumerate() {
        let rules: Rules = rules.parse().unwrap();
        let mut text = String::new();
        // A few games meet every piece with near certainty; stop as soon as they have.
        for seed in 0..8 {
            let heard = dir.join(format!("heard-{i}-{seed}"));
            let mut program =
                Program::new(listening_bot(&heard), limits(), ShooterKind::Random.build());
            let game = play_with_duties(&mut program, &rules, seed);
            assert!(program.fault().is_none(), "{rules}: {:?}", program.fault());
            assert_ne!(game.outcome(), Outcome::InProgress);
            drop(program);
            text.push_str(&read_after_quit(&heard));
            if lines.iter().all(|l| text.contains(l)) {
                break;
            }
        }
        for line in lines {
            assert!(text.contains(line), "{rules}: no {line:?} in {text}");
        }
    }
}
