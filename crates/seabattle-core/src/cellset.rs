//! [`CellSet`]: a fixed-size bitset of cells, the workhorse of every geometric test.

use crate::coord::{Coord, Dims, MAX_SIDE};
use std::fmt;

/// Bits per row. Rows are padded to 32 bits so that shifting a whole set one column
/// left or right never carries a cell into a neighbouring row's real cells.
const STRIDE: usize = 32;
const WORDS: usize = MAX_SIDE as usize * STRIDE / 64;

/// A set of cells of a board up to `MAX_SIDE`×`MAX_SIDE`. Carries no game state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    words: [u64; WORDS],
}

#[inline]
const fn index(c: Coord) -> usize {
    c.row as usize * STRIDE + c.col as usize
}

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet { words: [0; WORDS] };

    /// The empty set.
    pub const fn new() -> CellSet {
        CellSet::EMPTY
    }

    /// All cells of a board of the given size.
    pub fn full(dims: Dims) -> CellSet {
        let mut s = CellSet::EMPTY;
        let row_bits = (1u64 << dims.width()) - 1;
        for r in 0..dims.height() as usize {
            let bit = r * STRIDE;
            s.words[bit / 64] |= row_bits << (bit % 64);
        }
        s
    }

    /// A set holding just `c`.
    pub fn single(c: Coord) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(c);
        s
    }

    /// Adds a cell; returns whether it was new. Cells outside `MAX_SIDE` are ignored
    /// (and `false` is returned), since no board holds them.
    #[inline]
    pub fn insert(&mut self, c: Coord) -> bool {
        if c.col >= MAX_SIDE || c.row >= MAX_SIDE {
            return false;
        }
        let i = index(c);
        let had = self.words[i / 64] >> (i % 64) & 1 == 1;
        self.words[i / 64] |= 1 << (i % 64);
        !had
    }

    /// Removes a cell; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, c: Coord) -> bool {
        if !self.contains(c) {
            return false;
        }
        let i = index(c);
        self.words[i / 64] &= !(1 << (i % 64));
        true
    }

    /// Whether `c` is in the set.
    #[inline]
    pub fn contains(&self, c: Coord) -> bool {
        if c.col >= MAX_SIDE || c.row >= MAX_SIDE {
            return false;
        }
        let i = index(c);
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Cells in both sets.
    #[must_use]
    pub fn and(&self, other: &CellSet) -> CellSet {
        let mut s = *self;
        s.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a &= b);
        s
    }

    /// Cells in either set.
    #[must_use]
    pub fn or(&self, other: &CellSet) -> CellSet {
        let mut s = *self;
        s.union_with(other);
        s
    }

    /// Cells in `self` but not in `other`.
    #[must_use]
    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut s = *self;
        s.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a &= !b);
        s
    }

    /// Adds every cell of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &CellSet) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a |= b);
    }

    /// Whether the sets share a cell.
    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// The first cell in row-major order, if any.
    pub fn first(&self) -> Option<Coord> {
        self.iter().next()
    }

    /// The cells in row-major order.
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.words,
            word: 0,
        }
    }

    fn shifted_left(&self, bits: usize) -> CellSet {
        // Moves every cell to a higher bit index.
        let mut out = CellSet::EMPTY;
        let (w, b) = (bits / 64, bits % 64);
        for i in (w..WORDS).rev() {
            let mut v = self.words[i - w] << b;
            if b > 0 && i > w {
                v |= self.words[i - w - 1] >> (64 - b);
            }
            out.words[i] = v;
        }
        out
    }

    fn shifted_right(&self, bits: usize) -> CellSet {
        let mut out = CellSet::EMPTY;
        let (w, b) = (bits / 64, bits % 64);
        for i in 0..WORDS - w {
            let mut v = self.words[i + w] >> b;
            if b > 0 && i + w + 1 < WORDS {
                v |= self.words[i + w + 1] << (64 - b);
            }
            out.words[i] = v;
        }
        out
    }

    /// The cells that share a side with a cell of the set (the set itself included),
    /// clipped to `dims`.
    #[must_use]
    pub fn grow_sides(&self, dims: Dims) -> CellSet {
        let mut s = *self;
        s.union_with(&self.shifted_left(1));
        s.union_with(&self.shifted_right(1));
        s.union_with(&self.shifted_left(STRIDE));
        s.union_with(&self.shifted_right(STRIDE));
        s.and(&CellSet::full(dims))
    }

    /// The cells that share a side or a corner with a cell of the set (the set itself
    /// included), clipped to `dims`.
    #[must_use]
    pub fn grow_all(&self, dims: Dims) -> CellSet {
        let mut row = *self;
        row.union_with(&self.shifted_left(1));
        row.union_with(&self.shifted_right(1));
        let mut s = row;
        s.union_with(&row.shifted_left(STRIDE));
        s.union_with(&row.shifted_right(STRIDE));
        s.and(&CellSet::full(dims))
    }

    /// The connected groups of the set, cells joined by sides only.
    pub fn components(&self, dims: Dims) -> Vec<CellSet> {
        self.groups(dims, false)
    }

    /// The connected groups of the set, cells joined by sides or corners.
    pub fn components_by_corners(&self, dims: Dims) -> Vec<CellSet> {
        self.groups(dims, true)
    }

    fn groups(&self, dims: Dims, corners: bool) -> Vec<CellSet> {
        let mut rest = *self;
        let mut out = Vec::new();
        while let Some(seed) = rest.first() {
            let mut group = CellSet::single(seed);
            loop {
                let grown = if corners {
                    group.grow_all(dims)
                } else {
                    group.grow_sides(dims)
                };
                let next = grown.and(&rest);
                if next == group {
                    break;
                }
                group = next;
            }
            rest = rest.minus(&group);
            out.push(group);
        }
        out
    }
}

