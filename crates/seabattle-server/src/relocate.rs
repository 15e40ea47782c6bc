//! The Flying Dutchman on the server: the move a hit ship's owner owes (made by the
//! player, by the computer, or by the server when a clock runs out), and its
//! announcement, which tells the new cells to the owner alone.

use crate::hub::SharedHub;
use crate::play::ask_program;
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use crate::reveal::duty_time;
use crate::room::{Room, RoomCell, cells, duties_json, relocate_owed};
use crate::store::{MoveKind, StoredMove};
use crate::work::Lane;
use rand::rngs::StdRng;
use seabattle_bots::choose_relocation;
use seabattle_core::{
    CellSet, Coord, CoordSystem, Game, Player, RelocationError, ShipSetup, ShotError,
};
use std::sync::Arc;

/// The protocol's refusal of a move the rules engine refused, with the engine's reason.
pub fn relocation_error(e: &RelocationError) -> ClientError {
    let code = match e {
        RelocationError::NotOwed => ErrorCode::NoRelocateDue,
        RelocationError::OffBoard(_) => ErrorCode::OffBoard,
        RelocationError::Repeated(_) => ErrorCode::RepeatedCell,
        RelocationError::Size { .. } => ErrorCode::WrongCount,
        RelocationError::NotPath => ErrorCode::NotAPath,
        RelocationError::Shot(_) => ErrorCode::AlreadyShot,
    };
    ClientError::new(code, format!("the ship cannot go there: {e}"))
}

/// `relocate`: `p` moves their hit ship to `words` (canonical cells), or, without
/// them, to a legal place the server draws uniformly.
pub async fn relocate(
    hub: &SharedHub,
    room_cell: &Arc<RoomCell>,
    room: &mut Room,
    p: Player,
    words: Option<&[String]>,
) -> Result<(), ClientError> {
    duty_time(room)?;
    if room.game.relocation_decks(p).is_none() {
        let why = if room.rules().flying() {
            "a move is owed only after your ship is hit"
        } else {
            "ships do not move under these rules"
        };
        return Err(ClientError::new(
            ErrorCode::NoRelocateDue,
            format!("you owe no move of your ship: {why}"),
        ));
    }
    let ship = match words {
        Some(words) => {
            let dims = room.rules().dims();
            let coords = words
                .iter()
                .map(|w| {
                    CoordSystem::Latin.parse(w, dims).map_err(|e| {
                        ClientError::new(ErrorCode::OffBoard, format!("relocate: {e}"))
                    })
                })
                .collect::<Result<Vec<Coord>, _>>()?;
            room.game
                .check_relocation(p, &coords)
                .map_err(|e| relocation_error(&e))?;
            ShipSetup(coords)
        }
        None => random_place(hub, room.game.clone(), p)
            .await?
            .ok_or_else(ClientError::internal)?,
    };
    store_relocation(hub, room, p, &ship, false).await?;
    announce(room, p, false);
    room.strikes[p.index()] = 0;
    crate::play::after_move(hub, room_cell, room).await;
    Ok(())
}

/// A legal place for `p`'s hit ship drawn uniformly, with fresh dice: random walks
/// over a board that may be mostly shot, so in the pool.
async fn random_place(
    hub: &SharedHub,
    game: Game,
    p: Player,
) -> Result<Option<ShipSetup>, ClientError> {
    hub.work
        .run(Lane::Think, hub.config.limits.work_budget, move |_| {
            let mut rng: StdRng = rand::make_rng();
            choose_relocation(&game, p, &mut rng)
        })
        .await
        .map_err(|o| o.refusal("drawing a place for the ship"))
}

