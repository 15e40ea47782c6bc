//! Priors learned from one opponent's past fleets, as the sampler holds them, and the
//! sampler's steps that only they need.

use super::geometry::Geometry;
use super::smc::Smc;
use super::steps::pick;
use crate::habit::{Habit, HabitPlacer};
use crate::mask::Mask;
use rand::{Rng, RngExt};
use seabattle_core::{CellSet, Rules};
use std::sync::Arc;

/// Past fleets a near-repeat prior stays near at most (one bit each).
pub(super) const MAX_ANCHORS: usize = 64;

/// A prior learned from one opponent's past fleets (see [`crate::learn`]), in the
/// rules' terms: the sampler turns it into positions.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum LearnedPart {
    /// Exactly one of these fleets (each ship's cells), each as likely as it is listed.
    Exact(Vec<Vec<CellSet>>),
    /// One of these fleets with each ship moved (or turned) with chance `moved`.
    Near {
        /// The fleets, as for [`LearnedPart::Exact`].
        fleets: Vec<Vec<CellSet>>,
        /// The chance each ship is elsewhere.
        moved: f64,
    },
    /// Habits: uniform, tilted by the energy of each ship where it lies, per list of
    /// positions (the order of `positions_by_size`) and position, and by a pair energy
    /// for every two ships sharing a zone.
    Table {
        /// Per list and position, the energy of a ship there.
        energies: Vec<Vec<f64>>,
        /// Per list and position, its zone (`u8::MAX`: none); empty: no pair term.
        zones: Vec<Vec<u8>>,
        /// The energy of each pair of ships in one zone.
        pair: f64,
    },
    /// A habit known exactly (the ceiling of `bench --habits`): drawn by its own
    /// placer, weighed by its own energies.
    Habit(Habit),
    /// A habit named, as it is defined: a game starts from `draws`, exact draws of it
    /// made once ([`crate::habit::exact_draws`]), and moves on by its own energies.
    Drawn {
        /// The habit.
        habit: Habit,
        /// Exact draws of it, each ship's cells.
        draws: Arc<[Vec<CellSet>]>,
    },
}

/// Which other ship a pairwise energy leaves out or sees elsewhere (a pair step moves
/// two ships at once).
#[derive(Clone, Copy)]
pub(super) enum Partner {
    /// Every other ship where it stands.
    None,
    /// This ship at this position instead.
    At(usize, u16),
    /// Not this ship: its pair was counted with it.
    Skip(usize),
}

/// A learned prior as positions of the sampler's geometry.
pub(super) struct Learn {
    /// Per list and position, the energy of a ship there (empty: no habits).
    pub(super) table: Vec<Vec<f64>>,
    /// Per list and position, its zone for a pairwise energy (empty or `u8::MAX`:
    /// none), and the energy of two ships in one zone.
    pub(super) zone: Vec<Vec<u8>>,
    pub(super) pair: f64,
    /// Exact draws of the prior, for a habit known exactly.
    pub(super) placer: Option<HabitPlacer>,
    /// Exact draws made once, for a habit named.
    pub(super) draws: Option<Arc<[Vec<CellSet>]>>,
    /// The past fleets as rows of positions; a particle keeps the index of the one it
    /// stays near (its label).
    pub(super) anchors: Vec<Vec<u16>>,
    /// Per ship, the energy of standing anywhere but its anchor's places (empty: the
    /// anchors pull nothing).
    pub(super) away: Vec<f64>,
    /// Per list and position, the anchors (as bits) with a ship there: the steps ask
    /// this for every ship of every particle.
    pub(super) homes: Vec<Vec<u64>>,
    /// The chance a draw from the prior moves a ship off its anchor.
    pub(super) moved: f64,
    /// Whether particles stay exactly as drawn (exact repeats).
    pub(super) frozen: bool,
}

impl Learn {
    pub(super) fn empty() -> Learn {
        Learn {
            table: Vec::new(),
            zone: Vec::new(),
            pair: 0.0,
            placer: None,
            draws: None,
            anchors: Vec::new(),
            away: Vec::new(),
            homes: Vec::new(),
            moved: 0.0,
            frozen: false,
        }
    }