impl FromIterator<Coord> for CellSet {
    fn from_iter<I: IntoIterator<Item = Coord>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        iter.into_iter().for_each(|c| {
            s.insert(c);
        });
        s
    }
}

impl IntoIterator for &CellSet {
    type Item = Coord;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|c| c.to_string()))
            .finish()
    }
}

/// Iterator over the cells of a [`CellSet`], in row-major order.
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Iter {
    type Item = Coord;
    #[inline]
    fn next(&mut self) -> Option<Coord> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] &= w - 1;
                let i = self.word * 64 + bit;
                return Some(Coord::new((i % STRIDE) as u8, (i / STRIDE) as u8));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grow_all_of_a_corner_cell_stays_on_the_board() {
        let d = Dims::new(5, 5).unwrap();
        let s = CellSet::single(Coord::new(0, 0)).grow_all(d);
        let cells: Vec<String> = s.iter().map(|c| c.to_string()).collect();
        assert_eq!(cells, ["a1", "b1", "a2", "b2"]);
    }

    #[test]
    fn grow_at_the_right_edge_does_not_wrap_into_the_next_row() {
        let d = Dims::new(26, 26).unwrap();
        let s = CellSet::single(Coord::new(25, 3)).grow_all(d);
        assert_eq!(s.len(), 6);
        assert!(!s.contains(Coord::new(0, 4)));
        let s = CellSet::single(Coord::new(0, 3)).grow_sides(d);
        assert_eq!(s.len(), 4);
        assert!(!s.contains(Coord::new(25, 2)));
    }

    #[test]
    fn bottom_right_of_the_largest_board() {
        let d = Dims::new(26, 26).unwrap();
        let s = CellSet::single(Coord::new(25, 25)).grow_all(d);
        assert_eq!(s.len(), 4);
        assert_eq!(CellSet::full(d).len(), 676);
    }

    #[test]
    fn components_split_by_sides_only() {
        let d = Dims::CLASSIC;
        let s: CellSet = [(0, 0), (1, 0), (2, 1), (5, 5), (5, 6)]
            .iter()
            .map(|&(c, r)| Coord::new(c, r))
            .collect();
        let comps = s.components(d);
        assert_eq!(
            comps.iter().map(CellSet::len).collect::<Vec<_>>(),
            [2, 1, 2]
        );
    }
}
