//! The PostgreSQL driver: a pool of connections (r2d2), each with the statements it
//! prepared kept, and a connection found broken replaced and its work run once more.

use super::error::{Source, StoreError};
use super::value::{Param, Row, ToParam, Value};
use bytes::BytesMut;
use postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use postgres::{Client, NoTls, Statement};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Connections kept open at most. Each commit waits for the disk; commits on several
/// connections are flushed together, so games on different connections do not queue
/// behind each other.
const CONNECTIONS: u32 = 8;

/// How long a call waits for a connection before it says the database is unavailable.
const CHECKOUT: Duration = Duration::from_secs(3);

/// Statements a connection keeps prepared before it forgets them all.
const CACHED_STATEMENTS: usize = 256;

/// One pooled connection and the statements prepared on it.
pub struct PgConn {
    /// The client.
    pub client: Client,
    cache: HashMap<String, Statement>,
    /// Set when a statement found the connection broken: the pool drops it.
    broken: bool,
    /// The pool's count of broken connections when this one was last known good.
    checked: u64,
}

impl PgConn {
    /// The statement for `sql`, prepared on this connection once.
    fn prepare(&mut self, sql: &str) -> Result<Statement, StoreError> {
        if let Some(s) = self.cache.get(sql) {
            return Ok(s.clone());
        }
        let stmt = self.client.prepare(sql).map_err(error)?;
        if self.cache.len() >= CACHED_STATEMENTS {
            self.cache.clear();
        }
        self.cache.insert(sql.to_string(), stmt.clone());
        Ok(stmt)
    }
}

/// Makes and checks the pool's connections.
struct Manager {
    url: String,
    /// Connections found broken so far. After one breaks, every older connection is
    /// checked once when next taken (a database that restarted broke them all);
    /// otherwise taking one costs nothing.
    breaks: Arc<AtomicU64>,
}

impl r2d2::ManageConnection for Manager {
    type Connection = PgConn;
    type Error = postgres::Error;

    fn connect(&self) -> Result<PgConn, postgres::Error> {
        Ok(PgConn {
            client: Client::connect(&self.url, NoTls)?,
            cache: HashMap::new(),
            broken: false,
            checked: self.breaks.load(Ordering::Relaxed),
        })
    }

    fn is_valid(&self, conn: &mut PgConn) -> Result<(), postgres::Error> {
        let breaks = self.breaks.load(Ordering::Relaxed);
        if conn.checked < breaks {
            conn.client.simple_query("")?;
            conn.checked = breaks;
        }
        Ok(())
    }

    fn has_broken(&self, conn: &mut PgConn) -> bool {
        conn.broken || conn.client.is_closed()
    }
}

/// A PostgreSQL database.
pub struct Pg {
    url: String,
    shown: String,
    /// `Option` so that `Drop` can move the pool off the async threads: each client
    /// owns a runtime, which may not be dropped inside another.
    pool: Option<r2d2::Pool<Manager>>,
    breaks: Arc<AtomicU64>,
}

/// A connection of its own, outside the pool (the cluster's listener).
pub fn connect(url: &str, shown: &str) -> Result<Client, StoreError> {
    Client::connect(url, NoTls).map_err(|e| StoreError::Open {
        what: shown.to_string(),
        source: Some(Arc::new(e)),
    })
}

/// The connection cannot be had: the pool's error as the source.
fn checkout(e: r2d2::Error) -> StoreError {
    StoreError::Unavailable {
        what: "a database connection",
        source: Some(Arc::new(e)),
    }
}

impl Pg {
    /// Connects to `url` (shown in logs as `shown`), failing at once if it cannot.
    pub fn open(url: &str, shown: String) -> Result<Pg, StoreError> {
        // One connection first, so a database that cannot be reached is a clear error
        // now rather than a pool that waits.
        drop_off_thread(connect(url, &shown)?);
        let breaks = Arc::new(AtomicU64::new(0));
        let manager = Manager {
            url: url.to_string(),
            breaks: Arc::clone(&breaks),
        };
        let pool = r2d2::Pool::builder()
            .max_size(CONNECTIONS)
            .min_idle(Some(1))
            .connection_timeout(CHECKOUT)
            .test_on_check_out(true)
            .build(manager)
            .map_err(|e| StoreError::Open {
                what: shown.clone(),
                source: Some(Arc::new(e)),
            })?;
        Ok(Pg {
            url: url.to_string(),
            shown,
            pool: Some(pool),
            breaks,
        })
    }

