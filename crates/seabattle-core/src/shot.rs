//! The answer to a shot, bare ([`Answer`]) and full ([`Shot`]), as the rules, the
//! records and every client speak it.

use crate::cellset::CellSet;
use crate::lang::Lang;
use std::fmt;
use std::str::FromStr;

/// The answer to a shot, as spoken: «Мимо!», «Ранил!», «Убил!».
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Nothing there.
    Miss,
    /// A ship is hit but still afloat.
    Hit,
    /// The ship's last deck is hit.
    Sunk,
    /// An enemy mine: the shooter shows its owner a cell of one of their ships, and
    /// the turn passes.
    Mine,
    /// An enemy minesweeper: the shooter shows its owner one of their unspent mines,
    /// and the turn passes.
    Sweeper,
    /// An enemy submarine, sunk by the one shot; it fires a dying shot back.
    Submarine,
}

impl Answer {
    /// The spoken answer.
    pub const fn text(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::Ru, Answer::Miss) => "Мимо!",
            (Lang::Ru, Answer::Hit) => "Ранил!",
            (Lang::Ru, Answer::Sunk) => "Убил!",
            (Lang::Ru, Answer::Mine) => "Мина!",
            (Lang::Ru, Answer::Sweeper) => "Тральщик!",
            (Lang::Ru, Answer::Submarine) => "Подлодка!",
            (Lang::En, Answer::Miss) => "Miss!",
            (Lang::En, Answer::Hit) => "Hit!",
            (Lang::En, Answer::Sunk) => "Sunk!",
            (Lang::En, Answer::Mine) => "Mine!",
            (Lang::En, Answer::Sweeper) => "Minesweeper!",
            (Lang::En, Answer::Submarine) => "Submarine!",
        }
    }

    /// The protocol word: `miss`, `hit`, `sunk`, and in the variants `mine`,
    /// `sweeper` or `sub`.
    pub const fn word(self) -> &'static str {
        match self {
            Answer::Miss => "miss",
            Answer::Hit => "hit",
            Answer::Sunk => "sunk",
            Answer::Mine => "mine",
            Answer::Sweeper => "sweeper",
            Answer::Submarine => "sub",
        }
    }

    /// Whether the shot found a ship.
    pub const fn is_hit(self) -> bool {
        matches!(self, Answer::Hit | Answer::Sunk)
    }

    /// Whether the shot was a success that earns another shot where hits do: a ship
    /// hit or sunk, or a submarine sunk.
    pub const fn is_success(self) -> bool {
        matches!(self, Answer::Hit | Answer::Sunk | Answer::Submarine)
    }

    /// Whether the shot set off a mine or minesweeper, which passes the turn.
    pub const fn is_setback(self) -> bool {
        matches!(self, Answer::Mine | Answer::Sweeper)
    }
}

impl FromStr for Answer {
    type Err = String;
    /// Reads the protocol words and the spoken answers of both languages, with the
    /// seeds' variants («Попал!», «Потопил!», «Ранила!», «Ранил(а)!»…).
    fn from_str(s: &str) -> Result<Answer, String> {
        let t = s
            .trim()
            .trim_end_matches('!')
            .to_lowercase()
            .replace("(а)", "");
        let t = t
            .strip_suffix('а')
            .filter(|t| t.ends_with('л'))
            .unwrap_or(&t);
        Ok(match t {
            "miss" | "мимо" => Answer::Miss,
            "hit" | "ранил" | "попал" => Answer::Hit,
            "sunk" | "убил" | "потопил" => Answer::Sunk,
            "mine" | "мина" => Answer::Mine,
            "sweeper" | "minesweeper" | "тральщик" => Answer::Sweeper,
            "sub" | "submarine" | "подлодка" => Answer::Submarine,
            _ => {
                return Err(format!(
                    "{s:?} is not an answer (Мимо!/Ранил!/Убил!, Miss!/Hit!/Sunk!)"
                ));
            }
        })
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A ship that has just sunk, as both players now see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SunkShip {
    /// The ship's cells.
    pub cells: CellSet,
    /// Cells around it where, by the rules, no ship can be.
    pub halo: CellSet,
}

/// The full result of one shot.
#[allow(
    clippy::large_enum_variant,
    reason = "shots are returned by value a handful at a time; boxing would cost an allocation per sink"
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shot {
    /// «Мимо!»
    Miss,
    /// «Ранил!»
    Hit,
    /// «Убил!», with the ship.
    Sunk(SunkShip),
    /// «Мина!»: an enemy mine, now spent.
    Mine,
    /// «Тральщик!»: an enemy minesweeper.
    Sweeper,
    /// «Подлодка!»: an enemy submarine, sunk; its dying shot follows as a move of
    /// its own ([`crate::Move::Dying`]).
    Submarine,
}

impl Shot {
    /// The bare answer.
    pub const fn answer(&self) -> Answer {
        match self {
            Shot::Miss => Answer::Miss,
            Shot::Hit => Answer::Hit,
            Shot::Sunk(_) => Answer::Sunk,
            Shot::Mine => Answer::Mine,
            Shot::Sweeper => Answer::Sweeper,
            Shot::Submarine => Answer::Submarine,
        }
    }
}
