//! `GET /top`: the leaderboard of a preset (`?rules=classic`), the best 100
//! established ratings of players active in the last 30 days.

use super::html::{lang, page, unavailable};
use super::words::{Word, say};
use crate::hub::SharedHub;
use crate::ratings::glicko::PROVISIONAL_RD;
use crate::web::error::ApiError;
use crate::web::preview::escape;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use seabattle_core::Preset;
use std::collections::HashMap;
use std::fmt::Write;

/// How many players the leaderboard lists.
pub const LEADERS: u32 = 100;
/// How recently a player must have played to be listed, in seconds: 30 days.
pub const ACTIVE_SECS: i64 = 30 * 24 * 60 * 60;

/// `GET /top?rules=PRESET&lang=ru|en`.
pub async fn top(
    State(hub): State<SharedHub>,
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
    let since = crate::db::now_secs() - ACTIVE_SECS;
    let name = preset.name();
    let leaders = hub
        .db(move |db| db.leaders(preset, PROVISIONAL_RD, since, LEADERS))
        .await
        .map_err(|e| unavailable(e, lang, "/top"))?;
    let mut body = format!(
        "<h1>{} · {}</h1><nav>",
        say(Word::Leaderboard, lang),
        escape(name)
    );
    for p in Preset::ALL {
        let _ = write!(
            body,
            "<a href=\"/top?rules={0}&amp;lang={1}\">{0}</a>",
            p.name(),
            lang_code(lang)
        );
    }
    let _ = write!(
        body,
        "</nav><p class=\"note\">{}</p>",
        say(Word::LeadersNote, lang)
    );
    if leaders.is_empty() {
        let _ = write!(body, "<p>{}</p>", say(Word::NobodyYet, lang));
    } else {
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
                lang_code(lang),
                escape(&l.name),
                l.rating.shown(),
                l.games
            );
        }
        body.push_str("</tbody></table>");
    }
    Ok(page(
        StatusCode::OK,
        lang,
        say(Word::Leaderboard, lang),
        "/top",
        &body,
    ))
}

/// `ru` or `en`.
pub fn lang_code(lang: seabattle_core::Lang) -> &'static str {
    match lang {
        seabattle_core::Lang::Ru => "ru",
        seabattle_core::Lang::En => "en",
    }
}

/// A name as a path segment: every byte but letters, digits, `-`, `_` and `.`
/// percent-encoded.
pub fn urlencoding(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_encoded_as_path_segments() {
        assert_eq!(urlencoding("Ann_1"), "Ann_1");
        assert_eq!(urlencoding("Ёж ик"), "%D0%81%D0%B6%20%D0%B8%D0%BA");
    }
}
