//! A player's streak of days played: the days in a row, up to today, on which they
//! sank the whole fleet of the daily sea.

use super::day::Day;
pub use seabattle_wire::daily::Streak;

/// The streak of a player who finished the days `played` (any order, repeats ignored),
/// as of `today`. Days after `today` do not count.
pub fn streak(played: &[Day], today: Day) -> Streak {
    let mut days: Vec<Day> = played.iter().copied().filter(|d| *d <= today).collect();
    days.sort_unstable();
    days.dedup();
    let mut s = Streak {
        days: u32::try_from(days.len()).unwrap_or(u32::MAX),
        ..Streak::default()
    };
    let mut run = 0u32;
    let mut last: Option<Day> = None;
    for d in &days {
        run = match last {
            Some(l) if l.tomorrow() == *d => run + 1,
            _ => 1,
        };
        s.longest = s.longest.max(run);
        last = Some(*d);
    }
    if last.is_some_and(|l| l == today || l == today.yesterday()) {
        s.current = run;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(v: &[i64]) -> Vec<Day> {
        v.iter().map(|&d| Day(d)).collect()
    }

    #[test]
    fn a_streak_counts_days_in_a_row_up_to_today_or_yesterday() {
        let today = Day(100);
        assert_eq!(streak(&[], today), Streak::default());
        assert_eq!(
            streak(&days(&[100]), today),
            Streak {
                current: 1,
                longest: 1,
                days: 1
            }
        );
        // Today not played yet: yesterday's run still stands.
        assert_eq!(
            streak(&days(&[97, 98, 99]), today),
            Streak {
                current: 3,
                longest: 3,
                days: 3
            }
        );
        // A day missed ends it.
        assert_eq!(
            streak(&days(&[96, 97, 98]), today),
            Streak {
                current: 0,
                longest: 3,
                days: 3
            }
        );
        // The longest run may lie in the past; order and repeats do not matter.
        assert_eq!(
            streak(&days(&[100, 50, 51, 52, 53, 99, 51]), today),
            Streak {
                current: 2,
                longest: 4,
                days: 6
            }
        );
        // A day after today (a clock moved back) is not counted.
        assert_eq!(
            streak(&days(&[99, 101]), today),
            Streak {
                current: 1,
                longest: 1,
                days: 1
            }
        );
    }
}
