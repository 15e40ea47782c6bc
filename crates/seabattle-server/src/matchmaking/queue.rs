//! The queue for a random opponent on a lone server, one for guests and accounts, and
//! one pool with the lobby: a seeker takes a fitting game opened in the lobby first,
//! and while it waits the lobby lists it among the open games, so anyone may join it.
//! Seekers under the same rules are paired at once; a signed-in player under a preset
//! looks first for another rated seeker, paired by rating within a window that widens
//! the longer either has waited, as lichess's pools do, and after
//! [`CASUAL_AFTER_SECS`](crate::protocol::CASUAL_AFTER_SECS) meets anyone, unrated.
//! Every seeker looks again every [`RETRY`](super::seeker::RETRY) and is offered the
//! computer once the server's queue wait has passed. A cluster's nodes share their
//! queue in the database instead ([`super::shared`]).

use super::pairing::start_random;
use super::seeker::{RatedAs, Seeker};
use crate::conn::Conn;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::protocol::{ErrorCode, ServerMsg};
use seabattle_core::Rules;
use std::sync::Arc;
use std::time::Instant;

/// `queue`: takes a fitting game open in the lobby, else pairs with a player waiting
/// under the same rules, or waits (listed in the lobby meanwhile). A signed-in player
/// under a preset plays rated unless `rated` is `Some(false)`; `Some(true)` from a
/// guest or under custom rules is refused, since it cannot be had.
pub async fn queue(
    hub: &SharedHub,
    conn: &Conn,
    rules: Option<&str>,
    rated: Option<bool>,
) -> Result<(), Failure> {
    crate::bot_accounts::not_a_bot(conn, "the queue")?;
    // Joining the queue may create a game (if someone waits): it counts as an attempt,
    // so two connections cannot make games without end by queueing in turn.
    let reservation = hub.addresses.may_create(conn.ip)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, rules)
        .await?;
    super::enter::leave(hub, conn).await;
    let rated = rated_as(hub, conn, &rules, rated).await?;
    let me = seeker(hub, conn, rules, rated).await;
    // One pool with the lobby: a game opened there under these rules, rated or casual
    // as this seeker plays, is taken first.
    for game in fitting_open_games(hub, &me) {
        if super::enter::join(hub, conn, &game, None).await.is_ok() {
            return Ok(());
        }
    }
    if hub.store.cluster().is_some() {
        return super::shared::queue(hub, me, reservation).await;
    }
    let partner = {
        let mut list = hub.seekers.lock();
        list.retain(|s| !s.conn.is_closed() && s.conn.id != conn.id);
        match pick(&list, &me, me.since) {
            Some(i) => Some(list.swap_remove(i)),
            None => {
                list.push(me.clone());
                None
            }
        }
    };
    // The one who waited sits in seat 1.
    if let Some(first) = partner {
        return start_random(&hub.node, [first, me], Some(reservation)).await;
    }
    me.tell_queued();
    tokio::spawn(wait(Arc::clone(hub), me));
    Ok(())
}

/// How `conn` plays under `rules`: rated for an account under a preset unless it asked
/// for casual (`Some(false)`); asking for rated where it cannot be had is refused.
async fn rated_as(
    hub: &SharedHub,
    conn: &Conn,
    rules: &Rules,
    rated: Option<bool>,
) -> Result<Option<RatedAs>, Failure> {
    Ok(match (rated, conn.account(), rules.as_preset()) {
        (Some(false), _, _) => None,
        (Some(true), None, _) => {
            return Err(Failure::refused(
                ErrorCode::NotRateable,
                "sign in to play rated games",
            ));
        }
        (Some(true), Some(_), None) => {
            return Err(Failure::refused(
                ErrorCode::NotRateable,
                "only games under a preset are rated; these rules are custom",
            ));
        }
        (_, Some(a), Some(preset)) => {
            let account = a.id;
            let rating = hub.db(move |db| db.rating(account, preset)).await?.rating;
            Some(RatedAs {
                account,
                preset,
                rating,
            })
        }
        _ => None,
    })
}

/// A seeker on `conn`, with its account as the lobby shows it (its name even if its
/// rating could not be read).
async fn seeker(hub: &SharedHub, conn: &Conn, rules: Rules, rated: Option<RatedAs>) -> Seeker {
    let preset = rules.as_preset();
    let mut me = Seeker::new(conn.clone(), rules, rated);
    if let Some(a) = conn.account() {
        let (id, name) = (a.id, a.name.clone());
        // A read that fails keeps nobody apart rather than keep the player from playing.
        me.apart = hub
            .db(move |db| db.kept_apart(id))
            .await
            .unwrap_or_default();
        me.shown = match hub.db(move |db| db.shown_account(id, preset)).await {
            Ok(Some(shown)) => Some(shown),
            _ => Some(seabattle_wire::SeatAccountJson {
                name,
                rating: None,
                provisional: false,
                bot: false,
            }),
        };
    }
    me
}

