//! The CPU time of the calling thread, so that a decision's time does not count the
//! time other processes held the core (on a shared machine the wall clock can be ten
//! times the work). Linux only: `/proc/thread-self/schedstat` gives the nanoseconds
//! the thread ran; elsewhere there is none and the bench says so.

use std::time::Duration;

/// The time the calling thread has run on a CPU, if the system tells it.
pub(super) fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (`cputime_does_not_go_back`): the figure is read and never goes
    /// back. It need not have grown after a few milliseconds of work: the kernel
    /// updates it at scheduler events, and a tickless idle machine may have none.
    #[test]
    fn a_thread_at_work_runs_on_the_cpu() {
        let Some(start) = thread_cpu() else {
            // Not Linux (or no scheduler statistics): nothing to measure.
            return;
        };
        let mut x: u64 = 1;
        for i in 0..5_000_000u64 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
        }
        std::hint::black_box(x);
        let end = thread_cpu().expect("read once, read again");
        assert!(end >= start, "{start:?} then {end:?}");
    }
}
