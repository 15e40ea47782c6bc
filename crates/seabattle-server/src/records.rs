//! Finished games' downloads, rendered once: the record as JSON and the replay's
//! frames, compressed, kept in memory up to a byte budget (oldest first out). A finished
//! game never changes, so every later request is a copy of bytes.

use crate::advice::rules_json;
use crate::encoding::Encoded;
use crate::protocol::{RulesJson, TargetJson};
use crate::room::target_json;
use seabattle_core::{GameRecord, Player, RecordError};
use serde::Serialize;
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
    /// Renders `record` (a replay of every move, once).
    pub fn new(record: GameRecord) -> Result<Rendered, RecordError> {
        let frames = serde_json::to_vec(&frames(&record)?).unwrap_or_default();
        let json = serde_json::to_vec_pretty(&record).unwrap_or_default();
        Ok(Rendered {
            json: Encoded::new(json, false),
            frames: Encoded::new(frames, false),
            record,
        })
    }

    fn bytes(&self) -> usize {
        // The plain bodies are kept for clients that take no gzip; both count.
        [&self.json, &self.frames]
            .iter()
            .map(|e| e.plain.len() + e.gzip.len())
            .sum()
    }
}

/// The replay's frames: the rules in full, and for each number of moves played (from
/// none to all) what each player knew of the enemy waters, as `state`'s boards.
#[derive(Serialize)]
struct FramesJson {
    spec: RulesJson,
    frames: Vec<[TargetJson; 2]>,
}

/// Replays `record` once, keeping each position's boards.
fn frames(record: &GameRecord) -> Result<FramesJson, RecordError> {
    let mut frames = Vec::with_capacity(record.moves.len() + 1);
    record.replay_each(&mut |_, game| {
        frames.push(Player::BOTH.map(|p| target_json(game, p, true)));
    })?;
    Ok(FramesJson {
        spec: rules_json(&record.rules),
        frames,
    })
}

/// The cache.
#[derive(Default)]
pub struct Records(Mutex<Cache>);

#[derive(Default)]
struct Cache {
    map: HashMap<String, Arc<Rendered>>,
    order: VecDeque<String>,
    bytes: usize,
}

impl Records {
    /// The downloads of game `id`, if rendered.
    pub fn get(&self, id: &str) -> Option<Arc<Rendered>> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .map
            .get(id)
            .cloned()
    }

    /// Keeps `rendered` for game `id`, letting the oldest go past the budget.
    pub fn put(&self, id: &str, rendered: Arc<Rendered>) {
        let mut c = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if c.map.contains_key(id) {
            return;
        }
        c.bytes += rendered.bytes();
        c.map.insert(id.to_string(), rendered);
        c.order.push_back(id.to_string());
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
