//! Checking and drawing the pieces ([`crate::piece`]) of a side beside its ships.

use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::piece::{Piece, PieceCells, PieceKind};
use crate::rules::Rules;
use crate::violation::{PieceProblem, Violation};

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
