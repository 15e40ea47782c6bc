//! Arena tournaments (issue 41), as lichess runs them: for a set time, every player who
//! is there is paired again as soon as their game ends; a win is 2 points, a streak of
//! wins doubles them, and a berserk player (half their own clock) earns one more for a
//! win that took some shooting. The scoring and the pairing are the
//! `seabattle-tournament` crate's; this module keeps arenas in storage ([`store`]), runs
//! them ([`runner`], one node at a time under a lease), makes their games ([`pair`]),
//! counts their standings from the stored games ([`standings`]), makes the operator's
//! schedule ([`schedule`]) and serves them ([`http`]).
//!
//! An arena's game is an ordinary game between two accounts (mode `random`) with the
//! arena's clock; the game's actor tells its end here ([`game_over`]), and takes two
//! messages of the arena's own: a no-show ([`no_show`]) and berserk ([`berserk`]).

pub mod http;
pub mod pair;
pub mod profile;
pub mod runner;
pub mod schedule;
pub mod standings;
pub mod store;
mod wake;

use crate::db::Store;
use crate::error::{Failure, StoreError};
use crate::game::room::{Mode, Room};
use crate::hub::SharedHub;
use crate::protocol::ErrorCode;
use seabattle_core::{Move, Phase, Player};
use store::GameEnd;

pub use http::routes;

pub use crate::game::msg::NoShown;
pub use wake::Tournaments;

/// Whether the game is one an arena could have made: between two accounts, paired.
fn maybe_arenas(room: &Room) -> bool {
    *room.mode() == Mode::Random && Player::BOTH.iter().all(|&p| room.seat(p).account.is_some())
}

/// The shots each seat fired.
fn shots(room: &Room) -> [u32; 2] {
    let mut n = [0u32; 2];
    for m in room.game().moves() {
        if let Move::Volley { player, shots } = m {
            n[player.index()] =
                n[player.index()].saturating_add(u32::try_from(shots.len()).unwrap_or(u32::MAX));
        }
    }
    n
}

/// A game that ended: if it is an arena's, its end is noted there (the standings count
/// it) and the runner woken to pair its players again.
pub async fn game_over(hub: &SharedHub, room: &mut Room) {
    let Some(end) = arena_end(room) else {
        return;
    };
    ended(hub, room.id().to_string(), end).await;
}

/// How the game ended, if an arena could have made it.
fn arena_end(room: &Room) -> Option<GameEnd> {
    if !maybe_arenas(room) {
        return None;
    }
    let (winner, reason) = room.table().ending()?;
    Some(GameEnd {
        winner: Some(winner),
        shots: shots(room),
        reason: reason.word().to_string(),
    })
}

pub(super) async fn ended(hub: &SharedHub, game: String, end: GameEnd) {
    let id = game.clone();
    match hub.db(move |db| db.end_arena_game(&game, &end)).await {
        Ok(Some(arena)) => {
            tracing::info!(arena = %arena, game = %id, "an arena's game ended");
            hub.tournaments.wake();
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(game = %id, error = %e, "an arena's game end could not be noted"),
    }
}

/// The arena's no-show, in the game's actor: see [`NoShown`]. The game is closed
/// unfinished rather than resigned for the absent seat: a game with a fleet missing has
/// no record to end with; the arena notes who won.
pub async fn no_show(hub: &SharedHub, room: &mut Room) -> NoShown {
    if room.game().phase() != Phase::Placement {
        return NoShown::Started;
    }
    let absent: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|&p| !room.game().has_placed(p))
        .collect();
    let (done, winner, why) = verdict(room, &absent);
    if done == NoShown::Started {
        return done;
    }
    tracing::info!(game = %room.id(), "{why}");
    let notice = crate::protocol::ServerMsg::NoShow {
        game: room.id().to_string(),
        absent,
    };
    crate::game::expire::close_telling(hub, room, notice).await;
    let end = GameEnd {
        winner,
        shots: [0, 0],
        reason: "no_show".into(),
    };
    ended(hub, room.id().to_string(), end).await;
    done
}

/// What a no-show of the `absent` seats makes of the game: the result, the winner and
/// what the players are told.
fn verdict(room: &Room, absent: &[Player]) -> (NoShown, Option<Player>, String) {
    let name = |p: Player| {
        room.seat(p)
            .name
            .clone()
            .unwrap_or_else(|| format!("player {}", p.number()))
    };
    match absent {
        [] => (NoShown::Started, None, String::new()),
        &[p] => (
            NoShown::Forfeited(p),
            Some(p.other()),
            format!(
                "{} placed no fleet in time: the arena counts game {} as a win for {}",
                name(p),
                room.id(),
                name(p.other())
            ),
        ),
        _ => (
            NoShown::Closed,
            None,
            format!(
                "neither player placed a fleet in time: game {} was closed and counts for nobody",
                room.id()
            ),
        ),
    }
}

/// Seat `seat` of an arena's game goes berserk, before it fires its first shot: its own
/// clock is halved for the game (the arena counts +1 for a win that took some shooting).
pub async fn berserk(hub: &SharedHub, room: &mut Room, seat: Player) -> Result<u32, Failure> {
    let refuse = |why: &str| Err(Failure::refused(ErrorCode::NoBerserk, why.to_string()));
    if room.game().phase() == Phase::Over {
        return refuse("the game is over");
    }
    if shots(room)[seat.index()] > 0 {
        return refuse("berserk is chosen before your first shot");
    }
    let id = room.id().to_string();
    let key = id.clone();
    let Some((_, clock)) = hub.db(move |db| db.arena_game(&key)).await? else {
        return refuse("only an arena's games have berserk");
    };
    let half = (clock / 2).max(1);
    if !hub.db(move |db| db.set_berserk(&id, seat)).await? {
        return refuse("the game is over");
    }
    room.seat_mut(seat).move_limit = Some(half);
    if room.clock().running_for == Some(seat) {
        crate::game::clock::arm(room, seat);
    }
    Ok(half)
}

/// A rebuilt arena's game gets back its berserk seats' half clocks.
pub fn restore(store: &Store, room: &mut Room) -> Result<(), StoreError> {
    if !maybe_arenas(room) {
        return Ok(());
    }
    let Some((game, clock)) = store.arena_game(room.id().as_str())? else {
        return Ok(());
    };
    for p in Player::BOTH {
        if game.berserk[p.index()] {
            room.seat_mut(p).move_limit = Some((clock / 2).max(1));
        }
    }
    Ok(())
}
