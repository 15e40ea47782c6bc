//! The operator's arenas: slots that repeat (every hour, or every day at an hour UTC),
//! each made once, ahead of its start, so `/arena` lists what is coming. A slot's arena
//! is stored under the slot's name and start (`hourly-classic@2026-11-28T17`), and a
//! second insert of it does nothing: every node and every restart agree on one arena.
//!
//! `serve --arena-schedule` takes the slots as `EVERY:RULES:CLOCK:MINUTES`, comma
//! separated, where EVERY is `hourly` or `daily@HH` (an hour UTC), RULES a preset's id,
//! CLOCK the seconds per move and MINUTES the length; `none` runs no schedule.
//! The default is [`DEFAULT`]: a classic arena every hour and a long one every day.

use std::fmt;
use std::str::FromStr;

/// The shortest arena, in minutes.
pub const MIN_MINUTES: u32 = 10;
/// The longest arena, in minutes.
pub const MAX_MINUTES: u32 = 180;

/// The schedule a server runs unless told otherwise.
pub const DEFAULT: &str = "hourly:classic:20:45,daily@18:classic:20:120";

/// How far ahead a slot's arena is made: it is listed (and may be joined) from then.
pub const AHEAD_MS: i64 = 2 * 60 * 60 * 1000;

/// How often a slot repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Every {
    /// At the start of every hour.
    Hour,
    /// Every day at this hour (UTC).
    Day(u8),
}

pub use seabattle_wire::arena::Cadence;

/// The cadence of a slot's key ([`Slot::key`]), as an arena's JSON says it.
pub fn cadence_of_key(key: &str) -> Cadence {
    if key.starts_with(HOURLY) {
        Cadence::Hourly
    } else {
        Cadence::Daily
    }
}

/// How a key of an hourly slot begins.
const HOURLY: &str = "hourly";

/// One repeating arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// How often.
    pub every: Every,
    /// The preset's id.
    pub rules: String,
    /// Seconds per move.
    pub clock: u32,
    /// How long each runs.
    pub minutes: u32,
}

/// The schedule: its slots (none: no schedule).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Schedule(pub Vec<Slot>);

/// Why a schedule was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSchedule(pub String);

impl fmt::Display for BadSchedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "arena schedule: {}", self.0)
    }
}

impl std::error::Error for BadSchedule {}

impl FromStr for Schedule {
    type Err = BadSchedule;

    fn from_str(s: &str) -> Result<Schedule, BadSchedule> {
        if s.trim() == "none" {
            return Ok(Schedule(Vec::new()));
        }
        s.split(',')
            .enumerate()
            .map(|(i, slot)| {
                slot.trim()
                    .parse::<Slot>()
                    .map_err(|e| BadSchedule(format!("slot {} ({slot:?}): {}", i + 1, e.0)))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Schedule)
    }
}

impl FromStr for Slot {
    type Err = BadSchedule;

    fn from_str(s: &str) -> Result<Slot, BadSchedule> {
        let bad = |m: &str| Err(BadSchedule(m.to_string()));
        let parts: Vec<&str> = s.split(':').collect();
        let [every, rules, clock, minutes] = parts[..] else {
            return bad("write EVERY:RULES:CLOCK:MINUTES, e.g. hourly:classic:20:45");
        };
        let every = match every {
            "hourly" => Every::Hour,
            d => match d.strip_prefix("daily@").map(str::parse::<u8>) {
                Some(Ok(h)) if h < 24 => Every::Day(h),
                _ => return bad("EVERY is `hourly` or `daily@HH` with HH from 0 to 23"),
            },
        };
        let Ok(preset) = rules.parse::<seabattle_core::Rules>() else {
            return bad(&format!("{rules:?} is no preset's id"));
        };
        if preset.as_preset().is_none() {
            return bad(&format!("{rules:?} is no preset's id"));
        }
        let clock = match clock.parse::<u32>() {
            Ok(c) if (5..=300).contains(&c) => c,
            _ => return bad("CLOCK is seconds per move, 5 to 300"),
        };
        let minutes = match minutes.parse::<u32>() {
            Ok(m) if (MIN_MINUTES..=MAX_MINUTES).contains(&m) => m,
            _ => return bad("MINUTES is from 10 to 180"),
        };
        Ok(Slot {
            every,
            rules: rules.to_string(),
            clock,
            minutes,
        })
    }
}

const HOUR_MS: i64 = 60 * 60 * 1000;

impl Slot {
    /// The starts of this slot from `now` to `now + ahead` (ms since the epoch).
    pub fn starts(&self, now: i64, ahead: i64) -> Vec<i64> {
        let first = now.div_euclid(HOUR_MS) * HOUR_MS;
        (0..=(ahead / HOUR_MS + 1))
            .map(|h| first + h * HOUR_MS)
            .filter(|&t| t >= now && t <= now + ahead)
            .filter(|&t| match self.every {
                Every::Hour => true,
                Every::Day(h) => t.rem_euclid(24 * HOUR_MS) / HOUR_MS == i64::from(h),
            })
            .collect()
    }

