//! Where a ship's shape can stand on a board: below both the placement engine and the
//! Flying Dutchman's paths, which each lay shapes out.

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};

/// Every place of `shape` (cells as offsets from its top-left corner) on a board of
/// `dims`, row by row.
pub fn translations(shape: &[(u8, u8)], dims: Dims) -> impl Iterator<Item = CellSet> + '_ {
    let w = shape.iter().map(|c| c.0).max().unwrap_or(0);
    let h = shape.iter().map(|c| c.1).max().unwrap_or(0);
    let fits = w < dims.width() && h < dims.height();
    let rows = if fits { dims.height() - h } else { 0 };
    let cols = if fits { dims.width() - w } else { 0 };
    (0..rows).flat_map(move |row| {
        (0..cols).map(move |col| {
            shape
                .iter()
                .map(|&(dx, dy)| Coord::new(col + dx, row + dy))
                .collect()
        })
    })
}
