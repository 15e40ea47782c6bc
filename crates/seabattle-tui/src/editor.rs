//! The placement editor: a fleet the player arranges by hand or draws automatically,
//! checked against the rules after every change. Under rules with mines, minesweepers
//! or submarines the pieces are arranged the same way, after the ships.

use rand::Rng;
use seabattle_bots::PlacerKind;
use seabattle_core::fleet::violations;
use seabattle_core::{
    CellSet, Coord, Fleet, FleetError, FleetSetup, Piece, Rules, ShipSetup, TooConstrained,
    Violation,
};

/// A fleet being arranged, with one ship or piece selected.
#[derive(Clone, Debug)]
pub struct Editor {
    rules: Rules,
    ships: Vec<ShipSetup>,
    pieces: Vec<Piece>,
    /// An index into the ships, then on into the pieces.
    selected: usize,
    violations: Vec<Violation>,
    /// The cells of every violation.
    bad: CellSet,
}

/// An edit the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Move the selected ship or piece by columns and rows.
    Move(i32, i32),
    /// Turn the selected ship a quarter turn (a piece, one cell, does not turn).
    Rotate,
    /// Select the next ship, then the pieces.
    Next,
    /// Select the previous ship or piece.
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
            pieces: Vec::new(),
            selected: 0,
            violations: Vec::new(),
            bad: CellSet::EMPTY,
        };
        e.auto(placer, rng)?;
        Ok(e)
    }

    /// An editor holding `setup` as it is, legal or not.
    pub fn with_setup(rules: &Rules, setup: FleetSetup) -> Editor {
        let mut e = Editor {
            rules: rules.clone(),
            ships: setup.ships,
            pieces: setup.pieces,
            selected: 0,
            violations: Vec::new(),
            bad: CellSet::EMPTY,
        };
        e.sort();
        e.check();
        e
    }

    /// Replaces the fleet with one drawn by `placer`; on error nothing changes.
    pub fn auto(&mut self, placer: PlacerKind, rng: &mut dyn Rng) -> Result<(), TooConstrained> {
        let setup = placer.place(&self.rules, rng)?.to_setup();
        self.ships = setup.ships;
        self.pieces = setup.pieces;
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

    fn setup(&self) -> FleetSetup {
        FleetSetup {
            ships: self.ships.clone(),
            pieces: self.pieces.clone(),
        }
    }

    fn check(&mut self) {
        self.violations = violations(&self.setup(), &self.rules);
        self.bad = self
            .violations
            .iter()
            .flat_map(|v| v.cells().iter().copied())
            .collect();
    }

    /// Applies an edit. A move or turn that would take the ship or piece off the
    /// board is refused (returns false) and nothing changes; so is turning a piece.
    pub fn apply(&mut self, edit: Edit) -> bool {
        let n = self.ships.len() + self.pieces.len();
        if n == 0 {
            return false;
        }
        let i = self.selected;
        match edit {
            Edit::Next => self.selected = (i + 1) % n,
            Edit::Previous => self.selected = (i + n - 1) % n,
            Edit::Move(dc, dr) => {
                if let Some(ship) = self.ships.get(i) {
                    let Some(moved) = self.shifted(&ship.0, dc, dr) else {
                        return false;
                    };
                    self.ships[i].0 = moved;
                } else {
                    let dims = self.rules.dims();
                    let Some(piece) = self.pieces.get_mut(i - self.ships.len()) else {
                        return false;
                    };
                    let Some(c) = piece.cell.offset(dc, dr).filter(|&c| dims.contains(c)) else {
                        return false;
                    };
                    piece.cell = c;
                }
                self.check();
            }
            Edit::Rotate => {
                let Some(turned) = self.ships.get(i).and_then(|s| self.turned(&s.0)) else {
                    return false;
                };
                self.ships[i].0 = turned;
                self.check();
            }
        }
        true
    }

    /// Selects the ship or piece covering `cell`, if any.
    pub fn select_at(&mut self, cell: Coord) -> bool {
        let ship = self.ships.iter().position(|s| s.0.contains(&cell));
        let piece = || {
            self.pieces
                .iter()
                .position(|p| p.cell == cell)
                .map(|i| self.ships.len() + i)
        };
        match ship.or_else(piece) {
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

    /// The mines, minesweepers and submarines, in the order Tab visits them.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The index of the selection: a ship's below `ships().len()`, else a piece's
    /// counted on from there.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The cells of the selected ship, or of the selected piece.
    pub fn selected_cells(&self) -> Vec<Coord> {
        match self.ships.get(self.selected) {
            Some(s) => s.0.clone(),
            None => self
                .selected_piece()
                .map(|p| vec![p.cell])
                .unwrap_or_default(),
        }
    }

    /// The selected piece, if a piece is selected.
    pub fn selected_piece(&self) -> Option<&Piece> {
        self.selected
            .checked_sub(self.ships.len())
            .and_then(|i| self.pieces.get(i))
    }

    /// Every rule the fleet breaks now, all at once.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The cells of every rule the fleet breaks now.
    pub fn bad_cells(&self) -> &CellSet {
        &self.bad
    }

    /// The fleet, if it is legal; otherwise every violation.
    pub fn fleet(&self) -> Result<Fleet, FleetError> {
        Fleet::new(self.setup(), &self.rules)
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
    fn pieces_are_drawn_selected_after_the_ships_moved_and_checked() {
        let rules: Rules = "classic mines=1 sweepers=1 subs=1".parse().unwrap();
        let mut rng = StdRng::seed_from_u64(4);
        for placer in [PlacerKind::Uniform, PlacerKind::Perelman] {
            let mut e = Editor::new(&rules, placer, &mut rng).unwrap();
            assert_eq!(e.pieces().len(), 3);
            assert!(e.violations().is_empty(), "{:?}", e.violations());
            assert!(e.fleet().is_ok());
            assert!(e.apply(Edit::Previous));
            assert_eq!(e.selected(), 12);
            assert!(e.selected_piece().is_some());
            assert!(!e.apply(Edit::Rotate), "a piece does not turn");
            let sub = e.pieces()[2].cell;
            // The submarine moved onto a ship's cell: an overlap, listed with the rest.
            let ship = e.ships()[0].0[0];
            while e.pieces()[2].cell.col != ship.col {
                let dc = if e.pieces()[2].cell.col < ship.col {
                    1
                } else {
                    -1
                };
                assert!(e.apply(Edit::Move(dc, 0)));
            }
            while e.pieces()[2].cell.row != ship.row {
                let dr = if e.pieces()[2].cell.row < ship.row {
                    1
                } else {
                    -1
                };
                assert!(e.apply(Edit::Move(0, dr)));
            }
            assert!(!e.violations().is_empty());
            assert!(e.fleet().is_err());
            assert!(e.select_at(ship), "the ship is found before the piece");
            assert!(e.selected() < 10);
            e.auto(placer, &mut rng).unwrap();
            assert!(e.select_at(e.pieces()[0].cell));
            assert_eq!(e.selected(), 10);
            assert_ne!(sub, Coord::new(99, 99));
        }
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
