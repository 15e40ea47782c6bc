//! Seed 004's mines, minesweepers and submarines in the terminal game: whole games
//! against the computer and hot-seat driven by keys, reveals included, and every mode
//! taking the piece presets (online play is in `online.rs`).

use crate::common::*;
use ratatui::crossterm::event::KeyCode;
use seabattle_bots::Level;
use seabattle_core::{Answer, Coord, DutyKind, Lang, Player, Preset, Rules};
use seabattle_tui::{App, EndReason, LogKind, Mode, Next, Screen};

/// Moves the cursor on the own board to `target` with the arrow keys.
fn aim_reveal(app: &mut App, target: Coord) {
    for _ in 0..100 {
        let Some(key) = arrow_toward(app.reveal_cursor(), target) else {
            return;
        };
        press(app, key);
    }
    panic!("the reveal cursor did not reach {target:?}");
}

/// A cell of `seat`'s own board the reveal owed does not allow: water, if any.
fn not_allowed(app: &App, seat: Player) -> Option<Coord> {
    let table = app.table(seat)?;
    let options = app.reveal_options();
    table.rules().dims().cells().find(|&c| !options.contains(c))
}

/// Plays to the end with keys only, as `play_out` does, and shows the first cell
/// allowed whenever a person owes a reveal. The first time, a cell not allowed is tried
/// first and must be refused. Returns the reveals made by people.
fn play_out_with_reveals(app: &mut App) -> usize {
    let mut reveals = 0;
    for _ in 0..20_000 {
        match app.screen() {
            Screen::Over => return reveals,
            Screen::Placement(_) => press(app, KeyCode::Enter),
            Screen::Cover { .. } => press(app, KeyCode::Char(' ')),
            Screen::Battle(seat) if app.revealing() => {
                let duty = app.owed().expect("a reveal is owed");
                assert_eq!(duty.player, seat);
                let target = app.reveal_options().first().expect("a cell");
                if reveals == 0
                    && let Some(wrong) = not_allowed(app, seat)
                {
                    let before = app.log().len();
                    aim_reveal(app, wrong);
                    press(app, KeyCode::Enter);
                    assert_eq!(app.log().len(), before, "a wrong cell is refused");
                    assert!(!app.status().is_empty(), "with a message");
                    assert!(app.revealing());
                }
                aim_reveal(app, target);
                press(app, KeyCode::Enter);
                reveals += 1;
                let shown = app.log().iter().rev().find(|e| e.kind == LogKind::Reveal);
                assert_eq!(shown.map(|e| (e.player, e.cell)), Some((seat, target)));
            }
            Screen::Battle(seat) if app.to_move() == Some(seat) && app.owed().is_none() => {
                let table = app.table(seat).unwrap();
                let target = table
                    .rules()
                    .dims()
                    .cells()
                    .find(|&c| !table.shot_at(c) && !app.pending().contains(&c))
                    .expect("a cell is left to shoot");
                aim(app, target);
                press(app, KeyCode::Enter);
            }
            // Hot-seat hand-over: any key covers the screen.
            Screen::Battle(_) => press(app, KeyCode::Char('x')),
            s => panic!("unexpected screen {s:?}"),
        }
    }
    panic!("the game did not end: {:?}", app.screen());
}

fn answered(app: &App, answer: Answer) -> bool {
    app.log().iter().any(|e| e.answer() == Some(answer))
}

#[test]
fn full_games_against_the_computer_under_each_preset() {
    let mut human_reveals = 0;
    let mut torpedoes = 0;
    for (preset, seed, piece) in [
        (Preset::Mines, 3, Answer::Mine),
        (Preset::Minesweepers, 4, Answer::Sweeper),
        (Preset::Submarines, 1, Answer::Submarine),
    ] {
        let rules = Rules::preset(preset);
        let mut app = app(Mode::Computer(Level::Medium), rules, Lang::En, seed);
        let editor = app.editor().unwrap();
        assert_eq!(editor.pieces().len(), app_pieces(preset));
        human_reveals += play_out_with_reveals(&mut app);
        let end = app.ending().expect("the game is over");
        assert_eq!(end.reason, EndReason::FleetSunk, "{preset:?}");
        assert!(end.verdict.contains("wins by sinking"), "{}", end.verdict);
        assert!(answered(&app, piece), "{preset:?}: no {piece:?} in the log");
        torpedoes += app
            .log()
            .iter()
            .filter(|e| matches!(e.kind, LogKind::Torpedo(_)))
            .count();
        // The game-over screen shows the pieces too.
        let text = screen_text(&mut app, 120, 40);
        assert!(text.contains("Game over"), "{text}");
    }
    assert!(human_reveals > 0, "no human reveal in any game");
    assert!(torpedoes > 0, "no dying shot in the submarine game");
}

