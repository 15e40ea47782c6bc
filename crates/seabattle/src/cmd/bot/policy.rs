//! Which challenges the bridge accepts: by rules, rated or casual, from whom, and how
//! many games it plays at once.

use seabattle_tui::online::ChallengeJson;

/// Rated games, casual games, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Rating {
    /// Either.
    Any,
    /// Rated games only.
    Rated,
    /// Casual games only.
    Casual,
}

/// What the bridge accepts.
#[derive(Clone, Debug)]
pub struct Policy {
    /// Rules texts accepted (as the challenge names them); empty for any.
    pub rules: Vec<String>,
    /// Rated, casual or both.
    pub rated: Rating,
    /// Account names accepted, compared without case; empty for anyone.
    pub from: Vec<String>,
    /// Games at once; a challenge past that is declined.
    pub max_games: usize,
    /// Whether people may challenge it, or only other BOTs.
    pub people: bool,
}

/// The bridge's answer to a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play it.
    Accept,
    /// Decline it, for this reason (logged).
    Decline(String),
}

impl Policy {
    /// The answer to `c` while `playing` games run and the bridge is `draining` (it
    /// was told to stop: it finishes its games and takes no more).
    pub fn decide(&self, c: &ChallengeJson, playing: usize, draining: bool) -> Decision {
        let no = |why: String| Decision::Decline(why);
        if draining {
            return no("the bridge is stopping".into());
        }
        if playing >= self.max_games {
            return no(format!(
                "already playing {playing} games (--max-games {})",
                self.max_games
            ));
        }
        if !self.rules.is_empty() && !self.rules.contains(&c.rules) {
            return no(format!("rules {:?} are not among --rules", c.rules));
        }
        match (self.rated, c.rated) {
            (Rating::Rated, false) => return no("casual, and --rated rated".into()),
            (Rating::Casual, true) => return no("rated, and --rated casual".into()),
            _ => {}
        }
        if !self.people && !c.from.bot {
            return no(format!("{} is a person, and --bots-only", c.from.name));
        }
        if !self.from.is_empty()
            && !self
                .from
                .iter()
                .any(|f| f.eq_ignore_ascii_case(&c.from.name))
        {
            return no(format!("{} is not among --from", c.from.name));
        }
        Decision::Accept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_tui::online::SeatAccountJson;

    fn challenge(rules: &str, rated: bool, from: &str, bot: bool) -> ChallengeJson {
        let who = |name: &str, bot: bool| SeatAccountJson {
            name: name.into(),
            rating: Some(1500),
            provisional: true,
            bot,
        };
        ChallengeJson {
            id: "c7m2qx9p4a".into(),
            from: who(from, bot),
            to: who("Shkval", true),
            rules: rules.into(),
            clock: None,
            rated,
            expires_secs: 60,
        }
    }

    fn any() -> Policy {
        Policy {
            rules: vec![],
            rated: Rating::Any,
            from: vec![],
            max_games: 2,
            people: true,
        }
    }

    #[test]
    fn by_default_it_accepts_anyone_up_to_its_games() {
        let c = challenge("classic", true, "Anna", false);
        assert_eq!(any().decide(&c, 0, false), Decision::Accept);
        assert!(
            matches!(any().decide(&c, 2, false), Decision::Decline(w) if w.contains("--max-games 2"))
        );
        assert!(
            matches!(any().decide(&c, 0, true), Decision::Decline(w) if w.contains("stopping"))
        );
    }

    #[test]
    fn rules_rated_and_names_narrow_it() {
        let p = Policy {
            rules: vec!["classic".into()],
            rated: Rating::Rated,
            from: vec!["anna".into()],
            ..any()
        };
        assert_eq!(
            p.decide(&challenge("classic", true, "Anna", false), 0, false),
            Decision::Accept
        );
        for c in [
            challenge("big15", true, "Anna", false),
            challenge("classic", false, "Anna", false),
            challenge("classic", true, "Bob", false),
        ] {
            assert!(
                matches!(p.decide(&c, 0, false), Decision::Decline(_)),
                "{c:?}"
            );
        }
        let bots = Policy {
            people: false,
            ..any()
        };
        assert!(matches!(
            bots.decide(&challenge("classic", false, "Anna", false), 0, false),
            Decision::Decline(_)
        ));
        assert_eq!(
            bots.decide(&challenge("classic", false, "Gale", true), 0, false),
            Decision::Accept
        );
    }
}
