//! The placement editor: a fleet the player arranges by hand or draws automatically,
//! checked against the rules after every change.

use rand::Rng;
use seabattle_bots::PlacerKind;
use seabattle_core::fleet::violations;
use seabattle_core::{
    Coord, Fleet, FleetError, FleetSetup, Rules, ShipSetup, TooConstrained, Violation,
};

/// A fleet being arranged, with one ship selected.
#[derive(Clone, Debug)]
pub struct Editor {
    rules: Rules,
    ships: Vec<ShipSetup>,
    selected: usize,
    violations: Vec<Violation>,
}

/// An edit the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Move the selected ship by columns and rows.
    Move(i32, i32),
    /// Turn the selected ship a quarter turn.
    Rotate,
    /// Select the next ship.
    Next,
    /// Select the previous ship.
    Previous,
}

impl Editor {
    /// An editor holding a fleet drawn by `placer`; an error if no fleet can be drawn
    /// under the rules.
    pub fn new(
        rules: &Rules,
        placer: PlacerKind,
        rng: &mut dyn Rng,
    ) -> Result<Editor, TooConstrained> {
        let mut e = Editor {
            rules: rules.clone(),
            ships: Vec::new(),
            selected: 0,
            violations: Vec::new(),
        };
        e.auto(placer, rng)?;
        Ok(e)
    }

    /// An editor holding `setup` as it is, legal or not.
    pub fn with_setup(rules: &Rules, setup: FleetSetup) -> Editor {
        let mut e = Editor {
            rules: rules.clone(),
            ships: setup.ships,
            selected: 0,
            violations: Vec::new(),
        };
        e.sort();
        e.check();
        e
    }

    /// Replaces the fleet with one drawn by `placer`; on error nothing changes.
    pub fn auto(&mut self, placer: PlacerKind, rng: &mut dyn Rng) -> Result<(), TooConstrained> {
        let fleet = placer.place(&self.rules, rng)?;
        self.ships = fleet.to_setup().ships;
        self.selected = 0;
        self.sort();
        self.check();
        Ok(())
    }

    fn sort(&mut self) {
        for s in &mut self.ships {
            s.0.sort_by_key(|c| (c.row, c.col));
        }
        self.ships.sort_by_key(|s| {
            (
                std::cmp::Reverse(s.0.len()),
                s.0.first().map(|c| (c.row, c.col)),
            )
        });
    }

    fn check(&mut self) {
        let setup = FleetSetup::from_ships(self.ships.clone());
        self.violations = violations(&setup, &self.rules);
    }

    /// Applies an edit. A move or turn that would take the ship off the board is
    /// refused (returns false) and nothing changes.
    pub fn apply(&mut self, edit: Edit) -> bool {
        let n = self.ships.len();
        if n == 0 {
            return false;
        }
        match edit {
            Edit::Next => self.selected = (self.selected + 1) % n,
            Edit::Previous => self.selected = (self.selected + n - 1) % n,
            Edit::Move(dc, dr) => {
                let Some(moved) = self.shifted(&self.ships[self.selected].0, dc, dr) else {
                    return false;
                };
                self.ships[self.selected].0 = moved;
                self.check();
            }
            Edit::Rotate => {
                let Some(turned) = self.turned(&self.ships[self.selected].0) else {
                    return false;
                };
                self.ships[self.selected].0 = turned;
                self.check();
            }
        }
        true
    }

    /// Selects the ship covering `cell`, if any.
    pub fn select_at(&mut self, cell: Coord) -> bool {
        match self.ships.iter().position(|s| s.0.contains(&cell)) {
            Some(i) => {
                self.selected = i;
                true
            }
            None => false,
        }
    }

    fn shifted(&self, cells: &[Coord], dc: i32, dr: i32) -> Option<Vec<Coord>> {
        let dims = self.rules.dims();
        cells
            .iter()
            .map(|c| c.offset(dc, dr).filter(|&c| dims.contains(c)))
            .collect()
    }

