//! Every view of a game, and the only place one is made: the state each seat and the
//! spectators may see, the result once it is over, and the referee's events as protocol
//! messages, each event cut down for each seat and for spectators by the table's one
//! filter, then sent to whoever is connected.

use crate::game::fleet_text::{canonical_words, fleet_words};
use crate::game::room::Room;
use crate::ids::GameId;
use crate::protocol::{
    AuditJson, DutyJson, LoggedShotJson, OwnJson, PresenceJson, RelocateJson, ResultJson,
    RevealJson, Role, ServerMsg, ShotJson, StateJson, TargetJson,
};
use seabattle_core::{CellSet, DutyKind, Game, Lang, Move, Phase, Player, audit};
use seabattle_table::{Event, Fired, Viewer};
use std::time::Instant;

/// Sends `events` to both seats and every spectator, each as they may see it. Most
/// events read the same to every viewer: each distinct message is written out once.
pub fn tell(room: &mut Room, events: &[Event]) {
    room.forget_closed_spectators();
    let duties = duties_json(room.game());
    for e in events {
        let mut last: Option<(Event, String)> = None;
        for viewer in Viewer::ALL {
            let watched = match viewer {
                Viewer::Seat(p) => room.seat(p).conn.is_some(),
                Viewer::Spectator => !room.spectators().is_empty(),
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
                Viewer::Spectator => room.spectators().iter().for_each(|c| c.send(text.clone())),
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
    let game = room.id().to_string();
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

/// The reveals and moves owed in `game`, oldest first.
pub fn duties_json(game: &Game) -> Vec<DutyJson> {
    game.duties()
        .iter()
        .map(|d| DutyJson {
            player: d.player,
            kind: d.kind,
        })
        .collect()
}

/// The oldest reveal `p` owes in `game`, with the cells they may show (a move of a
/// flying ship is no reveal: see [`relocate_owed`]).
pub fn reveal_owed(game: &Game, p: Player) -> Option<(DutyKind, CellSet)> {
    let d = game
        .duties()
        .iter()
        .find(|d| d.player == p && d.kind != DutyKind::Relocate)?;
    Some((d.kind, game.reveal_options(p, d.kind)))
}

/// The move of a hit flying ship `p` owes in `game`, if any: the decks it takes, and
/// the decks hit where it stands, which stay behind.
pub fn relocate_owed(game: &Game, p: Player) -> Option<RelocateJson> {
    let decks = game.relocation_decks(p)?;
    let own = game.view(p).own;
    let ship = own.fleet.as_ref().map_or(CellSet::EMPTY, |f| *f.occupied());
    Some(RelocateJson {
        decks,
        lost: cells(&ship.and(&own.incoming)),
    })
}

/// The cells of `set` in canonical form, in board order.
pub fn cells(set: &CellSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

/// What `p` knows of the enemy waters in `game`: answers, sunk ships, pieces found, the
/// cells the rules prove empty and the ships afloat. The state's boards and the
/// replay's frames. The cells shown after mines and minesweepers are included only with
/// `shown`: they are unhit cells, for the two players' eyes alone until the end.
pub fn target_json(game: &Game, p: Player, shown: bool) -> TargetJson {
    let t = game.view(p).enemy;
    let found = t.found();
    let hidden = |set: &CellSet| if shown { cells(set) } else { Vec::new() };
    TargetJson {
        misses: cells(t.misses()),
        hits: cells(t.hits()),
        sunk: t.sunk().iter().map(cells).collect(),
        // Shown mines are empty of ships too, but they are not for spectators' eyes.
        empty: cells(
            &t.known_empty()
                .minus(t.misses())
                .minus(&found.all())
                .minus(t.shown_mines()),
        ),
        afloat: t.afloat().to_vec(),
        left: cells(t.left_behind()),
        mines: cells(&found.mines),
        sweepers: cells(&found.sweepers),
        subs: cells(&found.submarines),
        shown_ships: hidden(t.shown_ships()),
        shown_mines: hidden(t.shown_mines()),
    }
}

/// What `seat` (or a spectator, for `None`) may see of `room`.
pub fn state(room: &Room, seat: Option<Player>) -> StateJson {
    let g = room.game();
    let board = |p: Player| target_json(g, p, seat.is_some());
    let presence = |p: Player| PresenceJson {
        present: room.present(p),
        away_secs: room
            .seat(p)
            .away_since
            .filter(|_| !room.present(p))
            .map(|t| t.elapsed().as_secs()),
    };
    let own = seat.map(|p| {
        let v = g.view(p);
        let placed = room.seat(p).fleet_text.as_deref();
        OwnJson {
            // A flying ship is shown where it stands now, not where it was placed.
            fleet: match &v.own.fleet {
                Some(f) if placed.is_some() && room.rules().flying() => Some(canonical_words(f)),
                _ => placed.map(|t| fleet_words(Some(t))),
            },
            incoming: cells(&v.own.incoming),
            lost: cells(&v.own.lost),
        }
    });
    StateJson {
        game: room.id().to_string(),
        role: if seat.is_some() {
            Role::Player
        } else {
            Role::Spectator
        },
        seat,
        rules: room.rules().to_string(),
        spec: room.rules().into(),
        mode: room.mode().word(),
        clock: room.clock().secs,
        phase: g.phase(),
        placed: Player::BOTH.map(|p| g.has_placed(p)),
        to_move: g.to_move(),
        shots_due: room.shots_due(),
        duties: duties_json(g),
        reveal: seat.and_then(|p| {
            let (kind, options) = reveal_owed(g, p)?;
            Some(RevealJson {
                kind,
                cells: cells(&options),
            })
        }),
        relocate: seat.and_then(|p| relocate_owed(g, p)),
        own,
        boards: Player::BOTH.map(board),
        commitments: g.first().and_then(|_| room.commitments()),
        presence: Player::BOTH.map(presence),
        names: Player::BOTH.map(|p| room.seat(p).name.clone()),
        accounts: Player::BOTH.map(|p| room.seat(p).shown.as_deref().cloned()),
        strikes: room.table().strikes(),
        clock_left: room
            .clock()
            .deadline
            .filter(|_| g.phase() == Phase::Battle)
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs() as u32),
        moves: g.moves().len(),
        log: shot_log(g),
        result: result(room),
        next_game: room.next_game().map(GameId::to_string),
        rated: room.rated(),
        casual: room.casual(),
        met: room.met(),
        claim_after: seat.and(room.claim_after()),
        placement_left: room.placement_left(),
        arena: room.arena().map(str::to_string),
    }
}

/// The result of `room` with everything revealed, once the game is over. A finished
/// game never changes: it is audited once, and kept.
pub fn result(room: &Room) -> Option<ResultJson> {
    let (winner, reason) = room.winner()?;
    let made = match room.result_cell().get() {
        Some(r) => ResultJson::clone(r),
        None => {
            let report = audit(&room.game().record()?);
            let seat_words = |p: Player| fleet_words(room.seat(p).fleet_text.as_deref());
            let result = ResultJson {
                winner,
                reason,
                fleets: Player::BOTH.map(seat_words),
                fleets_at_end: room.rules().flying().then(|| {
                    Player::BOTH.map(|p| {
                        room.game()
                            .view(p)
                            .own
                            .fleet
                            .map(|f| canonical_words(&f))
                            .unwrap_or_default()
                    })
                }),
                salts: Player::BOTH.map(|p| room.seat(p).salt.clone().unwrap_or_default()),
                commitments: room.commitments().unwrap_or_default(),
                audit: AuditJson {
                    verdict: report.verdict.message(Lang::En),
                    verdict_ru: report.verdict.message(Lang::Ru),
                    faults: report
                        .faults
                        .map(|f| f.iter().map(|x| x.to_string()).collect()),
                },
                record: format!("/games/{}/record.json", room.id()),
                ratings: None,
                aborted: super::ended::aborted(room.game()),
            };
            ResultJson::clone(room.result_cell().get_or_init(|| Box::new(result)))
        }
    };
    Some(ResultJson {
        ratings: room.ratings().cloned(),
        ..made
    })
}
