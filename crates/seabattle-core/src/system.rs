//! Coordinate systems: how people name columns, and forgiving parsing of cell names.

use crate::coord::{Coord, Dims, MAX_SIDE};
use std::fmt;
use std::str::FromStr;

/// A way of naming columns. Rows are always numbered from 1 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CoordSystem {
    /// `a b c … z`: the canonical ASCII form used in files and protocols.
    #[default]
    Latin,
    /// `а б в г д е ж з и к л …`: Russian letters without «ё» and «й». Past «щ» the
    /// letters «ъ ы ь», which never name a column, are skipped too.
    Russian,
    /// `а б в г д е ё ж з и к л …`: Russian letters with «ё» (and without «й», «ъ ы ь»).
    RussianYo,
    /// The word «республика»: the n-th letter names column n; 10 columns only.
    Respublika,
    /// The word «снегурочка»: the n-th letter names column n; 10 columns only.
    Snegurochka,
}

const RUSSIAN: &str = "абвгдежзиклмнопрстуфхцчшщэюя";
const RUSSIAN_YO: &str = "абвгдеёжзиклмнопрстуфхцчшщэюя";

impl CoordSystem {
    /// Every system, in the order a settings menu lists them.
    pub const ALL: [CoordSystem; 5] = [
        CoordSystem::Latin,
        CoordSystem::Russian,
        CoordSystem::RussianYo,
        CoordSystem::Respublika,
        CoordSystem::Snegurochka,
    ];

    /// The name used on the command line and in files.
    pub const fn name(self) -> &'static str {
        match self {
            CoordSystem::Latin => "latin",
            CoordSystem::Russian => "russian",
            CoordSystem::RussianYo => "russian-yo",
            CoordSystem::Respublika => "республика",
            CoordSystem::Snegurochka => "снегурочка",
        }
    }

    fn letters(self) -> Vec<char> {
        match self {
            CoordSystem::Latin => ('a'..='z').collect(),
            CoordSystem::Russian => RUSSIAN.chars().collect(),
            CoordSystem::RussianYo => RUSSIAN_YO.chars().collect(),
            CoordSystem::Respublika => "республика".chars().collect(),
            CoordSystem::Snegurochka => "снегурочка".chars().collect(),
        }
    }

    /// How many columns this system can name.
    pub fn max_columns(self) -> u8 {
        (self.letters().len() as u8).min(MAX_SIDE)
    }

    /// Whether this system names every column of a board of `dims`.
    pub fn fits(self, dims: crate::coord::Dims) -> bool {
        self.max_columns() >= dims.width()
    }

    fn is_cyrillic(self) -> bool {
        self != CoordSystem::Latin
    }

    /// The letter of zero-based column `col`. `None` past [`CoordSystem::max_columns`].
    pub fn column_letter(self, col: u8) -> Option<char> {
        (col < self.max_columns()).then(|| self.letters()[usize::from(col)])
    }

    /// The name of a cell in this system, e.g. `в1`. Cells past the system's letters
    /// fall back to the canonical ASCII form rather than inventing a letter.
    pub fn format(self, c: Coord) -> String {
        match self.column_letter(c.col) {
            Some(l) => format!("{l}{}", u32::from(c.row) + 1),
            None => c.to_string(),
        }
    }

    /// Parses a cell name on a board of `dims`.
    ///
    /// Forgiving where it can be: any case, surrounding white space, and in a Russian
    /// system the Latin look-alikes of Cyrillic letters (`B1` reads as «В1»).
    /// Precise where it cannot be: an unknown letter, row 0, or a cell past the board is
    /// an error naming the problem.
    pub fn parse(self, input: &str, dims: Dims) -> Result<Coord, CoordError> {
        let err = |kind| CoordError {
            input: input.to_string(),
            system: self,
            kind,
        };
        let s = input.trim();
        let mut chars = s.chars();
        let Some(first) = chars.next() else {
            return Err(err(CoordErrorKind::Empty));
        };
        let digits = chars.as_str();
        let letter = self.normalize(first);
        let letters = self.letters();
        let Some(col) = letters.iter().position(|&l| l == letter) else {
            return Err(err(if first.is_ascii_digit() {
                CoordErrorKind::NoLetter
            } else if is_letter_of_other_system(letter) && !letters.contains(&letter) {
                CoordErrorKind::LetterNotInSystem(first)
            } else {
                CoordErrorKind::UnknownLetter(first)
            }));
        };
        if digits.is_empty() {
            return Err(err(CoordErrorKind::NoRow));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(err(CoordErrorKind::BadRow(digits.to_string())));
        }
        let row: u32 = digits
            .parse()
            .map_err(|_| err(CoordErrorKind::BadRow(digits.to_string())))?;
        if row == 0 {
            return Err(err(CoordErrorKind::RowZero));
        }
        if col >= usize::from(dims.width()) {
            return Err(err(CoordErrorKind::ColumnPastBoard {
                width: dims.width(),
            }));
        }
        if row > u32::from(dims.height()) {
            return Err(err(CoordErrorKind::RowPastBoard {
                height: dims.height(),
            }));
        }
        Ok(Coord::new(col as u8, (row - 1) as u8))
    }

    fn normalize(self, c: char) -> char {
        let lower = c.to_lowercase().next().unwrap_or(c);
        if self.is_cyrillic() {
            latin_lookalike(lower).unwrap_or(lower)
        } else {
            lower
        }
    }
}

