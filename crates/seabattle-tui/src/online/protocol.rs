//! Translation between the server's JSON messages and [`Action`]s and [`Update`]s.

use crate::update::{Action, EndReason, Ending, Fired, Knowledge, Snapshot, Update};
use seabattle_core::{
    Answer, CellSet, Coord, CoordSystem, Dims, Phase, PieceCells, Player, ShipSetup,
};
use serde_json::{Value, json};

/// The message that carries `action` in game `game`.
pub fn encode(action: &Action, game: &str) -> Value {
    match action {
        Action::Place { fleet, .. } => {
            let ships: Vec<String> = fleet
                .to_setup()
                .ships
                .iter()
                .map(|s| s.format(CoordSystem::Latin))
                .collect();
            json!({"type": "place", "game": game, "fleet": ships})
        }
        Action::Fire { cells, .. } => {
            let cells: Vec<String> = cells.iter().map(Coord::to_string).collect();
            json!({"type": "fire", "game": game, "cells": cells})
        }
        // The server has no reveal yet and refuses rules with pieces, so this is never
        // sent today; it is worded as a future server would read it.
        Action::Reveal { cell, .. } => {
            json!({"type": "reveal", "game": game, "cell": cell.to_string()})
        }
        Action::Resign { .. } => json!({"type": "resign", "game": game}),
    }
}

/// A server message that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMessage {
    /// The message's type.
    pub kind: String,
    /// The part that could not be read.
    pub part: String,
}

impl std::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the server's {} message has no readable {}",
            self.kind, self.part
        )
    }
}

impl std::error::Error for BadMessage {}

/// The update a server message brings, if it brings one; an error names what could not
/// be read. `dims` is the board the cells are on.
pub fn decode(m: &Value, dims: Dims) -> Result<Option<Update>, BadMessage> {
    let ty = m["type"].as_str().unwrap_or("");
    let bad = |what: &str| BadMessage {
        kind: ty.to_string(),
        part: what.to_string(),
    };
    Ok(Some(match ty {
        "joined" => {
            if m["role"] != "player" {
                return Err(bad("seat"));
            }
            Update::Seated {
                seat: player(&m["seat"]).ok_or_else(|| bad("seat"))?,
                game: m["game"].as_str().ok_or_else(|| bad("game"))?.to_string(),
                link: m["link"].as_str().unwrap_or("").to_string(),
            }
        }
        "state" => Update::Snapshot(Box::new(snapshot(m).map_err(bad)?)),
        "placed" => Update::Placed {
            seat: player(&m["player"]).ok_or_else(|| bad("player"))?,
            ships: None,
            pieces: Box::default(),
        },
        "battle" => Update::Battle {
            first: player(&m["first"]).ok_or_else(|| bad("first"))?,
        },
        "shot" => Update::Volley {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            shots: m["shots"]
                .as_array()
                .ok_or_else(|| bad("shots"))?
                .iter()
                .map(|s| fired(s, dims))
                .collect::<Option<_>>()
                .ok_or_else(|| bad("shots"))?,
            next: player(&m["next"]),
        },
        "game_over" => Update::Over(Box::new(
            ending(&m["result"], dims).ok_or_else(|| bad("result"))?,
        )),
        "error" => Update::Refused(m["message"].as_str().unwrap_or("refused").to_string()),
        "presence" => Update::Presence {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            present: m["present"] == true,
        },
        "timeout" => Update::Timeout {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            next: player(&m["next"]),
        },
        _ => return Ok(None),
    }))
}

fn player(v: &Value) -> Option<Player> {
    match v.as_u64()? {
        1 => Some(Player::One),
        2 => Some(Player::Two),
        _ => None,
    }
}

fn cell(v: &Value, dims: Dims) -> Option<Coord> {
    CoordSystem::Latin.parse(v.as_str()?, dims).ok()
}

fn cells(v: &Value, dims: Dims) -> Option<CellSet> {
    v.as_array()?.iter().map(|c| cell(c, dims)).collect()
}

fn ship(v: &Value, dims: Dims) -> Option<CellSet> {
    let s = ShipSetup::parse(v.as_str()?, CoordSystem::Latin, dims).ok()?;
    Some(s.0.into_iter().collect())
}

fn ships(v: &Value, dims: Dims) -> Option<Vec<CellSet>> {
    v.as_array()?.iter().map(|s| ship(s, dims)).collect()
}

fn fired(v: &Value, dims: Dims) -> Option<Fired> {
    let answer: Answer = v["answer"].as_str()?.parse().ok()?;
    Some(Fired {
        cell: cell(&v["cell"], dims)?,
        answer,
        ship: if answer == Answer::Sunk {
            Some(cells(&v["ship"], dims)?)
        } else {
            None
        },
    })
}

