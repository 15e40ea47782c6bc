//! The quick chat's lines, kept for moderators: moderation hears each phrase on the bus
//! ([`GameEvent::Chatted`]) and stores it, and the report list shows a reported game's
//! lines beside the report (`super::dossier`). Nothing else reads them, and they are
//! kept [`KEPT_DAYS`] days: longer only while an open report names their game.

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

/// Days a quick-chat line is kept when no open report names its game: long enough for
/// a player to report a game, no longer than moderation needs what was said.
pub const KEPT_DAYS: i64 = 30;

/// How often lines past [`KEPT_DAYS`] are erased.
const ERASE_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Erases the lines past [`KEPT_DAYS`] every hour until the server closes.
pub fn start_sweep(node: crate::node::SharedNode) {
    crate::erase::every(node, ERASE_EVERY, "old quick-chat lines", |db, now| {
        db.sweep_chat_lines(now - KEPT_DAYS * 24 * 60 * 60)
    });
}

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

    /// Erases the lines said before `before` (seconds since the epoch) whose game no
    /// open report names; how many went.
    pub fn sweep_chat_lines(&self, before: i64) -> Result<u64, StoreError> {
        self.db().exec(
            "DELETE FROM chat_lines WHERE said_at < $1 AND game NOT IN \
             (SELECT game FROM reports WHERE game IS NOT NULL AND resolved_by IS NULL)",
            params![before],
        )
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
