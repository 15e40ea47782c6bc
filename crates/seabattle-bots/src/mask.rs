//! [`Mask`]: a dense bitset of just one board's cells (`row * width + col`), as small
//! as the board allows. The posterior sampler tests millions of positions per second,
//! and a classic board fits in two words where a `CellSet` takes eleven.

use seabattle_core::CellSet;

/// A set of cells of one board, `N` words wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mask<const N: usize>(pub [u64; N]);

impl<const N: usize> Mask<N> {
    /// The empty set.
    pub const ZERO: Mask<N> = Mask([0; N]);

    /// The cells of `set` on a board of width `width`.
    pub fn from_cells(set: &CellSet, width: u8) -> Mask<N> {
        let mut m = Mask::ZERO;
        for c in set {
            m.set(usize::from(c.row) * usize::from(width) + usize::from(c.col));
        }
        m
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    pub fn or(&self, o: &Mask<N>) -> Mask<N> {
        Mask(std::array::from_fn(|w| self.0[w] | o.0[w]))
    }

    #[inline]
    pub fn minus(&self, o: &Mask<N>) -> Mask<N> {
        Mask(std::array::from_fn(|w| self.0[w] & !o.0[w]))
    }

    #[inline]
    pub fn intersects(&self, o: &Mask<N>) -> bool {
        (0..N).any(|w| self.0[w] & o.0[w] != 0)
    }

    #[inline]
    pub fn is_subset(&self, o: &Mask<N>) -> bool {
        (0..N).all(|w| self.0[w] & !o.0[w] == 0)
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The lowest cell index in the set.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The cell indices in the set, lowest first.
    pub fn ones(self) -> impl Iterator<Item = usize> {
        (0..N).flat_map(move |w| {
            let mut x = self.0[w];
            std::iter::from_fn(move || {
                (x != 0).then(|| {
                    let b = x.trailing_zeros() as usize;
                    x &= x - 1;
                    w * 64 + b
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::Coord;

    #[test]
    fn round_trips_through_cell_sets() {
        let cells: CellSet = [Coord::new(0, 0), Coord::new(9, 6), Coord::new(3, 9)]
            .into_iter()
            .collect();
        let m = Mask::<2>::from_cells(&cells, 10);
        assert_eq!(m.len(), 3);
        assert_eq!(m.first(), Some(0));
        assert_eq!(m.ones().collect::<Vec<_>>(), vec![0, 69, 93]);
        let other = Mask::<2>::from_cells(&CellSet::single(Coord::new(9, 6)), 10);
        assert!(other.is_subset(&m) && !m.is_subset(&other));
        assert_eq!(m.minus(&other).len(), 2);
        assert!(m.intersects(&other));
        assert!(m.or(&other) == m);
    }
}
