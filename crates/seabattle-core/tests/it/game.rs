//! Whole games through the engine: turn order per preset, volleys, errors, resignation,
//! views, records and the audit.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_core::audit::Fault;
use seabattle_core::{
    Answer, CoordSystem, Dims, Fleet, FleetSetup, Game, GameRecord, Lang, Move, Outcome, Phase,
    Placer, Player, Preset, Rules, Shot, ShotError, Verdict, WinReason, audit,
};

fn fleet(text: &str, rules: &Rules) -> Fleet {
    let setup = FleetSetup::parse(text, CoordSystem::Latin, rules.dims()).unwrap();
    Fleet::new(setup, rules).unwrap()
}

const F1: &str = "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";
const F2: &str = "j1-j4 h1-h3 a10-c10 e10-f10 h10-i10 a8-b8 e8 g8 j8 j6";

fn classic_game() -> Game {
    let rules = Rules::classic();
    let mut g = Game::new(rules.clone());
    g.place(Player::One, fleet(F1, &rules)).unwrap();
    g.place(Player::Two, fleet(F2, &rules)).unwrap();
    g.start_with(Player::One).unwrap();
    g
}

fn c(s: &str) -> seabattle_core::Coord {
    CoordSystem::Latin.parse(s, Dims::CLASSIC).unwrap()
}

#[test]
fn a_hit_shoots_again_a_miss_passes_the_turn() {
    let mut g = classic_game();
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.shoot(Player::One, c("j1")), Ok(Shot::Hit));
    assert_eq!(g.to_move(), Some(Player::One));
    assert_eq!(
        g.shoot(Player::Two, c("a1")),
        Err(ShotError::OutOfTurn { turn: Player::One })
    );
    assert_eq!(
        g.shoot(Player::One, c("j1")),
        Err(ShotError::AlreadyShot(c("j1")))
    );
    assert_eq!(g.shoot(Player::One, c("a5")), Ok(Shot::Miss));
    assert_eq!(g.to_move(), Some(Player::Two));
    let Ok(Shot::Sunk(ship)) = g.shoot(Player::Two, c("a7")) else {
        panic!("a7 is a one-decker")
    };
    assert_eq!(ship.cells.len(), 1);
    // The halo of a sunk one-decker on the left edge: its 5 neighbours on the board.
    assert_eq!(ship.halo.len(), 5);
    assert_eq!(g.to_move(), Some(Player::Two), "a sink shoots again too");
    let off = seabattle_core::Coord::new(10, 0);
    assert_eq!(g.shoot(Player::Two, off), Err(ShotError::OffBoard(off)));
}

#[test]
fn answers_in_both_languages() {
    assert_eq!(Answer::Miss.text(Lang::Ru), "Мимо!");
    assert_eq!(Answer::Hit.text(Lang::Ru), "Ранил!");
    assert_eq!(Answer::Sunk.text(Lang::Ru), "Убил!");
    assert_eq!(Answer::Sunk.text(Lang::En), "Sunk!");
    for s in ["Попал!", "ранила", "Ранил(а)!", "hit", "HIT!"] {
        assert_eq!(s.parse::<Answer>(), Ok(Answer::Hit), "{s}");
    }
    assert_eq!("Потопил(а)!".parse::<Answer>(), Ok(Answer::Sunk));
    assert!("Бах!".parse::<Answer>().is_err());
}

#[test]
fn hasbro_turns_strictly_alternate() {
    let rules = Preset::Hasbro.rules();
    let mut g = Game::new(rules.clone());
    g.place(Player::One, fleet("a1-e1 a2-d2 a3-c3 a4-c4 a5-b5", &rules))
        .unwrap();
    g.place(Player::Two, fleet("a1-e1 a2-d2 a3-c3 a4-c4 a5-b5", &rules))
        .unwrap();
    g.start_with(Player::Two).unwrap();
    assert_eq!(g.shoot(Player::Two, c("a1")), Ok(Shot::Hit));
    assert_eq!(g.to_move(), Some(Player::One));
    let Ok(Shot::Sunk(ship)) = (|| {
        for cell in ["a5", "b5"] {
            let s = g.shoot(Player::One, c(cell))?;
            if matches!(s, Shot::Sunk(_)) {
                return Ok(s);
            }
            g.shoot(Player::Two, c("j10")).ok();
        }
        Err(ShotError::GameOver)
    })() else {
        panic!("b5 sinks the two-decker")
    };
    assert!(
        ship.halo.is_empty(),
        "ships may touch: nothing is known around a sunk ship"
    );
}

