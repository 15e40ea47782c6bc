//! [`Violation`]: one way a fleet breaks the placement rules, with the cells involved.

use crate::coord::Coord;
use crate::lang::Lang;
use crate::piece::PieceKind;
use crate::system::CoordSystem;
use std::fmt;

/// How two ships touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    /// They share a side.
    Side,
    /// They meet only at a corner.
    Corner,
}

/// What is wrong with a ship's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeProblem {
    /// Bent («Г», square, zigzag) where the rules want straight ships.
    Bent,
    /// Its cells are not all connected by sides.
    Disconnected,
    /// It has no cells at all.
    Empty,
    /// Its cells cannot be walked in one line by steps to side or corner neighbours
    /// (`shape=path`).
    NotPath,
    /// Bent, and spread over a box of more than 64 cells: no rules allow a bent ship
    /// that large (see [`crate::Ship`]).
    Spread,
}

/// What is wrong with a piece (a mine, minesweeper or submarine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceProblem {
    /// It stands off the board.
    OffBoard,
    /// It shares its cell with a ship or another piece.
    Overlap,
    /// A mine or minesweeper touches a ship or another mine or minesweeper.
    Touches,
    /// The wrong number of pieces of its kind.
    Count {
        /// How many the rules want.
        expected: usize,
        /// How many there are.
        found: usize,
    },
}

/// The kinds of violation, as `seabattle check --json` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ViolationKind {
    /// A cell off the board.
    Bounds,
    /// A cell claimed twice.
    Overlap,
    /// Ships in contact the rules forbid.
    Touching,
    /// A ship of a shape the rules forbid.
    Shape,
    /// A ship of a size the fleet does not have.
    Size,
    /// The wrong number of ships of a size.
    Fleet,
}

impl ViolationKind {
    /// Every kind.
    pub const ALL: [ViolationKind; 6] = [
        ViolationKind::Bounds,
        ViolationKind::Overlap,
        ViolationKind::Touching,
        ViolationKind::Shape,
        ViolationKind::Size,
        ViolationKind::Fleet,
    ];

    /// The kind's name: `bounds`, `overlap`, `touching`, `shape`, `size` or `fleet`.
    pub const fn name(self) -> &'static str {
        match self {
            ViolationKind::Bounds => "bounds",
            ViolationKind::Overlap => "overlap",
            ViolationKind::Touching => "touching",
            ViolationKind::Shape => "shape",
            ViolationKind::Size => "size",
            ViolationKind::Fleet => "fleet",
        }
    }

    /// Reads a kind's name.
    pub fn from_name(s: &str) -> Option<ViolationKind> {
        ViolationKind::ALL.into_iter().find(|k| k.name() == s)
    }
}

impl fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One way a fleet breaks the rules. Ship numbers index the setup's `ships`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Violation {
    /// Cells of a ship lie off the board.
    Bounds {
        /// The ship.
        ship: usize,
        /// Its cells off the board.
        cells: Vec<Coord>,
    },
    /// Cells claimed twice (by two ships, or twice by one).
    Overlap {
        /// The ships involved.
        ships: Vec<usize>,
        /// The cells claimed twice.
        cells: Vec<Coord>,
    },
    /// Two ships touch where the rules forbid it.
    Touching {
        /// The two ships.
        ships: [usize; 2],
        /// By side or by corner.
        contact: Contact,
        /// The cells of each ship that touch the other.
        cells: Vec<Coord>,
    },
    /// A ship of a shape the rules forbid.
    Shape {
        /// The ship.
        ship: usize,
        /// What is wrong.
        problem: ShapeProblem,
        /// Its cells.
        cells: Vec<Coord>,
    },
    /// A ship of a size the fleet does not have at all.
    Size {
        /// The ship.
        ship: usize,
        /// Its size.
        size: usize,
        /// Its cells.
        cells: Vec<Coord>,
    },
    /// The wrong number of ships of one size.
    Fleet {
        /// The size.
        size: usize,
        /// How many the rules want.
        expected: usize,
        /// How many there are.
        found: usize,
        /// The cells of the ships of that size when there are too many; empty when
        /// ships are missing (there is nothing on the board to point at).
        cells: Vec<Coord>,
    },
    /// A mine, minesweeper or submarine placed against the rules.
    Piece {
        /// Which kind of piece.
        kind: PieceKind,
        /// What is wrong.
        problem: PieceProblem,
        /// The piece's cell first, then what it touches; for too many pieces, all of
        /// them; empty when pieces are missing.
        cells: Vec<Coord>,
    },
}

