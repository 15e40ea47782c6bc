//! The web page's files, built into the binary: one table from name to content type
//! and text. The page is plain HTML, CSS and ES modules; nothing is built from them.
//! Each is compressed once (gzip and brotli) the first time it is needed. The app's
//! icons are served from here too, and every file's bytes together name the version
//! the service worker caches (see [`crate::install`]).

use crate::web::encoding::Encoded;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The web page's shell; `{BOOT}` becomes a JSON object naming what to open, `{HEAD}`
/// the title, description and link-preview tags (see [`crate::web::preview`]),
/// `{PRELOAD}` the module hints (see [`page`]).
pub const PAGE: &str = include_str!("../../assets/web/index.html");

/// The shell as served, its hints filled in once.
static PAGE_HTML: LazyLock<String> =
    LazyLock::new(|| PAGE.replace("{PRELOAD}", &preloads("app.js")));

/// The page's shell as served: [`PAGE`] with a `modulepreload` hint for every module the
/// page's script loads at once. Without them the browser finds each level of imports
/// only once the level above has come, a round trip per level (five on the start
/// page); with them it asks for them all together. Made from the modules themselves,
/// so the hints never fall behind an import.
pub fn page() -> &'static str {
    &PAGE_HTML
}

/// The hints for the modules `root` loads at once, in the order the page needs them:
/// first what it imports (`import … from './NAME'`, directly or not: it runs once they
/// are in), then what it loads without waiting (`import('./NAME')`, the game screen)
/// with their own imports. A module loaded on demand (`` import(`./NAME`) ``: the quick
/// chat, the replay) gets none.
fn preloads(root: &'static str) -> String {
    let mut order = vec![root];
    reach(&mut order, 0);
    let own = order.len();
    let soon: Vec<&str> = order
        .iter()
        .flat_map(|n| quoted(text(n), "import('./"))
        .collect();
    for name in soon {
        if !order.contains(&name) {
            order.push(name);
        }
    }
    reach(&mut order, own);
    order[1..]
        .iter()
        .map(|n| format!("<link rel=\"modulepreload\" href=\"/assets/{n}\">"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Adds to `order` every module those from `from` on import, directly or not.
fn reach(order: &mut Vec<&'static str>, from: usize) {
    let mut i = from;
    while let Some(&name) = order.get(i) {
        for dep in imports(text(name)) {
            if !order.contains(&dep) {
                order.push(dep);
            }
        }
        i += 1;
    }
}

/// The text of module `name`.
fn text(name: &str) -> &'static str {
    FILES.iter().find(|f| f.0 == name).map_or("", |f| f.2)
}

/// The modules `js` imports statically, by their names here.
fn imports(js: &str) -> Vec<&'static str> {
    quoted(js, "from './")
}

/// The modules `js` names right after each `mark` in its code (comment lines left out),
/// by their names here.
fn quoted(js: &str, mark: &str) -> Vec<&'static str> {
    let code = without_comment_lines(js);
    code.split(mark)
        .skip(1)
        .filter_map(|rest| rest.split(['\'', '"']).next())
        .filter_map(|n| FILES.iter().find(|f| f.0 == n).map(|f| f.0))
        .collect()
}

