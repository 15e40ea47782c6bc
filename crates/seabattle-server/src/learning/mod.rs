//! The expert learns its opponent: the fleets a player placed in games against the
//! computer that ended, kept under a hash of the player's key (see `docs/protocol.md`,
//! "Players and what the computer learns").
//!
//! The key is a secret the client keeps. The server keeps only its SHA-256, in the
//! game's memory and in storage; no message and no log carries the key or its hash
//! (a log names a player by [`short`]).
//!
//! A fleet is learned only once its game has ended, and a prior is taken only when a
//! game is made, both heard on the games' bus ([`ear::Learning`]): a game never learns
//! from its own fleet. A game rebuilt from storage after a restart
//! has no key and neither learns nor teaches.

pub mod ear;
pub mod store;

use crate::db::Store;
use crate::error::Failure;
use crate::error::StoreError;
use crate::ids::Learner;
use crate::node::SharedNode;
use crate::protocol::{LearnedHabit, LearnedJson, ServerMsg, player_key};
use seabattle_bots::{Corner, Habit, History, OpponentPrior, Side, StoredHistory, Strength};
use seabattle_core::Rules;
use std::sync::Arc;

/// Who the computer learns about on `conn`: its account when signed in, otherwise the
/// player key it sent (if any), never both.
pub fn learner_of(conn: &crate::conn::Conn, key: Option<&str>) -> Result<Option<Learner>, Failure> {
    if let Some(a) = conn.account() {
        return Ok(Some(Learner::Account(a.id)));
    }
    Ok(key.map(player_key).transpose()?.map(Learner::guest))
}

/// The prior the expert mixes in for `learner` under `rules`: `None` when
/// nothing was learned (or nothing can be). Blocking: storage and the prior's
/// building run off the async threads.
pub fn prior_for(
    store: &Store,
    learner: &Learner,
    rules: &Rules,
) -> Result<Option<Arc<OpponentPrior>>, StoreError> {
    let text = rules.to_string();
    let Some(stored) = store.learned(learner, Some(&text))?.into_iter().next() else {
        return Ok(None);
    };
    let history = History::from_stored(&stored)
        .map_err(|e| StoreError::corrupt(format!("learned fleets: {e}")))?;
    Ok(history.prior())
}

/// `learned`: what the computer learned about the player on `conn` (see
/// [`learner_of`]), under `rules` (the rules text as a game's state gives it) or all.
pub async fn learned(
    hub: &SharedNode,
    conn: &crate::conn::Conn,
    key: &str,
    rules: Option<String>,
) -> Result<ServerMsg, Failure> {
    let learner = learner_of(conn, Some(key))?;
    // Naming each history's habit measures it against uniform placement: off the
    // async threads, with the reading.
    let histories = hub
        .db(move |db| {
            let Some(learner) = &learner else {
                return Ok(Vec::new());
            };
            let stored = db.learned(learner, rules.as_deref())?;
            Ok(stored.iter().filter_map(learned_json).collect())
        })
        .await?;
    Ok(ServerMsg::Learned { histories })
}

/// `forget`: erases what the computer learned about the player on `conn`.
pub async fn forget(
    hub: &SharedNode,
    conn: &crate::conn::Conn,
    key: &str,
) -> Result<ServerMsg, Failure> {
    let learner = learner_of(conn, Some(key))?;
    let fleets = match learner {
        Some(l) => hub.db(move |db| db.forget(&l)).await?,
        None => 0,
    };
    Ok(ServerMsg::Forgotten {
        fleets: usize::try_from(fleets).unwrap_or(usize::MAX),
    })
}

