//! The Flying Dutchman in the terminal game: the ship placed at random, moved cell by
//! cell after each hit (illegal moves refused with a reason), or to a random place,
//! against the computer and hot-seat; the 20×20 boards' window (online: tests/online.rs).

use crate::common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use seabattle_bots::Level;
use seabattle_core::{CellSet, Coord, DutyKind, Lang, Player, Preset, Rules};
use seabattle_tui::{App, Mode, Next, Screen};

/// Moves the cursor on the own board to `target` with the arrow keys.
fn aim_own(app: &mut App, target: Coord) {
    for _ in 0..100 {
        let Some(key) = arrow_toward(app.reveal_cursor(), target) else {
            return;
        };
        press(app, key);
    }
    panic!("the cursor did not reach {target:?}");
}

/// Marks `cells` on the own board with the arrows and space.
fn mark(app: &mut App, cells: &CellSet) {
    for c in cells {
        aim_own(app, c);
        press(app, KeyCode::Char(' '));
    }
}

/// Moves the looking player's hit ship: the first time with two refused tries (a shot
/// cell, then too few cells), later by marking a legal place, or with `r`.
fn relocate(app: &mut App, seat: Player, moves: usize, rng: &mut StdRng) {
    let table = app.table(seat).unwrap();
    let decks = table.decks_to_move().expect("the ship was hit");
    let shot = table.own_shot();
    let rules = table.rules().clone();
    let ship_before = table.own_ships()[0];
    if moves == 0 {
        let wrong = CellSet::single(shot.first().unwrap());
        mark(app, &wrong);
        press(app, KeyCode::Enter);
        assert!(app.relocating(), "a move onto a shot cell is refused");
        assert!(!app.status().is_empty(), "with a reason");
        mark(app, &wrong);
        assert!(app.marked().is_empty());
        press(app, KeyCode::Enter);
        assert!(app.relocating(), "no cells is refused");
        assert!(
            app.status().contains(&decks.to_string()),
            "{}",
            app.status()
        );
    }
    if moves % 2 == 1 {
        press(app, KeyCode::Char('r'));
    } else {
        let to = seabattle_core::flying::random_move(&rules, decks, &shot, rng).unwrap();
        mark(app, &to);
        press(app, KeyCode::Enter);
        assert_eq!(app.table(seat).unwrap().own_ships(), [to]);
    }
    // The computer may hit again at once and owe nothing; the ship stood here.
    let table = app.table(seat).unwrap();
    assert_eq!(table.own_ships()[0].len(), decks);
    assert!(!table.own_ships()[0].intersects(&shot));
    assert_ne!(table.own_ships()[0], ship_before);
}

/// Plays to the end with keys, shooting the first unshot cell and moving the hit ship
/// as [`relocate`] does. Returns the moves people made.
fn play(app: &mut App, rng: &mut StdRng) -> usize {
    let mut moves = 0;
    for _ in 0..20_000 {
        match app.screen() {
            Screen::Over => return moves,
            Screen::Placement(_) => {
                press(app, KeyCode::Char('r'));
                press(app, KeyCode::Enter);
            }
            Screen::Cover { .. } => press(app, KeyCode::Char(' ')),
            Screen::Battle(seat) if app.relocating() => {
                relocate(app, seat, moves, rng);
                moves += 1;
            }
            Screen::Battle(seat) if app.to_move() == Some(seat) && app.owed().is_none() => {
                let table = app.table(seat).unwrap();
                let target = table.rules().dims().cells().find(|&c| !table.shot_at(c));
                aim(app, target.expect("a cell is left"));
                press(app, KeyCode::Enter);
            }
            Screen::Battle(_) => press(app, KeyCode::Char('x')),
            s => panic!("unexpected screen {s:?}"),
        }
    }
    panic!("the game did not end: {:?}", app.screen());
}

#[test]
fn against_the_computer_the_hit_ship_is_moved_by_keys() {
    let mut rng = StdRng::seed_from_u64(1);
    let rules: Rules = "dutchman size=10x10 fleet=5".parse().unwrap();
    let mut app = app(Mode::Computer(Level::Expert), rules, Lang::En, 2);
    let moves = play(&mut app, &mut rng);
    let end = app.ending().unwrap();
    assert!(end.verdict.contains("stands"), "{}", end.verdict);
    // Unless the person sank the computer with its ship never hit, they moved it.
    assert!(moves > 0 || end.winner == Some(Player::One), "{moves}");
}

