//! The `beginner` and `casual` shooters: people who search at random and do not use
//! everything the answers prove, the gentler steps of the level ladder.
//!
//! What a person at the board forgets is modelled by two knobs, both things players
//! are seen to do: some shots land next to a sunk ship, where the rules say no ship
//! can be (they do not cross out its halo), and a ship being finished is probed on
//! every side of its hits, though two hits in a row already tell its line. Both still
//! finish every ship they hit, and neither sees more than its view. The knobs were set
//! by measurement (`cargo run --release -p seabattle-bots --example levels`) so the
//! levels `easy` and `medium` land at the shots the ladder asks for (docs/levels.md).

use crate::shooting::Shooter;
use crate::targeting::{fill, finishing_cells, pick};
use rand::{Rng, RngExt};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, Rules, ShipShape};

/// A shooter that searches at random and is careless in the ways set by its fields.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Casual {
    /// The chance that a shot picks among the cells not shot yet as if the halos of
    /// sunk ships were not known to be empty (0: it always crosses them out).
    pub forget: f64,
    /// Whether, after two hits in a row, it keeps to their line; if not, it probes every
    /// side of every open hit in random order, as a beginner does.
    pub line: bool,
}

impl Casual {
    /// The `easy` level: probes every side of a hit ship and often shoots next to sunk
    /// ships.
    pub const BEGINNER: Casual = Casual {
        forget: 0.4,
        line: false,
    };

    /// The `medium` level: finishes ships along their line and sometimes shoots next to
    /// sunk ships.
    pub const CASUAL: Casual = Casual {
        forget: 0.2,
        line: true,
    };

    /// The cells this shooter would call worth a shot: the unknown ones, and, when it
    /// forgets, the unshot halo cells of sunk ships too. Misses stay misses and a mine
    /// shown on the board is still avoided: those are marked on the board, not deduced.
    fn open_cells(&self, view: &TargetBoard, forgets: bool) -> CellSet {
        let unknown = view.unknown();
        if !forgets {
            return unknown;
        }
        let halos = view
            .known_empty()
            .minus(&view.shots())
            .minus(view.shown_mines());
        unknown.or(&halos)
    }

    /// Cells to finish the ships hit so far, in the order this shooter tries them.
    fn finishing(&self, rules: &Rules, view: &TargetBoard, rng: &mut dyn Rng) -> Vec<Coord> {
        let forgets = rng.random::<f64>() < self.forget;
        let open = view.open_hits();
        if open.is_empty() {
            return Vec::new();
        }
        let allowed = self.open_cells(view, forgets);
        let cells = if self.line {
            // The careful rule (in line with two hits), but the halo may be forgotten.
            let careful = finishing_cells(rules, view);
            let around = if rules.shape() == ShipShape::Path {
                open.grow_all(view.dims())
            } else {
                open.grow_sides(view.dims())
            };
            let in_line_only = careful.len() < around.and(&view.unknown()).len();
            if in_line_only {
                careful.and(&allowed)
            } else {
                around.and(&allowed)
            }
        } else if rules.shape() == ShipShape::Path {
            open.grow_all(view.dims()).and(&allowed)
        } else {
            open.grow_sides(view.dims()).and(&allowed)
        };
        let cells = if cells.is_empty() {
            // Nothing left it would try: the careful rule always has an answer.
            finishing_cells(rules, view)
        } else {
            cells
        };
        random_order(cells, rng)
    }
}

impl Shooter for Casual {
    fn choose(
        &mut self,
        rules: &Rules,
        view: &TargetBoard,
        count: usize,
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let mut first = self.finishing(rules, view, rng);
        first.truncate(count);
        let mut taken: CellSet = first.iter().copied().collect();
        // Search shots one by one, each forgetting the halos or not.
        while first.len() < count {
            let forgets = rng.random::<f64>() < self.forget;
            let pool = self.open_cells(view, forgets).minus(&taken);
            let Some(c) = pick(&pool, rng) else { break };
            taken.insert(c);
            first.push(c);
        }
        fill(view, first, count, rng)
    }
}

/// The cells of `set` in a uniformly random order.
pub(crate) fn random_order(set: CellSet, rng: &mut dyn Rng) -> Vec<Coord> {
    let mut rest = set;
    let mut out = Vec::with_capacity(set.len());
    while let Some(c) = pick(&rest, rng) {
        rest.remove(c);
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use seabattle_core::Shot;

    fn c(s: &str) -> Coord {
        let (col, row) = s.split_at(1);
        Coord::new(col.as_bytes()[0] - b'a', row.parse::<u8>().unwrap_or(1) - 1)
    }

    #[test]
    fn a_beginner_probes_every_side_and_a_casual_player_the_line() {
        let rules = Rules::classic();
        let mut view = TargetBoard::new(&rules);
        view.record(c("e5"), &Shot::Hit);
        view.record(c("f5"), &Shot::Hit);
        let mut rng = StdRng::seed_from_u64(1);
        let (mut beginner, mut casual) = (Casual::BEGINNER, Casual::CASUAL);
        let mut seen = CellSet::EMPTY;
        for _ in 0..200 {
            seen.insert(beginner.choose(&rules, &view, 1, &mut rng)[0]);
        }
        // d5, g5 in line, and e4, e6, f4, f6 beside.
        assert_eq!(seen.len(), 6);
        let mut seen = CellSet::EMPTY;
        for _ in 0..200 {
            seen.insert(casual.choose(&rules, &view, 1, &mut rng)[0]);
        }
        assert_eq!(seen, [c("d5"), c("g5")].into_iter().collect());
    }

    #[test]
    fn forgetting_never_shoots_a_cell_twice_or_a_shown_mine() {
        let rules = Rules::classic();
        let mut view = TargetBoard::new(&rules);
        for s in ["a1", "c3", "j10"] {
            view.record(c(s), &Shot::Miss);
        }
        let mut rng = StdRng::seed_from_u64(2);
        let mut all_forget = Casual {
            forget: 1.0,
            line: false,
        };
        for _ in 0..100 {
            let v = all_forget.choose(&rules, &view, 3, &mut rng);
            let distinct: CellSet = v.iter().copied().collect();
            assert_eq!(distinct.len(), 3);
            assert!(!distinct.intersects(&view.shots()));
        }
    }
}