impl Violation {
    /// The violation's kind.
    pub fn kind(&self) -> ViolationKind {
        match self {
            Violation::Bounds { .. } => ViolationKind::Bounds,
            Violation::Overlap { .. } => ViolationKind::Overlap,
            Violation::Touching { .. } => ViolationKind::Touching,
            Violation::Shape { .. } => ViolationKind::Shape,
            Violation::Size { .. } => ViolationKind::Size,
            Violation::Fleet { .. } => ViolationKind::Fleet,
            // Pieces break the same kinds of rule as ships, so a UI treats them alike.
            Violation::Piece { problem, .. } => match problem {
                PieceProblem::OffBoard => ViolationKind::Bounds,
                PieceProblem::Overlap => ViolationKind::Overlap,
                PieceProblem::Touches => ViolationKind::Touching,
                PieceProblem::Count { .. } => ViolationKind::Fleet,
            },
        }
    }

    /// The cells to highlight.
    pub fn cells(&self) -> &[Coord] {
        match self {
            Violation::Bounds { cells, .. }
            | Violation::Overlap { cells, .. }
            | Violation::Touching { cells, .. }
            | Violation::Shape { cells, .. }
            | Violation::Size { cells, .. }
            | Violation::Fleet { cells, .. }
            | Violation::Piece { cells, .. } => cells,
        }
    }

    /// A sentence for players, in their language and coordinate system, the cells in
    /// the system's own form («г1 д2»), as files and the terminal write them.
    pub fn message(&self, lang: Lang, system: CoordSystem) -> String {
        self.worded(lang, &|c| system.format(c))
    }

    /// [`Violation::message`] with the cells named as a drawn board labels them: a
    /// capital letter and the row («Г1 Д2»), as the web page shows its boards.
    pub fn labelled(&self, lang: Lang, system: CoordSystem) -> String {
        self.worded(lang, &|c| system.format(c).to_uppercase())
    }

