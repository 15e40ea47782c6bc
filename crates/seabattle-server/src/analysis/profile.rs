//! Game analysis on a player's profile: per set of rules, over their analysed games,
//! their mean accuracy and how hard their fleets were to find (the expert's mean shots
//! against them, beside the mean against a random fleet under the same rules).

use super::VERSION;
use super::store::AnalysedGame;
use crate::db::Store;
use crate::error::StoreError;
use crate::ids::AccountId;
use crate::web::preview::escape;
use seabattle_core::{Lang, Preset};
use std::fmt::Write;

/// How many of a player's latest analysed games the section sums.
pub const GAMES_READ: u32 = 500;

/// One set of rules' sums.
#[derive(Debug, PartialEq)]
pub struct Row {
    /// The rules text.
    pub rules: String,
    /// Analysed games.
    pub games: usize,
    /// Mean accuracy, as a percentage.
    pub accuracy: f64,
    /// Mean expert's shots against the player's fleets, and against random ones, over
    /// the games where both were measured.
    pub hardness: Option<(f64, f64)>,
}

/// Sums `games` per rules, the most played rules first.
pub fn rows(games: &[AnalysedGame]) -> Vec<Row> {
    let mut rules: Vec<&str> = Vec::new();
    for g in games {
        if !rules.contains(&g.rules.as_str()) {
            rules.push(&g.rules);
        }
    }
    let mut rows: Vec<Row> = rules
        .into_iter()
        .map(|r| {
            let of: Vec<&AnalysedGame> = games.iter().filter(|g| g.rules == r).collect();
            let n = of.len() as f64;
            let measured: Vec<(f64, f64)> = of
                .iter()
                .filter_map(|g| Some((g.side.hardness?, g.side.uniform?)))
                .collect();
            let m = measured.len() as f64;
            Row {
                rules: r.to_string(),
                games: of.len(),
                accuracy: of.iter().map(|g| g.side.accuracy).sum::<f64>() / n,
                hardness: (!measured.is_empty()).then(|| {
                    (
                        measured.iter().map(|h| h.0).sum::<f64>() / m,
                        measured.iter().map(|h| h.1).sum::<f64>() / m,
                    )
                }),
            }
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.games));
    rows
}

/// The profile's section for `account`; nothing for a player none of whose games was
/// analysed.
pub fn section(db: &Store, account: AccountId, lang: Lang) -> Result<String, StoreError> {
    let rows = rows(&db.analysed_games(account, VERSION, GAMES_READ)?);
    if rows.is_empty() {
        return Ok(String::new());
    }
    let (head, rules, games, accuracy, fleet, random, note) = match lang {
        Lang::Ru => (
            "Разбор партий",
            "Правила",
            "Разобрано",
            "Точность",
            "Ваш флот",
            "Случайный",
            "Точность — насколько каждый выстрел был близок к лучшему по тому, что стрелок знал (100% — всегда лучшая клетка). «Ваш флот» — сколько выстрелов в среднем нужно компьютеру-эксперту, чтобы потопить ваши флоты, «случайный» — случайно расставленный по тем же правилам: чем больше, тем труднее флот найти.",
        ),
        Lang::En => (
            "Game analysis",
            "Rules",
            "Analysed",
            "Accuracy",
            "Your fleet",
            "A random one",
            "Accuracy is how close each shot came to the best one by what the shooter knew (100% is always the best cell). \"Your fleet\" is how many shots the expert computer needs on average to sink your fleets, \"a random one\" a fleet placed at random under the same rules: the more, the harder a fleet is to find.",
        ),
    };
    let mut b = format!(
        "<h2 id=\"analysis\">{head}</h2><div class=\"wide\" tabindex=\"0\" role=\"region\" aria-labelledby=\"analysis\"><table class=\"analysis\"><thead><tr>\
         <th>{rules}</th><th class=\"n\">{games}</th><th class=\"n\">{accuracy}</th>\
         <th class=\"n\">{fleet}</th><th class=\"n hide-s\">{random}</th></tr></thead><tbody>"
    );
    for r in &rows {
        let (own, any) = r
            .hardness
            .map_or(("—".to_string(), "—".to_string()), |(h, u)| {
                (format!("{h:.1}"), format!("{u:.1}"))
            });
        let _ = write!(
            b,
            "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\" data-accuracy>{:.0}%</td>\
             <td class=\"n\" data-hardness>{own}</td><td class=\"n hide-s\">{any}</td></tr>",
            escape(
                r.rules
                    .parse::<Preset>()
                    .map_or(r.rules.as_str(), |p| p.title(lang))
            ),
            r.games,
            r.accuracy
        );
    }
    let _ = write!(b, "</tbody></table></div><p class=\"note\">{note}</p>");
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::super::store::Side;
    use super::*;

    fn game(rules: &str, accuracy: f64, hardness: Option<(f64, f64)>) -> AnalysedGame {
        AnalysedGame {
            rules: rules.into(),
            side: Side {
                accuracy,
                hardness: hardness.map(|h| h.0),
                uniform: hardness.map(|h| h.1),
            },
        }
    }

    #[test]
    fn each_rules_sums_its_own_games_the_most_played_first() {
        let rows = rows(&[
            game("classic", 80.0, Some((50.0, 48.0))),
            game("russian", 60.0, None),
            game("russian", 70.0, Some((40.0, 44.0))),
            game("russian", 90.0, Some((60.0, 46.0))),
        ]);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].rules.as_str(), rows[0].games), ("russian", 3));
        assert!((rows[0].accuracy - 220.0 / 3.0).abs() < 1e-9);
        assert_eq!(
            rows[0].hardness,
            Some((50.0, 45.0)),
            "the game without hardness is left out of the means of hardness only"
        );
        assert_eq!(rows[1].hardness, Some((50.0, 48.0)));
    }

    #[test]
    fn no_analysed_game_gives_no_rows() {
        assert!(rows(&[]).is_empty());
    }
}
