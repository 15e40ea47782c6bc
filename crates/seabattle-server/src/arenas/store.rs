//! Arena tournaments in storage, written once for both databases. Everything a player
//! does to an arena (join, pause, come back) is a row any node may write; the node that
//! runs the arena holds its lease ([`Store::take_arena`]) and is the only one that makes
//! its games. Standings are never stored: they are counted from the games' rows.

use crate::challenges::store::now_ms;
use crate::db::{FromRow, Row, Store, StoreError, params};
use crate::ids::AccountId;
use seabattle_core::Player;

/// An arena as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredArena {
    /// Its id (as a game's: short, random, URL-safe).
    pub id: String,
    /// Its name, as shown.
    pub name: String,
    /// The rules every game is played under (a preset's id or custom rules' text).
    pub rules: String,
    /// Seconds per move.
    pub clock: u32,
    /// How long it runs.
    pub minutes: u32,
    /// When it starts, in milliseconds since the epoch.
    pub starts_ms: i64,
    /// Whether its games are rated (between two accounts, under a preset).
    pub rated: bool,
    /// Whether BOT accounts may join.
    pub bots: bool,
    /// The rated games an account must have played to join (0: anyone signed in).
    pub min_rated_games: u32,
    /// Who made it; none for the operator's schedule.
    pub created_by: Option<AccountId>,
    /// When its maker ended it, if before its time.
    pub ended_early_ms: Option<i64>,
    /// Set once its end was counted: no more games are made.
    pub finished: bool,
    /// The schedule's slot it was made for ([`Slot::key`]); none for a player's.
    ///
    /// [`Slot::key`]: super::schedule::Slot::key
    pub schedule: Option<String>,
}

pub use seabattle_wire::arena::ArenaState;

/// An account's id and name.
struct Named {
    id: AccountId,
    name: String,
}

impl FromRow for Named {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Named {
            id: r.get("id")?,
            name: r.get("name")?,
        })
    }
}

impl StoredArena {
    /// When it ends, in milliseconds since the epoch.
    pub fn ends_ms(&self) -> i64 {
        let planned = self
            .starts_ms
            .saturating_add(i64::from(self.minutes).saturating_mul(60_000));
        self.ended_early_ms.map_or(planned, |t| t.min(planned))
    }

    /// The preset its games are played under, unless its rules are custom.
    pub fn preset(&self) -> Option<seabattle_core::Preset> {
        self.rules
            .parse::<seabattle_core::Rules>()
            .ok()
            .and_then(|r| r.as_preset())
    }

    /// Where it stands at `now` (milliseconds since the epoch).
    pub fn state(&self, now: i64) -> ArenaState {
        if self.finished || now >= self.ends_ms() {
            ArenaState::Finished
        } else if now >= self.starts_ms {
            ArenaState::Running
        } else {
            ArenaState::Upcoming
        }
    }
}

impl FromRow for StoredArena {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(StoredArena {
            id: r.get("id")?,
            name: r.get("name")?,
            rules: r.get("rules")?,
            clock: r.get("clock")?,
            minutes: r.get("minutes")?,
            starts_ms: r.get("starts_ms")?,
            rated: r.get("rated")?,
            bots: r.get("bots")?,
            min_rated_games: r.get("min_rated_games")?,
            created_by: r.get("created_by")?,
            ended_early_ms: r.get("ended_early_ms")?,
            finished: r.get("finished")?,
            schedule: r.get("schedule")?,
        })
    }
}

/// A player of an arena.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaPlayer {
    /// The account.
    pub account: AccountId,
    /// Its name.
    pub name: String,
    /// Whether it is a BOT.
    pub bot: bool,
    /// Its rating under the arena's preset (none under custom rules, or before its
    /// first rated game: 1500 then).
    pub rating: Option<f64>,
    /// Its rating's deviation, with the rating.
    pub deviation: Option<f64>,
    /// When they first joined.
    pub joined_ms: i64,
    /// When their arena page last asked for the standings.
    pub seen_ms: i64,
    /// When they last joined (or came back): no-shows before it are forgiven.
    pub back_ms: i64,
    /// Whether they are out of the pairing (by their choice, or after two no-shows).
    pub paused: bool,
}

impl FromRow for ArenaPlayer {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(ArenaPlayer {
            account: r.get("account_id")?,
            name: r.get("name")?,
            bot: r.get("bot")?,
            rating: r.get("rating")?,
            deviation: r.get("deviation")?,
            joined_ms: r.get("joined_ms")?,
            seen_ms: r.get("seen_ms")?,
            back_ms: r.get("back_ms")?,
            paused: r.get("paused")?,
        })
    }
}

