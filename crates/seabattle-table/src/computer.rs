//! Computer seats: whatever answers the table's asks from its own view alone.

use crate::ask::Ask;
use crate::command::Command;
use crate::event::Event;
use crate::table::{Table, TableError};
use crate::viewer::Viewer;
use seabattle_core::{ByPlayer, Player, PlayerView, Rules};

/// A seat played by a program: a builtin level, a bot program, a scripted test player.
pub trait Computer {
    /// Why it could not answer.
    type Error;

    /// Answers `ask`, seeing only `view`, its own seat's view of the game.
    fn answer(
        &mut self,
        rules: &Rules,
        view: &PlayerView,
        ask: Ask,
    ) -> Result<Command, Self::Error>;

    /// Hears an event, as its seat may see it. Most computers need nothing of it: they
    /// read their view when asked.
    fn hear(&mut self, event: &Event) -> Result<(), Self::Error> {
        let _ = event;
        Ok(())
    }
}

/// Why a computer seat's turn failed.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure<E> {
    /// The computer could not answer, or could not hear.
    Computer(E),
    /// The table refused its answer.
    Refused(TableError),
}

/// The computers at a table, by seat; `None` is a seat played some other way.
pub type Computers<'a, E> = ByPlayer<Option<&'a mut dyn Computer<Error = E>>>;

impl Table {
    /// Lets the computer seats act while the table asks anything of them, and returns
    /// what happened. Each event is told to each computer as its seat may see it (so
    /// those of `events` too, which the host made happen before). Stops at the first
    /// failure, naming the seat at fault; what happened before it stands.
    pub fn play_computers<E>(
        &mut self,
        computers: &mut Computers<'_, E>,
        events: &[Event],
    ) -> Result<Vec<Event>, (Player, Failure<E>)> {
        tell(computers, events)?;
        let mut out = Vec::new();
        // Each round makes a move, and a game has finitely many; the bound only guards
        // a mistake in the rules engine.
        for _ in 0..100_000 {
            // The one who must act first (the oldest reveal owed, else the shooter),
            // then the other, who may make a reveal it owes meanwhile.
            let order = self.actor().map_or(Player::BOTH, |a| [a, a.other()]);
            let Some((p, ask)) = order.into_iter().find_map(|p| {
                computers[p].as_ref()?;
                Some((p, self.ask(p)?))
            }) else {
                return Ok(out);
            };
            let Some(computer) = computers[p].as_deref_mut() else {
                return Ok(out);
            };
            let view = self.game().view(p);
            let command = computer
                .answer(self.rules(), &view, ask)
                .map_err(|e| (p, Failure::Computer(e)))?;
            let happened = self.act(p, command).map_err(|e| (p, Failure::Refused(e)))?;
            tell(computers, &happened)?;
            out.extend(happened);
        }
        Ok(out)
    }
}

/// Tells each computer each event, cut down for its seat.
fn tell<E>(computers: &mut Computers<'_, E>, events: &[Event]) -> Result<(), (Player, Failure<E>)> {
    for e in events {
        for p in Player::BOTH {
            if let Some(c) = computers[p].as_deref_mut() {
                c.hear(&e.for_viewer(Viewer::Seat(p)))
                    .map_err(|err| (p, Failure::Computer(err)))?;
            }
        }
    }
    Ok(())
}