#[test]
fn salvo_fires_one_shot_per_ship_afloat() {
    let rules = Preset::Salvo.rules();
    let mut g = Game::new(rules.clone());
    g.place(Player::One, fleet(F1, &rules)).unwrap();
    g.place(Player::Two, fleet(F2, &rules)).unwrap();
    g.start_with(Player::One).unwrap();
    assert_eq!(g.shots_due(Player::One), 10);
    assert_eq!(
        g.shoot(Player::One, c("a1")),
        Err(ShotError::WrongCount {
            expected: 10,
            got: 1
        })
    );
    let volley: Vec<_> = ["j6", "e8", "g8", "j8", "a1", "a2", "a3", "a4", "a5", "a6"]
        .map(c)
        .to_vec();
    let mut twice = volley.clone();
    twice[9] = c("a1");
    assert_eq!(
        g.fire(Player::One, &twice),
        Err(ShotError::Repeated(c("a1")))
    );
    let shots = g.fire(Player::One, &volley).unwrap();
    assert_eq!(
        shots.iter().filter(|s| matches!(s, Shot::Sunk(_))).count(),
        4
    );
    assert_eq!(
        g.to_move(),
        Some(Player::Two),
        "a volley always passes the turn in salvo"
    );
    assert_eq!(g.shots_due(Player::Two), 6, "four of player 2's ships sank");
    let volley: Vec<_> = ["a7", "c7", "j1", "j2", "j3", "j4"].map(c).to_vec();
    g.fire(Player::Two, &volley).unwrap();
    assert_eq!(g.shots_due(Player::One), 8, "two of player 1's ships sank");
}

/// Plays a whole game: each player shoots the first cell it knows nothing about, shows
/// the first cell it may when it owes a reveal, and moves a hit flying ship at random.
fn play_out(g: &mut Game, rng: &mut StdRng) {
    loop {
        if let Some(d) = g.duties().first().copied() {
            if d.kind == seabattle_core::DutyKind::Relocate {
                let decks = g.relocation_decks(d.player).unwrap();
                let shot = g.view(d.player).own.incoming;
                let cells =
                    seabattle_core::flying::random_move(g.rules(), decks, &shot, rng).unwrap();
                g.relocate(d.player, &seabattle_core::ShipSetup(cells.iter().collect()))
                    .unwrap();
                continue;
            }
            let cell = g.reveal_options(d.player, d.kind).first().unwrap();
            g.reveal(d.player, cell).unwrap();
            continue;
        }
        let Some(p) = g.to_move() else { break };
        let view = g.view(p);
        let cells: Vec<_> = view.enemy.unknown().iter().take(g.shots_due(p)).collect();
        g.fire(p, &cells).unwrap();
        check_view_hides_the_fleet(g);
    }
}

fn check_view_hides_the_fleet(g: &Game) {
    for p in Player::BOTH {
        let view = g.view(p);
        // Where the enemy ships stand now: a flying ship may have moved.
        let theirs = g.view(p.other()).own;
        let enemy = theirs.fleet.unwrap();
        let sunk = view
            .enemy
            .sunk()
            .iter()
            .fold(seabattle_core::CellSet::EMPTY, |a, s| a.or(s));
        // Whatever the view knows of enemy ship cells, it learned from hits or sinkings.
        assert!(sunk.is_subset(enemy.occupied()));
        assert!(
            view.enemy
                .hits()
                .is_subset(&enemy.occupied().or(&theirs.lost))
        );
        assert_eq!(*view.enemy.left_behind(), theirs.lost);
        assert!(
            !view.enemy.known_empty().intersects(enemy.occupied()),
            "halo marked a ship cell"
        );
        for ship in enemy.ships() {
            let hit = ship.cells().and(view.enemy.hits());
            assert_eq!(
                view.enemy.sunk().contains(&ship.cells()),
                hit == ship.cells(),
                "sunk exactly when all cells are hit"
            );
        }
        assert_eq!(view.enemy_fleet.is_some(), g.phase() == Phase::Over);
    }
}

