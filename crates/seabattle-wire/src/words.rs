//! The fixed vocabularies of the protocol: each enum serialises as exactly the word the
//! wire has always carried, and converts from (and, where it can, to) the rules crate's
//! own type.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares `word()` and `Display` from a list of `Variant => "word"`.
macro_rules! words {
    ($ty:ident { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $ty {
            /// The word on the wire.
            pub const fn word(self) -> &'static str {
                match self {
                    $($ty::$variant => $word),+
                }
            }

            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

/// Who a new game is against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// A computer player of the given level.
    Computer,
    /// Whoever the game's code is sent to.
    Friend,
}
words!(Opponent { Computer => "computer", Friend => "friend" });

/// Whether the connection plays or watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A player in a seat.
    Player,
    /// A spectator.
    Spectator,
}
words!(Role { Player => "player", Spectator => "spectator" });

/// Where the game is (`placement`, `battle`, `over`), what a player owes (`ship_cell`,
/// `mine`, `relocate`) and how a game ended (`fleet_sunk`, `resigned`, `timeout`): the
/// rules crate's and the referee's own types, whose serde forms are these words.
pub use seabattle_core::{DutyKind, Phase};
pub use seabattle_table::EndReason;

/// Whether ships may touch: `none`, `corners` or `allowed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Touching {
    /// Ships may not touch at all (`none`).
    #[serde(rename = "none")]
    Forbidden,
    /// Ships may touch at corners only.
    Corners,
    /// Ships may touch.
    Allowed,
}
words!(Touching { Forbidden => "none", Corners => "corners", Allowed => "allowed" });

impl From<seabattle_core::Touching> for Touching {
    fn from(t: seabattle_core::Touching) -> Touching {
        match t {
            seabattle_core::Touching::Forbidden => Touching::Forbidden,
            seabattle_core::Touching::Corners => Touching::Corners,
            seabattle_core::Touching::Allowed => Touching::Allowed,
        }
    }
}

impl From<Touching> for seabattle_core::Touching {
    fn from(t: Touching) -> seabattle_core::Touching {
        match t {
            Touching::Forbidden => seabattle_core::Touching::Forbidden,
            Touching::Corners => seabattle_core::Touching::Corners,
            Touching::Allowed => seabattle_core::Touching::Allowed,
        }
    }
}

/// The shapes ships may take: `straight`, `any` or `path`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipShape {
    /// Straight lines only.
    Straight,
    /// Any connected shape.
    Any,
    /// A line of side or corner neighbours (the Flying Dutchman).
    Path,
}
words!(ShipShape { Straight => "straight", Any => "any", Path => "path" });

impl From<seabattle_core::ShipShape> for ShipShape {
    fn from(s: seabattle_core::ShipShape) -> ShipShape {
        match s {
            seabattle_core::ShipShape::Straight => ShipShape::Straight,
            seabattle_core::ShipShape::Any => ShipShape::Any,
            seabattle_core::ShipShape::Path => ShipShape::Path,
        }
    }
}

impl From<ShipShape> for seabattle_core::ShipShape {
    fn from(s: ShipShape) -> seabattle_core::ShipShape {
        match s {
            ShipShape::Straight => seabattle_core::ShipShape::Straight,
            ShipShape::Any => seabattle_core::ShipShape::Any,
            ShipShape::Path => seabattle_core::ShipShape::Path,
        }
    }
}

/// The kind of rule a fleet breaks: `bounds`, `overlap`, `touching`, `shape`, `size` or
/// `fleet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ViolationKind {
    /// A ship goes off the board.
    Bounds,
    /// Ships share a cell.
    Overlap,
    /// Ships touch where the rules forbid it.
    Touching,
    /// A ship's shape is not allowed.
    Shape,
    /// A ship's size is not in the fleet.
    Size,
    /// The fleet's make-up is wrong.
    Fleet,
}
words!(ViolationKind {
    Bounds => "bounds",
    Overlap => "overlap",
    Touching => "touching",
    Shape => "shape",
    Size => "size",
    Fleet => "fleet",
});

impl From<seabattle_core::ViolationKind> for ViolationKind {
    fn from(k: seabattle_core::ViolationKind) -> ViolationKind {
        match k {
            seabattle_core::ViolationKind::Bounds => ViolationKind::Bounds,
            seabattle_core::ViolationKind::Overlap => ViolationKind::Overlap,
            seabattle_core::ViolationKind::Touching => ViolationKind::Touching,
            seabattle_core::ViolationKind::Shape => ViolationKind::Shape,
            seabattle_core::ViolationKind::Size => ViolationKind::Size,
            seabattle_core::ViolationKind::Fleet => ViolationKind::Fleet,
        }
    }
}

/// A piece of seed 004's variants: `mine`, `sweeper` or `sub`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// A mine.
    Mine,
    /// A minesweeper.
    Sweeper,
    /// A submarine (`sub`).
    #[serde(rename = "sub")]
    Submarine,
}
words!(PieceKind { Mine => "mine", Sweeper => "sweeper", Submarine => "sub" });

