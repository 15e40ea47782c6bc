//! The sampler's moves: Gibbs (or Metropolis) steps of one ship or two, and the
//! randomised search that builds a fleet from nothing.

use super::geometry::Evidence;
use super::prior::Partner;
use super::smc::{Smc, TRIES};
use crate::mask::Mask;
use rand::{Rng, RngExt};

impl<const N: usize> Smc<N> {
    /// One Gibbs step for every ship of particle `p` that is not sunk.
    pub(super) fn sweep(&mut self, p: usize, ev: &Evidence<N>, rng: &mut dyn Rng) {
        if self.frozen() {
            return;
        }
        self.relabel(p, rng);
        let ships = self.ships;
        let base = p * ships;
        for i in 0..ships {
            if self.fixed[p] >> i & 1 == 1 {
                continue;
            }
            let (mut occ, mut blk, mut blk_multi) = (Mask::ZERO, Mask::ZERO, Mask::ZERO);
            for j in (0..ships).filter(|&j| j != i) {
                let q = self.geo.pos(j, self.pos[base + j]);
                occ = occ.or(&q.cells);
                blk = blk.or(&q.blocked);
                if self.geo.multi[j] {
                    blk_multi = blk_multi.or(&q.blocked);
                }
            }
            let need = ev.open.minus(&occ);
            let l = self.geo.ship_list[i];
            let list = &self.geo.lists[l];
            let flags = &ev.live_flag[l];
            let fits = |k: u16| {
                let q = &list[usize::from(k)];
                flags[usize::from(k)] && !q.cells.intersects(&blk) && need.is_subset(&q.cells)
            };
            let chosen = if let Some(c) = need.first() {
                self.buf.clear();
                self.buf
                    .extend(self.geo.covering[l][c].iter().copied().filter(|&k| fits(k)));
                pick(&self.buf, rng)
            } else {
                let live = &ev.live[l];
                let mut found = None;
                for _ in 0..TRIES {
                    let k = live[rng.random_range(0..live.len())];
                    if fits(k) {
                        found = Some(k);
                        break;
                    }
                }
                found.or_else(|| {
                    self.buf.clear();
                    self.buf.extend(live.iter().copied().filter(|&k| fits(k)));
                    pick(&self.buf, rng)
                })
            };
            // The current position always fits, so a step never fails; keep it if so.
            // Under a tilted prior the uniform choice is a proposal, kept with the
            // Metropolis odds (the candidates do not depend on where the ship is now,
            // so the proposal is symmetric).
            if let Some(k) = chosen {
                let cur = self.pos[base + i];
                if k != cur && !self.flat() {
                    // The other ships' part of the energy is the same on both sides
                    // of the test: only ship `i`'s own place counts off the border.
                    let energy = |k: u16| {
                        let b = &self.geo.pos(i, k).blocked;
                        let multi = if self.geo.multi[i] {
                            blk_multi.or(b)
                        } else {
                            blk_multi
                        };
                        let off = usize::from(self.geo.off_border(i, k));
                        self.tilt.energy(multi.len(), blk.or(b).len(), off)
                            + self.learned_energy(p, i, k, Partner::None)
                    };
                    if !self.tilt.accept(energy(cur), energy(k), rng) {
                        continue;
                    }
                }
                self.pos[base + i] = k;
            }
        }
        if !ev.open.is_empty() {
            // Single-ship steps cannot hand an open hit from one ship to another (the
            // first must stay over it until the second arrives): pairs can.
            let i = rng.random_range(0..ships);
            let j = rng.random_range(0..ships);
            self.pair_step(p, i, j, ev, rng);
        }
        self.occ[p] = (0..ships).fold(Mask::ZERO, |a, i| {
            a.or(&self.geo.pos(i, self.pos[base + i]).cells)
        });
    }

