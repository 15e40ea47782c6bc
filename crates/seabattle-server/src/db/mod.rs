//! The one small database layer that every feature's queries are written over, once:
//! [`Db`] is SQLite or PostgreSQL, [`Sql`] is a connection or transaction of either,
//! and statements take `$1`-numbered [`ToParam`]s and give [`Row`]s read by column
//! name. The two backends differ only in their driver (`sqlite.rs`, `postgres.rs`),
//! their dialect ([`Dialect`]: a few words, and each schema's migrations), and what
//! only PostgreSQL does (the cluster's leases and shared queue, in `crate::cluster`).

pub mod backup;
mod error;
mod migrate;
pub(crate) mod postgres;
mod sqlite;
mod store;
pub mod url;
mod value;

pub use error::{StoreError, chain};
pub use store::Store;
pub(crate) use value::params;
pub use value::{FromRow, FromValue, One, Param, Row, ToParam, Value};

use url::DbUrl;

/// Which SQL a statement may use beyond what both databases speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite: one writer at a time, so a transaction locks everything it reads.
    Sqlite,
    /// PostgreSQL: rows read to be written are locked explicitly.
    Postgres,
}

impl Dialect {
    /// What locks the rows a `SELECT` reads until the transaction ends: nothing in
    /// SQLite, whose write transaction holds the whole file.
    pub fn for_update(self) -> &'static str {
        match self {
            Dialect::Sqlite => "",
            Dialect::Postgres => " FOR UPDATE",
        }
    }
}

/// A database, opened and migrated.
pub struct Db {
    backend: Backend,
}

enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(postgres::Pg),
}

/// A connection or a transaction, of either database: what a feature's queries run on.
pub struct Sql<'a> {
    on: On<'a>,
    /// Set by [`Sql::roll_back`]: the transaction ends without writing anything.
    roll_back: bool,
}

