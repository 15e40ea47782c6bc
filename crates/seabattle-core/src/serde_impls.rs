//! JSON forms (feature `serde`): cells as canonical strings (`"a1"`), players as 1 and 2,
//! answers as `"miss"`/`"hit"`/`"sunk"`, rules as their text (a preset name or the full
//! form) or as an object, ships as their text (`"a1-d1"`).

use crate::coord::{Coord, Dims};
use crate::fleet::{FleetSetup, ShipSetup};
use crate::game::{Answer, Player};
use crate::record::{GameRecord, Move};
use crate::rules::{Rules, RulesSpec, ShipShape, Shots, Touching};
use crate::system::CoordSystem;
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

impl Serialize for FleetSetup {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.ships.serialize(s)
    }
}

impl<'de> Deserialize<'de> for FleetSetup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FleetSetup, D::Error> {
        Ok(FleetSetup {
            ships: Vec::deserialize(d)?,
        })
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
                let touching = match o.touching.as_str() {
                    "none" => Touching::Forbidden,
                    "corners" => Touching::Corners,
                    "allowed" => Touching::Allowed,
                    t => {
                        return Err(D::Error::custom(format!(
                            "touching {t:?} is not none, corners or allowed"
                        )));
                    }
                };
                let shape = match o.shape.as_str() {
                    "straight" => ShipShape::Straight,
                    "any" => ShipShape::Any,
                    t => {
                        return Err(D::Error::custom(format!(
                            "shape {t:?} is not straight or any"
                        )));
                    }
                };
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
                })
                .map_err(D::Error::custom)
            }
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveObject {
    player: Player,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    shots: Vec<(Coord, Answer)>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    resign: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pass: bool,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let o = match self {
            Move::Volley { player, shots } => MoveObject {
                player: *player,
                shots: shots.clone(),
                resign: false,
                pass: false,
            },
            Move::Resign { player } => MoveObject {
                player: *player,
                shots: Vec::new(),
                resign: true,
                pass: false,
            },
            Move::Pass { player } => MoveObject {
                player: *player,
                shots: Vec::new(),
                resign: false,
                pass: true,
            },
        };
        o.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let o = MoveObject::deserialize(d)?;
        match (o.resign, o.pass, o.shots.is_empty()) {
            (true, false, true) => Ok(Move::Resign { player: o.player }),
            (false, true, true) => Ok(Move::Pass { player: o.player }),
            (false, false, false) => Ok(Move::Volley {
                player: o.player,
                shots: o.shots,
            }),
            (false, false, true) => Err(D::Error::custom(
                "a move needs shots, \"resign\": true or \"pass\": true",
            )),
            _ => Err(D::Error::custom(
                "a move is one of shots, a resignation or a pass",
            )),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordObject {
    rules: Rules,
    first: Player,
    fleets: [FleetSetup; 2],
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
