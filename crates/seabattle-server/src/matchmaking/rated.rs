//! The rated queue: signed-in players waiting under the same preset are paired by
//! rating, within a window that widens the longer either has waited, as lichess's
//! pools do. Guests, and games under custom rules, go to the plain queue, unrated.
//!
//! This is a lone server's rated queue, in memory. A cluster's nodes share theirs in
//! the database instead (`lobby::queue_shared`, the store's rated lanes).

use crate::conn::Conn;
use crate::error::Failure;
use crate::guard::address::Reservation;
use crate::hub::{SharedHub, Waiter};
use crate::matchmaking::pairing::start_random;
use crate::protocol::ServerMsg;
use seabattle_core::Rules;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a waiter looks again with its widened window.
pub const RETRY: Duration = Duration::from_secs(2);

/// Who asks for a rated game.
pub struct Seeker {
    /// Their connection.
    pub conn: Conn,
    /// Their account.
    pub account: i64,
    /// The preset they play.
    pub preset: &'static str,
}

/// The rating difference accepted once the longer waiter of a pair has waited
/// `waited`.
pub fn window(waited: Duration) -> f64 {
    crate::ratings::glicko::window(waited.as_secs_f64())
}

/// The waiter in `queue` (other than `me`) that `me` may meet now, nearest in rating.
fn pick(queue: &[Waiter], me: &Waiter, now: Instant) -> Option<usize> {
    let mine = now.duration_since(me.since);
    queue
        .iter()
        .enumerate()
        .filter(|(_, w)| {
            w.conn.id != me.conn.id
                && w.account != me.account
                && w.preset == me.preset
                && !w.conn.is_closed()
        })
        .map(|(i, w)| (i, (w.rating - me.rating).abs(), now.duration_since(w.since)))
        .filter(|&(_, gap, theirs)| gap <= window(mine.max(theirs)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, ..)| i)
}

/// `queue` for a signed-in player under a preset: paired at once with the nearest
/// rating in the window, or waits and looks again as the window widens.
pub async fn queue(
    hub: &SharedHub,
    seeker: Seeker,
    rules: Rules,
    reservation: Reservation,
) -> Result<(), Failure> {
    let (account, preset) = (seeker.account, seeker.preset);
    let rating = hub.db(move |db| db.rating(account, preset)).await?.rating;
    let me = Waiter {
        conn: seeker.conn,
        account,
        preset,
        rules: rules.clone(),
        rating,
        since: Instant::now(),
    };
    let partner = {
        let mut q = hub.rated.lock().unwrap_or_else(|p| p.into_inner());
        q.retain(|w| !w.conn.is_closed() && w.conn.id != me.conn.id);
        match pick(&q, &me, me.since) {
            Some(i) => Some(q.swap_remove(i)),
            None => {
                q.push(me.clone());
                None
            }
        }
    };
    if let Some(w) = partner {
        return start_random(hub, rules, [w.conn, me.conn], true, Some(reservation)).await;
    }
    me.conn.send(
        ServerMsg::Queued {
            rules: rules.to_string(),
            rated: true,
        }
        .to_text(),
    );
    tokio::spawn(wait(Arc::clone(hub), me));
    Ok(())
}

/// Looks again every [`RETRY`] while `me` waits, with the window its waiting has
/// earned, and offers the computer once the server's queue wait has passed.
async fn wait(hub: SharedHub, me: Waiter) {
    let mut offered = false;
    loop {
        tokio::time::sleep(RETRY).await;
        let now = Instant::now();
        let pair = {
            let mut q = hub.rated.lock().unwrap_or_else(|p| p.into_inner());
            q.retain(|w| !w.conn.is_closed());
            let Some(at) = q.iter().position(|w| w.conn.id == me.conn.id) else {
                // Paired by someone else, or left.
                return;
            };
            let me = q[at].clone();
            match pick(&q, &me, now) {
                Some(i) => {
                    let other = q[i].clone();
                    q.retain(|w| w.conn.id != me.conn.id && w.conn.id != other.conn.id);
                    // The one who waited longer sits in seat 1, as in the plain queue.
                    Some(if other.since <= me.since {
                        [other, me]
                    } else {
                        [me, other]
                    })
                }
                None => None,
            }
        };
        if let Some([first, second]) = pair {
            let rules = first.rules.clone();
            if let Err(e) =
                start_random(&hub, rules, [first.conn, second.conn.clone()], true, None).await
            {
                second.conn.send(ServerMsg::from(e.into_client()).to_text());
            }
            return;
        }
        if !offered && now.duration_since(me.since) >= hub.config.queue_wait {
            offered = true;
            me.conn.send(
                ServerMsg::QueueOffer {
                    rules: me.rules.to_string(),
                    waited_secs: now.duration_since(me.since).as_secs(),
                }
                .to_text(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_widens_with_waiting_up_to_its_cap() {
        assert_eq!(window(Duration::ZERO), crate::ratings::glicko::WINDOW_START);
        assert_eq!(window(Duration::from_secs(10)), 300.0);
        assert_eq!(
            window(Duration::from_secs(3600)),
            crate::ratings::glicko::WINDOW_MAX
        );
    }
}