    /// The slot's name for its arena starting at `start`: unique per slot and start.
    pub fn key(&self, start: i64) -> String {
        let every = match self.every {
            Every::Hour => HOURLY.to_string(),
            Every::Day(h) => format!("daily@{h:02}"),
        };
        format!(
            "{every}-{}-{}-{}@{}",
            self.rules,
            self.clock,
            self.minutes,
            start / HOUR_MS
        )
    }

    /// The arena's shown name.
    pub fn name(&self) -> String {
        match self.every {
            Every::Hour => format!("Hourly {} arena", self.rules),
            Every::Day(_) => format!("Daily {} arena", self.rules),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_schedule_parses() {
        let s: Schedule = DEFAULT.parse().unwrap();
        assert_eq!(s.0.len(), 2);
        assert_eq!(s.0[1].every, Every::Day(18));
        assert_eq!("none".parse::<Schedule>().unwrap(), Schedule(Vec::new()));
    }

    /// Issue 48: a Russian page said «Hourly classic arena»; the arena's JSON now says
    /// how often the schedule makes it, and the page names it in its own language.
    #[test]
    fn a_slot_s_arena_says_its_cadence() {
        let s: Schedule = DEFAULT.parse().unwrap();
        let cadence = |slot: &Slot| cadence_of_key(&slot.key(0));
        assert_eq!(cadence(&s.0[0]), Cadence::Hourly);
        assert_eq!(cadence(&s.0[1]), Cadence::Daily);
        let said = serde_json::to_string(&[Cadence::Hourly, Cadence::Daily]).unwrap();
        assert_eq!(said, r#"["hourly","daily"]"#);
    }

    #[test]
    fn a_bad_slot_says_which_and_why() {
        let e = "hourly:classic:20:45,daily@25:classic:20:60"
            .parse::<Schedule>()
            .unwrap_err();
        assert!(e.0.starts_with("slot 2"), "{e}");
        assert!(e.0.contains("daily@HH"), "{e}");
        let e = "hourly:nonsense:20:45".parse::<Schedule>().unwrap_err();
        assert!(e.0.contains("preset"), "{e}");
        let e = "hourly:classic:2:45".parse::<Schedule>().unwrap_err();
        assert!(e.0.contains("CLOCK"), "{e}");
        let e = "hourly:classic:20".parse::<Schedule>().unwrap_err();
        assert!(e.0.contains("EVERY:RULES"), "{e}");
    }

    #[test]
    fn hourly_starts_on_the_hour_and_daily_at_its_hour() {
        let hourly: Slot = "hourly:classic:20:45".parse().unwrap();
        let now = 10 * HOUR_MS + 5 * 60_000;
        assert_eq!(
            hourly.starts(now, 2 * HOUR_MS),
            vec![11 * HOUR_MS, 12 * HOUR_MS]
        );
        let daily: Slot = "daily@12:classic:20:45".parse().unwrap();
        assert_eq!(daily.starts(now, 2 * HOUR_MS), vec![12 * HOUR_MS]);
        assert_eq!(daily.starts(now, HOUR_MS), Vec::<i64>::new());
        assert_ne!(hourly.key(11 * HOUR_MS), hourly.key(12 * HOUR_MS));
    }
}
