//! The `density` shooter: for each cell, how many placements of the ships afloat,
//! consistent with everything known, cover it.

use crate::shooting::Shooter;
use crate::targeting::best_cells;
use rand::Rng;
use seabattle_core::placement::{Position, positions_by_size};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Rules, Touching};

/// Every position of each ship size of a fleet.
type SizeLists = Vec<(u8, Vec<Position>)>;

/// The density shooter; it keeps the positions of the last rules it played.
#[derive(Default)]
pub struct Density {
    cache: Option<(Rules, SizeLists)>,
}

/// Per-cell scores on a board, indexed by `row * width + col`.
#[derive(Clone, Debug, PartialEq)]
pub struct Heat {
    /// Board width.
    pub width: u8,
    /// Scores; 0 for cells already shot or known empty.
    pub score: Vec<f64>,
}

impl Heat {
    /// The score of a cell.
    pub fn at(&self, c: Coord) -> f64 {
        self.score[usize::from(c.row) * usize::from(self.width) + usize::from(c.col)]
    }
}

/// Weight of a placement per open hit it covers in target mode: finishing a ship that
/// is hit always beats searching for a new one.
const HIT_WEIGHT: f64 = 1000.0;

impl Density {
    fn positions(&mut self, rules: &Rules) -> &[(u8, Vec<Position>)] {
        if self.cache.as_ref().is_none_or(|(r, _)| r != rules) {
            self.cache = Some((rules.clone(), positions_by_size(rules)));
        }
        self.cache.as_ref().map_or(&[], |(_, l)| l.as_slice())
    }

    /// The density map of `view`: each consistent placement of a ship afloat adds its
    /// weight to the unknown cells it covers (times the number of ships of its size
    /// afloat). With open hits, only placements through them count.
    pub fn heat(&mut self, rules: &Rules, view: &TargetBoard) -> Heat {
        let dims = view.dims();
        let open = view.open_hits();
        let sunk = view.sunk().iter().fold(CellSet::EMPTY, |a, s| a.or(s));
        let forbidden = view.known_empty().or(view.misses()).or(&sunk);
        let unknown = view.unknown();
        let touching = rules.touching();
        let mut score = vec![0.0; dims.area()];
        let width = usize::from(dims.width());
        for (size, list) in self.positions(rules) {
            let copies = view.afloat().iter().filter(|s| *s == size).count();
            if copies == 0 {
                continue;
            }
            for p in list {
                if p.cells.intersects(&forbidden) {
                    continue;
                }
                // A hit next to the ship would belong to a ship touching it.
                if touching != Touching::Allowed && p.blocked.minus(&p.cells).intersects(&open) {
                    continue;
                }
                let hits = p.cells.and(&open).len();
                let weight = if open.is_empty() {
                    1.0
                } else if hits == 0 {
                    continue;
                } else {
                    HIT_WEIGHT.powi(hits as i32)
                };
                for c in p.cells.and(&unknown).iter() {
                    score[usize::from(c.row) * width + usize::from(c.col)] +=
                        weight * copies as f64;
                }
            }
        }
        Heat {
            width: dims.width(),
            score,
        }
    }
}

impl Shooter for Density {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let heat = self.heat(rules, view);
        best_cells(view, |c| heat.at(c), count, rng)
    }
}
