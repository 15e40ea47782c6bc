//! Whole games driven through key and mouse events, without a terminal.

use crate::common::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use seabattle_bots::Level;
use seabattle_core::{Answer, Lang, Player, Rules};
use seabattle_tui::{EndReason, Mode, Next, Screen};

#[test]
fn a_full_game_against_the_computer_by_keys() {
    for (seed, level) in [(1, Level::Easy), (2, Level::Hard)] {
        let mut app = app(Mode::Computer(level), Rules::classic(), Lang::En, seed);
        assert_eq!(app.screen(), Screen::Placement(Player::One));
        let presses = play_out(&mut app);
        assert!(presses > 20);
        let end = app.ending().expect("the game is over");
        assert_eq!(end.reason, EndReason::FleetSunk);
        let winner = end.winner.expect("someone won");
        assert!(
            end.verdict
                .contains(&format!("player {winner} wins by sinking")),
            "{}",
            end.verdict
        );
        // The loser's whole fleet is in the log as sunk.
        let sunk = app
            .log()
            .iter()
            .filter(|e| e.player == winner && e.answer() == Some(Answer::Sunk))
            .count();
        assert_eq!(sunk, 10);
        // Both fleets are revealed on the game-over screen.
        let text = screen_text(&mut app, 80, 24);
        assert!(text.contains("Game over"), "{text}");
        press(&mut app, KeyCode::Char('q'));
        assert!(app.should_quit(), "q quits at once after the game");
    }
}

#[test]
fn a_salvo_game_fires_volleys_of_several_cells() {
    let mut app = app(
        Mode::Computer(Level::Medium),
        Rules::preset(seabattle_core::Preset::Salvo),
        Lang::Ru,
        4,
    );
    press(&mut app, KeyCode::Enter);
    let Screen::Battle(seat) = app.screen() else {
        panic!("no battle");
    };
    let due = app.shots_due();
    assert_eq!(due, app.table(seat).unwrap().own_afloat().len());
    assert!(due > 3);
    for c in ["a1", "b1", "c1"] {
        aim(&mut app, cell(c));
        press(&mut app, KeyCode::Enter);
    }
    assert!(
        app.log().iter().all(|e| e.player != seat),
        "no volley fired before it is full"
    );
    // Enter on a chosen cell takes it back out of the volley.
    press(&mut app, KeyCode::Enter);
    assert!(screen_text(&mut app, 80, 24).contains("выбрано 2"));
    play_out(&mut app);
    assert!(app.ending().is_some());
    let first = app.log().iter().position(|e| e.player == seat).unwrap();
    assert!(
        app.log()[first..first + due]
            .iter()
            .all(|e| e.player == seat)
    );
    assert!(
        app.log()[first..first + due]
            .iter()
            .any(|e| e.cell == cell("b1"))
    );
}

#[test]
fn hotseat_covers_the_screen_between_every_change_of_player() {
    let mut app = app(Mode::Hotseat, Rules::classic(), Lang::En, 9);
    assert_eq!(app.screen(), Screen::Placement(Player::One));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.screen(),
        Screen::Cover {
            seat: Player::Two,
            then: Next::Place
        }
    );
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.screen(), Screen::Placement(Player::Two));
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        app.screen(),
        Screen::Cover {
            then: Next::Shoot,
            ..
        }
    ));

    let mut shown: Option<Player> = None;
    let mut covers = 0;
    for _ in 0..5000 {
        match app.screen() {
            Screen::Over => break,
            Screen::Cover { seat, .. } => {
                let text = screen_text(&mut app, 80, 24);
                assert!(!text.contains('□') && !text.contains('~'), "{text}");
                covers += 1;
                shown = None;
                press(&mut app, KeyCode::Char(' '));
                assert_eq!(app.screen(), Screen::Battle(seat));
            }
            Screen::Battle(seat) => {
                assert!(
                    shown.is_none_or(|p| p == seat),
                    "board of {seat} shown right after {shown:?}'s"
                );
                shown = Some(seat);
                if app.to_move() == Some(seat) {
                    let table = app.table(seat).unwrap();
                    let target = table
                        .rules()
                        .dims()
                        .cells()
                        .find(|&c| !table.shot_at(c))
                        .unwrap();
                    aim(&mut app, target);
                    press(&mut app, KeyCode::Enter);
                } else {
                    // The shooter sees the answer, then hands over.
                    let text = screen_text(&mut app, 80, 24);
                    assert!(text.contains("Hand over to player"), "{text}");
                    press(&mut app, KeyCode::Enter);
                }
            }
            s => panic!("unexpected {s:?}"),
        }
    }
    let end = app.ending().expect("the game ended");
    assert!(covers > 10);
    assert!(end.verdict.contains("wins by sinking"), "{}", end.verdict);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("won."), "{text}");
}

#[test]
fn a_click_on_the_enemy_board_fires_there() {
    let mut app = vs_computer(5);
    press(&mut app, KeyCode::Enter);
    app.resize(80, 24);
    let l = seabattle_tui::layout::screen_for(
        ratatui::layout::Rect::new(0, 0, 80, 24),
        &Rules::classic(),
    )
    .unwrap();
    // e5: column 4, row 4 of the right board.
    let x = l.right.x + 1 + seabattle_tui::layout::LABEL_W + 4 * l.cell_w + 1;
    let y = l.right.y + 2 + 4;
    click(&mut app, x, y);
    let mine = app.log().iter().find(|e| e.player == Player::One).unwrap();
    assert_eq!(mine.cell, cell("e5"));
    // A click on the own board does nothing.
    let before = app.log().len();
    click(&mut app, l.left.x + 5, l.left.y + 3);
    assert_eq!(app.log().len(), before);
    // Shooting the same cell again is refused with a message.
    click(&mut app, x, y);
    assert_eq!(app.log().len(), before);
    assert_eq!(app.status(), "Сюда уже стреляли.");
}

#[test]
fn a_click_while_placing_selects_the_ship_under_it() {
    let mut app = vs_computer(7);
    let l = seabattle_tui::layout::screen_for(
        ratatui::layout::Rect::new(0, 0, 80, 24),
        &Rules::classic(),
    )
    .unwrap();
    // Seed 7 has a one-decker at б5 (column 1, row 4).
    click(
        &mut app,
        l.left.x + 1 + seabattle_tui::layout::LABEL_W + l.cell_w + 1,
        l.left.y + 2 + 4,
    );
    let e = app.editor().unwrap();
    assert_eq!(e.ships()[e.selected()].0, vec![cell("b5")]);
}

#[test]
fn quitting_mid_game_asks_first_and_ctrl_c_does_not() {
    let mut app = vs_computer(5);
    press(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit());
    assert!(screen_text(&mut app, 80, 24).contains("Выйти из игры? (y/n)"));
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.should_quit());
    assert!(matches!(app.screen(), Screen::Placement(_)));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());

    let mut app = vs_computer(5);
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.should_quit());
}

#[test]
fn impossible_options_are_errors_not_panics() {
    let setup = seabattle_tui::Setup {
        rules: Rules::preset(seabattle_core::Preset::Big15),
        coords: seabattle_core::CoordSystem::Respublika,
        lang: Lang::Ru,
        mode: Mode::Hotseat,
        seed: Some(1),
    };
    let err = seabattle_tui::App::new(setup)
        .err()
        .expect("15 columns cannot be named by «республика»");
    assert!(err.to_string().contains("names 10 columns"), "{err}");
}
