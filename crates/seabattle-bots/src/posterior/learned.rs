//! The sampler's steps that only priors learned from past fleets need.

use super::prior::Partner;
use super::smc::Smc;
use super::steps::pick;
use crate::mask::Mask;
use rand::{Rng, RngExt};

impl<const N: usize> Smc<N> {
    /// Whether particles never move (the exact repeats of past fleets).
    pub(super) fn frozen(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| l.frozen)
    }

    /// Whether the prior is one of past fleets, kept or moved.
    pub(super) fn anchored(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| !l.anchors.is_empty())
    }

    /// The learned prior's energy of ship `i` of particle `p` at position `k`.
    pub(super) fn learned_energy(&self, p: usize, i: usize, k: u16, partner: Partner) -> f64 {
        let Some(l) = &self.learn else { return 0.0 };
        let mut e = 0.0;
        if !l.table.is_empty() {
            e += l.table[self.geo.ship_list[i]][usize::from(k)];
        }
        let zone = |j: usize, k: u16| {
            l.zone
                .get(self.geo.ship_list[j])
                .and_then(|z| z.get(usize::from(k)))
                .copied()
                .unwrap_or(u8::MAX)
        };
        let z = zone(i, k);
        if z != u8::MAX {
            let base = p * self.ships;
            for j in (0..self.ships).filter(|&j| j != i) {
                let at = match partner {
                    Partner::At(o, b) if o == j => b,
                    Partner::Skip(o) if o == j => continue,
                    _ => self.pos[base + j],
                };
                if zone(j, at) == z {
                    e += l.pair;
                }
            }
        }
        if !l.away.is_empty() && !l.home(&self.geo, usize::from(self.label[p]), i, k) {
            e += l.away[i];
        }
        e
    }

    /// A Gibbs step for the anchor particle `p` stays near: each past fleet, as likely
    /// as its ships' places make the particle's.
    pub(super) fn relabel(&mut self, p: usize, rng: &mut dyn Rng) {
        let Some(l) = &self.learn else { return };
        if l.away.is_empty() {
            return;
        }
        let base = p * self.ships;
        // Every ship away from every anchor, less what each ship's anchors give back.
        let all: f64 = l.away.iter().sum();
        let mut energies = vec![all; l.anchors.len()];
        for i in 0..self.ships {
            let mut at = l.homes[self.geo.ship_list[i]][usize::from(self.pos[base + i])];
            while at != 0 {
                energies[at.trailing_zeros() as usize] -= l.away[i];
                at &= at - 1;
            }
        }
        let low = energies.iter().copied().fold(f64::INFINITY, f64::min);
        let odds: Vec<f64> = energies.iter().map(|e| (low - e).exp()).collect();
        let mut x = rng.random::<f64>() * odds.iter().sum::<f64>();
        for (a, o) in odds.iter().enumerate() {
            x -= o;
            if x <= 0.0 {
                self.label[p] = a as u16;
                return;
            }
        }
    }

    /// Adds `n` draws from the prior of past fleets: the anchors in turn (so each is
    /// drawn as often as it is listed), each ship moved with the prior's chance to a
    /// uniform place clear of the others.
    pub(super) fn draw_anchored(&mut self, n: usize, rng: &mut dyn Rng) {
        let Some(l) = self.learn.take() else { return };
        for t in 0..n.min(if l.frozen { l.anchors.len() } else { n }) {
            let a = t % l.anchors.len();
            let mut row = l.anchors[a].clone();
            for i in 0..self.ships {
                if l.frozen || rng.random::<f64>() >= l.moved {
                    continue;
                }
                let blk = (0..self.ships)
                    .filter(|&j| j != i)
                    .fold(Mask::ZERO, |m, j| m.or(&self.geo.pos(j, row[j]).blocked));
                let list = &self.geo.lists[self.geo.ship_list[i]];
                self.buf.clear();
                self.buf.extend(
                    (0..list.len() as u16)
                        .filter(|&k| k != row[i] && !list[usize::from(k)].cells.intersects(&blk)),
                );
                if let Some(k) = pick(&self.buf, rng) {
                    row[i] = k;
                }
            }
            let p = self.push(&row, 0);
            self.label[p] = a as u16;
        }
        self.learn = Some(l);
    }

    /// Adds `n` exact draws of a habit known exactly, or up to `n` of the draws made
    /// once of a habit named.
    pub(super) fn draw_habit(&mut self, n: usize, rng: &mut dyn Rng) {
        let Some(l) = self.learn.take() else { return };
        if let Some(placer) = &l.placer {
            for _ in 0..n {
                let Ok(ships) = placer.ships(rng) else { break };
                if let Some(row) = self.geo.row_of(&ships) {
                    self.push(&row, 0);
                }
            }
        } else if let Some(draws) = &l.draws {
            // All of them for a first population; a rebuild takes a few at random.
            let all = n >= draws.len();
            for t in 0..n.min(draws.len()) {
                let d = if all {
                    t
                } else {
                    rng.random_range(0..draws.len())
                };
                if let Some(row) = self.geo.row_of(&draws[d]) {
                    self.push(&row, 0);
                }
            }
        }
        self.learn = Some(l);
    }

    /// Whether the prior is one learned of an opponent ([`Posterior::set_learned`]):
    /// set anew for every game, so its first population is built at a game's first
    /// decision (a habit told, the ceiling, keeps its one as the built-in priors do).
    pub(super) fn learned(&self) -> bool {
        self.learn.as_ref().is_some_and(|l| l.placer.is_none())
    }

    /// Whether the prior is drawn exactly (a habit known exactly or named).
    pub(super) fn exact(&self) -> bool {
        self.learn
            .as_ref()
            .is_some_and(|l| l.placer.is_some() || l.draws.is_some())
    }
}
