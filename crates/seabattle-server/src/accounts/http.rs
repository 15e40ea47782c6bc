//! The account endpoints, under `/account/` (docs/protocol.md, "Accounts"). Each takes
//! and gives JSON, and refuses with the wire's `{code, message}` ([`ApiError`]); those
//! that change state sit behind [`same_origin`], which checks the request's `Origin`
//! ([`super::origin`]) once for all of them. Hashing runs in the bounded pool's password
//! lane, under the client's share of it, so a flood of logins waits on itself and not
//! on anyone's game.

use super::name::AccountName;
use super::session::{self, LIFETIME_SECS};
use super::store::StoredAccount;
use super::throttle::{LOGINS_PER_ACCOUNT, LOGINS_PER_ADDRESS, SIGNUPS_PER_ADDRESS};
use super::{origin, password};
use crate::error::Failure;
use crate::error::StoreError;
use crate::guard::pace::TooFast;
use crate::guard::work::{CLIENT, Lane, Overrun};
use crate::hub::SharedHub;
use crate::ids::{AccountId, GameId, Learner, new_token, token_hash};
use crate::protocol::ErrorCode;
use crate::web::error::ApiError;
use crate::web::extract::{ClientAddr, CurrentAccount, Json};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
pub use seabattle_wire::account::Credentials;
use seabattle_wire::account::{Guest, Me, Named, NewName};
use std::time::Duration;

/// The most games a sign-in adopts at once.
const ADOPTED_GAMES: usize = 200;

/// What a sign-in adopts, checked: the guest and each game's id with its token's hash.
#[derive(Default)]
struct Adoption {
    learned_from: Option<Learner>,
    games: Vec<(GameId, String)>,
}

