//! Drawing the application's state. Nothing here changes the state.

mod battle;
pub mod grid;
mod line;
mod notice;
mod placement;

use crate::app::{App, Screen};
use crate::layout;
use crate::words::fill;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    match app.screen {
        Screen::Connecting | Screen::Waiting => notice::waiting(frame, app, area),
        Screen::Cover { seat, then } => notice::cover(frame, app, area, seat, then),
        Screen::Placement(_) | Screen::Battle(_) | Screen::Over => {
            match layout::screen_for(area, &app.rules) {
                Some(l) => match app.screen {
                    Screen::Placement(seat) => placement::draw(frame, app, &l, seat),
                    _ => battle::draw(frame, app, &l),
                },
                None => too_small(frame, app, area),
            }
        }
    }
    if app.confirm_quit {
        notice::confirm_quit(frame, app, area);
    }
}

fn too_small(frame: &mut Frame, app: &App, area: Rect) {
    let (w, h) = layout::minimum_for(&app.rules);
    let text = fill(app.words().too_small, format!("{w}×{h}"));
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}