    /// Lifts ships `i` and `j` of particle `p` and puts them back together, uniformly
    /// among the pairs of places that fit everything else (a blocked Gibbs step). The
    /// pair is chosen without looking at the particle, which keeps the step exact.
    pub(super) fn pair_step(
        &mut self,
        p: usize,
        i: usize,
        j: usize,
        ev: &Evidence<N>,
        rng: &mut dyn Rng,
    ) {
        let ships = self.ships;
        let base = p * ships;
        let fixed = self.fixed[p];
        let (li, lj) = (self.geo.ship_list[i], self.geo.ship_list[j]);
        // Ships of one size swapping places change nothing a player can see.
        if i == j || li == lj || (fixed >> i | fixed >> j) & 1 == 1 {
            return;
        }
        let (mut occ, mut blk, mut blk_multi) = (Mask::ZERO, Mask::ZERO, Mask::ZERO);
        for o in (0..ships).filter(|&o| o != i && o != j) {
            let q = self.geo.pos(o, self.pos[base + o]);
            occ = occ.or(&q.cells);
            blk = blk.or(&q.blocked);
            if self.geo.multi[o] {
                blk_multi = blk_multi.or(&q.blocked);
            }
        }
        let need = ev.open.minus(&occ);
        let (cur_i, cur_j) = (self.pos[base + i], self.pos[base + j]);
        let tilt = self.tilt;
        let energy = |a: u16, b: u16| {
            let (pa, pb) = (self.geo.pos(i, a), self.geo.pos(j, b));
            let mut multi = blk_multi;
            for (ship, q) in [(i, pa), (j, pb)] {
                if self.geo.multi[ship] {
                    multi = multi.or(&q.blocked);
                }
            }
            let off =
                usize::from(self.geo.off_border(i, a)) + usize::from(self.geo.off_border(j, b));
            tilt.energy(multi.len(), blk.or(&pa.blocked).or(&pb.blocked).len(), off)
                + self.learned_energy(p, i, a, Partner::At(j, b))
                + self.learned_energy(p, j, b, Partner::Skip(i))
        };
        let flat = self.flat();
        let keep = |a: u16, b: u16, rng: &mut dyn Rng| {
            flat || tilt.accept(energy(cur_i, cur_j), energy(a, b), rng)
        };
        let geo = &self.geo;
        let fits = |l: usize, k: u16, blk: &Mask<N>| {
            ev.live_flag[l][usize::from(k)] && !geo.lists[l][usize::from(k)].cells.intersects(blk)
        };
        let Some(c) = need.first() else {
            // Nothing to cover: propose a uniform pair, keep it if it fits (Metropolis
            // with a symmetric proposal).
            let (a, b) = (
                ev.live[li][rng.random_range(0..ev.live[li].len())],
                ev.live[lj][rng.random_range(0..ev.live[lj].len())],
            );
            let pa = &geo.lists[li][usize::from(a)];
            if fits(li, a, &blk) && fits(lj, b, &blk.or(&pa.blocked)) && keep(a, b, rng) {
                self.pos[base + i] = a;
                self.pos[base + j] = b;
            }
            return;
        };
        // One of the two covers `c`; the other covers what is left, or goes anywhere.
        let mut pairs: Vec<(u16, u16)> = Vec::new();
        for (x, lx, ly) in [(i, li, lj), (j, lj, li)] {
            for &a in &geo.covering[lx][c] {
                if !fits(lx, a, &blk) {
                    continue;
                }
                let pa = &geo.lists[lx][usize::from(a)];
                let rest = need.minus(&pa.cells);
                let blk2 = blk.or(&pa.blocked);
                let ok = |b: u16| {
                    fits(ly, b, &blk2) && rest.is_subset(&geo.lists[ly][usize::from(b)].cells)
                };
                let pool: &[u16] = match rest.first() {
                    Some(d) => &geo.covering[ly][d],
                    None => &ev.live[ly],
                };
                pairs.extend(
                    pool.iter()
                        .filter(|&&b| ok(b))
                        .map(|&b| if x == i { (a, b) } else { (b, a) }),
                );
            }
        }
        if !pairs.is_empty() {
            let (a, b) = pairs[rng.random_range(0..pairs.len())];
            if keep(a, b, rng) {
                self.pos[base + i] = a;
                self.pos[base + j] = b;
            }
        }
    }

    /// A fleet consistent with the evidence, by randomised depth-first search: sunk
    /// ships where they sank, then ships over every open hit, then the rest.
    pub(super) fn construct(&self, ev: &Evidence<N>, rng: &mut dyn Rng) -> Option<(Vec<u16>, u64)> {
        let mut row = vec![u16::MAX; self.ships];
        let mut fixed = 0u64;
        for s in &ev.sunk {
            let i = (0..self.ships)
                .find(|&i| row[i] == u16::MAX && usize::from(self.rules.fleet()[i]) == s.len())?;
            row[i] = *self.geo.index[self.geo.ship_list[i]].get(&s.0)?;
            fixed |= 1 << i;
        }
        let mut search = Search {
            smc: self,
            ev,
            budget: 20_000,
        };
        search.go(&mut row, rng).then_some((row, fixed))
    }
}

/// The randomised depth-first search behind [`Smc::construct`].
pub(super) struct Search<'a, const N: usize> {
    smc: &'a Smc<N>,
    ev: &'a Evidence<N>,
    budget: u32,
}

impl<const N: usize> Search<'_, N> {
    pub(super) fn go(&mut self, row: &mut [u16], rng: &mut dyn Rng) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let geo = &self.smc.geo;
        let (mut occ, mut blk) = (Mask::ZERO, Mask::ZERO);
        for (i, &k) in row.iter().enumerate().filter(|(_, k)| **k != u16::MAX) {
            occ = occ.or(&geo.pos(i, k).cells);
            blk = blk.or(&geo.pos(i, k).blocked);
        }
        let need = self.ev.open.minus(&occ);
        // A hit no ship covers that a placed ship's halo shuts off can never be covered.
        if need.intersects(&blk) {
            return false;
        }
        let mut options: Vec<(usize, u16)> = Vec::new();
        if let Some(c) = need.first() {
            let mut seen = Vec::new();
            for i in (0..row.len()).filter(|&i| row[i] == u16::MAX) {
                let l = geo.ship_list[i];
                if seen.contains(&l) {
                    continue;
                }
                seen.push(l);
                for &k in &geo.covering[l][c] {
                    if self.ev.live_flag[l][usize::from(k)]
                        && !geo.lists[l][usize::from(k)].cells.intersects(&blk)
                    {
                        options.push((i, k));
                    }
                }
            }
        } else {
            let Some(i) = row.iter().position(|&k| k == u16::MAX) else {
                return true;
            };
            let l = geo.ship_list[i];
            options.extend(
                self.ev.live[l]
                    .iter()
                    .filter(|&&k| !geo.lists[l][usize::from(k)].cells.intersects(&blk))
                    .map(|&k| (i, k)),
            );
        }
        // Random order, but only a few tries per level: deep dead ends are cut short.
        for _ in 0..options.len().min(8) {
            let j = rng.random_range(0..options.len());
            let (i, k) = options.swap_remove(j);
            row[i] = k;
            if self.go(row, rng) {
                return true;
            }
            row[i] = u16::MAX;
        }
        false
    }
}

pub(super) fn pick(list: &[u16], rng: &mut dyn Rng) -> Option<u16> {
    (!list.is_empty()).then(|| list[rng.random_range(0..list.len())])
}
