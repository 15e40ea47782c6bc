//! Costly computation off the async threads: a bounded pool of blocking threads with a
//! time budget per request. The async workers only wait for it, so no request's fleet
//! draw, layout, check, replay or computer move can hold up other players' messages.

use crate::error::Failure;
use crate::protocol::ErrorCode;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Which queue a job waits in: the computer's moves and the coach stay responsive
/// while fleets are drawn and records rendered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Fleet draws, layouts, fleet checks, rules vetting, replays and records.
    Heavy,
    /// The computer's moves, reveals and relocations, and the coach's map.
    Think,
    /// Password hashing (sign-up, sign-in, deletion): a lane of its own, at most half
    /// the cores, so a flood of logins waits on itself and never on, or in front of,
    /// anyone's game.
    Password,
}

/// How a job failed to finish in its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overrun {
    /// No thread came free within the budget.
    Busy,
    /// The job ran past its budget.
    TooCostly,
    /// The job panicked (a bug; logged).
    Failed,
}

impl Overrun {
    /// The refusal a client gets, with `what` naming the work ("drawing a fleet").
    pub fn refusal(self, what: &str) -> Failure {
        match self {
            Overrun::Busy => Failure::refused(
                ErrorCode::Busy,
                format!("the server is busy and could not start {what}; try again in a moment"),
            ),
            Overrun::TooCostly => Failure::refused(
                ErrorCode::TooCostly,
                format!("{what} took longer than this server allows; nothing changed"),
            ),
            Overrun::Failed => Failure::Pool(what.to_string()),
        }
    }
}

/// When a job must give up. Jobs that loop check it; the pool answers the client once
/// it passes whether or not the job has stopped.
#[derive(Clone, Copy, Debug)]
pub struct Deadline(Instant);

impl Deadline {
    /// A deadline `budget` from now.
    pub fn after(budget: Duration) -> Deadline {
        Deadline(Instant::now() + budget)
    }

    /// Whether it has passed.
    pub fn passed(&self) -> bool {
        Instant::now() >= self.0
    }

    /// A `go_on` callback for [`seabattle_core::Placer::sample_until`].
    pub fn go_on(self) -> impl FnMut(u64) -> bool {
        move |_| !self.passed()
    }
}

/// Slack past the deadline before the client is answered: a job that checks its
/// deadline stops within it and gives its own, more precise error.
const GRACE: Duration = Duration::from_millis(50);

tokio::task_local! {
    /// The client address a request is being handled for: the pool lets each address
    /// run only [`PER_CLIENT`] jobs at once, so one client's many connections cannot
    /// fill the pool and keep every other client waiting.
    pub static CLIENT: IpAddr;
}

/// Jobs one client address may have in the pool at once; more wait their turn (within
/// their budget).
pub const PER_CLIENT: usize = 2;

/// The pool.
pub struct Work {
    heavy: Arc<Semaphore>,
    think: Arc<Semaphore>,
    password: Arc<Semaphore>,
    clients: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
}

impl Work {
    /// A pool sized for this machine: heavy jobs leave one core to the async threads;
    /// the computer's moves may use every core; hashing at most half of them.
    pub fn new() -> Work {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Work {
            heavy: Arc::new(Semaphore::new(cores.saturating_sub(1).max(1))),
            think: Arc::new(Semaphore::new(cores.max(2))),
            password: Arc::new(Semaphore::new((cores / 2).max(1))),
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// The semaphore of the client the current task serves, if it serves one.
    fn client(&self) -> Option<Arc<Semaphore>> {
        let ip = CLIENT.try_with(|ip| *ip).ok()?;
        let mut map = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= 4096 {
            // Forget clients with nothing in the pool.
            map.retain(|_, s| Arc::strong_count(s) > 1);
        }
        Some(Arc::clone(
            map.entry(ip)
                .or_insert_with(|| Arc::new(Semaphore::new(PER_CLIENT))),
        ))
    }

    /// Runs `f` on a blocking thread of `lane` and waits for it, at most `budget` in
    /// all (the wait for a free thread included). `f` gets its deadline. A job that
    /// overruns keeps its thread until it ends, so the pool stays bounded.
    pub async fn run<T: Send + 'static>(
        &self,
        lane: Lane,
        budget: Duration,
        f: impl FnOnce(Deadline) -> T + Send + 'static,
    ) -> Result<T, Overrun> {
        let deadline = Deadline::after(budget);
        let until = tokio::time::Instant::from_std(deadline.0);
        let semaphore = match lane {
            Lane::Heavy => Arc::clone(&self.heavy),
            Lane::Think => Arc::clone(&self.think),
            Lane::Password => Arc::clone(&self.password),
        };
        let acquire = |s: Arc<Semaphore>| async move {
            tokio::time::timeout_at(until, s.acquire_owned())
                .await
                .map_err(|_| Overrun::Busy)?
                .map_err(|_| Overrun::Busy)
        };
        let client = match self.client() {
            Some(s) => Some(acquire(s).await?),
            None => None,
        };
        let permit = acquire(semaphore).await?;
        let job = tokio::task::spawn_blocking(move || {
            let _permits = (permit, client);
            f(deadline)
        });
        match tokio::time::timeout_at(until + GRACE, job).await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "a pool job failed");
                Err(Overrun::Failed)
            }
            Err(_) => Err(Overrun::TooCostly),
        }
    }
}

