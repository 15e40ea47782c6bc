//! The battle and game-over screens: both boards, the fleets afloat, the log, the last
//! answer and whose turn it is.

use super::grid::{Grid, legend, style, symbol};
use super::line::{bold, rules_name};
use crate::app::{App, LogEntry, LogKind, Mode, Screen};
use crate::layout;
use crate::table::{Mark, Table};
use crate::update::{EndReason, RatingJson, Who};
use crate::words::fill;
use ratatui::Frame;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use seabattle_core::{DutyKind, PieceKind};

/// Draws the battle or, once it is over, the game-over screen.
pub fn draw(frame: &mut Frame, app: &App, l: &layout::Screen) {
    let Some(table) = app.table(app.viewer) else {
        return;
    };
    let w = app.words();
    let over = app.screen == Screen::Over;
    let title = if over {
        w.game_over.to_string()
    } else {
        turn_text(app)
    };
    frame.render_widget(
        Paragraph::new(bold(format!(
            "{} · {} · {title}",
            w.title,
            rules_name(&app.rules, app.lang)
        ))),
        l.header,
    );
    let (own_title, enemy_title) = if app.mode == Mode::Hotseat {
        (
            fill(w.player_board, table.me()),
            fill(w.player_board, table.me().other()),
        )
    } else {
        let me = table.me();
        (
            titled(w.own_board, &app.who[me], w.guest),
            titled(w.enemy_board, &app.who[me.other()], w.guest),
        )
    };
    let marked = if app.relocating() {
        app.marked()
    } else {
        seabattle_core::CellSet::EMPTY
    };
    let own = |c| {
        if marked.contains(c) {
            ('+', Style::default().add_modifier(Modifier::BOLD))
        } else {
            mark(table.own_mark(c))
        }
    };
    let aiming = app.screen == Screen::Battle(app.viewer)
        && app.to_move == Some(app.viewer)
        && app.owed.is_none()
        && app.handover.is_none();
    let enemy = |c| {
        if app.pending.contains(&c) {
            ('+', Style::default().add_modifier(Modifier::BOLD))
        } else {
            mark(table.enemy_mark(c))
        }
    };
    let revealing = app.revealing().then_some(app.reveal_cursor());
    board(frame, app, l, l.left, &own_title, &own, revealing);
    board(
        frame,
        app,
        l,
        l.right,
        &enemy_title,
        &enemy,
        aiming.then_some(app.cursor()),
    );
    side(frame, app, table, l);
    footer(frame, app, l);
}

fn mark(m: Mark) -> (char, Style) {
    (symbol(m), style(m))
}

fn board(
    frame: &mut Frame,
    app: &App,
    l: &layout::Screen,
    rect: ratatui::layout::Rect,
    title: &str,
    cell: &dyn Fn(seabattle_core::Coord) -> (char, Style),
    cursor: Option<seabattle_core::Coord>,
) {
    let grid = Grid {
        dims: app.rules.dims(),
        coords: app.coords,
        cell_w: l.cell_w,
        cell,
        cursor,
    };
    frame.render_widget(
        Paragraph::new(grid.lines()).block(Block::bordered().title(format!(" {title} "))),
        rect,
    );
}

fn sizes(v: &[u8]) -> String {
    v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn turn_text(app: &App) -> String {
    let w = app.words();
    if let Some(duty) = app.owed {
        return match (duty.player == app.viewer, duty.kind) {
            (true, DutyKind::ShipCell) => w.reveal_ship.to_string(),
            (true, DutyKind::Mine) => w.reveal_mine.to_string(),
            (true, DutyKind::Relocate) => fill(
                w.relocate_prompt,
                app.table(app.viewer)
                    .and_then(Table::decks_to_move)
                    .unwrap_or(0),
            ),
            (false, DutyKind::Relocate) => fill(w.relocate_waiting, app.who(duty.player)),
            (false, _) => fill(w.reveal_waiting, app.who(duty.player)),
        };
    }
    match app.to_move {
        Some(p) if app.mode == Mode::Hotseat => fill(w.cover_shoot, p),
        Some(p) if p == app.viewer => w.your_turn.to_string(),
        Some(_) => w.their_turn.to_string(),
        None => String::new(),
    }
}

fn result_lines(app: &App) -> Vec<Line<'static>> {
    let w = app.words();
    let Some(end) = app.ending() else {
        return Vec::new();
    };
    let result = match end.winner {
        Some(p) if app.mode == Mode::Hotseat => fill(w.player_won, p),
        Some(p) if p == app.viewer => w.you_won.to_string(),
        Some(_) => w.you_lost.to_string(),
        None => w.nobody_won.to_string(),
    };
    let reason = match end.reason {
        EndReason::FleetSunk => w.by_sinking,
        EndReason::Resigned => w.by_resignation,
        EndReason::Timeout => w.by_timeout,
        EndReason::Abandoned => w.by_abandonment,
    };
    let mut lines = vec![
        bold(format!("{result} ({reason})")),
        Line::from(format!("{} {}", w.verdict, end.verdict_in(app.lang))),
    ];
    if let Some(ratings) = end.ratings.as_ref().filter(|_| app.mode != Mode::Hotseat) {
        lines.push(Line::from(format!(
            "{} {}",
            w.rating,
            rating_change(&ratings[app.viewer.index()])
        )));
    }
    lines.push(Line::from(""));
    lines
}

