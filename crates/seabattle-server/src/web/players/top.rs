//! `GET /top`: the leaderboard of a preset (`?rules=classic`), the best 100
//! established ratings of players active in the last 30 days; while nobody's is
//! established, the provisional ones, marked.

use super::html::{lang, page, unavailable, urlencoding};
use super::words::{Word, say};
use crate::node::NodeState;
use crate::ratings::glicko::{GAMES_TO_ESTABLISH, PROVISIONAL_RD};
use crate::ratings::store::Leader;
use crate::web::error::ApiError;
use crate::web::preview::escape;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use seabattle_core::{Lang, Preset};
use std::collections::HashMap;
use std::fmt::Write;

/// How many players the leaderboard lists.
pub const LEADERS: u32 = 100;
/// How recently a player must have played to be listed, in seconds: 30 days.
pub const ACTIVE_SECS: i64 = 30 * 24 * 60 * 60;

/// `GET /top?rules=PRESET&lang=ru|en`.
pub async fn top(
    State(NodeState(hub)): State<NodeState>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let lang = lang(&query, &headers);
    let asked = query.get("rules").map_or("classic", String::as_str);
    let Ok(preset) = asked.parse::<Preset>() else {
        let body = format!(
            "<h1>{}</h1><p>unknown preset {:?}: expected one of {}</p>",
            say(Word::Leaderboard, lang),
            escape(asked),
            Preset::ALL.map(Preset::name).join(", ")
        );
        return Err(ApiError::page(page(
            StatusCode::NOT_FOUND,
            lang,
            say(Word::Leaderboard, lang),
            "/top",
            &body,
        )));
    };
    // People by default; BOTs (and the computer's levels) on a tab of their own.
    let bots = query.get("who").is_some_and(|w| w == "bots");
    let since = crate::db::now_secs() - ACTIVE_SECS;
    let (leaders, established) = hub
        .db(move |db| {
            let established = db.leaders(preset, PROVISIONAL_RD, since, LEADERS, bots)?;
            if !established.is_empty() {
                return Ok((established, true));
            }
            // Nobody's rating is established yet: the provisional ones, marked, rather
            // than an empty page.
            Ok((db.leaders(preset, f64::MAX, since, LEADERS, bots)?, false))
        })
        .await
        .map_err(|e| unavailable(e, lang, "/top"))?;
    let who = if bots { "&who=bots" } else { "" };
    let path = format!("/top?rules={}{who}", preset.name());
    Ok(page(
        StatusCode::OK,
        lang,
        say(Word::Leaderboard, lang),
        &path,
        &body(preset, &leaders, established, bots, lang),
    ))
}

