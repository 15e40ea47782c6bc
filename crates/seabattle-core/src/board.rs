//! The board text format of `seabattle check` and `seabattle place`, and how a drawn
//! board is read as ships.
//!
//! One line per row, one character per cell: `.`, `~` or `o` for water, `#`, `X`, `x`
//! or `■` for a ship, and for the variants with pieces `@` or `○` for a mine, `^` or `△`
//! for a minesweeper, `%` or `◇` for a submarine. Spaces between cells are ignored; empty lines and lines that start
//! with `#!` are ignored; an optional first line of column letters and a row number at
//! the start of each line are allowed and ignored.

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use crate::fleet::{Fleet, FleetSetup, ShipSetup};
use crate::piece::{PieceCells, PieceKind};
use crate::rules::{Rules, ShipShape, Touching};
use crate::system::CoordSystem;
use std::fmt;

/// A board as drawn: its size and which cells hold a ship.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The board's size, as drawn.
    pub dims: Dims,
    /// The ship cells.
    pub ships: CellSet,
    /// Mines, minesweepers and submarines, for the variants that have them.
    pub pieces: PieceCells,
}

/// Text that cannot be read as a board, with the line (1-based) it went wrong on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The 1-based line number, or 0 for the text as a whole.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for BoardError {}

const WATER: [char; 3] = ['.', '~', 'o'];
const SHIP: [char; 4] = ['#', 'X', 'x', '■'];
/// Each piece's characters: the ASCII one the writer uses, then the seed's drawing.
const PIECE: [(PieceKind, [char; 2]); 3] = [
    (PieceKind::Mine, ['@', '○']),
    (PieceKind::Sweeper, ['^', '△']),
    (PieceKind::Submarine, ['%', '◇']),
];

fn piece_of(ch: char) -> Option<PieceKind> {
    PIECE
        .iter()
        .find(|(_, cs)| cs.contains(&ch))
        .map(|(k, _)| *k)
}