/// Moves the ship on a copy, stores the move (a `relocate` row, or for `by_server` the
/// `timeout` row that carries the place), then makes the copy the game.
async fn store_relocation(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
    ship: &ShipSetup,
    by_server: bool,
) -> Result<(), ClientError> {
    let mut next = room.game.clone();
    next.relocate(p, ship).map_err(|e| match e {
        ShotError::Relocation(r) => relocation_error(&r),
        ShotError::GameOver => ClientError::new(ErrorCode::GameOver, "the game is over"),
        other => ClientError::new(ErrorCode::NoRelocateDue, other.to_string()),
    })?;
    // The engine keeps the cells in board order: store them as it recorded them.
    let stored = match next.moves().last() {
        Some(seabattle_core::Move::Relocate { cells, .. }) => ShipSetup(cells.clone()),
        _ => ship.clone(),
    };
    let row = StoredMove {
        player: p,
        kind: if by_server {
            MoveKind::Timeout
        } else {
            MoveKind::Relocate
        },
        shots: stored.format(CoordSystem::Latin),
    };
    let (id, seq) = (room.id.clone(), room.seq);
    hub.db_for_client(move |db| db.append(&id, seq, &row))
        .await?;
    room.game = next;
    room.seq += 1;
    Ok(())
}

/// Tells `p` where their ship went, and the opponent and spectators only that it moved:
/// the server never shows an unhit ship.
fn announce(room: &mut Room, p: Player, by_server: bool) {
    let ship = room
        .game
        .view(p)
        .own
        .fleet
        .map_or(CellSet::EMPTY, |f| *f.occupied());
    let shooter = room.game.view(p.other()).enemy;
    let msg = |cells: Option<Vec<String>>| ServerMsg::Relocated {
        game: room.id.clone(),
        number: room.game.moves().len(),
        player: p,
        cells,
        left: crate::room::cells(shooter.left_behind()),
        decks: ship.len(),
        by_server,
        next: room.game.to_move(),
        shots_due: room.shots_due(),
        duties: duties_json(&room.game),
    };
    room.send_to(p, &msg(Some(cells(&ship))));
    let to_others = msg(None).to_text();
    if let Some(c) = &room.seats[p.other().index()].conn {
        c.send(to_others.clone());
    }
    room.spectators.retain(|s| !s.is_closed());
    for s in &room.spectators {
        s.send(to_others.clone());
    }
}

/// Tells each player who owes a move how many decks it takes (the `shot` and `state`
/// messages say who owes).
pub fn notify_relocations(room: &Room) {
    for p in Player::BOTH {
        if let Some(owed) = relocate_owed(&room.game, p) {
            room.send_to(
                p,
                &ServerMsg::RelocateDue {
                    game: room.id.clone(),
                    player: p,
                    decks: owed.decks,
                    lost: owed.lost,
                },
            );
        }
    }
}

/// The computer moves its hit ship: a bot program says where (off the async threads);
/// a level, or a program that fails, moves it uniformly among all legal places (see
/// [`choose_relocation`]).
pub async fn bot_relocate(hub: &SharedHub, room: &mut Room, p: Player) -> Result<(), ClientError> {
    let decks = room
        .game
        .relocation_decks(p)
        .ok_or_else(ClientError::internal)?;
    let rules = room.game.rules().clone();
    let view = room.game.view(p);
    let chosen = ask_program(room, move |program| {
        program.relocate(&rules, &view.enemy, &view.own, decks)
    })
    .await?
    .flatten();
    let ship = match chosen {
        Some(ship) => ship,
        None => random_place(hub, room.game.clone(), p)
            .await?
            .ok_or_else(ClientError::internal)?,
    };
    store_relocation(hub, room, p, &ship, false).await?;
    announce(room, p, false);
    Ok(())
}

/// A player whose clock ran out while owing a move, on a first strike: the server moves
/// the ship for them to a legal place drawn uniformly (as the computer moves its own),
/// stored in the `timeout` row, and announces the timeout and the move. `None` if `p`
/// owes no move.
pub async fn relocate_on_timeout(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
) -> Option<Result<(), ClientError>> {
    room.game.relocation_decks(p)?;
    let ship = match random_place(hub, room.game.clone(), p).await {
        Ok(ship) => ship?,
        Err(e) => return Some(Err(e)),
    };
    if let Err(e) = store_relocation(hub, room, p, &ship, true).await {
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
    announce(room, p, true);
    Some(Ok(()))
}