    /// The URL, for a connection of its own (the cluster's listener).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Where the data is, for logs (no password).
    pub fn describe(&self) -> String {
        self.shown.clone()
    }

    /// Runs `f` on a pooled connection. A connection found broken is dropped and `f` run
    /// once more on another, so the first statement after a database restart succeeds
    /// instead of failing on a dead socket; `f` is a whole transaction or one
    /// statement, so a retry cannot apply half of it twice.
    pub fn with<T>(
        &self,
        mut f: impl FnMut(&mut PgConn) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let pool = self
            .pool
            .as_ref()
            .ok_or_else(|| StoreError::unavailable("the database pool"))?;
        let mut retried = false;
        loop {
            let mut conn = pool.get().map_err(checkout)?;
            match f(&mut conn) {
                Err(StoreError::Disconnected { source }) => {
                    conn.broken = true;
                    self.breaks.fetch_add(1, Ordering::Relaxed);
                    if retried {
                        return Err(StoreError::Disconnected { source });
                    }
                    tracing::warn!(error = %source, "a database connection broke; reconnecting and trying again");
                    retried = true;
                }
                other => return other,
            }
        }
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            drop_off_thread(pool);
        }
    }
}

/// Drops `x` on a thread of its own: a client's runtime may not be dropped on the
/// async threads.
fn drop_off_thread<T: Send + 'static>(x: T) {
    std::thread::spawn(move || drop(x));
}

/// Whether `e` says the connection is unusable rather than the statement wrong: an
/// I/O error ("Broken pipe" on the first use after the database restarted), a
/// connection the client knows is closed, or the server ending it (SQLSTATE class
/// 08, or 57P01–57P03: shut down, crashed, cannot connect now).
fn broken(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    match e.code() {
        Some(code) => {
            let code = code.code();
            code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03")
        }
        None => {
            e.as_db_error().is_none()
                && std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>())
        }
    }
}

/// A driver error as a kind.
pub fn error(e: postgres::Error) -> StoreError {
    let (disconnected, conflict) = (
        broken(&e),
        e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION),
    );
    let source: Source = Arc::new(e);
    if disconnected {
        StoreError::Disconnected { source }
    } else if conflict {
        StoreError::Conflict { source }
    } else {
        StoreError::Query { source }
    }
}

