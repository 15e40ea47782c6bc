//! Translation between the server's messages ([`seabattle_wire`]) and [`Action`]s and
//! [`Update`]s.

use crate::update::{Action, Ending, Fired, Snapshot, Update, Who};
use seabattle_core::{
    Answer, CellSet, Coord, CoordSystem, Dims, Duty, DutyKind, Piece, PieceCells, PieceKind, Rules,
    ShipSetup, Shot, SunkShip, TargetBoard,
};
use seabattle_wire::{
    ClientMsg, DutyJson, ParseError, ResultJson, Role, ServerMsg, ShotJson, StateJson, TargetJson,
};

/// The message that carries `action` in game `game`.
pub fn encode(action: &Action, game: &str) -> ClientMsg {
    let game = game.to_string();
    match action {
        Action::Place { fleet, .. } => {
            let setup = fleet.to_setup();
            let words: Vec<String> = setup
                .ships
                .iter()
                .map(|s| s.format(CoordSystem::Latin))
                .chain(setup.pieces.iter().map(|p| p.format(CoordSystem::Latin)))
                .collect();
            ClientMsg::Place {
                game,
                fleet: Some(words),
            }
        }
        Action::Fire { cells, .. } => ClientMsg::Fire {
            game,
            cells: cells.iter().map(Coord::to_string).collect(),
        },
        Action::Reveal { cell, .. } => ClientMsg::Reveal {
            game,
            cell: cell.to_string(),
        },
        // Without cells the server draws a legal place.
        Action::Relocate { cells, .. } => ClientMsg::Relocate {
            game,
            cells: cells
                .as_ref()
                .map(|c| c.iter().map(Coord::to_string).collect()),
        },
        Action::Resign { .. } => ClientMsg::Resign { game },
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

/// What to tell the player about a frame that is no message this client can read, if
/// anything: a malformed message is shown like a message with a part that cannot be
/// read; a message of a type this client does not know (from a newer server) is
/// skipped, and said so.
pub fn unreadable_notice(e: &ParseError) -> String {
    match e {
        ParseError::UnknownType(kind) => format!(
            "skipped the server's {kind} messages: this client does not know them (a newer server?)"
        ),
        ParseError::BadMessage { kind, error } => {
            format!("the server's {kind} message could not be read: {error}")
        }
        ParseError::NotJson(why) => format!("the server sent something unreadable: {why}"),
    }
}

/// The updates a server message brings, in order (none for a message that changes
/// nothing here); an error names what could not be read. `rules` are the game's (a
/// snapshot brings its own).
pub fn decode(m: &ServerMsg, rules: &Rules) -> Result<Vec<Update>, BadMessage> {
    let first = decode_one(m, rules)?;
    // A move in the variants also says which reveal or move is owed now.
    let owed = match m {
        ServerMsg::Shot { duties, .. }
        | ServerMsg::Revealed { duties, .. }
        | ServerMsg::Relocated { duties, .. } => Some(Update::Owed {
            duty: oldest(duties),
            options: CellSet::EMPTY,
        }),
        _ => None,
    };
    Ok(first.into_iter().chain(owed).collect())
}

/// The oldest reveal owed in a message's `duties`.
fn oldest(duties: &[DutyJson]) -> Option<Duty> {
    duties.first().map(|d| Duty {
        player: d.player,
        kind: d.kind,
    })
}

fn decode_one(m: &ServerMsg, rules: &Rules) -> Result<Option<Update>, BadMessage> {
    let dims = rules.dims();
    let bad = |what: &str| BadMessage {
        kind: m.kind().to_string(),
        part: what.to_string(),
    };
    Ok(Some(match m {
        ServerMsg::Joined {
            game,
            role,
            seat,
            link,
            ..
        } => {
            if *role != Role::Player {
                return Err(bad("seat"));
            }
            Update::Seated {
                seat: seat.ok_or_else(|| bad("seat"))?,
                game: game.clone(),
                link: link.clone(),
            }
        }
        ServerMsg::State(s) => Update::Snapshot(Box::new(snapshot(s).map_err(bad)?)),
        ServerMsg::Placed { player, .. } => Update::Placed {
            seat: *player,
            ships: None,
            pieces: Box::default(),
        },
        ServerMsg::Battle {
            first, shots_due, ..
        } => Update::Battle {
            first: *first,
            shots_due: *shots_due,
        },
        ServerMsg::Shot {
            player,
            shots,
            dying: true,
            ..
        } => Update::Dying {
            player: *player,
            shot: shots
                .first()
                .and_then(|s| fired(s, rules))
                .ok_or_else(|| bad("shots"))?,
        },
        ServerMsg::Shot {
            player,
            shots,
            next,
            shots_due,
            ..
        } => Update::Volley {
            player: *player,
            shots: shots
                .iter()
                .map(|s| fired(s, rules))
                .collect::<Option<_>>()
                .ok_or_else(|| bad("shots"))?,
            next: *next,
            shots_due: *shots_due,
        },
        // A spectator's form has no cell: nothing to draw.
        ServerMsg::Revealed { cell: None, .. } => return Ok(None),
        ServerMsg::Revealed {
            player,
            kind,
            cell: Some(c),
            ..
        } => Update::Reveal {
            player: *player,
            cell: cell(c, dims).ok_or_else(|| bad("cell"))?,
            kind: *kind,
        },
        ServerMsg::RevealDue {
            player,
            kind,
            cells: options,
            ..
        } => Update::Owed {
            duty: Some(Duty {
                player: *player,
                kind: *kind,
            }),
            options: cells(options, dims).ok_or_else(|| bad("cells"))?,
        },
        // The owner's form has the new cells; the others' only says the ship moved.
        ServerMsg::Relocated {
            player,
            cells: ship,
            ..
        } => Update::Relocated {
            player: *player,
            ship: match ship {
                None => None,
                Some(c) => Some(cells(c, dims).ok_or_else(|| bad("cells"))?),
            },
        },
        ServerMsg::RelocateDue { player, .. } => Update::Owed {
            duty: Some(Duty {
                player: *player,
                kind: DutyKind::Relocate,
            }),
            options: CellSet::EMPTY,
        },
        ServerMsg::GameOver { result, .. } => {
            Update::Over(Box::new(ending(result, dims).ok_or_else(|| bad("result"))?))
        }
        ServerMsg::Error { message, .. } => Update::Refused(message.clone()),
        ServerMsg::Presence {
            player,
            present,
            name,
            account,
            ..
        } => Update::Presence {
            player: *player,
            present: *present,
            who: Who {
                name: name.clone(),
                account: account.clone(),
            },
        },
        ServerMsg::Rate { asked, rated, .. } => Update::Rate {
            asked: *asked,
            rated: *rated,
        },
        ServerMsg::Chat { player, phrase, .. } => Update::Chat {
            player: *player,
            phrase: *phrase,
        },
        ServerMsg::Timeout {
            player,
            next,
            shots_due,
            ..
        } => Update::Timeout {
            player: *player,
            next: *next,
            shots_due: *shots_due,
        },
        _ => return Ok(None),
    }))
}

fn cell(text: &str, dims: Dims) -> Option<Coord> {
    CoordSystem::Latin.parse(text, dims).ok()
}

fn cells(list: &[String], dims: Dims) -> Option<CellSet> {
    list.iter().map(|c| cell(c, dims)).collect()
}

fn ship(text: &str, dims: Dims) -> Option<CellSet> {
    let s = ShipSetup::parse(text, CoordSystem::Latin, dims).ok()?;
    Some(s.0.into_iter().collect())
}

/// A fleet's words: the ships, each as its cells, and the pieces (`mine:e5`, …).
fn fleet(words: &[String], dims: Dims) -> Option<(Vec<CellSet>, PieceCells)> {
    let mut ships = Vec::new();
    let mut pieces = PieceCells::default();
    for w in words {
        match Piece::parse(w, CoordSystem::Latin, dims) {
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
fn fired(s: &ShotJson, rules: &Rules) -> Option<Fired> {
    let dims = rules.dims();
    let sunk = if s.answer == Answer::Sunk {
        let ship = cells(s.ship.as_deref()?, dims)?;
        let halo = match &s.halo {
            Some(h) => cells(h, dims)?,
            None => rules.halo(&ship),
        };
        Some(SunkShip { cells: ship, halo })
    } else {
        None
    };
    Fired::new(cell(&s.cell, dims)?, s.answer, sunk)
}

fn ending(r: &ResultJson, dims: Dims) -> Option<Ending> {
    // A flying ship is shown where it stood at the end, not where it was placed.
    let fleets = r.fleets_at_end.as_ref().unwrap_or(&r.fleets);
    let (one, two) = (fleet(&fleets[0], dims)?, fleet(&fleets[1], dims)?);
    Some(Ending {
        winner: Some(r.winner),
        reason: r.reason,
        fleets: [one.0, two.0],
        verdict: r.audit.verdict.clone(),
        verdict_ru: r.audit.verdict_ru.clone(),
        pieces: [one.1, two.1],
        ratings: r.ratings.clone(),
    })
}

/// A board of a `state` message, fed into a [`TargetBoard`] as the shots it answers.
fn board(t: &TargetJson, rules: &Rules) -> Option<TargetBoard> {
    let dims = rules.dims();
    let mut b = TargetBoard::new(rules);
    for c in cells(&t.misses, dims)?.iter() {
        b.record(c, &Shot::Miss);
    }
    // Hits on a flying ship that has moved away since (a list other servers leave
    // out): recorded first, then the ship moves, then the hits where it stands now.
    let left = cells(&t.left, dims)?;
    for c in left.iter() {
        b.record(c, &Shot::Hit);
    }
    if !left.is_empty() {
        b.relocated();
    }
    for c in cells(&t.hits, dims)?.minus(&left).iter() {
        b.record(c, &Shot::Hit);
    }
    for s in &t.sunk {
        let ship = cells(s, dims)?;
        let sunk = SunkShip {
            cells: ship,
            halo: rules.halo(&ship),
        };
        b.record(ship.first()?, &Shot::Sunk(sunk));
    }
    // Pieces found by shots, and the cells shown after mines and minesweepers (lists a
    // server without the variants leaves out).
    for (list, shot) in [
        (&t.mines, Shot::Mine),
        (&t.sweepers, Shot::Sweeper),
        (&t.subs, Shot::Submarine),
    ] {
        cells(list, dims)?.iter().for_each(|c| b.record(c, &shot));
    }
    cells(&t.shown_ships, dims)?
        .iter()
        .for_each(|c| b.reveal(c, DutyKind::ShipCell));
    cells(&t.shown_mines, dims)?
        .iter()
        .for_each(|c| b.reveal(c, DutyKind::Mine));
    Some(b)
}

fn snapshot(s: &StateJson) -> Result<Snapshot, &'static str> {
    let rules: Rules = s.rules.parse().map_err(|_| "rules")?;
    let dims = rules.dims();
    let (own, own_pieces) = match s.own.as_ref().and_then(|o| o.fleet.as_ref()) {
        Some(words) => {
            let (ships, pieces) = fleet(words, dims).ok_or("own fleet")?;
            (Some(ships), pieces)
        }
        None => (None, PieceCells::default()),
    };
    let duty = oldest(&s.duties);
    // The cells this seat may show, when the oldest duty owed is its own reveal (a move
    // of a flying ship has no cells to show).
    let options = match duty {
        Some(d) if s.seat == Some(d.player) && d.kind.is_reveal() => s
            .reveal
            .as_ref()
            .and_then(|r| cells(&r.cells, dims))
            .ok_or("reveal")?,
        _ => CellSet::EMPTY,
    };
    let board = |i: usize| board(&s.boards[i], &rules).ok_or("boards");
    Ok(Snapshot {
        phase: s.phase,
        to_move: s.to_move,
        shots_due: s.shots_due,
        own,
        own_pieces,
        duty,
        options,
        boards: [board(0)?, board(1)?],
        ending: match &s.result {
            Some(r) => Some(ending(r, dims).ok_or("result")?),
            None => None,
        },
        rated: s.rated,
        who: [0, 1].map(|i| Who {
            name: s.names[i].clone(),
            account: s.accounts[i].clone(),
        }),
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::{Phase, Player};
    use serde_json::{Value, json};

    /// `m` with the fields of protocol v1 it leaves out filled with neutral values (the
    /// fixtures here name only what the client reads), read as a [`ServerMsg`] and
    /// decoded; a message that cannot be read is a [`BadMessage`] too.
    fn decode(m: &Value, rules: &Rules) -> Result<Vec<Update>, BadMessage> {
        let m = ServerMsg::from_value(full(m.clone())).map_err(|e| BadMessage {
            kind: m["type"].as_str().unwrap_or("").to_string(),
            part: e.to_string(),
        })?;
        super::decode(&m, rules)
    }

    /// Adds to the object `v` the fields of `with` it lacks.
    fn fill(v: &mut Value, with: Value) {
        if let (Some(o), Value::Object(w)) = (v.as_object_mut(), with) {
            for (k, x) in w {
                o.entry(k).or_insert(x);
            }
        }
    }

    fn full(mut m: Value) -> Value {
        // Fields a message type does not have are ignored.
        fill(
            &mut m,
            json!({"game":"k","number":1,"left":[],"decks":0,"link":"/g/k"}),
        );
        match m["type"].as_str() {
            Some("state") => {
                let role = if m["seat"].is_null() {
                    "spectator"
                } else {
                    "player"
                };
                fill(
                    &mut m,
                    json!({"role":role,"mode":"friend","placed":[true,true],"duties":[],
                    "spec":{"width":10,"height":10,"fleet":[4,3,3,2,2,2,1,1,1,1],"touching":"none",
                        "shape":"straight","hit_again":true,"shots":"1","mines":0,"sweepers":0,
                        "subs":0,"pieces_touch":false,"flying":false},
                    "presence":[{"present":true,"away_secs":null},{"present":true,"away_secs":null}],
                    "names":[null,null],"strikes":[0,0],"moves":0,"phase":"placement",
                    "boards":[{"misses":[],"hits":[],"sunk":[]},{"misses":[],"hits":[],"sunk":[]}]}),
                );
                if let Some(boards) = m["boards"].as_array_mut() {
                    for b in boards {
                        fill(b, json!({"empty":[],"afloat":[]}));
                    }
                }
            }
            Some("game_over") => {
                let result = &mut m["result"];
                fill(
                    result,
                    json!({"salts":["",""],"commitments":["",""],"record":"","audit":{}}),
                );
                fill(
                    &mut result["audit"],
                    json!({"verdict":"","verdict_ru":"","faults":[[],[]]}),
                );
            }
            _ => {}
        }
        m
    }

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
        assert_eq!(e.ratings, None);
        let mut rated = over.clone();
        rated["result"]["ratings"] = json!([
            {"before":1500,"after":1662,"provisional_before":true,"provisional_after":true},
            {"before":1500,"after":1338,"provisional_before":true,"provisional_after":true}]);
        let Some(Update::Over(e)) = decode(&rated, d).unwrap().into_iter().next() else {
            panic!("not an ending");
        };
        assert_eq!(e.ratings.map(|r| r[1].after), Some(1338));
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
