//! Rao-Blackwellised cell probabilities: each ship of each particle counts not where it
//! stands but where it could stand, given the particle's other ships and the answers.
//!
//! A particle's ship covers a cell or not; averaged over a few thousand particles, the
//! share that cover a cell is off by a percent or so, as much as the gap between the
//! likeliest cells of a hunt. Under the uniform prior the conditional of one ship given
//! the others (what a Gibbs step draws from) is uniform over the places that fit, so its
//! chance of covering each cell can be counted exactly, and the average of those chances
//! over the particles is still unbiased (the tower rule), with far less noise: every
//! particle spreads each ship over all the places it fits instead of one.

use super::geometry::{Evidence, Pos};
use super::smc::Smc;

impl<const N: usize> Smc<N> {
    /// Per cell (`row * width + col`), the smoothed chance that a ship covers it, under
    /// the evidence `ev` (see the module's comment); `None` for a tilted or learned
    /// prior, whose conditionals are not uniform, or an empty population.
    pub(super) fn smoothed(&self, ev: &Evidence<N>) -> Option<Vec<f64>> {
        if !self.flat() || self.count() == 0 {
            return None;
        }
        let geo = &self.geo;
        let ships = self.ships;
        // Per list and position, the expected number of ships there.
        let mut w: Vec<Vec<f64>> = geo.lists.iter().map(|l| vec![0.0; l.len()]).collect();
        let mut buf: Vec<u16> = Vec::new();
        let mut cells: Vec<Pos<N>> = Vec::with_capacity(ships);
        // The union of the ships before `i` and after it, so that "every ship but `i`"
        // costs two words per ship, not a loop over the fleet.
        let mut before: Vec<Pos<N>> = vec![Pos::EMPTY; ships + 1];
        let mut after: Vec<Pos<N>> = vec![Pos::EMPTY; ships + 1];
        for p in 0..self.count() {
            let base = p * ships;
            cells.clear();
            cells.extend((0..ships).map(|i| *geo.pos(i, self.pos[base + i])));
            for i in 0..ships {
                before[i + 1] = before[i].or(&cells[i]);
                after[ships - 1 - i] = after[ships - i].or(&cells[ships - 1 - i]);
            }
            for i in 0..ships {
                let l = geo.ship_list[i];
                let k = self.pos[base + i];
                if self.fixed[p] >> i & 1 == 1 {
                    w[l][usize::from(k)] += 1.0;
                    continue;
                }
                let others = before[i].or(&after[i + 1]);
                let (occ, blk) = (others.cells, others.blocked);
                let need = ev.open.minus(&occ);
                let list = &geo.lists[l];
                let flags = &ev.live_flag[l];
                buf.clear();
                if let Some(c) = need.first() {
                    buf.extend(geo.covering[l][c].iter().copied().filter(|&k| {
                        let q = &list[usize::from(k)];
                        flags[usize::from(k)]
                            && !q.cells.intersects(&blk)
                            && need.is_subset(&q.cells)
                    }));
                } else {
                    buf.extend(
                        ev.live[l]
                            .iter()
                            .copied()
                            .filter(|&k| !list[usize::from(k)].cells.intersects(&blk)),
                    );
                }
                if buf.is_empty() {
                    // The ship's own place always fits; nothing else to spread over.
                    w[l][usize::from(k)] += 1.0;
                    continue;
                }
                let share = 1.0 / buf.len() as f64;
                for &k in &buf {
                    w[l][usize::from(k)] += share;
                }
            }
        }
        let area = geo.dims.area();
        let n = self.count() as f64;
        let mut all = vec![0.0; area];
        for (l, list) in geo.lists.iter().enumerate() {
            for (k, q) in list.iter().enumerate() {
                let x = w[l][k];
                if x == 0.0 {
                    continue;
                }
                for c in q.cells.ones() {
                    all[c] += x / n;
                }
            }
        }
        Some(all)
    }
}
