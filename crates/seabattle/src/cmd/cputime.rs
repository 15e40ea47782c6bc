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
        let end = thread_cpu().unwrap();
        assert!(end > start, "{start:?} then {end:?}");
    }
}
