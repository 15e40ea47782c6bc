//! What one client address may hold and do at once: open connections, games created per
//! minute, unfinished games, record downloads per minute (the limits in
//! [`crate::Limits`]). Counted in memory; an address with nothing counted is forgotten.

use crate::config::Limits;
use crate::error::Failure;
use crate::ids::GameId;
use crate::protocol::ErrorCode;
use axum::http::HeaderMap;
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const MINUTE: Duration = Duration::from_secs(60);

/// One address's usage.
#[derive(Debug, Default)]
struct Usage {
    connections: u32,
    created: VecDeque<Instant>,
    downloads: VecDeque<Instant>,
    unfinished: HashSet<GameId>,
    /// Games allowed and being created: they count as unfinished already, so many
    /// requests at once cannot all pass the check.
    pending: u32,
}

impl Usage {
    fn prune(&mut self, now: Instant) {
        for q in [&mut self.created, &mut self.downloads] {
            while q.front().is_some_and(|t| now.duration_since(*t) >= MINUTE) {
                q.pop_front();
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.connections == 0
            && self.created.is_empty()
            && self.downloads.is_empty()
            && self.unfinished.is_empty()
            && self.pending == 0
    }
}

/// Every address's usage.
#[derive(Debug)]
pub struct Addresses {
    limits: Limits,
    map: Mutex<HashMap<IpAddr, Usage>>,
}

/// A game allowed to be created, counted among its address's unfinished games.
#[derive(Debug)]
pub struct Reservation {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Reservation {
    /// The game was created as `id`: it stays counted until [`Addresses::closed`].
    pub fn opened(self, id: &GameId) {
        self.addresses
            .with(self.ip, |u| u.unfinished.insert(id.clone()));
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.addresses
            .with(self.ip, |u| u.pending = u.pending.saturating_sub(1));
    }
}

/// An open connection, counted until dropped.
pub struct Connection {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.addresses.with(self.ip, |u| {
            u.connections = u.connections.saturating_sub(1);
        });
    }
}

impl Addresses {
    /// Counting against `limits`.
    pub fn new(limits: Limits) -> Addresses {
        Addresses {
            limits,
            map: Mutex::new(HashMap::new()),
        }
    }

    fn with<T>(&self, ip: IpAddr, f: impl FnOnce(&mut Usage) -> T) -> T {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let usage = map.entry(ip).or_default();
        usage.prune(Instant::now());
        let out = f(usage);
        if usage.is_empty() {
            map.remove(&ip);
        }
        out
    }

    /// A new connection from `ip`, or why not.
    pub fn connect(self: &Arc<Self>, ip: IpAddr) -> Result<Connection, String> {
        let max = self.limits.connections_per_address;
        self.with(ip, |u| {
            if u.connections >= max {
                return Err(format!(
                    "too many connections from your address (at most {max} at once)"
                ));
            }
            u.connections += 1;
            Ok(())
        })?;
        Ok(Connection {
            addresses: Arc::clone(self),
            ip,
        })
    }

    /// Whether `ip` may create a game now; the attempt counts either way. The game
    /// counts among the address's unfinished ones until the reservation is dropped or
    /// [`Reservation::opened`].
    pub fn may_create(self: &Arc<Self>, ip: IpAddr) -> Result<Reservation, Failure> {
        let (per_minute, unfinished) = (
            self.limits.games_per_minute,
            self.limits.unfinished_per_address,
        );
        self.with(ip, |u| {
            if u.created.len() >= per_minute as usize {
                return Err(Failure::refused(
                    ErrorCode::Limit,
                    format!(
                        "your address created {per_minute} games in the last minute; wait a little"
                    ),
                ));
            }
            u.created.push_back(Instant::now());
            if u.unfinished.len() + u.pending as usize >= unfinished as usize {
                return Err(Failure::refused(
                    ErrorCode::Limit,
                    format!(
                        "your address has {unfinished} unfinished games; finish or resign one first"
                    ),
                ));
            }
            u.pending += 1;
            Ok(())
        })?;
        Ok(Reservation {
            addresses: Arc::clone(self),
            ip,
        })
    }

    /// Game `id`, created by `ip`, is over (or closed).
    pub fn closed(&self, ip: IpAddr, id: &GameId) {
        self.with(ip, |u| u.unfinished.remove(id));
    }

    /// Whether `ip` may download a record now; the download counts if so.
    pub fn may_download(&self, ip: IpAddr) -> bool {
        let max = self.limits.records_per_minute as usize;
        self.with(ip, |u| {
            let ok = u.downloads.len() < max;
            if ok {
                u.downloads.push_back(Instant::now());
            }
            ok
        })
    }

    /// Addresses with anything counted.
    #[cfg(test)]
    pub fn tracked(&self) -> usize {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            connections_per_address: 2,
            games_per_minute: 3,
            unfinished_per_address: 2,
            records_per_minute: 2,
            ..Limits::default()
        }
    }

    #[test]
    fn connections_are_counted_until_dropped() {
        let a = Arc::new(Addresses::new(limits()));
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let c1 = a.connect(ip).unwrap();
        let _c2 = a.connect(ip).unwrap();
        assert!(a.connect(ip).is_err());
        assert!(a.connect("10.0.0.2".parse().unwrap()).is_ok());
        drop(c1);
        assert!(a.connect(ip).is_ok());
    }

    #[test]
    fn creations_per_minute_and_unfinished_games_are_bounded() {
        let a = Arc::new(Addresses::new(limits()));
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let (g1, g2) = (GameId::random(), GameId::random());
        a.may_create(ip).unwrap().opened(&g1);
        let pending = a.may_create(ip).unwrap();
        // The game being created counts already.
        assert_eq!(
            a.may_create(ip).unwrap_err().into_client().code,
            ErrorCode::Limit
        );
        pending.opened(&g2);
        a.closed(ip, &g1);
        // The fourth attempt in a minute is refused even with room for a game.
        assert_eq!(
            a.may_create(ip).unwrap_err().into_client().code,
            ErrorCode::Limit
        );
    }

    #[test]
    fn an_address_with_nothing_counted_is_forgotten() {
        let a = Arc::new(Addresses::new(limits()));
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        drop(a.connect(ip).unwrap());
        assert_eq!(a.tracked(), 0);
        assert!(a.may_download(ip));
        assert!(a.may_download(ip));
        assert!(!a.may_download(ip));
    }
}

/// The client behind a connection from `peer`: a trusted proxy's `X-Forwarded-For`
/// names it (the last address, the one the proxy itself added); anyone else is who
/// they are, whatever they claim.
pub fn client_of(trusted: &[IpAddr], peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
    if !trusted.contains(&peer.ip()) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|v| v.trim().parse::<IpAddr>().ok());
    forwarded.map_or(peer, |ip| SocketAddr::new(ip, peer.port()))
}

#[cfg(test)]
mod forwarded_tests {
    use super::*;

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let proxy: SocketAddr = "10.0.0.1:5000".parse().unwrap();
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", "1.1.1.1, 2.2.2.2".parse().unwrap());
        h.append("x-forwarded-for", "3.3.3.3".parse().unwrap());
        let trusted = [proxy.ip()];
        assert_eq!(client_of(&trusted, proxy, &h).ip().to_string(), "3.3.3.3");
        assert_eq!(client_of(&[], proxy, &h), proxy);
        assert_eq!(client_of(&trusted, proxy, &HeaderMap::new()), proxy);
    }
}
