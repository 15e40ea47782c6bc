//! Finished games' downloads, rendered once: the record as JSON and the replay's
//! frames, compressed, kept in memory up to a byte budget (oldest first out). A finished
//! game never changes, so every later request is a copy of bytes.

use crate::ids::GameId;
use crate::web::encoding::Encoded;
use seabattle_core::GameRecord;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Compressed bytes kept at most, over every game.
const BUDGET: usize = 32 << 20;

/// One finished game's downloads.
pub struct Rendered {
    /// The record, for `record.txt` in any notation.
    pub record: GameRecord,
    /// `record.json`.
    pub json: Encoded,
    /// `frames.json`.
    pub frames: Encoded,
}

impl Rendered {
    fn bytes(&self) -> usize {
        // The plain bodies are kept for clients that take no gzip; both count.
        [&self.json, &self.frames]
            .iter()
            .map(|e| e.plain.len() + e.gzip.len())
            .sum()
    }
}

/// The cache.
#[derive(Default)]
pub struct Records(Mutex<Cache>);

#[derive(Default)]
struct Cache {
    map: HashMap<GameId, Arc<Rendered>>,
    order: VecDeque<GameId>,
    bytes: usize,
}

impl Records {
    /// The downloads of game `id`, if rendered.
    pub fn get(&self, id: &GameId) -> Option<Arc<Rendered>> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .map
            .get(id)
            .cloned()
    }

    /// Keeps `rendered` for game `id`, letting the oldest go past the budget.
    pub fn put(&self, id: &GameId, rendered: Arc<Rendered>) {
        let mut c = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if c.map.contains_key(id) {
            return;
        }
        c.bytes += rendered.bytes();
        c.map.insert(id.clone(), rendered);
        c.order.push_back(id.clone());
        while c.bytes > BUDGET && c.order.len() > 1 {
            let Some(old) = c.order.pop_front() else {
                break;
            };
            if let Some(r) = c.map.remove(&old) {
                c.bytes -= r.bytes();
            }
        }
    }
}