/// A game of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// The game's id.
    pub game: String,
    /// The arena's id.
    pub arena: String,
    /// The accounts in seats 1 and 2.
    pub seats: [AccountId; 2],
    /// Whether each seat went berserk.
    pub berserk: [bool; 2],
    /// When it was made.
    pub created_ms: i64,
    /// When it ended; none while it is played.
    pub ended_ms: Option<i64>,
    /// The winner; none while it is played, or when nobody won (neither seat came).
    pub winner: Option<Player>,
    /// The shots each seat fired, once it ended.
    pub shots: [u32; 2],
    /// Why it ended (`fleet_sunk`, `resigned`, `timeout`, `abandoned`, `no_show`).
    pub reason: Option<String>,
}

impl ArenaGame {
    /// The seat `account` holds, if it plays this game.
    pub fn seat_of(&self, account: AccountId) -> Option<Player> {
        if self.seats[0] == account {
            Some(Player::One)
        } else if self.seats[1] == account {
            Some(Player::Two)
        } else {
            None
        }
    }

    /// The account in seat `p`.
    pub fn account(&self, p: Player) -> AccountId {
        self.seats[p.index()]
    }
}

impl FromRow for ArenaGame {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let winner: Option<i64> = r.get("winner")?;
        Ok(ArenaGame {
            game: r.get("game")?,
            arena: r.get("arena")?,
            seats: [r.get("one")?, r.get("two")?],
            berserk: [r.get("berserk_one")?, r.get("berserk_two")?],
            created_ms: r.get("created_ms")?,
            ended_ms: r.get("ended_ms")?,
            winner: match winner {
                Some(1) => Some(Player::One),
                Some(2) => Some(Player::Two),
                _ => None,
            },
            shots: [
                r.get::<Option<u32>>("shots_one")?.unwrap_or(0),
                r.get::<Option<u32>>("shots_two")?.unwrap_or(0),
            ],
            reason: r.get("reason")?,
        })
    }
}

/// How a game of an arena ended, as the game's node tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner; none when nobody won.
    pub winner: Option<Player>,
    /// The shots each seat fired.
    pub shots: [u32; 2],
    /// Why it ended.
    pub reason: String,
}

const ARENA_COLUMNS: &str = "id, name, rules, clock, minutes, starts_ms, rated, bots, \
     min_rated_games, created_by, ended_early_ms, finished, schedule";
const GAME_COLUMNS: &str = "game, arena, one, two, berserk_one, berserk_two, created_ms, ended_ms, \
     winner, shots_one, shots_two, reason";