#[test]
fn games_play_to_the_end_under_every_preset_and_records_round_trip() {
    let mut rng = StdRng::seed_from_u64(42);
    for preset in Preset::ALL {
        let rules = preset.rules();
        let placer = Placer::new(&rules);
        let mut g = Game::new(rules.clone());
        for p in Player::BOTH {
            g.place(p, placer.sample(&mut rng).unwrap()).unwrap();
        }
        g.start(&mut rng).unwrap();
        play_out(&mut g, &mut rng);
        let Outcome::Won {
            winner,
            reason: WinReason::FleetSunk,
        } = g.outcome()
        else {
            panic!("{preset}")
        };
        assert_eq!(g.afloat(winner.other()), 0);
        let record = g.record().unwrap();
        for (system, lang) in [
            (CoordSystem::Latin, Lang::En),
            (CoordSystem::Russian, Lang::Ru),
        ] {
            if !system.fits(rules.dims()) {
                continue;
            }
            let text = record.to_text(system, lang);
            assert_eq!(
                GameRecord::from_text(&text),
                Ok(record.clone()),
                "{preset}\n{text}"
            );
        }
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(
            serde_json::from_str::<GameRecord>(&json).unwrap(),
            record,
            "{preset}"
        );
        let replayed = record.replay().unwrap();
        assert_eq!(replayed.outcome(), g.outcome());
        // One pass shows every position the prefixes of the record replay to.
        let mut seen = Vec::new();
        record
            .replay_each(&mut |n, game| seen.push((n, game.view(Player::One).enemy)))
            .unwrap();
        assert_eq!(seen.len(), record.moves.len() + 1, "{preset}");
        for (n, view) in seen.iter().step_by(7) {
            let prefix = GameRecord {
                moves: record.moves[..*n].to_vec(),
                ..record.clone()
            };
            assert_eq!(
                &prefix.replay().unwrap().view(Player::One).enemy,
                view,
                "{preset} {n}"
            );
        }
        assert_eq!(
            audit(&record).verdict,
            Verdict::Stands(g.outcome()),
            "{preset}"
        );
    }
}

#[test]
fn resignation_ends_the_game_and_is_recorded() {
    let mut g = classic_game();
    g.shoot(Player::One, c("a10")).unwrap();
    g.resign(Player::Two).unwrap();
    assert_eq!(
        g.outcome(),
        Outcome::Won {
            winner: Player::One,
            reason: WinReason::Resigned
        }
    );
    assert_eq!(g.shoot(Player::Two, c("a1")), Err(ShotError::GameOver));
    let rec = g.record().unwrap();
    let text = rec.to_text(CoordSystem::Russian, Lang::Ru);
    assert!(text.contains("2. p2 сдался"), "{text}");
    assert!(text.contains("1. p1 а10 Ранил!"), "{text}");
    assert_eq!(GameRecord::from_text(&text).unwrap(), rec);
}

