//! The queue for a random opponent on a lone server, one for guests and accounts:
//! seekers under the same rules are paired at once; a signed-in player under a preset
//! looks first for another rated seeker, paired by rating within a window that widens
//! the longer either has waited, as lichess's pools do, and after
//! [`CASUAL_AFTER_SECS`](crate::protocol::CASUAL_AFTER_SECS) meets anyone, unrated. Every seeker looks again every [`RETRY`](super::seeker::RETRY) and is offered the
//! computer once the server's queue wait has passed. A cluster's nodes share their
//! queue in the database instead ([`super::shared`]).

use super::pairing::start_random;
use super::seeker::{RatedAs, Seeker};
use crate::conn::Conn;
use crate::error::Failure;
use crate::hub::SharedHub;
use crate::protocol::{ErrorCode, ServerMsg};
use std::sync::Arc;
use std::time::Instant;

/// `queue`: pairs with a player waiting under the same rules, or waits. A signed-in
/// player under a preset plays rated unless `rated` is `Some(false)`; `Some(true)` from
/// a guest or under custom rules is refused, since it cannot be had.
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
    let rated = match (rated, conn.account(), rules.as_preset()) {
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
    };
    let me = Seeker::new(conn.clone(), rules, rated);
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
        return start_random(hub, [first, me], Some(reservation)).await;
    }
    me.tell_queued();
    tokio::spawn(wait(Arc::clone(hub), me));
    Ok(())
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
            if let Err(e) = start_random(&hub, seats, None).await {
                second.send(ServerMsg::from(e.into_client()).to_text());
            }
            return;
        }
        if !offered && now.duration_since(me.since) >= hub.config.queue_wait {
            offered = true;
            let offered = me.to_offer(&hub).await;
            me.offer_computer(now, offered);
        }
    }
}
