//! Screens with nothing but a few lines: connecting, waiting for the opponent, the
//! hot-seat cover, and the quit question.

use super::line::bold;
use crate::app::{App, Next};
use crate::words::fill;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use seabattle_core::Player;

/// `lines` centred in `area`, in a box.
fn centred(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>) {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title.chars().count()) as u16
        + 4;
    let width = width.min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(format!(" {title} "))),
        rect,
    );
}

/// Online: connecting, or waiting for the opponent, with the code and link to pass on.
pub fn waiting(frame: &mut Frame, app: &App, area: Rect) {
    let w = app.words();
    let mut lines = vec![bold(if app.code.is_some() {
        w.waiting
    } else {
        w.connecting
    })];
    if let Some(code) = &app.code {
        lines.push(Line::from(""));
        lines.push(Line::from(format!("{} {code}", w.code)));
    }
    if let Some(link) = app.link.as_ref().filter(|l| !l.is_empty()) {
        lines.push(Line::from(format!("{} {link}", w.link)));
    }
    if !app.status.is_empty() {
        lines.push(Line::from(""));
        lines.push(Line::from(app.status.clone()));
    }
    centred(frame, area, w.title, lines);
}

/// Hot-seat: the screen covered until `seat` presses a key.
pub fn cover(frame: &mut Frame, app: &App, area: Rect, seat: Player, then: Next) {
    let w = app.words();
    let phrase = match then {
        Next::Place => w.cover_place,
        Next::Shoot => w.cover_shoot,
        Next::Reveal => w.cover_reveal,
        Next::Relocate => w.cover_relocate,
    };
    let lines = vec![
        bold(fill(phrase, seat)),
        Line::from(""),
        Line::from(w.press_key),
    ];
    centred(frame, area, w.title, lines);
}

/// The quit question.
pub fn confirm_quit(frame: &mut Frame, app: &App, area: Rect) {
    let w = app.words();
    let q = if app.mode == crate::app::Mode::Online {
        w.quit_confirm_online
    } else {
        w.quit_confirm
    };
    centred(frame, area, w.title, vec![bold(q)]);
}
