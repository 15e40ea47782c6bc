//! Who waits for a random opponent: one [`Seeker`] type for every queue (a lone
//! server's, a cluster's shared one, plain or rated), kept in one [`Seekers`] list.

use crate::conn::Conn;
use crate::ids::AccountId;
use crate::protocol::SeatAccountJson;
use crate::protocol::{CASUAL_AFTER_SECS, ServerMsg};
use crate::ratings::glicko;
use seabattle_bots::Level;
use seabattle_core::{Preset, Rules};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How often a seeker looks again with its widened window.
pub const RETRY: Duration = Duration::from_secs(2);

/// How long a seeker for a rated game looks only for another before it meets anyone.
pub const CASUAL_AFTER: Duration = Duration::from_secs(CASUAL_AFTER_SECS);

/// A signed-in player waiting for a rated game under a preset.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedAs {
    /// The account.
    pub account: AccountId,
    /// The preset, whose rating it plays for.
    pub preset: Preset,
    /// Its rating under the preset when it began to wait.
    pub rating: f64,
}

/// In a cluster, a seeker's place in the shared queue: the waiter id its row carries
/// (and the pairing node's notice names), and the seat token its own node made for it
/// (the row holds only the token's hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The waiter id.
    pub waiter: String,
    /// The seat token, sent to the seeker once paired.
    pub token: String,
}

/// A player waiting for a random opponent.
#[derive(Clone)]
pub struct Seeker {
    /// Their connection.
    pub conn: Conn,
    /// The rules they play.
    pub rules: Rules,
    /// Since when.
    pub since: Instant,
    /// Set when they wait for a rated game.
    pub rated: Option<RatedAs>,
    /// Set when they wait in a cluster's shared queue.
    pub ticket: Option<Ticket>,
    /// Their place in the one pool the lobby lists: what the lobby's `join` names
    /// after [`SEEKER_PREFIX`] (in a cluster, the waiter id of their row too).
    pub public: String,
    /// Their account as the lobby shows it (name, rating under the rules' preset).
    pub shown: Option<seabattle_wire::SeatAccountJson>,
    /// The accounts they are kept apart from (either blocks the other): never paired.
    pub apart: Vec<AccountId>,
}

/// What a seeker's place in the lobby starts with: never a game id.
pub const SEEKER_PREFIX: &str = "q-";

impl Seeker {
    /// A seeker on `conn` under `rules`, from now.
    pub fn new(conn: Conn, rules: Rules, rated: Option<RatedAs>) -> Seeker {
        Seeker {
            conn,
            rules,
            since: Instant::now(),
            rated,
            ticket: None,
            public: crate::ids::new_token(),
            shown: None,
            apart: Vec::new(),
        }
    }

    /// The seeker as the lobby lists it, among the open games.
    pub fn listing(&self) -> seabattle_wire::OpenGameJson {
        seabattle_wire::OpenGameJson {
            game: format!("{SEEKER_PREFIX}{}", self.public),
            rules: self.rules.to_string(),
            clock: None,
            rated: self.rated.is_some(),
            name: None,
            account: self.shown.clone(),
            seeking: true,
        }
    }

    /// Whether `self` and `other` may be paired at `now`: other connections, the same
    /// rules, and for a rated pair other accounts within the rating window the longer
    /// of their two waits has earned. A seeker for a rated game meets one who cannot
    /// play rated once it has waited [`CASUAL_AFTER`]; their game is casual.
    pub fn meets(&self, other: &Seeker, now: Instant) -> bool {
        if self.conn.id == other.conn.id
            || other.conn.is_closed()
            || self.rules != other.rules
            || self.kept_apart(other)
        {
            return false;
        }
        match (&self.rated, &other.rated) {
            (None, None) => true,
            (Some(a), Some(b)) => {
                let waited = now.duration_since(self.since.min(other.since));
                a.account != b.account
                    && a.preset == b.preset
                    && (a.rating - b.rating).abs() <= window(waited)
            }
            (Some(_), None) => now.duration_since(self.since) >= CASUAL_AFTER,
            (None, Some(_)) => now.duration_since(other.since) >= CASUAL_AFTER,
        }
    }

    /// Whether `self` and `other` are kept apart: either's account blocks the other's.
    pub fn kept_apart(&self, other: &Seeker) -> bool {
        let of = |s: &Seeker| s.conn.account().map(|a| a.id);
        match (of(self), of(other)) {
            (Some(a), Some(b)) => self.apart.contains(&b) || other.apart.contains(&a),
            _ => false,
        }
    }

    /// Whether a game between `self` and `other` would be casual because one of them
    /// waits for a rated game and the other cannot play one.
    pub fn mixed(&self, other: &Seeker) -> bool {
        self.rated.is_some() != other.rated.is_some()
    }

