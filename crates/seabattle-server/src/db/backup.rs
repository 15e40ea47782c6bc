//! `seabattle backup`: a consistent copy of a live server's SQLite file with SQLite's
//! online backup API. The server keeps writing meanwhile: the file is in WAL mode, so
//! the copy reads one snapshot while the server's commits go on beside it.

use crate::db::url::DbUrl;
use crate::error::ServerError;
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long to wait before trying a step again when the database is busy.
const BUSY_PAUSE: Duration = Duration::from_millis(50);

/// Tries before a backup that keeps finding the database busy gives up.
const BUSY_TRIES: u32 = 200;

/// What a backup copied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Pages in the copy.
    pub pages: u64,
    /// Games in the copy.
    pub games: u64,
}

/// Copies the SQLite database `db` to `to`, consistently, while a server may be
/// writing it. The copy is written beside `to` first and moved into place once whole
/// and checked, so `to` is never half a database.
pub fn backup(db: &DbUrl, to: &Path) -> Result<Copied, ServerError> {
    let DbUrl::Sqlite(from) = db else {
        return Err(ServerError::BadDbUrl(format!(
            "{}: backup copies an SQLite database; back PostgreSQL up with its own tools \
             (docs/deploy.md, Backups)",
            db.display()
        )));
    };
    let store = ServerError::Backup;
    if !from.is_file() {
        return Err(store(format!("{}: no such database file", from.display())));
    }
    let src = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| store(format!("{}: {e}", from.display())))?;
    src.busy_timeout(Duration::from_secs(5))
        .map_err(|e| store(e.to_string()))?;
    let partial = partial_path(to);
    let _ = std::fs::remove_file(&partial);
    let result = copy(&src, &partial).and_then(|c| {
        std::fs::rename(&partial, to)
            .map_err(|e| store(format!("{}: {e}", to.display())))
            .map(|()| c)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

/// `to` with `.partial` added to its name.
fn partial_path(to: &Path) -> PathBuf {
    let mut name = to.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    to.with_file_name(name)
}

fn copy(src: &Connection, to: &Path) -> Result<Copied, ServerError> {
    let store = ServerError::Backup;
    let mut dst = Connection::open(to).map_err(|e| store(format!("{}: {e}", to.display())))?;
    {
        let b = Backup::new(src, &mut dst).map_err(|e| store(e.to_string()))?;
        let mut busy = 0;
        // Every page in one step: one read snapshot, so the copy is consistent. In WAL
        // mode the server's writers are not held up by it.
        loop {
            match b.step(-1).map_err(|e| store(e.to_string()))? {
                StepResult::Done => break,
                StepResult::More => {}
                StepResult::Busy | StepResult::Locked => {
                    busy += 1;
                    if busy > BUSY_TRIES {
                        return Err(store("the database stayed busy; try again".into()));
                    }
                    std::thread::sleep(BUSY_PAUSE);
                }
                // A future SQLite answer: try again, as for busy.
                _ => std::thread::sleep(BUSY_PAUSE),
            }
        }
    }
    let check: String = dst
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(|e| store(e.to_string()))?;
    if check != "ok" {
        return Err(store(format!("the copy failed its check: {check}")));
    }
    let pages: i64 = dst
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .map_err(|e| store(e.to_string()))?;
    let games: i64 = dst
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .map_err(|e| store(e.to_string()))?;
    // The copy stands alone: its WAL is folded in before it is moved into place.
    dst.pragma_update(None, "journal_mode", "DELETE")
        .map_err(|e| store(e.to_string()))?;
    Ok(Copied {
        pages: pages.max(0) as u64,
        games: games.max(0) as u64,
    })
}
