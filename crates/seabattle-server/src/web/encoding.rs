//! Bodies sent compressed and validated: gzip or brotli by the client's
//! `Accept-Encoding`, compressed once (never per request), with an `ETag` so a repeat
//! visit gets `304 Not Modified`.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::io::Write;

/// A body in every encoding offered, with its validator.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The body as is.
    pub plain: Vec<u8>,
    /// Gzip.
    pub gzip: Vec<u8>,
    /// Brotli, for bodies worth it (static assets).
    pub brotli: Option<Vec<u8>>,
    /// A strong validator of the plain body.
    pub etag: String,
}

/// Gzip of `data` (the default level: fast enough to run once per body).
pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = e.write_all(data);
    e.finish().unwrap_or_default()
}

/// Brotli of `data` at a high quality: for static assets, compressed once at start.
pub fn brotli(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 10, 22);
        let _ = w.write_all(data);
    }
    out
}

/// A strong `ETag` for `data`.
pub fn etag(data: &[u8]) -> String {
    let digest = Sha256::digest(data);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

impl Encoded {
    /// `data` in every encoding; brotli too if `with_brotli`.
    pub fn new(data: Vec<u8>, with_brotli: bool) -> Encoded {
        Encoded {
            gzip: gzip(&data),
            brotli: with_brotli.then(|| brotli(&data)),
            etag: etag(&data),
            plain: data,
        }
    }

    /// The response for a request with `headers`: `304` if the client holds this body,
    /// else the body in the best encoding it accepts, with `content_type` and
    /// `cache_control`.
    pub fn respond(
        &self,
        headers: &HeaderMap,
        content_type: &'static str,
        cache_control: &'static str,
    ) -> Response {
        let etag = HeaderValue::from_str(&self.etag).unwrap_or(HeaderValue::from_static("\"\""));
        let fresh = headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(',')
                    .any(|t| t.trim() == self.etag || t.trim() == "*")
            });
        let common = [
            (header::ETAG, etag),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(cache_control),
            ),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ];
        if fresh {
            return (StatusCode::NOT_MODIFIED, common).into_response();
        }
        let (encoding, body) = match (accepts(headers, "br"), &self.brotli) {
            (true, Some(b)) => (Some("br"), b.clone()),
            _ if accepts(headers, "gzip") => (Some("gzip"), self.gzip.clone()),
            _ => (None, self.plain.clone()),
        };
        let mut response = (
            common,
            [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
            body,
        )
            .into_response();
        if let Some(e) = encoding {
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(e));
        }
        response
    }
}

/// Whether `Accept-Encoding` names `coding` with a non-zero weight.
pub fn accepts(headers: &HeaderMap, coding: &str) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let zero = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            name.eq_ignore_ascii_case(coding) && !zero
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: header::HeaderName, value: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(name, HeaderValue::from_static(value));
        h
    }

    #[test]
    fn encodings_are_chosen_by_accept_encoding() {
        let body = Encoded::new(b"hello hello hello hello".repeat(100), true);
        let r = body.respond(
            &with(header::ACCEPT_ENCODING, "gzip, deflate, br"),
            "text/plain",
            "no-cache",
        );
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "br");
        let r = body.respond(
            &with(header::ACCEPT_ENCODING, "gzip;q=1.0, br;q=0"),
            "text/plain",
            "no-cache",
        );
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        let r = body.respond(&HeaderMap::new(), "text/plain", "no-cache");
        assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
    }

    #[test]
    fn a_matching_etag_gets_not_modified() {
        let body = Encoded::new(b"x".to_vec(), false);
        let h = HeaderMap::from_iter([(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&body.etag).unwrap(),
        )]);
        assert_eq!(
            body.respond(&h, "text/plain", "no-cache").status(),
            StatusCode::NOT_MODIFIED
        );
    }

    #[test]
    fn gzip_round_trips() {
        use std::io::Read;
        let data = b"{\"frames\":[]}".repeat(50);
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&gzip(&data)[..])
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, data);
    }
}
