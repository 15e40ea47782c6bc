//! Quick chat: a fixed list of phrases and emoji sent by id, each shown in the reader's
//! own language. There is no free text, so there is nothing to moderate.

use crate::Lang;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A phrase of the quick chat, as its id on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phrase {
    /// «Удачи!» / "Good luck!"
    GoodLuck,
    /// «Хороший выстрел!» / "Nice shot!"
    NiceShot,
    /// «Спасибо за игру» / "Thanks for the game"
    Thanks,
    /// 👍
    ThumbsUp,
    /// 😮
    Wow,
    /// 😅
    Phew,
    /// 🔥
    Fire,
}

impl Phrase {
    /// Every phrase, in the order a client offers them.
    pub const ALL: [Phrase; 7] = [
        Phrase::GoodLuck,
        Phrase::NiceShot,
        Phrase::Thanks,
        Phrase::ThumbsUp,
        Phrase::Wow,
        Phrase::Phew,
        Phrase::Fire,
    ];

    /// The id on the wire.
    pub const fn word(self) -> &'static str {
        match self {
            Phrase::GoodLuck => "good_luck",
            Phrase::NiceShot => "nice_shot",
            Phrase::Thanks => "thanks",
            Phrase::ThumbsUp => "thumbs_up",
            Phrase::Wow => "wow",
            Phrase::Phew => "phew",
            Phrase::Fire => "fire",
        }
    }

    /// The phrase whose id is `word`.
    pub fn from_word(word: &str) -> Option<Phrase> {
        Phrase::ALL.into_iter().find(|p| p.word() == word)
    }

    /// What a reader of `lang` sees (an emoji reads the same in every language).
    pub const fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Phrase::GoodLuck, Lang::Ru) => "Удачи!",
            (Phrase::GoodLuck, Lang::En) => "Good luck!",
            (Phrase::NiceShot, Lang::Ru) => "Хороший выстрел!",
            (Phrase::NiceShot, Lang::En) => "Nice shot!",
            (Phrase::Thanks, Lang::Ru) => "Спасибо за игру",
            (Phrase::Thanks, Lang::En) => "Thanks for the game",
            (Phrase::ThumbsUp, _) => "👍",
            (Phrase::Wow, _) => "😮",
            (Phrase::Phew, _) => "😅",
            (Phrase::Fire, _) => "🔥",
        }
    }
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_phrase_serialises_as_its_word() {
        for p in Phrase::ALL {
            assert_eq!(
                serde_json::to_string(&p).unwrap(),
                format!("\"{}\"", p.word())
            );
            let back: Phrase = serde_json::from_str(&format!("\"{}\"", p.word())).unwrap();
            assert_eq!(back, p);
            for lang in Lang::ALL {
                assert!(!p.text(lang).is_empty());
            }
        }
    }

    #[test]
    fn an_unknown_phrase_is_refused() {
        let e = serde_json::from_str::<Phrase>("\"you_suck\"").unwrap_err();
        assert!(e.to_string().contains("you_suck"), "{e}");
    }
}