/// Checks what the guest sent before anything is done with the request.
fn adoption(guest: Guest) -> Result<Adoption, ApiError> {
    let bad = |m: String| ApiError::new(ErrorCode::BadRequest, m);
    let learned_from = match guest.player.as_deref() {
        Some(k) => Some(Learner::guest(
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
        let id = GameId::parse(&g.game)
            .ok_or_else(|| bad(format!("guest.games[{i}]: {:?} is no game id", g.game)))?;
        games.push((id, token_hash(&g.token)));
    }
    Ok(Adoption {
        learned_from,
        games,
    })
}

/// Gives `account` what the guest had (see [`Guest`]). Unfinished games are not
/// adopted here: their seat becomes the account's when it is resumed while signed in.
async fn adopt(hub: &SharedHub, account: AccountId, guest: Adoption) -> Result<(), ApiError> {
    let Adoption {
        learned_from,
        games,
    } = guest;
    let (fleets, adopted) = hub
        .db(move |db| {
            let fleets = match &learned_from {
                Some(from) => db.adopt_learned(from, &Learner::Account(account))?,
                None => 0,
            };
            let mut adopted = 0;
            for (id, hash) in &games {
                adopted += usize::from(db.adopt_game(id, hash, account)?);
            }
            Ok((fleets, adopted))
        })
        .await?;
    tracing::info!(
        account = %account,
        fleets,
        games = adopted,
        "a guest's data moved to their account"
    );
    Ok(())
}

/// A limit reached: `429 throttled` with `Retry-After`.
fn too_many(too: TooFast) -> ApiError {
    let secs = too.wait.as_secs().max(1);
    ApiError::new(
        ErrorCode::Throttled,
        format!("too many attempts; try again in {secs} s"),
    )
    .retry_after(secs)
}

/// The same answer for an unknown name and a wrong password.
fn wrong() -> ApiError {
    ApiError::new(ErrorCode::WrongCredentials, "wrong name or password")
}

/// Layered on every account route that changes state: a request from another site's
/// page is refused before its handler runs (see [`super::origin`]). A BOT's request
/// that carries its API token and no cookie is not a browser's: no page of another
/// site can set that header, so the rule does not apply to it.
pub async fn same_origin(State(hub): State<SharedHub>, req: Request, next: Next) -> Response {
    let by_token = crate::bot_accounts::bearer::token(req.headers()).is_some()
        && session::token(req.headers()).is_none();
    if by_token || origin::trusted(req.headers(), &hub.config.allowed_origins) {
        return next.run(req).await;
    }
    ApiError::new(
        ErrorCode::CrossSite,
        "cross-site request refused: send it from this server's page",
    )
    .into_response()
}

/// The longest a password's hashing may take, the wait for a hashing thread included:
/// a hash takes tens of milliseconds, so a login that waits longer is one of a flood.
const HASH_BUDGET: Duration = Duration::from_secs(1);

/// Runs password hashing in the pool's password lane under the client's share. Past
/// the lane's capacity the answer is `503` with `Retry-After`, not an endless wait.
async fn pooled<T: Send + 'static>(
    hub: &SharedHub,
    client: ClientAddr,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let budget = hub.config.limits.work_budget.min(HASH_BUDGET);
    CLIENT
        .scope(
            client.addr.ip(),
            hub.work.run(Lane::Password, budget, move |_| f()),
        )
        .await
        .map_err(|o| {
            let e = ApiError::from(o.refusal(what));
            if o == Overrun::Busy {
                e.retry_after(1)
            } else {
                e
            }
        })
}

/// Opens a session for `account` and answers `status` with its name and cookie.
async fn signed_in(
    hub: &SharedHub,
    account: &StoredAccount,
    status: StatusCode,
    tls: bool,
) -> Result<Response, ApiError> {
    let token = new_token();
    let (hash, id) = (token_hash(&token), account.id);
    let expires = crate::db::now_secs() + LIFETIME_SECS;
    hub.db(move |db| db.open_session(&hash, id, expires))
        .await?;
    let mut r = (
        status,
        axum::Json(Named {
            name: account.name.clone(),
        }),
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&session::set_cookie(&token, tls)) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(r)
}

/// The name, checked.
fn account_name(name: &str) -> Result<AccountName, ApiError> {
    AccountName::parse(name).map_err(|e| ApiError::new(ErrorCode::BadName, e.to_string()))
}

/// A name for a new account or a rename: checked, and refused if it contains a word
/// not allowed here (`crate::moderation::words`).
fn new_name(hub: &SharedHub, name: &str) -> Result<AccountName, ApiError> {
    let name = account_name(name)?;
    if hub.config.forbidden_words.forbids(name.shown()) {
        return Err(ApiError::new(
            ErrorCode::ForbiddenWord,
            format!(
                "the name {} contains a word not allowed here; choose another",
                name.shown()
            ),
        ));
    }
    Ok(name)
}

/// `POST /account/signup` `{"name", "password"}`: a new account, signed in.
pub async fn signup(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let name = new_name(&hub, &c.name)?;
    let guest = c.guest.map(adoption).transpose()?.unwrap_or_default();
    password::check(&c.password)
        .map_err(|e| ApiError::new(ErrorCode::BadPassword, e.to_string()))?;
    // Counted before the hash, so sign-ups sent at once cannot pass the limit together.
    let by_address = format!("signup {}", client.addr.ip());
    hub.throttle
        .take(&by_address, SIGNUPS_PER_ADDRESS)
        .map_err(too_many)?;
    let pass = c.password;
    let hashed = pooled(&hub, client, "hashing the password", move || {
        password::hash(&pass)
    })
    .await?
    .map_err(|e| Failure::Pool(e.to_string()))?;
    let (shown, key, h) = (
        name.shown().to_string(),
        name.key().to_string(),
        hashed.clone(),
    );
    let id = hub
        .db(move |db| db.create_account(&shown, &key, &h))
        .await?
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::NameTaken,
                format!("the name {} is taken", name.shown()),
            )
        })?;
    tracing::info!(account = %id, "account created");
    adopt(&hub, id, guest).await?;
    let account = StoredAccount {
        id,
        name: name.shown().to_string(),
        password_hash: hashed,
        bot: false,
    };
    signed_in(&hub, &account, StatusCode::CREATED, client.tls).await
}

/// Checks `name`'s password, throttled per address and per account: each attempt is
/// counted before its hash, and one that succeeds gives its count back.
async fn authenticate(
    hub: &SharedHub,
    client: ClientAddr,
    name: AccountName,
    pass: String,
) -> Result<StoredAccount, ApiError> {
    let by_address = format!("login {}", client.addr.ip());
    let by_account = format!("account {}", name.key());
    hub.throttle
        .take(&by_address, LOGINS_PER_ADDRESS)
        .map_err(too_many)?;
    if let Err(too) = hub.throttle.take(&by_account, LOGINS_PER_ACCOUNT) {
        hub.throttle.give_back(&by_address, LOGINS_PER_ADDRESS);
        return Err(too_many(too));
    }
    let key = name.key().to_string();
    let account = hub.db(move |db| db.account(&key)).await?;
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
    let Some(a) = account.filter(|_| ok) else {
        return Err(wrong());
    };
    hub.throttle.give_back(&by_address, LOGINS_PER_ADDRESS);
    hub.throttle.clear(&by_account);
    // Told only to whoever knows the password: a closed account is no secret to its
    // owner.
    let id = a.id;
    if hub
        .db(move |db| db.mod_account_by_id(id))
        .await?
        .is_some_and(|m| m.closed)
    {
        return Err(ApiError::new(
            ErrorCode::AccountClosed,
            format!("the account {} was closed by a moderator", a.name),
        ));
    }
    Ok(a)
}

