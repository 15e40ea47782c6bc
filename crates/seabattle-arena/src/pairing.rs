//! Pairing the players who wait, after lila's arena (`PairingSystem`, `AntmaPairing`,
//! `WaitingUsers`):
//! - a wave runs once at least two players have waited [`wave_wait_ms`] for the clock
//!   ([`wave_due`]), so a player who just finished meets whoever finishes next rather
//!   than the first one free;
//! - the players are sorted by rank and split into groups of at most [`GROUP`], and
//!   each group is paired by a maximum weighted matching on the general graph of its
//!   possible pairs (van Rantwijk's algorithm, the `mwmatching` crate), with as many
//!   pairs as can be made, the cheapest of them: a pair costs its rank gap × 1000 plus
//!   its rating gap;
//! - no immediate rematch: two players whose last game was against each other are no
//!   pair, unless both have waited [`REMATCH_AFTER_MS`] (nobody else came), and even
//!   then only at [`REMATCH_PENALTY`];
//! - with an odd count, the one whose absence leaves the cheapest pairs waits for the
//!   next wave;
//! - two players one of whom blocks the other are never a pair ([`pair_apart`]).

/// The most players matched as one graph: a larger pool is split (as lila's).
pub const GROUP: usize = 100;
/// What a rank's gap costs, against one rating point.
pub const RANK_WEIGHT: i64 = 1000;
/// What meeting the last opponent again costs, when nobody else is there.
pub const REMATCH_PENALTY: i64 = 1_000_000;
/// How long two players who just played must both have waited before they may meet
/// again at once.
pub const REMATCH_AFTER_MS: i64 = 30_000;

/// A player who waits for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate<Id> {
    /// Who.
    pub id: Id,
    /// Their place in the standings, from 1.
    pub rank: u32,
    /// Their rating.
    pub rating: i32,
    /// Whom they played last.
    pub last_opponent: Option<Id>,
    /// How long they have waited, in milliseconds.
    pub waited_ms: i64,
}

/// How long a player waits before a wave may pair them, for a clock of `clock_secs`
/// per move: a quarter of a move's time, from 1 to 10 seconds.
pub fn wave_wait_ms(clock_secs: u32) -> i64 {
    (i64::from(clock_secs) * 250).clamp(1_000, 10_000)
}

/// Whether a wave is due: at least two players have waited long enough.
pub fn wave_due<Id>(waiting: &[Candidate<Id>], clock_secs: u32) -> bool {
    let wait = wave_wait_ms(clock_secs);
    waiting.iter().filter(|c| c.waited_ms >= wait).count() >= 2
}

/// What pairing `a` with `b` costs; `None` if they may not meet now.
fn cost<Id: PartialEq>(
    a: &Candidate<Id>,
    b: &Candidate<Id>,
    apart: &dyn Fn(&Id, &Id) -> bool,
) -> Option<i64> {
    if apart(&a.id, &b.id) {
        return None;
    }
    let gap =
        i64::from(a.rank.abs_diff(b.rank)) * RANK_WEIGHT + i64::from(a.rating.abs_diff(b.rating));
    let rematch =
        a.last_opponent.as_ref() == Some(&b.id) || b.last_opponent.as_ref() == Some(&a.id);
    if !rematch {
        return Some(gap);
    }
    (a.waited_ms >= REMATCH_AFTER_MS && b.waited_ms >= REMATCH_AFTER_MS)
        .then_some(gap + REMATCH_PENALTY)
}

/// Pairs `waiting` (in any order): the pairs, as indices into `waiting`.
pub fn pair<Id: PartialEq>(waiting: &[Candidate<Id>]) -> Vec<(usize, usize)> {
    pair_apart(waiting, &|_, _| false)
}

/// [`pair`], never pairing two players for whom `apart` holds (one blocks the other).
pub fn pair_apart<Id: PartialEq>(
    waiting: &[Candidate<Id>],
    apart: &dyn Fn(&Id, &Id) -> bool,
) -> Vec<(usize, usize)> {
    let mut by_rank: Vec<usize> = (0..waiting.len()).collect();
    by_rank.sort_by_key(|&i| (waiting[i].rank, i));
    let groups = by_rank.len().div_ceil(GROUP).max(1);
    // Even groups of nearly equal size, so no group is left with one player.
    let size = by_rank.len().div_ceil(groups).next_multiple_of(2).max(2);
    by_rank
        .chunks(size)
        .flat_map(|group| pair_group(waiting, group, apart))
        .collect()
}

