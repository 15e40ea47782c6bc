//! Accounts on a real server: sign-up, sign-in, the same answer for an unknown name and
//! a wrong password, throttling with `Retry-After`, signing out everywhere, deletion,
//! and requests from a foreign `Origin` refused (docs/protocol.md, "Accounts").

use crate::common::*;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A response: status, head in lower case, body.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) head: String,
    pub(crate) body: String,
}

impl Reply {
    /// The session token the response's `Set-Cookie` hands out.
    pub(crate) fn token(&self) -> Option<String> {
        let line = self
            .head
            .lines()
            .find(|l| l.starts_with("set-cookie: sb_session="))?;
        let value = line["set-cookie: sb_session=".len()..].split(';').next()?;
        Some(value.to_string()).filter(|v| !v.is_empty())
    }
}

/// An HTTP request from this server's own page (its `Origin`), or from `origin`.
pub(crate) async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    token: Option<&str>,
    origin: Option<&str>,
) -> Reply {
    let own = format!("http://{addr}");
    let mut headers = vec![format!("Origin: {}", origin.unwrap_or(&own))];
    headers.extend(token.map(|t| format!("Cookie: sb_session={t}")));
    request_with(addr, method, path, body, &headers).await
}

/// An HTTP request with `headers` (whole lines, without their line ends) and a JSON body.
pub(crate) async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    headers: &[String],
) -> Reply {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    Reply {
        status: head.split_whitespace().nth(1).unwrap().parse().unwrap(),
        head: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}

pub(crate) async fn post(addr: SocketAddr, path: &str, body: &str, token: Option<&str>) -> Reply {
    request(addr, "POST", path, body, token, None).await
}

pub(crate) fn creds(name: &str, password: &str) -> String {
    serde_json::json!({ "name": name, "password": password }).to_string()
}

/// Signs `name` up; the session token.
pub(crate) async fn sign_up(addr: SocketAddr, name: &str) -> String {
    let r = post(
        addr,
        "/account/signup",
        &creds(name, "correct horse 1"),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.token().unwrap()
}

async fn me(addr: SocketAddr, token: &str) -> Reply {
    request(addr, "GET", "/account/me", "", Some(token), None).await
}

#[tokio::test]
async fn sign_up_sign_in_wrong_password_and_sign_out_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();

    let up = post(
        addr,
        "/account/signup",
        &creds("Алиса", "correct horse"),
        None,
    )
    .await;
    assert_eq!(up.status, 201, "{}", up.body);
    assert!(
        up.head.contains("httponly") && up.head.contains("samesite=lax"),
        "{}",
        up.head
    );
    let first = up.token().expect("a session cookie");
    assert_eq!(first.len(), 64);
    let who = me(addr, &first).await;
    assert_eq!(
        (who.status, who.body.as_str()),
        (200, r#"{"name":"Алиса","bot_challenges":false}"#)
    );

    // The name is taken whatever its case.
    let again = post(
        addr,
        "/account/signup",
        &creds("АЛИСА", "another one"),
        None,
    )
    .await;
    assert_eq!(again.status, 409, "{}", again.body);
    assert!(again.body.contains("name_taken"));

    // An unknown name and a wrong password get the same answer.
    let wrong = post(addr, "/account/login", &creds("алиса", "wrong horse"), None).await;
    let unknown = post(addr, "/account/login", &creds("Боб", "wrong horse"), None).await;
    assert_eq!(wrong.status, 401);
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert!(wrong.token().is_none());

    // Signing in issues a new token; both sessions run.
    let inn = post(
        addr,
        "/account/login",
        &creds("алиса", "correct horse"),
        None,
    )
    .await;
    assert_eq!(inn.status, 200, "{}", inn.body);
    let second = inn.token().unwrap();
    assert_ne!(first, second);
    assert_eq!(me(addr, &second).await.status, 200);

    // Signing out ends one session; signing out everywhere ends every one.
    let third = post(
        addr,
        "/account/login",
        &creds("Алиса", "correct horse"),
        None,
    )
    .await
    .token()
    .unwrap();
    let out = post(addr, "/account/logout", "", Some(&third)).await;
    assert_eq!(out.status, 204);
    assert!(
        out.head.contains("set-cookie: sb_session=;"),
        "{}",
        out.head
    );
    assert_eq!(me(addr, &third).await.status, 401);
    assert_eq!(me(addr, &first).await.status, 200);
    assert_eq!(
        post(addr, "/account/logout-all", "", Some(&first))
            .await
            .status,
        204
    );
    for t in [&first, &second] {
        assert_eq!(me(addr, t).await.status, 401);
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_names_and_passwords_say_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    let short = post(addr, "/account/signup", &creds("ab", "correct horse"), None).await;
    assert_eq!(short.status, 400);
    assert!(
        short.body.contains("3 to 20 characters, not 2"),
        "{}",
        short.body
    );
    let pass = post(addr, "/account/signup", &creds("bob", "short"), None).await;
    assert_eq!(pass.status, 400);
    assert!(
        pass.body.contains("8 to 128 characters, not 5"),
        "{}",
        pass.body
    );
    let junk = post(addr, "/account/signup", "{\"name\": 1}", None).await;
    assert_eq!(junk.status, 400);
    assert!(junk.body.contains("bad_request"), "{}", junk.body);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn failed_logins_are_throttled_with_retry_after() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    assert_eq!(
        post(
            addr,
            "/account/signup",
            &creds("carol", "correct horse"),
            None
        )
        .await
        .status,
        201
    );
    // Ten failures per account in fifteen minutes; the eleventh try is refused unheard,
    // even with the right password.
    for _ in 0..10 {
        let r = post(addr, "/account/login", &creds("carol", "wrong horse"), None).await;
        assert_eq!(r.status, 401);
    }
    let r = post(
        addr,
        "/account/login",
        &creds("carol", "correct horse"),
        None,
    )
    .await;
    assert_eq!(r.status, 429, "{}", r.body);
    let retry: u64 = r
        .head
        .lines()
        .find_map(|l| l.strip_prefix("retry-after: "))
        .expect("Retry-After")
        .trim()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_foreign_origin_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    let evil = Some("https://evil.example");
    let r = request(
        addr,
        "POST",
        "/account/signup",
        &creds("dave", "correct horse"),
        None,
        evil,
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("cross_site"));
    let token = post(
        addr,
        "/account/signup",
        &creds("dave", "correct horse"),
        None,
    )
    .await
    .token()
    .unwrap();
    let r = request(addr, "POST", "/account/logout-all", "", Some(&token), evil).await;
    assert_eq!(r.status, 403);
    assert_eq!(me(addr, &token).await.status, 200, "nothing changed");

    // A WebSocket carrying the session cookie, from another site: refused before the
    // upgrade. From the server's own page, or without the cookie, it opens.
    let upgrade = |origin: &str, cookie: bool| {
        let cookie = if cookie {
            format!("Cookie: sb_session={token}\r\n")
        } else {
            String::new()
        };
        format!(
            "GET /ws HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}\r\n{cookie}Connection: Upgrade\r\n\
             Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        )
    };
    for (origin, cookie, expected) in [
        ("https://evil.example".to_string(), true, "403"),
        (format!("http://{addr}"), true, "101"),
        ("https://evil.example".to_string(), false, "101"),
    ] {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(upgrade(&origin, cookie).as_bytes())
            .await
            .unwrap();
        let mut buf = [0u8; 12];
        s.read_exact(&mut buf).await.unwrap();
        let line = String::from_utf8_lossy(&buf).to_string();
        assert!(line.ends_with(expected), "{origin} cookie={cookie}: {line}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn deleting_an_account_erases_its_name_and_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let addr = server.addr();
    let token = post(
        addr,
        "/account/signup",
        &creds("erin", "correct horse"),
        None,
    )
    .await
    .token()
    .unwrap();
    // The password is asked again.
    let r = post(
        addr,
        "/account/delete",
        &creds("erin", "wrong horse"),
        Some(&token),
    )
    .await;
    assert_eq!(r.status, 401);
    let r = post(
        addr,
        "/account/delete",
        &creds("erin", "correct horse"),
        Some(&token),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(me(addr, &token).await.status, 401);
    assert_eq!(
        post(
            addr,
            "/account/login",
            &creds("erin", "correct horse"),
            None
        )
        .await
        .status,
        401
    );
    // The name is free again.
    assert_eq!(
        post(
            addr,
            "/account/signup",
            &creds("Erin", "new password"),
            None
        )
        .await
        .status,
        201
    );
    server.shutdown().await.unwrap();
}