/// Every file served under `/assets/`.
const FILES: &[(&str, &str, &str)] = &[
    ("app.css", CSS, include_str!("../../assets/web/app.css")),
    (
        "players.css",
        CSS,
        include_str!("../../assets/web/players.css"),
    ),
    ("app.js", JS, include_str!("../../assets/web/app.js")),
    ("dom.js", JS, include_str!("../../assets/web/dom.js")),
    ("store.js", JS, include_str!("../../assets/web/store.js")),
    (
        "account.js",
        JS,
        include_str!("../../assets/web/account.js"),
    ),
    (
        "bot-account.js",
        JS,
        include_str!("../../assets/web/bot-account.js"),
    ),
    ("board.js", JS, include_str!("../../assets/web/board.js")),
    ("coords.js", JS, include_str!("../../assets/web/coords.js")),
    ("fleet.js", JS, include_str!("../../assets/web/fleet.js")),
    ("i18n.js", JS, include_str!("../../assets/web/i18n.js")),
    ("net.js", JS, include_str!("../../assets/web/net.js")),
    (
        "placement.js",
        JS,
        include_str!("../../assets/web/placement.js"),
    ),
    ("game.js", JS, include_str!("../../assets/web/game.js")),
    ("drag.js", JS, include_str!("../../assets/web/drag.js")),
    ("view.js", JS, include_str!("../../assets/web/view.js")),
    ("move.js", JS, include_str!("../../assets/web/move.js")),
    ("over.js", JS, include_str!("../../assets/web/over.js")),
    ("replay.js", JS, include_str!("../../assets/web/replay.js")),
    (
        "analysis.js",
        JS,
        include_str!("../../assets/web/analysis.js"),
    ),
    (
        "analysis.css",
        CSS,
        include_str!("../../assets/web/analysis.css"),
    ),
    ("sha256.js", JS, include_str!("../../assets/web/sha256.js")),
    ("sound.js", JS, include_str!("../../assets/web/sound.js")),
    (
        "learned.js",
        JS,
        include_str!("../../assets/web/learned.js"),
    ),
    ("key.js", JS, include_str!("../../assets/web/key.js")),
    ("chat.js", JS, include_str!("../../assets/web/chat.js")),
    ("daily.js", JS, include_str!("../../assets/web/daily.js")),
    (
        "daily-words.js",
        JS,
        include_str!("../../assets/web/daily-words.js"),
    ),
    ("daily.css", CSS, include_str!("../../assets/web/daily.css")),
    ("arena.js", JS, include_str!("../../assets/web/arena.js")),
    (
        "arena-words.js",
        JS,
        include_str!("../../assets/web/arena-words.js"),
    ),
    ("arena.css", CSS, include_str!("../../assets/web/arena.css")),
    (
        "moderation.js",
        JS,
        include_str!("../../assets/web/moderation.js"),
    ),
    (
        "mod-words.js",
        JS,
        include_str!("../../assets/web/mod-words.js"),
    ),
    ("mod.js", JS, include_str!("../../assets/web/mod.js")),
    ("mod.css", CSS, include_str!("../../assets/web/mod.css")),
    ("cards.js", JS, include_str!("../../assets/web/cards.js")),
    (
        "arena-strip.js",
        JS,
        include_str!("../../assets/web/arena-strip.js"),
    ),
    (
        "install.js",
        JS,
        include_str!("../../assets/web/install.js"),
    ),
    ("share.js", JS, include_str!("../../assets/web/share.js")),
    ("away.js", JS, include_str!("../../assets/web/away.js")),
    (
        "announce.js",
        JS,
        include_str!("../../assets/web/announce.js"),
    ),
    ("blind.js", JS, include_str!("../../assets/web/blind.js")),
    (
        "blind-parse.js",
        JS,
        include_str!("../../assets/web/blind-parse.js"),
    ),
    (
        "blind-read.js",
        JS,
        include_str!("../../assets/web/blind-read.js"),
    ),
    (
        "blind-words.js",
        JS,
        include_str!("../../assets/web/blind-words.js"),
    ),
    ("blind.css", CSS, include_str!("../../assets/web/blind.css")),
    ("meet.js", JS, include_str!("../../assets/web/meet.js")),
    (
        "meet-words.js",
        JS,
        include_str!("../../assets/web/meet-words.js"),
    ),
];

/// The app's icons: drawn once as `icon.svg`, the PNGs and `favicon.ico` rendered from it
/// (Chromium headless, then ImageMagick for the ICO) and committed.
const IMAGES: &[(&str, &str, &[u8])] = &[
    ("icon.svg", SVG, include_bytes!("../../assets/web/icon.svg")),
    (
        "icon-192.png",
        PNG,
        include_bytes!("../../assets/web/icon-192.png"),
    ),
    (
        "icon-512.png",
        PNG,
        include_bytes!("../../assets/web/icon-512.png"),
    ),
    (
        "favicon.ico",
        ICO,
        include_bytes!("../../assets/web/favicon.ico"),
    ),
];

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";
const PNG: &str = "image/png";
const ICO: &str = "image/x-icon";

/// Every file, compressed.
static ENCODED: LazyLock<HashMap<&'static str, (&'static str, Encoded)>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|&(name, mime, text)| {
            let served = if mime == JS {
                without_comment_lines(text)
            } else {
                text.to_string()
            };
            (name, mime, served.into_bytes())
        })
        .chain(IMAGES.iter().map(|&(n, m, b)| (n, m, b.to_vec())))
        // PNG and ICO are compressed already: brotli would gain nothing.
        .map(|(name, mime, bytes)| {
            (
                name,
                (mime, Encoded::new(bytes, mime != PNG && mime != ICO)),
            )
        })
        .collect()
});

