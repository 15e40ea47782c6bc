//! Keys and mouse.

use super::{App, Mode, Next, Screen};
use crate::editor::Edit;
use crate::layout;
use crate::table::Table;
use crate::update::Action;
use crate::words::fill;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use seabattle_bots::PlacerKind;
use seabattle_core::{Coord, Dims, DutyKind, Player, RelocationError};

impl App {
    /// A terminal event: a key, a click or a resize.
    pub fn handle_event(&mut self, event: &Event) {
        match event {
            Event::Key(k) => self.handle_key(*k),
            Event::Mouse(m) => self.handle_mouse(*m),
            Event::Resize(w, h) => self.resize(*w, *h),
            _ => {}
        }
    }

    /// A key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            if matches!(key.code, KeyCode::Char('y' | 'Y' | 'д' | 'Д')) {
                self.leave();
            }
            return;
        }
        let quit_key = matches!(key.code, KeyCode::Char('q' | 'Q' | 'й' | 'Й'));
        if self.chat_key(key.code) || self.rate_key(key.code) {
            return;
        }
        match self.screen {
            Screen::Over => {
                // Not Enter: a player still firing must not lose the final screen.
                if quit_key || key.code == KeyCode::Esc {
                    self.quit = true;
                }
            }
            _ if quit_key => {
                if self.mid_game() {
                    self.confirm_quit = true;
                } else {
                    self.quit = true;
                }
            }
            Screen::Connecting | Screen::Waiting => {}
            Screen::Cover { seat, then } => {
                self.viewer = seat;
                self.screen = match then {
                    Next::Place => Screen::Placement(seat),
                    Next::Shoot | Next::Reveal | Next::Relocate => Screen::Battle(seat),
                };
            }
            Screen::Placement(seat) => self.placement_key(seat, key.code),
            Screen::Battle(seat) => self.battle_key(seat, key.code),
        }
    }

    /// Leaves the game: online, resigning first if the game is still on.
    fn leave(&mut self) {
        if self.mode == Mode::Online
            && self.ending.is_none()
            && let Some(seat) = self.tables.iter().flatten().map(Table::me).next()
        {
            self.act(Action::Resign { seat });
        }
        self.quit = true;
    }

    fn placement_key(&mut self, seat: Player, code: KeyCode) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        let edit = match (arrow(code), code) {
            (Some((dx, dy)), _) => Some(Edit::Move(dx, dy)),
            (None, KeyCode::Char(' ' | 'o')) => Some(Edit::Rotate),
            (None, KeyCode::Tab | KeyCode::Char('n')) => Some(Edit::Next),
            (None, KeyCode::BackTab) => Some(Edit::Previous),
            _ => None,
        };
        if let Some(edit) = edit {
            editor.apply(edit);
            self.status.clear();
            return;
        }
        let placer = match code {
            KeyCode::Char('r' | 'R' | 'к' | 'К') => Some(PlacerKind::Uniform),
            KeyCode::Char('p' | 'P' | 'з' | 'З') => Some(PlacerKind::Perelman),
            _ => None,
        };
        if let Some(placer) = placer {
            if let Err(e) = editor.auto(placer, &mut self.rng) {
                self.status = e.to_string();
            } else {
                self.status.clear();
            }
            return;
        }
        if code == KeyCode::Enter {
            match editor.fleet() {
                Ok(fleet) => {
                    self.status.clear();
                    if self.mode == Mode::Online {
                        self.screen = Screen::Waiting;
                    }
                    self.act(Action::Place {
                        seat,
                        fleet: Box::new(fleet),
                    });
                }
                Err(_) => self.status = self.words().fix_first.to_string(),
            }
        }
    }

    fn battle_key(&mut self, seat: Player, code: KeyCode) {
        if self.revealing() {
            self.reveal_key(seat, code);
            return;
        }
        if let Some(next) = self.handover.take() {
            let then = match self.owed.filter(|d| d.player == next) {
                Some(d) if d.kind == DutyKind::Relocate => Next::Relocate,
                Some(_) => Next::Reveal,
                None => Next::Shoot,
            };
            self.screen = Screen::Cover { seat: next, then };
            return;
        }
        let c = self.cursor();
        if let Some(m) = moved(c, code, self.rules.dims()) {
            self.set_cursor(m);
            return;
        }
        if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
            self.fire_at(seat, c);
        }
    }

    /// Keys while the player owes a reveal: the arrows move over the own board, Enter
    /// or space shows the cell.
    fn reveal_key(&mut self, seat: Player, code: KeyCode) {
        let c = self.reveal_cursor();
        if let Some(m) = moved(c, code, self.rules.dims()) {
            self.set_reveal_cursor(m);
            return;
        }
        if self.relocating() {
            match code {
                KeyCode::Char(' ') => self.mark(c),
                KeyCode::Enter => self.relocate(seat),
                KeyCode::Char('r' | 'R' | 'к' | 'К') if !self.awaiting => {
                    self.status.clear();
                    self.awaiting = self.mode == Mode::Online;
                    self.act(Action::Relocate { seat, cells: None });
                }
                _ => {}
            }
            return;
        }
        if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
            self.reveal_at(seat, c);
        }
    }

    /// Marks or unmarks `c` for the move of the hit ship.
    fn mark(&mut self, c: Coord) {
        let marked = &mut self.marked[self.viewer];
        if !marked.remove(c) {
            marked.insert(c);
        }
        self.status.clear();
    }

    /// Moves the hit ship to the marked cells if that is legal, else says why.
    fn relocate(&mut self, seat: Player) {
        let Some(table) = self.tables[seat].as_ref() else {
            return;
        };
        if self.awaiting {
            return;
        }
        let decks = table.decks_to_move().unwrap_or(0);
        let cells: Vec<Coord> = self.marked().iter().collect();
        let w = self.words();
        match seabattle_core::flying::check(&self.rules, decks, &table.own_shot(), &cells) {
            Ok(_) => {
                self.status.clear();
                self.awaiting = self.mode == Mode::Online;
                self.act(Action::Relocate {
                    seat,
                    cells: Some(cells),
                });
            }
            Err(RelocationError::Shot(_)) => self.status = w.relocate_shot.to_string(),
            Err(RelocationError::NotPath) => self.status = w.relocate_not_path.to_string(),
            Err(_) => self.status = fill(w.relocate_size, decks),
        }
    }

    /// Shows the opponent `c`, if it is a cell the reveal owed allows.
    fn reveal_at(&mut self, seat: Player, c: Coord) {
        let Some(duty) = self.owed else {
            return;
        };
        if duty.player != seat || self.awaiting {
            return;
        }
        if !self.reveal_options.contains(c) {
            self.status = match duty.kind {
                DutyKind::ShipCell => self.words().not_a_ship_cell,
                DutyKind::Mine => self.words().not_a_mine,
                // A move is made with the ship editor, never by showing a cell.
                DutyKind::Relocate => return,
            }
            .to_string();
            return;
        }
        self.status.clear();
        self.awaiting = self.mode == Mode::Online;
        self.act(Action::Reveal { seat, cell: c });
    }

    /// A mouse event: a left click picks a ship while placing and fires in battle.
    pub fn handle_mouse(&mut self, m: MouseEvent) {
        if m.kind != MouseEventKind::Down(MouseButton::Left) || self.confirm_quit {
            return;
        }
        let dims = self.rules.dims();
        let Some(l) = layout::screen_for(self.area, &self.rules) else {
            return;
        };
        match self.screen {
            Screen::Placement(_) => {
                if let (Some(c), Some(e)) = (
                    layout::cell_at(l.left, dims, l.cell_w, m.column, m.row),
                    self.editor.as_mut(),
                ) {
                    e.select_at(c);
                }
            }
            Screen::Battle(seat) if self.revealing() => {
                match layout::cell_at(l.left, dims, l.cell_w, m.column, m.row) {
                    Some(c) if self.relocating() => {
                        self.set_reveal_cursor(c);
                        self.mark(c);
                    }
                    Some(c) => {
                        self.set_reveal_cursor(c);
                        self.reveal_at(seat, c);
                    }
                    None => self.fire_at(seat, self.cursor()),
                }
            }
            Screen::Battle(seat) if self.handover.is_none() => {
                if let Some(c) = layout::cell_at(l.right, dims, l.cell_w, m.column, m.row) {
                    self.set_cursor(c);
                    self.fire_at(seat, c);
                }
            }
            Screen::Battle(_) | Screen::Cover { .. } => {
                self.handle_key(KeyEvent::from(KeyCode::Null))
            }
            _ => {}
        }
    }

    fn fire_at(&mut self, seat: Player, c: Coord) {
        if let Some(duty) = self.owed {
            let phrase = if duty.kind == DutyKind::Relocate {
                self.words().relocate_due
            } else {
                self.words().reveal_due
            };
            self.status = fill(phrase, self.who(duty.player));
            return;
        }
        if self.to_move != Some(seat) {
            self.status = self.words().their_turn.to_string();
            return;
        }
        if self.awaiting {
            return;
        }
        let Some(table) = self.tables[seat].as_ref() else {
            return;
        };
        if table.shot_at(c) {
            self.status = self.words().already_shot.to_string();
            return;
        }
        self.status.clear();
        if let Some(i) = self.pending.iter().position(|&p| p == c) {
            self.pending.remove(i);
            return;
        }
        self.pending.push(c);
        if self.pending.len() >= self.shots_due {
            let cells = std::mem::take(&mut self.pending);
            self.awaiting = self.mode == Mode::Online;
            self.act(Action::Fire { seat, cells });
        }
    }
}

/// The step an arrow key makes, if `code` is one.
fn arrow(code: KeyCode) -> Option<(i32, i32)> {
    match code {
        KeyCode::Left => Some((-1, 0)),
        KeyCode::Right => Some((1, 0)),
        KeyCode::Up => Some((0, -1)),
        KeyCode::Down => Some((0, 1)),
        _ => None,
    }
}

/// Where a cursor at `c` goes on a board of `dims` for `code`: a step for an arrow, the
/// row's ends for Home and End. `Some` for every such key, `c` itself at the board's edge;
/// `None` for any other key.
fn moved(c: Coord, code: KeyCode, dims: Dims) -> Option<Coord> {
    let to = match code {
        KeyCode::Home => Some(Coord::new(0, c.row)),
        KeyCode::End => Some(Coord::new(dims.width() - 1, c.row)),
        _ => {
            let (dx, dy) = arrow(code)?;
            c.offset(dx, dy)
        }
    };
    Some(to.filter(|&m| dims.contains(m)).unwrap_or(c))
}
