//! An arena's standings, counted from its stored games every time (never stored
//! themselves, so they always match the games): each player's results in the order
//! their games ended, scored by `seabattle-arena`'s sheet, ranked; and the waiting
//! players handed to its pairing.

use super::store::{ArenaGame, ArenaPlayer};
use crate::ids::AccountId;
use seabattle_core::Player;
pub use seabattle_wire::arena::{PointJson, RowJson};
use std::collections::HashMap;

/// A player's row.
#[derive(Clone, Debug)]
pub struct Row {
    /// The account.
    pub account: AccountId,
    /// Its name.
    pub name: String,
    /// Whether it is a BOT.
    pub bot: bool,
    /// Its rating under the arena's preset, rounded (1500 before its first rated game).
    pub rating: i32,
    /// Whether that rating is still provisional (shown with «?», as at the board).
    pub provisional: bool,
    /// Its place, from 1.
    pub rank: u32,
    /// Its points.
    pub score: u32,
    /// On a streak ("on fire"): its next win counts double.
    pub fire: bool,
    /// Each game's points, in order.
    pub points: Vec<PointJson>,
    /// Paused by its own choice (or withdrawn).
    pub paused: bool,
    /// Withdrawn by the arena: two no-shows in a row.
    pub withdrawn: bool,
}

impl Row {
    /// As the page shows it.
    pub fn json(&self) -> RowJson {
        RowJson {
            rank: self.rank,
            name: self.name.clone(),
            bot: self.bot,
            rating: self.rating,
            provisional: self.provisional,
            score: self.score,
            fire: self.fire,
            points: self.points.clone(),
            paused: self.paused,
        }
    }
}

/// An arena's standings.
#[derive(Clone, Debug, Default)]
pub struct Standings {
    /// Best first.
    pub rows: Vec<Row>,
}

/// A player's result in one game, for the sheet.
fn outcome(g: &ArenaGame, p: Player) -> Option<seabattle_arena::Outcome> {
    use seabattle_arena::Outcome;
    g.ended_ms?;
    let me = p.index();
    Some(match g.winner {
        Some(w) if w == p => Outcome::Win {
            berserk: g.berserk[me],
            shots: g.shots[me],
        },
        _ if g.shots[me] == 0
            && matches!(
                g.reason.as_deref(),
                Some("timeout" | "abandoned" | "no_show")
            ) =>
        {
            Outcome::NoShow
        }
        _ => Outcome::Loss,
    })
}

impl Standings {
    /// Counts the standings of `players` from `games`: those that ended before the
    /// arena did (`ends_ms`) count, in the order they ended.
    pub fn count(players: &[ArenaPlayer], games: &[ArenaGame], ends_ms: i64) -> Standings {
        let mut ended: Vec<&ArenaGame> = games
            .iter()
            .filter(|g| g.ended_ms.is_some_and(|t| t <= ends_ms))
            .collect();
        ended.sort_by_key(|g| (g.ended_ms, g.created_ms));
        let mut results: HashMap<AccountId, Vec<(i64, seabattle_arena::Outcome)>> = HashMap::new();
        for g in ended {
            for p in Player::BOTH {
                if let (Some(o), Some(t)) = (outcome(g, p), g.ended_ms) {
                    results.entry(g.account(p)).or_default().push((t, o));
                }
            }
        }
        // Withdrawn: two no-shows in a row since the player last joined.
        let mut withdrawn = Vec::new();
        let sheets: Vec<(usize, seabattle_arena::Sheet)> = players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let games = results.remove(&p.account).unwrap_or_default();
                let since: Vec<_> = games
                    .iter()
                    .filter(|(t, _)| *t > p.back_ms)
                    .map(|&(_, o)| o)
                    .collect();
                withdrawn.push(seabattle_arena::Sheet::new(&since).withdrawn());
                let all: Vec<_> = games.into_iter().map(|(_, o)| o).collect();
                (i, seabattle_arena::Sheet::new(&all))
            })
            .collect();
        let order = seabattle_arena::rank(&sheets.iter().map(|(i, s)| (*i, s)).collect::<Vec<_>>());
        let rows = order
            .into_iter()
            .enumerate()
            .map(|(place, i)| {
                let p = &players[i];
                let sheet = &sheets[i].1;
                Row {
                    account: p.account,
                    name: p.name.clone(),
                    bot: p.bot,
                    rating: p.rating.unwrap_or(1500.0).round() as i32,
                    provisional: p
                        .deviation
                        .is_none_or(|d| d > crate::ratings::glicko::PROVISIONAL_RD),
                    rank: u32::try_from(place + 1).unwrap_or(u32::MAX),
                    score: sheet.total(),
                    fire: sheet.on_fire(),
                    points: sheet
                        .scores()
                        .iter()
                        .map(|s| PointJson {
                            points: s.points,
                            fire: s.doubled,
                            berserk: s.berserk_bonus,
                            no_show: s.no_show,
                        })
                        .collect(),
                    paused: p.paused,
                    withdrawn: withdrawn[i],
                }
            })
            .collect();
        Standings { rows }
    }
}

/// A player waiting for a game.
#[derive(Clone, Debug)]
pub struct Waiting {
    /// The account.
    pub account: AccountId,
    /// Its place in the standings.
    pub rank: u32,
    /// Its rating.
    pub rating: i32,
    /// Whom it played last.
    pub last_opponent: Option<AccountId>,
    /// How long it has waited, in milliseconds.
    pub waited_ms: i64,
}

/// The pairs of this wave, if one is due (see `seabattle_arena::pairing`).
/// Two players one of whom blocks the other (`apart`, as blocker and blocked) are never
/// a pair.
pub fn wave(
    ready: &[Waiting],
    clock: u32,
    apart: &[(AccountId, AccountId)],
) -> Vec<(AccountId, AccountId)> {
    let candidates: Vec<seabattle_arena::Candidate<AccountId>> = ready
        .iter()
        .map(|w| seabattle_arena::Candidate {
            id: w.account,
            rank: w.rank,
            rating: w.rating,
            last_opponent: w.last_opponent,
            waited_ms: w.waited_ms,
        })
        .collect();
    if !seabattle_arena::wave_due(&candidates, clock) {
        return Vec::new();
    }
    let kept_apart =
        |a: &AccountId, b: &AccountId| apart.iter().any(|&p| p == (*a, *b) || p == (*b, *a));
    seabattle_arena::pair_apart(&candidates, &kept_apart)
        .into_iter()
        .map(|(a, b)| (ready[a].account, ready[b].account))
        .collect()
}
