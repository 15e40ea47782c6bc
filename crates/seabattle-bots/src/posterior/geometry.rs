//! The sampler's board: every position of every ship as dense masks, and what a view
//! says as masks.

use crate::mask::Mask;
use seabattle_core::placement::{Position, positions_by_size, ship_lists};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Dims, Rules};
use std::collections::HashMap;

/// A ship position as dense masks.
#[derive(Clone, Copy)]
pub(super) struct Pos<const N: usize> {
    pub(super) cells: Mask<N>,
    pub(super) blocked: Mask<N>,
}

/// Every position of every ship of the rules, and ways to find them.
pub(super) struct Geometry<const N: usize> {
    pub(super) dims: Dims,
    /// Per distinct ship size (largest first), its positions.
    pub(super) lists: Vec<Vec<Pos<N>>>,
    /// Per ship of the fleet (largest first), the index of its size's list.
    pub(super) ship_list: Vec<usize>,
    /// Per ship of the fleet, whether it has more than one deck.
    pub(super) multi: Vec<bool>,
    /// Per ship of the fleet, its size.
    pub(super) sizes: Vec<usize>,
    /// Per list and cell, the positions covering the cell.
    pub(super) covering: Vec<Vec<Vec<u16>>>,
    /// Per list, the position with given cells.
    pub(super) index: Vec<HashMap<[u64; N], u16>>,
    /// Per list and position, whether it touches no border cell.
    pub(super) off_border: Vec<Vec<bool>>,
}

impl<const N: usize> Pos<N> {
    /// No cells.
    pub(super) const EMPTY: Pos<N> = Pos {
        cells: Mask::ZERO,
        blocked: Mask::ZERO,
    };

    /// Both masks of both.
    #[inline]
    pub(super) fn or(&self, o: &Pos<N>) -> Pos<N> {
        Pos {
            cells: self.cells.or(&o.cells),
            blocked: self.blocked.or(&o.blocked),
        }
    }
}

impl<const N: usize> Geometry<N> {
    pub(super) fn new(rules: &Rules) -> Geometry<N> {
        let dims = rules.dims();
        let w = dims.width();
        let by_size = positions_by_size(rules);
        let dense = |p: &Position| Pos {
            cells: Mask::from_cells(&p.cells, w),
            blocked: Mask::from_cells(&p.blocked, w),
        };
        let lists: Vec<Vec<Pos<N>>> = by_size
            .iter()
            .map(|(_, l)| l.iter().map(dense).collect())
            .collect();
        let covering = lists
            .iter()
            .map(|l| {
                let mut per_cell = vec![Vec::new(); dims.area()];
                for (k, p) in l.iter().enumerate() {
                    for i in p.cells.ones() {
                        per_cell[i].push(k as u16);
                    }
                }
                per_cell
            })
            .collect();
        let index = lists
            .iter()
            .map(|l| {
                l.iter()
                    .enumerate()
                    .map(|(k, p)| (p.cells.0, k as u16))
                    .collect()
            })
            .collect();
        let border = Mask::<N>::from_cells(&CellSet::full(dims).minus(&interior(dims)), w);
        let off_border = lists
            .iter()
            .map(|l| l.iter().map(|p| !p.cells.intersects(&border)).collect())
            .collect();
        Geometry {
            dims,
            off_border,
            lists,
            ship_list: ship_lists(rules),
            multi: rules.fleet().iter().map(|&s| s > 1).collect(),
            sizes: rules.fleet().iter().map(|&s| usize::from(s)).collect(),
            covering,
            index,
        }
    }

    /// The fleet with ships of cells `ships` as a row of positions, ship by ship of the
    /// rules' fleet; `None` if it is not a fleet of these rules.
    pub(super) fn row_of(&self, ships: &[CellSet]) -> Option<Vec<u16>> {
        let sizes: Vec<usize> = ships.iter().map(CellSet::len).collect();
        self.row_matching(ships.len(), |j| sizes[j], |j| ships[j])
    }

    /// Matches each ship of the rules' fleet to one of `n` ships (of size `size(j)`
    /// and cells `cells(j)`), in order.
    pub(super) fn row_matching(
        &self,
        n: usize,
        size: impl Fn(usize) -> usize,
        cells: impl Fn(usize) -> CellSet,
    ) -> Option<Vec<u16>> {
        let mut row = Vec::with_capacity(self.ship_list.len());
        let mut used = vec![false; n];
        for (i, &list) in self.ship_list.iter().enumerate() {
            let want = self.sizes[i];
            let (j, k) = (0..n).find_map(|j| {
                if used[j] || size(j) != want {
                    return None;
                }
                let m = Mask::<N>::from_cells(&cells(j), self.dims.width());
                self.index[list].get(&m.0).map(|&k| (j, k))
            })?;
            used[j] = true;
            row.push(k);
        }
        Some(row)
    }

    #[inline]
    pub(super) fn pos(&self, ship: usize, k: u16) -> &Pos<N> {
        &self.lists[self.ship_list[ship]][usize::from(k)]
    }

    /// Whether ship `ship` at position `k` is a multi-decker off the border (the edge
    /// tilt counts those).
    #[inline]
    pub(super) fn off_border(&self, ship: usize, k: u16) -> bool {
        self.multi[ship] && self.off_border[self.ship_list[ship]][usize::from(k)]
    }
}

/// The cells of `dims` off the border.
pub(super) fn interior(dims: Dims) -> CellSet {
    let (w, h) = (dims.width(), dims.height());
    CellSet::full(dims)
        .iter()
        .filter(|c| c.col > 0 && c.row > 0 && c.col + 1 < w && c.row + 1 < h)
        .collect()
}

/// What the view says, as masks, and which positions it leaves an afloat ship.
pub(super) struct Evidence<const N: usize> {
    /// Cells known to hold no ship.
    pub(super) empty: Mask<N>,
    /// Every hit.
    pub(super) hits: Mask<N>,
    /// Hits on ships still afloat.
    pub(super) open: Mask<N>,
    /// The sunk ships.
    pub(super) sunk: Vec<Mask<N>>,
    /// Per list, the positions an afloat ship may take: clear of known-empty and sunk
    /// cells, and not wholly hit (it would have sunk).
    pub(super) live: Vec<Vec<u16>>,
    /// The same, as flags by position.
    pub(super) live_flag: Vec<Vec<bool>>,
}

impl<const N: usize> Evidence<N> {
    pub(super) fn new(geo: &Geometry<N>, view: &TargetBoard) -> Evidence<N> {
        let w = geo.dims.width();
        let m = |s: &CellSet| Mask::<N>::from_cells(s, w);
        let sunk: Vec<Mask<N>> = view.sunk().iter().map(m).collect();
        let sunk_cells = sunk.iter().fold(Mask::ZERO, |a, s| a.or(s));
        let empty = m(view.known_empty());
        let hits = m(view.hits());
        let closed = empty.or(&sunk_cells);
        let mut live = Vec::with_capacity(geo.lists.len());
        let mut live_flag = Vec::with_capacity(geo.lists.len());
        for list in &geo.lists {
            let flags: Vec<bool> = list
                .iter()
                .map(|p| !p.cells.intersects(&closed) && !p.cells.is_subset(&hits))
                .collect();
            live.push(
                (0..list.len() as u16)
                    .filter(|&k| flags[usize::from(k)])
                    .collect(),
            );
            live_flag.push(flags);
        }
        Evidence {
            empty,
            hits,
            open: hits.minus(&sunk_cells),
            sunk,
            live,
            live_flag,
        }
    }
}
