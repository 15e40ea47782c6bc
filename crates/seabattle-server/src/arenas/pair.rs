//! An arena's pair becomes a game: both seats are the players' accounts, away until
//! they come (a signed-in page takes its account's seat without a token), under the
//! arena's rules and clock; rated when the arena is, the rules are a preset and the
//! pair's daily limit of rated games allows. The game is in memory, its task running,
//! before its players hear of it; they are told on their sockets on every node (not
//! those playing another game), and the arena's JSON names it to any page that asks.

use super::store::StoredArena;
use crate::conn::Conn;
use crate::error::Failure;
use crate::game::play::to_stored;
use crate::game::room::{Mode, Room, RoomSetup, SeatSetup};
use crate::hub::SharedHub;
use crate::ids::{AccountId, GameId};
use crate::protocol::{Casual, Role, ServerMsg};
use seabattle_core::Player;

/// Makes the game of `one` (seat 1) and `two` (seat 2) in `arena`.
pub async fn start(
    hub: &SharedHub,
    arena: &StoredArena,
    one: AccountId,
    two: AccountId,
) -> Result<GameId, Failure> {
    let rules = hub
        .vetted
        .rules(&hub.work, &hub.config.limits, Some(&arena.rules))
        .await?;
    let preset = rules.as_preset();
    let mut setup = RoomSetup::new(rules, Mode::Random);
    setup.clock = Some(arena.clock);
    setup.place_within = Some(hub.config.arena_placement);
    setup.arena = Some(arena.id.clone());
    if arena.rated && preset.is_some() {
        let limit = hub.config.limits.rated_per_pair;
        if hub.db(move |db| db.may_rate_pair(one, two, limit)).await? {
            setup.rated = true;
        } else {
            setup.casual = Some(Casual::PairLimit);
        }
    }
    let shown = hub
        .db(move |db| Ok([db.shown_account(one, None)?, db.shown_account(two, None)?]))
        .await?;
    for (p, (account, shown)) in Player::BOTH
        .into_iter()
        .zip([one, two].into_iter().zip(shown))
    {
        setup.seats[p] = SeatSetup {
            token_hash: None,
            account: Some(account),
            name: shown.map(|s| s.name),
            away: true,
            move_limit: None,
        };
    }
    let room = Room::new(setup, &hub.config.bots);
    let id = room.id().clone();
    let stored = to_stored(&room);
    let (game, arena_id) = (id.to_string(), arena.id.clone());
    hub.db(move |db| {
        db.create(&stored)?;
        db.add_arena_game(&arena_id, &game, one, two)
    })
    .await?;
    crate::game::task::open(&hub.node, room);
    hub.metrics
        .games_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(arena = %arena.id, game = %id, "an arena's pair is playing");
    for (p, account) in [(Player::One, one), (Player::Two, two)] {
        // In a cluster every node tells the sockets it holds; alone, this one does.
        let told = {
            let game = id.clone();
            hub.db(move |db| {
                db.cluster()
                    .map(|c| c.tell_arena_paired(&game, account, p))
                    .transpose()
            })
            .await
        };
        match told {
            Ok(Some(())) => {}
            Ok(None) => announce(hub, &id, account, p).await,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "other nodes could not be told of an arena's pairing; telling this node's sockets");
                announce(hub, &id, account, p).await;
            }
        }
    }
    Ok(id)
}

/// Tells `account`'s sockets on this node that an arena paired it into `game`'s `seat`
/// (`joined`, with no seat token: the seat is the account's), but not a socket seated
/// in another game under way.
pub async fn announce(hub: &SharedHub, game: &GameId, account: AccountId, seat: Player) {
    let conns = hub.sockets.of(account);
    let busy = playing_elsewhere(hub, &conns, game).await;
    let text = ServerMsg::Joined {
        game: game.to_string(),
        role: Role::Player,
        seat: Some(seat),
        token: None,
        link: game.link(),
    }
    .to_text();
    for conn in conns {
        let elsewhere = conn
            .binding()
            .is_some_and(|b| b.seat.is_some() && busy.contains(&b.game));
        if !elsewhere {
            conn.send(text.clone());
        }
    }
}

/// The other games `conns` sit in that are still being played: a socket seated in one
/// of them is not told of the arena's game, so a page or a bridge's game is never taken
/// away from a game under way (its arena page, or its listening socket, hears of it).
/// Only the games the sockets sit in are asked about, one row each.
async fn playing_elsewhere(hub: &SharedHub, conns: &[Conn], arena_game: &GameId) -> Vec<GameId> {
    let mut seated: Vec<GameId> = conns
        .iter()
        .filter_map(Conn::binding)
        .filter(|b| b.seat.is_some() && b.game != *arena_game)
        .map(|b| b.game)
        .collect();
    seated.sort_unstable_by(|a, b| a.as_str().cmp(b.as_str()));
    seated.dedup();
    if seated.is_empty() {
        return seated;
    }
    let read = hub
        .db(move |db| {
            let mut busy = Vec::new();
            for g in seated {
                if db.in_play(&g)? {
                    busy.push(g);
                }
            }
            Ok(busy)
        })
        .await;
    read.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "an arena player's other games could not be read");
        Vec::new()
    })
}
