//! The count of checks passed and failed, each printed as it is made.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The checks' tally.
#[derive(Default)]
pub(crate) struct Tally {
    /// Checks passed.
    pub(crate) passed: AtomicUsize,
    /// Checks failed.
    pub(crate) failed: AtomicUsize,
}

impl Tally {
    /// A check passed.
    pub(crate) fn ok(&self, what: &str) {
        self.passed.fetch_add(1, Ordering::Relaxed);
        println!("cluster: ok   {what}");
    }

    /// A check failed, for `why`.
    pub(crate) fn fail(&self, what: &str, why: &str) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        println!("cluster: FAIL {what}: {why}");
    }

    /// A check that passed or failed as `r` says.
    pub(crate) fn check(&self, what: &str, r: Result<(), String>) {
        match r {
            Ok(()) => self.ok(what),
            Err(why) => self.fail(what, &why),
        }
    }
}
