//! Server settings: where to store, and the limits that keep one client from hurting others.

use crate::error::ServerError;
use seabattle_bots::Level;
use std::collections::BTreeMap;
use std::time::Duration;

pub use crate::db::url::DbUrl;

/// Limits on what a client may send.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest message answered with an error rather than refused outright; a message
    /// more than four times this size closes the socket.
    pub max_message_bytes: usize,
    /// Messages a client may send per second, sustained.
    pub messages_per_second: u32,
    /// Messages a client may send in a burst above the sustained rate.
    pub burst: u32,
    /// Messages refused for flooding before the socket is closed.
    pub flood_strikes: u32,
    /// Longest turn clock a game may ask for, in seconds.
    pub max_clock_secs: u32,
    /// Open WebSocket connections from one address at once; more are refused with
    /// HTTP 429.
    pub connections_per_address: u32,
    /// Games one address may create (`new_game`) per minute, refused ones included.
    pub games_per_minute: u32,
    /// Games created by one address that may be unfinished at once.
    pub unfinished_per_address: u32,
    /// Record and replay downloads (`/games/ID/…`) one address may make per minute.
    pub records_per_minute: u32,
    /// How long a new game's fleet may take to draw: rules whose uniform fleet takes
    /// longer are refused when a game is created (`too_costly`).
    pub draw_budget: Duration,
    /// How long any one request's computation may take (a fleet drawn, a layout, a
    /// fleet checked, a record rendered) before it is answered `too_costly`.
    pub work_budget: Duration,
    /// A game still in placement this long after it was created is closed as
    /// abandoned.
    pub placement_expiry: Duration,
    /// A battle whose players have both been away this long is closed as abandoned
    /// (the computer counts as away).
    pub away_expiry: Duration,
    /// In a game between people without a clock, how long an opponent must have been
    /// away before the player who stayed may claim the win (`claim_win`).
    pub claim_after: Duration,
    /// Quick-chat phrases one seat may say at once…
    pub chat_burst: u32,
    /// …and how often one more comes back after that.
    pub chat_every: Duration,
    /// Rated games the same two accounts may play against each other in 24 hours;
    /// later ones are casual, so a rating cannot be farmed between friends.
    pub rated_per_pair: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            messages_per_second: 20,
            burst: 40,
            flood_strikes: 20,
            max_clock_secs: 3600,
            connections_per_address: 64,
            games_per_minute: 30,
            unfinished_per_address: 20,
            records_per_minute: 60,
            draw_budget: Duration::from_millis(200),
            work_budget: Duration::from_secs(2),
            placement_expiry: Duration::from_secs(60 * 60),
            away_expiry: Duration::from_secs(24 * 60 * 60),
            claim_after: Duration::from_secs(60),
            chat_burst: 3,
            chat_every: Duration::from_secs(2),
            rated_per_pair: 3,
        }
    }
}

/// Everything [`crate::launch`] needs besides the listener.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where games are stored.
    pub db: DbUrl,
    /// What clients may send.
    pub limits: Limits,
    /// How long a player waits in the random-opponent queue before being offered the
    /// computer.
    pub queue_wait: Duration,
    /// Bot programs (docs/bot-protocol.md) players may pick as the computer, like a
    /// level: the shell command of each, by name. See [`Config::add_bot`].
    pub bots: BTreeMap<String, String>,
    /// This server's name among the nodes sharing a PostgreSQL database (shown in
    /// `welcome`, the metrics and the logs); unused with SQLite.
    pub node: String,
    /// Addresses of the proxies in front of the server (HAProxy): a connection from one
    /// of them is counted against the client address its `X-Forwarded-For` names.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Origins besides the server's own whose pages may use a player's session
    /// (`https://host[:port]`): a request that changes an account, or a WebSocket
    /// carrying a session cookie, from any other origin is refused.
    pub allowed_origins: Vec<String>,
    /// How long a busy server waits after a move for others to store in the same
    /// transaction (group commit, see `store/group.rs`): longer means fewer commits
    /// and a later answer. Zero stores only what queued during the last commit.
    pub commit_window: Duration,
    /// How long a challenge waits for its answer before it expires.
    pub challenge_ttl: Duration,
    /// Seconds a BOT's move is due within in a game without a clock.
    pub bot_move_secs: u32,
    /// How many games one BOT account may play at once: a challenge it would accept
    /// past that is refused (`too_many_games`).
    pub bot_games: u32,
    /// Whether a BOT's API token is taken over plain HTTP from a remote address. By
    /// default a token is taken over TLS (a trusted proxy's `X-Forwarded-Proto:
    /// https`) or from this machine only, so it never crosses a network in clear.
    pub plain_tokens: bool,
    /// How often the lobby (online count, games played, open games) is sent to the
    /// pages that follow it, when it changed: at most one message per socket this often.
    pub lobby_every: Duration,
    /// The daily sea's clock: the system's, unless a test moves it to play across
    /// midnight (`crate::daily`).
    pub daily_clock: crate::daily::day::DailyClock,
    /// The operator's repeating arenas (`crate::arenas::schedule`).
    pub arena_schedule: crate::arenas::schedule::Schedule,
    /// How long an arena's game waits for both fleets before a seat that placed none
    /// loses it (or, if neither did, it is closed and nobody wins).
    pub arena_placement: Duration,
    /// How long a BOT's seat may keep a person who has placed waiting for its fleet
    /// before it resigns (see [`crate::game::forfeit`]).
    pub bot_placement: Duration,
    /// Words not allowed in account and arena names (`serve --forbidden-words`; the
    /// crate's own short list by default, see `crate::moderation::words`).
    pub forbidden_words: std::sync::Arc<crate::moderation::words::ForbiddenWords>,
}

