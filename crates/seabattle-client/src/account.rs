//! The server's account endpoints over HTTP (docs/protocol.md, "Accounts"), for a
//! client that is not a browser: sign in for a session token, ask whose session it is,
//! sign out. Every request names the server's own origin in `Origin`, as the server's
//! page would, since the server refuses state changes from any other.
//!
//! The session token is a [`SessionToken`], whose `Debug` shows no digit of it: it is a
//! password in all but name, and must never reach a log.

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use seabattle_wire::account::{Credentials, MadeToken, Me, Named, NewToken};
use seabattle_wire::{ClientError, ErrorCode};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::time::Duration;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "sb_session";

/// How long a call waits for the server's answer, connection included.
pub const ANSWER_WAIT: Duration = Duration::from_secs(15);

/// The largest answer body read: the account endpoints answer a few dozen bytes.
const MAX_BODY: usize = 64 * 1024;

/// A session token: 64 hex digits (256 bits). Shown nowhere: its `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl SessionToken {
    /// The token in `text`, if it has a token's shape.
    pub fn parse(text: &str) -> Option<SessionToken> {
        (text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| SessionToken(text.to_string()))
    }

    /// The token itself, for the one place that must send or keep it.
    pub fn secret(&self) -> &str {
        &self.0
    }

    /// The `Cookie` request header that carries it.
    pub fn cookie(&self) -> String {
        format!("{SESSION_COOKIE}={}", self.0)
    }
}

impl fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionToken(…)")
    }
}

/// A server's origin, `http://HOST[:PORT]`: where the account endpoints are, and the
/// `Origin` the server takes for its own.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ServerOrigin {
    origin: String,
}

impl ServerOrigin {
    /// Reads `http://HOST[:PORT]` (a trailing `/` allowed; the host is kept in lower
    /// case, as browsers send it).
    pub fn parse(text: &str) -> Result<ServerOrigin, AccountError> {
        let bad = |why: &str| AccountError::BadAddress(format!("{text}: {why}"));
        let rest = text
            .trim()
            .strip_prefix("http://")
            .ok_or_else(|| bad("expected http://HOST[:PORT]"))?;
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.is_empty() {
            return Err(bad("no host"));
        }
        if authority
            .bytes()
            .any(|b| b.is_ascii_whitespace() || b.is_ascii_control() || b"/?#@".contains(&b))
        {
            return Err(bad("expected only HOST[:PORT] after http://"));
        }
        Ok(ServerOrigin {
            origin: format!("http://{}", authority.to_ascii_lowercase()),
        })
    }

    /// `http://HOST[:PORT]`.
    pub fn as_str(&self) -> &str {
        &self.origin
    }

    /// `HOST[:PORT]`.
    pub fn authority(&self) -> &str {
        &self.origin["http://".len()..]
    }
}

impl fmt::Display for ServerOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.origin)
    }
}

/// A session the server opened.
#[derive(Debug)]
pub struct SignedIn {
    /// The account's name as the server shows it.
    pub name: String,
    /// The session's token.
    pub token: SessionToken,
}

/// Why an account call did not do what was asked.
#[derive(Debug, PartialEq, Eq)]
pub enum AccountError {
    /// The server address cannot be used: what is wrong with it.
    BadAddress(String),
    /// No answer: the server could not be reached, or did not answer in time.
    Unreachable(String),
    /// The name and password do not match an account (the server says the same for an
    /// unknown name).
    WrongCredentials,
    /// The session has ended: signed out, signed out everywhere, expired, or the
    /// account deleted.
    SignedOut,
    /// Too many failed attempts from this address or on this account.
    Throttled {
        /// Seconds to wait, from `Retry-After`.
        retry_after: Option<u64>,
    },
    /// The server cannot serve the call now.
    Busy {
        /// Seconds to wait, from `Retry-After`.
        retry_after: Option<u64>,
        /// The server's words.
        message: String,
    },
    /// Any other refusal: its HTTP status and the server's words.
    Refused {
        /// The HTTP status.
        status: u16,
        /// The server's words (or the body as sent).
        message: String,
    },
    /// An answer this client cannot read: what is wrong with it.
    BadAnswer(String),
}

fn after(secs: &Option<u64>) -> String {
    secs.map_or_else(|| "later".to_string(), |s| format!("in {s} s"))
}

