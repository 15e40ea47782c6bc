//! A lone server on SQLite hears of what the operator did from a shell. `seabattle
//! admin` writes the same file but cannot reach the server's sockets, so every second
//! the server reads the moderation log's lines written since it last looked and does
//! what a moderator's action on this server does at once: a closed account's or a
//! disabled BOT's sockets are closed, a closed arena's runner is woken. In a cluster
//! the operator's notice does it (`super::operator`), and this watch is not started.
//!
//! A line a moderator wrote on this server is passed over: its action was done here
//! when it was taken.

use crate::db::{FromRow, One, Row, Store, StoreError, params};
use crate::hub::SharedHub;
use crate::ids::AccountId;
use seabattle_wire::moderation::ModAction;
use std::time::Duration;

/// How often the log is read.
pub const WATCH_EVERY: Duration = Duration::from_secs(1);

/// A line of the log as the watch reads it.
struct Line {
    id: i64,
    /// Written by the operator's shell, not by a moderator on this server (whose
    /// action was done here already).
    by_operator: bool,
    action: Option<ModAction>,
    account: Option<AccountId>,
}

impl FromRow for Line {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let word: String = r.get("action")?;
        Ok(Line {
            id: r.get("id")?,
            by_operator: r.get::<Option<i64>>("moderator")?.is_none(),
            action: ModAction::from_word(&word),
            account: r.get("target_account")?,
        })
    }
}

impl Store {
    /// The log's last line's id (0 for none).
    fn last_mod_line(&self) -> Result<i64, StoreError> {
        let last: Option<One<Option<i64>>> = self
            .db()
            .row("SELECT MAX(id) AS id FROM moderation_log", params![])?;
        Ok(last.and_then(|One(id)| id).unwrap_or(0))
    }

    /// The log's lines after line `after`, oldest first.
    fn mod_lines_after(&self, after: i64) -> Result<Vec<Line>, StoreError> {
        self.db().rows(
            "SELECT id, moderator, action, target_account FROM moderation_log \
             WHERE id > $1 ORDER BY id",
            params![after],
        )
    }
}

/// Starts the watch on a server without a cluster, until it closes.
pub fn start(hub: &SharedHub) {
    if hub.node.store.cluster().is_some() {
        return;
    }
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut last = match hub.db(Store::last_mod_line).await {
            Ok(id) => id,
            Err(e) => {
                tracing::warn!(error = %e, "the moderation log could not be read: the operator's actions from a shell reach the sockets at their next request");
                return;
            }
        };
        let mut ticker = crate::ticker::Ticker::new(WATCH_EVERY, &hub.node.closing);
        while ticker.next().await {
            let after = last;
            let lines = match hub.db(move |db| db.mod_lines_after(after)).await {
                Ok(lines) => lines,
                Err(e) => {
                    tracing::warn!(error = %e, "the moderation log could not be read");
                    continue;
                }
            };
            for line in lines {
                last = line.id;
                if !line.by_operator {
                    continue;
                }
                match (line.action, line.account) {
                    (Some(ModAction::Close | ModAction::DisableBot), Some(id)) => {
                        hub.sign_out(id).await;
                    }
                    (Some(ModAction::CloseArena), _) => hub.arenas.wake(),
                    _ => {}
                }
            }
        }
    });
}