enum On<'a> {
    Sqlite(&'a rusqlite::Connection),
    Postgres(postgres::On<'a>),
}

impl<'a> Sql<'a> {
    fn new(on: On<'a>) -> Sql<'a> {
        Sql {
            on,
            roll_back: false,
        }
    }

    /// The database's dialect.
    pub fn dialect(&self) -> Dialect {
        match self.on {
            On::Sqlite(_) => Dialect::Sqlite,
            On::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Runs one statement; how many rows it changed.
    pub fn exec(&mut self, sql: &str, params: &[&dyn ToParam]) -> Result<u64, StoreError> {
        match &mut self.on {
            On::Sqlite(c) => sqlite::exec(c, sql, params),
            On::Postgres(p) => p.exec(sql, params),
        }
    }

    /// Runs one query; its rows, each read as `T`.
    pub fn rows<T: FromRow>(
        &mut self,
        sql: &str,
        params: &[&dyn ToParam],
    ) -> Result<Vec<T>, StoreError> {
        let rows = match &mut self.on {
            On::Sqlite(c) => sqlite::rows(c, sql, params)?,
            On::Postgres(p) => p.rows(sql, params)?,
        };
        rows.iter().map(T::from_row).collect()
    }

    /// Runs one query; its first row, if any, read as `T`.
    pub fn row<T: FromRow>(
        &mut self,
        sql: &str,
        params: &[&dyn ToParam],
    ) -> Result<Option<T>, StoreError> {
        Ok(self.rows(sql, params)?.into_iter().next())
    }

    /// Runs a script of statements (a migration).
    pub fn batch(&mut self, script: &str) -> Result<(), StoreError> {
        match &mut self.on {
            On::Sqlite(c) => sqlite::batch(c, script),
            On::Postgres(p) => p.batch(script),
        }
    }

    /// Runs `f` inside a savepoint of the transaction this is: what `f` wrote is rolled
    /// back if it fails, and nothing else is.
    pub fn savepoint<T>(
        &mut self,
        f: impl FnOnce(&mut Sql<'a>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.batch("SAVEPOINT one")?;
        match f(self) {
            Ok(v) => {
                self.batch("RELEASE SAVEPOINT one")?;
                Ok(v)
            }
            Err(e) => {
                self.batch("ROLLBACK TO SAVEPOINT one; RELEASE SAVEPOINT one")?;
                Err(e)
            }
        }
    }

    /// Ends the transaction this is without writing anything, once its closure returns:
    /// for a transaction that finds, part way, that it must not go on.
    pub fn roll_back(&mut self) {
        self.roll_back = true;
    }

    /// The PostgreSQL connection or transaction, for what only PostgreSQL does.
    pub fn postgres(&mut self) -> Result<&mut postgres::On<'a>, StoreError> {
        match &mut self.on {
            On::Postgres(p) => Ok(p),
            On::Sqlite(_) => Err(StoreError::Unsupported {
                what: "a PostgreSQL statement",
            }),
        }
    }
}

impl Db {
    /// Opens (and creates) the database at `url`; `Store::open` brings its schema up to
    /// date.
    pub fn open(url: &DbUrl) -> Result<Db, StoreError> {
        let backend = match url {
            DbUrl::Sqlite(path) => Backend::Sqlite(sqlite::Sqlite::open(path)?),
            DbUrl::Postgres(u) => Backend::Postgres(postgres::Pg::open(u, url.display())?),
        };
        Ok(Db { backend })
    }

    /// The database's dialect.
    pub fn dialect(&self) -> Dialect {
        match self.backend {
            Backend::Sqlite(_) => Dialect::Sqlite,
            Backend::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Where the data is, for logs (no password).
    pub fn describe(&self) -> String {
        match &self.backend {
            Backend::Sqlite(s) => s.describe(),
            Backend::Postgres(p) => p.describe(),
        }
    }

    /// The PostgreSQL URL, for a connection of the cluster's own.
    pub fn postgres_url(&self) -> Option<&str> {
        match &self.backend {
            Backend::Sqlite(_) => None,
            Backend::Postgres(p) => Some(p.url()),
        }
    }

    /// Runs `f` on a connection, each statement on its own. On PostgreSQL, `f` runs once
    /// more on a fresh connection if the first was broken: make it one statement, or
    /// statements that may run twice.
    pub fn run<T>(
        &self,
        mut f: impl FnMut(&mut Sql<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => {
                let c = s.lock();
                f(&mut Sql::new(On::Sqlite(&c)))
            }
            Backend::Postgres(p) => {
                p.with(|conn| f(&mut Sql::new(On::Postgres(postgres::On::Conn(conn)))))
            }
        }
    }

    /// Runs `f` in a transaction: all of it is stored, or none. On PostgreSQL the whole
    /// transaction runs once more on a fresh connection if the first was broken.
    ///
    /// On SQLite it begins `IMMEDIATE`, taking the write lock at once: another process
    /// on the same file (`seabattle admin`, a backup) then waits for it, or it for them,
    /// up to the busy timeout. Begun deferred, a transaction that read before the other
    /// wrote failed at its first write with `SQLITE_BUSY_SNAPSHOT`, which no timeout
    /// waits out.
    pub fn tx<T>(
        &self,
        mut f: impl FnMut(&mut Sql<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => {
                let c = s.lock();
                let tx = rusqlite::Transaction::new_unchecked(
                    &c,
                    rusqlite::TransactionBehavior::Immediate,
                )
                .map_err(sqlite::error)?;
                let mut sql = Sql::new(On::Sqlite(&tx));
                let out = f(&mut sql)?;
                let roll_back = sql.roll_back;
                drop(sql);
                if !roll_back {
                    tx.commit().map_err(sqlite::error)?;
                }
                Ok(out)
            }
            Backend::Postgres(p) => p.with(|conn| {
                let mut sql = Sql::new(On::Postgres(postgres::transaction(conn)?));
                let out = f(&mut sql)?;
                if let (On::Postgres(on), false) = (sql.on, sql.roll_back) {
                    postgres::commit(on)?;
                }
                Ok(out)
            }),
        }
    }

    /// Whether the database answers: one round trip.
    pub fn ping(&self) -> Result<(), StoreError> {
        self.row::<One<i64>>("SELECT 1", &[]).map(drop)
    }

    /// Runs one statement on its own; how many rows it changed.
    pub fn exec(&self, sql: &str, params: &[&dyn ToParam]) -> Result<u64, StoreError> {
        self.run(|s| s.exec(sql, params))
    }

    /// Runs one query on its own; its rows, each read as `T`.
    pub fn rows<T: FromRow>(
        &self,
        sql: &str,
        params: &[&dyn ToParam],
    ) -> Result<Vec<T>, StoreError> {
        self.run(|s| s.rows(sql, params))
    }

    /// Runs one query on its own; its first row, if any, read as `T`.
    pub fn row<T: FromRow>(
        &self,
        sql: &str,
        params: &[&dyn ToParam],
    ) -> Result<Option<T>, StoreError> {
        self.run(|s| s.row(sql, params))
    }
}

/// Seconds since the Unix epoch.
pub fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    /// Regression (a red CI run): the operator's `seabattle admin` acted on the SQLite
    /// file a running server writes, and its transaction, which had read before the
    /// server wrote, failed with "database is locked" (`SQLITE_BUSY_SNAPSHOT`). Begun
    /// `IMMEDIATE`, each waits for the other.
    #[test]
    fn two_processes_transactions_on_one_sqlite_file_wait_for_each_other() {
        let dir = tempfile::tempdir().unwrap();
        let url: DbUrl = format!("sqlite://{}", dir.path().join("x.db").display())
            .parse()
            .unwrap();
        let (a, b) = (Db::open(&url).unwrap(), Db::open(&url).unwrap());
        a.run(|sql| sql.batch("CREATE TABLE t (n INTEGER NOT NULL)"))
            .unwrap();
        let (began, wait) = mpsc::channel();
        let other = std::thread::spawn(move || {
            wait.recv().unwrap();
            b.run(|sql| sql.exec("INSERT INTO t (n) VALUES (1)", params![]))
        });
        let read = a.tx(|sql| {
            let before: Vec<One<i64>> = sql.rows("SELECT COUNT(*) FROM t", params![])?;
            let _ = began.send(());
            // The other process writes now, if it can.
            std::thread::sleep(Duration::from_millis(200));
            sql.exec("INSERT INTO t (n) VALUES (2)", params![])?;
            Ok(before[0].0)
        });
        assert_eq!(read.unwrap(), 0);
        assert_eq!(other.join().unwrap().unwrap(), 1);
        let all: Vec<One<i64>> = a
            .run(|sql| sql.rows("SELECT n FROM t ORDER BY n", params![]))
            .unwrap();
        assert_eq!(all.iter().map(|One(n)| *n).collect::<Vec<_>>(), [1, 2]);
    }
}
