//! Secrets and names: player tokens, game ids, salts, and the fleet commitment.

use rand::{Rng, RngExt};
use sha2::{Digest, Sha256};

/// Letters of game ids: no look-alikes (0/o, 1/l/i), so a code can be read aloud.
const ID_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// Length of a game id: 31^10 ≈ 8·10^14 ids.
pub const ID_LEN: usize = 10;

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `n` random bytes from the thread's cryptographic generator, as hex.
fn random_hex(n: usize) -> String {
    let mut buf = vec![0u8; n];
    rand::rng().fill_bytes(&mut buf);
    hex(&buf)
}

/// A player's secret: 256 random bits.
pub fn new_token() -> String {
    random_hex(32)
}

/// The salt mixed into a fleet commitment: 128 random bits.
pub fn new_salt() -> String {
    random_hex(16)
}

/// A game's public id: [`ID_LEN`] letters of [`ID_ALPHABET`], also the code a friend
/// types to join. Made only by [`GameId::random`] or checked by [`GameId::parse`], so
/// past that every id is one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// A new random id.
    pub fn random() -> GameId {
        let mut rng = rand::rng();
        GameId(
            (0..ID_LEN)
                .map(|_| ID_ALPHABET[rng.random_range(0..ID_ALPHABET.len())] as char)
                .collect(),
        )
    }

    /// `s` as a game id, if it could be one (checked before touching storage).
    pub fn parse(s: &str) -> Option<GameId> {
        (s.len() == ID_LEN && s.bytes().all(|b| ID_ALPHABET.contains(&b))).then(|| GameId(s.into()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The path that joins (or watches) the game.
    pub fn link(&self) -> String {
        format!("/g/{}", self.0)
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl serde::Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl std::borrow::Borrow<str> for GameId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

/// An account's id, as storage numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccountId(pub i64);

impl AccountId {
    /// What a seat keeps once its account is deleted: the seat shows "deleted player",
    /// and the opponent's records stay whole.
    pub const DELETED: AccountId = AccountId(-1);
}

impl std::fmt::Display for AccountId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Whom the computer learns about: a guest, by the SHA-256 of the player key their
/// browser keeps (the key itself is never kept), or an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Learner {
    /// A guest: the SHA-256 of their player key, as hex.
    Guest(String),
    /// A signed-in player.
    Account(AccountId),
}

impl Learner {
    /// A guest, by their player key (hashed here; the key goes no further).
    pub fn guest(key: &str) -> Learner {
        Learner::Guest(sha256_hex(key))
    }

    /// What storage keeps the learner's fleets under: a guest's key hash, or for an
    /// account the hash of a name no browser's key can collide with. What a guest had
    /// on a browser is moved to the account's when they sign in, and it goes with the
    /// account when it is deleted.
    pub fn key(&self) -> String {
        match self {
            Learner::Guest(hash) => hash.clone(),
            Learner::Account(id) => sha256_hex(&format!("account:{id}")),
        }
    }

    /// The learner shortened for logs: enough to follow one player, too little to look
    /// them up.
    pub fn short(&self) -> String {
        self.key()[..8].to_string()
    }
}

/// SHA-256 of `text`, as hex.
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// What is stored instead of a token, so a copy of the database cannot impersonate.
pub fn token_hash(token: &str) -> String {
    sha256_hex(token)
}

/// The commitment published at the start of the battle: SHA-256 of the canonical fleet
/// text, a colon, and the salt (see `docs/protocol.md`).
pub fn commitment(fleet_text: &str, salt: &str) -> String {
    sha256_hex(&format!("{fleet_text}:{salt}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens() {
        let a = GameId::random();
        assert_eq!(GameId::parse(a.as_str()), Some(a.clone()));
        assert_ne!(a, GameId::random());
        assert_eq!(GameId::parse("short"), None);
        assert_eq!(GameId::parse("ABCDEFGHJK"), None);
        assert_eq!(a.link(), format!("/g/{a}"));
        assert_eq!(new_token().len(), 64);
        assert_ne!(new_token(), new_token());
        assert_eq!(new_salt().len(), 32);
    }

    #[test]
    fn a_learner_is_kept_under_a_hash_and_an_account_never_under_a_guests() {
        let guest = Learner::guest("q8V2-x_7Lm0pZr4tY6wE1A");
        assert_eq!(guest.key(), sha256_hex("q8V2-x_7Lm0pZr4tY6wE1A"));
        assert_eq!(
            Learner::Account(AccountId(7)).key(),
            sha256_hex("account:7")
        );
        assert_eq!(guest.short().len(), 8);
    }

    #[test]
    fn sha256_known_value() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(commitment("a1", "00"), sha256_hex("a1:00"));
    }
}
