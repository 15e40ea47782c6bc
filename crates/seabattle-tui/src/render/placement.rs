//! The placement screen: the fleet on the board with the selected ship and every
//! violation marked, the violations listed, and the keys.

use super::grid::{Grid, style, symbol};
use super::line::{bold, rules_name};
use crate::app::{App, Mode};
use crate::layout;
use crate::table::{Mark, piece_mark};
use crate::words::fill;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use seabattle_core::{Coord, PieceKind, Player};

/// The symbol of a cell of the selected ship.
const SELECTED: char = '#';
/// The symbol of a cell that breaks a rule.
const BAD: char = '!';

/// Draws the placement screen for `seat`.
pub fn draw(frame: &mut Frame, app: &App, l: &layout::Screen, seat: Player) {
    let Some(editor) = app.editor() else {
        return;
    };
    let w = app.words();
    let who = if app.mode == Mode::Hotseat {
        format!(" · {}", fill(w.player, seat))
    } else {
        String::new()
    };
    frame.render_widget(
        Paragraph::new(bold(format!(
            "{} · {} · {}{who}",
            w.title,
            rules_name(&app.rules, app.lang),
            w.placement
        ))),
        l.header,
    );
    let bad = editor.bad_cells();
    let selected = editor.selected_cells();
    let piece_at = |c: Coord| editor.pieces().iter().find(|p| p.cell == c).map(|p| p.kind);
    let cell = |c: Coord| {
        if let Some(kind) = piece_at(c) {
            let m = piece_mark(Some(kind), false);
            let st = if bad.contains(c) {
                Style::default().fg(Color::Red).add_modifier(Modifier::BOLD)
            } else {
                style(m)
            };
            (symbol(m), st)
        } else if bad.contains(c) {
            (
                BAD,
                Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
            )
        } else if selected.contains(&c) {
            (
                SELECTED,
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            )
        } else if editor.ships().iter().any(|s| s.0.contains(&c)) {
            (symbol(Mark::Ship), style(Mark::Ship))
        } else {
            (symbol(Mark::Water), style(Mark::Water))
        }
    };
    let grid = Grid {
        dims: app.rules.dims(),
        coords: app.coords,
        cell_w: l.cell_w,
        cell: &cell,
        // A piece is one cell and keeps its symbol: the selected one is bracketed.
        cursor: editor.selected_piece().map(|p| p.cell),
    };
    frame.render_widget(
        Paragraph::new(grid.lines()).block(Block::bordered().title(format!(" {} ", w.own_board))),
        l.left,
    );

    let mut lines = vec![bold(w.violations)];
    if editor.violations().is_empty() {
        lines.push(Line::from(w.fleet_ok));
    }
    for v in editor.violations() {
        lines.push(Line::from(format!("! {}", v.message(app.lang, app.coords))));
    }
    lines.push(Line::from(""));
    lines.extend(w.placement_keys.iter().map(|k| Line::from(*k)));
    if app.mode == crate::app::Mode::Online {
        lines.push(Line::from(w.rate_key));
    }
    if !editor.pieces().is_empty() {
        lines.push(Line::from(w.placement_pieces));
    }
    // The panel takes the right board's place and the side panel beside it.
    let panel = if l.side.y == l.right.y {
        Rect::new(
            l.right.x,
            l.right.y,
            l.side.right() - l.right.x,
            l.side.height.max(l.right.height),
        )
    } else {
        // The side panel spans the window below the boards: keep right of the own
        // board, which the union of the two would cover on wide boards (20×20).
        Rect::new(
            l.right.x,
            l.right.y,
            l.side.right().saturating_sub(l.right.x),
            l.side.bottom().saturating_sub(l.right.y),
        )
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), panel);

    let [ship, picked, broken] = w.placement_legend;
    let mut legend = format!(
        "{} {ship}  {SELECTED} {picked}  {BAD} {broken}",
        symbol(Mark::Ship)
    );
    for (kind, name) in PieceKind::ALL.into_iter().zip(w.piece_names) {
        if kind.count_in(&app.rules) > 0 {
            let mark = piece_mark(Some(kind), false);
            legend.push_str(&format!("  {} {name}", symbol(mark)));
        }
    }
    let mut footer = vec![bold(app.status().to_string()), Line::from(legend)];
    if let Some(code) = &app.code {
        footer.push(Line::from(format!("{} {code}", w.code)));
        footer.push(Line::from(format!(
            "{} {}",
            w.link,
            app.link.as_deref().unwrap_or("")
        )));
    }
    frame.render_widget(Paragraph::new(footer), l.footer);
}
