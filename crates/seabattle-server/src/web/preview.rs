//! What a shared link shows before it is opened: the page's title, description and
//! Open Graph tags. A game's link speaks the language its creator plays in and names
//! them, when the game is in memory here; any other page, the language the request
//! prefers.

use crate::game::msg::Host;
use crate::ids::GameId;
use crate::node::SharedNode;
use axum::http::{HeaderMap, header};
use seabattle_core::Lang;
use std::time::Duration;

/// Which page a link opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preview<'a> {
    /// The start screen (and the "no such game" one).
    Start,
    /// A game's link, with its creator's name if they gave one.
    Invite(Option<&'a str>),
    /// A finished game's replay.
    Replay,
}

/// The cookie that keeps the language chosen on the page or on a players' page (`ru`
/// or `en`), so that the game, the profiles and the leaderboard speak one language.
pub const LANG_COOKIE: &str = "sb_lang";

/// The language the player chose ([`LANG_COOKIE`]), else the one the request prefers.
pub fn chosen(headers: &HeaderMap) -> Lang {
    crate::accounts::session::cookie(headers, LANG_COOKIE)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| prefers(headers))
}

/// The `Set-Cookie` value that keeps `lang` as the player's choice for a year. The page's
/// script reads it too (i18n.js), so it is not `HttpOnly`.
pub fn choose_cookie(lang: Lang) -> String {
    format!(
        "{LANG_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax",
        lang.code()
    )
}

/// Russian if the request's `Accept-Language` ranks Russian above English, else
/// English: the first of the best weight wins a tie.
pub fn prefers(headers: &HeaderMap) -> Lang {
    let mut best: [Option<(f32, usize)>; 2] = [None, None];
    let items = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .enumerate();
    for (i, item) in items {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        let primary = tag.split('-').next().unwrap_or("");
        let slot = match primary {
            "ru" => 0,
            "en" => 1,
            _ => continue,
        };
        if q > 0.0 && best[slot].is_none_or(|(bq, _)| q > bq) {
            best[slot] = Some((q, i));
        }
    }
    match best {
        [Some(ru), Some(en)] if ru.0 > en.0 || (ru.0 == en.0 && ru.1 < en.1) => Lang::Ru,
        [Some(_), None] => Lang::Ru,
        _ => Lang::En,
    }
}

/// `https://host` or `http://host` from the request's `Host` (and a proxy's
/// `X-Forwarded-Proto`), only if the host is a plain name or address with a port: a
/// preview needs absolute addresses, and nothing odd goes into the page.
pub fn origin(headers: &HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    if host.is_empty() || host.len() > 255 || !host.chars().all(plain) {
        return None;
    }
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    Some(format!("{}://{host}", if https { "https" } else { "http" }))
}

/// `text` safe inside an HTML attribute or element.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The title and description of `preview` in `lang`.
fn words(preview: Preview, lang: Lang) -> (String, &'static str) {
    match (preview, lang) {
        (Preview::Start, Lang::Ru) => (
            "Морской бой".into(),
            "Морской бой в браузере: с компьютером, с другом по ссылке или со случайным соперником. Классические правила и варианты.",
        ),
        (Preview::Start, Lang::En) => (
            "Sea Battle".into(),
            "Sea Battle in your browser: against the computer, with a friend by link, or a random opponent. Classic rules and variants.",
        ),
        (Preview::Invite(Some(name)), Lang::Ru) => (
            format!("{name} приглашает вас в Морской бой"),
            "Откройте ссылку, чтобы сыграть: расставьте флот и стреляйте по очереди.",
        ),
        (Preview::Invite(None), Lang::Ru) => (
            "Друг приглашает вас в Морской бой".into(),
            "Откройте ссылку, чтобы сыграть: расставьте флот и стреляйте по очереди.",
        ),
        (Preview::Invite(Some(name)), Lang::En) => (
            format!("{name} invites you to Sea Battle"),
            "Open the link to play: place your fleet and take turns firing.",
        ),
        (Preview::Invite(None), Lang::En) => (
            "A friend invites you to Sea Battle".into(),
            "Open the link to play: place your fleet and take turns firing.",
        ),
        (Preview::Replay, Lang::Ru) => (
            "Запись партии · Морской бой".into(),
            "Партия в морской бой, ход за ходом.",
        ),
        (Preview::Replay, Lang::En) => (
            "Game replay · Sea Battle".into(),
            "A game of Sea Battle, move by move.",
        ),
    }
}

