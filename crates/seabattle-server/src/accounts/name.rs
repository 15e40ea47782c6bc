//! Account names: what a player may be called, and the key two names are compared by.

use std::fmt;
use unicode_normalization::UnicodeNormalization;

/// The fewest characters a name has.
pub const MIN_CHARS: usize = 3;
/// The most characters a name has.
pub const MAX_CHARS: usize = 20;

/// A checked account name, in NFKC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountName {
    shown: String,
    key: String,
}

/// Why a name cannot be an account's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Fewer than [`MIN_CHARS`] or more than [`MAX_CHARS`] characters.
    Length(usize),
    /// A character other than a letter, a digit, `_`, `-` or `.`.
    Character(char),
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Length(n) => write!(
                f,
                "a name has {MIN_CHARS} to {MAX_CHARS} characters, not {n}"
            ),
            NameError::Character(c) => write!(
                f,
                "a name has letters, digits, '_', '-' and '.' only, not {c:?}"
            ),
        }
    }
}

impl std::error::Error for NameError {}

impl AccountName {
    /// Reads `raw` as a name: NFKC, then 3–20 letters (any script, Cyrillic
    /// included), digits, `_`, `-` or `.`. Spaces around it are a mistake, not part of
    /// the name, and are refused like any other character.
    pub fn parse(raw: &str) -> Result<AccountName, NameError> {
        let shown: String = raw.nfkc().collect();
        let n = shown.chars().count();
        if !(MIN_CHARS..=MAX_CHARS).contains(&n) {
            return Err(NameError::Length(n));
        }
        if let Some(c) = shown
            .chars()
            .find(|&c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
        {
            return Err(NameError::Character(c));
        }
        // Case folded after NFKC, and normalized again: «Алиса» and «АЛИСА» are one
        // name, as are a full-width and a plain «A».
        let key = shown.to_lowercase().nfkc().collect();
        Ok(AccountName { shown, key })
    }

    /// The name as its owner wrote it (in NFKC).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The key names are unique by.
    pub fn key(&self) -> &str {
        &self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_regardless_of_case_and_width() {
        let a = AccountName::parse("Алиса").unwrap();
        let b = AccountName::parse("АЛИСА").unwrap();
        assert_eq!(a.key(), b.key());
        assert_eq!(a.shown(), "Алиса");
        let wide = AccountName::parse("ＢＯＢ").unwrap();
        assert_eq!(wide.shown(), "BOB");
        assert_eq!(wide.key(), AccountName::parse("bob").unwrap().key());
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(AccountName::parse("ab"), Err(NameError::Length(2)));
        assert_eq!(
            AccountName::parse(&"я".repeat(21)),
            Err(NameError::Length(21))
        );
        assert_eq!(
            AccountName::parse("bob smith"),
            Err(NameError::Character(' '))
        );
        assert_eq!(AccountName::parse(" bob"), Err(NameError::Character(' ')));
        assert_eq!(AccountName::parse("a<b>"), Err(NameError::Character('<')));
        assert!(AccountName::parse("ёжик_2.0-x").is_ok());
    }
}
