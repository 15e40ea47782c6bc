//! The quick chat's lines, kept for moderators: moderation hears each phrase on the bus
//! ([`GameEvent::Chatted`]) and stores it, and the report list shows a reported game's
//! lines beside the report (`super::dossier`). Nothing else reads them.

use crate::bus::{GameEvent, Heard, Later, Subscriber};
use crate::db::params;
use crate::db::{FromRow, Row, Store, StoreError, now_secs};
use crate::ids::{AccountId, GameId};
use crate::node::Node;
use seabattle_core::Player;
use seabattle_wire::Phrase;
use seabattle_wire::moderation::ChatLine;
use std::sync::Weak;

/// The most lines a report shows of one game.
pub const LINES_SHOWN: u32 = 200;

/// Hears the games' quick chat for moderation.
pub struct ChatLog {
    node: Weak<Node>,
}

impl ChatLog {
    /// Keeps the lines in `node`'s storage.
    pub fn new(node: Weak<Node>) -> ChatLog {
        ChatLog { node }
    }
}

impl Subscriber for ChatLog {
    fn hear(&self, event: &GameEvent) -> Option<Later> {
        let GameEvent::Chatted {
            game,
            seat,
            account,
            phrase,
        } = event
        else {
            return None;
        };
        let node = self.node.upgrade()?;
        let (game, seat, account, phrase) = (game.clone(), *seat, *account, *phrase);
        Some(Box::pin(async move {
            // The phrase was said and heard already: a line that cannot be kept is logged.
            if let Err(e) = node
                .db(move |db| db.add_chat_line(&game, seat, account, phrase))
                .await
            {
                tracing::warn!(error = %e, "a quick-chat line could not be kept for moderation");
            }
            Heard::Noted
        }))
    }
}

/// A line as the moderators read it, with its account's name now.
impl FromRow for ChatLine {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let word: String = r.get("phrase")?;
        Ok(ChatLine {
            seat: r.get("seat")?,
            by: r.get("name")?,
            phrase: Phrase::from_word(&word)
                .ok_or_else(|| StoreError::corrupt(format!("chat_lines.phrase {word:?}")))?,
            at: r.get("said_at")?,
        })
    }
}

impl Store {
    /// Keeps a quick-chat line of `game`.
    pub fn add_chat_line(
        &self,
        game: &GameId,
        seat: Player,
        account: Option<AccountId>,
        phrase: Phrase,
    ) -> Result<(), StoreError> {
        self.db().exec(
            "INSERT INTO chat_lines (game, seat, account_id, phrase, said_at) \
             VALUES ($1, $2, $3, $4, $5)",
            params![game, seat, account, phrase.word(), now_secs()],
        )?;
        Ok(())
    }

    /// The quick chat of `game`, in the order it was said (at most [`LINES_SHOWN`]).
    pub fn chat_lines(&self, game: &GameId) -> Result<Vec<ChatLine>, StoreError> {
        self.db().rows(
            "SELECT c.seat, a.name, c.phrase, c.said_at FROM chat_lines c \
             LEFT JOIN accounts a ON a.id = c.account_id \
             WHERE c.game = $1 ORDER BY c.id LIMIT $2",
            params![game, LINES_SHOWN],
        )
    }
}