/// A rating change as the web page shows it: «1500? → 1662? (+162)», «?» after a
/// provisional rating.
fn rating_change(c: &RatingJson) -> String {
    let mark = |provisional: bool| if provisional { "?" } else { "" };
    let d = c.after - c.before;
    format!(
        "{}{} → {}{} ({}{})",
        c.before,
        mark(c.provisional_before),
        c.after,
        mark(c.provisional_after),
        if d >= 0 { '+' } else { '−' },
        d.unsigned_abs()
    )
}

fn side(frame: &mut Frame, app: &App, table: &Table, l: &layout::Screen) {
    let w = app.words();
    let mut lines = result_lines(app);
    lines.push(bold(w.fleets));
    let (mine, theirs) = if app.mode == Mode::Hotseat {
        (
            format!("{}:", fill(w.player, table.me())),
            format!("{}:", fill(w.player, table.me().other())),
        )
    } else {
        (w.own_afloat.to_string(), w.enemy_afloat.to_string())
    };
    lines.push(Line::from(format!("{mine} {}", sizes(&table.own_afloat()))));
    lines.push(Line::from(format!(
        "{theirs} {}",
        sizes(table.enemy_afloat())
    )));
    lines.push(Line::from(""));
    lines.push(bold(w.log));
    // Long lines wrap, so leave a margin for them.
    let room = usize::from(l.side.height).saturating_sub(lines.len() + 1);
    let log = app.log();
    let start = log.len().saturating_sub(room);
    for (i, e) in log.iter().enumerate().skip(start) {
        lines.push(Line::from(format!(
            "{:>3}. {}: {}",
            i + 1,
            app.who(e.player),
            entry_text(app, e)
        )));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), l.side);
}

/// A move without its player: «в3 Мимо!», «торпеда а1 Ранил!», «показал а1».
fn entry_text(app: &App, e: &LogEntry) -> String {
    let w = app.words();
    let cell = app.coords.format(e.cell);
    match e.kind {
        LogKind::Shot(a) => format!("{cell} {}", a.text(app.lang)),
        LogKind::Torpedo(a) => format!("{} {cell} {}", w.torpedo, a.text(app.lang)),
        LogKind::Reveal => format!("{} {cell}", w.shows),
    }
}

/// The legend of the pieces the rules have, if any.
fn pieces_legend(app: &App) -> Option<String> {
    let parts: Vec<String> = PieceKind::ALL
        .into_iter()
        .zip(app.words().legend_pieces)
        .filter(|(kind, _)| kind.count_in(&app.rules) > 0)
        .map(|(_, items)| legend(items))
        .collect();
    (!parts.is_empty()).then(|| parts.join("  "))
}

/// The viewer's last volley and everything answered since, grouped by shooter:
/// «Вы: в3 Мимо! · Противник: к10 Убил!, а2 Мимо!».
fn recent(app: &App) -> String {
    let log = app.log();
    let start = log
        .iter()
        .rposition(|e| e.player == app.viewer)
        .map_or(0, |last| {
            log[..=last]
                .iter()
                .rposition(|e| e.player != app.viewer)
                .map_or(0, |i| i + 1)
        });
    let mut groups: Vec<String> = Vec::new();
    let mut shooter = None;
    for e in &log[start..] {
        let shot = entry_text(app, e);
        if shooter == Some(e.player) {
            if let Some(g) = groups.last_mut() {
                g.push_str(", ");
                g.push_str(&shot);
            }
        } else {
            groups.push(format!("{}: {shot}", app.who(e.player)));
            shooter = Some(e.player);
        }
    }
    groups.join(" · ")
}

fn footer(frame: &mut Frame, app: &App, l: &layout::Screen) {
    let w = app.words();
    let last = recent(app);
    let turn = if app.screen == Screen::Over {
        w.over_keys.to_string()
    } else if let Some(n) = app.handover.filter(|_| !app.revealing()) {
        fill(w.handover, n)
    } else if app.revealing() {
        format!(
            "{} · {} {}",
            turn_text(app),
            w.target,
            app.coords.format(app.reveal_cursor())
        )
    } else if app.to_move == Some(app.viewer) && app.owed.is_none() {
        let due = app.shots_due();
        let mut s = format!(
            "{} · {} {}",
            turn_text(app),
            w.target,
            app.coords.format(app.cursor())
        );
        if due > 1 {
            s.push_str(&format!(" · {} / {due}", fill(w.volley, app.pending.len())));
        }
        s
    } else {
        turn_text(app)
    };
    let mut lines = vec![
        bold(last),
        bold(turn),
        Line::from(app.status().to_string()),
        Line::from(legend(w.legend)),
    ];
    if let Some(legend) = pieces_legend(app) {
        lines.push(Line::from(legend));
    }
    lines.push(Line::from(if app.screen == Screen::Over {
        ""
    } else if app.relocating() {
        w.relocate_keys
    } else if app.revealing() {
        w.reveal_keys
    } else {
        w.battle_keys
    }));
    frame.render_widget(Paragraph::new(lines), l.footer);
}

/// A board's title with who holds it: «Противник · Анна 1712», «Противник · Анна
/// 1500?» while provisional, «Противник · Вася (гость)» for a guest who gave a name
/// (an account's name never has the mark).
fn titled(heading: &str, who: &Who, guest: &str) -> String {
    match (&who.account, &who.name) {
        (Some(a), _) => match a.rating {
            Some(r) => format!(
                "{heading} · {} {r}{}",
                a.name,
                if a.provisional { "?" } else { "" }
            ),
            None => format!("{heading} · {}", a.name),
        },
        (None, Some(n)) => format!("{heading} · {n} ({guest})"),
        (None, None) => heading.to_string(),
    }
}
