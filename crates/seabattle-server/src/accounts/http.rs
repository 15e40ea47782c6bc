//! The account endpoints, under `/account/` (docs/protocol.md, "Accounts"). Each
//! takes and gives JSON; those that change state sit behind [`same_origin`], which
//! checks the request's `Origin` ([`super::origin`]) once for all of them. Hashing
//! runs in the bounded pool's password lane, under the client's share of it, so a flood
//! of logins waits on itself and not on anyone's game.

use super::name::AccountName;
use super::session::{self, LIFETIME_SECS};
use super::throttle::{FAILS_PER_ACCOUNT, FAILS_PER_ADDRESS, SIGNUPS_PER_ADDRESS};
use super::{origin, password};
use crate::accounts::store::StoredAccount;
use crate::error::Failure;
use crate::guard::work::{CLIENT, Lane, Overrun};
use crate::hub::SharedHub;
use crate::ids::{new_token, token_hash};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;

/// What sign-up, sign-in and deletion send.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
    /// What the guest had on this browser, to keep (sign-up and sign-in only).
    #[serde(default)]
    guest: Option<Guest>,
}

/// What a guest had on a browser, given to the account they sign up or in with: what
/// the computer learned under their player key, and the finished games whose seat
/// tokens the browser kept.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Guest {
    /// The browser's player key.
    #[serde(default)]
    player: Option<String>,
    /// Finished games and their seats' tokens.
    #[serde(default)]
    games: Vec<GuestGame>,
}

/// A game the guest played, with its seat's token.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GuestGame {
    game: String,
    token: String,
}

/// The most games a sign-in adopts at once.
const ADOPTED_GAMES: usize = 200;

/// What a sign-in adopts, checked: the hash of the guest's key and each game's id with
/// its token's hash.
#[derive(Default)]
struct Adoption {
    learned_from: Option<String>,
    games: Vec<(String, String)>,
}

/// Checks what the guest sent before anything is done with the request.
fn adoption(guest: Guest) -> Result<Adoption, BadCredentials> {
    let bad = |m: String| BadCredentials("bad_request", m);
    let learned_from = match guest.player.as_deref() {
        Some(k) => Some(crate::learning::player_hash(
            crate::protocol::player_key(k)
                .map_err(|e| bad(format!("guest.player: {}", e.message)))?,
        )),
        None => None,
    };
    if guest.games.len() > ADOPTED_GAMES {
        return Err(bad(format!(
            "guest.games: {} games, at most {ADOPTED_GAMES} at once",
            guest.games.len()
        )));
    }
    let mut games = Vec::with_capacity(guest.games.len());
    for (i, g) in guest.games.into_iter().enumerate() {
        if !crate::ids::is_game_id(&g.game) {
            return Err(bad(format!("guest.games[{i}]: {:?} is no game id", g.game)));
        }
        games.push((g.game, token_hash(&g.token)));
    }
    Ok(Adoption {
        learned_from,
        games,
    })
}

/// Gives `account` what the guest had (see [`Guest`]). Unfinished games are not
/// adopted here: their seat becomes the account's when it is resumed while signed in.
async fn adopt(hub: &SharedHub, account: i64, guest: Adoption) -> Result<(), Response> {
    let Adoption {
        learned_from,
        games,
    } = guest;
    let to = crate::ids::account_learner(account);
    let done = hub
        .db(move |db| {
            let fleets = match learned_from {
                Some(from) => db.adopt_learned(&from, &to)?,
                None => 0,
            };
            let mut adopted = 0;
            for (id, hash) in &games {
                adopted += usize::from(db.adopt_game(id, hash, account)?);
            }
            Ok((fleets, adopted))
        })
        .await;
    match done {
        Ok((fleets, games)) => {
            tracing::info!(
                account,
                fleets,
                games,
                "a guest's data moved to their account"
            );
            Ok(())
        }
        Err(e) => Err(failed(e.into())),
    }
}

