//! Fleets: unchecked [`FleetSetup`]s, the validating constructor, and [`Fleet`].

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use crate::phase::DutyKind;
use crate::piece::{Piece, PieceCells, PieceKind};
use crate::rules::{Rules, ShipShape, Touching};
pub use crate::ship::Ship;
use crate::sparse::Sparse;
use crate::system::{CoordError, CoordSystem};
use crate::violation::{Contact, ShapeProblem, Violation};
use std::fmt;

/// One ship as the player drew it: its cells, unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ShipSetup(pub Vec<Coord>);

/// A fleet as the player drew it: plain data that may break every rule.
/// Only [`Fleet::new`] turns it into a [`Fleet`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct FleetSetup {
    /// The ships, in any order.
    pub ships: Vec<ShipSetup>,
    /// The mines, minesweepers and submarines, for rules that have them.
    pub pieces: Vec<Piece>,
}

impl ShipSetup {
    /// Formats the ship as in files and protocols: `a1-d1` for a straight ship (end to
    /// end), `f3` for one cell, `a1+a2+b2` for any other shape.
    pub fn format(&self, system: CoordSystem) -> String {
        let cells = &self.0;
        let name = |c: &Coord| system.format(*c);
        if cells.len() == 1 {
            return name(&cells[0]);
        }
        let mut sorted = cells.clone();
        sorted.sort_by_key(|c| (c.row, c.col));
        if is_straight_run(&sorted) && sorted == *cells {
            return format!("{}-{}", name(&sorted[0]), name(&sorted[sorted.len() - 1]));
        }
        cells.iter().map(name).collect::<Vec<_>>().join("+")
    }

    /// Reads `a1-d1`, `f3` or `a1+a2+b2` (see [`ShipSetup::format`]).
    pub fn parse(text: &str, system: CoordSystem, dims: Dims) -> Result<ShipSetup, ShipTextError> {
        let text = text.trim();
        let err = |why: ShipTextErrorKind| ShipTextError {
            input: text.to_string(),
            why,
        };
        if let Some((a, b)) = text.split_once('-') {
            let a = system
                .parse(a, dims)
                .map_err(|e| err(ShipTextErrorKind::Cell(e)))?;
            let b = system
                .parse(b, dims)
                .map_err(|e| err(ShipTextErrorKind::Cell(e)))?;
            if a.col != b.col && a.row != b.row {
                return Err(err(ShipTextErrorKind::NotInLine));
            }
            let (lo, hi) = (a.min(b), a.max(b));
            let cells = if a.row == b.row {
                (lo.col..=hi.col).map(|c| Coord::new(c, a.row)).collect()
            } else {
                (lo.row..=hi.row).map(|r| Coord::new(a.col, r)).collect()
            };
            return Ok(ShipSetup(cells));
        }
        text.split('+')
            .map(|c| {
                system
                    .parse(c, dims)
                    .map_err(|e| err(ShipTextErrorKind::Cell(e)))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(ShipSetup)
    }
}

fn is_straight_run(sorted: &[Coord]) -> bool {
    let horiz = sorted
        .windows(2)
        .all(|w| w[1].row == w[0].row && w[1].col == w[0].col + 1);
    let vert = sorted
        .windows(2)
        .all(|w| w[1].col == w[0].col && w[1].row == w[0].row + 1);
    horiz || vert
}

/// A ship's text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShipTextError {
    /// The rejected text.
    pub input: String,
    /// What was wrong.
    pub why: ShipTextErrorKind,
}

/// What was wrong with a ship's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShipTextErrorKind {
    /// A cell that could not be read.
    Cell(CoordError),
    /// `a1-c3`: the ends of a straight ship are not in one row or column.
    NotInLine,
}

impl fmt::Display for ShipTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Pieces are written `mine:e5`; ships never hold a colon.
        let what = if self.input.contains(':') {
            "piece"
        } else {
            "ship"
        };
        write!(f, "{what} {:?}: ", self.input)?;
        match &self.why {
            ShipTextErrorKind::Cell(e) => e.fmt(f),
            ShipTextErrorKind::NotInLine => f.write_str("its ends are not in one row or column"),
        }
    }
}

impl std::error::Error for ShipTextError {}

impl FleetSetup {
    /// A fleet of ships and no pieces.
    pub fn from_ships(ships: Vec<ShipSetup>) -> FleetSetup {
        FleetSetup {
            ships,
            pieces: Vec::new(),
        }
    }