/// One rules text's fleets, the share of them with a ship on each cell and the habit they
/// show (blocking: naming it measures the fleets); `None` (and
/// a log line) for a history that no longer reads.
pub fn learned_json(stored: &StoredHistory) -> Option<LearnedJson> {
    let history = match History::from_stored(stored) {
        Ok(h) => h,
        Err(e) => {
            tracing::warn!(error = %e, "a learned history does not read; left out");
            return None;
        }
    };
    let dims = history.rules().dims();
    let width = usize::from(dims.width());
    let mut counts = vec![0usize; width * usize::from(dims.height())];
    for fleet in history.fleets() {
        for c in fleet.occupied().iter() {
            if let Some(n) = counts.get_mut(usize::from(c.row) * width + usize::from(c.col)) {
                *n += 1;
            }
        }
    }
    let n = history.len().max(1) as f64;
    let skip = stored.fleets.len() - history.len();
    Some(LearnedJson {
        rules: stored.rules.clone(),
        width: dims.width(),
        height: dims.height(),
        fleets: stored.fleets[skip..]
            .iter()
            .map(|f| f.split_whitespace().map(str::to_string).collect())
            .collect(),
        heat: counts
            .iter()
            .map(|&k| (k as f64 / n * 1000.0).round() / 1000.0)
            .collect(),
        habit: history.habit().map(habit_word),
    })
}

/// A habit the bots crate found, as the wire names it (the same stable name).
fn habit_word(habit: Habit) -> LearnedHabit {
    match habit {
        Habit::Half(Side::Left) => LearnedHabit::HalfLeft,
        Habit::Half(Side::Right) => LearnedHabit::HalfRight,
        Habit::Half(Side::Top) => LearnedHabit::HalfTop,
        Habit::Half(Side::Bottom) => LearnedHabit::HalfBottom,
        Habit::Corner(Corner::TopLeft) => LearnedHabit::CornerTopLeft,
        Habit::Corner(Corner::TopRight) => LearnedHabit::CornerTopRight,
        Habit::Corner(Corner::BottomLeft) => LearnedHabit::CornerBottomLeft,
        Habit::Corner(Corner::BottomRight) => LearnedHabit::CornerBottomRight,
        Habit::Horizontal => LearnedHabit::Horizontal,
        Habit::BigApart => LearnedHabit::Apart,
        Habit::SinglesInCorners => LearnedHabit::SinglesInCorners,
        Habit::EdgeHugging(Strength::Light) => LearnedHabit::HugLight,
        Habit::EdgeHugging(Strength::Strong) => LearnedHabit::HugStrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fleet_text::canonical_fleet;
    use seabattle_core::{Fleet, Placer};

    fn fleet(rules: &Rules, seed: u64) -> Fleet {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        Placer::new(rules).sample(&mut rng).expect("classic places")
    }

    #[test]
    fn every_habit_keeps_its_name_on_the_wire() {
        for habit in Habit::all() {
            assert_eq!(habit_word(habit).word(), habit.name());
        }
    }

    #[test]
    fn forgetting_makes_the_next_prior_the_plain_one() {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::db::Store::open(
            &crate::config::DbUrl::Sqlite(dir.path().join("g.db")),
            "node",
        )
        .unwrap();
        let rules: Rules = "classic".parse().unwrap();
        let hash = Learner::guest("q8V2-x_7Lm0pZr4tY6wE1A");
        assert!(
            prior_for(&store, &hash, &rules).unwrap().is_none(),
            "nothing learned yet"
        );
        let placed = fleet(&rules, 7);
        for _ in 0..3 {
            store
                .remember(&hash, &rules.to_string(), &canonical_fleet(&placed))
                .unwrap();
        }
        let prior = prior_for(&store, &hash, &rules).unwrap().expect("a prior");
        assert_eq!(prior.games(), 3);
        let shown = learned_json(&store.learned(&hash, None).unwrap()[0]).unwrap();
        assert_eq!(shown.fleets.len(), 3);
        assert_eq!(shown.heat.len(), 100);
        assert_eq!(
            shown.heat.iter().filter(|&&h| h == 1.0).count(),
            placed.occupied().len(),
            "the same fleet thrice: its cells are hot, the rest cold"
        );
        assert_eq!(store.forget(&hash).unwrap(), 3);
        assert!(store.learned(&hash, None).unwrap().is_empty());
        assert!(
            prior_for(&store, &hash, &rules).unwrap().is_none(),
            "after forget the expert is the plain one"
        );
    }
}
