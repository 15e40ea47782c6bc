//! Names of things chosen on a command line (shooters, placers, levels, habits), and
//! the error a wrong one gives. A leaf of the crate, so every registry can use it.

use std::fmt;

/// A name that is not a shooter, placer or level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What it names: "shooter", "placer" or "level".
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are.
    pub known: Vec<String>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} {:?}: expected one of {}",
            self.what,
            self.name,
            self.known.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// The item of `all` whose `name` is `s`, or an error listing the names there are.
pub(crate) fn by_name<T: Copy>(
    what: &'static str,
    all: &[T],
    name: fn(T) -> &'static str,
    s: &str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&k| name(k) == s.trim())
        .ok_or_else(|| UnknownName {
            what,
            name: s.to_string(),
            known: all.iter().map(|&k| name(k).to_string()).collect(),
        })
}
