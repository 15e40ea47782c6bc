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

/// A short public game id, also the code a friend types to join.
pub fn new_game_id() -> String {
    let mut rng = rand::rng();
    (0..ID_LEN)
        .map(|_| ID_ALPHABET[rng.random_range(0..ID_ALPHABET.len())] as char)
        .collect()
}

/// Whether `s` could be a game id (checked before touching storage).
pub fn is_game_id(s: &str) -> bool {
    s.len() == ID_LEN && s.bytes().all(|b| ID_ALPHABET.contains(&b))
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

/// What a signed-in player's fleets are kept under: the hash of a name for the account
/// that no browser's key can collide with. What a guest had on a browser is moved here
/// when they sign in (`Players::adopt_learned`), and it goes with the
/// account when it is deleted.
pub fn account_learner(account: i64) -> String {
    sha256_hex(&format!("account:{account}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens() {
        let a = new_game_id();
        assert!(is_game_id(&a), "{a}");
        assert_ne!(a, new_game_id());
        assert!(!is_game_id("short"));
        assert!(!is_game_id("ABCDEFGHJK"));
        assert_eq!(new_token().len(), 64);
        assert_ne!(new_token(), new_token());
        assert_eq!(new_salt().len(), 32);
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