impl ToSql for Param<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        // The statement says each parameter's type: an integer goes in as that width,
        // and one that does not fit is refused, never cut short.
        match (*self, ty) {
            (Param::Null, _) => Ok(IsNull::Yes),
            (Param::Int(i), &Type::INT2) => i16::try_from(i)?.to_sql(ty, out),
            (Param::Int(i), &Type::INT4) => i32::try_from(i)?.to_sql(ty, out),
            (Param::Int(i), &Type::INT8) => i.to_sql(ty, out),
            (Param::Int(i), &Type::BOOL) => (i != 0).to_sql(ty, out),
            (Param::Int(i), &Type::FLOAT8) => (i as f64).to_sql(ty, out),
            (Param::Real(x), &Type::FLOAT8) => x.to_sql(ty, out),
            (Param::Real(x), &Type::FLOAT4) => (x as f32).to_sql(ty, out),
            (Param::Text(s), _) if <&str as ToSql>::accepts(ty) => s.to_sql(ty, out),
            (p, ty) => Err(format!("cannot bind {p:?} to a parameter of type {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl<'a> FromSql<'a> for Value {
    fn from_sql(
        ty: &Type,
        raw: &'a [u8],
    ) -> Result<Value, Box<dyn std::error::Error + Sync + Send>> {
        Ok(match *ty {
            Type::INT2 => Value::Int(i16::from_sql(ty, raw)?.into()),
            Type::INT4 => Value::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT8 => Value::Int(i64::from_sql(ty, raw)?),
            Type::BOOL => Value::Int(bool::from_sql(ty, raw)?.into()),
            Type::FLOAT4 => Value::Real(f32::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => Value::Real(f64::from_sql(ty, raw)?),
            _ => Value::Text(String::from_sql(ty, raw)?),
        })
    }

    fn from_sql_null(_: &Type) -> Result<Value, Box<dyn std::error::Error + Sync + Send>> {
        Ok(Value::Null)
    }

    fn accepts(ty: &Type) -> bool {
        matches!(
            *ty,
            Type::INT2 | Type::INT4 | Type::INT8 | Type::BOOL | Type::FLOAT4 | Type::FLOAT8
        ) || <String as FromSql>::accepts(ty)
    }
}

/// A pooled connection, or a transaction on one: what a statement runs on.
pub enum On<'a> {
    /// The connection itself.
    Conn(&'a mut PgConn),
    /// A transaction, with the connection's statements.
    Tx(
        postgres::Transaction<'a>,
        &'a mut HashMap<String, Statement>,
    ),
}

impl On<'_> {
    fn statement(&mut self, sql: &str) -> Result<Statement, StoreError> {
        match self {
            On::Conn(c) => c.prepare(sql),
            On::Tx(tx, cache) => {
                if let Some(s) = cache.get(sql) {
                    return Ok(s.clone());
                }
                let stmt = tx.prepare(sql).map_err(error)?;
                if cache.len() >= CACHED_STATEMENTS {
                    cache.clear();
                }
                cache.insert(sql.to_string(), stmt.clone());
                Ok(stmt)
            }
        }
    }

    fn client(&mut self) -> &mut dyn Run {
        match self {
            On::Conn(c) => &mut c.client,
            On::Tx(tx, _) => tx,
        }
    }

    /// Runs one statement; how many rows it changed.
    pub fn exec(&mut self, sql: &str, params: &[&dyn ToParam]) -> Result<u64, StoreError> {
        let stmt = self.statement(sql)?;
        let bound: Vec<Param<'_>> = params.iter().map(|p| p.to_param()).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(|p| p as _).collect();
        self.client().execute_stmt(&stmt, &refs).map_err(error)
    }

    /// Runs one query; its rows.
    pub fn rows(&mut self, sql: &str, params: &[&dyn ToParam]) -> Result<Vec<Row>, StoreError> {
        let stmt = self.statement(sql)?;
        let bound: Vec<Param<'_>> = params.iter().map(|p| p.to_param()).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(|p| p as _).collect();
        let found = self.client().query_stmt(&stmt, &refs).map_err(error)?;
        to_rows(&stmt, &found)
    }

    /// Runs a statement with the driver's own parameters (arrays, which only PostgreSQL
    /// has); its rows.
    pub fn rows_raw(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, StoreError> {
        let stmt = self.statement(sql)?;
        let found = self.client().query_stmt(&stmt, params).map_err(error)?;
        to_rows(&stmt, &found)
    }

    /// Runs a script of statements.
    pub fn batch(&mut self, script: &str) -> Result<(), StoreError> {
        self.client().batch(script).map_err(error)
    }
}

/// The calls a statement needs, on a client or a transaction alike.
trait Run {
    fn execute_stmt(
        &mut self,
        stmt: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, postgres::Error>;
    fn query_stmt(
        &mut self,
        stmt: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error>;
    fn batch(&mut self, script: &str) -> Result<(), postgres::Error>;
}

impl<C: postgres::GenericClient> Run for C {
    fn execute_stmt(
        &mut self,
        stmt: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, postgres::Error> {
        self.execute(stmt, params)
    }

    fn query_stmt(
        &mut self,
        stmt: &Statement,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error> {
        self.query(stmt, params)
    }

    fn batch(&mut self, script: &str) -> Result<(), postgres::Error> {
        self.batch_execute(script)
    }
}

fn to_rows(stmt: &Statement, found: &[postgres::Row]) -> Result<Vec<Row>, StoreError> {
    let names: Arc<[String]> = stmt
        .columns()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    found
        .iter()
        .map(|r| {
            let values = (0..names.len())
                .map(|i| {
                    r.try_get::<_, Value>(i)
                        .map_err(|e| StoreError::corrupt(format!("column {:?}: {e}", names[i])))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Row::new(Arc::clone(&names), values))
        })
        .collect()
}

/// Opens a transaction on `conn`.
pub fn transaction(conn: &mut PgConn) -> Result<On<'_>, StoreError> {
    let PgConn { client, cache, .. } = conn;
    let tx = client.transaction().map_err(error)?;
    Ok(On::Tx(tx, cache))
}

/// Commits a transaction [`transaction`] opened.
pub fn commit(on: On<'_>) -> Result<(), StoreError> {
    match on {
        On::Tx(tx, _) => tx.commit().map_err(error),
        On::Conn(_) => Ok(()),
    }
}
