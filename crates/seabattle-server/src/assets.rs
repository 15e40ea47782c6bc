//! The web page's files, built into the binary: one table from name to content type
//! and text. The page is plain HTML, CSS and ES modules; nothing is built from them.
//! Each is compressed once (gzip and brotli) the first time it is needed.

use crate::encoding::Encoded;
use std::collections::HashMap;
use std::sync::LazyLock;

/// Every file served under `/assets/`.
const FILES: &[(&str, &str, &str)] = &[
    ("app.css", CSS, include_str!("../assets/web/app.css")),
    ("app.js", JS, include_str!("../assets/web/app.js")),
    ("board.js", JS, include_str!("../assets/web/board.js")),
    ("coords.js", JS, include_str!("../assets/web/coords.js")),
    ("fleet.js", JS, include_str!("../assets/web/fleet.js")),
    ("i18n.js", JS, include_str!("../assets/web/i18n.js")),
    ("net.js", JS, include_str!("../assets/web/net.js")),
    (
        "placement.js",
        JS,
        include_str!("../assets/web/placement.js"),
    ),
    ("game.js", JS, include_str!("../assets/web/game.js")),
    ("drag.js", JS, include_str!("../assets/web/drag.js")),
    ("view.js", JS, include_str!("../assets/web/view.js")),
    ("move.js", JS, include_str!("../assets/web/move.js")),
    ("over.js", JS, include_str!("../assets/web/over.js")),
    ("replay.js", JS, include_str!("../assets/web/replay.js")),
    ("sha256.js", JS, include_str!("../assets/web/sha256.js")),
    ("sound.js", JS, include_str!("../assets/web/sound.js")),
    ("learned.js", JS, include_str!("../assets/web/learned.js")),
];

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file, compressed.
static ENCODED: LazyLock<HashMap<&'static str, (&'static str, Encoded)>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|&(name, mime, text)| (name, (mime, Encoded::new(text.as_bytes().to_vec(), true))))
        .collect()
});

/// Compresses every file now (at start, off the async threads).
pub fn warm() {
    LazyLock::force(&ENCODED);
}

/// The content type and bodies of the asset `name`, if there is one.
pub fn find(name: &str) -> Option<(&'static str, &'static Encoded)> {
    ENCODED.get(name).map(|(mime, body)| (*mime, body))
}
