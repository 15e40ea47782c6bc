//! Where things go on the screen. Drawing and mouse hit-testing both use these rects,
//! so a click lands on the cell that was drawn there.

use ratatui::layout::Rect;
use seabattle_core::{Coord, Dims, Rules};

/// Columns taken by the row numbers left of a board.
pub const LABEL_W: u16 = 3;
/// Rows the footer (answer, turn, legend, keys) takes.
pub const FOOTER_H: u16 = 5;
/// The narrowest side panel (fleets and log) beside the boards.
pub const SIDE_MIN_W: u16 = 26;

/// The rects of the placement, battle and game-over screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// Screen columns per board cell: 2 in the compact layout, more when there is room.
    pub cell_w: u16,
    /// The title line.
    pub header: Rect,
    /// The left board (the player's own), border included.
    pub left: Rect,
    /// The right board (the enemy's), border included.
    pub right: Rect,
    /// Fleets and the log.
    pub side: Rect,
    /// Answer, turn, legend and keys.
    pub footer: Rect,
}

/// A board's outer size, border included, with `cell_w` columns per cell.
pub fn board_size(dims: Dims, cell_w: u16) -> (u16, u16) {
    (
        2 + LABEL_W + u16::from(dims.width()) * cell_w,
        2 + 1 + u16::from(dims.height()),
    )
}

/// Rows the footer takes under `rules`: one more for the pieces' legend when the rules
/// have mines, minesweepers or submarines.
pub fn footer_height(rules: &Rules) -> u16 {
    FOOTER_H + u16::from(rules.pieces().count() > 0)
}

/// The smallest window that fits the boards and footer of `rules`.
pub fn minimum_for(rules: &Rules) -> (u16, u16) {
    let (w, h) = board_size(rules.dims(), 2);
    (2 * w + 1, 1 + h + 4 + footer_height(rules))
}

/// The layout for `area` under `rules` (its boards and its footer), or none if the
/// window is too small. Cells get wider as the window grows; the side panel goes right
/// of the boards if it fits, else below them.
pub fn screen_for(area: Rect, rules: &Rules) -> Option<Screen> {
    let (dims, footer_h) = (rules.dims(), footer_height(rules));
    for cell_w in [4, 3, 2] {
        let (bw, bh) = board_size(dims, cell_w);
        let boards_w = 2 * bw + 1;
        if boards_w > area.width {
            continue;
        }
        let at = |x: u16, y: u16, w: u16, h: u16| Rect::new(area.x + x, area.y + y, w, h);
        let left = at(0, 1, bw, bh);
        let right = at(bw + 1, 1, bw, bh);
        let header = at(0, 0, area.width, 1);
        if boards_w + SIDE_MIN_W <= area.width && 1 + bh + footer_h <= area.height {
            let side_h = area.height - 1 - footer_h;
            return Some(Screen {
                cell_w,
                header,
                left,
                right,
                side: at(boards_w + 1, 1, area.width - boards_w - 1, side_h),
                footer: at(0, area.height - footer_h, area.width, footer_h),
            });
        }
        if cell_w == 2 && 1 + bh + 4 + footer_h <= area.height {
            let side_h = area.height - 1 - bh - footer_h;
            return Some(Screen {
                cell_w,
                header,
                left,
                right,
                side: at(0, 1 + bh, area.width, side_h),
                footer: at(0, area.height - footer_h, area.width, footer_h),
            });
        }
    }
    None
}

/// The cell of a board drawn in `board` (border included) under the screen position
/// `(x, y)`, if any.
pub fn cell_at(board: Rect, dims: Dims, cell_w: u16, x: u16, y: u16) -> Option<Coord> {
    let gx = board.x + 1 + LABEL_W;
    let gy = board.y + 2;
    if x < gx || y < gy {
        return None;
    }
    let col = (x - gx) / cell_w;
    let row = y - gy;
    let c = Coord::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?);
    dims.contains(c).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_boards_fit_80_by_24_compactly_and_grow_with_the_window() {
        let classic = Rules::classic();
        let s = screen_for(Rect::new(0, 0, 80, 24), &classic).unwrap();
        assert_eq!(s.cell_w, 2);
        assert!(s.side.x >= s.right.right());
        assert!(s.side.right() <= 80 && s.footer.bottom() <= 24);
        let big = screen_for(Rect::new(0, 0, 160, 50), &classic).unwrap();
        assert_eq!(big.cell_w, 4);
        assert!(screen_for(Rect::new(0, 0, 40, 10), &classic).is_none());
        let (w, h) = minimum_for(&classic);
        assert!(screen_for(Rect::new(0, 0, w, h), &classic).is_some());
    }

    #[test]
    fn big15_boards_put_the_side_panel_below_in_80_columns() {
        let big15 = Rules::preset(seabattle_core::Preset::Big15);
        let s = screen_for(Rect::new(0, 0, 80, 30), &big15).unwrap();
        assert_eq!(s.side.y, s.left.bottom());
    }

    #[test]
    fn clicks_map_to_the_cells_drawn() {
        let s = screen_for(Rect::new(0, 0, 80, 24), &Rules::classic()).unwrap();
        let b = s.right;
        let x = b.x + 1 + LABEL_W;
        let y = b.y + 2;
        assert_eq!(cell_at(b, Dims::CLASSIC, 2, x, y), Some(Coord::new(0, 0)));
        assert_eq!(
            cell_at(b, Dims::CLASSIC, 2, x + 19, y + 9),
            Some(Coord::new(9, 9))
        );
        assert_eq!(cell_at(b, Dims::CLASSIC, 2, x + 20, y), None);
        assert_eq!(cell_at(b, Dims::CLASSIC, 2, x - 1, y), None);
    }
}
