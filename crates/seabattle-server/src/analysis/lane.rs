//! The analyses' lane: one analysis at a time, on a blocking thread, so however many
//! are asked for they take at most one core and the async threads that answer shots
//! never run one. Two requests for one game wait for the same job.

use super::store::Figures;
use super::{VERSION, analyse_record, supported};
use crate::ids::GameId;
use crate::node::SharedNode;
use seabattle_bots::analysis::AnalysisError;
use seabattle_core::GameRecord;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, watch};

/// Jobs waiting or running at once: past this a request is refused as busy rather
/// than queued for hours.
pub const MAX_QUEUED: usize = 64;

/// What became of an analysis.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Made (or read): its JSON.
    Ready(Arc<String>),
    /// The game's rules cannot be analysed (their text).
    Unsupported(String),
    /// Too many analyses are waiting: try again later.
    Busy,
    /// The analysis failed (logged).
    Failed,
}

/// A job's outcome, once known.
type Waiting = watch::Receiver<Option<Outcome>>;

/// The lane.
pub struct Analyst {
    one: Semaphore,
    jobs: Mutex<HashMap<GameId, Waiting>>,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst {
            one: Semaphore::new(1),
            jobs: Mutex::default(),
        }
    }
}

impl Analyst {
    fn jobs(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Waiting>> {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The analysis of finished game `game`, waiting at most `wait` for it: read from
    /// storage, or made in the lane (the job goes on if the wait ends first); `None`
    /// if it is not ready in time.
    pub async fn get(
        self: &Arc<Self>,
        node: &SharedNode,
        game: &GameId,
        record: &GameRecord,
        wait: Duration,
    ) -> Option<Outcome> {
        let mut waiting = self.start(node, game, record);
        let ready = tokio::time::timeout(wait, waiting.wait_for(Option::is_some)).await;
        match ready {
            Ok(Ok(outcome)) => outcome.clone(),
            Ok(Err(_)) => Some(Outcome::Failed),
            Err(_) => None,
        }
    }

    /// The job of `game`, started if none runs; a full lane answers busy at once.
    fn start(self: &Arc<Self>, node: &SharedNode, game: &GameId, record: &GameRecord) -> Waiting {
        let mut jobs = self.jobs();
        if let Some(w) = jobs.get(game) {
            return w.clone();
        }
        let (tell, waiting) = watch::channel(None);
        if jobs.len() >= MAX_QUEUED {
            let _ = tell.send(Some(Outcome::Busy));
            return waiting;
        }
        jobs.insert(game.clone(), waiting.clone());
        drop(jobs);
        let (me, node, game, record) = (
            Arc::clone(self),
            Arc::clone(node),
            game.clone(),
            record.clone(),
        );
        tokio::spawn(async move {
            let outcome = me.make(&node, &game, record).await;
            let _ = tell.send(Some(outcome));
            me.jobs().remove(&game);
        });
        waiting
    }

    /// Reads the analysis of `game`, or makes and stores it.
    async fn make(&self, node: &SharedNode, game: &GameId, record: GameRecord) -> Outcome {
        if !supported(&record.rules) {
            return Outcome::Unsupported(record.rules.to_string());
        }
        let key = game.clone();
        match node.db(move |db| db.analysis(&key, VERSION)).await {
            Ok(Some(body)) => return Outcome::Ready(Arc::new(body)),
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(game = %game, error = %e, "a stored analysis could not be read");
                return Outcome::Failed;
            }
        }
        let Ok(_one) = self.one.acquire().await else {
            return Outcome::Failed;
        };
        let started = Instant::now();
        // A thread of its own at the lowest priority, not the blocking pool's: the pool
        // serves storage too, and the kernel should give the analysis only the time
        // the shots leave over.
        let (tell, made) = tokio::sync::oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                lowest_priority();
                let _ = tell.send(analyse_record(&record));
            });
        if let Err(e) = spawned {
            tracing::error!(game = %game, error = %e, "no thread for an analysis");
            return Outcome::Failed;
        }
        let made = made.await;
        let analysis = match made {
            Ok(Ok(a)) => a,
            Ok(Err(AnalysisError::Unsupported { rules })) => return Outcome::Unsupported(rules),
            Ok(Err(e)) => {
                tracing::error!(game = %game, error = %e, "a finished game could not be analysed");
                return Outcome::Failed;
            }
            Err(_) => {
                tracing::error!(game = %game, "an analysis panicked");
                return Outcome::Failed;
            }
        };
        let secs = started.elapsed().as_secs_f64();
        tracing::info!(game = %game, secs, "a game was analysed");
        let body = match serde_json::to_string(&analysis) {
            Ok(b) => Arc::new(b),
            Err(e) => {
                tracing::error!(game = %game, error = %e, "an analysis could not be written");
                return Outcome::Failed;
            }
        };
        let (key, stored, figures) = (game.clone(), Arc::clone(&body), Figures::of(&analysis));
        // The answer stands if it cannot be kept: it is made again next time.
        if let Err(e) = node
            .db(move |db| db.save_analysis(&key, VERSION, &stored, &figures))
            .await
        {
            tracing::warn!(game = %game, error = %e, "an analysis could not be stored");
        }
        Outcome::Ready(body)
    }
}

/// Lowers the calling thread to the lowest scheduling priority (niceness 19), where the
/// kernel allows it: an analysis may take seconds of a core, and shots come first.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    if let Err(e) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 19) {
        tracing::debug!(error = %e, "the analysis runs at the usual priority");
    }
}