    /// How long to sleep before looking again: [`RETRY`], or less to wake at the moment
    /// the computer is to be offered (after `queue_wait`), unless it was `offered`.
    pub fn nap(&self, queue_wait: Duration, offered: bool) -> Duration {
        if offered {
            return RETRY;
        }
        (self.since + queue_wait)
            .saturating_duration_since(Instant::now())
            .min(RETRY)
    }

    /// Tells the seeker it waits, and how.
    pub fn tell_queued(&self) {
        self.conn.send(
            ServerMsg::Queued {
                rules: self.rules.to_string(),
                rated: self.rated.is_some(),
            }
            .to_text(),
        );
    }

    /// Tells the seeker nobody came by `now`, and offers the computer: for a seeker of
    /// a rated game, a rated game against the level or the online BOT nearest in
    /// rating (`offered`: `level` names a level, `bot` shows the seat either way).
    pub fn offer_computer(&self, now: Instant, offered: Option<Offered>) {
        let level = match &offered {
            Some(Offered::Level(l, _)) => Some(l.name().to_string()),
            _ => None,
        };
        self.conn.send(
            ServerMsg::QueueOffer {
                rules: self.rules.to_string(),
                waited_secs: now.duration_since(self.since).as_secs(),
                level,
                bot: offered.map(|o| o.shown().clone()),
            }
            .to_text(),
        );
    }

    /// How far apart in rating `self` and `other` are: 0 when unrated.
    pub fn gap(&self, other: &Seeker) -> f64 {
        match (&self.rated, &other.rated) {
            (Some(a), Some(b)) => (a.rating - b.rating).abs(),
            _ => 0.0,
        }
    }
}

/// What a seeker is offered.
#[derive(Clone, Debug, PartialEq)]
pub enum Offered {
    /// A rated game against a computer's level, shown as its account.
    Level(Level, SeatAccountJson),
    /// A rated game against a BOT account online now, by challenge.
    Bot(SeatAccountJson),
}

impl Offered {
    /// The seat it would sit in, as the board shows it.
    pub fn shown(&self) -> &SeatAccountJson {
        match self {
            Offered::Level(_, s) | Offered::Bot(s) => s,
        }
    }
}

/// The rating difference accepted once the longer waiter of a pair has waited
/// `waited`.
pub fn window(waited: Duration) -> f64 {
    glicko::window(waited.as_secs_f64())
}

/// Everyone waiting on this server.
#[derive(Default)]
pub struct Seekers(Mutex<Vec<Seeker>>);

impl Seekers {
    /// The list, held for one look.
    pub fn lock(&self) -> MutexGuard<'_, Vec<Seeker>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Takes the seeker of connection `conn` out, if it waits.
    pub fn take_conn(&self, conn: u64) -> Option<Seeker> {
        let mut list = self.lock();
        let at = list.iter().position(|s| s.conn.id == conn)?;
        Some(list.swap_remove(at))
    }

    /// Takes the seeker whose shared queue row is `waiter` out, if it waits here.
    pub fn take_waiter(&self, waiter: &str) -> Option<Seeker> {
        let mut list = self.lock();
        let at = list
            .iter()
            .position(|s| s.ticket.as_ref().is_some_and(|t| t.waiter == waiter))?;
        Some(list.swap_remove(at))
    }

    /// Tells `me` it waits, if it still does: under the list's lock, so a pairing
    /// that takes it out (and says `joined`) comes wholly before or after.
    pub fn tell_queued(&self, me: &Seeker) {
        let list = self.lock();
        if list.iter().any(|s| s.conn.id == me.conn.id) {
            me.tell_queued();
        }
    }

    /// Whether connection `conn` still waits.
    pub fn waits(&self, conn: u64) -> bool {
        self.lock().iter().any(|s| s.conn.id == conn)
    }

    /// Takes the seeker listed in the lobby as `public` out, if it still waits here.
    pub fn take_public(&self, public: &str) -> Option<Seeker> {
        let mut list = self.lock();
        let at = list
            .iter()
            .position(|s| s.public == public && !s.conn.is_closed())?;
        Some(list.swap_remove(at))
    }

    /// The seekers waiting here, as the lobby lists them, the longest waiting first.
    pub fn listed(&self) -> Vec<seabattle_wire::OpenGameJson> {
        let list = self.lock();
        let mut open: Vec<&Seeker> = list.iter().filter(|s| !s.conn.is_closed()).collect();
        open.sort_by_key(|s| s.since);
        open.into_iter().map(Seeker::listing).collect()
    }

    /// A seeker's listing, here, if it still waits.
    pub fn listing(&self, public: &str) -> Option<seabattle_wire::OpenGameJson> {
        self.lock()
            .iter()
            .find(|s| s.public == public && !s.conn.is_closed())
            .map(Seeker::listing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_widens_with_waiting_up_to_its_cap() {
        assert_eq!(window(Duration::ZERO), glicko::WINDOW_START);
        assert_eq!(window(Duration::from_secs(10)), 300.0);
        assert_eq!(window(Duration::from_secs(3600)), glicko::WINDOW_MAX);
    }
}
