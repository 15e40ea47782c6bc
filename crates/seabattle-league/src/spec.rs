//! [`BotSpec`]: a bot as named on the command line, and how to start it.

use crate::bot::{Bot, Unstarted};
use crate::builtin::Builtin;
use crate::external::{External, Limits};
use crate::fault::Fault;
use seabattle_bots::shooter::UnknownName;
use seabattle_bots::{PlacerKind, ShooterKind};

/// The prefix of in-process bots: `builtin:expert`.
pub const BUILTIN: &str = "builtin:";

/// A bot to start: a builtin or a shell command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// `builtin:NAME[:PLACER]`: the name without the prefix, and what it names.
    Builtin {
        /// `NAME[:PLACER]`, as given.
        name: String,
        /// The shooter it names.
        shooter: ShooterKind,
        /// The placer it names (`uniform` unless given).
        placer: PlacerKind,
    },
    /// A shell command, run with `sh -c`.
    Command(String),
}

impl BotSpec {
    /// Reads `builtin:NAME[:PLACER]` (checking the name) or a shell command.
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        match text.strip_prefix(BUILTIN) {
            Some(name) => {
                let (shooter, placer) = Builtin::kinds(name).map_err(SpecError::Builtin)?;
                Ok(BotSpec::Builtin {
                    name: name.to_string(),
                    shooter,
                    placer,
                })
            }
            None => Ok(BotSpec::Command(text.to_string())),
        }
    }

    /// Starts the bot.
    pub fn start(&self, limits: Limits) -> Result<Box<dyn Bot>, Fault> {
        match self {
            BotSpec::Builtin {
                name,
                shooter,
                placer,
            } => Ok(Box::new(Builtin::new(name.as_str(), *shooter, *placer))),
            BotSpec::Command(cmd) => {
                External::start(cmd, limits).map(|b| Box::new(b) as Box<dyn Bot>)
            }
        }
    }

    /// Starts the bot, or stands in for one that cannot be started with an
    /// [`Unstarted`] bot, which forfeits every game it is in with the reason.
    pub fn start_or_stand_in(&self, limits: Limits) -> Box<dyn Bot> {
        self.start(limits)
            .unwrap_or_else(|f| Box::new(Unstarted::new(self.to_string(), f)))
    }
}

impl std::fmt::Display for BotSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotSpec::Builtin { name, .. } => write!(f, "{BUILTIN}{name}"),
            BotSpec::Command(cmd) => f.write_str(cmd),
        }
    }
}

impl std::str::FromStr for BotSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<BotSpec, SpecError> {
        BotSpec::parse(s)
    }
}

/// A bot that cannot be named so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// An empty command.
    Empty,
    /// `builtin:` with an unknown name.
    Builtin(UnknownName),
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::Empty => f.write_str("empty bot command"),
            SpecError::Builtin(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SpecError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_builtins_and_commands() {
        assert_eq!(
            BotSpec::parse("builtin:expert").unwrap(),
            BotSpec::Builtin {
                name: "expert".into(),
                shooter: ShooterKind::Expert,
                placer: PlacerKind::Uniform,
            }
        );
        assert_eq!(
            BotSpec::parse(" python3 bot.py ").unwrap(),
            BotSpec::Command("python3 bot.py".into())
        );
        assert!(matches!(
            BotSpec::parse("builtin:nobody"),
            Err(SpecError::Builtin(_))
        ));
        assert_eq!(BotSpec::parse("  "), Err(SpecError::Empty));
        assert_eq!(
            BotSpec::parse("builtin:hard").unwrap().to_string(),
            "builtin:hard"
        );
    }
}
