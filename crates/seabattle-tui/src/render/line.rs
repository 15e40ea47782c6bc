//! Text helpers the screens share, apart from `mod.rs` so that the screens need not
//! import the module that picks among them.

use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use seabattle_core::{Lang, Rules};

/// A bold line.
pub(super) fn bold(text: impl Into<String>) -> Line<'static> {
    Line::styled(text.into(), Style::default().add_modifier(Modifier::BOLD))
}

/// The rules as a player reads them in `lang`: a preset by its name («Классика», "Big
/// board"), rules of one's own by their text.
pub(super) fn rules_name(rules: &Rules, lang: Lang) -> String {
    rules
        .as_preset()
        .map_or_else(|| rules.to_string(), |p| p.title(lang).to_string())
}