impl Default for Work {
    fn default() -> Work {
        Work::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_past_its_budget_is_answered_too_costly_at_the_deadline() {
        let work = Work::new();
        let start = Instant::now();
        let r = work
            .run(Lane::Heavy, Duration::from_millis(100), |_| {
                std::thread::sleep(Duration::from_millis(600));
            })
            .await;
        assert_eq!(r, Err(Overrun::TooCostly));
        assert!(start.elapsed() < Duration::from_millis(500));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_client_runs_only_so_many_jobs_at_once() {
        let work = Arc::new(Work::new());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let running = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let most = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut jobs = Vec::new();
        for _ in 0..6 {
            let (work, running, most) =
                (Arc::clone(&work), Arc::clone(&running), Arc::clone(&most));
            jobs.push(tokio::spawn(CLIENT.scope(ip, async move {
                work.run(Lane::Think, Duration::from_secs(5), move |_| {
                    use std::sync::atomic::Ordering::SeqCst;
                    let now = running.fetch_add(1, SeqCst) + 1;
                    most.fetch_max(now, SeqCst);
                    std::thread::sleep(Duration::from_millis(30));
                    running.fetch_sub(1, SeqCst);
                })
                .await
            })));
        }
        for j in jobs {
            assert_eq!(j.await.unwrap(), Ok(()));
        }
        assert!(most.load(std::sync::atomic::Ordering::SeqCst) <= PER_CLIENT);
    }

    /// A flood of logins fills the password lane: a game's fleet draw in the heavy
    /// lane still runs, and a hash still runs while the heavy lane is full.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn hashing_and_heavy_work_never_wait_for_each_other() {
        let work = Arc::new(Work::new());
        let budget = Duration::from_secs(30);
        for (full, free) in [(Lane::Password, Lane::Heavy), (Lane::Heavy, Lane::Password)] {
            let (release, held) = std::sync::mpsc::channel::<()>();
            let held = Arc::new(Mutex::new(held));
            let (started, running) = tokio::sync::mpsc::unbounded_channel::<()>();
            let mut running = running;
            let mut blockers = Vec::new();
            // More jobs than the lane has threads: all of them hold or wait.
            for _ in 0..8 {
                let (work, held, started) = (Arc::clone(&work), Arc::clone(&held), started.clone());
                blockers.push(tokio::spawn(async move {
                    work.run(full, budget, move |_| {
                        let _ = started.send(());
                        let _ = held.lock().unwrap_or_else(|p| p.into_inner()).recv();
                    })
                    .await
                }));
            }
            // The full lane holds a thread before the other lane is asked.
            running.recv().await;
            assert_eq!(work.run(free, budget, |_| 7).await, Ok(7), "{free:?}");
            drop(release);
            for b in blockers {
                assert_eq!(b.await.unwrap(), Ok(()));
            }
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_that_checks_its_deadline_stops_there() {
        let work = Work::new();
        let r = work
            .run(Lane::Heavy, Duration::from_millis(50), |d| {
                let mut spins = 0u64;
                while !d.passed() {
                    spins += 1;
                }
                spins
            })
            .await;
        assert!(r.is_ok_and(|n| n > 0));
    }
}
