//! Who a game is between.

use seabattle_bots::Level;

/// Who the game is between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person (seat 1) against the computer (seat 2).
    Computer(Level),
    /// A person (seat 1) against a registered bot program (seat 2), by its name.
    Program(String),
    /// Two people, the second joining by code.
    Friend,
    /// Two people paired by the queue.
    Random,
    /// Two people at one device: one connection plays both seats, each when the
    /// referee asks it to act (see [`Room::hot_seat`]).
    Hotseat,
}

impl Mode {
    /// The stored and shown form: `computer:LEVEL` (or `computer:NAME` for a bot
    /// program), `friend`, `random`, `hotseat`.
    pub fn word(&self) -> String {
        match self {
            Mode::Computer(l) => format!("computer:{}", l.name()),
            Mode::Program(name) => format!("computer:{name}"),
            Mode::Friend => "friend".into(),
            Mode::Random => "random".into(),
            Mode::Hotseat => "hotseat".into(),
        }
    }

    /// Reads [`Mode::word`].
    pub fn from_word(w: &str) -> Option<Mode> {
        match w {
            "friend" => Some(Mode::Friend),
            "random" => Some(Mode::Random),
            "hotseat" => Some(Mode::Hotseat),
            _ => {
                let name = w.strip_prefix("computer:").filter(|n| !n.is_empty())?;
                Some(match name.parse() {
                    Ok(level) => Mode::Computer(level),
                    Err(_) => Mode::Program(name.to_string()),
                })
            }
        }
    }

    /// Whether seat 2 is the computer (a level or a bot program).
    pub fn is_computer(&self) -> bool {
        matches!(self, Mode::Computer(_) | Mode::Program(_))
    }

    /// Whether two people play it, each on their own connection: a friend's game or a
    /// random opponent's.
    pub fn is_two_devices(&self) -> bool {
        matches!(self, Mode::Friend | Mode::Random)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip() {
        for m in [
            Mode::Friend,
            Mode::Random,
            Mode::Hotseat,
            Mode::Computer(Level::Hard),
            Mode::Program("pybot".into()),
        ] {
            assert_eq!(Mode::from_word(&m.word()), Some(m));
        }
        assert_eq!(Mode::from_word("computer:"), None);
        assert_eq!(Mode::from_word("robot"), None);
    }
}
