//! Failed logins throttled per address and per account, and sign-ups per address: a
//! sliding window of attempts per key. A refused attempt is told when to try again.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most `limit` events per `window` under one key.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// Events allowed in a window.
    pub limit: usize,
    /// The window.
    pub window: Duration,
}

/// Failed logins from one address: twenty in five minutes.
pub const FAILS_PER_ADDRESS: Rule = Rule {
    limit: 20,
    window: Duration::from_secs(5 * 60),
};
/// Failed logins to one account, from anywhere: ten in fifteen minutes.
pub const FAILS_PER_ACCOUNT: Rule = Rule {
    limit: 10,
    window: Duration::from_secs(15 * 60),
};
/// Sign-ups from one address: five an hour.
pub const SIGNUPS_PER_ADDRESS: Rule = Rule {
    limit: 5,
    window: Duration::from_secs(60 * 60),
};

/// Keys kept at most; past this the oldest windows are dropped whole, so a flood of
/// addresses cannot grow the map without bound.
const MAX_KEYS: usize = 100_000;

/// Events by key.
#[derive(Default)]
pub struct Throttle {
    events: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Throttle {
    /// `Err(wait)` when `key` has used up `rule` (try again after `wait`).
    pub fn check(&self, key: &str, rule: Rule) -> Result<(), Duration> {
        let now = Instant::now();
        let mut map = self.events.lock().unwrap_or_else(|p| p.into_inner());
        let Some(q) = map.get_mut(key) else {
            return Ok(());
        };
        while q
            .front()
            .is_some_and(|&t| now.duration_since(t) >= rule.window)
        {
            q.pop_front();
        }
        match q.front() {
            Some(&oldest) if q.len() >= rule.limit => {
                Err(rule.window.saturating_sub(now.duration_since(oldest)))
            }
            _ => Ok(()),
        }
    }

    /// Notes an event under `key`.
    pub fn note(&self, key: &str) {
        let mut map = self.events.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= MAX_KEYS && !map.contains_key(key) {
            map.clear();
        }
        map.entry(key.to_string())
            .or_default()
            .push_back(Instant::now());
    }

    /// Forgets `key`'s events (a successful login clears the account's failures).
    pub fn clear(&self, key: &str) {
        self.events
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_kept_per_key() {
        let t = Throttle::default();
        let rule = Rule {
            limit: 2,
            window: Duration::from_secs(60),
        };
        assert!(t.check("a", rule).is_ok());
        t.note("a");
        t.note("a");
        let wait = t.check("a", rule).unwrap_err();
        assert!(wait > Duration::from_secs(50) && wait <= Duration::from_secs(60));
        assert!(t.check("b", rule).is_ok());
        t.clear("a");
        assert!(t.check("a", rule).is_ok());
    }
}
