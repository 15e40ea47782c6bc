//! Text helpers the screens share, apart from `mod.rs` so that the screens need not
//! import the module that picks among them.

use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

/// A bold line.
pub(super) fn bold(text: impl Into<String>) -> Line<'static> {
    Line::styled(text.into(), Style::default().add_modifier(Modifier::BOLD))
}
