//! What the computer learned in storage, for both databases: the fleets each player
//! placed, kept under the SHA-256 of their key (or their account's learner), the newest
//! [`LEARNED_FLEETS`] per rules text.

use crate::db::params;
use crate::db::{FromRow, Row, Store, StoreError, now_secs};
use crate::ids::Learner;
use seabattle_bots::StoredHistory;

/// Fleets kept per player and rules text: as many as the expert learns from.
pub const LEARNED_FLEETS: usize = seabattle_bots::learn::MAX_FLEETS;

/// One learned fleet and the rules it was placed under.
struct Learned {
    rules: String,
    fleet: String,
}

impl FromRow for Learned {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Learned {
            rules: r.get("rules")?,
            fleet: r.get("fleet")?,
        })
    }
}

/// Gathers rows sorted by rules and then oldest first into one history per rules text.
fn histories(rows: Vec<Learned>) -> Vec<StoredHistory> {
    let mut out: Vec<StoredHistory> = Vec::new();
    for Learned { rules, fleet } in rows {
        match out.last_mut() {
            Some(h) if h.rules == rules => h.fleets.push(fleet),
            _ => out.push(StoredHistory {
                rules,
                fleets: vec![fleet],
            }),
        }
    }
    out
}

impl Store {
    /// Learns the fleet (canonical text) `player` placed under `rules` in a game that
    /// has ended; only the newest [`LEARNED_FLEETS`] per rules text are kept. `player`
    /// is kept under a hash ([`Learner::key`]), never their key.
    pub fn remember(&self, player: &Learner, rules: &str, fleet: &str) -> Result<(), StoreError> {
        let (keep, player) = (LEARNED_FLEETS as i64, player.key());
        self.db().tx(|sql| {
            sql.exec(
                "INSERT INTO learned_fleets (player, rules, fleet, added_at) \
                 VALUES ($1, $2, $3, $4)",
                params![player, rules, fleet, now_secs()],
            )?;
            sql.exec(
                "DELETE FROM learned_fleets WHERE player = $1 AND rules = $2 \
                 AND id NOT IN (SELECT id FROM learned_fleets WHERE player = $1 \
                 AND rules = $2 ORDER BY id DESC LIMIT $3)",
                params![player, rules, keep],
            )?;
            Ok(())
        })
    }

    /// The fleets `player` placed, one history per rules text (only `rules`, if
    /// given), oldest fleet first; empty if nothing was learned.
    pub fn learned(
        &self,
        player: &Learner,
        rules: Option<&str>,
    ) -> Result<Vec<StoredHistory>, StoreError> {
        let player = player.key();
        let rows = match rules {
            Some(rules) => self.db().rows(
                "SELECT rules, fleet FROM learned_fleets WHERE player = $1 AND rules = $2 \
                 ORDER BY id",
                params![player, rules],
            )?,
            None => self.db().rows(
                "SELECT rules, fleet FROM learned_fleets WHERE player = $1 ORDER BY rules, id",
                params![player],
            )?,
        };
        Ok(histories(rows))
    }

    /// Erases every fleet `player` placed, under every rules; how many there were.
    pub fn forget(&self, player: &Learner) -> Result<u64, StoreError> {
        self.db().exec(
            "DELETE FROM learned_fleets WHERE player = $1",
            params![player.key()],
        )
    }

    /// Gives what was learned about `from` (a guest) to `to` (an account); how many
    /// fleets moved.
    pub fn adopt_learned(&self, from: &Learner, to: &Learner) -> Result<u64, StoreError> {
        self.db().exec(
            "UPDATE learned_fleets SET player = $1 WHERE player = $2",
            params![to.key(), from.key()],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DbUrl;

    #[test]
    fn learned_fleets_are_kept_per_player_and_rules_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&DbUrl::Sqlite(dir.path().join("g.db")), "node").unwrap();
        let (p, q) = (
            &Learner::guest("p-key-0123456789abcdef"),
            &Learner::guest("q-key-0123456789abcdef"),
        );
        assert!(s.learned(p, None).unwrap().is_empty());
        s.remember(p, "classic", "a1-d1").unwrap();
        s.remember(p, "classic", "a2-d2").unwrap();
        s.remember(p, "8x8", "b1").unwrap();
        s.remember(q, "classic", "c1").unwrap();
        let all = s.learned(p, None).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].rules, "8x8");
        assert_eq!(all[1].fleets, vec!["a1-d1", "a2-d2"], "oldest first");
        let classic = s.learned(p, Some("classic")).unwrap();
        assert_eq!(classic, vec![all[1].clone()]);
        for i in 0..LEARNED_FLEETS + 3 {
            s.remember(q, "classic", &format!("x{i}")).unwrap();
        }
        let kept = s.learned(q, Some("classic")).unwrap();
        assert_eq!(
            kept[0].fleets.len(),
            LEARNED_FLEETS,
            "only the newest are kept"
        );
        assert_eq!(
            kept[0].fleets.last().unwrap(),
            &format!("x{}", LEARNED_FLEETS + 2)
        );
        assert_eq!(s.forget(p).unwrap(), 3);
        assert!(s.learned(p, None).unwrap().is_empty());
        assert_eq!(s.learned(q, None).unwrap().len(), 1, "others keep theirs");
    }
}
