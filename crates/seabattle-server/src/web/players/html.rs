//! The frame every players' page shares: the language, the head, the game's own header
//! and style sheet (no outside host), with a way back to the game.

use super::words::{Word, say};
use crate::web::error::ApiError;
use crate::web::preview::{choose_cookie, chosen, escape};
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use seabattle_core::Lang;
use std::collections::HashMap;
use std::fmt::Write;

/// The page's language: `?lang=ru|en`, else the one chosen on the game's page (its
/// cookie), else the request's preference.
pub fn lang(query: &HashMap<String, String>, headers: &HeaderMap) -> Lang {
    match query.get("lang").map(String::as_str) {
        Some("ru") => Lang::Ru,
        Some("en") => Lang::En,
        _ => chosen(headers),
    }
}

/// `GET /lang/{ru|en}?back=PATH`: the language switch of the players' pages. It keeps
/// the choice in the cookie the game's page reads too, and goes back to `PATH` (a path
/// of this site; anything else goes to `/`).
pub async fn choose(
    Path(code): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let back = query
        .get("back")
        .map(String::as_str)
        .filter(|b| b.starts_with('/') && !b.starts_with("//") && !b.contains('\\'))
        .and_then(|b| HeaderValue::from_str(b).ok())
        .unwrap_or(HeaderValue::from_static("/"));
    let mut r = (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response();
    if let Ok(lang) = code.parse::<Lang>()
        && let Ok(v) = HeaderValue::from_str(&choose_cookie(lang))
    {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// A whole page: `title` and `body` (already HTML) in `lang`, with `path` (and its
/// query, if any) for the language switch.
pub fn page(status: StatusCode, lang: Lang, title: &str, path: &str, body: &str) -> Response {
    let (code, other, other_name) = match lang {
        Lang::Ru => ("ru", "en", "English"),
        Lang::En => ("en", "ru", "Русский"),
    };
    let back = urlencoding(path);
    let html = format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title} · {site}</title><meta name=\"theme-color\" content=\"#0d3b66\">\
         <link rel=\"icon\" href=\"/assets/icon.svg\" type=\"image/svg+xml\">\
         <link rel=\"icon\" href=\"/favicon.ico\" sizes=\"16x16 32x32\">\
         <link rel=\"stylesheet\" href=\"/assets/app.css\">\
         <link rel=\"stylesheet\" href=\"/assets/players.css\"></head><body class=\"players\">\
         <header><p class=\"site\"><a href=\"/\">{site}</a></p><nav class=\"pnav\">\
         <a href=\"/\">{play}</a><a href=\"/top?lang={code}\">{top}</a>\
         <a href=\"/lang/{other}?back={back}\" lang=\"{other}\">{other_name}</a></nav></header>\
         <main>{body}</main></body></html>",
        title = escape(title),
        site = say(Word::SeaBattle, lang),
        play = say(Word::Play, lang),
        top = say(Word::Leaderboard, lang),
    );
    let mut r = (status, html).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::VARY,
        HeaderValue::from_static("accept-language, cookie"),
    );
    r
}

/// The page that says the server cannot answer now, in `lang`: the failure is logged,
/// and the reader is told only what a client may know.
pub fn unavailable(e: crate::error::StoreError, lang: Lang, path: &str) -> ApiError {
    let e = crate::error::Failure::from(e).into_client();
    ApiError::page(page(
        StatusCode::SERVICE_UNAVAILABLE,
        lang,
        "—",
        path,
        &escape(&e.message),
    ))
}

/// A date (UTC) from seconds since the epoch, as `2026-11-25`.
pub fn date(secs: i64) -> String {
    crate::daily::day::Day::of_secs(secs).date()
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
    fn dates_are_civil_utc() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(1_795_996_800), "2026-11-30");
        assert_eq!(date(951_782_400), "2000-02-29");
    }
}