#[test]
fn a_pass_hands_the_turn_over_and_is_recorded() {
    let mut g = classic_game();
    assert_eq!(g.shoot(Player::One, c("j1")), Ok(Shot::Hit));
    assert_eq!(
        g.pass(Player::Two),
        Err(ShotError::OutOfTurn { turn: Player::One })
    );
    // A hit earned another shot, but a pass gives the turn away all the same.
    g.pass(Player::One).unwrap();
    assert_eq!(g.to_move(), Some(Player::Two));
    assert_eq!(g.shoot(Player::Two, c("a1")), Ok(Shot::Hit));
    let rec = g.record().unwrap();
    assert_eq!(
        rec.moves[1],
        Move::Pass {
            player: Player::One
        }
    );
    assert_eq!(rec.replay().unwrap().to_move(), Some(Player::Two));
    for (system, lang, word) in [
        (CoordSystem::Russian, Lang::Ru, "2. p1 пропуск"),
        (CoordSystem::Latin, Lang::En, "2. p1 passes"),
    ] {
        let text = rec.to_text(system, lang);
        assert!(text.contains(word), "{text}");
        assert_eq!(GameRecord::from_text(&text).unwrap(), rec);
    }
    let json = serde_json::to_string(&rec).unwrap();
    assert!(json.contains(r#"{"player":1,"pass":true}"#), "{json}");
    assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), rec);
    assert_eq!(audit(&rec).verdict, Verdict::Stands(Outcome::InProgress));

    let mut unstarted = Game::new(Rules::classic());
    assert_eq!(unstarted.pass(Player::One), Err(ShotError::NotStarted));
    g.resign(Player::One).unwrap();
    assert_eq!(g.pass(Player::Two), Err(ShotError::GameOver));
}

#[test]
fn a_pass_out_of_turn_is_refused_on_replay_and_faulted_by_the_audit() {
    let mut rec = classic_game().record().unwrap();
    rec.moves.push(Move::Pass {
        player: Player::Two,
    });
    let e = rec.replay().unwrap_err().to_string();
    assert_eq!(e, "move 1: not your turn: player 1 shoots");
    let report = audit(&rec);
    assert!(
        report.faults[1]
            .iter()
            .any(|f| matches!(f, Fault::Turn { number: 1, .. })),
        "{:?}",
        report.faults
    );
    let bad = r#"{"rules":"classic","first":1,"fleets":[[],[]],"moves":[{"player":1,"pass":true,"resign":true}]}"#;
    let e = serde_json::from_str::<GameRecord>(bad)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a move is one of shots, a resignation or a pass"),
        "{e}"
    );
}