impl fmt::Display for AccountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountError::BadAddress(why) => write!(f, "server address {why}"),
            AccountError::Unreachable(why) => write!(f, "cannot reach the server: {why}"),
            AccountError::WrongCredentials => f.write_str("wrong name or password"),
            AccountError::SignedOut => f.write_str("the session has ended"),
            AccountError::Throttled { retry_after } => write!(
                f,
                "too many failed attempts; try again {}",
                after(retry_after)
            ),
            AccountError::Busy {
                retry_after,
                message,
            } => write!(f, "unavailable: {message} (retry {})", after(retry_after)),
            AccountError::Refused { status, message } => {
                write!(f, "refused with http status {status}: {message}")
            }
            AccountError::BadAnswer(why) => write!(f, "unexpected answer: {why}"),
        }
    }
}

impl std::error::Error for AccountError {}

/// An answer as far as this client reads it.
struct Answer {
    status: u16,
    retry_after: Option<u64>,
    session: Option<String>,
    body: String,
}

impl Answer {
    /// The JSON body, as a `T`.
    fn body<T: DeserializeOwned>(&self) -> Option<T> {
        serde_json::from_str(&self.body).ok()
    }

    /// The refusal this answer is (its status is not a success).
    fn refusal(&self) -> AccountError {
        let said: Option<ClientError> = self.body();
        // A newer server's refusal of a code this client does not know still says why.
        let message = said
            .as_ref()
            .map(|e| e.message.clone())
            .or_else(|| self.body::<Said>().map(|s| s.message))
            .unwrap_or_else(|| {
                let body = self.body.trim();
                body.chars().take(200).collect()
            });
        match (self.status, said.map(|e| e.code)) {
            (401, Some(ErrorCode::WrongCredentials)) => AccountError::WrongCredentials,
            (401, Some(ErrorCode::SignedOut)) => AccountError::SignedOut,
            (429, _) => AccountError::Throttled {
                retry_after: self.retry_after,
            },
            (503, _) => AccountError::Busy {
                retry_after: self.retry_after,
                message,
            },
            (status, _) => AccountError::Refused { status, message },
        }
    }
}

/// A refusal's explanation, whatever its code.
#[derive(Deserialize)]
struct Said {
    message: String,
}

