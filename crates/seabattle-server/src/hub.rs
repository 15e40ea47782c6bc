//! The server's one shared state: configuration, storage, the games in memory, the queue.

use crate::config::Config;
use crate::conn::Conn;
use crate::error::StoreError;
use crate::protocol::ClientError;
use crate::room::{Room, RoomCell};
use crate::store::Store;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A player waiting for a random opponent.
pub struct Waiting {
    /// The connection.
    pub conn: Conn,
    /// Since when.
    pub since: Instant,
}

/// Everything the handlers share.
pub struct Hub {
    /// Settings.
    pub config: Config,
    /// Where games are stored.
    pub store: Arc<dyn Store>,
    rooms: Mutex<HashMap<String, Arc<RoomCell>>>,
    // Loading a game from storage happens once even if two players reconnect at once.
    load_lock: tokio::sync::Mutex<()>,
    /// Waiting players by rules text.
    pub queue: Mutex<HashMap<String, Waiting>>,
    next_conn: AtomicU64,
    /// Flips to `true` when the server shuts down.
    pub closing: tokio::sync::watch::Receiver<bool>,
}

/// The hub as handlers hold it.
pub type SharedHub = Arc<Hub>;

impl Hub {
    /// A hub storing in `store`.
    pub fn new(
        config: Config,
        store: Arc<dyn Store>,
        closing: tokio::sync::watch::Receiver<bool>,
    ) -> Hub {
        Hub {
            config,
            store,
            rooms: Mutex::new(HashMap::new()),
            load_lock: tokio::sync::Mutex::new(()),
            queue: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            closing,
        }
    }

    /// A fresh connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Runs a blocking storage call off the async threads.
    pub async fn db<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || f(&*store))
            .await
            .map_err(|e| StoreError::Query(format!("storage task failed: {e}")))?
    }

    /// Like [`Hub::db`], logging a failure and turning it into what the client may see.
    pub async fn db_for_client<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, ClientError> {
        self.db(f).await.map_err(|e| {
            eprintln!("seabattle-server: {e}");
            ClientError::internal()
        })
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<RoomCell>>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Puts a new game in memory.
    pub fn insert(&self, room: Room) -> Arc<RoomCell> {
        let id = room.id.clone();
        let cell = Arc::new(tokio::sync::Mutex::new(room));
        self.rooms().insert(id, Arc::clone(&cell));
        cell
    }

    /// Games held in memory.
    pub fn rooms_held(&self) -> usize {
        self.rooms().len()
    }

    /// Forgets a finished game nobody is connected to (it stays stored).
    pub fn evict(&self, id: &str) {
        self.rooms().remove(id);
    }

    /// The game `id`, from memory or rebuilt from storage; `Ok(None)` if there is none.
    /// The second value is whether it was just loaded (its clock and bot need starting).
    pub async fn room(&self, id: &str) -> Result<Option<(Arc<RoomCell>, bool)>, StoreError> {
        if let Some(r) = self.rooms().get(id) {
            return Ok(Some((Arc::clone(r), false)));
        }
        let _guard = self.load_lock.lock().await;
        if let Some(r) = self.rooms().get(id) {
            return Ok(Some((Arc::clone(r), false)));
        }
        let key = id.to_string();
        let Some(stored) = self.db(move |s| s.load(&key)).await? else {
            return Ok(None);
        };
        let room = Room::from_stored(&stored, &self.config.bots)?;
        Ok(Some((self.insert(room), true)))
    }
}
