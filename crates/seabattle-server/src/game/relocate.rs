//! The Flying Dutchman on the server: a player's move of their hit ship, checked with
//! reasons a person understands, a legal place drawn for whoever wants one, and the
//! note telling the owner how many decks go.

use crate::error::Failure;
use crate::game::commit::{Change, commit, relocation_error};
use crate::game::reveal::duty_time;
use crate::game::room::Room;
use crate::game::tell::relocate_owed;
use crate::guard::work::Lane;
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use rand::rngs::StdRng;
use seabattle_bots::choose_relocation;
use seabattle_core::{Coord, CoordSystem, Game, Player, ShipSetup};
use seabattle_table::Command;

/// `relocate`: `p` moves their hit ship to `words` (canonical cells), or, without
/// them, to a legal place the server draws uniformly.
pub async fn relocate(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
    words: Option<&[String]>,
) -> Result<(), Failure> {
    duty_time(room)?;
    if room.game().relocation_decks(p).is_none() {
        let why = if room.rules().flying() {
            "a move is owed only after your ship is hit"
        } else {
            "ships do not move under these rules"
        };
        return Err(Failure::refused(
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
            room.game()
                .check_relocation(p, &coords)
                .map_err(|e| relocation_error(&e))?;
            ShipSetup(coords)
        }
        None => random_place(node, room.game().clone(), p)
            .await?
            .ok_or_else(|| Failure::Referee("no place is left for the ship".into()))?,
    };
    commit(node, room, Change::Act(p, Command::Relocate { ship })).await?;
    Ok(())
}

/// A legal place for `p`'s hit ship drawn uniformly, with fresh dice: random walks
/// over a board that may be mostly shot, so in the pool.
pub async fn random_place(
    node: &SharedNode,
    game: Game,
    p: Player,
) -> Result<Option<ShipSetup>, Failure> {
    node.work
        .run(Lane::Think, node.config.limits.work_budget, move |_| {
            let mut rng: StdRng = rand::make_rng();
            choose_relocation(&game, p, &mut rng)
        })
        .await
        .map_err(|o| o.refusal("drawing a place for the ship"))
}

/// Tells each player who owes a move how many decks it takes (the `shot` and `state`
/// messages say who owes).
pub fn notify_relocations(room: &Room) {
    for p in Player::BOTH {
        if let Some(owed) = relocate_owed(room.game(), p) {
            room.send_to(
                p,
                &ServerMsg::RelocateDue {
                    game: room.id().to_string(),
                    player: p,
                    decks: owed.decks,
                    lost: owed.lost,
                },
            );
        }
    }
}
