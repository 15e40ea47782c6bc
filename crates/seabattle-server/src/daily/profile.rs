//! The daily sea on a player's profile: their streak, their best, and each day they
//! played, linked to its page (a past day shows its fleet).

use super::day::Day;
use super::results::record;
use super::store::DayPlayed;
use seabattle_core::Lang;
use std::fmt::Write;

/// Days a profile lists.
pub const DAYS_SHOWN: u32 = 60;

/// The profile's section for an account whose days (latest first) are `days`, as of
/// `today`; nothing for an account that never played.
pub fn section(days: &[DayPlayed], today: Day, lang: Lang) -> String {
    if days.is_empty() {
        return String::new();
    }
    let r = record(days, today);
    let (title, streak, best, date, shots, unfinished, open) = match lang {
        Lang::Ru => (
            "Морской бой дня",
            "Серия",
            "Лучший результат",
            "День",
            "Выстрелов",
            "не закончен",
            "Открыть",
        ),
        Lang::En => (
            "Daily sea",
            "Streak",
            "Best",
            "Day",
            "Shots",
            "unfinished",
            "Open",
        ),
    };
    let best_shown = r.best.map_or("—".to_string(), |b| b.to_string());
    let mut b = format!(
        "<h2 id=\"daily\">{title}</h2><div class=\"figures\"><div>{streak}<b>{}</b></div><div>{best}<b>{best_shown}</b></div></div>",
        r.streak.current
    );
    let _ = write!(
        b,
        "<table class=\"daily\"><thead><tr><th>{date}</th><th class=\"n\">{shots}</th><th></th></tr></thead><tbody>"
    );
    for d in days.iter().take(DAYS_SHOWN as usize) {
        let score = d.score.map_or(unfinished.to_string(), |s| s.to_string());
        let _ = write!(
            b,
            "<tr><td class=\"d\">{0}</td><td class=\"n\">{score}</td><td><a href=\"/daily/{0}\">{open}</a></td></tr>",
            d.day
        );
    }
    b.push_str("</tbody></table>");
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_lists_each_day_with_its_score_and_link() {
        assert_eq!(section(&[], Day(10), Lang::En), "");
        let days = [
            DayPlayed {
                day: Day(20_400),
                score: Some(41),
            },
            DayPlayed {
                day: Day(20_399),
                score: None,
            },
            DayPlayed {
                day: Day(20_398),
                score: Some(37),
            },
        ];
        let html = section(&days, Day(20_400), Lang::En);
        assert!(
            html.contains("Daily sea") && html.contains("<b>37</b>"),
            "{html}"
        );
        assert!(html.contains("href=\"/daily/2025-11-08\""), "{html}");
        assert!(html.contains(">unfinished<"), "{html}");
        assert!(section(&days, Day(20_400), Lang::Ru).contains("Морской бой дня"));
    }
}
