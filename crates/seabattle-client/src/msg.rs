//! Short ways to build the common [`ClientMsg`]s, so a client's code reads as the
//! protocol does (`msg::fire(game, ["e5"])`). Anything rarer is built as the enum
//! itself.

use seabattle_wire::{ClientMsg, Lang, Opponent, Phrase};

/// Owned strings from any list of string-likes (`["e5"]`, `&cells`, a `Vec<String>`).
fn strings<S: AsRef<str>>(list: impl IntoIterator<Item = S>) -> Vec<String> {
    list.into_iter().map(|s| s.as_ref().to_string()).collect()
}

/// A `new_game` being built: the opponent, then any of the optional fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    opponent: Opponent,
    level: Option<String>,
    rules: Option<String>,
    clock: Option<u32>,
    name: Option<String>,
    player: Option<String>,
    lang: Option<Lang>,
    rated: Option<bool>,
}

/// `new_game` against `opponent`, with the server's defaults for everything else.
pub fn new_game(opponent: Opponent) -> NewGame {
    NewGame {
        opponent,
        level: None,
        rules: None,
        clock: None,
        name: None,
        player: None,
        lang: None,
        rated: None,
    }
}

impl NewGame {
    /// The rules text (a preset or custom).
    pub fn rules(mut self, text: &str) -> NewGame {
        self.rules = Some(text.to_string());
        self
    }

    /// The computer's level.
    pub fn level(mut self, level: &str) -> NewGame {
        self.level = Some(level.to_string());
        self
    }

    /// Seconds per move.
    pub fn clock(mut self, secs: u32) -> NewGame {
        self.clock = Some(secs);
        self
    }

    /// The name the other players see.
    pub fn name(mut self, name: &str) -> NewGame {
        self.name = Some(name.to_string());
        self
    }

    /// The player's long-lived key, under which the computer learns.
    pub fn player(mut self, key: &str) -> NewGame {
        self.player = Some(key.to_string());
        self
    }

    /// A rated game against the computer's level (a signed-in player).
    pub fn rated(mut self) -> NewGame {
        self.rated = Some(true);
        self
    }

    /// The language the creator plays in, for the link's preview.
    pub fn lang(mut self, lang: Lang) -> NewGame {
        self.lang = Some(lang);
        self
    }
}

impl From<NewGame> for ClientMsg {
    fn from(n: NewGame) -> ClientMsg {
        ClientMsg::NewGame {
            opponent: n.opponent,
            level: n.level,
            rules: n.rules,
            clock: n.clock,
            name: n.name,
            player: n.player,
            lang: n.lang,
            rated: n.rated,
        }
    }
}

/// `join`: takes the free seat of `game`.
pub fn join(game: &str) -> ClientMsg {
    ClientMsg::Join {
        game: game.to_string(),
        name: None,
    }
}

/// `resume`: comes back to `game` with the seat's `token`.
pub fn resume(game: &str, token: &str) -> ClientMsg {
    ClientMsg::Resume {
        game: game.to_string(),
        token: Some(token.to_string()),
    }
}

/// `resume` without a token: comes back to the seat of `game` that the socket's
/// signed-in account holds.
pub fn resume_as_account(game: &str) -> ClientMsg {
    ClientMsg::Resume {
        game: game.to_string(),
        token: None,
    }
}

/// `rate`: asks that the friend's `game` be rated.
pub fn rate(game: &str) -> ClientMsg {
    ClientMsg::Rate {
        game: game.to_string(),
    }
}

/// `watch`: watches `game`.
pub fn watch(game: &str) -> ClientMsg {
    ClientMsg::Watch {
        game: game.to_string(),
    }
}

/// `queue`: waits for a random opponent under `rules` (the server's default if none).
pub fn queue(rules: Option<&str>) -> ClientMsg {
    ClientMsg::Queue {
        rules: rules.map(str::to_string),
        rated: None,
    }
}

