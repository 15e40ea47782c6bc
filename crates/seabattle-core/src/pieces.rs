//! Pieces: the one-cell mines, minesweepers and submarines of seed 004's variants, as
//! players draw them ([`Piece`]) and as a validated fleet holds them ([`PieceCells`]).
//! They are not ships: sinking every ship wins, whatever pieces are left.

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use crate::fleet::Fleet;
use crate::game::DutyKind;
use crate::rules::Rules;
use crate::system::{CoordError, CoordSystem};
use crate::violation::{PieceProblem, Violation};
use std::fmt;

/// The kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// A mine: drawn as a circle, a spent one as a circle with a dot.
    Mine,
    /// A minesweeper: drawn as a triangle.
    Sweeper,
    /// A submarine: drawn as a diamond.
    Submarine,
}

impl PieceKind {
    /// Every kind, in the order fleets list them.
    pub const ALL: [PieceKind; 3] = [PieceKind::Mine, PieceKind::Sweeper, PieceKind::Submarine];

    /// The word that prefixes a piece in fleet text: `mine`, `sweeper` or `sub`.
    pub const fn word(self) -> &'static str {
        match self {
            PieceKind::Mine => "mine",
            PieceKind::Sweeper => "sweeper",
            PieceKind::Submarine => "sub",
        }
    }

    /// How many of this kind the rules give each side.
    pub fn count_in(self, rules: &Rules) -> usize {
        let p = rules.pieces();
        usize::from(match self {
            PieceKind::Mine => p.mines,
            PieceKind::Sweeper => p.sweepers,
            PieceKind::Submarine => p.submarines,
        })
    }

    /// Whether this kind must keep clear of ships and of other such pieces. Mines and
    /// minesweepers must (unless the rules say `pieces-touch=yes`); a submarine may
    /// lie beside anything of its own side, only never on the same cell.
    pub fn keeps_clear(self, rules: &Rules) -> bool {
        self != PieceKind::Submarine && !rules.pieces().may_touch
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One piece as the player drew it: unchecked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is.
    pub kind: PieceKind,
    /// Where it stands.
    pub cell: Coord,
}

impl Piece {
    /// `mine:e5`, `sweeper:c3`, `sub:j10`, the cell in `system`.
    pub fn format(&self, system: CoordSystem) -> String {
        format!("{}:{}", self.kind.word(), system.format(self.cell))
    }

    /// Reads a word written by [`Piece::format`]; `None` if the word is not a piece at
    /// all (no known prefix), so that the caller may read it as a ship.
    pub fn parse(word: &str, system: CoordSystem, dims: Dims) -> Option<Result<Piece, CoordError>> {
        let (prefix, cell) = word.split_once(':')?;
        let kind = PieceKind::ALL
            .into_iter()
            .find(|k| k.word().eq_ignore_ascii_case(prefix.trim()))?;
        Some(system.parse(cell, dims).map(|cell| Piece { kind, cell }))
    }
}

/// The pieces of a validated fleet, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceCells {
    /// Mines.
    pub mines: CellSet,
    /// Minesweepers.
    pub sweepers: CellSet,
    /// Submarines.
    pub submarines: CellSet,
}

impl PieceCells {
    /// The cells of one kind.
    pub fn of(&self, kind: PieceKind) -> &CellSet {
        match kind {
            PieceKind::Mine => &self.mines,
            PieceKind::Sweeper => &self.sweepers,
            PieceKind::Submarine => &self.submarines,
        }
    }

    fn of_mut(&mut self, kind: PieceKind) -> &mut CellSet {
        match kind {
            PieceKind::Mine => &mut self.mines,
            PieceKind::Sweeper => &mut self.sweepers,
            PieceKind::Submarine => &mut self.submarines,
        }
    }

    /// The kind of piece at `c`, if any.
    pub fn at(&self, c: Coord) -> Option<PieceKind> {
        PieceKind::ALL.into_iter().find(|&k| self.of(k).contains(c))
    }

    /// Every piece cell.
    pub fn all(&self) -> CellSet {
        self.mines.or(&self.sweepers).or(&self.submarines)
    }

    /// Back to plain data, by kind and then by cell.
    pub fn to_setup(&self) -> Vec<Piece> {
        PieceKind::ALL
            .into_iter()
            .flat_map(|kind| self.of(kind).iter().map(move |cell| Piece { kind, cell }))
            .collect()
    }

    /// The pieces of a list, by kind. Nothing is checked here: pieces off the board or
    /// on one cell are [`violations`]' to report.
    pub(crate) fn from_list(pieces: &[Piece]) -> PieceCells {
        let mut out = PieceCells::default();
        for p in pieces {
            out.of_mut(p.kind).insert(p.cell);
        }
        out
    }
}

