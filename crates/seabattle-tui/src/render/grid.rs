//! A board as lines of text: column letters in the chosen coordinate system, row
//! numbers, and one symbol per cell that needs no colour to be read.

use crate::layout::LABEL_W;
use crate::table::Mark;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use seabattle_core::{Coord, CoordSystem, Dims};

/// The symbol of a mark. Each differs in shape, so colour is only a help.
pub fn symbol(mark: Mark) -> char {
    match mark {
        Mark::Water => '~',
        Mark::Miss => '•',
        Mark::Halo => '·',
        Mark::Ship => '□',
        Mark::Hit => 'X',
        Mark::Sunk => '█',
        Mark::Mine => '○',
        Mark::SpentMine => '⊙',
        Mark::Sweeper => '△',
        Mark::SweeperShot => '▲',
        Mark::Submarine => '◇',
        Mark::SunkSubmarine => '◆',
        Mark::Shown => '?',
    }
}

/// A legend line: each mark's symbol and name.
pub fn legend(items: &[(Mark, &str)]) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|&(m, name)| format!("{} {name}", symbol(m)))
        .collect();
    parts.join("  ")
}

/// The colour of a mark, on terminals that have colours.
pub fn style(mark: Mark) -> Style {
    let fg = match mark {
        Mark::Water => Color::Blue,
        Mark::Miss => Color::Cyan,
        Mark::Halo => Color::DarkGray,
        Mark::Ship => Color::White,
        Mark::Hit => Color::Yellow,
        Mark::Sunk => Color::Red,
        Mark::Mine | Mark::SpentMine => Color::Magenta,
        Mark::Sweeper | Mark::SweeperShot => Color::Green,
        Mark::Submarine | Mark::SunkSubmarine => Color::LightBlue,
        Mark::Shown => Color::Yellow,
    };
    Style::default().fg(fg)
}

/// What to draw: the board, how wide a cell is, what each cell shows, and where the
/// cursor is.
pub struct Grid<'a> {
    /// The board size.
    pub dims: Dims,
    /// How columns are named.
    pub coords: CoordSystem,
    /// Screen columns per cell.
    pub cell_w: u16,
    /// Each cell's symbol and style.
    pub cell: &'a dyn Fn(Coord) -> (char, Style),
    /// The cell under the cursor, drawn bracketed and reversed.
    pub cursor: Option<Coord>,
}

impl Grid<'_> {
    /// The header line and one line per row.
    pub fn lines(&self) -> Vec<Line<'static>> {
        let w = usize::from(self.cell_w);
        let mut header = " ".repeat(usize::from(LABEL_W));
        for col in 0..self.dims.width() {
            let letter = self.coords.column_letter(col).unwrap_or('?');
            header.push_str(&format!(" {letter:<width$}", width = w - 1));
        }
        let mut lines = vec![Line::from(Span::styled(
            header,
            Style::default().add_modifier(Modifier::BOLD),
        ))];
        for row in 0..self.dims.height() {
            let mut spans = vec![Span::styled(
                format!(
                    "{:>width$} ",
                    u32::from(row) + 1,
                    width = usize::from(LABEL_W) - 1
                ),
                Style::default().add_modifier(Modifier::BOLD),
            )];
            for col in 0..self.dims.width() {
                let c = Coord::new(col, row);
                let (ch, st) = (self.cell)(c);
                if self.cursor == Some(c) {
                    let text = match w {
                        2 => format!(">{ch}"),
                        _ => format!("[{ch}]{}", " ".repeat(w - 3)),
                    };
                    spans.push(Span::styled(
                        text,
                        st.add_modifier(Modifier::REVERSED | Modifier::BOLD),
                    ));
                } else {
                    spans.push(Span::styled(format!(" {ch:<width$}", width = w - 1), st));
                }
            }
            lines.push(Line::from(spans));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_lettered_in_the_chosen_system_and_the_cursor_shows_without_colour() {
        let dims = Dims::new(5, 5).unwrap();
        let cell = |c: Coord| {
            if c == Coord::new(1, 0) {
                ('X', Style::default())
            } else {
                ('~', Style::default())
            }
        };
        let g = Grid {
            dims,
            coords: CoordSystem::Russian,
            cell_w: 2,
            cell: &cell,
            cursor: Some(Coord::new(4, 4)),
        };
        let text: Vec<String> = g.lines().iter().map(|l| l.to_string()).collect();
        assert_eq!(text[0], "    а б в г д");
        assert_eq!(text[1], " 1  ~ X ~ ~ ~");
        assert_eq!(text[5], " 5  ~ ~ ~ ~>~");
        let g = Grid {
            cell_w: 3,
            coords: CoordSystem::Latin,
            ..g
        };
        let text: Vec<String> = g.lines().iter().map(|l| l.to_string()).collect();
        assert_eq!(text[0], "    a  b  c  d  e ");
        assert_eq!(text[5], " 5  ~  ~  ~  ~ [~]");
    }
}
