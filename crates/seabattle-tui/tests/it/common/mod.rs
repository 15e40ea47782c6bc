//! Helpers for driving the application with keys and reading what it draws.

#![allow(dead_code, reason = "each test binary uses part of the helpers")]

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use seabattle_bots::Level;
use seabattle_core::{Coord, CoordSystem, Lang, Player, Rules};
use seabattle_tui::{App, Mode, Screen, Setup};

/// An application with a fixed seed.
pub fn app(mode: Mode, rules: Rules, lang: Lang, seed: u64) -> App {
    App::new(Setup {
        rules,
        coords: lang.default_system(),
        lang,
        mode,
        seed: Some(seed),
    })
    .unwrap()
}

/// A classic game against the easy computer, in Russian.
pub fn vs_computer(seed: u64) -> App {
    app(
        Mode::Computer(Level::Easy),
        Rules::classic(),
        Lang::Ru,
        seed,
    )
}

/// What the application draws in a `width`×`height` window, one line per row with
/// trailing blanks removed.
pub fn screen_text(app: &mut App, width: u16, height: u16) -> String {
    app.resize(width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| seabattle_tui::render::draw(f, app))
        .unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Presses a key.
pub fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::from(code));
}

/// Clicks the left button at a screen position.
pub fn click(app: &mut App, column: u16, row: u16) {
    app.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    });
}

/// The arrow key that moves a cursor at `from` one step toward `to`; none when there.
pub fn arrow_toward(from: Coord, to: Coord) -> Option<KeyCode> {
    Some(if from.col < to.col {
        KeyCode::Right
    } else if from.col > to.col {
        KeyCode::Left
    } else if from.row < to.row {
        KeyCode::Down
    } else if from.row > to.row {
        KeyCode::Up
    } else {
        return None;
    })
}

/// Moves the aiming cursor to `target` with the arrow keys.
pub fn aim(app: &mut App, target: Coord) {
    while let Some(key) = arrow_toward(app.cursor(), target) {
        press(app, key);
    }
}

/// Plays the game to the end with keys only: Enter to accept each fleet, any key on
/// the hot-seat covers, and for each shot the arrows to the first cell not shot, then
/// Enter. Returns the number of key presses.
pub fn play_out(app: &mut App) -> usize {
    for presses in 0..5000 {
        match app.screen() {
            Screen::Over => return presses,
            Screen::Placement(_) => press(app, KeyCode::Enter),
            Screen::Cover { .. } => press(app, KeyCode::Char(' ')),
            Screen::Battle(seat) => {
                if app.to_move() != Some(seat) {
                    // Hot-seat hand-over: any key covers the screen.
                    press(app, KeyCode::Char('x'));
                } else {
                    let table = app.table(seat).unwrap();
                    let dims = table.rules().dims();
                    let target = dims
                        .cells()
                        .find(|&c| !table.shot_at(c) && !app.pending().contains(&c))
                        .expect("a cell is left to shoot");
                    aim(app, target);
                    press(app, KeyCode::Enter);
                }
            }
            s => panic!("unexpected screen {s:?}"),
        }
    }
    panic!("the game did not end: {:?}", app.screen());
}

/// The cell `name` in the Latin system on a classic board.
pub fn cell(name: &str) -> Coord {
    CoordSystem::Latin
        .parse(name, seabattle_core::Dims::CLASSIC)
        .unwrap()
}

/// Both players.
pub const SEATS: [Player; 2] = Player::BOTH;

/// Shoots, each time at the first cell not shot, until `done` says so (at most 200
/// shots), with the arrows and Enter.
pub fn shoot_until(app: &mut App, done: impl Fn(&App) -> bool) {
    for _ in 0..200 {
        if done(app) {
            return;
        }
        let seabattle_tui::Screen::Battle(seat) = app.screen() else {
            panic!("no battle");
        };
        let table = app.table(seat).unwrap();
        let target = table.rules().dims().cells().find(|&c| !table.shot_at(c));
        aim(app, target.unwrap());
        press(app, KeyCode::Enter);
    }
}
