//! Which cells some fleet consistent with a view could still cover: decided exactly,
//! never sampled, so a wasted shot is told from an unlucky one without noise.
//!
//! A cell is covered by a consistent fleet only if at least one ship still afloat has
//! a position through it that avoids every cell known empty or sunk and that, where the
//! rules keep ships apart, leaves no open hit in its halo (that hit's ship would touch
//! it). The test is on one ship at a time, so it may let through a cell that no whole
//! fleet covers; it never rules out a coverable one. A wasted verdict is therefore
//! always right, and the rare cell it lets through gets the sampler's (tiny) chance.

use seabattle_core::placement::{Position, positions_by_size};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Rules};

/// Every position of every ship size of the rules, listed once per analysis.
pub(super) struct Feasibility {
    by_size: Vec<(u8, Vec<Position>)>,
}

impl Feasibility {
    pub(super) fn new(rules: &Rules) -> Feasibility {
        Feasibility {
            by_size: positions_by_size(rules),
        }
    }

    /// The cells some ship still afloat could stand on, given `view`.
    pub(super) fn coverable(&self, view: &TargetBoard) -> CellSet {
        let sunk = view.sunk().iter().fold(CellSet::EMPTY, |a, s| a.or(s));
        let closed = view
            .known_empty()
            .or(view.misses())
            .or(&sunk)
            .or(view.left_behind());
        let open = view.open_hits();
        let afloat = view.afloat();
        let mut out = CellSet::EMPTY;
        for (size, list) in &self.by_size {
            if !afloat.contains(size) {
                continue;
            }
            for p in list {
                if p.cells.intersects(&closed) || p.blocked.minus(&p.cells).intersects(&open) {
                    continue;
                }
                out.union_with(&p.cells);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::{Coord, Fleet, FleetSetup, Sea, ShipSetup};

    fn view_after(rules: &Rules, ships: &[&[(u8, u8)]], shots: &[(u8, u8)]) -> TargetBoard {
        let setup = FleetSetup::from_ships(
            ships
                .iter()
                .map(|s| ShipSetup(s.iter().map(|&(c, r)| Coord::new(c, r)).collect()))
                .collect(),
        );
        let mut sea = Sea::new(Fleet::new(setup, rules).unwrap());
        let mut view = TargetBoard::new(rules);
        for &(c, r) in shots {
            let c = Coord::new(c, r);
            view.record(c, &sea.fire(c).unwrap());
        }
        view
    }

    #[test]
    fn a_hits_diagonals_are_closed_where_ships_keep_apart() {
        let rules: Rules = "5x5 fleet=2,1".parse().unwrap();
        let view = view_after(&rules, &[&[(2, 2), (3, 2)], &[(0, 0)]], &[(2, 2)]);
        let open = Feasibility::new(&rules).coverable(&view);
        for (c, r) in [(1, 1), (3, 1), (1, 3), (3, 3)] {
            assert!(!open.contains(Coord::new(c, r)), "{c},{r}");
        }
        for (c, r) in [(2, 1), (3, 2), (0, 0), (4, 4)] {
            assert!(open.contains(Coord::new(c, r)), "{c},{r}");
        }
    }

    #[test]
    fn a_sunk_ships_halo_is_closed() {
        let rules: Rules = "5x5 fleet=2,1".parse().unwrap();
        let view = view_after(&rules, &[&[(2, 2), (3, 2)], &[(0, 0)]], &[(2, 2), (3, 2)]);
        let open = Feasibility::new(&rules).coverable(&view);
        assert!(!open.contains(Coord::new(4, 3)));
        assert!(!open.contains(Coord::new(1, 2)));
        // Only the one-decker is left: any free cell off the halo will do.
        assert!(open.contains(Coord::new(0, 4)));
    }
}
