//! Quick chat from the terminal (online): `c` picks the next of the protocol's fixed
//! phrases, shown in the status line in the player's language, and `v` says it. What
//! anyone says comes back as the server's `chat` (see `news`).

use super::{App, Driver, Mode, Screen};
use crate::words::fill;
use ratatui::crossterm::event::KeyCode;
use seabattle_wire::{ClientMsg, Phrase};

impl App {
    /// Handles a chat key; false if `code` is none (or this is no online game).
    pub(super) fn chat_key(&mut self, code: KeyCode) -> bool {
        let seated = matches!(
            self.screen,
            Screen::Placement(_) | Screen::Battle(_) | Screen::Over | Screen::Waiting
        );
        if self.mode != Mode::Online || !seated {
            return false;
        }
        match code {
            KeyCode::Char('c' | 'C' | 'с' | 'С') => {
                let next = self.chat_pick.map_or(0, |i| (i + 1) % Phrase::ALL.len());
                self.chat_pick = Some(next);
                let text = Phrase::ALL[next].text(self.lang);
                self.status = fill(self.words().chat_pick, text);
                true
            }
            KeyCode::Char('v' | 'V' | 'м' | 'М') => {
                let phrase = Phrase::ALL[self.chat_pick.unwrap_or(0)];
                if let Driver::Remote {
                    game: Some(game),
                    outbox,
                } = &mut self.driver
                {
                    outbox.push(ClientMsg::Chat {
                        game: game.clone(),
                        phrase,
                    });
                }
                true
            }
            _ => false,
        }
    }
}