#[test]
fn record_text_errors_name_the_line() {
    let rec = classic_game().record().unwrap();
    let mut text = rec.to_text(CoordSystem::Latin, Lang::En);
    text.push_str("1. p1 zz9 Miss!\n");
    let e = GameRecord::from_text(&text).unwrap_err().to_string();
    let line = text.lines().count();
    assert!(e.starts_with(&format!("line {line}: cell \"zz9\"")), "{e}");
    let e = GameRecord::from_text("rules: classic\nfirst: 3\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("not 1 or 2"), "{e}");
}

/// A record of a game in which the winner's board broke the rules is reversed.
#[test]
fn audit_reverses_a_win_on_an_illegal_board() {
    let rules = Rules::classic();
    // Player 2 drew a five-decker where the four-decker should be; player 1 sank it all.
    let bad = "j1-j5 h1-h3 a10-c10 e10-f10 h10-i10 a8-b8 e8 g8 j8 e6";
    let mut rec = GameRecord {
        rules: rules.clone(),
        fleets: [
            FleetSetup::parse(F1, CoordSystem::Latin, rules.dims()).unwrap(),
            FleetSetup::parse(bad, CoordSystem::Latin, rules.dims()).unwrap(),
        ],
        first: Player::Two,
        moves: Vec::new(),
    };
    // Player 2 shoots every one of player 1's ship cells, answered truthfully.
    let f1 = fleet(F1, &rules);
    for ship in f1.ships() {
        let cells: Vec<_> = ship.cells().iter().collect();
        for (i, &cell) in cells.iter().enumerate() {
            let answer = if i + 1 == cells.len() {
                Answer::Sunk
            } else {
                Answer::Hit
            };
            rec.moves.push(Move::Volley {
                player: Player::Two,
                shots: vec![(cell, answer)],
            });
        }
    }
    let report = audit(&rec);
    assert_eq!(
        report.played,
        Outcome::Won {
            winner: Player::Two,
            reason: WinReason::FleetSunk
        }
    );
    assert_eq!(
        report.verdict,
        Verdict::Reversed {
            winner: Player::One
        }
    );
    assert!(
        report.faults[1]
            .iter()
            .any(|f| matches!(f, Fault::Placement(_)))
    );

    // If player 1 also lied about a shot, both broke the rules: the liar loses.
    let mut both = rec.clone();
    both.moves[0] = Move::Volley {
        player: Player::Two,
        shots: vec![(c("j10"), Answer::Miss)],
    };
    both.moves.insert(
        1,
        Move::Volley {
            player: Player::One,
            shots: vec![(c("a1"), Answer::Miss)],
        },
    );
    // Player 1 drew no five-decker: make its board illegal too by moving a one-decker
    // next to another ship.
    both.fleets[0] = FleetSetup::parse(
        "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 h6",
        CoordSystem::Latin,
        rules.dims(),
    )
    .unwrap();
    let report = audit(&both);
    assert!(
        matches!(report.verdict, Verdict::Compared { .. } | Verdict::Void),
        "{:?}",
        report.verdict
    );
}

#[test]
fn audit_finds_a_false_answer() {
    let mut g = classic_game();
    g.shoot(Player::One, c("a10")).unwrap();
    let mut rec = g.record().unwrap();
    // Player 2 claimed a miss where its three-decker stands.
    rec.moves[0] = Move::Volley {
        player: Player::One,
        shots: vec![(c("a10"), Answer::Miss)],
    };
    assert_eq!(
        rec.replay().unwrap_err().to_string(),
        "move 1: a10 was answered miss, but the board says hit"
    );
    let report = audit(&rec);
    assert_eq!(
        report.verdict,
        Verdict::Forfeit {
            winner: Player::One
        }
    );
    assert!(matches!(
        report.faults[1][0],
        Fault::FalseAnswer {
            given: Answer::Miss,
            actual: Answer::Hit,
            ..
        }
    ));
}

#[test]
fn placement_errors_and_start() {
    let rules = Rules::classic();
    let mut g = Game::new(rules.clone());
    assert_eq!(g.shoot(Player::One, c("a1")), Err(ShotError::NotStarted));
    g.place(Player::One, fleet(F1, &rules)).unwrap();
    assert_eq!(
        g.start_with(Player::One),
        Err(seabattle_core::GameError::FleetMissing(Player::Two))
    );
    let other = Preset::ClassicCorners.rules();
    assert_eq!(
        g.place(Player::Two, fleet(F2, &other)),
        Err(seabattle_core::GameError::RulesMismatch)
    );
    g.place(Player::Two, fleet(F2, &rules)).unwrap();
    let first = g.start(&mut StdRng::seed_from_u64(1)).unwrap();
    assert_eq!(g.to_move(), Some(first));
    assert_eq!(
        g.place(Player::Two, fleet(F2, &rules)),
        Err(seabattle_core::GameError::NotPlacing)
    );
}

/// The example game in docs/notation.md reads, replays and audits as the docs say.
#[test]
fn the_documented_example_record_is_valid() {
    let doc = include_str!("../../../../docs/notation.md");
    let start = doc
        .find("```text\n#! seabattle record")
        .expect("example in docs")
        + "```text\n".len();
    let text = &doc[start..start + doc[start..].find("```").unwrap()];
    let record = GameRecord::from_text(text).unwrap();
    let game = record.replay().unwrap();
    assert_eq!(
        game.outcome(),
        Outcome::Won {
            winner: Player::One,
            reason: WinReason::Resigned
        }
    );
    assert_eq!(record.to_text(CoordSystem::Russian, Lang::Ru), text);
    let json_start = doc.find("```json\n{").expect("JSON example") + "```json\n".len();
    let json = &doc[json_start..json_start + doc[json_start..].find("```").unwrap()];
    assert_eq!(serde_json::from_str::<GameRecord>(json).unwrap(), record);
}
