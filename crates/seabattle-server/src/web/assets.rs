//! The web page's files, built into the binary: one table from name to content type
//! and text. The page is plain HTML, CSS and ES modules; nothing is built from them.
//! Each is compressed once (gzip and brotli) the first time it is needed. The app's
//! icons are served from here too, and every file's bytes together name the version
//! the service worker caches (see [`crate::install`]).

use crate::web::encoding::Encoded;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The web page's shell; `{BOOT}` becomes a JSON object naming what to open, `{HEAD}`
/// the title, description and link-preview tags (see [`crate::preview`]).
pub const PAGE: &str = include_str!("../../assets/web/index.html");

/// Every file served under `/assets/`.
const FILES: &[(&str, &str, &str)] = &[
    ("app.css", CSS, include_str!("../../assets/web/app.css")),
    (
        "players.css",
        CSS,
        include_str!("../../assets/web/players.css"),
    ),
    ("app.js", JS, include_str!("../../assets/web/app.js")),
    (
        "account.js",
        JS,
        include_str!("../../assets/web/account.js"),
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
    ("sha256.js", JS, include_str!("../../assets/web/sha256.js")),
    ("sound.js", JS, include_str!("../../assets/web/sound.js")),
    (
        "learned.js",
        JS,
        include_str!("../../assets/web/learned.js"),
    ),
    ("key.js", JS, include_str!("../../assets/web/key.js")),
    ("chat.js", JS, include_str!("../../assets/web/chat.js")),
    (
        "install.js",
        JS,
        include_str!("../../assets/web/install.js"),
    ),
    ("share.js", JS, include_str!("../../assets/web/share.js")),
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
