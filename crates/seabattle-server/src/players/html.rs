//! The frame every players' page shares: the language, the head, a style sheet of its
//! own (no outside host), and a way back to the game.

use super::words::{Word, say};
use crate::preview::{escape, prefers};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use seabattle_core::Lang;
use std::collections::HashMap;

/// The page's language: `?lang=ru|en`, else the request's preference.
pub fn lang(query: &HashMap<String, String>, headers: &HeaderMap) -> Lang {
    match query.get("lang").map(String::as_str) {
        Some("ru") => Lang::Ru,
        Some("en") => Lang::En,
        _ => prefers(headers),
    }
}

const STYLE: &str = "body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#f4f7fb;color:#10243a}\
main{max-width:860px;margin:0 auto;padding:16px}\
h1{font-size:1.6rem;margin:.4em 0}h2{font-size:1.15rem;margin:1.4em 0 .5em}\
table{border-collapse:collapse;width:100%;background:#fff;border-radius:8px;overflow:hidden}\
th,td{padding:.45em .6em;text-align:left;border-bottom:1px solid #e3e9f1}\
th{background:#e8eef6;font-weight:600}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\
a{color:#0b5cad}nav{display:flex;gap:1em;flex-wrap:wrap;align-items:center}\
.note{color:#4a5d73;font-size:.9rem}.won{color:#13743b}.lost{color:#a0262a}\
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px}\
.figures div{background:#fff;border-radius:8px;padding:.6em}.figures b{display:block;font-size:1.3rem}\
svg{width:100%;height:auto;background:#fff;border-radius:8px}\
form{display:inline}button{font:inherit;padding:.4em .8em;border-radius:6px;border:1px solid #9fb3c8;background:#fff;cursor:pointer}\
.wide{overflow-x:auto}\
@media (max-width:560px){th,td{padding:.35em .3em;font-size:.9rem}.hide-s{display:none}}";

/// A whole page: `title` and `body` (already HTML) in `lang`, with `path` for the
/// language switch.
pub fn page(status: StatusCode, lang: Lang, title: &str, path: &str, body: &str) -> Response {
    let (code, other, other_name) = match lang {
        Lang::Ru => ("ru", "en", "English"),
        Lang::En => ("en", "ru", "Русский"),
    };
    let html = format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><link rel=\"icon\" href=\"/favicon.ico\">\
         <style>{STYLE}</style></head><body><main>\
         <nav><a href=\"/\">{play}</a><a href=\"/top?lang={code}\">{top}</a>\
         <a href=\"{path}?lang={other}\" lang=\"{other}\">{other_name}</a></nav>{body}</main></body></html>",
        title = escape(title),
        play = say(Word::Play, lang),
        top = say(Word::Leaderboard, lang),
        path = escape(path),
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

/// A date (UTC) from seconds since the epoch, as `2026-11-25`.
pub fn date(secs: i64) -> String {
    // Howard Hinnant's days-to-civil.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
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
