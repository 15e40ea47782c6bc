//! Board geometry: cells and board dimensions. No game state lives here.

use std::fmt;

/// The largest number of rows or columns a board may have (one per Latin letter).
pub const MAX_SIDE: u8 = 26;
/// The smallest number of rows or columns a board may have.
pub const MIN_SIDE: u8 = 5;

/// A cell, by zero-based column and row; row 0 is the top row, column 0 the leftmost.
///
/// A `Coord` does not know the board it belongs to: unchecked input may hold a cell
/// that lies outside the board, and validation reports it.
/// `Display` prints the canonical ASCII form (`a1`, `j10`, `t20`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Zero-based column (0 is `a`).
    pub col: u8,
    /// Zero-based row (0 is row `1`).
    pub row: u8,
}

impl Coord {
    /// A cell at zero-based `col` and `row`.
    pub const fn new(col: u8, row: u8) -> Coord {
        Coord { col, row }
    }

    /// The cell shifted by `(dc, dr)`, if that stays within `0..MAX_SIDE` on both axes.
    pub fn offset(self, dc: i32, dr: i32) -> Option<Coord> {
        let c = i32::from(self.col) + dc;
        let r = i32::from(self.row) + dr;
        let max = i32::from(MAX_SIDE);
        ((0..max).contains(&c) && (0..max).contains(&r)).then(|| Coord::new(c as u8, r as u8))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col < MAX_SIDE {
            write!(
                f,
                "{}{}",
                char::from(b'a' + self.col),
                u32::from(self.row) + 1
            )
        } else {
            // Only unchecked input can get here; print something unambiguous.
            write!(
                f,
                "col{}:{}",
                u32::from(self.col) + 1,
                u32::from(self.row) + 1
            )
        }
    }
}

/// The size of a board: `width` columns by `height` rows, each within `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    width: u8,
    height: u8,
}

/// Dimensions outside `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DimsError {
    /// The rejected width.
    pub width: u32,
    /// The rejected height.
    pub height: u32,
}

impl fmt::Display for DimsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board {}x{} is not supported: each side must be {MIN_SIDE} to {MAX_SIDE}",
            self.width, self.height
        )
    }
}

impl std::error::Error for DimsError {}

impl Dims {
    /// Checked constructor.
    pub fn new(width: u32, height: u32) -> Result<Dims, DimsError> {
        let ok = |v: u32| (u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&v);
        if ok(width) && ok(height) {
            Ok(Dims {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(DimsError { width, height })
        }
    }

    /// The classic 10×10 board.
    pub const CLASSIC: Dims = Dims {
        width: 10,
        height: 10,
    };

    /// The largest board: for reading cells of unchecked input that may lie off the
    /// agreed board, so that validation, not parsing, reports them.
    pub const LARGEST: Dims = Dims {
        width: MAX_SIDE,
        height: MAX_SIDE,
    };

    /// Number of columns.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of rows.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of cells.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `c` lies on this board.
    pub const fn contains(self, c: Coord) -> bool {
        c.col < self.width && c.row < self.height
    }

    /// Every cell of the board, row by row from the top left.
    pub fn cells(self) -> impl Iterator<Item = Coord> {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |c| Coord::new(c, r)))
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}