impl From<seabattle_core::PieceKind> for PieceKind {
    fn from(k: seabattle_core::PieceKind) -> PieceKind {
        match k {
            seabattle_core::PieceKind::Mine => PieceKind::Mine,
            seabattle_core::PieceKind::Sweeper => PieceKind::Sweeper,
            seabattle_core::PieceKind::Submarine => PieceKind::Submarine,
        }
    }
}

impl From<PieceKind> for seabattle_core::PieceKind {
    fn from(k: PieceKind) -> seabattle_core::PieceKind {
        match k {
            PieceKind::Mine => seabattle_core::PieceKind::Mine,
            PieceKind::Sweeper => seabattle_core::PieceKind::Sweeper,
            PieceKind::Submarine => seabattle_core::PieceKind::Submarine,
        }
    }
}

/// The language of messages worded by the rules engine: `ru` or `en`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// Russian.
    Ru,
    /// English.
    En,
}
words!(Lang { Ru => "ru", En => "en" });

impl From<seabattle_core::Lang> for Lang {
    fn from(l: seabattle_core::Lang) -> Lang {
        match l {
            seabattle_core::Lang::Ru => Lang::Ru,
            seabattle_core::Lang::En => Lang::En,
        }
    }
}

impl From<Lang> for seabattle_core::Lang {
    fn from(l: Lang) -> seabattle_core::Lang {
        match l {
            Lang::Ru => seabattle_core::Lang::Ru,
            Lang::En => seabattle_core::Lang::En,
        }
    }
}

/// A coordinate system's name: `latin`, `russian`, `russian-yo`, `республика` or
/// `снегурочка`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum CoordSystem {
    /// `a1`…
    #[serde(rename = "latin")]
    Latin,
    /// `а1`… without `ё` and `й`.
    #[serde(rename = "russian")]
    Russian,
    /// `а1`… with `ё`.
    #[serde(rename = "russian-yo")]
    RussianYo,
    /// The columns spell «республика».
    #[serde(rename = "республика")]
    Respublika,
    /// The columns spell «снегурочка».
    #[serde(rename = "снегурочка")]
    Snegurochka,
}
words!(CoordSystem {
    Latin => "latin",
    Russian => "russian",
    RussianYo => "russian-yo",
    Respublika => "республика",
    Snegurochka => "снегурочка",
});

impl From<seabattle_core::CoordSystem> for CoordSystem {
    fn from(c: seabattle_core::CoordSystem) -> CoordSystem {
        match c {
            seabattle_core::CoordSystem::Latin => CoordSystem::Latin,
            seabattle_core::CoordSystem::Russian => CoordSystem::Russian,
            seabattle_core::CoordSystem::RussianYo => CoordSystem::RussianYo,
            seabattle_core::CoordSystem::Respublika => CoordSystem::Respublika,
            seabattle_core::CoordSystem::Snegurochka => CoordSystem::Snegurochka,
        }
    }
}

impl From<CoordSystem> for seabattle_core::CoordSystem {
    fn from(c: CoordSystem) -> seabattle_core::CoordSystem {
        match c {
            CoordSystem::Latin => seabattle_core::CoordSystem::Latin,
            CoordSystem::Russian => seabattle_core::CoordSystem::Russian,
            CoordSystem::RussianYo => seabattle_core::CoordSystem::RussianYo,
            CoordSystem::Respublika => seabattle_core::CoordSystem::Respublika,
            CoordSystem::Snegurochka => seabattle_core::CoordSystem::Snegurochka,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each word serialises as itself and agrees with the rules crate's own word.
    #[test]
    fn words_match_serde_and_the_rules_crate() {
        fn check<T: Serialize + for<'de> Deserialize<'de> + Copy + fmt::Display + PartialEq>(
            all: &[T],
        ) {
            for &x in all {
                let text = serde_json::to_string(&x).unwrap();
                assert_eq!(text, format!("\"{x}\""));
                assert!(serde_json::from_str::<T>(&text).unwrap() == x);
            }
        }
        check(Opponent::ALL);
        check(Role::ALL);
        check(&Phase::ALL);
        check(&DutyKind::ALL);
        check(&EndReason::ALL);
        check(Touching::ALL);
        check(ShipShape::ALL);
        check(ViolationKind::ALL);
        check(PieceKind::ALL);
        check(Lang::ALL);
        check(CoordSystem::ALL);
        for &t in Touching::ALL {
            assert_eq!(t.word(), seabattle_core::Touching::from(t).name());
        }
        for &s in ShipShape::ALL {
            assert_eq!(s.word(), seabattle_core::ShipShape::from(s).name());
        }
        for &k in PieceKind::ALL {
            assert_eq!(k.word(), seabattle_core::PieceKind::from(k).word());
        }
        for &l in Lang::ALL {
            assert_eq!(l.word(), seabattle_core::Lang::from(l).code());
        }
        for &c in CoordSystem::ALL {
            assert_eq!(c.word(), seabattle_core::CoordSystem::from(c).name());
        }
        for k in [
            seabattle_core::ViolationKind::Bounds,
            seabattle_core::ViolationKind::Overlap,
            seabattle_core::ViolationKind::Touching,
            seabattle_core::ViolationKind::Shape,
            seabattle_core::ViolationKind::Size,
            seabattle_core::ViolationKind::Fleet,
        ] {
            assert_eq!(ViolationKind::from(k).word(), k.name());
        }
    }
}
