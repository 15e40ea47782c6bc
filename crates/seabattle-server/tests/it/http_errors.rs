//! Every HTTP refusal of the account endpoints is the wire's `{code, message}`, bodies
//! that are too large or not UTF-8 among them (regression: axum's plain-text rejections
//! reached the page).

use crate::common::*;
use serde::Deserialize;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A refusal as the page reads it.
#[derive(Deserialize)]
struct Refusal {
    code: String,
    message: String,
}

/// Posts `body` (any bytes) to `path` from the server's own page; the status and the
/// refusal it answered with.
async fn post_bytes(addr: SocketAddr, path: &str, body: &[u8]) -> (u16, Refusal) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    // A server that refuses early may close before the whole body is written.
    let _ = s.write_all(body).await;
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf).await;
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{head}"
    );
    (status, serde_json::from_str(body).expect(body))
}

#[tokio::test]
async fn a_body_too_large_or_not_utf8_is_refused_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();

    let huge = format!(
        r#"{{"name":"Anna","password":"{}"}}"#,
        "x".repeat(100 << 10)
    );
    let (status, r) = post_bytes(addr, "/account/signup", huge.as_bytes()).await;
    assert_eq!(
        (status, r.code.as_str()),
        (413, "too_large"),
        "{}",
        r.message
    );

    let (status, r) = post_bytes(addr, "/account/login", b"{\"name\":\"\xff\xfe\"}").await;
    assert_eq!(
        (status, r.code.as_str()),
        (400, "bad_request"),
        "{}",
        r.message
    );

    let (status, r) = post_bytes(addr, "/account/login", br#"{"name":"Anna"}"#).await;
    assert_eq!((status, r.code.as_str()), (400, "bad_request"));
    assert!(
        r.message.contains("password"),
        "names the field: {}",
        r.message
    );

    let (status, r) = post_bytes(
        addr,
        "/account/signup",
        br#"{"name":"A","password":"correct horse"}"#,
    )
    .await;
    assert_eq!(
        (status, r.code.as_str()),
        (400, "bad_name"),
        "{}",
        r.message
    );
    server.shutdown().await.unwrap();
}
