//! A connection as the rest of the server sees it: where to send, and what it is bound to.

use crate::ids::{AccountId, GameId};
use seabattle_core::Player;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Frames a connection may have queued before new ones are dropped; a client that reads
/// this slowly must `sync` to catch up, and cannot hold up a game.
pub const QUEUE: usize = 256;

/// The game a connection plays or watches.
#[derive(Clone)]
pub struct Binding {
    /// The game id (its task's handle is in the hub while it is live).
    pub game: GameId,
    /// The seat, or `None` for a spectator.
    pub seat: Option<Player>,
}

/// What the connection's writer sends, as its queue carries it: one pointer. The
/// queue's first block of slots is allocated whole with every connection (32 slots), so
/// a slot's size is paid by each of them; a frame's own allocation lives only while it
/// waits.
pub type Queued = Box<Out>;

/// What the connection's writer sends.
pub enum Out {
    /// A text frame.
    Text(String),
    /// A text frame whose bytes many connections share (the lobby's message): sent
    /// without a copy per connection.
    Shared(bytes::Bytes),
    /// A close frame with its code and reason; nothing is sent after it.
    Close(u16, &'static str),
}

/// The account a connection acts for: its session cookie's, read once when the socket
/// opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The account's id.
    pub id: AccountId,
    /// Its name.
    pub name: String,
    /// Whether it is a BOT, acting through an API token.
    pub bot: bool,
}

/// A handle to one connection, cheap to clone.
#[derive(Clone)]
pub struct Conn {
    /// Unique within the process.
    pub id: u64,
    /// The client's address, which per-address limits count against.
    pub ip: IpAddr,
    tx: mpsc::Sender<Queued>,
    binding: Arc<Mutex<Option<Binding>>>,
    account: Option<Arc<Account>>,
    /// Set when the account signed out everywhere or was deleted: the socket acts for
    /// nobody from then on.
    revoked: Arc<AtomicBool>,
    /// The accounts whose quick chat this signed-in socket does not hear (those its
    /// account blocks); shared by its clones, `None` for a guest.
    ignored: Option<Arc<Mutex<Vec<AccountId>>>>,
}

impl Conn {
    /// A handle for the client at `ip`, sending frames to `tx`, signed in to
    /// `account` if it is.
    pub fn new(id: u64, ip: IpAddr, tx: mpsc::Sender<Queued>, account: Option<Account>) -> Conn {
        Conn {
            id,
            ip,
            tx,
            binding: Arc::new(Mutex::new(None)),
            ignored: account.as_ref().map(|_| Arc::default()),
            account: account.map(Arc::new),
            revoked: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The same connection acting for `account` from now on (a BOT's `auth`, before
    /// the socket is anywhere): the same id, address and queue.
    pub fn signed_in(&self, account: Account) -> Conn {
        Conn {
            id: self.id,
            ip: self.ip,
            tx: self.tx.clone(),
            binding: Arc::clone(&self.binding),
            account: Some(Arc::new(account)),
            revoked: Arc::new(AtomicBool::new(false)),
            ignored: Some(Arc::default()),
        }
    }

    fn ignored(&self) -> Option<std::sync::MutexGuard<'_, Vec<AccountId>>> {
        self.ignored
            .as_ref()
            .map(|m| m.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// From now on the socket does not hear the quick chat of `accounts` (those its
    /// account blocks), and hears everyone else's.
    pub fn set_ignored(&self, accounts: Vec<AccountId>) {
        if let Some(mut list) = self.ignored() {
            *list = accounts;
        }
    }

    /// The socket stops hearing `account`'s quick chat (its account blocked them).
    pub fn ignore(&self, account: AccountId) {
        if let Some(mut list) = self.ignored() {
            if !list.contains(&account) {
                list.push(account);
            }
        }
    }

    /// The socket hears `account`'s quick chat again (its account unblocked them).
    pub fn unignore(&self, account: AccountId) {
        if let Some(mut list) = self.ignored() {
            list.retain(|a| *a != account);
        }
    }

    /// Whether the socket does not hear `account`'s quick chat.
    pub fn ignores(&self, account: AccountId) -> bool {
        self.ignored().is_some_and(|list| list.contains(&account))
    }

    /// The account the connection acts for, if signed in (and not signed out since).
    pub fn account(&self) -> Option<&Account> {
        self.account
            .as_deref()
            .filter(|_| !self.revoked.load(Ordering::Acquire))
    }

    /// The account the connection opened with, signed out since or not: what it is
    /// filed under among the account's sockets.
    pub fn signed_in_as(&self) -> Option<AccountId> {
        self.account.as_ref().map(|a| a.id)
    }

    /// Stops acting for the account at once (see [`crate::accounts::sockets`]).
    pub fn revoke(&self) {
        self.revoked.store(true, Ordering::Release);
    }

    /// Queues a frame; a full queue drops it (see [`QUEUE`]).
    pub fn send(&self, text: String) {
        let _ = self.tx.try_send(Box::new(Out::Text(text)));
    }

    /// Queues a text frame many connections share (valid UTF-8, from a `String`); a
    /// full queue drops it.
    pub fn send_shared(&self, text: bytes::Bytes) {
        let _ = self.tx.try_send(Box::new(Out::Shared(text)));
    }

    /// Queues a close frame after whatever is queued.
    pub fn close(&self, code: u16, reason: &'static str) {
        let _ = self.tx.try_send(Box::new(Out::Close(code, reason)));
    }

    /// Whether the connection has gone.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// The current binding.
    pub fn binding(&self) -> Option<Binding> {
        self.binding
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Binds the connection to a game (or to none), returning the previous binding.
    pub fn bind(&self, b: Option<Binding>) -> Option<Binding> {
        std::mem::replace(
            &mut *self.binding.lock().unwrap_or_else(|p| p.into_inner()),
            b,
        )
    }
}
