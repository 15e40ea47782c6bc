//! Reports in storage, for both databases: one per reporter, player and reason a day,
//! weighed by the reporter's standing, and the open ones grouped by player for the
//! moderators. The reported player is never shown any of it.

use crate::db::params;
use crate::db::{FromRow, One, Row, Store, StoreError, now_secs};
use crate::ids::AccountId;
use seabattle_wire::moderation::{ReportLine, ReportReason, ReportedPlayer};

/// How young an account is "new", in seconds (a week): its reports weigh less.
pub const NEW_ACCOUNT_SECS: i64 = 7 * 24 * 60 * 60;
/// Reports a day past which an account's further reports weigh less.
pub const REPORTS_A_DAY: i64 = 10;
/// What a report from a new or busy reporter weighs (an established one's weighs 1).
pub const LIGHT: f64 = 0.25;

/// A report to be stored.
#[derive(Clone, Debug, PartialEq)]
pub struct NewReportRow {
    /// Who reports.
    pub reporter: AccountId,
    /// Whom.
    pub reported: AccountId,
    /// Why.
    pub reason: ReportReason,
    /// Their words.
    pub words: String,
    /// The game, if any.
    pub game: Option<String>,
}

/// An open report as read for the moderators.
struct OpenRow {
    player: String,
    engine: bool,
    closed: bool,
    line: ReportLine,
}

impl FromRow for OpenRow {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let word: String = r.get("reason")?;
        let reason = ReportReason::from_word(&word)
            .ok_or_else(|| StoreError::corrupt(format!("reports.reason {word:?}")))?;
        Ok(OpenRow {
            player: r.get("player")?,
            engine: r.get("engine")?,
            closed: r.get::<Option<i64>>("closed_at")?.is_some(),
            line: ReportLine {
                id: r.get("id")?,
                reporter: r.get("reporter")?,
                reason,
                words: r.get("words")?,
                game: r.get("game")?,
                at: r.get("created_at")?,
                weight: r.get("weight")?,
                analysed_accuracy: None,
                chat: Vec::new(),
            },
        })
    }
}

/// The day `secs` falls in, counted from 1970-01-01 (UTC).
fn day_of(secs: i64) -> i64 {
    secs.div_euclid(24 * 60 * 60)
}

impl Store {
    /// Stores `r`, weighed by its reporter's standing; `false` if the reporter reported
    /// the same player for the same reason today already.
    pub fn add_report(&self, r: &NewReportRow) -> Result<bool, StoreError> {
        let now = now_secs();
        let day = day_of(now);
        self.db().tx(|sql| {
            let created: Option<One<i64>> = sql.row(
                "SELECT created_at FROM accounts WHERE id = $1",
                params![r.reporter],
            )?;
            let One(today) = sql
                .row::<One<i64>>(
                    "SELECT COUNT(*) FROM reports WHERE reporter = $1 AND day = $2",
                    params![r.reporter, day],
                )?
                .unwrap_or(One(0));
            let new = created.is_none_or(|One(at)| now - at < NEW_ACCOUNT_SECS);
            let weight = if new || today >= REPORTS_A_DAY {
                LIGHT
            } else {
                1.0
            };
            let n = sql.exec(
                "INSERT INTO reports (reporter, reported, reason, words, game, weight, day, \
                 created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (reporter, reported, reason, day) DO NOTHING",
                params![
                    r.reporter,
                    r.reported,
                    r.reason.word(),
                    r.words,
                    r.game,
                    weight,
                    day,
                    now
                ],
            )?;
            Ok(n == 1)
        })
    }

    /// The open reports, grouped by the reported player, the heaviest first.
    pub fn open_reports(&self) -> Result<Vec<ReportedPlayer>, StoreError> {
        let rows: Vec<OpenRow> = self.db().rows(
            "SELECT r.id, a.name AS player, a.engine, a.closed_at, f.name AS reporter, \
             r.reason, r.words, r.game, r.created_at, r.weight \
             FROM reports r JOIN accounts a ON a.id = r.reported \
             JOIN accounts f ON f.id = r.reporter \
             WHERE r.resolved_by IS NULL ORDER BY r.created_at DESC, r.id DESC",
            params![],
        )?;
        let mut players: Vec<ReportedPlayer> = Vec::new();
        for row in rows {
            match players.iter_mut().find(|p| p.player == row.player) {
                Some(p) => {
                    p.weight += row.line.weight;
                    p.reports.push(row.line);
                }
                None => players.push(ReportedPlayer {
                    player: row.player,
                    weight: row.line.weight,
                    engine: row.engine,
                    closed: row.closed,
                    figures: Default::default(),
                    reports: vec![row.line],
                }),
            }
        }
        players.sort_by(|a, b| b.weight.total_cmp(&a.weight));
        Ok(players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_the_epoch_in_utc() {
        assert_eq!(day_of(0), 0);
        assert_eq!(day_of(86_399), 0);
        assert_eq!(day_of(86_400), 1);
        assert_eq!(day_of(-1), -1);
    }
}
