//! JSON forms (feature `serde`): cells as canonical strings (`"a1"`), players as 1 and 2,
//! answers as `"miss"`/`"hit"`/`"sunk"`, rules as their text (a preset name or the full
//! form) or as an object, ships as their text (`"a1-d1"`).

use crate::cellset::CellSet;
use crate::coord::{Coord, Dims};
use crate::fleet::{FleetSetup, ShipSetup};
use crate::lang::Lang;
use crate::phase::{Duty, DutyKind, Phase, WinReason};
use crate::piece::PieceKind;
use crate::player::Player;
use crate::record::{GameRecord, Move};
use crate::rules::{Rules, RulesSpec, ShipShape, Shots, Touching};
use crate::shot::{Answer, SunkShip};
use crate::system::CoordSystem;
use crate::violation::ViolationKind;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Coord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        let s = String::deserialize(d)?;
        CoordSystem::Latin
            .parse(&s, Dims::LARGEST)
            .map_err(D::Error::custom)
    }
}

impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        match u8::deserialize(d)? {
            1 => Ok(Player::One),
            2 => Ok(Player::Two),
            n => Err(D::Error::custom(format!("player {n} is not 1 or 2"))),
        }
    }
}

impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.word())
    }
}

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Answer, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

impl Serialize for ShipSetup {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.format(CoordSystem::Latin))
    }
}

impl<'de> Deserialize<'de> for ShipSetup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ShipSetup, D::Error> {
        let s = String::deserialize(d)?;
        ShipSetup::parse(&s, CoordSystem::Latin, Dims::LARGEST).map_err(D::Error::custom)
    }
}

/// A fleet is an array of strings: each ship as in the text form, then each piece as
/// `mine:e5`, `sweeper:c3` or `sub:j10`.
impl Serialize for FleetSetup {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let ships = self.ships.iter().map(|x| x.format(CoordSystem::Latin));
        let pieces = self.pieces.iter().map(|p| p.format(CoordSystem::Latin));
        s.collect_seq(ships.chain(pieces))
    }
}

impl<'de> Deserialize<'de> for FleetSetup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FleetSetup, D::Error> {
        let mut out = FleetSetup::default();
        for word in Vec::<String>::deserialize(d)? {
            out.push_word(&word, CoordSystem::Latin, Dims::LARGEST)
                .map_err(D::Error::custom)?;
        }
        Ok(out)
    }
}

/// The object form of rules; every field but `fleet` defaults to the classic value.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesObject {
    #[serde(default = "ten")]
    width: u32,
    #[serde(default = "ten")]
    height: u32,
    fleet: Vec<u32>,
    #[serde(default = "touch_none")]
    touching: String,
    #[serde(default = "straight")]
    shape: String,
    #[serde(default = "yes")]
    hit_again: bool,
    #[serde(default = "one")]
    shots: serde_json_like::ShotsValue,
    #[serde(default)]
    mines: u8,
    #[serde(default)]
    sweepers: u8,
    #[serde(default)]
    subs: u8,
    #[serde(default)]
    pieces_touch: bool,
    #[serde(default)]
    flying: bool,
}

fn ten() -> u32 {
    10
}
fn touch_none() -> String {
    "none".into()
}
fn straight() -> String {
    "straight".into()
}
fn yes() -> bool {
    true
}
fn one() -> serde_json_like::ShotsValue {
    serde_json_like::ShotsValue::Number(1)
}

mod serde_json_like {
    use serde::{Deserialize, Serialize};

    /// `shots` is a number or the string `"afloat"`.
    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    pub enum ShotsValue {
        Number(u32),
        Word(String),
    }
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Text(String),
            Object(RulesObject),
        }
        match Form::deserialize(d)? {
            Form::Text(t) => t.parse().map_err(D::Error::custom),
            Form::Object(o) => {
                let touching = Touching::from_name(&o.touching).ok_or_else(|| {
                    D::Error::custom(format!(
                        "touching {:?} is not none, corners or allowed",
                        o.touching
                    ))
                })?;
                let shape = ShipShape::from_name(&o.shape).ok_or_else(|| {
                    D::Error::custom(format!("shape {:?} is not straight, any or path", o.shape))
                })?;
                let shots = match o.shots {
                    serde_json_like::ShotsValue::Word(w) if w == "afloat" => Shots::ShipsAfloat,
                    serde_json_like::ShotsValue::Number(n) if (1..=255).contains(&n) => {
                        Shots::Fixed(n as u8)
                    }
                    _ => return Err(D::Error::custom("shots is a number from 1 or \"afloat\"")),
                };
                Rules::new(RulesSpec {
                    width: o.width,
                    height: o.height,
                    fleet: o.fleet,
                    touching,
                    shape,
                    hit_again: o.hit_again,
                    shots,
                    pieces: crate::rules::Pieces {
                        mines: o.mines,
                        sweepers: o.sweepers,
                        submarines: o.subs,
                        may_touch: o.pieces_touch,
                    },
                    flying: o.flying,
                })
                .map_err(D::Error::custom)
            }
        }
    }
}

