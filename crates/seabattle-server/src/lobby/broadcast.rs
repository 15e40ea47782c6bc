//! The lobby's ticker: every [`Config::lobby_every`](crate::config::Config::lobby_every)
//! the whole site's figures are gathered (in a cluster, every live node's), and sent
//! to the followers if they changed.

use crate::hub::SharedHub;
use crate::protocol::{LobbyJson, ServerMsg};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// This node's figures alone: its open games, then its players in the random queue
/// (one pool: a seeker is listed as an open game, and joining it pairs with them).
pub fn here(hub: &SharedHub) -> LobbyJson {
    let mut here = hub
        .lobby
        .here(hub.metrics.connections.load(Ordering::Relaxed));
    here.open.extend(hub.seekers.listed());
    here.open.truncate(super::MAX_LISTED);
    here
}

/// This node's figures with the others' added.
fn with(mut all: LobbyJson, others: Vec<LobbyJson>) -> LobbyJson {
    for o in others {
        all.online = all.online.saturating_add(o.online);
        all.playing = all.playing.saturating_add(o.playing);
        all.open.extend(o.open);
    }
    all.open.truncate(super::MAX_LISTED);
    all
}

/// The whole site's figures, for a tick: this node's, published on the way, and in a
/// cluster every other live node's as it last published them (kept for new followers).
async fn site(hub: &SharedHub) -> LobbyJson {
    let mine = here(hub);
    if hub.store.cluster().is_none() {
        return mine;
    }
    let (published, accounts) = (mine.clone(), hub.sockets.accounts());
    match hub
        .db(move |db| {
            db.cluster()
                .map_or(Ok(Vec::new()), |c| c.presence(&published, &accounts))
        })
        .await
    {
        Ok(others) => hub.lobby.set_elsewhere(others),
        Err(e) => tracing::warn!(error = %e, "the other nodes' lobby could not be read"),
    }
    with(mine, hub.lobby.elsewhere())
}

/// Starts the ticker.
pub fn start(hub: &SharedHub) {
    let hub = Arc::clone(hub);
    tokio::spawn(async move {
        let mut ticker = crate::ticker::Ticker::new(hub.config.lobby_every, &hub.closing);
        while ticker.next().await {
            let text = ServerMsg::Lobby(Box::new(site(&hub).await)).to_text();
            if let Some(to) = hub.lobby.changed(&text) {
                spread(&to, bytes::Bytes::from(text)).await;
            }
        }
    });
}

/// Followers sent to at once, and the pause before the next as many: ten thousand
/// followers hear within half a second, and the shots of the games between them are
/// never held up behind ten thousand writes.
const BATCH: usize = 500;
const PAUSE: std::time::Duration = std::time::Duration::from_millis(25);

/// Sends `text` to `to`, a batch at a time; every follower shares the one message.
async fn spread(to: &[crate::conn::Conn], text: bytes::Bytes) {
    for (i, batch) in to.chunks(BATCH).enumerate() {
        if i > 0 {
            tokio::time::sleep(PAUSE).await;
        }
        for c in batch {
            c.send_shared(text.clone());
        }
    }
}

/// `lobby`: `conn` follows the lobby from now, and is sent where it stands at once
/// (counting itself): this node now, the others as the last tick read them.
pub fn follow(hub: &SharedHub, conn: &crate::conn::Conn) {
    let now = with(here(hub), hub.lobby.elsewhere());
    hub.lobby
        .follow(conn, ServerMsg::Lobby(Box::new(now)).to_text());
}
