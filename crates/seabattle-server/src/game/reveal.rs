//! Seed 004's piece variants on the server: a player's reveal owed after a mine or a
//! minesweeper, checked with reasons a person understands, and the note telling each
//! player what they may show.

use crate::error::Failure;
use crate::game::commit::{Change, commit};
use crate::game::room::Room;
use crate::game::tell::{cells, reveal_owed};
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use seabattle_core::{CoordSystem, DutyKind, Phase, Player};
use seabattle_table::Command;

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
pub fn duty_time(room: &Room) -> Result<(), Failure> {
    match room.game().phase() {
        Phase::Placement => Err(Failure::refused(
            ErrorCode::NotStarted,
            "the battle has not started: nothing can be owed yet",
        )),
        Phase::Over => Err(Failure::refused(ErrorCode::GameOver, "the game is over")),
        Phase::Battle => Ok(()),
    }
}

/// `reveal`: `p` shows `cell` for the oldest reveal they owe.
pub async fn reveal(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
    cell: &str,
) -> Result<(), Failure> {
    duty_time(room)?;
    let c = CoordSystem::Latin
        .parse(cell, room.rules().dims())
        .map_err(|e| ClientError::new(ErrorCode::OffBoard, format!("reveal: {e}")))?;
    let Some((kind, options)) = reveal_owed(room.game(), p) else {
        let why = match room.game().duties().first() {
            Some(d) if d.kind == DutyKind::Relocate && d.player == p => {
                "you owe a move of your hit ship: send `relocate`".to_string()
            }
            Some(d) => format!("player {} owes the reveal, not you", d.player),
            None => {
                "a reveal is owed only after your shot sets off a mine or a minesweeper".to_string()
            }
        };
        return Err(Failure::refused(
            ErrorCode::NoRevealDue,
            format!("you owe no reveal: {why}"),
        ));
    };
    if !options.contains(c) {
        return Err(Failure::refused(
            ErrorCode::NotRevealable,
            format!("{c} cannot be shown: show {}", what_to_show(kind)),
        ));
    }
    commit(node, room, Change::Act(p, Command::Reveal { cell: c })).await?;
    Ok(())
}

/// Tells each player who owes a reveal what to show (the shot and state messages say
/// who owes; only the owner of the cells learns which may be shown).
pub fn notify_reveals(room: &Room) {
    for p in Player::BOTH {
        if let Some((kind, options)) = reveal_owed(room.game(), p) {
            room.send_to(
                p,
                &ServerMsg::RevealDue {
                    game: room.id().to_string(),
                    player: p,
                    kind,
                    cells: cells(&options),
                },
            );
        }
    }
}