/// A refusal: an HTTP status, a code the page translates, and words for anyone else.
fn refuse(status: StatusCode, code: &str, message: &str) -> Response {
    let body = json!({ "code": code, "message": message }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn too_many(wait: Duration) -> Response {
    let secs = wait.as_secs().max(1);
    let mut r = refuse(
        StatusCode::TOO_MANY_REQUESTS,
        "throttled",
        &format!("too many attempts; try again in {secs} s"),
    );
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    r
}

pub(crate) fn failed(f: Failure) -> Response {
    let e = f.into_client();
    refuse(StatusCode::SERVICE_UNAVAILABLE, "unavailable", &e.message)
}

/// The same answer for an unknown name and a wrong password.
fn wrong() -> Response {
    refuse(
        StatusCode::UNAUTHORIZED,
        "wrong_credentials",
        "wrong name or password",
    )
}

/// The request's client address and whether it came over TLS.
fn client(hub: &SharedHub, peer: SocketAddr, headers: &HeaderMap) -> (SocketAddr, bool) {
    let trusted = hub.config.trusted_proxies.contains(&peer.ip());
    let client = crate::guard::address::client_of(&hub.config.trusted_proxies, peer, headers);
    (client, session::over_tls(headers, trusted))
}

/// Layered on every account route that changes state: a request from another site's
/// page is refused before its handler runs (see [`super::origin`]).
pub async fn same_origin(State(hub): State<SharedHub>, req: Request, next: Next) -> Response {
    if origin::trusted(req.headers(), &hub.config.allowed_origins) {
        return next.run(req).await;
    }
    refuse(
        StatusCode::FORBIDDEN,
        "cross_site",
        "cross-site request refused: send it from this server's page",
    )
}

/// Why a body is not credentials: its code and words.
struct BadCredentials(&'static str, String);

impl IntoResponse for BadCredentials {
    fn into_response(self) -> Response {
        refuse(StatusCode::BAD_REQUEST, self.0, &self.1)
    }
}

fn credentials(body: &str) -> Result<(AccountName, String), BadCredentials> {
    credentials_and_guest(body).map(|(n, p, _)| (n, p))
}

fn credentials_and_guest(body: &str) -> Result<(AccountName, String, Adoption), BadCredentials> {
    let c: Credentials = serde_json::from_str(body).map_err(|e| {
        BadCredentials(
            "bad_request",
            format!("expected {{\"name\", \"password\"}} and optionally \"guest\": {e}"),
        )
    })?;
    let name =
        AccountName::parse(&c.name).map_err(|e| BadCredentials("bad_name", e.to_string()))?;
    let guest = c.guest.map(adoption).transpose()?.unwrap_or_default();
    Ok((name, c.password, guest))
}

/// The longest a password's hashing may take, the wait for a hashing thread included:
/// a hash takes tens of milliseconds, so a login that waits longer is one of a flood.
const HASH_BUDGET: Duration = Duration::from_secs(1);

/// Runs password hashing in the pool's password lane under the client's share. Past
/// the lane's capacity the answer is `503` with `Retry-After`, not an endless wait.
async fn pooled<T: Send + 'static>(
    hub: &SharedHub,
    client: SocketAddr,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let budget = hub.config.limits.work_budget.min(HASH_BUDGET);
    CLIENT
        .scope(
            client.ip(),
            hub.work.run(Lane::Password, budget, move |_| f()),
        )
        .await
        .map_err(|o| {
            let mut r = failed(o.refusal(what));
            if o == Overrun::Busy {
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(1));
            }
            r
        })
}

/// Opens a session for `account` and answers with its cookie.
async fn signed_in(
    hub: &SharedHub,
    account: &StoredAccount,
    status: StatusCode,
    tls: bool,
) -> Response {
    let token = new_token();
    let (hash, id) = (token_hash(&token), account.id);
    let expires = crate::db::now_secs() + LIFETIME_SECS;
    if let Err(e) = hub.db(move |db| db.open_session(&hash, id, expires)).await {
        return failed(e.into());
    }
    let body = json!({ "name": account.name }).to_string();
    let mut r = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    if let Ok(v) = HeaderValue::from_str(&session::set_cookie(&token, tls)) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// `POST /account/signup` `{"name", "password"}`: a new account, signed in.
pub async fn signup(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: String,
) -> Response {
    let (client, tls) = client(&hub, peer, &headers);
    let by_address = format!("signup {}", client.ip());
    if let Err(wait) = hub.throttle.check(&by_address, SIGNUPS_PER_ADDRESS) {
        return too_many(wait);
    }
    let (name, pass, guest) = match credentials_and_guest(&body) {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    if let Err(e) = password::check(&pass) {
        return refuse(StatusCode::BAD_REQUEST, "bad_password", &e.to_string());
    }
    let hashed = match pooled(&hub, client, "hashing the password", move || {
        password::hash(&pass)
    })
    .await
    {
        Ok(Ok(h)) => h,
        Ok(Err(e)) => return failed(Failure::Pool(e.to_string())),
        Err(r) => return r,
    };
    hub.throttle.note(&by_address);
    let (shown, key, h) = (
        name.shown().to_string(),
        name.key().to_string(),
        hashed.clone(),
    );
    let created = hub.db(move |db| db.create_account(&shown, &key, &h)).await;
    let id = match created {
        Ok(Some(id)) => id,
        Ok(None) => {
            return refuse(
                StatusCode::CONFLICT,
                "name_taken",
                &format!("the name {} is taken", name.shown()),
            );
        }
        Err(e) => return failed(e.into()),
    };
    tracing::info!(account = id, "account created");
    if let Err(r) = adopt(&hub, id, guest).await {
        return r;
    }
    let account = StoredAccount {
        id,
        name: name.shown().to_string(),
        password_hash: hashed,
    };
    signed_in(&hub, &account, StatusCode::CREATED, tls).await
}

/// Checks `name`'s password, throttled per address and per account. The account on
/// success; otherwise the response to send.
async fn authenticate(
    hub: &SharedHub,
    client: SocketAddr,
    name: AccountName,
    pass: String,
) -> Result<StoredAccount, Response> {
    let by_address = format!("login {}", client.ip());
    let by_account = format!("account {}", name.key());
    for (key, rule) in [
        (&by_address, FAILS_PER_ADDRESS),
        (&by_account, FAILS_PER_ACCOUNT),
    ] {
        hub.throttle.check(key, rule).map_err(too_many)?;
    }
    let key = name.key().to_string();
    let account = hub
        .db(move |db| db.account(&key))
        .await
        .map_err(|e| failed(e.into()))?;
    // An unknown name costs one hash too, so the two answers cannot be told apart by
    // their time either.
    let stored = account.as_ref().map_or_else(
        || password::decoy().to_string(),
        |a| a.password_hash.clone(),
    );
    let ok = pooled(hub, client, "checking the password", move || {
        password::verify(&pass, &stored)
    })
    .await?;
    match account {
        Some(a) if ok => {
            hub.throttle.clear(&by_account);
            Ok(a)
        }
        _ => {
            hub.throttle.note(&by_address);
            hub.throttle.note(&by_account);
            Err(wrong())
        }
    }
}

/// `POST /account/login` `{"name", "password"}`: a new session.
pub async fn login(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: String,
) -> Response {
    let (client, tls) = client(&hub, peer, &headers);
    let (name, pass, guest) = match credentials_and_guest(&body) {
        Ok(c) => c,
        // A name that cannot exist is answered as any unknown name.
        Err(BadCredentials("bad_name", _)) => return wrong(),
        Err(r) => return r.into_response(),
    };
    let account = match authenticate(&hub, client, name, pass).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Err(r) = adopt(&hub, account.id, guest).await {
        return r;
    }
    signed_in(&hub, &account, StatusCode::OK, tls).await
}

/// The account of the request's session.
pub(crate) async fn current(
    hub: &SharedHub,
    headers: &HeaderMap,
) -> Result<StoredAccount, Response> {
    let Some(token) = session::token(headers) else {
        return Err(refuse(
            StatusCode::UNAUTHORIZED,
            "signed_out",
            "not signed in",
        ));
    };
    let hash = token_hash(&token);
    match hub.db(move |db| db.session(&hash)).await {
        Ok(Some(a)) => Ok(a),
        Ok(None) => Err(refuse(
            StatusCode::UNAUTHORIZED,
            "signed_out",
            "the session ended; sign in again",
        )),
        Err(e) => Err(failed(e.into())),
    }
}

fn signed_out(tls: bool) -> Response {
    let mut r = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&session::clear_cookie(tls)) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// `GET /account/me`: the signed-in account's name.
pub async fn me(State(hub): State<SharedHub>, headers: HeaderMap) -> Response {
    match current(&hub, &headers).await {
        Ok(a) => (
            [(header::CONTENT_TYPE, "application/json")],
            json!({ "name": a.name }).to_string(),
        )
            .into_response(),
        Err(r) => r,
    }
}

/// `POST /account/logout`: this session ends.
pub async fn logout(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let (_, tls) = client(&hub, peer, &headers);
    if let Some(token) = session::token(&headers) {
        let hash = token_hash(&token);
        if let Err(e) = hub.db(move |db| db.close_session(&hash)).await {
            return failed(e.into());
        }
    }
    signed_out(tls)
}

/// `POST /account/logout-all`: every session of the account ends, on every device.
pub async fn logout_all(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let (_, tls) = client(&hub, peer, &headers);
    let account = match current(&hub, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let id = account.id;
    match hub.db(move |db| db.close_sessions(id)).await {
        Ok(n) => {
            tracing::info!(account = id, sessions = n, "signed out everywhere");
            signed_out(tls)
        }
        Err(e) => failed(e.into()),
    }
}

/// `POST /account/delete` `{"name", "password"}`: the account, its sessions and its
/// password hash are erased. The password is asked again: a session left open on a
/// shared computer must not be enough.
pub async fn delete(
    State(hub): State<SharedHub>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: String,
) -> Response {
    let (client, tls) = client(&hub, peer, &headers);
    let current = match current(&hub, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let (name, pass) = match credentials(&body) {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    let account = match authenticate(&hub, client, name, pass).await {
        Ok(a) if a.id == current.id => a,
        Ok(_) => return wrong(),
        Err(r) => return r,
    };
    let id = account.id;
    match hub.db(move |db| db.delete_account(id)).await {
        Ok(()) => {
            tracing::info!(account = id, "account deleted");
            signed_out(tls)
        }
        Err(e) => failed(e.into()),
    }
}
