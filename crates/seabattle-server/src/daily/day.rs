//! A day of the daily sea: a count of days since 1970-01-01, UTC, written `YYYY-MM-DD`;
//! and the clock that says which day it is, which a test can move.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Seconds in a day.
pub const DAY_SECS: i64 = 24 * 60 * 60;

/// A UTC day, as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

/// The first day that can be written: 1970-01-01.
const FIRST: Day = Day(0);
/// The last day that can be written: 9999-12-31.
const LAST: Day = Day(2_932_896);

/// Why a text is not a day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDate(pub String);

impl fmt::Display for BadDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().take(20).collect();
        write!(
            f,
            "{shown:?} is not a date: write it as YYYY-MM-DD (a UTC day from 1970-01-01 on)"
        )
    }
}

impl Day {
    /// The day `secs` seconds after the epoch falls in.
    pub fn of_secs(secs: i64) -> Day {
        Day(secs.div_euclid(DAY_SECS))
    }

    /// The day before.
    pub fn yesterday(self) -> Day {
        Day(self.0 - 1)
    }

    /// The day after.
    pub fn tomorrow(self) -> Day {
        Day(self.0 + 1)
    }

    /// Reads `YYYY-MM-DD`: four digits, two, two, a real date from 1970 to 9999.
    pub fn parse(text: &str) -> Result<Day, BadDate> {
        let bad = || BadDate(text.to_string());
        let b = text.as_bytes();
        let shaped = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shaped {
            return Err(bad());
        }
        let num = |r: std::ops::Range<usize>| text[r].parse::<i64>().map_err(|_| bad());
        let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
        if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
            return Err(bad());
        }
        let day = Day(days_from_civil(y, m, d));
        if day < FIRST || day > LAST {
            return Err(bad());
        }
        Ok(day)
    }

    /// The date as `YYYY-MM-DD`.
    pub fn date(self) -> String {
        let (y, m, d) = civil_from_days(self.0);
        format!("{y:04}-{m:02}-{d:02}")
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.date())
    }
}

fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a count of days since 1970-01-01 (the inverse of [`days_from_civil`]).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The daily sea's clock: the system's, moved by an offset a test sets, so that a test
/// can play "today", then turn to tomorrow and see the reveal, without waiting for
/// midnight. Clones share the offset: a test keeps one and moves the server's.
#[derive(Clone, Debug, Default)]
pub struct DailyClock {
    offset_secs: Arc<AtomicI64>,
}

impl DailyClock {
    /// Seconds since the epoch, as this clock tells them.
    pub fn now_secs(&self) -> i64 {
        crate::db::now_secs() + self.offset_secs.load(Ordering::Relaxed)
    }

    /// Today, as this clock tells it.
    pub fn today(&self) -> Day {
        Day::of_secs(self.now_secs())
    }

    /// Moves the clock by `secs` seconds (back if negative), for tests.
    pub fn shift(&self, secs: i64) {
        self.offset_secs.fetch_add(secs, Ordering::Relaxed);
    }

    /// Moves the clock by `days` whole days.
    pub fn shift_days(&self, days: i64) {
        self.shift(days * DAY_SECS);
    }

    /// Seconds until the next UTC midnight.
    pub fn secs_to_midnight(&self) -> i64 {
        DAY_SECS - self.now_secs().rem_euclid(DAY_SECS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_and_bad_ones_say_what_to_write() {
        assert_eq!(Day::parse("1970-01-01"), Ok(Day(0)));
        assert_eq!(Day(0).date(), "1970-01-01");
        assert_eq!(Day::parse("2000-03-01").unwrap().date(), "2000-03-01");
        assert_eq!(Day::parse("2024-02-29").unwrap().date(), "2024-02-29");
        assert_eq!(Day::parse("9999-12-31"), Ok(LAST));
        for d in [0, 1, 59, 60, 365, 10_957, 20_000, 2_000_000, LAST.0] {
            assert_eq!(Day::parse(&Day(d).date()), Ok(Day(d)), "{d}");
        }
        for bad in [
            "",
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-1-1",
            "1969-12-31",
            "20240101",
            "2024-01-32",
            "+024-01-01",
            "2024-01-01x",
            "２０２４-01-01",
        ] {
            let e = Day::parse(bad).unwrap_err().to_string();
            assert!(e.contains("YYYY-MM-DD"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_clock_turns_at_midnight_utc() {
        assert_eq!(Day::of_secs(DAY_SECS - 1), Day(0));
        assert_eq!(Day::of_secs(DAY_SECS), Day(1));
        assert_eq!(Day::of_secs(-1), Day(-1));
        let clock = DailyClock::default();
        let today = clock.today();
        let other = clock.clone();
        other.shift_days(1);
        assert_eq!(clock.today(), today.tomorrow(), "clones share the offset");
        assert!((1..=DAY_SECS).contains(&clock.secs_to_midnight()));
    }
}