/// What a request carries to act for an account.
#[derive(Clone, Copy)]
enum Credential<'a> {
    /// A person's session cookie.
    Session(&'a SessionToken),
    /// A BOT's API token (`Authorization: Bearer`).
    Api(&'a str),
}

/// One request to `server`, with its own connection, within [`ANSWER_WAIT`].
async fn call(
    server: &ServerOrigin,
    method: Method,
    path: &str,
    body: Option<String>,
    token: Option<Credential<'_>>,
) -> Result<Answer, AccountError> {
    tokio::time::timeout(ANSWER_WAIT, exchange(server, method, path, body, token))
        .await
        .unwrap_or_else(|_| {
            Err(AccountError::Unreachable(format!(
                "{server} did not answer within {} s",
                ANSWER_WAIT.as_secs()
            )))
        })
}

async fn exchange(
    server: &ServerOrigin,
    method: Method,
    path: &str,
    body: Option<String>,
    token: Option<Credential<'_>>,
) -> Result<Answer, AccountError> {
    let unreachable = |e: &dyn fmt::Display| AccountError::Unreachable(format!("{server}: {e}"));
    let stream = tokio::net::TcpStream::connect(server.authority())
        .await
        .map_err(|e| unreachable(&e))?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| unreachable(&e))?;
    let driver = tokio::spawn(connection);
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, server.authority())
        .header(header::ORIGIN, server.as_str())
        .header(header::CONTENT_TYPE, "application/json");
    match token {
        Some(Credential::Session(t)) => request = request.header(header::COOKIE, t.cookie()),
        Some(Credential::Api(t)) => {
            request = request.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        None => {}
    }
    let request = request
        .body(Full::new(Bytes::from(body.unwrap_or_default())))
        .map_err(|e| AccountError::BadAddress(format!("{server}: {e}")))?;
    let answer = sender
        .send_request(request)
        .await
        .map_err(|e| unreachable(&e))?;
    let status = answer.status().as_u16();
    let retry_after = answer
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let session = answer
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .find_map(session_cookie);
    let bytes = Limited::new(answer.into_body(), MAX_BODY)
        .collect()
        .await
        .map_err(|e| AccountError::BadAnswer(format!("the body: {e}")))?
        .to_bytes();
    driver.abort();
    Ok(Answer {
        status,
        retry_after,
        session,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// The session token a `Set-Cookie` value hands out, if it is the session cookie's
/// (an empty value clears the cookie: not a token).
fn session_cookie(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    let pair = text.split(';').next()?.trim();
    let (name, value) = pair.split_once('=')?;
    (name == SESSION_COOKIE && !value.is_empty()).then(|| value.to_string())
}

fn credentials(name: &str, password: &str) -> String {
    let c = Credentials {
        name: name.to_string(),
        password: password.to_string(),
        guest: None,
    };
    serde_json::to_string(&c).unwrap_or_default()
}

/// `POST /account/login`: a new session for `name`.
pub async fn login(
    server: &ServerOrigin,
    name: &str,
    password: &str,
) -> Result<SignedIn, AccountError> {
    let body = Some(credentials(name, password));
    let answer = call(server, Method::POST, "/account/login", body, None).await?;
    signed_in(answer, 200)
}

/// `POST /account/signup`: a new account `name`, signed in (its first session).
pub async fn sign_up(
    server: &ServerOrigin,
    name: &str,
    password: &str,
) -> Result<SignedIn, AccountError> {
    let body = Some(credentials(name, password));
    let answer = call(server, Method::POST, "/account/signup", body, None).await?;
    signed_in(answer, 201)
}

/// The session an answer of status `ok` hands out, or why there is none.
fn signed_in(answer: Answer, ok: u16) -> Result<SignedIn, AccountError> {
    if answer.status != ok {
        return Err(answer.refusal());
    }
    let token = answer
        .session
        .as_deref()
        .and_then(SessionToken::parse)
        .ok_or_else(|| AccountError::BadAnswer("no session cookie".into()))?;
    let Named { name } = answer
        .body()
        .ok_or_else(|| AccountError::BadAnswer(format!("no name in {:?}", answer.body)))?;
    Ok(SignedIn { name, token })
}

/// `GET /account/me`: the name of the account whose session `token` is, or
/// [`AccountError::SignedOut`] if the session has ended.
pub async fn whoami(server: &ServerOrigin, token: &SessionToken) -> Result<String, AccountError> {
    let answer = call(
        server,
        Method::GET,
        "/account/me",
        None,
        Some(Credential::Session(token)),
    )
    .await?;
    if answer.status != 200 {
        return Err(answer.refusal());
    }
    answer
        .body()
        .map(|me: Me| me.name)
        .ok_or_else(|| AccountError::BadAnswer(format!("no name in {:?}", answer.body)))
}

/// `POST /account/logout`: the session ends on the server.
pub async fn logout(server: &ServerOrigin, token: &SessionToken) -> Result<(), AccountError> {
    let answer = call(
        server,
        Method::POST,
        "/account/logout",
        None,
        Some(Credential::Session(token)),
    )
    .await?;
    match answer.status {
        200 | 204 => Ok(()),
        _ => Err(answer.refusal()),
    }
}

/// `POST /account/bot`: the signed-in account (`name`, its `password` asked again)
/// becomes a BOT, for good (docs/bot-api.md).
pub async fn make_bot(
    server: &ServerOrigin,
    token: &SessionToken,
    name: &str,
    password: &str,
) -> Result<(), AccountError> {
    let body = Some(credentials(name, password));
    let answer = call(
        server,
        Method::POST,
        "/account/bot",
        body,
        Some(Credential::Session(token)),
    )
    .await?;
    match answer.status {
        200 => Ok(()),
        _ => Err(answer.refusal()),
    }
}

/// `POST /account/tokens`: a new API token named `label` for the signed-in BOT; the
/// token itself, which the server shows this once.
pub async fn new_api_token(
    server: &ServerOrigin,
    token: &SessionToken,
    label: &str,
) -> Result<String, AccountError> {
    let new = NewToken {
        name: label.to_string(),
    };
    let body = Some(serde_json::to_string(&new).unwrap_or_default());
    let answer = call(
        server,
        Method::POST,
        "/account/tokens",
        body,
        Some(Credential::Session(token)),
    )
    .await?;
    if answer.status != 201 {
        return Err(answer.refusal());
    }
    answer
        .body()
        .map(|made: MadeToken| made.token)
        .ok_or_else(|| AccountError::BadAnswer("no token in the answer".into()))
}

/// `POST /arena/{arena}/join`: the signed-in account joins the arena (or comes back
/// to it after a pause); the server then pairs it into the arena's games on its
/// sockets (docs/arena.md). `arena` is an arena's id, letters and digits.
pub async fn join_arena(
    server: &ServerOrigin,
    token: &SessionToken,
    arena: &str,
) -> Result<(), AccountError> {
    arena_step(server, Credential::Session(token), arena, ArenaStep::Join).await
}

/// What a player asks of an arena ([`join_arena`], [`arena_as_bot`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaStep {
    /// `POST /arena/{id}/join`: join, or come back after a pause.
    Join,
    /// `POST /arena/{id}/pause`: no new games (the one being played goes on).
    Pause,
}

/// An arena's join or pause for a BOT's program, with its API token rather than a
/// session (docs/bot-api.md). Once joined, the BOT is paired on its sockets: each of
/// its games is announced with `joined` and no seat token, and resumed as the account.
pub async fn arena_as_bot(
    server: &ServerOrigin,
    api_token: &str,
    arena: &str,
    step: ArenaStep,
) -> Result<(), AccountError> {
    arena_step(server, Credential::Api(api_token), arena, step).await
}

/// `POST /arena/{arena}/join` or `/pause`, acting as `who`.
async fn arena_step(
    server: &ServerOrigin,
    who: Credential<'_>,
    arena: &str,
    step: ArenaStep,
) -> Result<(), AccountError> {
    let path = match step {
        ArenaStep::Join => format!("/arena/{arena}/join"),
        ArenaStep::Pause => format!("/arena/{arena}/pause"),
    };
    let answer = call(server, Method::POST, &path, None, Some(who)).await?;
    match answer.status {
        200 | 204 => Ok(()),
        _ => Err(answer.refusal()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_strictly() {
        let o = ServerOrigin::parse("http://Sea.Example:8080/").unwrap();
        assert_eq!(o.as_str(), "http://sea.example:8080");
        assert_eq!(o.authority(), "sea.example:8080");
        for bad in [
            "sea.example",
            "https://sea.example",
            "http://",
            "http://a/b",
        ] {
            assert!(
                matches!(ServerOrigin::parse(bad), Err(AccountError::BadAddress(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_token_is_never_shown() {
        let t = SessionToken::parse(&"ab".repeat(32)).unwrap();
        assert_eq!(format!("{t:?}"), "SessionToken(…)");
        assert_eq!(t.cookie(), format!("sb_session={}", "ab".repeat(32)));
        assert!(SessionToken::parse("abc").is_none());
        assert!(SessionToken::parse(&"zz".repeat(32)).is_none());
    }

    #[test]
    fn the_session_cookie_is_told_from_its_clearing() {
        let token = format!("sb_session={}; Path=/; HttpOnly", "0".repeat(64));
        let v = HeaderValue::from_str(&token).unwrap();
        assert_eq!(session_cookie(&v), Some("0".repeat(64)));
        let cleared = HeaderValue::from_static("sb_session=; Path=/; Max-Age=0");
        assert_eq!(session_cookie(&cleared), None);
        let other = HeaderValue::from_static("theme=dark");
        assert_eq!(session_cookie(&other), None);
    }

    #[test]
    fn refusals_are_read_by_status_and_code() {
        let answer = |status, retry_after, body: &str| Answer {
            status,
            retry_after,
            session: None,
            body: body.to_string(),
        };
        let wrong = r#"{"code":"wrong_credentials","message":"wrong name or password"}"#;
        assert_eq!(
            answer(401, None, wrong).refusal(),
            AccountError::WrongCredentials
        );
        let ended = r#"{"code":"signed_out","message":"the session ended"}"#;
        assert_eq!(answer(401, None, ended).refusal(), AccountError::SignedOut);
        let throttled = answer(429, Some(120), r#"{"code":"throttled"}"#).refusal();
        assert_eq!(
            throttled.to_string(),
            "too many failed attempts; try again in 120 s"
        );
        assert_eq!(
            answer(403, None, "forbidden").refusal(),
            AccountError::Refused {
                status: 403,
                message: "forbidden".into()
            }
        );
    }
}
