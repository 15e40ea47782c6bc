//! Seed 004's piece variants on the server: the reveals owed after mines and
//! minesweepers (made by a player, by the computer, or by the server when a clock runs
//! out), and the announcements of reveals and of submarines' dying shots.

use crate::hub::SharedHub;
use crate::play::ask_program;
use crate::protocol::{ClientError, ErrorCode, ServerMsg, ShotJson};
use crate::room::{Room, RoomCell, cells, duties_json, duty_word, reveal_owed};
use crate::store::{MoveKind, StoredMove};
use rand::rngs::StdRng;
use seabattle_bots::choose_reveal;
use seabattle_core::{Coord, CoordSystem, DutyKind, Move, Phase, Player, Shot};
use std::sync::Arc;

/// What a player must show for a reveal of `kind`, for error messages.
fn what_to_show(kind: DutyKind) -> &'static str {
    match kind {
        DutyKind::ShipCell => "a cell of one of your own ships, not yet hit nor shown before",
        DutyKind::Mine => "one of your own mines, not yet set off nor shown before",
        // A move of a flying ship is no reveal (`reveal_owed` leaves it out).
        DutyKind::Relocate => "your ship's new place, with `relocate`",
    }
}

/// Refuses a reveal or a move when none can be owed: before the battle, or after it.
pub fn duty_time(room: &Room) -> Result<(), ClientError> {
    match room.game.phase() {
        Phase::Placement => Err(ClientError::new(
            ErrorCode::NotStarted,
            "the battle has not started: nothing can be owed yet",
        )),
        Phase::Over => Err(ClientError::new(ErrorCode::GameOver, "the game is over")),
        Phase::Battle => Ok(()),
    }
}

/// `reveal`: `p` shows `cell` for the oldest reveal they owe.
pub async fn reveal(
    hub: &SharedHub,
    room_cell: &Arc<RoomCell>,
    room: &mut Room,
    p: Player,
    cell: &str,
) -> Result<(), ClientError> {
    duty_time(room)?;
    let c = CoordSystem::Latin
        .parse(cell, room.rules().dims())
        .map_err(|e| ClientError::new(ErrorCode::OffBoard, format!("reveal: {e}")))?;
    let Some((kind, options)) = reveal_owed(&room.game, p) else {
        let why = match room.game.duties().first() {
            Some(d) if d.kind == DutyKind::Relocate && d.player == p => {
                "you owe a move of your hit ship: send `relocate`".to_string()
            }
            Some(d) => format!("player {} owes the reveal, not you", d.player),
            None => {
                "a reveal is owed only after your shot sets off a mine or a minesweeper".to_string()
            }
        };
        return Err(ClientError::new(
            ErrorCode::NoRevealDue,
            format!("you owe no reveal: {why}"),
        ));
    };
    if !options.contains(c) {
        return Err(ClientError::new(
            ErrorCode::NotRevealable,
            format!("{c} cannot be shown: show {}", what_to_show(kind)),
        ));
    }
    store_reveal(hub, room, p, c, false).await?;
    announce_reveal(room, p, kind, c, false);
    room.strikes[p.index()] = 0;
    crate::play::after_move(hub, room_cell, room).await;
    Ok(())
}

/// Makes the reveal on a copy, stores it (a `reveal` row, or for `by_server` the
/// `timeout` row that carries the cell), then makes the copy the game.
async fn store_reveal(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
    c: Coord,
    by_server: bool,
) -> Result<(), ClientError> {
    let mut next = room.game.clone();
    next.reveal(p, c)
        .map_err(|e| ClientError::new(ErrorCode::NotRevealable, e.to_string()))?;
    let row = StoredMove {
        player: p,
        kind: if by_server {
            MoveKind::Timeout
        } else {
            MoveKind::Reveal
        },
        shots: c.to_string(),
    };
    let (id, seq) = (room.id.clone(), room.seq);
    hub.db_for_client(move |db| db.append(&id, seq, &row))
        .await?;
    room.game = next;
    room.seq += 1;
    Ok(())
}

