//! The fixed vocabularies of the protocol: each enum of its own serialises as exactly the
//! word the wire carries; where the rules crate or the referee already has the type
//! (`Phase`, `DutyKind`, `EndReason`, the rules' settings) the wire re-exports it, so
//! there is nothing to convert.

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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// A computer player of the given level.
    Computer,
    /// Whoever the game's code is sent to.
    Friend,
    /// Two people at one device: one connection plays both seats, the server says
    /// whose turn it is, and the client hands the device over between them.
    Hotseat,
}
words!(Opponent { Computer => "computer", Friend => "friend", Hotseat => "hotseat" });

/// Whether the connection plays or watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// The rules crate's own vocabularies, whose serde forms are the words of rules texts
/// and of this protocol: touching (`none`, `corners`, `allowed`), shapes (`straight`,
/// `any`, `path`), violations, pieces (`mine`, `sweeper`, `sub`), languages (`ru`, `en`)
/// and coordinate systems.
pub use seabattle_core::{CoordSystem, Lang, PieceKind, ShipShape, Touching, ViolationKind};

/// A placement habit the computer found in a player's past fleets (`learned`): its
/// stable name, the same as the bots crate's `Habit::name` (`docs/levels.md`); a page
/// says it in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum LearnedHabit {
    /// Every multi-decker in the left half of the board.
    HalfLeft,
    /// Every multi-decker in the right half.
    HalfRight,
    /// Every multi-decker in the top half.
    HalfTop,
    /// Every multi-decker in the bottom half.
    HalfBottom,
    /// Every multi-decker near the top left corner.
    CornerTopLeft,
    /// Every multi-decker near the top right corner.
    CornerTopRight,
    /// Every multi-decker near the bottom left corner.
    CornerBottomLeft,
    /// Every multi-decker near the bottom right corner.
    CornerBottomRight,
    /// Every multi-decker lying along a row.
    Horizontal,
    /// The big ships each in a quarter of its own.
    Apart,
    /// The one-deckers in the corner cells.
    SinglesInCorners,
    /// Ships along the border, often.
    HugLight,
    /// Ships along the border, nearly always.
    HugStrong,
}
words!(LearnedHabit {
    HalfLeft => "half-left",
    HalfRight => "half-right",
    HalfTop => "half-top",
    HalfBottom => "half-bottom",
    CornerTopLeft => "corner-top-left",
    CornerTopRight => "corner-top-right",
    CornerBottomLeft => "corner-bottom-left",
    CornerBottomRight => "corner-bottom-right",
    Horizontal => "horizontal",
    Apart => "apart",
    SinglesInCorners => "singles-in-corners",
    HugLight => "hug-light",
    HugStrong => "hug-strong",
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Each word serialises as itself.
    #[test]
    fn words_match_serde() {
        fn check<T: Serialize + for<'de> Deserialize<'de> + Copy + PartialEq>(
            all: &[T],
            word: fn(T) -> &'static str,
        ) {
            for &x in all {
                let text = serde_json::to_string(&x).unwrap();
                assert_eq!(text, format!("\"{}\"", word(x)));
                assert!(serde_json::from_str::<T>(&text).unwrap() == x);
            }
        }
        check(Opponent::ALL, Opponent::word);
        check(Role::ALL, Role::word);
        check(&Phase::ALL, Phase::word);
        check(&DutyKind::ALL, DutyKind::word);
        check(&EndReason::ALL, EndReason::word);
        check(&Touching::ALL, Touching::name);
        check(&ShipShape::ALL, ShipShape::name);
        check(&ViolationKind::ALL, ViolationKind::name);
        check(&PieceKind::ALL, PieceKind::word);
        check(&Lang::ALL, Lang::code);
        check(&CoordSystem::ALL, CoordSystem::name);
        check(LearnedHabit::ALL, LearnedHabit::word);
    }
}
