//! The SQLite driver: one file in WAL mode, one connection behind a mutex (SQLite
//! writes one transaction at a time anyway, and a mutex is cheaper than a pool for the
//! microsecond statements a move takes), statements prepared once and cached.

use super::error::{Source, StoreError};
use super::value::{Param, Row, ToParam, Value};
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, ErrorCode};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// Statements kept prepared: every query the server has, with room to spare.
const CACHED_STATEMENTS: usize = 128;

/// An SQLite file.
pub struct Sqlite {
    path: PathBuf,
    conn: Mutex<Connection>,
}

fn opening(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError::Open {
        what: path.display().to_string(),
        source: Some(Arc::new(e)),
    }
}

impl Sqlite {
    /// Opens the file at `path`, creating it and its directory if needed.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Open {
                what: dir.display().to_string(),
                source: Some(Arc::new(e)),
            })?;
        }
        let fail = opening(path);
        let conn = Connection::open(path).map_err(&fail)?;
        // WAL with synchronous=NORMAL: a committed move survives the process being
        // killed (kill -9); only a power cut can lose the last transactions.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(&fail)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(&fail)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(&fail)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(&fail)?;
        conn.set_prepared_statement_cache_capacity(CACHED_STATEMENTS);
        Ok(Sqlite {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
        })
    }

    /// The connection, held for one call.
    pub fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written: each call is
        // its own statement or transaction, rolled back if it did not commit.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Where the data is, for logs.
    pub fn describe(&self) -> String {
        format!("sqlite://{} (WAL)", self.path.display())
    }
}

/// A driver error as a kind: a key used twice is a conflict, a locked database is
/// unavailable, the rest a failed statement.
pub fn error(e: rusqlite::Error) -> StoreError {
    let code = e.sqlite_error().map(|f| (f.code, f.extended_code));
    let source: Source = Arc::new(e);
    match code {
        // SQLITE_CONSTRAINT_PRIMARYKEY and SQLITE_CONSTRAINT_UNIQUE; a foreign key or
        // a NOT NULL is a statement that was wrong, not a key taken.
        Some((ErrorCode::ConstraintViolation, 1555 | 2067)) => StoreError::Conflict { source },
        Some((ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked, _)) => StoreError::Unavailable {
            what: "the database file",
            source: Some(source),
        },
        _ => StoreError::Query { source },
    }
}

impl rusqlite::ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match *self {
            Param::Null => ValueRef::Null,
            Param::Int(i) => ValueRef::Integer(i),
            Param::Real(x) => ValueRef::Real(x),
            Param::Text(s) => ValueRef::Text(s.as_bytes()),
        }))
    }
}

/// `sql` with each `$N` as `?N`. SQLite reads `$1` as a *named* parameter, numbered in
/// the order the names first appear, so `… $5 … $4` bound positionally would swap
/// them; `?N` is bound by its number, as PostgreSQL binds `$N`. Quoted text is kept.
fn numbered(sql: &str) -> std::borrow::Cow<'_, str> {
    if !sql.contains('$') {
        return std::borrow::Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c == '$' && !quoted && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('?');
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn bound<'p>(params: &'p [&'p dyn ToParam]) -> impl Iterator<Item = Param<'p>> {
    params.iter().map(|p| p.to_param())
}

/// Runs one statement; how many rows it changed.
pub fn exec(c: &Connection, sql: &str, params: &[&dyn ToParam]) -> Result<u64, StoreError> {
    let mut stmt = c.prepare_cached(&numbered(sql)).map_err(error)?;
    if stmt.column_count() > 0 {
        // A statement that reads (a `SELECT` run for its locks): its rows are stepped
        // through and counted.
        let mut rows = stmt
            .query(rusqlite::params_from_iter(bound(params)))
            .map_err(error)?;
        let mut n = 0;
        while rows.next().map_err(error)?.is_some() {
            n += 1;
        }
        return Ok(n);
    }
    let n = stmt
        .execute(rusqlite::params_from_iter(bound(params)))
        .map_err(error)?;
    Ok(n as u64)
}

/// Runs one query; its rows.
pub fn rows(c: &Connection, sql: &str, params: &[&dyn ToParam]) -> Result<Vec<Row>, StoreError> {
    let mut stmt = c.prepare_cached(&numbered(sql)).map_err(error)?;
    let names: Arc<[String]> = stmt.column_names().iter().map(|n| n.to_string()).collect();
    let width = names.len();
    let mut rows = stmt
        .query(rusqlite::params_from_iter(bound(params)))
        .map_err(error)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next().map_err(error)? {
        let mut values = Vec::with_capacity(width);
        for i in 0..width {
            values.push(match r.get_ref(i).map_err(error)? {
                ValueRef::Null => Value::Null,
                ValueRef::Integer(i) => Value::Int(i),
                ValueRef::Real(x) => Value::Real(x),
                ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
                ValueRef::Blob(_) => {
                    return Err(StoreError::corrupt(format!(
                        "column {:?} holds a blob",
                        names[i]
                    )));
                }
            });
        }
        out.push(Row::new(Arc::clone(&names), values));
    }
    Ok(out)
}

/// Runs a script of statements (a migration).
pub fn batch(c: &Connection, script: &str) -> Result<(), StoreError> {
    c.execute_batch(script).map_err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `/top`'s BOTs tab wrote `… $5 … LIMIT $4` and SQLite bound the
    /// parameters in the order their names appeared.
    #[test]
    fn placeholders_bind_by_number_whatever_their_order() {
        assert_eq!(numbered("SELECT $2, '$1', $1"), "SELECT ?2, '$1', ?1");
        let c = Connection::open_in_memory().unwrap();
        let r = rows(&c, "SELECT $2 AS b, $1 AS a", &[&1_i64, &2_i64]).unwrap();
        let (a, b): (i64, i64) = (r[0].get("a").unwrap(), r[0].get("b").unwrap());
        assert_eq!((a, b), (1, 2));
    }
}
