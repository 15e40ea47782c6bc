//! Pieces: the one-cell mines, minesweepers and submarines of seed 004's variants, as
//! players draw them ([`Piece`]) and as a validated fleet holds them ([`PieceCells`]).
//! They are not ships: sinking every ship wins, whatever pieces are left.

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use crate::rules::Rules;
use crate::system::{CoordError, CoordSystem};
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
    /// No pieces.
    pub const NONE: PieceCells = PieceCells {
        mines: CellSet::EMPTY,
        sweepers: CellSet::EMPTY,
        submarines: CellSet::EMPTY,
    };

    /// The cells of one kind.
    pub fn of(&self, kind: PieceKind) -> &CellSet {
        match kind {
            PieceKind::Mine => &self.mines,
            PieceKind::Sweeper => &self.sweepers,
            PieceKind::Submarine => &self.submarines,
        }
    }

    pub(crate) fn of_mut(&mut self, kind: PieceKind) -> &mut CellSet {
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
