//! Translation between the server's JSON messages and [`Action`]s and [`Update`]s.

use crate::update::{Action, EndReason, Ending, Fired, Snapshot, Update};
use seabattle_core::{
    Answer, CellSet, Coord, CoordSystem, Dims, Phase, PieceCells, Player, Rules, ShipSetup, Shot,
    SunkShip, TargetBoard,
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
        // Nor does it play the Flying Dutchman yet: worded the same way.
        Action::Relocate { cells, .. } => {
            let cells: Option<Vec<String>> = cells
                .as_ref()
                .map(|c| c.iter().map(Coord::to_string).collect());
            json!({"type": "relocate", "game": game, "cells": cells})
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
/// be read. `rules` are the game's (a snapshot brings its own).
pub fn decode(m: &Value, rules: &Rules) -> Result<Option<Update>, BadMessage> {
    let dims = rules.dims();
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
            shots_due: due(m),
        },
        "shot" => Update::Volley {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            shots: m["shots"]
                .as_array()
                .ok_or_else(|| bad("shots"))?
                .iter()
                .map(|s| fired(s, rules))
                .collect::<Option<_>>()
                .ok_or_else(|| bad("shots"))?,
            next: player(&m["next"]),
            shots_due: due(m),
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
            shots_due: due(m),
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

/// A message's `shots_due`; 1, the classic volley, from a server that does not say.
fn due(m: &Value) -> usize {
    m["shots_due"]
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(1)
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

/// A shot; a sunk ship's halo is the message's, or the rules' from a server that does
/// not send it.
fn fired(v: &Value, rules: &Rules) -> Option<Fired> {
    let dims = rules.dims();
    let answer: Answer = v["answer"].as_str()?.parse().ok()?;
    let sunk = if answer == Answer::Sunk {
        let ship = cells(&v["ship"], dims)?;
        let halo = match v.get("halo") {
            Some(h) => cells(h, dims)?,
            None => rules.halo(&ship),
        };
        Some(SunkShip { cells: ship, halo })
    } else {
        None
    };
    Fired::new(cell(&v["cell"], dims)?, answer, sunk)
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
        verdict_ru: v["audit"]["verdict_ru"].as_str().unwrap_or("").to_string(),
        pieces: [PieceCells::default(); 2],
    })
}

/// A board of a `state` message, fed into a [`TargetBoard`] as the shots it answers.
fn board(v: &Value, rules: &Rules) -> Option<TargetBoard> {
    let dims = rules.dims();
    let mut b = TargetBoard::new(rules);
    for c in cells(&v["misses"], dims)?.iter() {
        b.record(c, &Shot::Miss);
    }
    for c in cells(&v["hits"], dims)?.iter() {
        b.record(c, &Shot::Hit);
    }
    for s in v["sunk"].as_array()? {
        let ship = cells(s, dims)?;
        let sunk = SunkShip {
            cells: ship,
            halo: rules.halo(&ship),
        };
        b.record(ship.first()?, &Shot::Sunk(sunk));
    }
    Some(b)
}

fn snapshot(m: &Value) -> Result<Snapshot, &'static str> {
    let rules: Rules = m["rules"]
        .as_str()
        .ok_or("rules")?
        .parse()
        .map_err(|_| "rules")?;
    let dims = rules.dims();
    let phase = match m["phase"].as_str() {
        Some("placement") => Phase::Placement,
        Some("battle") => Phase::Battle,
        Some("over") => Phase::Over,
        _ => return Err("phase"),
    };
    let own = if m["own"]["fleet"].is_array() {
        Some(ships(&m["own"]["fleet"], dims).ok_or("own fleet")?)
    } else {
        None
    };
    let boards = m["boards"].as_array().ok_or("boards")?;
    let board = |i: usize| boards.get(i).and_then(|b| board(b, &rules)).ok_or("boards");
    Ok(Snapshot {
        phase,
        to_move: player(&m["to_move"]),
        shots_due: due(m),
        own,
        boards: [board(0)?, board(1)?],
        ending: if m["result"].is_object() {
            Some(ending(&m["result"], dims).ok_or("result")?)
        } else {
            None
        },
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_messages_decode() {
        let d = &Rules::classic();
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
        assert_eq!(s.own.as_ref().unwrap().len(), 10);
        assert_eq!(s.boards[0].sunk().len(), 1);
        let shot = json!({"type":"shot","game":"k","number":7,"player":1,
            "shots":[{"cell":"f6","answer":"sunk","ship":["f5","f6"]}],"next":1});
        let Some(Update::Volley { shots, next, .. }) = decode(&shot, d).unwrap() else {
            panic!("not a volley");
        };
        let Shot::Sunk(ship) = shots[0].shot else {
            panic!("not sunk");
        };
        assert_eq!(ship.cells.len(), 2);
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
        let d = &Rules::classic();
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
