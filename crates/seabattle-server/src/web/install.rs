//! The installable app: the web app manifest, the service worker that keeps the app
//! shell, and the favicon. The service worker's cache is named by a hash of every
//! file it keeps, computed once, so each new build replaces the last at once.

use crate::web::encoding::{Encoded, etag};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use seabattle_core::Lang;
use serde::Serialize;
use std::sync::LazyLock;

/// The service worker's text; `{VERSION}` and `{SHELL}` are filled in once.
const WORKER: &str = include_str!("../../assets/web/sw.js");

/// The page's background and its header's blue, from `app.css`.
const BACKGROUND: &str = "#f3f7fb";
/// The header's colour: the browser's bar matches it.
pub const THEME: &str = "#0d3b66";

/// The manifest in `lang`.
fn manifest(lang: Lang) -> String {
    let (name, short, description) = match lang {
        Lang::Ru => (
            "Морской бой",
            "Морской бой",
            "Морской бой с компьютером, с другом по ссылке или со случайным соперником.",
        ),
        Lang::En => (
            "Sea Battle",
            "Sea Battle",
            "Sea Battle against the computer, with a friend by link, or a random opponent.",
        ),
    };
    let icon = |src, sizes, kind| Icon { sizes, src, kind };
    let m = Manifest {
        background_color: BACKGROUND,
        description,
        display: "standalone",
        icons: [
            icon("/assets/icon-192.png", "192x192", "image/png"),
            icon("/assets/icon-512.png", "512x512", "image/png"),
            icon("/assets/icon.svg", "any", "image/svg+xml"),
        ],
        lang: lang.code(),
        name,
        scope: "/",
        short_name: short,
        start_url: "/",
        theme_color: THEME,
    };
    serde_json::to_string(&m).unwrap_or_default()
}

/// The web app manifest: its keys in alphabetical order, as the browsers have always
/// been sent them.
#[derive(Serialize)]
struct Manifest {
    background_color: &'static str,
    description: &'static str,
    display: &'static str,
    icons: [Icon; 3],
    lang: &'static str,
    name: &'static str,
    scope: &'static str,
    short_name: &'static str,
    start_url: &'static str,
    theme_color: &'static str,
}

/// One of the app's icons.
#[derive(Serialize)]
struct Icon {
    sizes: &'static str,
    src: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
}

/// The manifest in each language, compressed.
static MANIFESTS: LazyLock<[Encoded; 2]> =
    LazyLock::new(|| [Lang::Ru, Lang::En].map(|l| Encoded::new(manifest(l).into_bytes(), true)));

/// What the service worker keeps: the start page, the manifest, every asset.
fn shell() -> Vec<String> {
    ["/".to_string(), "/manifest.webmanifest".to_string()]
        .into_iter()
        .chain(crate::web::assets::names().map(|n| format!("/assets/{n}")))
        .collect()
}

/// The version: a hash of the page, the manifests, the worker and every asset.
fn version() -> String {
    let mut all = Vec::new();
    for part in [crate::web::assets::PAGE, WORKER] {
        all.extend_from_slice(part.as_bytes());
    }
    for m in MANIFESTS.iter() {
        all.extend_from_slice(&m.plain);
    }
    for (name, bytes) in crate::web::assets::all_bytes() {
        all.extend_from_slice(name.as_bytes());
        all.extend_from_slice(bytes);
    }
    etag(&all).trim_matches('"').to_string()
}

/// The service worker, rendered once.
static WORKER_JS: LazyLock<Encoded> = LazyLock::new(|| {
    let shell = serde_json::to_string(&shell()).unwrap_or_default();
    let text = WORKER
        .replace("{VERSION}", &version())
        .replace("{SHELL}", &shell);
    Encoded::new(text.into_bytes(), true)
});

/// Renders and compresses everything here before the first request needs it.
pub fn warm() {
    LazyLock::force(&WORKER_JS);
}

/// `GET /sw.js`: the service worker. Never kept by the HTTP cache: the browser
/// compares it byte for byte to find a new version.
pub async fn worker(headers: HeaderMap) -> Response {
    WORKER_JS.respond(&headers, "text/javascript; charset=utf-8", "no-cache")
}

/// `GET /manifest.webmanifest`: the web app manifest, in the language the request
/// prefers.
pub async fn manifest_route(headers: HeaderMap) -> Response {
    let lang = crate::web::preview::prefers(&headers);
    let body = &MANIFESTS[usize::from(lang == Lang::En)];
    let mut r = body.respond(&headers, "application/manifest+json", "no-cache");
    r.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language"),
    );
    r
}

/// `GET /favicon.ico`: the icon a browser asks for by itself. Its favicon fetches
/// pass by the service worker (Chromium's do), so the HTTP cache keeps it a day
/// instead: a repeat visit asks for nothing.
pub async fn favicon(headers: HeaderMap) -> Response {
    match crate::web::assets::find("favicon.ico") {
        Some((mime, body)) => body.respond(&headers, mime, "public, max-age=86400"),
        None => axum::http::StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_keeps_every_asset_under_one_versioned_cache() {
        let text = String::from_utf8(WORKER_JS.plain.clone()).unwrap();
        assert!(!text.contains("{VERSION}") && !text.contains("{SHELL}"));
        let v = version();
        assert_eq!(v.len(), 24, "{v}");
        assert!(text.contains(&format!("'seabattle-{v}'")), "{text}");
        for name in crate::web::assets::names() {
            assert!(text.contains(&format!("\"/assets/{name}\"")), "{name}");
        }
        assert!(text.contains(r#"["/","/manifest.webmanifest","#), "{text}");
    }

    #[test]
    fn the_manifest_names_the_app_in_each_language() {
        for (lang, name) in [(Lang::Ru, "Морской бой"), (Lang::En, "Sea Battle")] {
            let m: serde_json::Value = serde_json::from_str(&manifest(lang)).unwrap();
            assert_eq!(m["name"], name);
            assert_eq!(m["start_url"], "/");
            assert_eq!(m["display"], "standalone");
            let sizes: Vec<_> = m["icons"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["sizes"].as_str().unwrap())
                .collect();
            assert_eq!(sizes, ["192x192", "512x512", "any"]);
        }
    }
}
