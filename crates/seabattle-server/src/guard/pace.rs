//! How fast a seat may chat: a token bucket kept as one instant, with no timer. Apart
//! from `chat.rs` so that a room can hold a seat's pace without knowing chat.

use std::time::{Duration, Instant};

/// How fast one seat may chat: a token bucket of `burst` phrases, one more coming back
/// every `every`. Kept as the moment the bucket is next full (the generic cell rate
/// algorithm), so it needs no timer and no floating point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pace {
    /// When the bucket is full again; none before the seat's first phrase.
    full_at: Option<Instant>,
}

/// Why a phrase was not let through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFast {
    /// How long until the next phrase is let through.
    pub wait: Duration,
}

impl Pace {
    /// Takes one phrase at `now`, or says how long to wait. A `burst` of 0 counts as 1.
    pub fn take(&mut self, now: Instant, burst: u32, every: Duration) -> Result<(), TooFast> {
        let span = every.saturating_mul(burst.max(1));
        let full_at = self.full_at.filter(|&t| t > now).unwrap_or(now);
        // Each phrase pushes the moment of a full bucket one `every` later; at most
        // `burst` of them may be pending at once.
        let next = full_at + every;
        if next.saturating_duration_since(now) > span {
            return Err(TooFast {
                wait: next.saturating_duration_since(now) - span,
            });
        }
        self.full_at = Some(next);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY: Duration = Duration::from_secs(2);

    #[test]
    fn a_burst_of_three_then_one_every_interval() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        for _ in 0..3 {
            assert_eq!(pace.take(t0, 3, EVERY), Ok(()));
        }
        assert_eq!(pace.take(t0, 3, EVERY), Err(TooFast { wait: EVERY }));
        let early = t0 + EVERY - Duration::from_millis(1);
        assert_eq!(
            pace.take(early, 3, EVERY),
            Err(TooFast {
                wait: Duration::from_millis(1)
            })
        );
        assert_eq!(pace.take(t0 + EVERY, 3, EVERY), Ok(()));
        assert!(pace.take(t0 + EVERY, 3, EVERY).is_err());
    }

    #[test]
    fn a_quiet_seat_gets_its_whole_burst_back_and_no_more() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        for _ in 0..3 {
            pace.take(t0, 3, EVERY).unwrap();
        }
        let later = t0 + EVERY * 60;
        for _ in 0..3 {
            assert_eq!(pace.take(later, 3, EVERY), Ok(()));
        }
        assert!(pace.take(later, 3, EVERY).is_err());
    }

    #[test]
    fn a_burst_of_zero_still_lets_one_through() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        assert_eq!(pace.take(t0, 0, EVERY), Ok(()));
        assert!(pace.take(t0, 0, EVERY).is_err());
    }
}