/// The lobby's open games `me` may take, the longest open first: the same rules, rated
/// if `me` plays rated and casual if not, opened by someone else.
fn fitting_open_games(hub: &SharedHub, me: &Seeker) -> Vec<String> {
    let rules = me.rules.to_string();
    let mine = me.conn.account().map(|a| a.name.as_str());
    let mut open = hub.lobby.here(0).open;
    open.extend(hub.lobby.elsewhere().into_iter().flat_map(|l| l.open));
    open.into_iter()
        .filter(|g| {
            !g.seeking
                && g.rules == rules
                && g.rated == me.rated.is_some()
                && (mine.is_none() || g.account.as_ref().map(|a| a.name.as_str()) != mine)
        })
        .map(|g| g.game)
        .collect()
}

/// `join` of a seeker the lobby lists (`public`, after
/// [`SEEKER_PREFIX`](super::seeker::SEEKER_PREFIX)): the two are paired at once, as
/// the queue would, the seeker in seat 1. Rated when the seeker plays rated and the
/// one who joins can (another account under the preset); casual otherwise, and told
/// why.
pub async fn join_seeker(hub: &SharedHub, conn: &Conn, public: &str) -> Result<(), Failure> {
    crate::bot_accounts::not_a_bot(conn, "the lobby")?;
    let gone = || {
        Failure::refused(
            ErrorCode::NotFound,
            "that player no longer waits: they were paired or left",
        )
    };
    let listed = format!("{}{public}", super::seeker::SEEKER_PREFIX);
    let listing = hub.seekers.listing(public).or_else(|| {
        hub.lobby
            .elsewhere()
            .into_iter()
            .flat_map(|l| l.open)
            .find(|g| g.seeking && g.game == listed)
    });
    let Some(listing) = listing else {
        return Err(gone());
    };
    // Checked on the listing, before anything is taken, on any node: one's own wait
    // in another tab is not an opponent.
    let mine = conn.account().map(|a| a.name.as_str());
    if mine.is_some() && listing.account.as_ref().map(|a| a.name.as_str()) == mine {
        return Err(Failure::refused(
            ErrorCode::NotFound,
            "that is you, waiting in another tab",
        ));
    }
    if let (Some(me), Some(shown)) = (conn.account().map(|a| a.id), listing.account.as_ref()) {
        if let Ok(name) = crate::accounts::name::AccountName::parse(&shown.name) {
            let key = name.key().to_string();
            if let Some(them) = hub.db(move |db| db.account(&key)).await? {
                crate::moderation::apart::refuse(hub, me, them.id, "join this player").await?;
            }
        }
    }
    let reservation = hub.addresses.may_create(conn.ip)?;
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, Some(&listing.rules))
        .await?;
    super::enter::leave(hub, conn).await;
    let rated = match (listing.rated, conn.account(), rules.as_preset()) {
        (true, Some(_), Some(_)) => rated_as(hub, conn, &rules, None).await?,
        _ => None,
    };
    let me = seeker(hub, conn, rules, rated).await;
    if hub.store.cluster().is_some() {
        return super::shared::join(hub, me, public, listing.rated, reservation).await;
    }
    let Some(first) = hub.seekers.take_public(public) else {
        return Err(gone());
    };
    start_random(&hub.node, [first, me], Some(reservation)).await
}

/// The seeker in `list` (other than `me`) that `me` may meet at `now`, nearest in
/// rating.
fn pick(list: &[Seeker], me: &Seeker, now: Instant) -> Option<usize> {
    list.iter()
        .enumerate()
        .filter(|(_, s)| me.meets(s, now))
        // A partner who plays the same way first, then the nearest in rating.
        .min_by(|a, b| {
            (me.mixed(a.1), me.gap(a.1))
                .partial_cmp(&(me.mixed(b.1), me.gap(b.1)))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .map(|(i, _)| i)
}

/// Looks again every [`RETRY`](super::seeker::RETRY) while `me` waits, with the window its waiting has
/// earned, and offers the computer once the server's queue wait has passed.
async fn wait(hub: SharedHub, me: Seeker) {
    let mut offered = false;
    loop {
        tokio::time::sleep(me.nap(hub.config.queue_wait, offered)).await;
        let now = Instant::now();
        let pair = {
            let mut list = hub.seekers.lock();
            list.retain(|s| !s.conn.is_closed());
            let Some(at) = list.iter().position(|s| s.conn.id == me.conn.id) else {
                // Paired by someone else, or left.
                return;
            };
            pick(&list, &list[at], now).map(|i| {
                let (mine, theirs) = (list[at].clone(), list[i].clone());
                list.retain(|s| s.conn.id != mine.conn.id && s.conn.id != theirs.conn.id);
                // The one who waited longer sits in seat 1.
                if theirs.since <= mine.since {
                    [theirs, mine]
                } else {
                    [mine, theirs]
                }
            })
        };
        if let Some(seats) = pair {
            let second = seats[1].conn.clone();
            if let Err(e) = start_random(&hub.node, seats, None).await {
                second.send(ServerMsg::from(e.into_client()).to_text());
            }
            return;
        }
        if !offered && now.duration_since(me.since) >= hub.config.queue_wait {
            offered = true;
            let offered = super::offer::for_seeker(&hub, &me).await;
            me.offer_computer(now, offered);
        }
    }
}
