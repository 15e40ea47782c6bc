//! The computer's side of a game: its answer to what the referee asks of it, thought
//! out in the pool while the game's task goes on, then committed like a person's move
//! if what it was asked still stands.

use crate::error::Failure;
use crate::game::commit::{Change, commit};
use crate::game::room::{Bot, Room};
use crate::guard::work::Lane;
use crate::node::SharedNode;
use futures_util::future::BoxFuture;
use seabattle_bots::computer::BuiltinComputer;
use seabattle_core::{Player, PlayerView, Rules};
use seabattle_table::{Ask, Command, Computer};

/// The longest the computer may think about one move before it is given up (and
/// tried again when someone comes back); the levels take milliseconds.
const THINK_BUDGET: std::time::Duration = std::time::Duration::from_secs(30);

/// The computer's answer, with the bot that thought it, to come back to its game.
pub struct Thought {
    seat: Player,
    ask: Ask,
    /// The moves made when it was asked: an answer to a game that moved on is dropped.
    moves: usize,
    bot: Option<Box<Bot>>,
    command: Option<Command>,
}

/// Sets the computer in seat `p` thinking about `ask`, seeing only its own view. The
/// bot leaves the room while it thinks; `None` if it is not there to think.
pub fn think(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
    ask: Ask,
) -> Option<BoxFuture<'static, Thought>> {
    let bot = room.take_bot()?;
    let rules = room.rules().clone();
    let view = room.game().view(p);
    let moves = room.game().moves().len();
    let node = std::sync::Arc::clone(node);
    Some(Box::pin(async move {
        let answered = node
            .work
            .run(Lane::Think, THINK_BUDGET, move |_| {
                answer(bot, &rules, &view, ask)
            })
            .await;
        let (bot, command) = match answered {
            Ok((bot, command)) => (Some(bot), command),
            Err(o) => {
                tracing::warn!(reason = %o.refusal("the computer's move"), "the computer did not answer");
                (None, None)
            }
        };
        Thought {
            seat: p,
            ask,
            moves,
            bot,
            command,
        }
    }))
}

/// What the computer answers, off the async threads. A bot program chooses its reveal
/// and its ship's move where it can; otherwise the built-in computer answers
/// ([`BuiltinComputer`]), firing the brain's choice (a program's, or a level's).
fn answer(
    mut bot: Box<Bot>,
    rules: &Rules,
    view: &PlayerView,
    ask: Ask,
) -> (Box<Bot>, Option<Command>) {
    let chosen = bot.program.as_mut().and_then(|program| match ask {
        Ask::Reveal { kind, options } => program
            .reveal(rules, &view.enemy, &view.own, kind, &options)
            .map(|cell| Command::Reveal { cell }),
        Ask::Relocate { decks } => program
            .relocate(rules, &view.enemy, &view.own, decks)
            .map(|ship| Command::Relocate { ship }),
        Ask::Fire { .. } | Ask::Place => None,
    });
    if chosen.is_some() {
        return (bot, chosen);
    }
    let Some(mut brain) = bot.take_brain() else {
        return (bot, None);
    };
    // The computer's fleet is placed when the game is made: it refuses `Ask::Place`.
    let command = BuiltinComputer::new(brain.shooter(), &mut bot.rng)
        .answer(rules, view, ask)
        .inspect_err(|e| tracing::warn!(error = %e, "the computer had no answer"))
        .ok();
    bot.put_brain(brain);
    (bot, command)
}

/// Takes the computer's answer back into its game: the bot returns to the room, and the
/// command is committed if the game still asks what it answered. A move that cannot be
/// made leaves the computer waiting until someone comes back.
pub async fn apply(node: &SharedNode, room: &mut Room, thought: Thought) {
    let Thought {
        seat,
        ask,
        moves,
        bot,
        command,
    } = thought;
    room.put_bot(bot);
    if room.game().phase() != seabattle_core::Phase::Battle {
        if let Some(bot) = room.bot_mut() {
            bot.shooter = None;
            bot.program = None;
        }
        return;
    }
    let asked = room.game().moves().len() == moves && room.table().ask(seat) == Some(ask);
    if !asked {
        return;
    }
    let made = match command {
        Some(command) => commit(node, room, Change::Act(seat, command))
            .await
            .map(|_| ()),
        None => Err(Failure::Referee(
            "the computer's move does not fit what it was asked".into(),
        )),
    };
    if let Err(e) = made {
        if let Some(bot) = room.bot_mut() {
            bot.stuck = true;
        }
        tracing::warn!(game = %room.id(), error = %e, "the computer's move was not made; asked again in a second, or when someone comes back");
    }
}