/// The head's title, description and Open Graph tags for `preview` at `path`, with
/// absolute addresses when the request names its host.
pub fn head(preview: Preview, lang: Lang, origin: Option<&str>, path: &str) -> String {
    let (title, description) = words(preview, lang);
    let (title, description) = (escape(&title), escape(description));
    let locale = match lang {
        Lang::Ru => "ru_RU",
        Lang::En => "en_US",
    };
    let base = origin.map(escape).unwrap_or_default();
    let url = match origin {
        Some(_) => format!(
            "\n<meta property=\"og:url\" content=\"{base}{}\">",
            escape(path)
        ),
        None => String::new(),
    };
    format!(
        "<title>{title}</title>\n<meta name=\"description\" content=\"{description}\">\n\
         <meta property=\"og:type\" content=\"website\">\n\
         <meta property=\"og:site_name\" content=\"{site}\">\n\
         <meta property=\"og:locale\" content=\"{locale}\">\n\
         <meta property=\"og:title\" content=\"{title}\">\n\
         <meta property=\"og:description\" content=\"{description}\">\n\
         <meta property=\"og:image\" content=\"{base}/assets/icon-512.png\">\n\
         <meta property=\"og:image:width\" content=\"512\">\n\
         <meta property=\"og:image:height\" content=\"512\">{url}",
        site = words(Preview::Start, lang).0,
    )
}

/// Who invites to game `id`, or `None` if there is no such game. A game in memory here
/// names its creator and their language, if it answers at once (a preview never waits
/// on a busy game); one only in storage (after a restart, or served by another node)
/// names neither. A store that does not answer now counts the game as there: the page
/// itself then says what is wrong.
pub async fn invitation(hub: &SharedNode, id: &GameId) -> Option<Host> {
    if let Some(h) = hub.live(id) {
        let ask = h.ask(|reply| crate::game::msg::GameMsg::Host { reply });
        let host = tokio::time::timeout(Duration::from_millis(250), ask).await;
        return Some(host.ok().and_then(Result::ok).unwrap_or_default());
    }
    let id = id.clone();
    match hub.db(move |db| db.has_game(&id)).await {
        Ok(false) => None,
        Ok(true) => Some(Host::default()),
        Err(e) => {
            tracing::warn!(error = %crate::error::chain(&e), "a game link's preview could not ask the store");
            Some(Host::default())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(name, HeaderValue::from_str(value).unwrap());
        h
    }

    #[test]
    fn russian_only_when_preferred_to_english() {
        let lang = |v| prefers(&with(header::ACCEPT_LANGUAGE, v));
        assert_eq!(lang("ru-RU,ru;q=0.9,en-US;q=0.8"), Lang::Ru);
        assert_eq!(lang("uk, ru;q=0.9, en;q=0.8"), Lang::Ru);
        assert_eq!(lang("ru"), Lang::Ru);
        assert_eq!(lang("en-US,en;q=0.9,ru;q=0.8"), Lang::En);
        assert_eq!(lang("en;q=0.5, ru;q=0.9"), Lang::Ru);
        assert_eq!(lang("en, ru"), Lang::En);
        assert_eq!(lang("ru;q=0, en"), Lang::En);
        assert_eq!(lang("de-DE"), Lang::En);
        assert_eq!(prefers(&HeaderMap::new()), Lang::En);
    }

    #[test]
    fn the_language_chosen_on_the_page_comes_before_the_browsers() {
        let mut h = with(header::ACCEPT_LANGUAGE, "ru-RU");
        assert_eq!(chosen(&h), Lang::Ru);
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("sb_session=x; sb_lang=en"),
        );
        assert_eq!(chosen(&h), Lang::En);
        h.insert(header::COOKIE, HeaderValue::from_static("sb_lang=fr"));
        assert_eq!(chosen(&h), Lang::Ru, "an unknown choice is no choice");
        assert!(choose_cookie(Lang::En).starts_with("sb_lang=en; Path=/;"));
    }

    #[test]
    fn an_odd_host_gives_no_absolute_address() {
        let o = |v| origin(&with(header::HOST, v));
        assert_eq!(o("example.org").as_deref(), Some("http://example.org"));
        assert_eq!(
            o("127.0.0.1:8080").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(o("a\"><script>"), None);
        assert_eq!(o("a b"), None);
        assert_eq!(o(""), None);
        let mut h = with(header::HOST, "example.org");
        h.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert_eq!(origin(&h).as_deref(), Some("https://example.org"));
    }

    #[test]
    fn a_name_in_the_title_is_escaped() {
        let h = head(
            Preview::Invite(Some("<b>Алиса & \"Боб\"</b>")),
            Lang::Ru,
            None,
            "/g/x",
        );
        assert!(
            h.contains("<title>&lt;b&gt;Алиса &amp; &quot;Боб&quot;&lt;/b&gt; приглашает вас в Морской бой</title>"),
            "{h}"
        );
        assert!(!h.contains("og:url"), "{h}");
        assert!(h.contains("content=\"/assets/icon-512.png\""), "{h}");
        let h = head(
            Preview::Invite(None),
            Lang::En,
            Some("https://x.org"),
            "/g/x",
        );
        assert!(
            h.contains("<title>A friend invites you to Sea Battle</title>"),
            "{h}"
        );
        assert!(
            h.contains("<meta property=\"og:url\" content=\"https://x.org/g/x\">"),
            "{h}"
        );
        assert!(
            h.contains("content=\"https://x.org/assets/icon-512.png\""),
            "{h}"
        );
    }
}
