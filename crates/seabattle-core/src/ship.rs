//! [`Ship`]: a validated fleet's ship, kept in sixteen bytes.
//!
//! A [`CellSet`] is sized for the largest board (104 bytes), and a server holds two
//! fleets for every open game, so a ship keeps only the box around its cells and which
//! cells of that box are its own, one bit each. Every ship the rules allow fits: a
//! straight one is one row or column of at most 26 cells, and a bent one has at most
//! [`crate::rules::MAX_BENT_SIZE`] decks, so its box is at most 8 by 8.

use crate::cellset::CellSet;
use crate::coord::Coord;

/// The most cells a ship's box may hold: the bits of its mask.
const BOX_CELLS: usize = 64;

/// A ship of a validated fleet. [`Ship::cells`] gives its cells as a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ship {
    /// The box's top left cell.
    corner: Coord,
    /// The box's width, 1 or more.
    width: u8,
    /// The box's height, 1 or more.
    height: u8,
    /// Bit `row * width + col` for each of the ship's cells, counted from the corner.
    mask: u64,
}

impl Ship {
    /// The ship made of `cells`, if it has any and its box holds at most 64 cells (every
    /// ship the rules allow does; see the module's note).
    pub(crate) fn of(cells: &CellSet) -> Option<Ship> {
        let mut cols = (u8::MAX, 0);
        let mut rows = (u8::MAX, 0);
        for c in cells.iter() {
            cols = (cols.0.min(c.col), cols.1.max(c.col));
            rows = (rows.0.min(c.row), rows.1.max(c.row));
        }
        if cells.is_empty() {
            return None;
        }
        let width = cols.1 - cols.0 + 1;
        let height = rows.1 - rows.0 + 1;
        if usize::from(width) * usize::from(height) > BOX_CELLS {
            return None;
        }
        let corner = Coord::new(cols.0, rows.0);
        let mask = cells.iter().fold(0u64, |m, c| {
            let bit =
                u32::from(c.row - corner.row) * u32::from(width) + u32::from(c.col - corner.col);
            m | 1 << bit
        });
        Some(Ship {
            corner,
            width,
            height,
            mask,
        })
    }

    /// The ship's cells, made afresh on each call: keep the set rather than asking
    /// again in a loop.
    pub fn cells(&self) -> CellSet {
        let mut set = CellSet::EMPTY;
        for c in self.iter() {
            set.insert(c);
        }
        set
    }

    /// The ship's cells, row by row from the top left (the order of [`CellSet::iter`]).
    pub fn iter(&self) -> impl Iterator<Item = Coord> + '_ {
        let width = u32::from(self.width);
        let mut mask = self.mask;
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            Some(self.at(bit, width))
        })
    }

    /// Whether `c` is one of the ship's cells.
    pub fn contains(&self, c: Coord) -> bool {
        let (Some(col), Some(row)) = (
            c.col.checked_sub(self.corner.col),
            c.row.checked_sub(self.corner.row),
        ) else {
            return false;
        };
        col < self.width
            && row < self.height
            && self.mask & 1 << (u32::from(row) * u32::from(self.width) + u32::from(col)) != 0
    }

    /// The ship's top left cell (the first of [`Ship::iter`]).
    pub fn first(&self) -> Coord {
        self.at(self.mask.trailing_zeros(), u32::from(self.width))
    }

    /// Number of decks.
    pub fn size(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// The cell of bit `bit` of a box `width` wide.
    fn at(&self, bit: u32, width: u32) -> Coord {
        // Both are within the box, which lies on the board: no overflow.
        Coord::new(
            self.corner.col + (bit % width) as u8,
            self.corner.row + (bit / width) as u8,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::MAX_SIDE;

    fn set(cells: &[(u8, u8)]) -> CellSet {
        let mut s = CellSet::EMPTY;
        for &(c, r) in cells {
            s.insert(Coord::new(c, r));
        }
        s
    }

    #[test]
    fn a_ship_keeps_exactly_its_cells() {
        for cells in [
            vec![(3, 4)],
            vec![(0, 0), (1, 0), (2, 0), (3, 0)],
            vec![(7, 2), (7, 3), (7, 4)],
            vec![(4, 4), (5, 4), (5, 5), (6, 5)],
            vec![
                (2, 6),
                (3, 5),
                (4, 4),
                (5, 3),
                (6, 2),
                (7, 1),
                (8, 0),
                (9, 1),
            ],
        ] {
            let s = set(&cells);
            let ship = Ship::of(&s).unwrap();
            assert_eq!(ship.cells(), s);
            assert_eq!(ship.size(), cells.len());
            assert_eq!(ship.first(), s.first().unwrap());
            assert_eq!(
                ship.iter().collect::<Vec<_>>(),
                s.iter().collect::<Vec<_>>()
            );
            for r in 0..MAX_SIDE {
                for c in 0..MAX_SIDE {
                    let at = Coord::new(c, r);
                    assert_eq!(ship.contains(at), s.contains(at), "{at}");
                }
            }
        }
    }

    #[test]
    fn the_longest_lines_and_the_widest_paths_fit() {
        let row: Vec<(u8, u8)> = (0..MAX_SIDE).map(|c| (c, MAX_SIDE - 1)).collect();
        let col: Vec<(u8, u8)> = (0..MAX_SIDE).map(|r| (MAX_SIDE - 1, r)).collect();
        let diagonal: Vec<(u8, u8)> = (0..8).map(|i| (18 + i, 18 + i)).collect();
        for cells in [row, col, diagonal] {
            let s = set(&cells);
            assert_eq!(Ship::of(&s).unwrap().cells(), s);
        }
    }

    #[test]
    fn no_ship_is_made_of_nothing_or_of_cells_spread_wide() {
        assert_eq!(Ship::of(&CellSet::EMPTY), None);
        assert_eq!(Ship::of(&set(&[(0, 0), (8, 8)])), None);
    }

    #[test]
    fn a_ship_is_as_small_as_promised() {
        assert_eq!(std::mem::size_of::<Ship>(), 16);
    }
}