fn ending(v: &Value, dims: Dims) -> Option<Ending> {
    let fleets = v["fleets"].as_array()?;
    Some(Ending {
        winner: player(&v["winner"]),
        reason: match v["reason"].as_str()? {
            "fleet_sunk" => EndReason::FleetSunk,
            "timeout" => EndReason::Timeout,
            _ => EndReason::Resigned,
        },
        fleets: [ships(fleets.first()?, dims)?, ships(fleets.get(1)?, dims)?],
        verdict: v["audit"]["verdict"].as_str().unwrap_or("").to_string(),
        pieces: [PieceCells::default(); 2],
    })
}

fn knowledge(v: &Value, dims: Dims) -> Option<Knowledge> {
    Some(Knowledge {
        misses: cells(&v["misses"], dims)?,
        hits: cells(&v["hits"], dims)?,
        sunk: v["sunk"]
            .as_array()?
            .iter()
            .map(|s| cells(s, dims))
            .collect::<Option<_>>()?,
    })
}

fn snapshot(m: &Value) -> Result<Snapshot, &'static str> {
    let rules_text = m["rules"].as_str().ok_or("rules")?;
    let rules: seabattle_core::Rules = rules_text.parse().map_err(|_| "rules")?;
    let dims = rules.dims();
    let phase = match m["phase"].as_str() {
        Some("placement") => Phase::Placement,
        Some("battle") => Phase::Battle,
        Some("over") => Phase::Over,
        _ => return Err("phase"),
    };
    let own = if m["own"]["fleet"].is_array() {
        Some((
            ships(&m["own"]["fleet"], dims).ok_or("own fleet")?,
            cells(&m["own"]["incoming"], dims).ok_or("incoming shots")?,
        ))
    } else {
        None
    };
    let boards = m["boards"].as_array().ok_or("boards")?;
    let board = |i: usize| {
        boards
            .get(i)
            .and_then(|b| knowledge(b, dims))
            .ok_or("boards")
    };
    Ok(Snapshot {
        rules: rules_text.to_string(),
        phase,
        to_move: player(&m["to_move"]),
        own,
        boards: [board(0)?, board(1)?],
        ending: if m["result"].is_object() {
            Some(ending(&m["result"], dims).ok_or("result")?)
        } else {
            None
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_messages_decode() {
        let d = Dims::CLASSIC;
        let state = json!({"type":"state","game":"k7m2qx9p4a","role":"player","seat":1,"rules":"classic",
            "mode":"computer:hard","clock":30,"phase":"battle","placed":[true,true],
            "to_move":1,"shots_due":1,
            "own":{"fleet":["a1-d1","a3-c3","a5-b5","a7","c7","d5-e5","e3-g3","e7","g5-h5","g7"],
                   "incoming":["b2","a1"]},
            "boards":[{"misses":["e5"],"hits":["f5","f6"],"sunk":[["f5","f6"]]},
                      {"misses":["b2"],"hits":["a1"],"sunk":[]}],
            "result":null,"next_game":null});
        let Some(Update::Snapshot(s)) = decode(&state, d).unwrap() else {
            panic!("not a snapshot");
        };
        assert_eq!(s.phase, Phase::Battle);
        assert_eq!(s.to_move, Some(Player::One));
        assert_eq!(s.own.as_ref().unwrap().0.len(), 10);
        assert_eq!(s.boards[0].sunk.len(), 1);
        let shot = json!({"type":"shot","game":"k","number":7,"player":1,
            "shots":[{"cell":"f6","answer":"sunk","ship":["f5","f6"]}],"next":1});
        let Some(Update::Volley { shots, next, .. }) = decode(&shot, d).unwrap() else {
            panic!("not a volley");
        };
        assert_eq!(shots[0].ship.unwrap().len(), 2);
        assert_eq!(next, Some(Player::One));
        let over = json!({"type":"game_over","game":"k","result":{
            "winner":1,"reason":"fleet_sunk",
            "fleets":[["a1-d1","a7"],["a10","b1-b4"]],
            "audit":{"verdict":"the result stands: player 1 wins by sinking the fleet","faults":[[],[]]}}});
        let Some(Update::Over(e)) = decode(&over, d).unwrap() else {
            panic!("not an ending");
        };
        assert_eq!(e.fleets[1][1].len(), 4);
        assert!(e.verdict.starts_with("the result stands"));
        assert!(decode(&json!({"type":"pong"}), d).unwrap().is_none());
    }

    #[test]
    fn unreadable_messages_are_errors_not_panics() {
        let d = Dims::CLASSIC;
        for m in [
            json!({"type":"shot","player":1,"shots":[{"cell":"z99","answer":"miss"}]}),
            json!({"type":"shot","player":3,"shots":[]}),
            json!({"type":"state","rules":"nonsense"}),
            json!({"type":"joined","role":"spectator"}),
            json!({"type":"game_over","result":{"fleets":[]}}),
        ] {
            assert!(decode(&m, d).is_err(), "{m}");
        }
    }
}
