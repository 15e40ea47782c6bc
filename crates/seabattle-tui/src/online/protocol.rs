//! Translation between the server's JSON messages and [`Action`]s and [`Update`]s.

use crate::update::{Action, EndReason, Ending, Fired, Snapshot, Update};
use seabattle_core::{
    Answer, CellSet, Coord, CoordSystem, Dims, Duty, DutyKind, Phase, Piece, PieceCells, PieceKind,
    Player, Rules, ShipSetup, Shot, SunkShip, TargetBoard,
};
use serde_json::{Value, json};

/// The message that carries `action` in game `game`.
pub fn encode(action: &Action, game: &str) -> Value {
    match action {
        Action::Place { fleet, .. } => {
            let setup = fleet.to_setup();
            let words: Vec<String> = setup
                .ships
                .iter()
                .map(|s| s.format(CoordSystem::Latin))
                .chain(setup.pieces.iter().map(|p| p.format(CoordSystem::Latin)))
                .collect();
            json!({"type": "place", "game": game, "fleet": words})
        }
        Action::Fire { cells, .. } => {
            let cells: Vec<String> = cells.iter().map(Coord::to_string).collect();
            json!({"type": "fire", "game": game, "cells": cells})
        }
        Action::Reveal { cell, .. } => {
            json!({"type": "reveal", "game": game, "cell": cell.to_string()})
        }
        // Without cells the server draws a legal place.
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

/// The updates a server message brings, in order (none for a message that changes
/// nothing here); an error names what could not be read. `rules` are the game's (a
/// snapshot brings its own).
pub fn decode(m: &Value, rules: &Rules) -> Result<Vec<Update>, BadMessage> {
    let ty = m["type"].as_str().unwrap_or("");
    let bad = |what: &str| BadMessage {
        kind: ty.to_string(),
        part: what.to_string(),
    };
    let first = decode_one(m, rules)?;
    // A move in the variants also says which reveal or move is owed now.
    let owed = match ty {
        "shot" | "revealed" | "relocated" => Some(Update::Owed {
            duty: duties(&m["duties"]).ok_or_else(|| bad("duties"))?,
            options: CellSet::EMPTY,
        }),
        _ => None,
    };
    Ok(first.into_iter().chain(owed).collect())
}

/// The oldest reveal owed in `v` (a message's `duties`; absent means none).
fn duties(v: &Value) -> Option<Option<Duty>> {
    let Some(list) = v.as_array() else {
        return v.is_null().then_some(None);
    };
    let Some(d) = list.first() else {
        return Some(None);
    };
    Some(Some(Duty {
        player: player(&d["player"])?,
        kind: duty_kind(&d["kind"])?,
    }))
}

fn duty_kind(v: &Value) -> Option<DutyKind> {
    match v.as_str()? {
        "ship_cell" => Some(DutyKind::ShipCell),
        "mine" => Some(DutyKind::Mine),
        "relocate" => Some(DutyKind::Relocate),
        _ => None,
    }
}

fn decode_one(m: &Value, rules: &Rules) -> Result<Option<Update>, BadMessage> {
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
        "shot" if m["dying"] == true => Update::Dying {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            shot: m["shots"]
                .get(0)
                .and_then(|s| fired(s, rules))
                .ok_or_else(|| bad("shots"))?,
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
        // A spectator's form has no cell: nothing to draw.
        "revealed" if m["cell"].is_null() => return Ok(None),
        "revealed" => Update::Reveal {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            cell: cell(&m["cell"], dims).ok_or_else(|| bad("cell"))?,
            kind: duty_kind(&m["kind"]).ok_or_else(|| bad("kind"))?,
        },
        "reveal_due" => Update::Owed {
            duty: Some(Duty {
                player: player(&m["player"]).ok_or_else(|| bad("player"))?,
                kind: duty_kind(&m["kind"]).ok_or_else(|| bad("kind"))?,
            }),
            options: cells(&m["cells"], dims).ok_or_else(|| bad("cells"))?,
        },
        // The owner's form has the new cells; the others' only says the ship moved.
        "relocated" => Update::Relocated {
            player: player(&m["player"]).ok_or_else(|| bad("player"))?,
            ship: match m.get("cells") {
                None | Some(Value::Null) => None,
                Some(c) => Some(cells(c, dims).ok_or_else(|| bad("cells"))?),
            },
        },
        "relocate_due" => Update::Owed {
            duty: Some(Duty {
                player: player(&m["player"]).ok_or_else(|| bad("player"))?,
                kind: DutyKind::Relocate,
            }),
            options: CellSet::EMPTY,
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

/// A fleet's words: the ships, each as its cells, and the pieces (`mine:e5`, …).
fn fleet(v: &Value, dims: Dims) -> Option<(Vec<CellSet>, PieceCells)> {
    let mut ships = Vec::new();
    let mut pieces = PieceCells::default();
    for w in v.as_array()? {
        match Piece::parse(w.as_str()?, CoordSystem::Latin, dims) {
            Some(p) => {
                let p = p.ok()?;
                let set = match p.kind {
                    PieceKind::Mine => &mut pieces.mines,
                    PieceKind::Sweeper => &mut pieces.sweepers,
                    PieceKind::Submarine => &mut pieces.submarines,
                };
                set.insert(p.cell);
            }
            None => ships.push(ship(w, dims)?),
        }
    }
    Some((ships, pieces))
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
    // A flying ship is shown where it stood at the end, not where it was placed.
    let fleets = v["fleets_at_end"]
        .as_array()
        .or_else(|| v["fleets"].as_array())?;
    let (one, two) = (fleet(fleets.first()?, dims)?, fleet(fleets.get(1)?, dims)?);
    Some(Ending {
        winner: player(&v["winner"]),
        reason: match v["reason"].as_str()? {
            "fleet_sunk" => EndReason::FleetSunk,
            "timeout" => EndReason::Timeout,
            _ => EndReason::Resigned,
        },
        fleets: [one.0, two.0],
        verdict: v["audit"]["verdict"].as_str().unwrap_or("").to_string(),
        verdict_ru: v["audit"]["verdict_ru"].as_str().unwrap_or("").to_string(),
        pieces: [one.1, two.1],
    })
}

/// A board of a `state` message, fed into a [`TargetBoard`] as the shots it answers.
fn board(v: &Value, rules: &Rules) -> Option<TargetBoard> {
    let dims = rules.dims();
    let mut b = TargetBoard::new(rules);
    for c in cells(&v["misses"], dims)?.iter() {
        b.record(c, &Shot::Miss);
    }
    // Hits on a flying ship that has moved away since (a list other servers leave
    // out): recorded first, then the ship moves, then the hits where it stands now.
    let left = match v.get("left") {
        None => CellSet::EMPTY,
        Some(list) => cells(list, dims)?,
    };
    for c in left.iter() {
        b.record(c, &Shot::Hit);
    }
    if !left.is_empty() {
        b.relocated();
    }
    for c in cells(&v["hits"], dims)?.minus(&left).iter() {
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
    // Pieces found by shots, and the cells shown after mines and minesweepers (lists a
    // server without the variants leaves out).
    let more = |key: &str| match v.get(key) {
        None => Some(CellSet::EMPTY),
        Some(list) => cells(list, dims),
    };
    for (key, shot) in [
        ("mines", Shot::Mine),
        ("sweepers", Shot::Sweeper),
        ("subs", Shot::Submarine),
    ] {
        more(key)?.iter().for_each(|c| b.record(c, &shot));
    }
    more("shown_ships")?
        .iter()
        .for_each(|c| b.reveal(c, DutyKind::ShipCell));
    more("shown_mines")?
        .iter()
        .for_each(|c| b.reveal(c, DutyKind::Mine));
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
    let (own, own_pieces) = if m["own"]["fleet"].is_array() {
        let (ships, pieces) = fleet(&m["own"]["fleet"], dims).ok_or("own fleet")?;
        (Some(ships), pieces)
    } else {
        (None, PieceCells::default())
    };
    let duty = duties(&m["duties"]).ok_or("duties")?;
    // The cells this seat may show, when the oldest reveal owed is its own.
    let options = match duty {
        Some(d) if m["seat"] == d.player.number() => {
            cells(&m["reveal"]["cells"], dims).ok_or("reveal")?
        }
        _ => CellSet::EMPTY,
    };
    let boards = m["boards"].as_array().ok_or("boards")?;
    let board = |i: usize| boards.get(i).and_then(|b| board(b, &rules)).ok_or("boards");
    Ok(Snapshot {
        phase,
        to_move: player(&m["to_move"]),
        shots_due: due(m),
        own,
        own_pieces,
        duty,
        options,
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
        let Some(Update::Snapshot(s)) = decode(&state, d).unwrap().into_iter().next() else {
            panic!("not a snapshot");
        };
        assert_eq!(s.phase, Phase::Battle);
        assert_eq!(s.to_move, Some(Player::One));
        assert_eq!(s.own.as_ref().unwrap().len(), 10);
        assert_eq!(s.boards[0].sunk().len(), 1);
        let shot = json!({"type":"shot","game":"k","number":7,"player":1,
            "shots":[{"cell":"f6","answer":"sunk","ship":["f5","f6"]}],"next":1});
        let Some(Update::Volley { shots, next, .. }) = decode(&shot, d).unwrap().into_iter().next()
        else {
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
        let Some(Update::Over(e)) = decode(&over, d).unwrap().into_iter().next() else {
            panic!("not an ending");
        };
        assert_eq!(e.fleets[1][1].len(), 4);
        assert!(e.verdict.starts_with("the result stands"));
        assert!(decode(&json!({"type":"pong"}), d).unwrap().is_empty());
    }

    #[test]
    fn the_piece_messages_decode() {
        let d = &Rules::preset(seabattle_core::Preset::Mines);
        let c = |n: &str| CoordSystem::Latin.parse(n, d.dims()).unwrap();
        let owe = Some(Duty {
            player: Player::Two,
            kind: DutyKind::ShipCell,
        });
        let shot = json!({"type":"shot","game":"k","number":9,"player":2,
            "shots":[{"cell":"h10","answer":"mine"}],"next":1,"shots_due":1,
            "duties":[{"player":2,"kind":"ship_cell"}]});
        let u = decode(&shot, d).unwrap();
        assert!(matches!(&u[0], Update::Volley { shots, .. } if shots[0].shot == Shot::Mine));
        assert!(matches!(&u[1], Update::Owed { duty, .. } if *duty == owe));
        let due = json!({"type":"reveal_due","game":"k","player":2,"kind":"ship_cell","cells":["a1","b1"]});
        let u = decode(&due, d).unwrap();
        assert!(
            matches!(&u[..], [Update::Owed { duty, options }] if *duty == owe && options.len() == 2)
        );
        let shown = json!({"type":"revealed","game":"k","number":10,"player":2,"kind":"ship_cell",
            "cell":"a1","next":1,"shots_due":1});
        let u = decode(&shown, d).unwrap();
        assert!(matches!(&u[0], Update::Reveal { cell, .. } if *cell == c("a1")));
        assert!(matches!(&u[1], Update::Owed { duty: None, .. }));
        // A spectator's form (no cell) changes nothing drawn here but the duties.
        let u = decode(
            &json!({"type":"revealed","player":2,"kind":"mine","next":1}),
            d,
        )
        .unwrap();
        assert!(matches!(&u[..], [Update::Owed { duty: None, .. }]));
        let dying = json!({"type":"shot","game":"k","number":11,"player":1,"dying":true,
            "shots":[{"cell":"j3","answer":"hit"}],"next":2,"shots_due":1});
        let u = decode(&dying, d).unwrap();
        assert!(
            matches!(&u[0], Update::Dying { player: Player::One, shot } if shot.cell == c("j3"))
        );
        let state = json!({"type":"state","seat":2,"rules":"mines","phase":"battle",
            "to_move":1,"shots_due":1,"duties":[{"player":2,"kind":"ship_cell"}],
            "reveal":{"kind":"ship_cell","cells":["a1"]},
            "own":{"fleet":["a1-d1","mine:h10","mine:j10"],"incoming":["h10"]},
            "boards":[{"misses":[],"hits":[],"sunk":[],"mines":[],"shown_ships":["e3"]},
                      {"misses":[],"hits":[],"sunk":[],"mines":["h10"]}],"result":null});
        let Some(Update::Snapshot(s)) = decode(&state, d).unwrap().into_iter().next() else {
            panic!("not a snapshot");
        };
        assert_eq!((s.duty, s.options.len()), (owe, 1));
        assert_eq!(s.own_pieces.mines.len(), 2);
        assert!(s.boards[0].shown_ships().contains(c("e3")));
        assert!(s.boards[1].found().mines.contains(c("h10")));
        let over = json!({"type":"game_over","result":{"winner":1,"reason":"fleet_sunk",
            "fleets":[["a1-d1","mine:h10"],["b1-b4","sub:j1"]],"audit":{"verdict":"v"}}});
        let Some(Update::Over(e)) = decode(&over, d).unwrap().into_iter().next() else {
            panic!("not an ending");
        };
        assert!(e.pieces[0].mines.contains(c("h10")) && e.pieces[1].submarines.contains(c("j1")));
        let bad = json!({"type":"reveal_due","player":2,"kind":"ship","cells":[]});
        assert!(decode(&bad, d).is_err());
    }

    #[test]
    fn the_dutchman_messages_decode() {
        let d = &Rules::preset(seabattle_core::Preset::Dutchman);
        let c = |n: &str| CoordSystem::Latin.parse(n, d.dims()).unwrap();
        let due = json!({"type":"relocate_due","game":"k","player":2,"decks":5,"lost":["a20"]});
        let owe = Some(Duty {
            player: Player::Two,
            kind: DutyKind::Relocate,
        });
        let u = decode(&due, d).unwrap();
        assert!(matches!(&u[..], [Update::Owed { duty, .. }] if *duty == owe));
        let mine = json!({"type":"relocated","game":"k","number":4,"player":2,
            "cells":["k10","l11"],"next":1,"shots_due":1});
        let u = decode(&mine, d).unwrap();
        assert!(
            matches!(&u[0], Update::Relocated { player: Player::Two, ship: Some(s) }
            if s.contains(c("l11")) && s.len() == 2)
        );
        assert!(matches!(&u[1], Update::Owed { duty: None, .. }));
        // The opponent's and the spectators' form: only that the ship moved.
        let theirs = json!({"type":"relocated","player":2,"next":1,"shots_due":1});
        let u = decode(&theirs, d).unwrap();
        assert!(matches!(&u[0], Update::Relocated { ship: None, .. }));
        // A deck left behind: still a hit, no longer open, one deck fewer afloat.
        let state = json!({"type":"state","seat":1,"rules":"dutchman","phase":"battle",
            "to_move":1,"shots_due":1,"duties":[],
            "own":{"fleet":["k10+l11+m12+n13+o14"],"incoming":["a1"],"lost":["a1"]},
            "boards":[{"misses":[],"hits":["a20","b20"],"left":["a20"],"sunk":[]},
                      {"misses":[],"hits":["a1"],"left":["a1"],"sunk":[]}],"result":null});
        let Some(Update::Snapshot(s)) = decode(&state, d).unwrap().into_iter().next() else {
            panic!("not a snapshot");
        };
        assert!(s.boards[0].hits().contains(c("a20")));
        assert_eq!(s.boards[0].open_hits(), CellSet::single(c("b20")));
        assert_eq!(s.boards[0].afloat(), &[5]);
        assert!(decode(&json!({"type":"relocated","player":2,"cells":["zz"]}), d).is_err());
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