/// A module as it is served: the lines that are only a comment left out (the JSDoc
/// types are for the type checker and for readers of the source, not for a phone to
/// download). Only whole lines go: a comment after code, or inside a string, stays.
fn without_comment_lines(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    let mut in_block = false;
    for line in js.lines() {
        let t = line.trim_start();
        let code = if in_block {
            // The rest of a block comment; code after its end stays.
            match t.find("*/") {
                Some(end) => {
                    in_block = false;
                    t[end + 2..].trim_start()
                }
                None => continue,
            }
        } else if let Some(comment) = t.strip_prefix("/*") {
            match comment.find("*/") {
                // A comment before code on the same line (a JSDoc cast) keeps the line.
                Some(end) if !comment[end + 2..].trim().is_empty() => line,
                Some(_) => continue,
                None => {
                    in_block = true;
                    continue;
                }
            }
        } else if t.starts_with("//") {
            continue;
        } else {
            line
        };
        if !code.is_empty() {
            out.push_str(code);
            out.push('\n');
        }
    }
    out
}

/// The name of every file served under `/assets/`, for the service worker to cache.
pub fn names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|f| f.0).chain(IMAGES.iter().map(|f| f.0))
}

/// The bytes of every file, in table order, with their names: what a version is made
/// of (with the page's shell and the manifest, see [`crate::install`]).
pub fn all_bytes() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    FILES
        .iter()
        .map(|f| (f.0, f.2.as_bytes()))
        .chain(IMAGES.iter().map(|f| (f.0, f.2)))
}

/// Compresses every file now (at start, off the async threads).
pub fn warm() {
    LazyLock::force(&ENCODED);
}

/// The content type and bodies of the asset `name`, if there is one.
pub fn find(name: &str) -> Option<(&'static str, &'static Encoded)> {
    ENCODED.get(name).map(|(mime, body)| (*mime, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lines_that_are_comments_are_left_out() {
        let js = "// @ts-check\n/** @type {number} */\nconst a = 1; // one\n  /**\n   * Two.\n   */\nconst url = 'http://x'; /* kept */\n  /** @type {X} */ (y).z = 1;\n/* a\n b */ f();\n";
        assert_eq!(
            without_comment_lines(js),
            "const a = 1; // one\nconst url = 'http://x'; /* kept */\n  /** @type {X} */ (y).z = 1;\nf();\n"
        );
    }

    #[test]
    fn the_page_preloads_every_module_it_imports_and_no_other() {
        let page = page();
        assert!(!page.contains("{PRELOAD}"));
        let hinted: Vec<&str> = page
            .split("<link rel=\"modulepreload\" href=\"/assets/")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .collect();
        for name in [
            "i18n.js",
            "game.js",
            "board.js",
            "view.js",
            "fleet.js",
            "sha256.js",
        ] {
            assert!(
                hinted.contains(&name),
                "{name} is not preloaded: {hinted:?}"
            );
        }
        // Loaded when needed, not on every visit; and the script itself is no hint.
        for name in ["chat.js", "learned.js", "replay.js", "app.js"] {
            assert!(!hinted.contains(&name), "{name} is preloaded");
        }
        // The page's own imports come before the game screen's, which it does not wait on.
        let at = |n: &str| hinted.iter().position(|h| *h == n).unwrap();
        for own in imports(text("app.js")) {
            assert!(at(own) < at("game.js"), "{own} after game.js: {hinted:?}");
        }
        assert!(!imports(text("app.js")).contains(&"game.js"));
        // Every module the page's script reaches is hinted, each once.
        let mut sorted = hinted.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), hinted.len(), "{hinted:?}");
        for name in &hinted {
            for dep in imports(text(name)) {
                assert!(hinted.contains(&dep), "{name} imports {dep}, not hinted");
            }
        }
    }

    #[test]
    fn every_module_keeps_its_imports_and_exports() {
        for &(name, mime, text) in FILES.iter().filter(|f| f.1 == JS) {
            let served = without_comment_lines(text);
            let count = |s: &str, w: &str| s.lines().filter(|l| l.starts_with(w)).count();
            for word in ["import ", "export "] {
                assert_eq!(count(&served, word), count(text, word), "{name} ({mime})");
            }
            // A JSDoc cast that opens a line of code keeps its line.
            for line in text
                .lines()
                .map(str::trim_start)
                .filter(|l| l.starts_with("/**"))
            {
                if line
                    .split_once("*/")
                    .is_some_and(|(_, code)| !code.trim().is_empty())
                {
                    assert!(served.contains(line), "{name} lost {line:?}");
                }
            }
        }
    }
}