/// `POST /account/login` `{"name", "password"}`: a new session.
pub async fn login(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    // A name that cannot exist is answered as any unknown name.
    let name = AccountName::parse(&c.name).map_err(|_| wrong())?;
    let guest = c.guest.map(adoption).transpose()?.unwrap_or_default();
    let account = authenticate(&hub, client, name, c.password).await?;
    adopt(&hub, account.id, guest).await?;
    signed_in(&hub, &account, StatusCode::OK, client.tls).await
}

/// The answer that signs the browser out: no content, and a cookie that forgets.
fn signed_out(tls: bool) -> Response {
    let mut r = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&session::clear_cookie(tls)) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// `GET /account/me`: the signed-in account's name, and whether it takes challenges
/// from BOTs.
pub async fn me(
    State(hub): State<SharedHub>,
    CurrentAccount(a): CurrentAccount,
) -> Result<axum::Json<Me>, ApiError> {
    let id = a.id;
    let (bot_challenges, moderator, notices) = hub
        .db(move |db| {
            Ok((
                db.takes_bot_challenges(id)?,
                db.is_moderator(id)?,
                db.take_notices(id)?,
            ))
        })
        .await?;
    Ok(axum::Json(Me {
        name: a.name,
        bot: a.bot,
        bot_challenges,
        moderator,
        notices,
    }))
}

/// `POST /account/rename` `{"name"}`: the new name of an account a moderator asked to
/// choose one (`must_rename` in `/account/me`'s notices). Its sockets reconnect under
/// the new name.
pub async fn rename(
    State(hub): State<SharedHub>,
    CurrentAccount(a): CurrentAccount,
    Json(n): Json<NewName>,
) -> Result<axum::Json<Named>, ApiError> {
    let name = new_name(&hub, &n.name)?;
    let (id, shown, key) = (a.id, name.shown().to_string(), name.key().to_string());
    let must = hub
        .db(move |db| db.mod_account_by_id(id))
        .await?
        .is_some_and(|m| m.must_rename);
    if !must {
        return Err(ApiError::new(
            ErrorCode::BadRequest,
            "an account is renamed only when a moderator asks it to",
        ));
    }
    let renamed = hub
        .db(move |db| match db.rename_account(id, &shown, &key) {
            Err(StoreError::Conflict { .. }) => Ok(false),
            other => other,
        })
        .await?;
    if !renamed {
        return Err(ApiError::new(
            ErrorCode::NameTaken,
            format!("the name {} is taken", name.shown()),
        ));
    }
    tracing::info!(account = %id, "account renamed as a moderator asked");
    hub.sign_out(id).await;
    Ok(axum::Json(Named {
        name: name.shown().to_string(),
    }))
}

/// `POST /account/logout`: this session ends.
pub async fn logout(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = session::token(&headers) {
        let hash = token_hash(&token);
        hub.db(move |db| db.close_session(&hash)).await?;
    }
    Ok(signed_out(client.tls))
}

/// `POST /account/logout-all`: every session of the account ends, on every device.
pub async fn logout_all(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    CurrentAccount(account): CurrentAccount,
) -> Result<Response, ApiError> {
    let id = account.id;
    let n = hub.db(move |db| db.close_sessions(id)).await?;
    tracing::info!(account = %id, sessions = n, "signed out everywhere");
    hub.sign_out(id).await;
    Ok(signed_out(client.tls))
}

/// The signed-in account `current`, its password asked again before an act that cannot
/// be undone (a deletion, becoming a BOT): a session left open on a shared computer
/// must not be enough.
pub(crate) async fn reauthenticate(
    hub: &SharedHub,
    client: ClientAddr,
    current: &StoredAccount,
    c: Credentials,
) -> Result<StoredAccount, ApiError> {
    let name = account_name(&c.name)?;
    let account = authenticate(hub, client, name, c.password).await?;
    if account.id != current.id {
        return Err(wrong());
    }
    Ok(account)
}

/// `POST /account/delete` `{"name", "password"}`: the account, its sessions and its
/// password hash are erased. The password is asked again: a session left open on a
/// shared computer must not be enough.
pub async fn delete(
    State(hub): State<SharedHub>,
    client: ClientAddr,
    CurrentAccount(current): CurrentAccount,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let account = reauthenticate(&hub, client, &current, c).await?;
    let id = account.id;
    hub.db(move |db| db.delete_account(id)).await?;
    tracing::info!(account = %id, "account deleted");
    hub.sign_out(id).await;
    Ok(signed_out(client.tls))
}
