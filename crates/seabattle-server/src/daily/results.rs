//! What a player sees of a day once their attempt is over (or the day is): the
//! histogram of everyone's scores, the expert's score, the ranked accounts, and their
//! own streak, best and result to share.

use super::day::Day;
use super::share::share_text;
use super::store::DayPlayed;
use super::streak::streak;
use seabattle_core::{Answer, Lang};
pub use seabattle_wire::daily::{Bar, RankedJson, Record, ShareJson};

/// The fewest shots a classic fleet can take: its 20 decks.
pub const FEWEST: u32 = 20;
/// The most: every cell of the board.
pub const MOST: u32 = 100;
/// How wide a bar of the histogram is, in shots.
pub const BAR: u32 = 10;

/// The histogram of `scores` ((score, players) pairs): bars of [`BAR`] shots from
/// [`FEWEST`] to [`MOST`] (the last takes 100 too), every bar present, empty or not.
pub fn histogram(scores: &[(u32, u32)]) -> Vec<Bar> {
    let mut bars: Vec<Bar> = (FEWEST..MOST)
        .step_by(BAR as usize)
        .map(|from| Bar {
            from,
            to: (from + BAR - 1).min(MOST),
            count: 0,
        })
        .collect();
    if let Some(last) = bars.last_mut() {
        last.to = MOST;
    }
    for &(score, n) in scores {
        let i = (score.clamp(FEWEST, MOST - 1) - FEWEST) / BAR;
        if let Some(bar) = bars.get_mut(i as usize) {
            bar.count += n;
        }
    }
    bars
}

/// The record of a player whose days are `days`, as of `today`.
pub fn record(days: &[DayPlayed], today: Day) -> Record {
    let finished: Vec<Day> = days
        .iter()
        .filter(|d| d.score.is_some())
        .map(|d| d.day)
        .collect();
    Record {
        streak: streak(&finished, today),
        best: days.iter().filter_map(|d| d.score).min(),
    }
}

/// The share text of a finished attempt at `day`, whose answers were `answers`.
pub fn share(day: Day, answers: &[Answer], streak: u32) -> ShareJson {
    ShareJson {
        ru: share_text(day, answers, streak, Lang::Ru),
        en: share_text(day, answers, streak, Lang::En),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_score_falls_in_one_bar() {
        let bars = histogram(&[(20, 1), (29, 2), (30, 1), (64, 5), (99, 1), (100, 1)]);
        assert_eq!(bars.len(), 8);
        assert_eq!((bars[0].from, bars[0].to, bars[0].count), (20, 29, 3));
        assert_eq!((bars[1].from, bars[1].count), (30, 1));
        assert_eq!((bars[4].from, bars[4].count), (60, 5));
        assert_eq!((bars[7].from, bars[7].to, bars[7].count), (90, 100, 2));
        assert_eq!(bars.iter().map(|b| b.count).sum::<u32>(), 11);
    }

    #[test]
    fn the_best_and_the_streak_count_finished_days_only() {
        let d = |day: i64, score: Option<u32>| DayPlayed {
            day: Day(day),
            score,
        };
        let r = record(
            &[d(10, Some(40)), d(9, None), d(8, Some(35)), d(7, Some(50))],
            Day(10),
        );
        assert_eq!(r.best, Some(35));
        assert_eq!(
            (r.streak.current, r.streak.longest, r.streak.days),
            (1, 2, 3)
        );
    }
}
