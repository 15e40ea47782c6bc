//! The placement, battle and game-over screens drawn on ratatui's test backend and
//! compared with the text in `tests/snapshots/`. Set `UPDATE_SNAPSHOTS=1` to rewrite
//! the files after a deliberate change, and read the diff.

use crate::common::{self, *};
use ratatui::crossterm::event::KeyCode;
use seabattle_bots::Level;
use seabattle_core::{Lang, Rules};
use seabattle_tui::{Mode, Screen};
use std::path::PathBuf;

fn check(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    assert_eq!(
        actual,
        expected,
        "{name} differs from {}:\n{actual}",
        path.display()
    );
}

#[test]
fn placement_with_violations_80x24() {
    let mut app = vs_computer(7);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen(), Screen::Placement(_)),
        "violations keep the placement"
    );
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("! "), "{text}");
    check("placement_80x24", &text);
}

#[test]
fn battle_80x24_russian_and_120x32_english() {
    let mut app = vs_computer(7);
    press(&mut app, KeyCode::Enter);
    for target in ["c1", "c2", "c3", "e5"] {
        aim(&mut app, cell(target));
        press(&mut app, KeyCode::Enter);
    }
    check("battle_80x24", &screen_text(&mut app, 80, 24));

    let mut app = common::app(
        Mode::Computer(Level::Medium),
        Rules::classic(),
        Lang::En,
        11,
    );
    press(&mut app, KeyCode::Enter);
    for target in ["a1", "b2", "c3", "d4", "e5", "f6"] {
        aim(&mut app, cell(target));
        press(&mut app, KeyCode::Enter);
    }
    check("battle_120x32", &screen_text(&mut app, 120, 32));
}

#[test]
fn game_over_80x24() {
    let mut app = vs_computer(7);
    play_out(&mut app);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Игра окончена"), "{text}");
    check("over_80x24", &text);
}

#[test]
fn hotseat_cover_hides_both_fleets() {
    let mut app = app(Mode::Hotseat, Rules::classic(), Lang::En, 3);
    press(&mut app, KeyCode::Enter);
    let text = screen_text(&mut app, 80, 24);
    assert!(!text.contains('□'), "the cover shows a fleet:\n{text}");
    check("hotseat_cover_80x24", &text);
}

#[test]
fn a_small_window_says_what_it_needs() {
    let mut app = vs_computer(7);
    let text = screen_text(&mut app, 40, 12);
    assert!(text.contains("51×23"), "{text}");
}

#[test]
fn pieces_placement_and_battle_at_a_reveal_80x24() {
    let rules = Rules::preset(seabattle_core::Preset::Mines);
    let mut app = app(Mode::Computer(Level::Easy), rules, Lang::Ru, 3);
    // Tab past the ten ships selects the first mine.
    for _ in 0..10 {
        press(&mut app, KeyCode::Tab);
    }
    assert!(app.editor().unwrap().selected_piece().is_some());
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("○"), "{text}");
    check("pieces_placement_80x24", &text);
    press(&mut app, KeyCode::Enter);
    shoot_until(&mut app, |a| a.revealing());
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Покажите клетку своего корабля"), "{text}");
    check("pieces_battle_80x24", &text);
}

#[test]
fn minesweepers_need_a_bigger_window_and_say_so() {
    let rules = Rules::preset(seabattle_core::Preset::Minesweepers);
    let mut app = app(Mode::Computer(Level::Easy), rules, Lang::En, 3);
    let (w, h) = seabattle_tui::layout::minimum_for(app.editor().unwrap().rules());
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains(&format!("{w}×{h}")), "{text}");
    assert!(!screen_text(&mut app, w, h).contains("too small"));
    press(&mut app, KeyCode::Enter);
    let text = screen_text(&mut app, w, h);
    assert!(text.contains("△ minesweeper"), "{text}");
}

/// A rated online game's end shows the player's own rating change, as the web page
/// does, in the screen's language (the audit's verdict too: it was English on the
/// Russian screen).
#[test]
fn a_rated_game_over_shows_the_rating_change() {
    use rand::SeedableRng;
    use seabattle_core::{Placer, Player};
    use seabattle_tui::update::RatingJson;
    use seabattle_tui::{EndReason, Ending, Update};
    let rules = Rules::classic();
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut fleet = || -> Vec<_> {
        let f = Placer::new(&rules).sample(&mut rng).unwrap();
        f.ships().iter().map(|s| s.cells()).collect()
    };
    let ending = Ending {
        winner: Some(Player::One),
        reason: EndReason::FleetSunk,
        fleets: [fleet(), fleet()],
        pieces: Default::default(),
        verdict: "the result stands: player 1 wins by sinking the fleet".into(),
        verdict_ru: "результат в силе: игрок 1 побеждает, потопив весь флот".into(),
        ratings: Some([
            RatingJson {
                before: 1500,
                after: 1662,
                provisional_before: true,
                provisional_after: true,
            },
            RatingJson {
                before: 1712,
                after: 1698,
                provisional_before: false,
                provisional_after: false,
            },
        ]),
    };
    for (lang, seat, words) in [
        (
            Lang::Ru,
            Player::Two,
            ["Рейтинг: 1712 → 1698 (−14)", "результат в силе"],
        ),
        (
            Lang::En,
            Player::One,
            ["Rating: 1500? → 1662? (+162)", "the result stands"],
        ),
    ] {
        let mut app = common::app(Mode::Online, rules.clone(), lang, 1);
        app.apply(Update::Seated {
            seat,
            game: "k7m2qx9p4a".into(),
            link: "http://127.0.0.1/g/k7m2qx9p4a".into(),
        });
        app.apply(Update::Over(Box::new(ending.clone())));
        let text = screen_text(&mut app, 120, 32);
        for w in words {
            assert!(text.contains(w), "no {w:?} in\n{text}");
        }
        // Not the other seat's.
        assert!(!text.contains(if seat == Player::One { "1698" } else { "1662" }));
        // The loser leaving after the end is no news to wait on.
        app.apply(Update::Presence {
            player: seat.other(),
            present: false,
            who: Default::default(),
        });
        assert_eq!(app.status(), "", "{lang:?}");
    }
    // A game on one machine is never rated.
    let mut app = vs_computer(7);
    play_out(&mut app);
    assert!(!screen_text(&mut app, 80, 24).contains("Рейтинг"));
}