    /// A habit's own energies, of each ship and of pairs, with no draws yet.
    pub(super) fn of_habit(habit: Habit, rules: &Rules) -> Learn {
        let placer = HabitPlacer::new(habit, rules);
        let (zone, pair) = placer.zones();
        Learn {
            table: placer.energies().to_vec(),
            zone: zone.to_vec(),
            pair,
            ..Learn::empty()
        }
    }

    pub(super) fn new<const N: usize>(
        geo: &Geometry<N>,
        rules: &Rules,
        part: &LearnedPart,
    ) -> Option<Learn> {
        let rows = |fleets: &[Vec<CellSet>]| -> Vec<Vec<u16>> {
            fleets.iter().filter_map(|f| geo.row_of(f)).collect()
        };
        let learn = match part {
            LearnedPart::Exact(fleets) => Learn {
                anchors: rows(fleets),
                frozen: true,
                ..Learn::empty()
            },
            LearnedPart::Near { fleets, moved } => {
                let moved = moved.clamp(0.01, 0.9);
                // Stationary odds of a ship at its anchor's place against any one other
                // place are e^away: set so a ship stays with chance 1 - moved when about
                // half of its list is free of the other ships.
                let away = geo
                    .ship_list
                    .iter()
                    .map(|&l| {
                        let free = (geo.lists[l].len() as f64 / 2.0).max(1.0);
                        ((1.0 - moved) / moved * free).ln()
                    })
                    .collect();
                let mut anchors = rows(fleets);
                anchors.truncate(MAX_ANCHORS);
                let mut homes: Vec<Vec<u64>> = geo.lists.iter().map(|l| vec![0; l.len()]).collect();
                for (a, row) in anchors.iter().enumerate() {
                    for (i, &k) in row.iter().enumerate() {
                        homes[geo.ship_list[i]][usize::from(k)] |= 1 << a;
                    }
                }
                Learn {
                    anchors,
                    away,
                    homes,
                    moved,
                    ..Learn::empty()
                }
            }
            LearnedPart::Table {
                energies,
                zones,
                pair,
            } => Learn {
                table: geo
                    .lists
                    .iter()
                    .enumerate()
                    .map(|(l, list)| {
                        (0..list.len())
                            .map(|k| {
                                energies
                                    .get(l)
                                    .and_then(|e| e.get(k))
                                    .copied()
                                    .unwrap_or(0.0)
                            })
                            .collect()
                    })
                    .collect(),
                zone: if zones.is_empty() {
                    Vec::new()
                } else {
                    geo.lists
                        .iter()
                        .enumerate()
                        .map(|(l, list)| {
                            (0..list.len())
                                .map(|k| {
                                    zones
                                        .get(l)
                                        .and_then(|z| z.get(k))
                                        .copied()
                                        .unwrap_or(u8::MAX)
                                })
                                .collect()
                        })
                        .collect()
                },
                pair: *pair,
                ..Learn::empty()
            },
            LearnedPart::Habit(habit) => {
                let placer = HabitPlacer::new(*habit, rules);
                Learn {
                    placer: Some(placer),
                    ..Learn::of_habit(*habit, rules)
                }
            }
            LearnedPart::Drawn { habit, draws } => Learn {
                draws: Some(draws.clone()),
                ..Learn::of_habit(*habit, rules)
            },
        };
        let anchored = matches!(part, LearnedPart::Exact(_) | LearnedPart::Near { .. });
        // A prior of past fleets none of which fits these rules has nothing to say.
        (!anchored || !learn.anchors.is_empty()).then_some(learn)
    }

    /// Whether ship `i` at position `k` stands where anchor `a` has a ship of its list.
    pub(super) fn home<const N: usize>(
        &self,
        geo: &Geometry<N>,
        a: usize,
        i: usize,
        k: u16,
    ) -> bool {
        self.homes[geo.ship_list[i]][usize::from(k)] >> a & 1 == 1
    }
}

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
