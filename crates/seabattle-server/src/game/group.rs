//! Group commit: the moves of many games that arrive within a millisecond or two are
//! stored in one transaction, as PostgreSQL groups its WAL flushes. A commit costs
//! about the same for one move as for fifty (a round trip, a replica's answer under
//! synchronous replication, a WAL write), so one commit per shot caps a node long
//! before its CPU does. Each move is still acknowledged only after the commit that
//! holds it: a game's task waits for its answer before anyone is told.
//!
//! One thread writes. While it commits, new moves queue; it then takes all of them.
//! When moves arrive often enough that another is expected within the window, it
//! also waits up to the window after the first one for more, so a busy node makes few
//! commits; a quiet one (fewer moves a second than the window is long) never waits.

use super::stored::{Append, StoredMove};
use crate::db::Store;
use crate::error::StoreError;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// At most this many games' moves in one transaction, so one commit stays short.
const MOST: usize = 256;

/// What the writer has done, for `/metrics`.
#[derive(Debug, Default)]
pub struct CommitCounts {
    /// Transactions that stored moves.
    pub commits: AtomicU64,
    /// Games' appends stored (a volley with its dying shots is one).
    pub appends: AtomicU64,
}

/// One append waiting for the writer, and who waits for its answer.
struct Pending {
    append: Append,
    arrived: Instant,
    reply: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
}

/// The handle the games append through; the writer thread ends when it is dropped.
pub struct GroupCommit {
    queue: Sender<Pending>,
    counts: Arc<CommitCounts>,
}

impl GroupCommit {
    /// Starts the writer over `store`, waiting up to `window` for more moves when it
    /// is busy (zero: never wait, take only what queued during the last commit).
    pub fn start(store: Arc<Store>, window: Duration) -> std::io::Result<GroupCommit> {
        let (queue, rx) = channel();
        let counts = Arc::new(CommitCounts::default());
        let writer = Writer {
            store,
            window,
            counts: Arc::clone(&counts),
            rate: Rate::default(),
        };
        std::thread::Builder::new()
            .name("seabattle-commit".into())
            .spawn(move || writer.run(&rx))?;
        Ok(GroupCommit { queue, counts })
    }

    /// Stores `moves` of game `id`, numbered from `seq`, in the next group commit;
    /// returns once that commit is durable (or refused this game's moves).
    pub async fn append(
        &self,
        id: crate::ids::GameId,
        seq: usize,
        moves: Vec<StoredMove>,
    ) -> Result<(), StoreError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let pending = Pending {
            append: Append { id, seq, moves },
            arrived: Instant::now(),
            reply,
        };
        self.queue.send(pending).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// What the writer has done so far.
    pub fn counts(&self) -> &CommitCounts {
        &self.counts
    }
}

/// The writer thread is gone (it ended with a panic): nothing more can be stored.
fn stopped() -> StoreError {
    StoreError::unavailable("the commit writer")
}

/// Appends counted per second, to tell a busy node from a quiet one.
#[derive(Default)]
struct Rate {
    since: Option<Instant>,
    this_second: u64,
    last_second: u64,
}

impl Rate {
    fn note(&mut self, now: Instant, n: usize) {
        let since = *self.since.get_or_insert(now);
        let gone = now.duration_since(since);
        if gone >= Duration::from_secs(2) {
            (self.last_second, self.this_second) = (0, 0);
            self.since = Some(now);
        } else if gone >= Duration::from_secs(1) {
            self.last_second = self.this_second;
            self.this_second = 0;
            self.since = Some(since + Duration::from_secs(1));
        }
        self.this_second += n as u64;
    }

    /// Whether another append is expected within `window`, at last second's rate.
    fn busy(&self, window: Duration) -> bool {
        self.last_second.max(self.this_second) as f64 * window.as_secs_f64() >= 1.0
    }
}

struct Writer {
    store: Arc<Store>,
    window: Duration,
    counts: Arc<CommitCounts>,
    rate: Rate,
}

impl Writer {
    fn run(mut self, rx: &Receiver<Pending>) {
        while let Ok(first) = rx.recv() {
            let mut batch = vec![first];
            while batch.len() < MOST {
                match rx.try_recv() {
                    Ok(p) => batch.push(p),
                    Err(_) => break,
                }
            }
            let now = Instant::now();
            self.rate.note(now, batch.len());
            if self.rate.busy(self.window) {
                let until = batch[0].arrived + self.window;
                while batch.len() < MOST {
                    let left = until.saturating_duration_since(Instant::now());
                    match rx.recv_timeout(left) {
                        Ok(p) => {
                            self.rate.note(Instant::now(), 1);
                            batch.push(p);
                        }
                        Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
                    }
                }
            }
            self.commit(batch);
        }
    }

    fn commit(&self, batch: Vec<Pending>) {
        let (appends, replies): (Vec<Append>, Vec<_>) =
            batch.into_iter().map(|p| (p.append, p.reply)).unzip();
        let answers = match self.store.append_together(&appends) {
            Ok(answers) => {
                self.counts.commits.fetch_add(1, Ordering::Relaxed);
                answers
            }
            // Nothing of it was stored: each game's moves alone, so one cause (a lock
            // conflict with another node's takeover, say) fails no other game.
            Err(e) => {
                tracing::warn!(error = %e, games = appends.len(), "a group commit failed; storing each game's moves alone");
                appends
                    .iter()
                    .map(|a| {
                        let r = self.store.append_all(&a.id, a.seq, &a.moves);
                        if r.is_ok() {
                            self.counts.commits.fetch_add(1, Ordering::Relaxed);
                        }
                        r
                    })
                    .collect()
            }
        };
        let stored = answers.iter().filter(|r| r.is_ok()).count();
        self.counts
            .appends
            .fetch_add(stored as u64, Ordering::Relaxed);
        for (reply, answer) in replies.into_iter().zip(answers) {
            // A game whose task stopped waiting no longer needs its answer.
            let _ = reply.send(answer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_node_never_waits_and_a_busy_one_does() {
        let t0 = Instant::now();
        let mut r = Rate::default();
        r.note(t0, 1);
        assert!(!r.busy(Duration::from_millis(2)));
        for i in 0..600 {
            r.note(t0 + Duration::from_millis(i), 1);
        }
        assert!(r.busy(Duration::from_millis(2)));
        // A second later, last second's 600 still count; two idle seconds forget them.
        r.note(t0 + Duration::from_millis(1_100), 1);
        assert!(r.busy(Duration::from_millis(2)));
        r.note(t0 + Duration::from_millis(3_500), 1);
        assert!(!r.busy(Duration::from_millis(2)));
    }
}
