//! Priors learned from one opponent's past fleets, as the sampler holds them.

use super::geometry::Geometry;
use crate::habit::{Habit, HabitPlacer};
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