/// The default [`Config::commit_window`].
pub const COMMIT_WINDOW: Duration = Duration::from_millis(2);

impl Config {
    /// Default limits with games stored at `db`.
    pub fn new(db: DbUrl) -> Config {
        Config {
            db,
            limits: Limits::default(),
            queue_wait: Duration::from_secs(20),
            bots: BTreeMap::new(),
            node: "node".to_string(),
            trusted_proxies: Vec::new(),
            allowed_origins: Vec::new(),
            commit_window: COMMIT_WINDOW,
            challenge_ttl: Duration::from_secs(60),
            bot_move_secs: 10,
            bot_games: 50,
            plain_tokens: false,
            lobby_every: Duration::from_secs(2),
            daily_clock: Default::default(),
            arena_schedule: crate::arenas::schedule::DEFAULT.parse().unwrap_or_default(),
            arena_placement: Duration::from_secs(60),
            bot_placement: Duration::from_secs(60),
            forbidden_words: Default::default(),
        }
    }

    /// Registers the bot program `command` (run with `sh -c`) under `name`: letters,
    /// digits, `-` and `_`, and not the name of a level.
    pub fn add_bot(&mut self, name: &str, command: &str) -> Result<(), ServerError> {
        let bad = |m: String| Err(ServerError::BadBot(m));
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return bad(format!("bot name {name:?}: use letters, digits, - and _"));
        }
        if name.parse::<Level>().is_ok() {
            return bad(format!("bot name {name:?} is a level's name"));
        }
        if command.trim().is_empty() {
            return bad(format!("bot {name:?} has an empty command"));
        }
        self.bots.insert(name.to_string(), command.to_string());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert_eq!(
            "sqlite:///tmp/x.db".parse::<DbUrl>().unwrap(),
            DbUrl::Sqlite("/tmp/x.db".into())
        );
        assert_eq!(
            "sqlite:x.db".parse::<DbUrl>().unwrap(),
            DbUrl::Sqlite("x.db".into())
        );
        assert_eq!(
            "games.db".parse::<DbUrl>().unwrap(),
            DbUrl::Sqlite("games.db".into())
        );
        assert!(matches!(
            "postgres://u:p@h/db".parse::<DbUrl>().unwrap(),
            DbUrl::Postgres(_)
        ));
        assert!("mysql://h/db".parse::<DbUrl>().is_err());
        assert!("".parse::<DbUrl>().is_err());
        let shown = "postgres://u:secret@h/db"
            .parse::<DbUrl>()
            .unwrap()
            .display();
        assert!(!shown.contains("secret"), "{shown}");
    }

    #[test]
    fn bots_are_registered_under_fresh_names() {
        let mut c = Config::new(DbUrl::Sqlite("x.db".into()));
        c.add_bot("pybot-2", "python3 bot.py").unwrap();
        assert_eq!(c.bots["pybot-2"], "python3 bot.py");
        assert!(c.add_bot("hard", "x").is_err());
        assert!(c.add_bot("my bot", "x").is_err());
        assert!(c.add_bot("", "x").is_err());
        assert!(c.add_bot("quiet", " ").is_err());
    }
}