/// One group's pairs: the cheapest of the matchings with the most pairs.
fn pair_group<Id: PartialEq>(
    waiting: &[Candidate<Id>],
    group: &[usize],
    apart: &dyn Fn(&Id, &Id) -> bool,
) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    let costs: Vec<Option<i64>> = group
        .iter()
        .enumerate()
        .flat_map(|(x, &i)| group[x + 1..].iter().map(move |&j| (i, j)))
        .map(|(i, j)| cost(&waiting[i], &waiting[j], apart))
        .collect();
    let Some(worst) = costs.iter().flatten().max().copied() else {
        return Vec::new();
    };
    let mut k = 0;
    for x in 0..group.len() {
        for y in x + 1..group.len() {
            if let Some(c) = costs[k] {
                // The matching maximises weight: the cheapest pair weighs the most,
                // and every pair weighs at least 1, so it is taken if it can be.
                let w = i32::try_from(worst - c + 1).unwrap_or(i32::MAX);
                edges.push((x, y, w));
            }
            k += 1;
        }
    }
    if edges.is_empty() {
        return Vec::new();
    }
    let mates = mwmatching::Matching::new(edges).max_cardinality().solve();
    mates
        .iter()
        .enumerate()
        .filter(|&(x, &y)| y != mwmatching::SENTINEL && x < y)
        .map(|(x, &y)| (group[x], group[y]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn c(id: u32, rank: u32, rating: i32, last: Option<u32>) -> Candidate<u32> {
        Candidate {
            id,
            rank,
            rating,
            last_opponent: last,
            waited_ms: 5_000,
        }
    }

    fn ids(waiting: &[Candidate<u32>], pairs: &[(usize, usize)]) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = pairs
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (waiting[a].id, waiting[b].id);
                (x.min(y), x.max(y))
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn neighbours_in_rank_and_rating_are_paired() {
        let w = [
            c(1, 1, 1900, None),
            c(2, 2, 1850, None),
            c(3, 9, 1400, None),
            c(4, 10, 1350, None),
        ];
        assert_eq!(ids(&w, &pair(&w)), [(1, 2), (3, 4)]);
    }

    #[test]
    fn no_immediate_rematch_when_anyone_else_is_there() {
        let w = [
            c(1, 1, 1500, Some(2)),
            c(2, 2, 1500, Some(1)),
            c(3, 3, 1500, Some(4)),
            c(4, 4, 1500, Some(3)),
        ];
        let pairs = ids(&w, &pair(&w));
        assert_eq!(pairs.len(), 2);
        assert!(
            !pairs.contains(&(1, 2)) && !pairs.contains(&(3, 4)),
            "{pairs:?}"
        );
    }

    #[test]
    fn two_who_just_played_wait_until_nobody_else_came() {
        let mut w = [c(1, 1, 1500, Some(2)), c(2, 2, 1500, Some(1))];
        assert!(pair(&w).is_empty());
        for x in &mut w {
            x.waited_ms = REMATCH_AFTER_MS;
        }
        assert_eq!(ids(&w, &pair(&w)), [(1, 2)]);
    }

    #[test]
    fn two_apart_are_never_a_pair_however_long_they_wait() {
        let mut w = [
            c(1, 1, 1900, None),
            c(2, 2, 1890, None),
            c(3, 9, 1400, None),
            c(4, 10, 1350, None),
        ];
        let apart = |a: &u32, b: &u32| (*a, *b) == (1, 2) || (*a, *b) == (2, 1);
        let pairs = ids(&w, &pair_apart(&w, &apart));
        assert_eq!(pairs.len(), 2);
        assert!(!pairs.contains(&(1, 2)), "{pairs:?}");
        let two = &mut w[..2];
        for x in two.iter_mut() {
            x.waited_ms = REMATCH_AFTER_MS * 10;
        }
        assert!(pair_apart(two, &apart).is_empty());
    }

    #[test]
    fn tiny_pools() {
        assert!(pair::<u32>(&[]).is_empty());
        assert!(pair(&[c(1, 1, 1500, None)]).is_empty());
        let three = [
            c(1, 1, 1500, None),
            c(2, 2, 1500, None),
            c(3, 3, 1500, None),
        ];
        assert_eq!(pair(&three).len(), 1);
    }

    #[test]
    fn a_wave_waits_for_two_who_waited_long_enough() {
        let mut w = [c(1, 1, 1500, None), c(2, 2, 1500, None)];
        w[0].waited_ms = 0;
        assert!(!wave_due(&w, 20));
        w[0].waited_ms = wave_wait_ms(20);
        assert!(wave_due(&w, 20));
        assert_eq!(wave_wait_ms(2), 1_000);
        assert_eq!(wave_wait_ms(300), 10_000);
    }

    #[test]
    fn a_pool_of_a_thousand_pairs_everyone_but_one_and_nobody_twice() {
        let w: Vec<Candidate<u32>> = (0..1_001u32)
            .map(|i| {
                let last = if i % 2 == 0 { Some(i + 1) } else { Some(i - 1) };
                c(i, i + 1, 1000 + ((i * 7919) % 1500) as i32, last)
            })
            .collect();
        let pairs = pair(&w);
        assert_eq!(pairs.len(), 500);
        let mut seen = std::collections::HashSet::new();
        for &(a, b) in &pairs {
            assert!(seen.insert(a) && seen.insert(b));
            assert_ne!(w[a].last_opponent, Some(w[b].id), "a rematch: {a} {b}");
        }
    }

    proptest! {
        #[test]
        fn pairs_are_of_distinct_players_each_at_most_once(
            players in proptest::collection::vec((1u32..50, 1000i32..2500), 0..60)
        ) {
            let w: Vec<Candidate<u32>> = players
                .iter()
                .enumerate()
                .map(|(i, &(rank, rating))| c(i as u32, rank, rating, None))
                .collect();
            let pairs = pair(&w);
            let mut seen = std::collections::HashSet::new();
            for &(a, b) in &pairs {
                prop_assert_ne!(a, b);
                prop_assert!(seen.insert(a) && seen.insert(b));
            }
            // Nobody is kept from a game for the rules: at most one waits.
            prop_assert!(w.len() - 2 * pairs.len() <= 1);
        }
    }
}