/// Tells the two players which cell `p` showed, and spectators only that a reveal was
/// made: the cell is an unhit ship cell or an unspent mine.
fn announce_reveal(room: &mut Room, p: Player, kind: DutyKind, c: Coord, by_server: bool) {
    let msg = |cell: Option<String>| ServerMsg::Revealed {
        game: room.id.clone(),
        number: room.game.moves().len(),
        player: p,
        kind: duty_word(kind),
        cell,
        by_server,
        next: room.game.to_move(),
        shots_due: room.shots_due(),
        duties: duties_json(&room.game),
    };
    let to_players = msg(Some(c.to_string()));
    let to_spectators = msg(None).to_text();
    for q in Player::BOTH {
        room.send_to(q, &to_players);
    }
    room.spectators.retain(|s| !s.is_closed());
    for s in &room.spectators {
        s.send(to_spectators.clone());
    }
}

/// Announces the dying shot `m` (move `number`) like a volley of one shot by the
/// submarine's owner, marked `dying`.
pub fn announce_dying(room: &mut Room, number: usize, m: &Move) {
    let Move::Dying {
        player,
        cell,
        answer,
    } = m
    else {
        return;
    };
    let sunk = match room.game.dying_shot(*player, *cell, *answer) {
        Shot::Sunk(ship) => Some(ship),
        _ => None,
    };
    let shot = ShotJson {
        cell: cell.to_string(),
        answer: *answer,
        ship: sunk.as_ref().map(|s| cells(&s.cells)),
        halo: sunk.map(|s| cells(&s.halo)),
    };
    room.broadcast(&ServerMsg::Shot {
        game: room.id.clone(),
        number,
        player: *player,
        shots: vec![shot],
        dying: true,
        next: room.game.to_move(),
        shots_due: room.shots_due(),
        duties: duties_json(&room.game),
    });
}

/// Tells each player who owes a reveal what to show (the shot and state messages say
/// who owes; only the owner of the cells learns which may be shown).
pub fn notify_reveals(room: &Room) {
    for p in Player::BOTH {
        if let Some((kind, options)) = reveal_owed(&room.game, p) {
            room.send_to(
                p,
                &ServerMsg::RevealDue {
                    game: room.id.clone(),
                    player: p,
                    kind: duty_word(kind),
                    cells: cells(&options),
                },
            );
        }
    }
}

/// The computer shows what it owes: a bot program chooses (off the async threads);
/// a level, or a program that fails, shows as little as it can (see [`choose_reveal`]).
pub async fn bot_reveal(hub: &SharedHub, room: &mut Room, p: Player) -> Result<(), ClientError> {
    let (kind, options) = reveal_owed(&room.game, p).ok_or_else(ClientError::internal)?;
    let rules = room.game.rules().clone();
    let view = room.game.view(p);
    let chosen = ask_program(room, move |program| {
        program.reveal(&rules, &view.enemy, &view.own, kind, &options)
    })
    .await?
    .flatten();
    let bot = room.bot.as_mut().ok_or_else(ClientError::internal)?;
    let c = match chosen {
        Some(c) => c,
        None => {
            choose_reveal(&room.game, p, kind, &mut bot.rng).ok_or_else(ClientError::internal)?
        }
    };
    store_reveal(hub, room, p, c, false).await?;
    announce_reveal(room, p, kind, c, false);
    Ok(())
}

/// A player whose clock ran out while owing a reveal, on a first strike: the server
/// shows for them what the computer would (see [`choose_reveal`]), stored in the
/// `timeout` row, and announces the timeout and the reveal. Holding the game up cannot
/// pay: the cell shown is the one that tells least. `None` if `p` owes nothing.
pub async fn reveal_on_timeout(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
) -> Option<Result<(), ClientError>> {
    let (kind, _) = reveal_owed(&room.game, p)?;
    let mut rng: StdRng = rand::make_rng();
    let c = choose_reveal(&room.game, p, kind, &mut rng)?;
    if let Err(e) = store_reveal(hub, room, p, c, true).await {
        return Some(Err(e));
    }
    room.strikes[p.index()] += 1;
    room.broadcast(&ServerMsg::Timeout {
        game: room.id.clone(),
        player: p,
        strikes: room.strikes[p.index()],
        next: room.game.to_move(),
        shots_due: room.shots_due(),
    });
    announce_reveal(room, p, kind, c, true);
    Some(Ok(()))
}