impl Grid {
    /// Reads one board.
    pub fn parse(text: &str) -> Result<Grid, BoardError> {
        // Per cell: None for water, Some(None) for a ship, Some(Some(kind)) for a piece.
        let mut rows: Vec<(usize, Vec<Option<Option<PieceKind>>>)> = Vec::new();
        let mut header_seen = false;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let err = |message: String| BoardError {
                line: line_no,
                message,
            };
            let line = raw.trim();
            if line.is_empty() || line.starts_with("#!") {
                continue;
            }
            let first = line.chars().next().unwrap_or(' ');
            if rows.is_empty()
                && !header_seen
                && first.is_alphabetic()
                && !WATER.contains(&first)
                && !SHIP.contains(&first)
            {
                check_header(line).map_err(err)?;
                header_seen = true;
                continue;
            }
            let body = line.trim_start_matches(|c: char| c.is_ascii_digit());
            let mut cells = Vec::new();
            for (col, ch) in body.chars().filter(|c| !c.is_whitespace()).enumerate() {
                if WATER.contains(&ch) {
                    cells.push(None);
                } else if SHIP.contains(&ch) {
                    cells.push(Some(None));
                } else if let Some(kind) = piece_of(ch) {
                    cells.push(Some(Some(kind)));
                } else {
                    return Err(err(format!(
                        "unknown character {ch:?} in cell {} (water is . ~ o, a ship is # X x ■; a mine @, a minesweeper ^, a submarine %)",
                        col + 1
                    )));
                }
            }
            if cells.is_empty() {
                return Err(err("a row number with no cells after it".into()));
            }
            if let Some((first_line, first_row)) = rows.first()
                && first_row.len() != cells.len()
            {
                return Err(err(format!(
                    "row has {} cells but the first row (line {first_line}) has {}",
                    cells.len(),
                    first_row.len()
                )));
            }
            rows.push((line_no, cells));
        }
        if rows.is_empty() {
            return Err(BoardError {
                line: 0,
                message: "no board rows found".into(),
            });
        }
        let (width, height) = (rows[0].1.len() as u32, rows.len() as u32);
        let dims = Dims::new(width, height).map_err(|e| BoardError {
            line: 0,
            message: e.to_string(),
        })?;
        let mut ships = CellSet::EMPTY;
        let mut pieces = Vec::new();
        for (r, (_, cells)) in rows.iter().enumerate() {
            for (c, &cell) in cells.iter().enumerate() {
                let at = Coord::new(c as u8, r as u8);
                match cell {
                    None => {}
                    Some(None) => {
                        ships.insert(at);
                    }
                    Some(Some(kind)) => pieces.push(crate::piece::Piece { kind, cell: at }),
                }
            }
        }
        Ok(Grid {
            dims,
            ships,
            pieces: PieceCells::from_list(&pieces),
        })
    }

    /// A validated fleet drawn on its board.
    pub fn from_fleet(fleet: &Fleet) -> Grid {
        Grid {
            dims: fleet.rules().dims(),
            ships: *fleet.occupied(),
            pieces: *fleet.pieces(),
        }
    }

    /// Reads several boards separated by blank lines (the `bench --boards` format).
    pub fn parse_many(text: &str) -> Result<Vec<Grid>, BoardError> {
        let mut out = Vec::new();
        let mut block = String::new();
        let mut block_start = 1;
        for (i, line) in text.lines().chain(std::iter::once("")).enumerate() {
            if line.trim().is_empty() {
                if block
                    .lines()
                    .any(|l| !l.trim().is_empty() && !l.trim().starts_with("#!"))
                {
                    out.push(Grid::parse(&block).map_err(|mut e| {
                        if e.line > 0 {
                            e.line += block_start - 1;
                        }
                        e
                    })?);
                }
                block.clear();
                block_start = i + 2;
            } else {
                block.push_str(line);
                block.push('\n');
            }
        }
        Ok(out)
    }

    /// Prints a board in the format [`Grid::parse`] reads, with a header of column
    /// letters in `system` and row numbers.
    pub fn format(&self, system: CoordSystem) -> String {
        let mut out = String::from("  ");
        for c in 0..self.dims.width() {
            out.push(' ');
            out.push(system.column_letter(c).unwrap_or('?'));
        }
        out.push('\n');
        for r in 0..self.dims.height() {
            out.push_str(&format!("{:>2}", r + 1));
            for c in 0..self.dims.width() {
                out.push(' ');
                let at = Coord::new(c, r);
                out.push(if self.ships.contains(at) {
                    '#'
                } else if let Some(kind) = self.pieces.at(at) {
                    PIECE
                        .iter()
                        .find(|(k, _)| *k == kind)
                        .map_or('?', |(_, cs)| cs[0])
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out
    }

    /// The ships drawn on the board. Ships are the groups of ship cells connected by
    /// sides (seed 003); path-shaped ships (the Flying Dutchman's) may turn at a corner,
    /// so where no two of them can touch their cells are joined by corners too. Where
    /// the rules let ships touch by their sides, a group may hold several ships: it is
    /// split into straight ships of the fleet, choosing splits that make the whole
    /// fleet right wherever that is possible.
    pub fn to_setup(&self, rules: &Rules) -> FleetSetup {
        let paths_apart = rules.shape() == ShipShape::Path
            && (rules.fleet().len() == 1 || rules.touching() == Touching::Forbidden);
        let groups = if paths_apart {
            self.ships.components_by_corners(self.dims)
        } else {
            self.ships.components(self.dims)
        };
        let as_ship = |g: &CellSet| ShipSetup(g.iter().collect());
        if rules.touching() != Touching::Allowed {
            return FleetSetup {
                ships: groups.iter().map(as_ship).collect(),
                pieces: self.pieces.to_setup(),
            };
        }
        let sizes: Vec<usize> = rules.sizes().into_iter().map(usize::from).collect();
        let splits: Vec<Vec<Vec<CellSet>>> =
            groups.iter().map(|g| straight_splits(g, &sizes)).collect();
        let mut need = vec![0usize; sizes.first().copied().unwrap_or(0) + 1];
        for &s in rules.fleet() {
            need[usize::from(s)] += 1;
        }
        let mut pick = vec![0usize; groups.len()];
        let whole_fleet = choose(&splits, 0, &mut need, &mut pick);
        let mut ships = Vec::new();
        for (i, g) in groups.iter().enumerate() {
            match splits[i].get(if whole_fleet { pick[i] } else { 0 }) {
                Some(parts) => ships.extend(parts.iter().map(as_ship)),
                // No split into straight ships of the fleet's sizes: leave the group
                // whole so validation says what is wrong with it.
                None => ships.push(as_ship(g)),
            }
        }
        FleetSetup {
            ships,
            pieces: self.pieces.to_setup(),
        }
    }
}

fn check_header(line: &str) -> Result<(), String> {
    let letters: Vec<char> = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    let fits = CoordSystem::ALL.iter().any(|sys| {
        letters.len() <= usize::from(sys.max_columns())
            && letters
                .iter()
                .enumerate()
                .all(|(i, &l)| sys.column_letter(i as u8) == Some(l))
    });
    if fits {
        Ok(())
    } else {
        Err(format!(
            "{line:?} is neither a row of cells nor a header of column letters"
        ))
    }
}

/// The most splits of one group considered; past it the search stops with those found.
const MAX_SPLITS: usize = 4096;

/// Ways to cut `group` into straight ships whose sizes are in `sizes`.
fn straight_splits(group: &CellSet, sizes: &[usize]) -> Vec<Vec<CellSet>> {
    fn rec(rest: CellSet, sizes: &[usize], cur: &mut Vec<CellSet>, out: &mut Vec<Vec<CellSet>>) {
        if out.len() >= MAX_SPLITS {
            return;
        }
        let Some(start) = rest.first() else {
            out.push(cur.clone());
            return;
        };
        // The first remaining cell in row-major order starts its ship, which runs right
        // or down from it.
        for &size in sizes {
            for (dc, dr) in [(1, 0), (0, 1)] {
                if size == 1 && dr == 1 {
                    continue;
                }
                let cells: Option<CellSet> = (0..size as i32)
                    .map(|k| start.offset(dc * k, dr * k).filter(|c| rest.contains(*c)))
                    .collect();
                if let Some(cells) = cells {
                    cur.push(cells);
                    rec(rest.minus(&cells), sizes, cur, out);
                    cur.pop();
                }
            }
        }
    }
    let mut out = Vec::new();
    rec(*group, sizes, &mut Vec::new(), &mut out);
    out
}

/// Picks one split per group so that the ship counts match `need` exactly.
fn choose(splits: &[Vec<Vec<CellSet>>], g: usize, need: &mut [usize], pick: &mut [usize]) -> bool {
    if g == splits.len() {
        return need.iter().all(|&n| n == 0);
    }
    for (k, parts) in splits[g].iter().enumerate() {
        let fits = parts
            .iter()
            .all(|p| need.get(p.len()).is_some_and(|&n| n > 0))
            && {
                let mut counts = vec![0usize; need.len()];
                parts.iter().for_each(|p| counts[p.len()] += 1);
                counts.iter().zip(need.iter()).all(|(c, n)| c <= n)
            };
        if !fits {
            continue;
        }
        parts.iter().for_each(|p| need[p.len()] -= 1);
        pick[g] = k;
        let done = choose(splits, g + 1, need, pick);
        parts.iter().for_each(|p| need[p.len()] += 1);
        if done {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Fleet, Preset};

    #[test]
    fn reads_headers_row_numbers_and_all_cell_characters() {
        let text = "#! a comment\n   a b c d e\n 1 # # . ~ o\n 2 . . . . .\n\n 3 X x ■ . .\n 4 . . . . .\n 5 . . . . #\n";
        let g = Grid::parse(text).unwrap();
        assert_eq!(g.dims, Dims::new(5, 5).unwrap());
        assert_eq!(g.ships.len(), 6);
        assert_eq!(Grid::parse(&g.format(CoordSystem::Russian)).unwrap(), g);
    }

    #[test]
    fn errors_name_the_line() {
        let e = Grid::parse(".....\n.....\n....\n.....\n.....").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("4 cells"), "{e}");
        let e = Grid::parse(".....\n..?..\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("'?'"), "{e}");
        let e = Grid::parse("zz\n.....").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(Grid::parse("").is_err());
        assert!(Grid::parse("...\n...\n...").is_err(), "3x3 is too small");
    }

    #[test]
    fn hasbro_groups_are_split_to_match_the_fleet() {
        // A five-decker lying against a four-decker, a 3 and a 3 end to end (six in a
        // row), and a two-decker: one split of each group makes the Hasbro fleet.
        let text = "#####.....\n####......\n..........\n######....\n..........\n.........#\n.........#\n..........\n..........\n..........";
        let rules = Preset::Hasbro.rules();
        let setup = Grid::parse(text).unwrap().to_setup(&rules);
        assert_eq!(setup.ships.len(), 5);
        Fleet::new(setup, &rules).unwrap();
    }
}