    fn worded(&self, lang: Lang, name: &dyn Fn(Coord) -> String) -> String {
        let cells = self
            .cells()
            .iter()
            .map(|c| name(*c))
            .collect::<Vec<_>>()
            .join(" ");
        let text = match (lang, self) {
            (Lang::Ru, Violation::Bounds { .. }) => "корабль выходит за край поля".to_string(),
            (Lang::En, Violation::Bounds { .. }) => "ship goes off the board".to_string(),
            (Lang::Ru, Violation::Overlap { .. }) => "корабли занимают одну клетку".to_string(),
            (Lang::En, Violation::Overlap { .. }) => "ships share a cell".to_string(),
            (
                Lang::Ru,
                Violation::Touching {
                    contact: Contact::Side,
                    ..
                },
            ) => "корабли касаются бортами".to_string(),
            (
                Lang::Ru,
                Violation::Touching {
                    contact: Contact::Corner,
                    ..
                },
            ) => "корабли касаются углами".to_string(),
            (
                Lang::En,
                Violation::Touching {
                    contact: Contact::Side,
                    ..
                },
            ) => "ships touch by their sides".to_string(),
            (
                Lang::En,
                Violation::Touching {
                    contact: Contact::Corner,
                    ..
                },
            ) => "ships touch at corners".to_string(),
            (Lang::Ru, Violation::Shape { problem, cells, .. }) => match problem {
                ShapeProblem::Bent => format!("{} изогнут", deck_name_ru(cells.len())),
                ShapeProblem::Disconnected => format!("{} разорван", deck_name_ru(cells.len())),
                ShapeProblem::Empty => "корабль без клеток".to_string(),
                ShapeProblem::NotPath => {
                    format!("{} не выстроен в цепочку", deck_name_ru(cells.len()))
                }
                ShapeProblem::Spread => {
                    format!("{} раскинут слишком широко", deck_name_ru(cells.len()))
                }
            },
            (Lang::En, Violation::Shape { problem, cells, .. }) => match problem {
                ShapeProblem::Bent => format!("{}-decker is bent", cells.len()),
                ShapeProblem::Disconnected => format!("{}-decker is not connected", cells.len()),
                ShapeProblem::Empty => "ship has no cells".to_string(),
                ShapeProblem::NotPath => {
                    format!(
                        "{}-decker is not a chain of neighbouring cells",
                        cells.len()
                    )
                }
                ShapeProblem::Spread => format!("{}-decker is spread too wide", cells.len()),
            },
            (Lang::Ru, Violation::Size { size, .. }) => {
                format!("корабля из {size} клеток нет во флоте")
            }
            (Lang::En, Violation::Size { size, .. }) => {
                format!("the fleet has no ship of {size} cells")
            }
            (
                Lang::Ru,
                Violation::Fleet {
                    size,
                    expected,
                    found,
                    ..
                },
            ) => format!(
                "{}: нужно {expected}, стоит {found}",
                plural_deck_name_ru(*size)
            ),
            (
                Lang::En,
                Violation::Fleet {
                    size,
                    expected,
                    found,
                    ..
                },
            ) => {
                format!("{size}-deckers: {expected} needed, {found} placed")
            }
            (lang, Violation::Piece { kind, problem, .. }) => piece_message(lang, *kind, *problem),
        };
        if cells.is_empty() {
            text
        } else {
            format!("{text}: {cells}")
        }
    }
}

fn piece_message(lang: Lang, kind: PieceKind, problem: PieceProblem) -> String {
    let (ru, ru_many, en) = match kind {
        PieceKind::Mine => ("мина", "мин", "mine"),
        PieceKind::Sweeper => ("тральщик", "тральщиков", "minesweeper"),
        PieceKind::Submarine => ("подлодка", "подлодок", "submarine"),
    };
    match (lang, problem) {
        (Lang::Ru, PieceProblem::OffBoard) => format!("{ru} за краем поля"),
        (Lang::En, PieceProblem::OffBoard) => format!("{en} is off the board"),
        (Lang::Ru, PieceProblem::Overlap) => format!("{ru} стоит на занятой клетке"),
        (Lang::En, PieceProblem::Overlap) => format!("{en} shares a cell"),
        (Lang::Ru, PieceProblem::Touches) => format!("{ru} касается соседа"),
        (Lang::En, PieceProblem::Touches) => format!("{en} touches a neighbour"),
        (Lang::Ru, PieceProblem::Count { expected, found }) => {
            format!("{ru_many}: нужно {expected}, стоит {found}")
        }
        (Lang::En, PieceProblem::Count { expected, found }) => {
            format!("{en}s: {expected} needed, {found} placed")
        }
    }
}

fn deck_name_ru(size: usize) -> String {
    match size {
        1 => "однопалубный".into(),
        2 => "двухпалубный".into(),
        3 => "трёхпалубный".into(),
        4 => "четырёхпалубный".into(),
        5 => "пятипалубный".into(),
        n => format!("{n}-палубный"),
    }
}

fn plural_deck_name_ru(size: usize) -> String {
    match size {
        1 => "однопалубных".into(),
        2 => "двухпалубных".into(),
        3 => "трёхпалубных".into(),
        4 => "четырёхпалубных".into(),
        5 => "пятипалубных".into(),
        n => format!("{n}-палубных"),
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En, CoordSystem::Latin))
    }
}
