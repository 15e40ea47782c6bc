//! A rated friend's game from the terminal (online): `g` while placing asks that the
//! game count for ratings, as the page's «Сыграть на рейтинг» does. The server decides:
//! the game is rated once both players, each signed in, asked before either placed
//! (docs/protocol.md, "Ratings"); its `rate` news comes back through `news`, and a
//! refusal (a guest, a fleet already placed) as any error.

use super::{App, Driver, Mode, Screen};
use ratatui::crossterm::event::KeyCode;
use seabattle_wire::ClientMsg;

impl App {
    /// Handles the rate key; false if `code` is another (or this is no online game
    /// being placed).
    pub(super) fn rate_key(&mut self, code: KeyCode) -> bool {
        let placing = matches!(self.screen, Screen::Placement(_));
        if self.mode != Mode::Online
            || !placing
            || !matches!(code, KeyCode::Char('g' | 'G' | 'п' | 'П'))
        {
            return false;
        }
        if let Driver::Remote {
            game: Some(game),
            outbox,
        } = &mut self.driver
        {
            outbox.push(ClientMsg::Rate { game: game.clone() });
        }
        true
    }
}
