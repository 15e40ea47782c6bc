//! `GET /qr.svg?text=…`: a game's join link as a QR code, drawn as SVG by the `qrcode`
//! crate (which picks the most readable of the standard's eight masks). Only this
//! server's own join links are drawn (`http://HOST/g/ID` or `https://…`, HOST the one
//! the request was sent to), so that the endpoint makes no codes for other sites.

use crate::ids::GameId;
use crate::web::error::ApiError;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use serde::Deserialize;

/// The longest text drawn, in bytes: a join link with a long host name fits.
pub const MAX_TEXT: usize = 200;

/// The query: the link to draw.
#[derive(Deserialize)]
pub struct QrQuery {
    text: String,
}

/// Draws `text`, if it is one of this server's join links; 400 with the reason if not.
pub async fn qr_svg(
    headers: HeaderMap,
    query: Result<Query<QrQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Ok(Query(QrQuery { text })) = query else {
        return Err(refuse("give the join link to draw as ?text="));
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    check(&text, host).map_err(refuse)?;
    // Level M: a code on a screen, photographed, may lose a corner to glare.
    let Ok(code) = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M) else {
        return Err(refuse("the link does not fit in a QR code"));
    };
    let image = code
        .render::<svg::Color<'_>>()
        .min_dimensions(132, 132)
        .build();
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400, immutable"),
        ],
        image,
    )
        .into_response())
}

/// A 400 with the reason, as plain text.
fn refuse(why: &'static str) -> ApiError {
    ApiError::text(StatusCode::BAD_REQUEST, format!("qr.svg: {why}"))
}

/// Why `text` is not one of this server's join links, as reached at `host`.
fn check(text: &str, host: Option<&str>) -> Result<(), &'static str> {
    if text.len() > MAX_TEXT {
        return Err("the text is longer than a join link (at most 200 bytes)");
    }
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or("a join link starts with http:// or https://")?;
    let (authority, path) = rest
        .split_once('/')
        .ok_or("a join link has the path /g/<game>")?;
    let host = host.ok_or("the request names no host to check the link against")?;
    if !authority.eq_ignore_ascii_case(host) {
        return Err("the link names another host than this server");
    }
    path.strip_prefix("g/")
        .filter(|id| GameId::parse(id).is_some())
        .map(|_| ())
        .ok_or("a join link's path is /g/<game> with a game id")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_servers_join_links_are_drawn() {
        let id = "a".repeat(crate::ids::ID_LEN);
        let host = Some("example.org:8080");
        let ok = format!("https://example.org:8080/g/{id}");
        assert_eq!(check(&ok, host), Ok(()));
        assert_eq!(check(&ok.replace("https", "http"), host), Ok(()));
        assert!(check(&format!("https://evil.example/g/{id}"), host).is_err());
        assert!(check(&format!("ftp://example.org:8080/g/{id}"), host).is_err());
        assert!(check("https://example.org:8080/g/short", host).is_err());
        assert!(check(&format!("https://example.org:8080/replay/{id}"), host).is_err());
        assert!(check(&ok, None).is_err());
        let long = format!("https://{}/g/{id}", "h".repeat(MAX_TEXT));
        assert!(check(&long, Some(&long[8..8 + MAX_TEXT])).is_err());
    }
}
