//! The computer's side of a game: what it answers when the referee asks it something.
//! A level's shooter or a bot program thinks off the async threads; the command it
//! gives goes through [`crate::commit::commit`] like a person's.

use crate::hub::SharedHub;
use crate::play::{THINK_BUDGET, ask_program};
use crate::protocol::ClientError;
use crate::relocate::random_place;
use crate::room::Room;
use crate::work::Lane;
use rand::rngs::StdRng;
use seabattle_bots::choose_reveal;
use seabattle_core::Player;
use seabattle_table::{Ask, Command};

/// The computer's answer, in seat `p`, to the referee's `ask`.
pub async fn command(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
    ask: Ask,
) -> Result<Command, ClientError> {
    match ask {
        Ask::Fire { due } => Ok(Command::Fire {
            cells: fire(hub, room, p, due).await?,
        }),
        Ask::Reveal { kind, options } => {
            // A bot program chooses; a level, or a program that fails, shows as little
            // as it can (see `choose_reveal`).
            let rules = room.rules().clone();
            let view = room.game().view(p);
            let chosen = ask_program(room, move |program| {
                program.reveal(&rules, &view.enemy, &view.own, kind, &options)
            })
            .await?
            .flatten();
            let cell = match chosen {
                Some(c) => c,
                None => {
                    let bot = room.bot.as_mut().ok_or_else(ClientError::internal)?;
                    choose_reveal(room.table.game(), p, kind, &mut bot.rng)
                        .ok_or_else(ClientError::internal)?
                }
            };
            Ok(Command::Reveal { cell })
        }
        Ask::Relocate { decks } => {
            // A bot program says where; a level, or a program that fails, moves the
            // ship uniformly among all legal places.
            let rules = room.rules().clone();
            let view = room.game().view(p);
            let chosen = ask_program(room, move |program| {
                program.relocate(&rules, &view.enemy, &view.own, decks)
            })
            .await?
            .flatten();
            let ship = match chosen {
                Some(ship) => ship,
                None => random_place(hub, room.game().clone(), p)
                    .await?
                    .ok_or_else(ClientError::internal)?,
            };
            Ok(Command::Relocate { ship })
        }
        // The computer's fleet is placed when the game is made.
        Ask::Place => Err(ClientError::internal()),
    }
}

/// The computer's volley: its brain thinks in the pool, seeing only its target board.
async fn fire(
    hub: &SharedHub,
    room: &mut Room,
    p: Player,
    count: usize,
) -> Result<Vec<seabattle_core::Coord>, ClientError> {
    let bot = room.bot.as_mut().ok_or_else(ClientError::internal)?;
    let mut brain = bot.take_brain().ok_or_else(ClientError::internal)?;
    let mut rng: StdRng = rand::make_rng();
    std::mem::swap(&mut rng, &mut bot.rng);
    let rules = room.rules().clone();
    let view = room.game().view(p).enemy;
    // The strongest shooters think for milliseconds: keep them off the async threads.
    // A shooter has no deadline of its own; its thread is bounded by the pool.
    let (brain, rng, cells) = hub
        .work
        .run(Lane::Think, THINK_BUDGET, move |_| {
            let cells = brain.shooter().choose(&rules, &view, count, &mut rng);
            (brain, rng, cells)
        })
        .await
        .map_err(|o| o.refusal("the computer's move"))?;
    if let Some(bot) = room.bot.as_mut() {
        bot.put_brain(brain);
        bot.rng = rng;
    }
    Ok(cells)
}