/// The Cyrillic letter a Latin letter looks like, compared in lower case of the capital
/// form (`B` looks like «В», so `b` reads as «в»).
fn latin_lookalike(c: char) -> Option<char> {
    Some(match c {
        'a' => 'а',
        'b' => 'в',
        'c' => 'с',
        'e' => 'е',
        'h' => 'н',
        'k' => 'к',
        'm' => 'м',
        'o' => 'о',
        'p' => 'р',
        't' => 'т',
        'x' => 'х',
        'y' => 'у',
        _ => return None,
    })
}

fn is_letter_of_other_system(c: char) -> bool {
    c.is_ascii_lowercase() || ('а'..='я').contains(&c) || c == 'ё'
}

impl fmt::Display for CoordSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown coordinate-system name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSystem(pub String);

impl fmt::Display for UnknownSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown coordinate system {:?}: expected one of ",
            self.0
        )?;
        let names: Vec<&str> = CoordSystem::ALL.iter().map(|s| s.name()).collect();
        f.write_str(&names.join(", "))
    }
}

impl std::error::Error for UnknownSystem {}

impl FromStr for CoordSystem {
    type Err = UnknownSystem;
    fn from_str(s: &str) -> Result<Self, UnknownSystem> {
        let lower = s.trim().to_lowercase();
        Ok(match lower.as_str() {
            "latin" | "a-j" | "en" => CoordSystem::Latin,
            "russian" | "а-к" | "ru" => CoordSystem::Russian,
            "russian-yo" | "а-и" => CoordSystem::RussianYo,
            "республика" | "respublika" => CoordSystem::Respublika,
            "снегурочка" | "snegurochka" => CoordSystem::Snegurochka,
            _ => return Err(UnknownSystem(s.to_string())),
        })
    }
}

/// A cell name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordError {
    /// The text that was rejected.
    pub input: String,
    /// The system it was read in.
    pub system: CoordSystem,
    /// What was wrong with it.
    pub kind: CoordErrorKind,
}

/// What was wrong with a cell name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordErrorKind {
    /// Nothing but white space.
    Empty,
    /// Starts with a digit: the column letter is missing.
    NoLetter,
    /// A letter with no row number after it.
    NoRow,
    /// The character is not a column letter in any system.
    UnknownLetter(char),
    /// A letter of another system (e.g. «й», «ё» in `russian`, or a Latin letter with no
    /// Cyrillic look-alike in a Russian system).
    LetterNotInSystem(char),
    /// The row part is not a number.
    BadRow(String),
    /// Rows are numbered from 1.
    RowZero,
    /// The column lies past the right edge.
    ColumnPastBoard {
        /// Columns on the board.
        width: u8,
    },
    /// The row lies past the bottom edge.
    RowPastBoard {
        /// Rows on the board.
        height: u8,
    },
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {:?}: ", self.input)?;
        match &self.kind {
            CoordErrorKind::Empty => f.write_str("empty cell name"),
            CoordErrorKind::NoLetter => f.write_str("a cell name starts with a column letter"),
            CoordErrorKind::NoRow => f.write_str("row number missing after the column letter"),
            CoordErrorKind::UnknownLetter(c) => write!(f, "{c:?} is not a column letter"),
            CoordErrorKind::LetterNotInSystem(c) => {
                write!(
                    f,
                    "letter {c:?} is not used in the {} coordinate system",
                    self.system
                )
            }
            CoordErrorKind::BadRow(r) => write!(f, "row {r:?} is not a number"),
            CoordErrorKind::RowZero => f.write_str("rows are numbered from 1"),
            CoordErrorKind::ColumnPastBoard { width } => {
                let last = self.system.column_letter(width - 1).unwrap_or('?');
                write!(
                    f,
                    "column past the board (columns end at {last:?}, {width} in all)"
                )
            }
            CoordErrorKind::RowPastBoard { height } => {
                write!(f, "row past the board (rows are 1 to {height})")
            }
        }
    }
}

