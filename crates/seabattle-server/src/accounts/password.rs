//! Passwords, hashed with argon2id at OWASP's parameters (19 MiB, two passes, one
//! lane: the `argon2` crate's defaults). Hashing takes tens of milliseconds of CPU, so
//! it runs in the server's bounded pool, never on the async threads.

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use std::fmt;

/// The fewest characters a password has.
pub const MIN_CHARS: usize = 8;
/// The most characters a password has: argon2 takes any length, but a megabyte
/// "password" is an attack on the pool.
pub const MAX_CHARS: usize = 128;

/// Why a password cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasswordError {
    /// Fewer than [`MIN_CHARS`] or more than [`MAX_CHARS`] characters.
    Length(usize),
    /// Hashing failed (a bug: the parameters are fixed).
    Hash(String),
}

impl fmt::Display for PasswordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasswordError::Length(n) => write!(
                f,
                "a password has {MIN_CHARS} to {MAX_CHARS} characters, not {n}"
            ),
            PasswordError::Hash(e) => write!(f, "hashing failed: {e}"),
        }
    }
}

impl std::error::Error for PasswordError {}

/// Checks a new password's length.
pub fn check(password: &str) -> Result<(), PasswordError> {
    let n = password.chars().count();
    if (MIN_CHARS..=MAX_CHARS).contains(&n) {
        Ok(())
    } else {
        Err(PasswordError::Length(n))
    }
}

/// The argon2id hash of `password` with a fresh salt, as a PHC string. Blocking.
pub fn hash(password: &str) -> Result<String, PasswordError> {
    check(password)?;
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| PasswordError::Hash(e.to_string()))
}

/// Whether `password` is the one `stored` (a PHC string) was made from. Blocking. A
/// stored hash that cannot be read matches nothing.
pub fn verify(password: &str, stored: &str) -> bool {
    password.chars().count() <= MAX_CHARS
        && Argon2::default()
            .verify_password(password.as_bytes(), stored)
            .is_ok()
}

/// A hash that matches no password, verified against when a name is unknown: a
/// login for an unknown name then takes as long as one with a wrong password.
pub fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("no password is this one").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(verify("correct horse", &h));
        assert!(!verify("correct hors", &h));
        assert!(!verify("correct horse", "not a hash"));
        assert_ne!(hash("correct horse").unwrap(), h, "a fresh salt each time");
    }

    #[test]
    fn lengths_are_checked() {
        assert_eq!(hash("short"), Err(PasswordError::Length(5)));
        assert_eq!(check(&"x".repeat(129)), Err(PasswordError::Length(129)));
        assert!(check("пароль12").is_ok());
    }
}