/// The leaderboard of `preset`: its tabs, what it lists, and `leaders`, whose ratings
/// are `established` or, when nobody's is, provisional.
fn body(preset: Preset, leaders: &[Leader], established: bool, bots: bool, lang: Lang) -> String {
    let mut body = format!(
        "<h1>{} · {}</h1><nav class=\"tabs\">",
        say(Word::Leaderboard, lang),
        escape(preset.title(lang))
    );
    for p in Preset::ALL {
        let current = if p == preset {
            " aria-current=\"page\""
        } else {
            ""
        };
        let _ = write!(
            body,
            "<a href=\"/top?rules={}&amp;lang={}{}\"{current}>{}</a>",
            p.name(),
            lang.code(),
            if bots { "&amp;who=bots" } else { "" },
            escape(p.title(lang)),
        );
    }
    // People or BOTs: one scale, two lists.
    let _ = write!(body, "</nav><nav class=\"tabs\">");
    for (tab, word, is) in [
        ("", Word::People, !bots),
        ("&amp;who=bots", Word::Bots, bots),
    ] {
        let current = if is { " aria-current=\"page\"" } else { "" };
        let _ = write!(
            body,
            "<a href=\"/top?rules={}&amp;lang={}{tab}\"{current}>{}</a>",
            preset.name(),
            lang.code(),
            say(word, lang)
        );
    }
    let note = if bots {
        Word::BotsNote
    } else {
        Word::LeadersNote
    };
    let _ = write!(
        body,
        "</nav><p class=\"note\">{}</p><p class=\"note\">{}</p>",
        say(note, lang),
        established_note(lang)
    );
    if leaders.is_empty() {
        let _ = write!(body, "<p>{}</p>", say(Word::NobodyYet, lang));
        return body;
    }
    if !established {
        let _ = write!(
            body,
            "<p class=\"provisional\">{}</p>",
            say(Word::OnlyProvisional, lang)
        );
    }
    let _ = write!(
        body,
        "<table><thead><tr><th class=\"n\">{}</th><th>{}</th><th class=\"n\">{}</th><th class=\"n\">{}</th></tr></thead><tbody>",
        say(Word::Rank, lang),
        say(Word::Player, lang),
        say(Word::Rating, lang),
        say(Word::Games, lang)
    );
    for (i, l) in leaders.iter().enumerate() {
        let _ = write!(
            body,
            "<tr><td class=\"n\">{}</td><td><a href=\"/u/{}?lang={}\">{}</a></td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            i + 1,
            escape(&urlencoding(&l.name)),
            lang.code(),
            escape(&crate::levels::shown_name(&l.name, bots, lang)),
            l.rating.shown(),
            l.games
        );
    }
    body.push_str("</tbody></table>");
    body
}

/// How a rating becomes established, in plain words with the real rule: its
/// deviation falls to [`PROVISIONAL_RD`], which takes [`GAMES_TO_ESTABLISH`] games as a
/// rule.
pub fn established_note(lang: Lang) -> String {
    let (few, many) = GAMES_TO_ESTABLISH;
    let rd = PROVISIONAL_RD;
    match lang {
        Lang::Ru => format!(
            "Рейтинг становится установившимся, когда он достаточно точен (по системе Glicko-2 — \
             отклонение не больше {rd}): обычно после <span class=\"nw\">{few}–{many}</span> рейтинговых партий, раньше — \
             с соперниками с установившимся рейтингом, позже — если исходы неожиданны. До тех \
             пор он предварительный и показан с «?», например «1500?»."
        ),
        Lang::En => format!(
            "A rating becomes established once it is sure enough (in Glicko-2, a deviation of \
             at most {rd}): as a rule after {few} to {many} rated games, sooner against players \
             whose ratings are established, later when results surprise. Until then it is \
             provisional and shown with «?», as in «1500?»."
        ),
    }
}

/// Rules as a player reads them in `lang`: a preset's name («Классика»), or rules of
/// one's own as their text.
pub fn rules_title(rules: &str, lang: Lang) -> &str {
    rules.parse::<Preset>().map_or(rules, |p| p.title(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page names the presets in its own table (i18n.js); the server's pages and the
    /// terminal use `Preset::title`. Both must say the same.
    #[test]
    fn preset_names_are_the_pages_own() {
        let js = include_str!("../../../assets/web/i18n.js");
        let (ru, en) = js
            .split_once("\nconst en = {")
            .expect("i18n.js has its tables");
        for (table, lang) in [(ru, Lang::Ru), (en, Lang::En)] {
            for p in Preset::ALL {
                let key = if p.name().contains('-') {
                    format!("'{}'", p.name())
                } else {
                    p.name().to_string()
                };
                let entry = format!("{key}: ['{}',", p.title(lang));
                assert!(table.contains(&entry), "i18n.js lacks {entry}");
            }
        }
        assert_eq!(rules_title("big15", Lang::Ru), "Большое поле");
        assert_eq!(rules_title("8x8 fleet=3,2", Lang::Ru), "8x8 fleet=3,2");
    }

    #[test]
    fn names_are_encoded_as_path_segments() {
        assert_eq!(urlencoding("Ann_1"), "Ann_1");
        assert_eq!(urlencoding("Ёж ик"), "%D0%81%D0%B6%20%D0%B8%D0%BA");
    }
}