impl Store {
    /// The names of `accounts` that still exist (the makers of the arenas listed).
    pub fn names_of(
        &self,
        accounts: &[AccountId],
    ) -> Result<std::collections::HashMap<AccountId, String>, StoreError> {
        let mut ids: Vec<i64> = accounts.iter().map(|a| a.0).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(std::collections::HashMap::new());
        }
        // Numbers only, so the list is written into the statement.
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let rows: Vec<Named> = self.db().rows(
            &format!("SELECT id, name FROM accounts WHERE id IN ({list})"),
            params![],
        )?;
        Ok(rows.into_iter().map(|n| (n.id, n.name)).collect())
    }

    /// How many players each arena not yet finished has, by arena id (one statement
    /// for the whole list).
    pub fn arena_player_counts(
        &self,
    ) -> Result<std::collections::HashMap<String, u32>, StoreError> {
        let rows: Vec<PlayerCount> = self.db().rows(
            "SELECT arena, COUNT(*) AS n FROM arena_players \
             WHERE arena IN (SELECT id FROM arenas WHERE finished = $1) GROUP BY arena",
            params![false],
        )?;
        Ok(rows.into_iter().map(|c| (c.arena, c.n)).collect())
    }

    /// Stores a new arena; one made by the schedule names its slot, and a slot already
    /// made (by another node, or before a restart) is left as it is: `false`.
    pub fn add_arena(&self, a: &StoredArena) -> Result<bool, StoreError> {
        let made = self.db().exec(
            &format!(
                "INSERT INTO arenas ({ARENA_COLUMNS}) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
                 ON CONFLICT DO NOTHING"
            ),
            params![
                a.id,
                a.name,
                a.rules,
                a.clock,
                a.minutes,
                a.starts_ms,
                a.rated,
                a.bots,
                a.min_rated_games,
                a.created_by,
                a.ended_early_ms,
                a.finished,
                a.schedule
            ],
        )?;
        Ok(made == 1)
    }

    /// How many arenas `by` made that have not finished.
    pub fn open_arenas_by(&self, by: AccountId) -> Result<usize, StoreError> {
        let n: Option<Count> = self.db().row(
            "SELECT COUNT(*) AS n FROM arenas WHERE created_by = $1 AND finished = $2",
            params![by, false],
        )?;
        Ok(n.map_or(0, |c| c.n))
    }

    /// The arena `id`.
    pub fn arena(&self, id: &str) -> Result<Option<StoredArena>, StoreError> {
        self.db().row(
            &format!("SELECT {ARENA_COLUMNS} FROM arenas WHERE id = $1"),
            params![id],
        )
    }

    /// The arenas to list: every one not finished, soonest first, then those that
    /// ended in the last `recent_ms`, latest first; at most `limit` of each.
    pub fn arenas_listed(
        &self,
        recent_ms: i64,
        limit: u32,
    ) -> Result<(Vec<StoredArena>, Vec<StoredArena>), StoreError> {
        let since = now_ms().saturating_sub(recent_ms);
        self.db().run(|sql| {
            let open = sql.rows(
                &format!(
                    "SELECT {ARENA_COLUMNS} FROM arenas WHERE finished = $1 \
                     ORDER BY starts_ms, id LIMIT $2"
                ),
                params![false, limit],
            )?;
            let done = sql.rows(
                &format!(
                    "SELECT {ARENA_COLUMNS} FROM arenas WHERE finished = $1 AND starts_ms >= $2 \
                     ORDER BY starts_ms DESC, id LIMIT $3"
                ),
                params![true, since.saturating_sub(180 * 60_000), limit],
            )?;
            Ok((open, done))
        })
    }

    /// The arenas that have started and whose end is not counted yet: the runners'
    /// work.
    pub fn arenas_to_run(&self, now: i64) -> Result<Vec<StoredArena>, StoreError> {
        self.db().rows(
            &format!(
                "SELECT {ARENA_COLUMNS} FROM arenas WHERE finished = $1 AND starts_ms <= $2 \
                 ORDER BY starts_ms, id"
            ),
            params![false, now],
        )
    }

    /// Takes (or renews) the lease to run arena `id` for node `node` until `until`:
    /// granted when nobody holds it, `node` does, or its holder let it lapse.
    pub fn take_arena(
        &self,
        id: &str,
        node: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let taken = self.db().exec(
            "UPDATE arenas SET runner = $1, runner_until = $2 \
             WHERE id = $3 AND finished = $4 AND (runner IS NULL OR runner = $1 OR runner_until < $5)",
            params![node, until, id, false, now],
        )?;
        Ok(taken == 1)
    }

    /// Marks arena `id` finished: its standings are final.
    pub fn finish_arena(&self, id: &str) -> Result<(), StoreError> {
        self.db()
            .exec(
                "UPDATE arenas SET finished = $1, runner = NULL WHERE id = $2",
                params![true, id],
            )
            .map(drop)
    }

    /// Arena `id`'s maker `by` ends it now; `false` if it is not theirs or has ended.
    pub fn end_arena_early(&self, id: &str, by: AccountId, now: i64) -> Result<bool, StoreError> {
        let n = self.db().exec(
            "UPDATE arenas SET ended_early_ms = $1 WHERE id = $2 AND created_by = $3 \
             AND finished = $4 AND ended_early_ms IS NULL",
            params![now, id, by, false],
        )?;
        Ok(n == 1)
    }

    /// `account` joins arena `id`, or comes back to it after a pause.
    pub fn join_arena(&self, id: &str, account: AccountId) -> Result<(), StoreError> {
        self.db()
            .exec(
                "INSERT INTO arena_players (arena, account_id, joined_ms, paused, seen_ms, \
                 back_ms) VALUES ($1, $2, $3, $4, $3, $3) ON CONFLICT (arena, account_id) \
                 DO UPDATE SET paused = $4, seen_ms = $3, back_ms = $3",
                params![id, account, now_ms(), false],
            )
            .map(drop)
    }

    /// Notes that `account`'s page of arena `id` is open now.
    pub fn seen_in_arena(&self, id: &str, account: AccountId, now: i64) -> Result<(), StoreError> {
        self.db()
            .exec(
                "UPDATE arena_players SET seen_ms = $1 WHERE arena = $2 AND account_id = $3",
                params![now, id, account],
            )
            .map(drop)
    }

    /// Pauses `account` in arena `id` (no new games until they come back); `false` if
    /// they are not in it.
    pub fn pause_arena(&self, id: &str, account: AccountId) -> Result<bool, StoreError> {
        let n = self.db().exec(
            "UPDATE arena_players SET paused = $1 WHERE arena = $2 AND account_id = $3",
            params![true, id, account],
        )?;
        Ok(n == 1)
    }

    /// The players of arena `id`, first to join first, with their names and their
    /// ratings under `preset`.
    pub fn arena_players(
        &self,
        id: &str,
        preset: Option<seabattle_core::Preset>,
    ) -> Result<Vec<ArenaPlayer>, StoreError> {
        let preset = preset.map_or("", |p| p.name());
        self.db().rows(
            "SELECT p.account_id, a.name, a.bot, r.rating, r.deviation, p.joined_ms, p.seen_ms, p.back_ms, p.paused \
             FROM arena_players p JOIN accounts a ON a.id = p.account_id \
             LEFT JOIN ratings r ON r.account_id = p.account_id AND r.preset = $2 \
             WHERE p.arena = $1 ORDER BY p.joined_ms, p.account_id",
            params![id, preset],
        )
    }

    /// The games of arena `id`, in the order they were made.
    pub fn arena_games(&self, id: &str) -> Result<Vec<ArenaGame>, StoreError> {
        self.db().rows(
            &format!(
                "SELECT {GAME_COLUMNS} FROM arena_games WHERE arena = $1 ORDER BY created_ms, game"
            ),
            params![id],
        )
    }

    /// Notes game `game` as arena `arena`'s, between `one` and `two`.
    pub fn add_arena_game(
        &self,
        arena: &str,
        game: &str,
        one: AccountId,
        two: AccountId,
    ) -> Result<(), StoreError> {
        self.db()
            .exec(
                "INSERT INTO arena_games (game, arena, one, two, created_ms) \
                 VALUES ($1, $2, $3, $4, $5)",
                params![game, arena, one, two, now_ms()],
            )
            .map(drop)
    }

    /// The arena game `game` ended as `end`: the arena's id, or none if `game` is no
    /// arena's or its end was noted already.
    pub fn end_arena_game(&self, game: &str, end: &GameEnd) -> Result<Option<String>, StoreError> {
        let winner: Option<i64> = end.winner.map(|p| if p == Player::One { 1 } else { 2 });
        self.db().tx(|sql| {
            let n = sql.exec(
                "UPDATE arena_games SET ended_ms = $1, winner = $2, shots_one = $3, \
                 shots_two = $4, reason = $5 WHERE game = $6 AND ended_ms IS NULL",
                params![
                    now_ms(),
                    winner,
                    end.shots[0],
                    end.shots[1],
                    end.reason,
                    game
                ],
            )?;
            if n == 0 {
                return Ok(None);
            }
            let arena: Option<ArenaOf> = sql.row(
                "SELECT arena FROM arena_games WHERE game = $1",
                params![game],
            )?;
            Ok(arena.map(|a| a.arena))
        })
    }

    /// Notes that seat `p` of arena game `game` went berserk: `false` when the game is
    /// no arena's or has ended.
    pub fn set_berserk(&self, game: &str, p: Player) -> Result<bool, StoreError> {
        let column = if p == Player::One {
            "berserk_one"
        } else {
            "berserk_two"
        };
        let n = self.db().exec(
            &format!("UPDATE arena_games SET {column} = $1 WHERE game = $2 AND ended_ms IS NULL"),
            params![true, game],
        )?;
        Ok(n == 1)
    }

    /// The arena game `game`, with its arena's clock, if it is one.
    pub fn arena_game(&self, game: &str) -> Result<Option<(ArenaGame, u32)>, StoreError> {
        let row: Option<GameWithClock> = self.db().row(
            &format!(
                "SELECT {}, a.clock FROM arena_games g JOIN arenas a ON a.id = g.arena \
                 WHERE g.game = $1",
                GAME_COLUMNS
                    .split(", ")
                    .map(|c| format!("g.{c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            params![game],
        )?;
        Ok(row.map(|r| (r.game, r.clock)))
    }

    /// The arenas `account` played in, latest first, at most `limit`.
    pub fn arenas_of(
        &self,
        account: AccountId,
        limit: u32,
    ) -> Result<Vec<StoredArena>, StoreError> {
        let columns = ARENA_COLUMNS
            .split(", ")
            .map(|c| format!("a.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        self.db().rows(
            &format!(
                "SELECT {columns} FROM arenas a JOIN arena_players p ON p.arena = a.id \
                 WHERE p.account_id = $1 ORDER BY a.starts_ms DESC LIMIT $2"
            ),
            params![account, limit],
        )
    }
}

struct ArenaOf {
    arena: String,
}

impl FromRow for ArenaOf {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(ArenaOf {
            arena: r.get("arena")?,
        })
    }
}

struct GameWithClock {
    game: ArenaGame,
    clock: u32,
}

impl FromRow for GameWithClock {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(GameWithClock {
            game: ArenaGame::from_row(r)?,
            clock: r.get("clock")?,
        })
    }
}

struct Count {
    n: usize,
}

/// An arena's number of players.
struct PlayerCount {
    arena: String,
    n: u32,
}

impl FromRow for PlayerCount {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        let n: i64 = r.get("n")?;
        Ok(PlayerCount {
            arena: r.get("arena")?,
            n: u32::try_from(n).unwrap_or(u32::MAX),
        })
    }
}

impl FromRow for Count {
    fn from_row(r: &Row) -> Result<Self, StoreError> {
        Ok(Count { n: r.get("n")? })
    }
}