/// One move of a game record (`GET /games/ID/record.json`, docs/notation.md's JSON
/// form).
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RecordMove"))]
#[serde(deny_unknown_fields)]
pub struct MoveObject {
    player: Player,
    /// Each shot of the volley: the cell and its answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(type = "[string, Answer][]"))]
    shots: Vec<(Coord, Answer)>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    resign: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pass: bool,
    /// A sunk submarine's dying shot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "[string, Answer]"))]
    dying: Option<(Coord, Answer)>,
    /// The cell shown after a mine or a minesweeper.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    reveal: Option<Coord>,
    /// A flying ship's new cells, as a ship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    relocate: Option<ShipSetup>,
}

impl MoveObject {
    fn of(player: Player) -> MoveObject {
        MoveObject {
            player,
            shots: Vec::new(),
            resign: false,
            pass: false,
            dying: None,
            reveal: None,
            relocate: None,
        }
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let o = match self {
            Move::Volley { player, shots } => MoveObject {
                player: *player,
                shots: shots.clone(),
                ..MoveObject::of(*player)
            },
            Move::Resign { player } => MoveObject {
                player: *player,
                resign: true,
                ..MoveObject::of(*player)
            },
            Move::Pass { player } => MoveObject {
                player: *player,
                pass: true,
                ..MoveObject::of(*player)
            },
            Move::Dying {
                player,
                cell,
                answer,
            } => MoveObject {
                player: *player,
                dying: Some((*cell, *answer)),
                ..MoveObject::of(*player)
            },
            Move::Reveal { player, cell } => MoveObject {
                player: *player,
                reveal: Some(*cell),
                ..MoveObject::of(*player)
            },
            Move::Relocate { player, cells } => MoveObject {
                player: *player,
                relocate: Some(ShipSetup(cells.clone())),
                ..MoveObject::of(*player)
            },
        };
        o.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let o = MoveObject::deserialize(d)?;
        let forms = usize::from(!o.shots.is_empty())
            + usize::from(o.resign)
            + usize::from(o.pass)
            + usize::from(o.dying.is_some())
            + usize::from(o.reveal.is_some())
            + usize::from(o.relocate.is_some());
        if forms == 0 {
            return Err(D::Error::custom(
                "a move needs shots, \"resign\": true or \"pass\": true",
            ));
        }
        if forms > 1 {
            return Err(D::Error::custom(
                "a move is one of shots, a resignation or a pass",
            ));
        }
        let player = o.player;
        Ok(if o.resign {
            Move::Resign { player }
        } else if o.pass {
            Move::Pass { player }
        } else if let Some((cell, answer)) = o.dying {
            Move::Dying {
                player,
                cell,
                answer,
            }
        } else if let Some(cell) = o.reveal {
            Move::Reveal { player, cell }
        } else if let Some(ship) = o.relocate {
            Move::Relocate {
                player,
                cells: ship.0,
            }
        } else {
            Move::Volley {
                player,
                shots: o.shots,
            }
        })
    }
}

/// A game record, JSON form (`record.json`).
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameRecord"))]
#[serde(deny_unknown_fields)]
pub struct RecordObject {
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    rules: Rules,
    first: Player,
    #[cfg_attr(feature = "ts", ts(type = "[string[], string[]]"))]
    fleets: [FleetSetup; 2],
    #[cfg_attr(feature = "ts", ts(as = "Vec<MoveObject>"))]
    moves: Vec<Move>,
}

impl Serialize for GameRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordObject {
            rules: self.rules.clone(),
            first: self.first,
            fleets: self.fleets.clone(),
            moves: self.moves.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
        let o = RecordObject::deserialize(d)?;
        Ok(GameRecord {
            rules: o.rules,
            first: o.first,
            fleets: o.fleets,
            moves: o.moves,
        })
    }
}

/// A cell set is an array of its cells in board order.
impl Serialize for CellSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CellSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CellSet, D::Error> {
        Ok(Vec::<Coord>::deserialize(d)?.into_iter().collect())
    }
}

/// Serialises a fixed vocabulary as its word, and reads it back from any of `ALL`.
macro_rules! by_word {
    ($($ty:ty: $word:ident, $what:literal;)+) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.$word())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let w = String::deserialize(d)?;
                <$ty>::ALL
                    .into_iter()
                    .find(|x| x.$word() == w)
                    .ok_or_else(|| D::Error::custom(format!("{w:?} is not {}", $what)))
            }
        }
    )+};
}

by_word! {
    DutyKind: word, "a duty (ship_cell, mine or relocate)";
    Phase: word, "a phase";
    WinReason: word, "a way to win";
    Touching: name, "a touching rule (none, corners or allowed)";
    ShipShape: name, "a ship shape (straight, any or path)";
    ViolationKind: name, "a kind of violation";
    PieceKind: word, "a piece (mine, sweeper or sub)";
    Lang: code, "a language (ru or en)";
    CoordSystem: name, "a coordinate system";
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DutyObject {
    player: Player,
    kind: DutyKind,
}

impl Serialize for Duty {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        DutyObject {
            player: self.player,
            kind: self.kind,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Duty {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Duty, D::Error> {
        let o = DutyObject::deserialize(d)?;
        Ok(Duty {
            player: o.player,
            kind: o.kind,
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SunkObject {
    cells: CellSet,
    halo: CellSet,
}

impl Serialize for SunkShip {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SunkObject {
            cells: self.cells,
            halo: self.halo,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for SunkShip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SunkShip, D::Error> {
        let o = SunkObject::deserialize(d)?;
        Ok(SunkShip {
            cells: o.cells,
            halo: o.halo,
        })
    }
}