    /// Formats the fleet as space-separated ships (see [`ShipSetup::format`]), then the
    /// pieces (`mine:e5 sweeper:c3 sub:j10`, see [`Piece::format`]).
    pub fn format(&self, system: CoordSystem) -> String {
        let ships = self.ships.iter().map(|s| s.format(system));
        let pieces = self.pieces.iter().map(|p| p.format(system));
        ships.chain(pieces).collect::<Vec<String>>().join(" ")
    }

    /// Reads space-separated ships and pieces, in any order.
    pub fn parse(text: &str, system: CoordSystem, dims: Dims) -> Result<FleetSetup, ShipTextError> {
        let mut out = FleetSetup::default();
        for word in text.split_whitespace() {
            out.push_word(word, system, dims)?;
        }
        Ok(out)
    }

    /// Adds one word of fleet text: a piece (`mine:e5`) or a ship (`a1-d1`).
    pub fn push_word(
        &mut self,
        word: &str,
        system: CoordSystem,
        dims: Dims,
    ) -> Result<(), ShipTextError> {
        match Piece::parse(word, system, dims) {
            Some(piece) => self.pieces.push(piece.map_err(|e| ShipTextError {
                input: word.to_string(),
                why: ShipTextErrorKind::Cell(e),
            })?),
            None => self.ships.push(ShipSetup::parse(word, system, dims)?),
        }
        Ok(())
    }

    /// Every cell of every ship, on or off the board.
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        self.ships.iter().flat_map(|s| s.0.iter().copied())
    }
}

/// A legal fleet under the rules it was validated with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fleet {
    rules: Rules,
    ships: Vec<Ship>,
    occupied: CellSet,
    /// Mines, minesweepers and submarines: most rules have none.
    pieces: Sparse<PieceCells>,
}

/// A fleet setup that breaks the rules: every violation found, and the setup itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetError {
    /// The setup that was rejected.
    pub setup: FleetSetup,
    /// Every violation, at once.
    pub violations: Vec<Violation>,
}

impl fmt::Display for FleetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let msgs: Vec<String> = self.violations.iter().map(|v| v.to_string()).collect();
        write!(f, "illegal fleet: {}", msgs.join("; "))
    }
}

impl std::error::Error for FleetError {}

impl Fleet {
    /// The one way to a `Fleet`: checks `setup` against `rules` and reports every
    /// violation at once.
    pub fn new(setup: FleetSetup, rules: &Rules) -> Result<Fleet, FleetError> {
        let violations = violations(&setup, rules);
        if !violations.is_empty() {
            return Err(FleetError { setup, violations });
        }
        // Every ship that passed the checks fits (they refuse one spread wide).
        let ships: Option<Vec<Ship>> = setup
            .ships
            .iter()
            .map(|s| Ship::of(&s.0.iter().copied().collect()))
            .collect();
        let Some(ships) = ships else {
            return Err(FleetError { setup, violations });
        };
        Ok(Fleet::from_trusted(rules, ships).with_pieces(PieceCells::from_list(&setup.pieces)))
    }

    /// The same fleet with `pieces`, which the caller has checked.
    pub(crate) fn with_pieces(mut self, pieces: PieceCells) -> Fleet {
        self.pieces = Sparse::of(pieces);
        self
    }

    /// Builds a fleet from ships known to be legal (the generator's output).
    pub(crate) fn from_trusted(rules: &Rules, mut ships: Vec<Ship>) -> Fleet {
        // A canonical order: the same fleet always prints, hashes and commits the same.
        ships.sort_by_key(|s| (std::cmp::Reverse(s.size()), s.first()));
        let occupied = occupied(&ships);
        Fleet {
            rules: rules.clone(),
            ships,
            occupied,
            pieces: Sparse::blank(),
        }
    }

    /// The rules the fleet was validated with.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The ships, largest first.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }

    /// Every ship cell.
    pub fn occupied(&self) -> &CellSet {
        &self.occupied
    }

    /// The mines, minesweepers and submarines.
    pub fn pieces(&self) -> &PieceCells {
        self.pieces.get()
    }

    /// The cells this fleet's owner, who has taken the shots `incoming` and already
    /// shown `shown`, may show for a reveal of `kind`: ship cells not hit (after a
    /// mine), or mines not set off (after a minesweeper), not shown before. A move of
    /// the Flying Dutchman is not a reveal: nothing. [`crate::Game::reveal_options`] is
    /// this for a game's players; hosts that keep only one side (the arena's bots) call
    /// it directly.
    pub fn reveal_options(&self, incoming: &CellSet, shown: &CellSet, kind: DutyKind) -> CellSet {
        let allowed = match kind {
            DutyKind::ShipCell => *self.occupied(),
            DutyKind::Mine => *self.pieces().of(PieceKind::Mine),
            DutyKind::Relocate => return CellSet::EMPTY,
        };
        allowed.minus(incoming).minus(shown)
    }

