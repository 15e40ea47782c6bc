//! The one rate limiter: a token bucket kept as one instant, with no timer and no
//! floating point (the generic cell rate algorithm). A [`Rate`] is a burst and one more
//! coming back every interval; a [`Pace`] is one bucket (a socket's messages, a seat's
//! chat); [`Paces`] are buckets by key (logins per address and per account, sign-ups).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How fast: `burst` at once, then one more every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Taken at once from a full bucket; 0 counts as 1.
    pub burst: u32,
    /// How long one takes to come back.
    pub every: Duration,
}

impl Rate {
    /// `limit` at once, and `limit` again over each `window`: on average no more than
    /// `limit` per `window`.
    pub const fn per(limit: u32, window: Duration) -> Rate {
        let limit = if limit == 0 { 1 } else { limit };
        Rate {
            burst: limit,
            every: Duration::from_nanos((window.as_nanos() / limit as u128) as u64),
        }
    }

    fn span(self) -> Duration {
        self.every.saturating_mul(self.burst.max(1))
    }
}

/// Why one was not let through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFast {
    /// How long until the next one is let through.
    pub wait: Duration,
}

/// One bucket, kept as the moment it is full again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pace {
    /// When the bucket is full again; none before the first take.
    full_at: Option<Instant>,
}

impl Pace {
    /// Takes one at `now`, or says how long to wait.
    pub fn take(&mut self, now: Instant, rate: Rate) -> Result<(), TooFast> {
        let full_at = self.full_at.filter(|&t| t > now).unwrap_or(now);
        // Each take pushes the moment of a full bucket one `every` later; at most
        // `burst` of them may be pending at once.
        let next = full_at + rate.every;
        let ahead = next.saturating_duration_since(now);
        if ahead > rate.span() {
            return Err(TooFast {
                wait: ahead - rate.span(),
            });
        }
        self.full_at = Some(next);
        Ok(())
    }

    /// Gives one back: an attempt counted before it was judged, that turned out not to
    /// count (a login that succeeded).
    pub fn give_back(&mut self, now: Instant, rate: Rate) {
        self.full_at = self
            .full_at
            .and_then(|t| t.checked_sub(rate.every))
            .filter(|&t| t > now);
    }

    /// Whether the bucket is full at `now`: nothing taken that has not come back.
    fn is_full(&self, now: Instant) -> bool {
        self.full_at.is_none_or(|t| t <= now)
    }
}

/// Buckets kept at most; past this the full ones are dropped, then all, so a flood of
/// keys cannot grow the map without bound.
const MAX_KEYS: usize = 100_000;

/// Buckets by key.
#[derive(Default)]
pub struct Paces {
    buckets: Mutex<HashMap<String, Pace>>,
}

impl Paces {
    fn buckets(&self) -> std::sync::MutexGuard<'_, HashMap<String, Pace>> {
        self.buckets.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Takes one under `key` now, or says how long to wait. Counted at once, so
    /// attempts made at the same instant cannot pass a limit together.
    pub fn take(&self, key: &str, rate: Rate) -> Result<(), TooFast> {
        let now = Instant::now();
        let mut map = self.buckets();
        if map.len() >= MAX_KEYS && !map.contains_key(key) {
            map.retain(|_, p| !p.is_full(now));
            if map.len() >= MAX_KEYS {
                map.clear();
            }
        }
        map.entry(key.to_string()).or_default().take(now, rate)
    }

    /// Gives one back under `key` (see [`Pace::give_back`]).
    pub fn give_back(&self, key: &str, rate: Rate) {
        if let Some(p) = self.buckets().get_mut(key) {
            p.give_back(Instant::now(), rate);
        }
    }

    /// Fills `key`'s bucket again (a successful login forgets the account's failures).
    pub fn clear(&self, key: &str) {
        self.buckets().remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY: Duration = Duration::from_secs(2);
    const THREE: Rate = Rate {
        burst: 3,
        every: EVERY,
    };

    #[test]
    fn a_burst_of_three_then_one_every_interval() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        for _ in 0..3 {
            assert_eq!(pace.take(t0, THREE), Ok(()));
        }
        assert_eq!(pace.take(t0, THREE), Err(TooFast { wait: EVERY }));
        let early = t0 + EVERY - Duration::from_millis(1);
        assert_eq!(
            pace.take(early, THREE),
            Err(TooFast {
                wait: Duration::from_millis(1)
            })
        );
        assert_eq!(pace.take(t0 + EVERY, THREE), Ok(()));
        assert!(pace.take(t0 + EVERY, THREE).is_err());
    }

    #[test]
    fn a_quiet_bucket_gets_its_whole_burst_back_and_no_more() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        for _ in 0..3 {
            pace.take(t0, THREE).unwrap();
        }
        let later = t0 + EVERY * 60;
        for _ in 0..3 {
            assert_eq!(pace.take(later, THREE), Ok(()));
        }
        assert!(pace.take(later, THREE).is_err());
    }

    #[test]
    fn a_burst_of_zero_still_lets_one_through() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        let one = Rate {
            burst: 0,
            every: EVERY,
        };
        assert_eq!(pace.take(t0, one), Ok(()));
        assert!(pace.take(t0, one).is_err());
    }

    #[test]
    fn one_given_back_can_be_taken_again() {
        let t0 = Instant::now();
        let mut pace = Pace::default();
        for _ in 0..3 {
            pace.take(t0, THREE).unwrap();
        }
        pace.give_back(t0, THREE);
        assert_eq!(pace.take(t0, THREE), Ok(()));
        assert!(pace.take(t0, THREE).is_err());
    }

    #[test]
    fn keys_are_kept_apart_and_a_cleared_key_starts_full() {
        let paces = Paces::default();
        let rate = Rate::per(2, Duration::from_secs(60));
        assert_eq!(rate.every, Duration::from_secs(30));
        paces.take("a", rate).unwrap();
        paces.take("a", rate).unwrap();
        let wait = paces.take("a", rate).unwrap_err().wait;
        assert!(wait > Duration::from_secs(25) && wait <= Duration::from_secs(30));
        assert!(paces.take("b", rate).is_ok());
        paces.clear("a");
        assert!(paces.take("a", rate).is_ok());
    }
}