#[test]
fn the_prompt_the_marks_and_the_lost_deck_on_a_20_by_20_board() {
    let rules = Rules::preset(Preset::Dutchman);
    let mut app = app(Mode::Computer(Level::Easy), rules.clone(), Lang::Ru, 7);
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Enter);
    // Shoot until the computer hits the ship.
    shoot_until(&mut app, |a| a.relocating() || a.ending().is_some());
    assert!(app.relocating(), "the computer never hit");
    assert_eq!(app.owed().unwrap().kind, DutyKind::Relocate);
    let (w, h) = seabattle_tui::layout::minimum_for(&rules);
    assert_eq!((w, h), (91, 33));
    let text = screen_text(&mut app, w, h);
    assert!(
        text.contains("Корабль подбит: отметьте 5 новых клеток"),
        "{text}"
    );
    assert!(text.contains("пробел — отметить"), "{text}");
    // No shot while the move is owed.
    let before = app.log().len();
    press(&mut app, KeyCode::Tab);
    let table = app.table(Player::One).unwrap();
    let hit = table.own_ships()[0].and(&table.own_shot()).first().unwrap();
    let decks = table.decks_to_move().unwrap();
    let to = seabattle_core::flying::random_move(
        &rules,
        decks,
        &table.own_shot(),
        &mut StdRng::seed_from_u64(3),
    )
    .unwrap();
    // A chain broken in two is refused, with the reason in Russian.
    let mut broken = to;
    broken.remove(broken.first().unwrap());
    let far = rules
        .dims()
        .cells()
        .find(|&c| !table.own_shot().contains(c) && !to.grow_all(rules.dims()).contains(c))
        .unwrap();
    broken.insert(far);
    mark(&mut app, &broken);
    let text = screen_text(&mut app, w, h);
    assert_eq!(text.matches('+').count(), decks, "{text}");
    press(&mut app, KeyCode::Enter);
    assert!(app.status().contains("цепочкой"), "{}", app.status());
    mark(&mut app, &broken);
    assert_eq!(app.log().len(), before, "nothing was fired meanwhile");
    mark(&mut app, &to);
    press(&mut app, KeyCode::Enter);
    let table = app.table(Player::One).unwrap();
    assert_eq!(table.own_ships(), [to]);
    // The deck left behind still shows as hit on the own board.
    assert_eq!(
        table.own_mark(hit),
        seabattle_tui::table::Mark::Hit,
        "{hit:?}"
    );
    assert!(screen_text(&mut app, w, h).contains('X'));
    // The window below the minimum has no layout.
    assert!(seabattle_tui::layout::screen_for(Rect::new(0, 0, w - 1, h), &rules).is_none());
}

#[test]
fn hotseat_moves_are_made_behind_the_cover() {
    let mut rng = StdRng::seed_from_u64(5);
    let rules: Rules = "dutchman size=8x8 fleet=5".parse().unwrap();
    let mut app = app(Mode::Hotseat, rules, Lang::En, 6);
    let mut saw_cover = false;
    let mut moves = 0;
    for _ in 0..20_000 {
        match app.screen() {
            Screen::Over => break,
            Screen::Cover { then, .. } => {
                if then == Next::Relocate {
                    let text = screen_text(&mut app, 80, 24);
                    assert!(text.contains("move your hit ship"), "{text}");
                    for c in ['□', 'X'] {
                        assert!(!text.contains(c), "{text}");
                    }
                    saw_cover = true;
                }
                press(&mut app, KeyCode::Char(' '));
            }
            Screen::Placement(_) => {
                press(&mut app, KeyCode::Char('r'));
                press(&mut app, KeyCode::Enter);
            }
            Screen::Battle(seat) if app.relocating() => {
                relocate(&mut app, seat, moves, &mut rng);
                moves += 1;
            }
            Screen::Battle(seat) if app.to_move() == Some(seat) && app.owed().is_none() => {
                let table = app.table(seat).unwrap();
                let target = table.rules().dims().cells().find(|&c| !table.shot_at(c));
                aim(&mut app, target.unwrap());
                press(&mut app, KeyCode::Enter);
            }
            Screen::Battle(_) => press(&mut app, KeyCode::Char('x')),
            s => panic!("unexpected screen {s:?}"),
        }
    }
    assert_eq!(app.screen(), Screen::Over);
    assert!(moves >= 4, "{moves}");
    assert!(saw_cover);
}