    /// The index of the ship at `c`, if any.
    pub fn ship_at(&self, c: Coord) -> Option<usize> {
        if !self.occupied.contains(c) {
            return None;
        }
        self.ships.iter().position(|s| s.contains(c))
    }

    /// The same fleet with ship `i` moved to `to`, which the caller has checked (a
    /// flying ship after a hit). Ship `i` keeps its index.
    pub(crate) fn with_ship_moved(&self, i: usize, to: Ship) -> Fleet {
        let mut out = self.clone();
        if let Some(ship) = out.ships.get_mut(i) {
            *ship = to;
        }
        out.occupied = occupied(&out.ships);
        out
    }

    /// Back to plain data, each straight ship's cells in order from its top left.
    pub fn to_setup(&self) -> FleetSetup {
        FleetSetup {
            ships: self
                .ships
                .iter()
                .map(|s| ShipSetup(s.iter().collect()))
                .collect(),
            pieces: self.pieces().to_setup(),
        }
    }
}

/// Every cell of `ships`.
fn occupied(ships: &[Ship]) -> CellSet {
    ships.iter().fold(CellSet::EMPTY, |mut acc, s| {
        for c in s.iter() {
            acc.insert(c);
        }
        acc
    })
}

/// Every way `setup` breaks `rules`, in a stable order.
pub fn violations(setup: &FleetSetup, rules: &Rules) -> Vec<Violation> {
    let dims = rules.dims();
    let mut out = Vec::new();
    // Per ship: the cells on the board, as a set.
    let mut sets = Vec::with_capacity(setup.ships.len());
    for (i, ship) in setup.ships.iter().enumerate() {
        let off: Vec<Coord> = ship
            .0
            .iter()
            .copied()
            .filter(|&c| !dims.contains(c))
            .collect();
        if !off.is_empty() {
            out.push(Violation::Bounds {
                ship: i,
                cells: off,
            });
        }
        let set: CellSet = ship
            .0
            .iter()
            .copied()
            .filter(|&c| dims.contains(c))
            .collect();
        if set.len() < ship.0.iter().filter(|&&c| dims.contains(c)).count() {
            let mut seen = CellSet::EMPTY;
            let dup: Vec<Coord> = ship
                .0
                .iter()
                .copied()
                .filter(|&c| !seen.insert(c))
                .collect();
            out.push(Violation::Overlap {
                ships: vec![i],
                cells: dup,
            });
        }
        sets.push(set);
    }
    // Cells claimed by more than one ship.
    let mut seen = CellSet::EMPTY;
    let mut twice = CellSet::EMPTY;
    for s in &sets {
        twice.union_with(&seen.and(s));
        seen.union_with(s);
    }
    if !twice.is_empty() {
        let ships = (0..sets.len())
            .filter(|&i| sets[i].intersects(&twice))
            .collect();
        out.push(Violation::Overlap {
            ships,
            cells: twice.iter().collect(),
        });
    }
    // Shapes.
    for (i, (ship, set)) in setup.ships.iter().zip(&sets).enumerate() {
        let cells = || ship.0.clone();
        if ship.0.is_empty() {
            out.push(Violation::Shape {
                ship: i,
                problem: ShapeProblem::Empty,
                cells: vec![],
            });
        } else if rules.shape() == ShipShape::Path {
            if !crate::path::is_path(set) {
                out.push(Violation::Shape {
                    ship: i,
                    problem: ShapeProblem::NotPath,
                    cells: cells(),
                });
            }
        } else if set.components(dims).len() > 1 {
            out.push(Violation::Shape {
                ship: i,
                problem: ShapeProblem::Disconnected,
                cells: cells(),
            });
        } else if rules.shape() == ShipShape::Straight && !is_straight(set) {
            out.push(Violation::Shape {
                ship: i,
                problem: ShapeProblem::Bent,
                cells: cells(),
            });
        } else if Ship::of(set).is_none() {
            out.push(Violation::Shape {
                ship: i,
                problem: ShapeProblem::Spread,
                cells: cells(),
            });
        }
    }
    // Sizes and counts.
    let max_size = rules.fleet().first().copied().map_or(0, usize::from);
    let mut found = vec![Vec::new(); max_size + 1];
    for (i, ship) in setup.ships.iter().enumerate() {
        let size = ship.0.len();
        if size == 0 {
            continue;
        }
        if rules.count_of(size) == 0 {
            out.push(Violation::Size {
                ship: i,
                size,
                cells: ship.0.clone(),
            });
        } else {
            found[size].push(i);
        }
    }
    for size in (1..=max_size).rev() {
        let expected = rules.count_of(size);
        if found[size].len() != expected {
            let cells = if found[size].len() > expected {
                found[size]
                    .iter()
                    .flat_map(|&i| setup.ships[i].0.iter().copied())
                    .collect()
            } else {
                Vec::new()
            };
            out.push(Violation::Fleet {
                size,
                expected,
                found: found[size].len(),
                cells,
            });
        }
    }
    // Contact between ships.
    if rules.touching() != Touching::Allowed {
        for a in 0..sets.len() {
            for b in a + 1..sets.len() {
                if let Some(v) = contact(a, b, &sets[a], &sets[b], rules) {
                    out.push(v);
                }
            }
        }
    }
    let ship_cells = sets.iter().fold(CellSet::EMPTY, |acc, s| acc.or(s));
    out.extend(crate::pieces::violations(&setup.pieces, &ship_cells, rules));
    out
}

