//! The result to share: the day, the score, the streak, and the answers in the order
//! they came as coloured squares, ten to a row, like Wordle's. It names no cell and
//! draws no map: two players whose answers came in the same order share the same text
//! whatever the fleet, so it spoils nothing of today's puzzle.

use super::day::Day;
use seabattle_core::{Answer, Lang};

/// The square of an answer: water, a hit, a ship sunk.
pub fn square(a: Answer) -> &'static str {
    match a {
        Answer::Sunk => "🟥",
        a if a.is_hit() => "🟧",
        _ => "🟦",
    }
}

/// The Russian word for `n` of a thing whose forms are `one` (1, 21), `few` (2–4,
/// 22–24) and `many` (5–20, 25…).
fn ru_plural<'a>(n: usize, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

/// The text to share in `lang`: a title line with the date, the score and the streak,
/// then the answers' squares in shot order, ten to a line.
pub fn share_text(day: Day, answers: &[Answer], streak: u32, lang: Lang) -> String {
    let n = answers.len();
    let head = match lang {
        Lang::Ru => format!(
            "Морской бой дня · {day}\n🎯 {n} {} · серия: {streak} {}",
            ru_plural(n, "выстрел", "выстрела", "выстрелов"),
            ru_plural(streak as usize, "день", "дня", "дней"),
        ),
        Lang::En => format!(
            "Daily sea · {day}\n🎯 {n} shot{} · streak: {streak} day{}",
            if n == 1 { "" } else { "s" },
            if streak == 1 { "" } else { "s" },
        ),
    };
    let rows: Vec<String> = answers
        .chunks(10)
        .map(|row| row.iter().map(|a| square(*a)).collect())
        .collect();
    format!("{head}\n{}", rows.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::daily::play::{Attempt, fleet_of};

    /// Whether `text` names a cell (`a1`…`j10`) in any case.
    fn names_a_cell(text: &str) -> bool {
        let chars: Vec<char> = text.to_lowercase().chars().collect();
        chars
            .windows(2)
            .any(|w| ('a'..='j').contains(&w[0]) && w[1].is_ascii_digit())
    }

    /// The fleet turned a half turn: every cell (c, r) to (9 − c, 9 − r).
    fn turned(cell: &str) -> String {
        let col = (b'j' - (cell.as_bytes()[0] - b'a')) as char;
        let row: u32 = cell[1..].parse().unwrap();
        format!("{col}{}", 11 - row)
    }

    #[test]
    fn the_share_text_is_the_same_for_any_fleet_with_the_same_answers() {
        let fleet = "a1-d1 a3-c3 a5-b5 a7 c7 d5-e5 e3-g3 e7 g5-h5 g7";
        let mirror: Vec<String> = fleet
            .split(' ')
            .map(|s| s.split('-').map(turned).collect::<Vec<_>>().join("-"))
            .map(|s| {
                // A ship's text runs from its first cell: turned, its ends swap.
                let mut ends: Vec<&str> = s.split('-').collect();
                ends.reverse();
                ends.join("-")
            })
            .collect();
        let shots = ["j10", "a1", "b1", "c1", "d1", "e5", "a7", "h8", "c7"];
        let play = |fleet: &str, shots: &[String]| {
            let mut a = Attempt::new(fleet_of(fleet).unwrap());
            for s in shots {
                a.fire(s).unwrap();
            }
            a.shots.iter().map(|f| f.answer).collect::<Vec<_>>()
        };
        let here: Vec<String> = shots.iter().map(|s| s.to_string()).collect();
        let there: Vec<String> = shots.iter().map(|s| turned(s)).collect();
        let (a, b) = (play(fleet, &here), play(&mirror.join(" "), &there));
        assert_eq!(a, b, "the same answers on the turned fleet");
        let day = Day::parse("2026-11-05").unwrap();
        for lang in [Lang::Ru, Lang::En] {
            let text = share_text(day, &a, 3, lang);
            assert_eq!(text, share_text(day, &b, 3, lang));
            assert!(!names_a_cell(&text), "{text}");
            for s in shots
                .iter()
                .chain(fleet.split(['-', ' ']).collect::<Vec<_>>().iter())
            {
                assert!(!text.to_lowercase().contains(s), "{s} in {text}");
            }
        }
        assert_eq!(
            share_text(day, &a, 3, Lang::En),
            "Daily sea · 2026-11-05\n🎯 9 shots · streak: 3 days\n🟦🟧🟧🟧🟥🟧🟥🟦🟥"
        );
    }

    #[test]
    fn rows_hold_ten_squares_and_russian_counts_agree() {
        let answers = vec![Answer::Miss; 21];
        let text = share_text(Day(0), &answers, 1, Lang::Ru);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "🎯 21 выстрел · серия: 1 день");
        assert_eq!(
            lines[2..]
                .iter()
                .map(|l| l.chars().count())
                .collect::<Vec<_>>(),
            [10, 10, 1]
        );
        assert!(
            share_text(Day(0), &answers[..12], 22, Lang::Ru)
                .contains("12 выстрелов · серия: 22 дня")
        );
        assert!(share_text(Day(0), &answers[..1], 5, Lang::En).contains("1 shot · streak: 5 days"));
    }
}