impl std::error::Error for CoordError {}

#[cfg(test)]
mod tests {
    use super::*;
    use CoordSystem::*;

    fn p(sys: CoordSystem, s: &str) -> Result<String, CoordErrorKind> {
        sys.parse(s, Dims::CLASSIC)
            .map(|c| c.to_string())
            .map_err(|e| e.kind)
    }

    #[test]
    fn forgiving_case_space_and_lookalikes() {
        assert_eq!(p(Russian, "В1").unwrap(), "c1");
        assert_eq!(p(Russian, " в1 ").unwrap(), "c1");
        assert_eq!(
            p(Russian, "B1").unwrap(),
            "c1",
            "Latin B looks like Cyrillic В"
        );
        assert_eq!(p(Russian, "k10").unwrap(), "j10");
        assert_eq!(p(Latin, "b10").unwrap(), "b10");
        assert_eq!(p(Latin, "J1").unwrap(), "j1");
    }

    #[test]
    fn precise_errors() {
        assert_eq!(
            p(Russian, "й1"),
            Err(CoordErrorKind::LetterNotInSystem('й'))
        );
        assert_eq!(
            p(Russian, "ё1"),
            Err(CoordErrorKind::LetterNotInSystem('ё'))
        );
        assert_eq!(p(Latin, "а1"), Err(CoordErrorKind::LetterNotInSystem('а')));
        assert_eq!(p(Latin, "a0"), Err(CoordErrorKind::RowZero));
        assert_eq!(
            p(Latin, "a11"),
            Err(CoordErrorKind::RowPastBoard { height: 10 })
        );
        assert_eq!(
            p(Latin, "k1"),
            Err(CoordErrorKind::ColumnPastBoard { width: 10 })
        );
        assert_eq!(p(Latin, "1a"), Err(CoordErrorKind::NoLetter));
        assert_eq!(p(Latin, "a"), Err(CoordErrorKind::NoRow));
        assert_eq!(p(Latin, "a1x"), Err(CoordErrorKind::BadRow("1x".into())));
        assert_eq!(p(Latin, "?1"), Err(CoordErrorKind::UnknownLetter('?')));
        assert_eq!(p(Latin, ""), Err(CoordErrorKind::Empty));
        let msg = Russian.parse("л1", Dims::CLASSIC).unwrap_err().to_string();
        assert!(msg.contains("'к'"), "{msg}");
    }

    #[test]
    fn words_name_columns() {
        assert_eq!(Respublika.format(Coord::new(0, 0)), "р1");
        assert_eq!(Snegurochka.format(Coord::new(9, 9)), "а10");
        assert_eq!(p(Snegurochka, "Н2").unwrap(), "b2");
        assert_eq!(RussianYo.format(Coord::new(6, 0)), "ё1");
        assert_eq!(RussianYo.format(Coord::new(7, 0)), "ж1");
        assert_eq!(RussianYo.format(Coord::new(9, 0)), "и1");
        assert_eq!(Russian.format(Coord::new(9, 0)), "к1");
    }

    #[test]
    fn every_system_round_trips_every_cell() {
        for sys in CoordSystem::ALL {
            let dims = Dims::new(u32::from(sys.max_columns()), 26).unwrap();
            for c in dims.cells() {
                assert_eq!(sys.parse(&sys.format(c), dims), Ok(c), "{sys} {c}");
                assert_eq!(
                    sys.parse(&sys.format(c).to_uppercase(), dims),
                    Ok(c),
                    "{sys} {c}"
                );
            }
            assert_eq!(sys.name().parse::<CoordSystem>(), Ok(sys));
        }
    }
}
