//! The referee's events as protocol messages: each event cut down for each seat and
//! for spectators by the table's one filter, then sent to whoever is connected.

use crate::game::room::{Room, cells, duties_json};
use crate::protocol::{DutyJson, LoggedShotJson, ServerMsg, ShotJson};
use seabattle_core::{Game, Move, Player};
use seabattle_table::{Event, Fired, Viewer};

/// Sends `events` to both seats and every spectator, each as they may see it. Most
/// events read the same to every viewer: each distinct message is written out once.
pub fn tell(room: &mut Room, events: &[Event]) {
    room.spectators.retain(|c| !c.is_closed());
    let duties = duties_json(room.game());
    for e in events {
        let mut last: Option<(Event, String)> = None;
        for viewer in Viewer::ALL {
            let watched = match viewer {
                Viewer::Seat(p) => room.seats[p].conn.is_some(),
                Viewer::Spectator => !room.spectators.is_empty(),
            };
            if !watched {
                continue;
            }
            let seen = e.for_viewer(viewer);
            let text = match &last {
                Some((same, text)) if *same == seen => text.clone(),
                _ => {
                    let Some(msg) = message(room, &seen, &duties) else {
                        continue;
                    };
                    let text = msg.to_text();
                    last = Some((seen, text.clone()));
                    text
                }
            };
            match viewer {
                Viewer::Seat(p) => room.send_text(p, text),
                Viewer::Spectator => room.spectators.iter().for_each(|c| c.send(text.clone())),
            }
        }
    }
}

/// Every shot of `game` so far, oldest first: its volleys' shots and the dying shots
/// of sunk submarines (the move list; reveals and moves of a ship are told otherwise).
pub fn shot_log(game: &Game) -> Vec<LoggedShotJson> {
    let mut log = Vec::new();
    for m in game.moves() {
        match m {
            Move::Volley { player, shots } => {
                log.extend(shots.iter().map(|(cell, answer)| LoggedShotJson {
                    player: *player,
                    cell: cell.to_string(),
                    answer: *answer,
                    dying: false,
                }));
            }
            Move::Dying {
                player,
                cell,
                answer,
            } => log.push(LoggedShotJson {
                player: *player,
                cell: cell.to_string(),
                answer: *answer,
                dying: true,
            }),
            _ => {}
        }
    }
    log
}

/// A volley, or (`dying`) a sunk submarine's dying shot: move `number` by `player`,
/// then `next` shoots `shots_due` cells.
fn shot_msg(
    game: String,
    (number, player): (usize, Player),
    shots: &[Fired],
    dying: bool,
    (next, shots_due): (Option<Player>, usize),
    duties: Vec<DutyJson>,
) -> ServerMsg {
    ServerMsg::Shot {
        game,
        number,
        player,
        shots: shots.iter().map(shot_json).collect(),
        dying,
        next,
        shots_due,
        duties,
    }
}

fn shot_json(f: &Fired) -> ShotJson {
    ShotJson {
        cell: f.cell.to_string(),
        answer: f.answer,
        ship: f.sunk.map(|s| cells(&s.cells)),
        halo: f.sunk.map(|s| cells(&s.halo)),
    }
}

/// The message for an event already cut down for its viewer; `None` for events told
/// some other way (duties owed, with the cells to show, go to their owner when a person
/// must act; the end comes with its result).
fn message(room: &Room, e: &Event, duties: &[DutyJson]) -> Option<ServerMsg> {
    let game = room.id.clone();
    let duties = || duties.to_vec();
    Some(match e {
        Event::Placed { player, .. } => ServerMsg::Placed {
            game,
            player: *player,
        },
        Event::Started { first, shots_due } => ServerMsg::Battle {
            game,
            first: *first,
            commitments: room.commitments()?,
            shots_due: *shots_due,
        },
        Event::Volley {
            number,
            player,
            shots,
            next,
            shots_due,
        } => shot_msg(
            game,
            (*number, *player),
            shots,
            false,
            (*next, *shots_due),
            duties(),
        ),
        Event::Dying {
            number,
            player,
            shot,
            next,
            shots_due,
        } => shot_msg(
            game,
            (*number, *player),
            std::slice::from_ref(shot),
            true,
            (*next, *shots_due),
            duties(),
        ),
        Event::Revealed {
            number,
            player,
            kind,
            cell,
            stand_in,
            next,
            shots_due,
        } => ServerMsg::Revealed {
            game,
            number: *number,
            player: *player,
            kind: *kind,
            cell: cell.map(|c| c.to_string()),
            by_server: *stand_in,
            next: *next,
            shots_due: *shots_due,
            duties: duties(),
        },
        Event::Relocated {
            number,
            player,
            ship,
            decks,
            left,
            stand_in,
            next,
            shots_due,
        } => ServerMsg::Relocated {
            game,
            number: *number,
            player: *player,
            cells: ship.as_ref().map(cells),
            left: cells(left),
            decks: *decks,
            by_server: *stand_in,
            next: *next,
            shots_due: *shots_due,
            duties: duties(),
        },
        Event::TimedOut {
            player,
            strikes,
            next,
            shots_due,
            ..
        } => ServerMsg::Timeout {
            game,
            player: *player,
            strikes: *strikes,
            next: *next,
            shots_due: *shots_due,
        },
        Event::Owed { .. }
        | Event::Resigned { .. }
        | Event::Abandoned { .. }
        | Event::Over { .. } => return None,
    })
}

/// Cells fired in `events`' volleys (for the shot counter).
pub fn shots_fired(events: &[Event]) -> usize {
    events
        .iter()
        .map(|e| match e {
            Event::Volley { shots, .. } => shots.len(),
            _ => 0,
        })
        .sum()
}