/// `queue` with a choice: `rated: false` asks for a casual game, `true` insists on a
/// rated one (refused for a guest or custom rules).
pub fn queue_rated(rules: Option<&str>, rated: bool) -> ClientMsg {
    ClientMsg::Queue {
        rules: rules.map(str::to_string),
        rated: Some(rated),
    }
}

/// `place`: places these ships and pieces.
pub fn place<S: AsRef<str>>(game: &str, fleet: impl IntoIterator<Item = S>) -> ClientMsg {
    ClientMsg::Place {
        game: game.to_string(),
        fleet: Some(strings(fleet)),
    }
}

/// `place` without a fleet: the server draws one.
pub fn place_random(game: &str) -> ClientMsg {
    ClientMsg::Place {
        game: game.to_string(),
        fleet: None,
    }
}

/// `fire`: a volley at these cells.
pub fn fire<S: AsRef<str>>(game: &str, cells: impl IntoIterator<Item = S>) -> ClientMsg {
    ClientMsg::Fire {
        game: game.to_string(),
        cells: strings(cells),
    }
}

/// `reveal`: shows the opponent `cell`.
pub fn reveal(game: &str, cell: &str) -> ClientMsg {
    ClientMsg::Reveal {
        game: game.to_string(),
        cell: cell.to_string(),
    }
}

/// `relocate`: moves the hit flying ship to these cells.
pub fn relocate<S: AsRef<str>>(game: &str, cells: impl IntoIterator<Item = S>) -> ClientMsg {
    ClientMsg::Relocate {
        game: game.to_string(),
        cells: Some(strings(cells)),
    }
}

/// `resign`: gives up `game`.
pub fn resign(game: &str) -> ClientMsg {
    ClientMsg::Resign {
        game: game.to_string(),
    }
}

/// `sync`: asks for `game`'s state again.
pub fn sync(game: &str) -> ClientMsg {
    ClientMsg::Sync {
        game: game.to_string(),
    }
}

/// `check`: checks a fleet against `game`'s rules, messages in English.
pub fn check<S: AsRef<str>>(game: &str, fleet: impl IntoIterator<Item = S>) -> ClientMsg {
    ClientMsg::Check {
        game: game.to_string(),
        fleet: strings(fleet),
        lang: None,
        coords: None,
    }
}

/// `layout`: asks for a suggested fleet by `placer` (the server's default if none).
pub fn layout(game: &str, placer: Option<&str>) -> ClientMsg {
    ClientMsg::Layout {
        game: game.to_string(),
        placer: placer.map(str::to_string),
    }
}

/// `coach`: asks for the coach's heat map in `game`.
pub fn coach(game: &str) -> ClientMsg {
    ClientMsg::Coach {
        game: game.to_string(),
    }
}

/// `rematch`: asks for another game with `game`'s rules.
pub fn rematch(game: &str) -> ClientMsg {
    ClientMsg::Rematch {
        game: game.to_string(),
    }
}

/// `learned`: what the computer learned about the player with `key`, under `rules`
/// only if given.
pub fn learned(key: &str, rules: Option<&str>) -> ClientMsg {
    ClientMsg::Learned {
        player: key.to_string(),
        rules: rules.map(str::to_string),
    }
}

/// `forget`: erases what the computer learned about the player with `key`.
pub fn forget(key: &str) -> ClientMsg {
    ClientMsg::Forget {
        player: key.to_string(),
    }
}

/// `chat`: says `phrase` to everyone in `game`.
pub fn chat(game: &str, phrase: Phrase) -> ClientMsg {
    ClientMsg::Chat {
        game: game.to_string(),
        phrase,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_messages_are_the_documented_text() {
        let ng: ClientMsg = new_game(Opponent::Computer)
            .level("easy")
            .rules("classic")
            .into();
        assert_eq!(
            ng.to_text(),
            r#"{"type":"new_game","opponent":"computer","level":"easy","rules":"classic"}"#
        );
        assert_eq!(
            fire("k", ["e5"]).to_text(),
            r#"{"type":"fire","game":"k","cells":["e5"]}"#
        );
        assert_eq!(
            place_random("k").to_text(),
            r#"{"type":"place","game":"k"}"#
        );
    }
}