    /// The ship turned a quarter turn clockwise about its top left corner, pushed back
    /// onto the board if it sticks out.
    fn turned(&self, cells: &[Coord]) -> Option<Vec<Coord>> {
        let min_c = cells.iter().map(|c| c.col).min()?;
        let min_r = cells.iter().map(|c| c.row).min()?;
        let height = cells.iter().map(|c| c.row - min_r).max()?;
        let turned: Vec<Coord> = cells
            .iter()
            .map(|c| Coord::new(min_c + (height - (c.row - min_r)), min_r + (c.col - min_c)))
            .collect();
        let dims = self.rules.dims();
        let over_c = turned.iter().map(|c| c.col).max()? as i32 - (dims.width() as i32 - 1);
        let over_r = turned.iter().map(|c| c.row).max()? as i32 - (dims.height() as i32 - 1);
        let mut t = self.shifted(&turned, -over_c.max(0), -over_r.max(0))?;
        t.sort_by_key(|c| (c.row, c.col));
        Some(t)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The ships, largest first.
    pub fn ships(&self) -> &[ShipSetup] {
        &self.ships
    }

    /// The index of the selected ship.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Every rule the fleet breaks now, all at once.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The fleet, if it is legal; otherwise every violation.
    pub fn fleet(&self) -> Result<Fleet, FleetError> {
        Fleet::new(FleetSetup::from_ships(self.ships.clone()), &self.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use seabattle_core::CoordSystem;

    fn editor(text: &str) -> Editor {
        let rules = Rules::classic();
        let setup = FleetSetup::parse(text, CoordSystem::Latin, rules.dims()).unwrap();
        Editor::with_setup(&rules, setup)
    }

    #[test]
    fn drawn_fleets_are_legal() {
        let mut rng = StdRng::seed_from_u64(3);
        for placer in [PlacerKind::Uniform, PlacerKind::Perelman] {
            let e = Editor::new(&Rules::classic(), placer, &mut rng).unwrap();
            assert!(e.violations().is_empty());
            assert!(e.fleet().is_ok());
            assert_eq!(e.ships()[0].0.len(), 4);
        }
    }

    #[test]
    fn moving_into_contact_shows_every_violation_and_moving_back_clears_them() {
        let mut e = editor("a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7");
        assert!(e.violations().is_empty());
        // The four-decker is selected; down one row it touches the three-deckers.
        assert!(e.apply(Edit::Move(0, 1)));
        assert!(!e.violations().is_empty());
        assert!(e.fleet().is_err());
        assert!(e.apply(Edit::Move(0, -1)));
        assert!(e.violations().is_empty());
    }

    #[test]
    fn moves_off_the_board_are_refused() {
        let mut e = editor("a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7");
        assert!(!e.apply(Edit::Move(-1, 0)));
        assert!(!e.apply(Edit::Move(0, -1)));
        assert_eq!(e.ships()[0].0[0], Coord::new(0, 0));
    }

    #[test]
    fn rotation_turns_and_stays_on_the_board() {
        let mut e = editor("g10-j10 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7");
        assert!(e.select_at(Coord::new(9, 9)));
        assert!(e.apply(Edit::Rotate));
        let ship = &e.ships()[e.selected()].0;
        assert!(ship.iter().all(|c| c.col == ship[0].col));
        assert!(ship.iter().all(|c| c.row < 10));
        assert_eq!(ship.len(), 4);
        assert!(e.apply(Edit::Rotate));
        let ship = &e.ships()[e.selected()].0;
        assert!(ship.iter().all(|c| c.row == ship[0].row));
    }

    #[test]
    fn selection_cycles() {
        let mut e = editor("a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7");
        assert!(e.apply(Edit::Previous));
        assert_eq!(e.selected(), 9);
        assert!(e.apply(Edit::Next));
        assert_eq!(e.selected(), 0);
        assert!(!e.select_at(Coord::new(9, 9)));
    }
}
