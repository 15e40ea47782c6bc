//! A placed ship turned a quarter turn, into the nearest place where it breaks no rule:
//! what a player means by tapping a ship, so that turning never makes a fleet illegal.

use crate::coord::Coord;
use crate::fleet::{FleetSetup, ShipSetup, violations};
use crate::rules::Rules;
use crate::violation::ViolationKind;

/// Why a ship could not be turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// The fleet has no ship at that index.
    NoShip(usize),
    /// Turned, the ship fits nowhere on the board without breaking a rule.
    NoRoom,
}

impl std::fmt::Display for TurnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TurnError::NoShip(i) => write!(f, "the fleet has no ship number {}", i + 1),
            TurnError::NoRoom => {
                f.write_str("turned, the ship fits nowhere without breaking a rule")
            }
        }
    }
}

impl std::error::Error for TurnError {}

/// `setup` with ship `index` turned a quarter turn clockwise about its top left corner
/// and moved to the nearest place (fewest steps, then least vertical movement) where it
/// is on the board and in no violation. Violations among the other ships, and a fleet
/// still short of ships, are not its concern.
pub fn turn_ship(setup: &FleetSetup, index: usize, rules: &Rules) -> Result<FleetSetup, TurnError> {
    let ship = setup.ships.get(index).ok_or(TurnError::NoShip(index))?;
    let (c0, r0) = corner(&ship.0);
    let height = ship.0.iter().map(|c| c.row - r0).max().unwrap_or(0);
    // A quarter turn clockwise: (c, r) → (h − r, c), relative to the top left.
    let shape: Vec<(u8, u8)> = ship
        .0
        .iter()
        .map(|c| (height - (c.row - r0), c.col - c0))
        .collect();
    let (w, h) = shape
        .iter()
        .fold((0, 0), |(w, h), &(c, r)| (w.max(c + 1), h.max(r + 1)));
    let dims = rules.dims();
    if w > dims.width() || h > dims.height() {
        return Err(TurnError::NoRoom);
    }
    let mut origins: Vec<(u8, u8)> = (0..=dims.height() - h)
        .flat_map(|r| (0..=dims.width() - w).map(move |c| (c, r)))
        .collect();
    let away = |&(c, r): &(u8, u8)| {
        let (dc, dr) = (c.abs_diff(c0), r.abs_diff(r0));
        (u16::from(dc) + u16::from(dr), dr, dc)
    };
    origins.sort_by_key(away);
    origins
        .into_iter()
        .find_map(|(oc, or)| {
            let cells: Vec<Coord> = shape
                .iter()
                .map(|&(c, r)| Coord::new(oc + c, or + r))
                .collect();
            let mut turned = setup.clone();
            turned.ships[index] = ShipSetup(cells.clone());
            let clear = violations(&turned, rules).iter().all(|v| {
                v.kind() == ViolationKind::Fleet || !v.cells().iter().any(|c| cells.contains(c))
            });
            clear.then_some(turned)
        })
        .ok_or(TurnError::NoRoom)
}

fn corner(cells: &[Coord]) -> (u8, u8) {
    let c = cells.iter().map(|c| c.col).min().unwrap_or(0);
    let r = cells.iter().map(|c| c.row).min().unwrap_or(0);
    (c, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CoordSystem;

    fn setup(text: &str) -> FleetSetup {
        FleetSetup::parse(text, CoordSystem::Latin, Rules::classic().dims()).unwrap()
    }

    fn ship(s: &FleetSetup, i: usize) -> String {
        s.ships[i].format(CoordSystem::Latin)
    }

    #[test]
    fn a_ship_with_room_turns_in_place() {
        let s = setup("c3-f3");
        assert_eq!(
            ship(&turn_ship(&s, 0, &Rules::classic()).unwrap(), 0),
            "c3-c6"
        );
    }

    #[test]
    fn a_ship_that_would_touch_another_moves_to_the_nearest_legal_place() {
        // Turned in place, c3-c6 would touch the ship at d5.
        let s = setup("c3-f3 d5-e5");
        let turned = turn_ship(&s, 0, &Rules::classic()).unwrap();
        assert_eq!(ship(&turned, 1), "d5-e5", "the other ship stays");
        let v = violations(&turned, &Rules::classic());
        assert!(
            v.iter().all(|v| v.kind() == ViolationKind::Fleet),
            "{turned:?}: {v:?}"
        );
        assert_ne!(ship(&turned, 0), "c3-c6");
    }

    #[test]
    fn a_ship_at_the_edge_turns_onto_the_board() {
        let s = setup("a10-d10");
        assert_eq!(
            ship(&turn_ship(&s, 0, &Rules::classic()).unwrap(), 0),
            "a7-a10"
        );
    }

    #[test]
    fn no_room_and_no_ship_are_told_apart() {
        let rules: Rules = "5x5 fleet=5,1,1,1".parse().unwrap();
        let s = FleetSetup::parse("a1-e1 a3 e3", CoordSystem::Latin, rules.dims()).unwrap();
        // Upright, the five-decker fits in column c only.
        assert_eq!(ship(&turn_ship(&s, 0, &rules).unwrap(), 0), "c1-c5");
        // With a one-decker in column c too, every column is taken or touched.
        let full = FleetSetup::parse("a1-e1 a3 e3 c5", CoordSystem::Latin, rules.dims()).unwrap();
        assert_eq!(turn_ship(&full, 0, &rules), Err(TurnError::NoRoom));
        assert_eq!(turn_ship(&s, 5, &rules), Err(TurnError::NoShip(5)));
    }
}