fn app_pieces(preset: Preset) -> usize {
    Rules::preset(preset).pieces().count()
}

#[test]
fn the_log_and_the_prompt_speak_the_players_language() {
    let mut app = app(
        Mode::Computer(Level::Easy),
        Rules::preset(Preset::Mines),
        Lang::Ru,
        3,
    );
    press(&mut app, KeyCode::Enter);
    // Shoot until a mine is set off: the prompt asks for a ship cell.
    shoot_until(&mut app, |a| a.revealing() || a.ending().is_some());
    assert!(app.revealing(), "no mine met");
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Мина!"), "{text}");
    assert!(text.contains("Покажите клетку своего корабля"), "{text}");
    assert!(text.contains("○ мина"), "{text}");
    // A shot is refused until the cell is shown.
    let before = app.log().len();
    click_enemy_cell(&mut app);
    assert_eq!(app.log().len(), before);
    assert!(app.status().contains("показать клетку"), "{}", app.status());
    assert_eq!(app.owed().unwrap().kind, DutyKind::ShipCell);
    let target = app.reveal_options().first().unwrap();
    aim_reveal(&mut app, target);
    press(&mut app, KeyCode::Enter);
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains(&format!(
            "показал {}",
            Lang::Ru.default_system().format(target)
        )),
        "{text}"
    );
}

fn click_enemy_cell(app: &mut App) {
    let l = seabattle_tui::layout::screen_for(
        ratatui::layout::Rect::new(0, 0, 80, 24),
        &Rules::preset(Preset::Mines),
    )
    .unwrap();
    let x = l.right.x + 1 + seabattle_tui::layout::LABEL_W + 9 * l.cell_w + 1;
    let y = l.right.y + 2 + 9;
    click(app, x, y);
}

#[test]
fn hotseat_reveals_keep_the_boards_covered() {
    let rules: Rules = "classic mines=3 subs=1".parse().unwrap();
    let mut app = app(Mode::Hotseat, rules, Lang::En, 5);
    let mut reveals = 0;
    let mut shown: Option<Player> = None;
    for _ in 0..20_000 {
        match app.screen() {
            Screen::Over => break,
            Screen::Cover { seat, then } => {
                let text = screen_text(&mut app, 80, 24);
                for c in ['□', '~', '○', '◇'] {
                    assert!(!text.contains(c), "{text}");
                }
                if then == Next::Reveal {
                    assert!(text.contains("show a cell"), "{text}");
                }
                shown = None;
                press(&mut app, KeyCode::Char(' '));
                let expected = if then == Next::Place {
                    Screen::Placement(seat)
                } else {
                    Screen::Battle(seat)
                };
                assert_eq!(app.screen(), expected);
            }
            Screen::Battle(seat) => {
                assert!(
                    shown.is_none_or(|p| p == seat),
                    "board of {seat} shown right after {shown:?}'s"
                );
                shown = Some(seat);
                if app.revealing() {
                    let target = app.reveal_options().first().unwrap();
                    aim_reveal(&mut app, target);
                    press(&mut app, KeyCode::Enter);
                    reveals += 1;
                } else if app.to_move() == Some(seat) && app.owed().is_none() {
                    let t = app.table(seat).unwrap();
                    let target = t.rules().dims().cells().find(|&c| !t.shot_at(c)).unwrap();
                    aim(&mut app, target);
                    press(&mut app, KeyCode::Enter);
                } else {
                    press(&mut app, KeyCode::Enter);
                }
            }
            Screen::Placement(_) => press(&mut app, KeyCode::Enter),
            s => panic!("unexpected {s:?}"),
        }
    }
    assert!(app.ending().is_some(), "the game ended");
    assert!(reveals > 0, "no reveal in the hot-seat game");
}