/// Every way `pieces` break `rules` beside the ships on `ships`: cells off the board,
/// cells shared with a ship or another piece, mines and minesweepers touching what
/// they must keep clear of, and wrong counts.
pub fn violations(pieces: &[Piece], ships: &CellSet, rules: &Rules) -> Vec<Violation> {
    let dims = rules.dims();
    let mut out = Vec::new();
    let bad = |kind, problem, cells: Vec<Coord>| Violation::Piece {
        kind,
        problem,
        cells,
    };
    let mut seen = *ships;
    for p in pieces {
        if !dims.contains(p.cell) {
            out.push(bad(p.kind, PieceProblem::OffBoard, vec![p.cell]));
        } else if !seen.insert(p.cell) {
            out.push(bad(p.kind, PieceProblem::Overlap, vec![p.cell]));
        }
    }
    // Contact: a piece that keeps clear, against the ships, then against each later
    // piece that keeps clear too (so that each pair is reported once).
    let clear: Vec<&Piece> = pieces
        .iter()
        .filter(|p| dims.contains(p.cell) && p.kind.keeps_clear(rules))
        .collect();
    let ring = |c: Coord| {
        let mut one = CellSet::EMPTY;
        one.insert(c);
        one.grow_all(dims).minus(&one)
    };
    for (i, p) in clear.iter().enumerate() {
        let near_ships = ring(p.cell).and(ships);
        if !near_ships.is_empty() {
            let mut cells = vec![p.cell];
            cells.extend(near_ships.iter());
            out.push(bad(p.kind, PieceProblem::Touches, cells));
        }
        for q in &clear[i + 1..] {
            if ring(p.cell).contains(q.cell) {
                out.push(bad(p.kind, PieceProblem::Touches, vec![p.cell, q.cell]));
            }
        }
    }
    for kind in PieceKind::ALL {
        let expected = kind.count_in(rules);
        let found: Vec<Coord> = pieces
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.cell)
            .collect();
        if found.len() != expected {
            let cells = if found.len() > expected {
                found.clone()
            } else {
                Vec::new()
            };
            out.push(bad(
                kind,
                PieceProblem::Count {
                    expected,
                    found: found.len(),
                },
                cells,
            ));
        }
    }
    out
}

/// Draws the pieces the rules give a side whose ships stand on `ships`: each piece
/// uniformly among the cells still allowed, one after another (mines, minesweepers,
/// then submarines). `None` when no cell is left for some piece.
pub fn draw<R: rand::Rng + ?Sized>(
    rules: &Rules,
    ships: &CellSet,
    rng: &mut R,
) -> Option<PieceCells> {
    use rand::RngExt;
    place_each(rules, ships, |allowed| {
        allowed.iter().nth(rng.random_range(0..allowed.len()))
    })
}

/// Whether the pieces fit beside `ships`, each put on the first cell allowed. A quick
/// check for [`Rules::new`]: it may miss a tight fit that another order would find.
pub fn fit_first(rules: &Rules, ships: &CellSet) -> bool {
    place_each(rules, ships, |allowed| allowed.first()).is_some()
}

/// Places the pieces one by one, each on the cell `pick` chooses from the non-empty
/// set of cells allowed for it.
fn place_each(
    rules: &Rules,
    ships: &CellSet,
    mut pick: impl FnMut(&CellSet) -> Option<Coord>,
) -> Option<PieceCells> {
    let dims = rules.dims();
    let mut out = PieceCells::default();
    // Cells a keep-clear piece must stay off: ships and keep-clear pieces, with rings.
    let mut clear_of = ships.grow_all(dims);
    for kind in PieceKind::ALL {
        for _ in 0..kind.count_in(rules) {
            let mut allowed = CellSet::full(dims).minus(ships).minus(&out.all());
            if kind.keeps_clear(rules) {
                allowed = allowed.minus(&clear_of);
            }
            if allowed.is_empty() {
                return None;
            }
            let cell = pick(&allowed)?;
            out.of_mut(kind).insert(cell);
            if kind.keeps_clear(rules) {
                let mut one = CellSet::EMPTY;
                one.insert(cell);
                clear_of.union_with(&one.grow_all(dims));
            }
        }
    }
    Some(out)
}

/// The cells a player with `fleet`, who has taken the shots `incoming` and already
/// shown `shown`, may show for a reveal of `kind`: ship cells not hit (after a mine),
/// or mines not set off (after a minesweeper), not shown before. A move of the Flying
/// Dutchman is not a reveal: nothing. [`crate::Game::reveal_options`] is this for a
/// game's players; hosts that keep only one side (the arena's bots) call it directly.
pub fn reveal_options(
    fleet: &Fleet,
    incoming: &CellSet,
    shown: &CellSet,
    kind: DutyKind,
) -> CellSet {
    let allowed = match kind {
        DutyKind::ShipCell => *fleet.occupied(),
        DutyKind::Mine => *fleet.pieces().of(PieceKind::Mine),
        DutyKind::Relocate => return CellSet::EMPTY,
    };
    allowed.minus(incoming).minus(shown)
}
