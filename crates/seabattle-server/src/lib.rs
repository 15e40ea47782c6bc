//! The Sea Battle («Морской бой») game server: axum on tokio, a WebSocket per player,
//! games against the computer, a friend by code, or a random opponent, with spectators
//! and rematches. The server is the referee: it holds both fleets, answers every shot
//! through [`seabattle_core::Game`], commits to each fleet with SHA-256 at the start and
//! reveals it at the end, and stores every move (SQLite by default, or PostgreSQL)
//! before acknowledging it, so games survive reconnects and restarts.
//!
//! The protocol is in `docs/protocol.md`. Start a server with [`launch`]:
//!
//! ```no_run
//! # async fn run() -> Result<(), seabattle_server::ServerError> {
//! use seabattle_server::{Config, DbUrl, launch};
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let server = launch(listener, Config::new("sqlite:///tmp/sb.db".parse::<DbUrl>()?)).await?;
//! println!("listening on {}", server.addr());
//! server.shutdown().await
//! # }
//! ```

mod accounts;
mod advice;
mod analysis;
mod arenas;
mod bot_accounts;
mod bus;
mod challenges;
mod cluster;
mod config;
mod conn;
mod daily;
mod db;
mod erase;
mod error;
mod game;
mod guard;
mod hub;
mod ids;
mod learning;
mod levels;
mod lobby;
mod matchmaking;
mod metrics;
mod moderation;
mod node;
pub mod protocol;
pub mod ratings;
mod ticker;
mod web;

pub use accounts::store::StoredAccount;
pub use analysis::{analyse_record, seed_of as analysis_seed};
pub use arenas::schedule::{DEFAULT as ARENA_SCHEDULE, Schedule as ArenaSchedule};
pub use cluster::{Claim, Cluster, LEASE, MAX_DRIFT, Pairing};
pub use config::{Config, DbUrl, Limits};
pub use daily::day::DailyClock;
pub use db::backup::{Copied, backup};
pub use db::{Store, StoreError};
pub use error::ServerError;
pub use game::group::{CommitCounts, GroupCommit};
pub use game::stored::{Append, MoveKind, StoredGame, StoredMove};
pub use ids::{AccountId, GameId, Learner};
pub use moderation::act::{Act as ModAct, Actor as ModActor, ModerationError};
pub use moderation::operator::{arena_name as mod_arena_name, operate as moderate_as_operator};
pub use moderation::words::{ForbiddenWords, WordsError};
pub use ratings::store::RatedGame;
/// A date (UTC) from seconds since the epoch, as `2026-11-25`.
pub use web::players::html::date as utc_date;
pub use web::players::store::{AccountGame, GameList, Sitter};

/// Opens (and creates, migrating to the latest schema) the store at `url`; see
/// [`Store::open`].
pub fn open_store(url: &DbUrl, node: &str) -> Result<std::sync::Arc<Store>, StoreError> {
    Store::open(url, node)
}

use accounts as account;
use axum::Router;
use axum::routing::{get, post};
use hub::{Hub, SharedHub};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use web::{http, install, players, qr, ws};

/// The one route table.
/// The features that hear the games' events, in the order they hear them: the rating
/// first, since the result told to the players carries its change.
fn subscribe(hub: &SharedHub) {
    let bus = &hub.node.bus;
    // Weak: the bus is the node's, and a subscriber holding the node would keep it alive.
    let node = Arc::downgrade(&hub.node);
    let levels = Arc::clone(&hub.levels);
    bus.subscribe(Arc::new(ratings::ended::Rater::new(node.clone(), levels)));
    let runner = Arc::clone(&hub.arenas);
    bus.subscribe(Arc::new(arenas::ear::Arenas::new(node.clone(), runner)));
    bus.subscribe(Arc::new(learning::ear::Learning::new(node.clone())));
    bus.subscribe(Arc::new(moderation::chat_log::ChatLog::new(node)));
    bus.subscribe(Arc::new(lobby::tally::Tally::new(Arc::clone(&hub.lobby))));
}

fn router(hub: SharedHub) -> Router {
    Router::new()
        .route("/", get(http::index))
        .route("/protocol.md", get(http::protocol))
        .route("/healthz", get(http::health))
        .route("/readyz", get(http::ready))
        .route("/metrics", get(http::metrics))
        .route("/ws", get(ws::upgrade))
        .route("/g/{id}", get(http::game_link))
        .route("/qr.svg", get(qr::qr_svg))
        .route("/replay/{id}", get(http::replay))
        .route("/assets/{name}", get(http::asset))
        .route("/sw.js", get(install::worker))
        .route("/manifest.webmanifest", get(install::manifest_route))
        .route("/favicon.ico", get(install::favicon))
        .merge(account_routes(&hub))
        .merge(daily::routes(&hub))
        .merge(arenas::routes(&hub))
        .merge(moderation::http::routes(&hub))
        .route("/account/me", get(account::http::me))
        .route("/account/tokens", get(bot_accounts::tokens))
        .route("/account/games", get(players::mine::games))
        .route("/top", get(players::top::top))
        .route("/lang/{code}", get(players::html::choose))
        .route("/u/{name}", get(players::profile::profile))
        .route("/games/{id}/record.json", get(http::record_json))
        .route("/games/{id}/record.txt", get(http::record_text))
        .route("/games/{id}/analysis.json", get(http::analysis_json))
        .route("/games/{id}/frames.json", get(http::frames_json))
        .layer(axum::middleware::map_response(http::secure))
        .with_state(hub)
}

