//! The one path every change to a live game takes: the referee acts on a copy, what
//! it did is stored, and only then does the copy become the game and is anyone told.
//! Placing a fleet and opening fire take it too. (A game not yet stored gets the
//! computer's fleet in memory, stored with the game itself; a game rebuilt from
//! storage replays what is stored already.)

use crate::error::Failure;
use crate::game::fleet_text::canonical_fleet;
use crate::game::room::Room;
use crate::game::rows::rows_for;
use crate::game::tell::{shots_fired, tell};
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode};
use seabattle_core::{Fleet, GameError, Player, RelocationError, ShotError};
use seabattle_table::{Command, Event, TableError};
use std::sync::atomic::Ordering;

/// A change to a game, as the referee makes it.
#[derive(Debug)]
pub enum Change {
    /// A seat's command.
    Act(Player, Command),
    /// A fleet already checked against the rules (in the pool), committed under `salt`.
    Place {
        /// The seat placing.
        seat: Player,
        /// The fleet.
        fleet: Box<Fleet>,
        /// The commitment's salt, drawn for it.
        salt: String,
    },
    /// Both fleets are in: `first`, as drawn, opens fire.
    Start(Player),
}

/// Makes `change`: acts on a copy of the table, stores what happened, then makes the
/// copy the table and tells everyone. On error nothing changed and nobody was told.
pub async fn commit(
    node: &SharedNode,
    room: &mut Room,
    change: Change,
) -> Result<Vec<Event>, Failure> {
    let mut next = room.table().clone();
    let id = room.id().clone();
    let events = match change {
        Change::Act(seat, command) => {
            let events = next.act(seat, command).map_err(table_error)?;
            let rows = rows_for(&events);
            if !rows.is_empty() {
                let (seq, n) = (room.seq(), rows.len());
                node.append(id, seq, rows).await?;
                room.stored(n);
            }
            events
        }
        Change::Place { seat, fleet, salt } => {
            let text = canonical_fleet(&fleet);
            let events = next.place(seat, *fleet).map_err(table_error)?;
            let (t, s) = (text.clone(), salt.clone());
            node.db(move |db| db.place(&id, seat, &t, &s)).await?;
            room.seat_mut(seat).fleet_text = Some(text);
            room.seat_mut(seat).salt = Some(salt);
            events
        }
        Change::Start(first) => {
            let events = next.start(first).map_err(table_error)?;
            node.db(move |db| db.start(&id, first)).await?;
            events
        }
    };
    *room.table_mut() = next;
    node.metrics
        .shots
        .fetch_add(shots_fired(&events) as u64, Ordering::Relaxed);
    tell(room, &events);
    Ok(events)
}

/// The protocol's refusal of a command the referee refused, with its reason.
pub fn table_error(e: TableError) -> Failure {
    match e {
        TableError::Shot(e) => shot_error(e).into(),
        TableError::Fleet(e) => Failure::refused(ErrorCode::BadFleet, e.to_string()),
        TableError::Game(GameError::GameOver) => {
            Failure::refused(ErrorCode::GameOver, "the game is over")
        }
        TableError::Game(e) => Failure::refused(ErrorCode::AlreadyPlaced, e.to_string()),
        // Timeouts are the server's own commands: a refusal is its mistake.
        e @ (TableError::NotActing(_) | TableError::StandIn(_) | TableError::NoStandIn(_)) => {
            Failure::Referee(e.to_string())
        }
    }
}

fn shot_error(e: ShotError) -> ClientError {
    let code = match e {
        ShotError::NotStarted => ErrorCode::NotStarted,
        ShotError::GameOver => ErrorCode::GameOver,
        ShotError::OutOfTurn { .. } => ErrorCode::NotYourTurn,
        ShotError::WrongCount { .. } => ErrorCode::WrongCount,
        ShotError::OffBoard(_) => ErrorCode::OffBoard,
        ShotError::AlreadyShot(_) => ErrorCode::AlreadyShot,
        ShotError::Repeated(_) => ErrorCode::RepeatedCell,
        ShotError::RevealDue(_) => ErrorCode::RevealDue,
        ShotError::NotRevealable(_) => ErrorCode::NotRevealable,
        ShotError::RelocationDue(_) => ErrorCode::RelocateDue,
        ShotError::Relocation(r) => return relocation_error(&r),
    };
    ClientError::new(code, e.to_string())
}

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
