//! The server's storage: one [`Db`] and, on PostgreSQL, this node's place in the
//! [`Cluster`]. Each feature adds its queries to [`Store`] in a file of its own
//! (`game/store.rs`, `accounts/store.rs`, `ratings/store.rs`, `learning/store.rs`,
//! `web/players/store.rs`), written once for both databases. Every method blocks; the
//! server calls them off the async threads (`Hub::db`). Each write is durable when it
//! returns.

use super::{Db, Sql, StoreError, ToParam};
use crate::cluster::Cluster;
use crate::db::url::DbUrl;
use crate::ids::GameId;
use std::sync::Arc;

/// Where games, accounts, ratings and what the computer learned are kept.
pub struct Store {
    db: Arc<Db>,
    cluster: Option<Cluster>,
}

impl Store {
    /// Opens (and creates, migrating to the latest schema) the store at `url`. Under
    /// PostgreSQL the server is one node of a cluster, named `node` (see [`Cluster`]).
    pub fn open(url: &DbUrl, node: &str) -> Result<Arc<Store>, StoreError> {
        let db = Db::open(url)?;
        super::migrate::migrate(&db)?;
        let db = Arc::new(db);
        let cluster = match db.postgres_url() {
            Some(_) => Some(Cluster::join(Arc::clone(&db), node)?),
            None => None,
        };
        Ok(Arc::new(Store { db, cluster }))
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The cluster this store is shared by (PostgreSQL); `None` for a store only one
    /// server uses (SQLite).
    pub fn cluster(&self) -> Option<&Cluster> {
        self.cluster.as_ref()
    }

    /// Where the data is, for logs.
    pub fn describe(&self) -> String {
        self.db.describe()
    }

    /// Runs one `UPDATE games … WHERE id = $n` of game `id`: in a cluster only while this
    /// node holds the game, checked by its fencing token in the same statement. A game
    /// that is not there (or not this node's) changes nothing and says so.
    pub(crate) fn write_game(
        &self,
        id: &GameId,
        sql: &str,
        params: &[&dyn ToParam],
    ) -> Result<(), StoreError> {
        let written = match &self.cluster {
            None => self.db.exec(sql, params)?,
            Some(c) => {
                let fence = c.fence(id)?;
                let checked = format!("{sql} AND fence = ${}", params.len() + 1);
                let mut all = params.to_vec();
                all.push(&fence);
                let n = self.db.exec(&checked, &all)?;
                if n == 0 {
                    return Err(c.lost(id));
                }
                n
            }
        };
        if written == 0 {
            return Err(StoreError::not_found("game", id));
        }
        Ok(())
    }

    /// Runs `f` in a transaction that writes game `id`: in a cluster the game's row is
    /// locked first and its fencing token checked to be this node's, so no other node
    /// can take the game over until the write is committed, and a node that lost it
    /// writes nothing.
    pub(crate) fn game_tx<T>(
        &self,
        id: &GameId,
        mut f: impl FnMut(&mut Sql<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let Some(c) = &self.cluster else {
            return self.db.tx(f);
        };
        let fence = c.fence(id)?;
        self.db.tx(|sql| {
            let now: Option<super::One<i64>> = sql.row(
                "SELECT fence FROM games WHERE id = $1 FOR UPDATE",
                crate::db::params![id],
            )?;
            match now {
                None => return Err(StoreError::not_found("game", id)),
                Some(super::One(now)) if now != fence => return Err(c.lost(id)),
                Some(_) => {}
            }
            f(sql)
        })
    }
}
