//! The schema, brought up to date on open: each database's migrations in order, each
//! applied once and noted in `schema_migrations`, all in one transaction (on
//! PostgreSQL under an advisory lock, so two servers starting at once migrate one
//! at a time).
//!
//! The first migrations were written for each database apart and keep their numbers.
//! A new table is written once ([`Migration::Shared`]): its script names the few types
//! the databases spell differently by a word in braces ([`Dialect::ddl`]).

use super::params;
use super::{Db, Dialect, One, StoreError};
use std::sync::Arc;

/// One step of a database's schema.
#[derive(Clone, Copy)]
pub enum Migration {
    /// Written for this database alone.
    Own(&'static str),
    /// Written once for both, in the dialect-neutral form of [`Dialect::ddl`].
    Shared(&'static str),
}

/// SQLite's steps, in order; version `n` is `SQLITE[n - 1]`.
const SQLITE: &[Migration] = &[
    Migration::Own(include_str!("../../migrations/sqlite/0001_init.sql")),
    Migration::Own(include_str!("../../migrations/sqlite/0002_learned.sql")),
    Migration::Own(include_str!("../../migrations/sqlite/0003_accounts.sql")),
    Migration::Own(include_str!("../../migrations/sqlite/0004_ratings.sql")),
    Migration::Shared(CHALLENGES),
    Migration::Shared(BOTS),
    Migration::Shared(DAILY),
    Migration::Shared(BOT_CHALLENGES),
    Migration::Shared(PEOPLE_RATINGS),
    Migration::Shared(ARENAS),
    Migration::Shared(ANALYSES),
    Migration::Shared(ANALYSIS_FIGURES),
    Migration::Shared(MODERATION),
    Migration::Shared(CHAT_LINES),
];

/// PostgreSQL's steps, in order; version `n` is `POSTGRES[n - 1]`.
const POSTGRES: &[Migration] = &[
    Migration::Own(include_str!("../../migrations/postgres/0001_init.sql")),
    Migration::Own(include_str!("../../migrations/postgres/0002_learned.sql")),
    Migration::Own(include_str!("../../migrations/postgres/0003_cluster.sql")),
    Migration::Own(include_str!("../../migrations/postgres/0004_accounts.sql")),
    Migration::Own(include_str!("../../migrations/postgres/0005_ratings.sql")),
    Migration::Own(include_str!(
        "../../migrations/postgres/0006_rated_queue.sql"
    )),
    Migration::Own(include_str!("../../migrations/postgres/0007_presence.sql")),
    Migration::Shared(CHALLENGES),
    Migration::Shared(BOTS),
    Migration::Shared(DAILY),
    Migration::Shared(BOT_CHALLENGES),
    Migration::Shared(PEOPLE_RATINGS),
    Migration::Shared(ARENAS),
    Migration::Shared(ANALYSES),
    Migration::Shared(ANALYSIS_FIGURES),
    Migration::Shared(MODERATION),
    Migration::Shared(CHAT_LINES),
];

/// Challenges by name (`crate::challenges`).
const CHALLENGES: &str = include_str!("../../migrations/shared/0001_challenges.sql");
/// BOT accounts and their API tokens (`crate::bot_accounts`).
const BOTS: &str = include_str!("../../migrations/shared/0002_bots.sql");
/// The daily sea's days, attempts and shots (`crate::daily`).
const DAILY: &str = include_str!("../../migrations/shared/0003_daily.sql");
/// Whether a person takes challenges from BOTs (`crate::bot_accounts`).
const BOT_CHALLENGES: &str = include_str!("../../migrations/shared/0004_bot_challenges.sql");
/// Ratings from games against people only (`crate::ratings`).
const PEOPLE_RATINGS: &str = include_str!("../../migrations/shared/0005_people_ratings.sql");
/// Arena tournaments: arenas, their players and their games (`crate::arenas`).
const ARENAS: &str = include_str!("../../migrations/shared/0006_arenas.sql");
/// Each finished game's analysis, made once (`crate::analysis`).
const ANALYSES: &str = include_str!("../../migrations/shared/0007_analyses.sql");
/// Each analysis' figures per side, for the profile (`crate::analysis`).
const ANALYSIS_FIGURES: &str = include_str!("../../migrations/shared/0008_analysis_figures.sql");
/// Moderation: roles, reports, blocks, the log and what it set on accounts
/// (`crate::moderation`).
const MODERATION: &str = include_str!("../../migrations/shared/0009_moderation.sql");
/// The quick chat's lines, for moderators (`crate::moderation::chat_log`).
const CHAT_LINES: &str = include_str!("../../migrations/shared/0010_chat_lines.sql");

/// A key for `pg_advisory_xact_lock`.
const MIGRATION_LOCK: i64 = 0x5eab_a771;

impl Dialect {
    /// A shared script in this database's words: `{id}` is an id column that counts
    /// up by itself, `{int}` a 64-bit integer, `{real}` a double, `{time}` seconds
    /// since the epoch.
    pub fn ddl(self, script: &str) -> String {
        let words: [(&str, &str); 4] = match self {
            Dialect::Sqlite => [
                ("{id}", "INTEGER PRIMARY KEY AUTOINCREMENT"),
                ("{int}", "INTEGER"),
                ("{real}", "REAL"),
                ("{time}", "INTEGER"),
            ],
            Dialect::Postgres => [
                ("{id}", "BIGSERIAL PRIMARY KEY"),
                ("{int}", "BIGINT"),
                ("{real}", "DOUBLE PRECISION"),
                ("{time}", "BIGINT"),
            ],
        };
        words
            .iter()
            .fold(script.to_string(), |s, (word, ty)| s.replace(word, ty))
    }

    fn migrations(self) -> &'static [Migration] {
        match self {
            Dialect::Sqlite => SQLITE,
            Dialect::Postgres => POSTGRES,
        }
    }
}

/// Applies every migration `db` has not had yet.
pub(super) fn migrate(db: &Db) -> Result<(), StoreError> {
    let dialect = db.dialect();
    db.tx(|sql| {
        let failed = |version: i64| {
            move |e: StoreError| StoreError::Migrate {
                version,
                source: Arc::new(e),
            }
        };
        if dialect == Dialect::Postgres {
            sql.exec("SELECT pg_advisory_xact_lock($1)", params![MIGRATION_LOCK])
                .map_err(failed(0))?;
        }
        sql.batch(
            "CREATE TABLE IF NOT EXISTS schema_migrations \
             (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)",
        )
        .map_err(failed(0))?;
        let applied: Vec<One<i64>> = sql
            .rows("SELECT version FROM schema_migrations", params![])
            .map_err(failed(0))?;
        for (i, step) in dialect.migrations().iter().enumerate() {
            let version = i as i64 + 1;
            if applied.iter().any(|One(v)| *v == version) {
                continue;
            }
            let script = match step {
                Migration::Own(s) => (*s).to_string(),
                Migration::Shared(s) => dialect.ddl(s),
            };
            sql.batch(&script).map_err(failed(version))?;
            sql.exec(
                "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                params![version, super::now_secs()],
            )
            .map_err(failed(version))?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_script_speaks_each_dialect() {
        let script = "CREATE TABLE t (id {id}, n {int}, x {real}, at {time})";
        assert_eq!(
            Dialect::Sqlite.ddl(script),
            "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER, x REAL, at INTEGER)"
        );
        assert_eq!(
            Dialect::Postgres.ddl(script),
            "CREATE TABLE t (id BIGSERIAL PRIMARY KEY, n BIGINT, x DOUBLE PRECISION, at BIGINT)"
        );
    }
}
