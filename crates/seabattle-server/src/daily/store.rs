//! The daily sea in storage, written once for both databases: a day is inserted by a
//! guarded `INSERT … ON CONFLICT DO NOTHING` and read back, so of two nodes drawing it
//! at once both play the one stored first; an attempt is one row per player and day
//! (unique), and each shot is a row of its own, written in the transaction that
//! referees it, so a restart loses nothing and a second shot at the same moment waits.

use super::day::Day;
use super::draw::Drawn;
use super::play::{Attempt, Refusal};
use crate::db::{FromRow, One, Param, Row, Store, StoreError, ToParam, params};
use crate::ids::AccountId;
use seabattle_core::Fleet;

/// Who plays: an account, or a guest by the SHA-256 of its cookie's token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// A signed-in account: ranked.
    Account(AccountId),
    /// A guest: plays and counts in the histogram, but is not ranked.
    Guest(String),
}

impl Who {
    /// The attempts' column that names this player.
    fn column(&self) -> &'static str {
        match self {
            Who::Account(_) => "account_id",
            Who::Guest(_) => "guest_hash",
        }
    }
}

impl ToParam for Who {
    fn to_param(&self) -> Param<'_> {
        match self {
            Who::Account(id) => id.to_param(),
            Who::Guest(hash) => Param::Text(hash),
        }
    }
}

impl crate::db::FromValue for Day {
    fn from_value(v: &crate::db::Value) -> Result<Self, String> {
        i64::from_value(v).map(Day)
    }
}

impl ToParam for Day {
    fn to_param(&self) -> Param<'_> {
        Param::Int(self.0)
    }
}

/// A day as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredDay {
    /// The day.
    pub day: Day,
    /// The fleet's canonical text: secret until the day is over.
    pub fleet: String,
    /// The salt: secret until the day is over.
    pub salt: String,
    /// The commitment, public at once.
    pub commitment: String,
    /// The seed of the expert's game.
    pub expert_seed: u64,
    /// The expert's shots, in order.
    pub expert_shots: Vec<String>,
}

impl FromRow for StoredDay {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let shots: String = r.get("expert_shots")?;
        Ok(StoredDay {
            day: r.get("day")?,
            fleet: r.get("fleet")?,
            salt: r.get("salt")?,
            commitment: r.get("commitment")?,
            expert_seed: r.get::<i64>("expert_seed")?.unsigned_abs(),
            expert_shots: shots.split_whitespace().map(str::to_string).collect(),
        })
    }
}

/// An attempt as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAttempt {
    /// Its id.
    pub id: i64,
    /// Its cells shot, in order.
    pub shots: Vec<String>,
    /// The shots it took, once every ship sank.
    pub score: Option<u32>,
}

/// A player's day, for their streak, their best and their profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayPlayed {
    /// The day.
    pub day: Day,
    /// The shots it took; none for an attempt not finished.
    pub score: Option<u32>,
}

impl FromRow for DayPlayed {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(DayPlayed {
            day: r.get("day")?,
            score: r.get("score")?,
        })
    }
}

/// Why a shot was not stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotFired {
    /// The player has no attempt at that day: it must be started first.
    NotStarted,
    /// The referee refused the shot.
    Refused(Refusal),
}

const DAY_COLUMNS: &str = "day, fleet, salt, commitment, expert_seed, expert_shots";

fn corrupt(e: String) -> StoreError {
    StoreError::corrupt(e)
}

impl Store {
    /// The day `day`, if it was drawn.
    pub fn daily_day(&self, day: Day) -> Result<Option<StoredDay>, StoreError> {
        self.db().row(
            &format!("SELECT {DAY_COLUMNS} FROM daily_days WHERE day = $1"),
            params![day],
        )
    }

    /// Stores the day `d` unless one is stored already (another node drew it first, or
    /// this one did before a restart), and gives the day as stored: the one everybody
    /// plays.
    pub fn add_daily_day(&self, d: &Drawn, now: i64) -> Result<StoredDay, StoreError> {
        let seed = i64::try_from(d.expert_seed).unwrap_or(i64::MAX);
        let shots = d.expert_shots.join(" ");
        self.db().exec(
            "INSERT INTO daily_days (day, fleet, salt, commitment, expert_seed, expert_shots, \
             drawn_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
            params![d.day, d.fleet, d.salt, d.commitment, seed, shots, now],
        )?;
        self.daily_day(d.day)?
            .ok_or_else(|| StoreError::not_found("daily day", d.day))
    }

    /// `who`'s attempt at `day`, with its shots.
    pub fn daily_attempt(&self, day: Day, who: &Who) -> Result<Option<StoredAttempt>, StoreError> {
        self.db().run(|sql| attempt(sql, day, who, ""))
    }

    /// Starts `who`'s one attempt at `day`: `Ok` with the new attempt, or `Err` with
    /// the one there already (started or finished before).
    pub fn start_daily(
        &self,
        day: Day,
        who: &Who,
        now: i64,
    ) -> Result<Result<StoredAttempt, StoredAttempt>, StoreError> {
        self.db().tx(|sql| {
            let made = sql.exec(
                &format!(
                    "INSERT INTO daily_attempts (day, {}, started_at) VALUES ($1, $2, $3) \
                     ON CONFLICT DO NOTHING",
                    who.column()
                ),
                params![day, who, now],
            )?;
            let a = attempt(sql, day, who, "")?
                .ok_or_else(|| StoreError::not_found("daily attempt", day))?;
            Ok(if made == 1 { Ok(a) } else { Err(a) })
        })
    }