#[test]
fn every_mode_takes_the_piece_presets() {
    for mode in [Mode::Online, Mode::Hotseat, Mode::Computer(Level::Easy)] {
        for preset in [Preset::Mines, Preset::Minesweepers, Preset::Submarines] {
            let setup = seabattle_tui::Setup {
                rules: Rules::preset(preset),
                coords: seabattle_core::CoordSystem::Latin,
                lang: Lang::En,
                mode,
                seed: Some(1),
            };
            assert!(App::new(setup).is_ok(), "{mode:?} {preset:?}");
        }
    }
}

/// Moves the selected piece of the placement editor to `target` with the arrows.
fn drag_piece(app: &mut App, target: Coord) {
    for _ in 0..40 {
        let at = app.editor().unwrap().selected_piece().unwrap().cell;
        let Some(key) = arrow_toward(at, target) else {
            return;
        };
        press(app, key);
    }
    panic!("the piece did not reach {target:?}");
}

#[test]
fn a_dying_shot_on_a_mine_covers_the_screen_for_the_submarines_owner() {
    let rules: Rules = "classic mines=1 subs=1".parse().unwrap();
    let mut app = app(Mode::Hotseat, rules, Lang::En, 2);
    // Player 1's mine stays where it was drawn: the cell to shoot.
    let mine = app.editor().unwrap().pieces()[0];
    assert_eq!(mine.kind, seabattle_core::PieceKind::Mine);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.screen(), Screen::Placement(Player::Two));
    // Player 2's submarine goes under it, on a board drawn with that cell free.
    for _ in 0..50 {
        let e = app.editor().unwrap();
        let taken =
            e.ships().iter().any(|s| s.0.contains(&mine.cell)) || e.pieces()[0].cell == mine.cell;
        if !taken {
            break;
        }
        press(&mut app, KeyCode::Char('r'));
    }
    for _ in 0..11 {
        press(&mut app, KeyCode::Tab);
    }
    drag_piece(&mut app, mine.cell);
    assert!(app.editor().unwrap().violations().is_empty());
    press(&mut app, KeyCode::Enter);
    let mut fired = false;
    for _ in 0..2000 {
        match app.screen() {
            Screen::Cover {
                seat,
                then: Next::Reveal,
            } => {
                assert!(fired);
                assert_eq!(seat, Player::Two);
                let text = screen_text(&mut app, 80, 24);
                assert!(!text.contains('□') && !text.contains('◆'), "{text}");
                press(&mut app, KeyCode::Char(' '));
                assert!(app.revealing());
                let text = screen_text(&mut app, 80, 24);
                assert!(text.contains("Show a cell of one of your ships"), "{text}");
                assert!(text.contains("Player 2: torpedo"), "{text}");
                press(&mut app, KeyCode::Enter);
                let shown = app.log().last().unwrap();
                assert_eq!((shown.player, shown.kind), (Player::Two, LogKind::Reveal));
                // The turn stays with player 1, behind a cover.
                assert_eq!(app.to_move(), Some(Player::One));
                press(&mut app, KeyCode::Char('x'));
                assert_eq!(
                    app.screen(),
                    Screen::Cover {
                        seat: Player::One,
                        then: Next::Shoot
                    }
                );
                return;
            }
            Screen::Cover { .. } => press(&mut app, KeyCode::Char(' ')),
            Screen::Battle(seat) if app.to_move() == Some(seat) && app.owed().is_none() => {
                let t = app.table(seat).unwrap();
                let target = if seat == Player::One && !fired {
                    fired = true;
                    mine.cell
                } else {
                    let free = |c: &Coord| !t.shot_at(*c) && *c != mine.cell;
                    t.rules().dims().cells().find(free).unwrap()
                };
                aim(&mut app, target);
                press(&mut app, KeyCode::Enter);
            }
            Screen::Battle(_) if app.revealing() => panic!("an unexpected reveal"),
            Screen::Battle(_) => press(&mut app, KeyCode::Enter),
            s => panic!("unexpected {s:?}"),
        }
    }
    panic!("no cover before the reveal");
}