fn is_straight(set: &CellSet) -> bool {
    let cells: Vec<Coord> = set.iter().collect();
    cells.iter().all(|c| c.row == cells[0].row) || cells.iter().all(|c| c.col == cells[0].col)
}

fn contact(a: usize, b: usize, sa: &CellSet, sb: &CellSet, rules: &Rules) -> Option<Violation> {
    let dims = rules.dims();
    let side_a = sa.and(&sb.grow_sides(dims)).minus(sb);
    let (kind, cells) = if !side_a.is_empty() {
        (
            Contact::Side,
            side_a.or(&sb.and(&sa.grow_sides(dims)).minus(sa)),
        )
    } else if rules.touching() == Touching::Forbidden {
        let corner_a = sa.and(&sb.grow_all(dims)).minus(sb);
        if corner_a.is_empty() {
            return None;
        }
        (
            Contact::Corner,
            corner_a.or(&sb.and(&sa.grow_all(dims)).minus(sa)),
        )
    } else {
        return None;
    };
    Some(Violation::Touching {
        ships: [a, b],
        contact: kind,
        cells: cells.iter().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::violation::ViolationKind;

    fn setup(text: &str) -> FleetSetup {
        FleetSetup::parse(text, CoordSystem::Latin, Dims::new(26, 26).unwrap()).unwrap()
    }

    const LEGAL: &str = "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";

    #[test]
    fn a_legal_fleet_passes() {
        let f = Fleet::new(setup(LEGAL), &Rules::classic()).unwrap();
        assert_eq!(f.ships().len(), 10);
        assert_eq!(f.occupied().len(), 20);
        assert_eq!(f.to_setup().format(CoordSystem::Latin), LEGAL);
    }

    #[test]
    fn every_violation_is_reported_at_once() {
        // Off the board (k1), a bent three-decker, two ships touching at a corner and a
        // missing one-decker, all in one fleet.
        let s = setup("a1-d1 h1+i1+i2 a3-c3 d4-d5 a5-b5 g5-h5 a7 c7 e7 k1");
        let e = Fleet::new(s, &Rules::classic()).unwrap_err();
        let kinds: Vec<ViolationKind> = e.violations.iter().map(Violation::kind).collect();
        assert!(kinds.contains(&ViolationKind::Bounds), "{e}");
        assert!(kinds.contains(&ViolationKind::Shape), "{e}");
        assert!(kinds.contains(&ViolationKind::Touching), "{e}");
        let corner = e
            .violations
            .iter()
            .find(|v| v.kind() == ViolationKind::Touching)
            .unwrap();
        assert_eq!(
            corner
                .cells()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>(),
            ["c3", "d4"]
        );
    }

    #[test]
    fn overlap_and_disconnected() {
        let s = setup("a1-d1 a1-a3 f1+f3");
        let e = Fleet::new(s, &Rules::classic()).unwrap_err();
        assert!(
            e.violations.iter().any(
                |v| matches!(v, Violation::Overlap { cells, .. } if cells == &[Coord::new(0,0)])
            )
        );
        assert!(e.violations.iter().any(|v| matches!(
            v,
            Violation::Shape {
                problem: ShapeProblem::Disconnected,
                ..
            }
        )));
    }

    #[test]
    fn ship_text_round_trips() {
        for t in ["a1-d1", "f3", "a1+a2+b2", "j7-j10"] {
            let s = ShipSetup::parse(t, CoordSystem::Latin, Dims::CLASSIC).unwrap();
            assert_eq!(s.format(CoordSystem::Latin), t);
        }
        let s = ShipSetup::parse("а1-г1", CoordSystem::Russian, Dims::CLASSIC).unwrap();
        assert_eq!(s.format(CoordSystem::Latin), "a1-d1");
        assert!(ShipSetup::parse("a1-c3", CoordSystem::Latin, Dims::CLASSIC).is_err());
    }
}