    /// Referees and stores `who`'s shot at `cell` on `day`, whose fleet is `fleet`, in
    /// one transaction with the attempt's row locked: the attempt as it stands after
    /// the shot, or why the shot was refused (and nothing changed).
    pub fn daily_fire(
        &self,
        day: Day,
        who: &Who,
        fleet: &Fleet,
        cell: &str,
        now: i64,
    ) -> Result<Result<Attempt, NotFired>, StoreError> {
        self.db().tx(|sql| {
            let lock = sql.dialect().for_update();
            let Some(stored) = attempt(sql, day, who, lock)? else {
                return Ok(Err(NotFired::NotStarted));
            };
            let mut a = Attempt::replay(fleet.clone(), &stored.shots).map_err(corrupt)?;
            let fired = match a.fire(cell) {
                Ok(f) => f.cell.clone(),
                Err(r) => return Ok(Err(NotFired::Refused(r))),
            };
            let seq = i64::try_from(stored.shots.len()).unwrap_or(i64::MAX);
            sql.exec(
                "INSERT INTO daily_shots (attempt, seq, cell) VALUES ($1, $2, $3)",
                params![stored.id, seq, fired],
            )?;
            if a.over() {
                let score = i64::try_from(a.score()).unwrap_or(i64::MAX);
                sql.exec(
                    "UPDATE daily_attempts SET score = $1, finished_at = $2 WHERE id = $3",
                    params![score, now, stored.id],
                )?;
            }
            Ok(Ok(a))
        })
    }

    /// The scores of everyone who finished `day`, guests too: (score, how many).
    pub fn daily_scores(&self, day: Day) -> Result<Vec<(u32, u32)>, StoreError> {
        let rows: Vec<ScoreCount> = self.db().rows(
            "SELECT score, COUNT(*) AS n FROM daily_attempts \
             WHERE day = $1 AND score IS NOT NULL GROUP BY score ORDER BY score",
            params![day],
        )?;
        Ok(rows.into_iter().map(|r| (r.score, r.n)).collect())
    }

    /// The ranked: accounts (not BOTs) that finished `day`, best first and, at the same
    /// score, first to finish first; at most `limit`, with how many there are in all.
    pub fn daily_ranked(
        &self,
        day: Day,
        limit: u32,
    ) -> Result<(Vec<(String, u32)>, u32), StoreError> {
        let from = "FROM daily_attempts d JOIN accounts a ON a.id = d.account_id \
                    WHERE d.day = $1 AND d.score IS NOT NULL AND a.bot = 0";
        let top: Vec<Ranked> = self.db().rows(
            &format!(
                "SELECT a.name AS name, d.score AS score {from} \
                 ORDER BY d.score, d.finished_at, d.id LIMIT $2"
            ),
            params![day, limit],
        )?;
        let all: Option<One<i64>> = self
            .db()
            .row(&format!("SELECT COUNT(*) {from}"), params![day])?;
        let all = all.map_or(0, |One(n)| u32::try_from(n).unwrap_or(u32::MAX));
        Ok((top.into_iter().map(|r| (r.name, r.score)).collect(), all))
    }

    /// The place among the ranked accounts of `day` of one that took `score` shots: one
    /// more than the ranked who took fewer.
    pub fn daily_rank(&self, day: Day, score: u32) -> Result<u32, StoreError> {
        let fewer: Option<One<i64>> = self.db().row(
            "SELECT COUNT(*) FROM daily_attempts d JOIN accounts a ON a.id = d.account_id \
             WHERE d.day = $1 AND d.score < $2 AND a.bot = 0",
            params![day, score],
        )?;
        Ok(fewer.map_or(0, |One(n)| u32::try_from(n).unwrap_or(u32::MAX)) + 1)
    }

    /// `who`'s days, latest first, at most `limit`.
    pub fn daily_days_of(&self, who: &Who, limit: u32) -> Result<Vec<DayPlayed>, StoreError> {
        self.db().rows(
            &format!(
                "SELECT day, score FROM daily_attempts WHERE {} = $1 ORDER BY day DESC LIMIT $2",
                who.column()
            ),
            params![who, limit],
        )
    }
}

struct ScoreCount {
    score: u32,
    n: u32,
}

impl FromRow for ScoreCount {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(ScoreCount {
            score: r.get("score")?,
            n: r.get("n")?,
        })
    }
}

struct Ranked {
    name: String,
    score: u32,
}

impl FromRow for Ranked {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Ranked {
            name: r.get("name")?,
            score: r.get("score")?,
        })
    }
}

/// `who`'s attempt at `day` with its shots, its row locked by `lock` (PostgreSQL's
/// `FOR UPDATE` inside a transaction).
fn attempt(
    sql: &mut crate::db::Sql<'_>,
    day: Day,
    who: &Who,
    lock: &str,
) -> Result<Option<StoredAttempt>, StoreError> {
    let row: Option<AttemptRow> = sql.row(
        &format!(
            "SELECT id, score FROM daily_attempts WHERE day = $1 AND {} = $2{lock}",
            who.column()
        ),
        params![day, who],
    )?;
    let Some(row) = row else {
        return Ok(None);
    };
    let shots: Vec<One<String>> = sql.rows(
        "SELECT cell FROM daily_shots WHERE attempt = $1 ORDER BY seq",
        params![row.id],
    )?;
    Ok(Some(StoredAttempt {
        id: row.id,
        shots: shots.into_iter().map(|One(c)| c).collect(),
        score: row.score,
    }))
}

struct AttemptRow {
    id: i64,
    score: Option<u32>,
}

impl FromRow for AttemptRow {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(AttemptRow {
            id: r.get("id")?,
            score: r.get("score")?,
        })
    }
}