/// The largest body an account route reads.
const ACCOUNT_BODY: usize = 64 << 10;

/// The account routes that change state, behind the origin check.
fn account_routes(hub: &SharedHub) -> Router<SharedHub> {
    use account::http::{delete, login, logout, logout_all, rename, same_origin, signup};
    Router::new()
        .route("/account/signup", post(signup))
        .route("/account/login", post(login))
        .route("/account/logout", post(logout))
        .route("/account/logout-all", post(logout_all))
        .route("/account/delete", post(delete))
        .route("/account/rename", post(rename))
        .route("/account/bot", post(bot_accounts::make_bot))
        .route("/account/tokens", post(bot_accounts::add_token))
        .route("/account/tokens/revoke", post(bot_accounts::revoke))
        .route(
            "/account/bot-challenges",
            post(bot_accounts::bot_challenges),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            Arc::clone(hub),
            same_origin,
        ))
        // Credentials and a guest's games are a few kilobytes: a larger body is refused
        // before it is read whole (`413 too_large`).
        .layer(axum::extract::DefaultBodyLimit::max(ACCOUNT_BODY))
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    store: String,
    hub: SharedHub,
    stop: watch::Sender<bool>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where it stores games, for logs.
    pub fn store(&self) -> &str {
        &self.store
    }

    /// Games held in memory now.
    pub fn games_held(&self) -> usize {
        self.hub.rooms_held()
    }

    /// The node's name, when the server is one node of a cluster (PostgreSQL).
    pub fn node(&self) -> Option<&str> {
        self.hub.store.cluster().map(|c| c.name())
    }

    /// Before a node of a cluster stops: `/readyz` fails at once, so the proxy sends
    /// nobody new here; after `wait` (the proxy's checks have seen it), every game
    /// here is let go and its players reconnect to other nodes, which take the games
    /// at once. With SQLite there is nobody to hand over to, and this returns at once.
    pub async fn drain(&self, wait: Duration) {
        if self.hub.store.cluster().is_none() {
            return;
        }
        self.hub
            .draining
            .store(true, std::sync::atomic::Ordering::Relaxed);
        tokio::time::sleep(wait).await;
        cluster::drain(&self.hub.node).await;
    }

    /// Stops accepting, closes every WebSocket, and waits (up to five seconds) for the
    /// server to wind down. Every acknowledged move is already stored.
    pub async fn shutdown(self) -> Result<(), ServerError> {
        let _ = self.stop.send(true);
        match tokio::time::timeout(Duration::from_secs(5), self.task).await {
            Ok(Ok(r)) => r.map_err(ServerError::Io),
            Ok(Err(_)) | Err(_) => Ok(()),
        }
    }
}

/// Opens the store named in `config` (creating and migrating it) and serves on
/// `listener` until [`Server::shutdown`].
pub async fn launch(listener: TcpListener, config: Config) -> Result<Server, ServerError> {
    let url = config.db.clone();
    let node = config.node.clone();
    let store = tokio::task::spawn_blocking(move || Store::open(&url, &node))
        .await
        .map_err(|e| {
            ServerError::Store(StoreError::Unavailable {
                what: "the storage task",
                source: Some(Arc::new(e)),
            })
        })??;
    // The page's files are compressed once, before any request waits for them.
    let _ = tokio::task::spawn_blocking(http::warm).await;
    let (stop, closing) = watch::channel(false);
    let described = store.describe();
    let moves = GroupCommit::start(Arc::clone(&store), config.commit_window)?;
    let node = Arc::new(node::Node::new(config, store, moves, closing.clone()));
    let hub = Arc::new(Hub::new(node));
    subscribe(&hub);
    let addr = listener.local_addr()?;
    let app = router(Arc::clone(&hub));
    game::sweep::start(Arc::clone(&hub.node));
    account::session::start_sweep(Arc::clone(&hub.node));
    moderation::chat_log::start_sweep(Arc::clone(&hub.node));
    moderation::operator_watch::start(&hub);
    cluster::start(&hub).await?;
    levels::start(&hub.node, &hub.levels).await?;
    lobby::broadcast::start(&hub);
    daily::start(&hub);
    arenas::runner::start(&hub);
    let mut closing = closing;
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = closing.wait_for(|c| *c).await;
        })
        .await
    });
    Ok(Server {
        addr,
        store: described,
        hub,
        stop,
        task,
    })
}
