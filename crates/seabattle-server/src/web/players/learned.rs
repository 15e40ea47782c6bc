//! The profile owner's "what the computer learned" section: per rules text, how many
//! fleets it keeps and the heat map of where their ships stood, drawn as SVG with the
//! board's coordinates.

use super::top::rules_title;
use super::words::{Word, say};
use crate::protocol::LearnedJson;
use crate::web::preview::escape;
use seabattle_core::Lang;
use std::fmt::Write;

const CELL: u32 = 22;
const MARGIN: u32 = 20;
const RUSSIAN: [char; 10] = ['а', 'б', 'в', 'г', 'д', 'е', 'ж', 'з', 'и', 'к'];

/// The column letter `i` in `lang` (Russian letters on boards up to ten wide).
fn column(i: u8, width: u8, lang: Lang) -> String {
    match lang {
        Lang::Ru if width <= 10 => RUSSIAN[usize::from(i)].to_string(),
        _ => char::from(b'a' + i).to_string(),
    }
}

/// The heat map of `h` as an SVG grid, each cell as dark as the share of fleets with
/// a ship on it.
pub fn heat_svg(h: &LearnedJson, lang: Lang) -> String {
    let (w, hh) = (u32::from(h.width), u32::from(h.height));
    let (vw, vh) = (MARGIN + w * CELL + 2, MARGIN + hh * CELL + 2);
    let mut out = format!(
        "<svg class=\"heat\" viewBox=\"0 0 {vw} {vh}\" role=\"img\" aria-label=\"{}\">",
        escape(rules_title(&h.rules, lang))
    );
    for c in 0..h.width {
        let x = MARGIN + u32::from(c) * CELL + CELL / 2;
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"14\" font-size=\"11\" text-anchor=\"middle\" fill=\"#4a5d73\">{}</text>",
            column(c, h.width, lang)
        );
    }
    for r in 0..hh {
        let y = MARGIN + r * CELL + CELL / 2 + 4;
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-size=\"11\" text-anchor=\"end\" fill=\"#4a5d73\">{}</text>",
            MARGIN - 4,
            r + 1
        );
        for c in 0..w {
            let heat = h.heat.get((r * w + c) as usize).copied().unwrap_or(0.0);
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#0b5cad\" fill-opacity=\"{heat:.2}\" stroke=\"#d5dde8\"/>",
                MARGIN + c * CELL,
                MARGIN + r * CELL
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// The owner's section: every rules text learned, with its count and heat map.
pub fn section(histories: &[LearnedJson], lang: Lang) -> String {
    let mut b = format!("<h3>{}</h3>", say(Word::Learned, lang));
    if histories.is_empty() {
        let _ = write!(b, "<p>{}</p>", say(Word::NothingLearned, lang));
        return b;
    }
    for h in histories {
        let _ = write!(
            b,
            "<h4>{}</h4><p>{}: {}</p>{}",
            escape(rules_title(&h.rules, lang)),
            say(Word::FleetsLearned, lang),
            h.fleets.len(),
            heat_svg(h, lang)
        );
    }
    let _ = write!(b, "<p class=\"note\">{}</p>", say(Word::LearnedLink, lang));
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_map_has_the_boards_coordinates() {
        let h = LearnedJson {
            rules: "classic".into(),
            width: 10,
            height: 10,
            fleets: vec![vec!["a1-d1".into()]],
            heat: vec![0.5; 100],
            habit: None,
        };
        let ru = heat_svg(&h, Lang::Ru);
        assert_eq!(ru.matches("<rect").count(), 100);
        assert!(ru.contains(">к<") && ru.contains(">10<"), "{ru}");
        assert!(heat_svg(&h, Lang::En).contains(">j<"));
        assert!(ru.contains("aria-label=\"Классика\""), "{ru}");
    }
}
