//! Nobody waits alone (issue 40): what a rated seeker alone in the queue is offered
//! after the wait, the opponent nearest in rating among the computer's levels and the
//! BOT accounts online now (on any node) that have room for another game. The player
//! chooses: a level's game is made at once (`new_game` with the level), a BOT is
//! challenged (`challenge`) and answers by its own policy, and the seeker stays in the
//! queue until it does. A BOT that declines or does not answer leaves the seeker offered
//! the nearest level ([`after_bot_said_no`]): a level is always there.

use crate::hub::SharedHub;
use crate::ids::AccountId;
use crate::protocol::SeatAccountJson;
use seabattle_core::Preset;
use std::collections::HashSet;

/// The most online BOTs weighed for one offer.
const MOST_BOTS: usize = 100;

pub use super::seeker::Offered;

/// What to offer `me`, if it plays rated: the nearest level or online BOT.
pub async fn for_seeker(hub: &SharedHub, me: &super::seeker::Seeker) -> Option<Offered> {
    let r = me.rated.as_ref()?;
    nearest(hub, r.preset, r.rating, r.account).await
}

/// The opponent nearest to `rating` under `preset` for `me`: a BOT online now when one
/// is at least as near as the nearest level (a BOT is an opponent of the ladder the
/// site wants people to meet; a level is always there when it declines), else the
/// level.
pub async fn nearest(
    hub: &SharedHub,
    preset: Preset,
    rating: f64,
    me: AccountId,
) -> Option<Offered> {
    use crate::levels::gap;
    let level = crate::levels::nearest(&hub.node, &hub.levels, preset, rating).await;
    let bot = nearest_bot(hub, preset, rating, me).await;
    match (level, bot) {
        (Some((l, ls)), Some(b)) if gap(&ls, rating) < gap(&b, rating) => {
            Some(Offered::Level(l, ls))
        }
        (_, Some(b)) => Some(Offered::Bot(b)),
        (Some((l, ls)), None) => Some(Offered::Level(l, ls)),
        (None, None) => None,
    }
}

/// Offers the seeker waiting on connection `conn` the level nearest in rating, after the
/// BOT it was offered and challenged declined or did not answer. Nothing when that
/// connection no longer waits or plays unrated.
pub async fn after_bot_said_no(hub: &SharedHub, conn: u64) {
    let me = hub
        .seekers
        .lock()
        .iter()
        .find(|s| s.conn.id == conn)
        .cloned();
    let Some(me) = me else { return };
    let Some(r) = me.rated.as_ref() else { return };
    if let Some((l, shown)) =
        crate::levels::nearest(&hub.node, &hub.levels, r.preset, r.rating).await
    {
        me.offer_computer(std::time::Instant::now(), Some(Offered::Level(l, shown)));
    }
}

/// The online BOT nearest in rating with room for a game, if any. BOT accounts are
/// few: they are read, then kept if a socket of theirs is open here or on another live
/// node (the levels have none, so they drop out).
async fn nearest_bot(
    hub: &SharedHub,
    preset: Preset,
    rating: f64,
    me: AccountId,
) -> Option<SeatAccountJson> {
    let here: HashSet<AccountId> = hub.sockets.accounts().into_iter().collect();
    let (most, since) = (i64::from(hub.config.bot_games), 24 * 3600);
    let found = hub
        .db(move |db| {
            let elsewhere: HashSet<AccountId> = match db.cluster() {
                Some(c) => c.accounts_elsewhere()?.into_iter().collect(),
                None => HashSet::new(),
            };
            let mut shown = Vec::new();
            let online = db
                .bot_accounts()?
                .into_iter()
                .filter(|a| *a != me && (here.contains(a) || elsewhere.contains(a)));
            for a in online.take(MOST_BOTS) {
                if db.games_in_play(a, since)? >= most {
                    continue;
                }
                shown.extend(db.shown_account(a, Some(preset))?);
            }
            Ok(shown)
        })
        .await
        .map_err(|e| tracing::warn!(error = %e, "the BOTs online could not be read"))
        .ok()?;
    found
        .into_iter()
        .min_by(|a, b| crate::levels::gap(a, rating).total_cmp(&crate::levels::gap(b, rating)))
}
