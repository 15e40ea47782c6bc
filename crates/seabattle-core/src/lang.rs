//! The two languages the game speaks.

use std::fmt;
use std::str::FromStr;

/// A language for answers and messages shown to players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Русский.
    #[default]
    Ru,
    /// English.
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Ru, Lang::En];

    /// The language code, `ru` or `en`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
        }
    }

    /// The coordinate system a player of this language expects until they pick one.
    pub const fn default_system(self) -> crate::CoordSystem {
        match self {
            Lang::Ru => crate::CoordSystem::Russian,
            Lang::En => crate::CoordSystem::Latin,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code other than `ru` or `en`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?}: expected ru or en", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ru" | "russian" => Ok(Lang::Ru),
            "en" | "english" => Ok(Lang::En),
            _ => Err(UnknownLang(s.to_string())),
        }
    }
}
