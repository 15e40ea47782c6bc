//! The TypeScript of the JSON forms (feature `ts`), for seabattle-wire's generator of
//! the page's `wire.d.ts`. These forms are serialised by hand (`serde_impls.rs`), so a
//! derive cannot see them: each vocabulary's union is made here from its `ALL` and the
//! very word it serialises as, so a word added to the rules reaches the page's types.

use crate::lang::Lang;
use crate::phase::{DutyKind, Phase};
use crate::piece::PieceKind;
use crate::player::Player;
use crate::rules::{ShipShape, Touching};
use crate::shot::Answer;
use crate::system::CoordSystem;
use crate::violation::ViolationKind;
use ts_rs::{Config, TS};

/// One move of it: `RecordMove` on the page.
pub use crate::serde_impls::MoveObject as RecordMoveJson;
/// A game record's JSON form: `GameRecord` on the page.
pub use crate::serde_impls::RecordObject as GameRecordJson;

/// The words of `all`, quoted, as a TypeScript union.
fn union<T: Copy>(all: &[T], word: fn(T) -> &'static str) -> String {
    let words: Vec<String> = all.iter().map(|&x| format!("\"{}\"", word(x))).collect();
    words.join(" | ")
}

/// Declares `TS` for a type whose JSON form is `inline`, named `name` on the page.
macro_rules! ts_as {
    ($($ty:ty: $name:literal = $inline:expr;)+) => {$(
        impl TS for $ty {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;

            fn name(_: &Config) -> String {
                $name.into()
            }

            fn inline(_: &Config) -> String {
                $inline
            }

            fn decl(cfg: &Config) -> String {
                format!("type {} = {};", $name, Self::inline(cfg))
            }

            fn decl_concrete(cfg: &Config) -> String {
                Self::decl(cfg)
            }
        }
    )+};
}

ts_as! {
    Player: "Player" = "1 | 2".into();
    Answer: "Answer" = union(
        &[Answer::Miss, Answer::Hit, Answer::Sunk, Answer::Mine, Answer::Sweeper, Answer::Submarine],
        Answer::word,
    );
    DutyKind: "DutyKind" = union(&DutyKind::ALL, DutyKind::word);
    Phase: "Phase" = union(&Phase::ALL, Phase::word);
    Touching: "Touching" = union(&Touching::ALL, Touching::name);
    ShipShape: "ShipShape" = union(&ShipShape::ALL, ShipShape::name);
    ViolationKind: "ViolationKind" = union(&ViolationKind::ALL, ViolationKind::name);
    PieceKind: "PieceKind" = union(&PieceKind::ALL, PieceKind::word);
    Lang: "Lang" = union(&Lang::ALL, Lang::code);
    CoordSystem: "CoordSystem" = union(&CoordSystem::ALL, CoordSystem::name);
}
