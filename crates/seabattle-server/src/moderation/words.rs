//! Words not allowed in names (an account's, an arena's): a list, one entry a line, and
//! the check of a name against it with look-alike letters folded, as the coordinate
//! parser reads a Latin «B» as Cyrillic «В» (`seabattle_core::CoordSystem`). A Latin
//! and a Cyrillic letter that look alike are one letter here, a digit or sign may stand
//! for the letters it looks like (`0` for `o`, `3` for `e` or `з`, `4` for `a` or `ч`,
//! `@` for `a`), accents are dropped, a letter may be repeated (`fuuuck`) and `_`, `-`,
//! `.` and spaces between letters are skipped (`f.u.c.k`).
//!
//! An entry matches anywhere in the name; an entry written `=word` matches only a whole
//! part of it (between separators or a change to capitals, digits around it allowed),
//! for words that are innocent inside others («сука» in «барсука», «бля» in «корабля»).

use std::fmt;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The list the server uses when its operator names none (`serve --forbidden-words`).
pub const DEFAULT: &str = include_str!("forbidden-words.txt");

/// Why a list of words cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordsError {
    /// An entry with a character other than a letter (after an optional leading `=`).
    NotAWord {
        /// Its line, counted from 1.
        line: usize,
        /// The character.
        found: char,
    },
    /// An entry of fewer than two letters: it would refuse half the names.
    TooShort {
        /// Its line, counted from 1.
        line: usize,
    },
}

impl fmt::Display for WordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordsError::NotAWord { line, found } => write!(
                f,
                "line {line}: an entry is letters only (with `=` before it for a whole word), not {found:?}"
            ),
            WordsError::TooShort { line } => {
                write!(f, "line {line}: an entry has at least two letters")
            }
        }
    }
}

impl std::error::Error for WordsError {}

/// One entry: its letters, folded, and whether it must be a whole part of a name.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    letters: Vec<char>,
    whole: bool,
}

/// The words not allowed in names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenWords {
    entries: Vec<Entry>,
}

impl Default for ForbiddenWords {
    fn default() -> ForbiddenWords {
        // The file is the crate's own and its test reads it; an error here is a bug.
        ForbiddenWords::parse(DEFAULT).unwrap_or(ForbiddenWords {
            entries: Vec::new(),
        })
    }
}

/// `c` without accents, in lower case: the letters a name's letter is compared as.
fn plain(c: char) -> impl Iterator<Item = char> {
    c.to_lowercase()
        .flat_map(|l| l.nfd())
        .filter(|&l| !is_combining_mark(l))
}

/// The one letter `c` (plain, lower case) is compared as: a Cyrillic letter that looks
/// like a Latin one is that Latin letter.
fn canon(c: char) -> char {
    match c {
        'а' => 'a',
        'в' => 'b',
        'с' => 'c',
        'е' => 'e',
        'н' => 'h',
        'і' => 'i',
        'ј' => 'j',
        'к' => 'k',
        'м' => 'm',
        'о' => 'o',
        'р' => 'p',
        'ѕ' => 's',
        'т' => 't',
        'х' => 'x',
        'у' => 'y',
        c => c,
    }
}

/// What a name's character `c` (plain, lower case) may be read as, besides `canon(c)`:
/// the other letters it looks like.
fn also(c: char) -> &'static [char] {
    match c {
        '0' => &['o'],
        '1' | '!' | '|' => &['i', 'l'],
        '3' => &['e', 'з'],
        '4' => &['a', 'ч'],
        '5' | '$' => &['s'],
        '6' => &['b', 'б'],
        '7' => &['t'],
        '8' => &['b'],
        '9' => &['g'],
        '@' => &['a'],
        '€' => &['e'],
        '©' => &['c'],
        'n' => &['п'],
        'п' => &['n'],
        'r' => &['г'],
        'г' => &['r'],
        'w' => &['ш'],
        'ш' => &['w'],
        'ь' => &['b'],
        'u' => &['и'],
        'и' => &['u'],
        _ => &[],
    }
}

/// Whether `c` parts a name into words (and is skipped between letters).
fn separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '_' | '-' | '.' | ',' | '\'' | '"' | '/' | '+')
}

/// A name's character as the check reads it.
#[derive(Clone, Debug)]
struct Symbol {
    /// The letters it may stand for.
    reads: Vec<char>,
    /// Whether it is a digit (a part may carry digits around a whole word).
    digit: bool,
}

impl Symbol {
    fn of(c: char) -> Vec<Symbol> {
        plain(c)
            .map(|p| {
                let mut reads = vec![canon(p)];
                reads.extend(also(p).iter().map(|&a| canon(a)));
                Symbol {
                    reads,
                    digit: p.is_ascii_digit(),
                }
            })
            .collect()
    }

    fn reads_as(&self, letter: char) -> bool {
        self.reads.contains(&letter)
    }
}

/// Every end `e` such that `word[i..]` reads as `name[j..e]`, each letter of the word
/// taking one or more of the name's symbols (a repeated letter).
fn ends(word: &[char], name: &[Symbol], i: usize, j: usize, out: &mut Vec<usize>) {
    let Some(&letter) = word.get(i) else {
        out.push(j);
        return;
    };
    let mut k = j;
    while name.get(k).is_some_and(|s| s.reads_as(letter)) {
        k += 1;
        ends(word, name, i + 1, k, out);
    }
}

/// The name as parts (separated, or split where a capital follows a small letter),
/// each a run of symbols.
fn parts(name: &str) -> Vec<Vec<Symbol>> {
    let mut parts = vec![Vec::new()];
    let mut last_lower = false;
    for c in name.chars() {
        if separator(c) {
            parts.push(Vec::new());
            last_lower = false;
            continue;
        }
        if c.is_uppercase() && last_lower {
            parts.push(Vec::new());
        }
        last_lower = c.is_lowercase();
        if let Some(p) = parts.last_mut() {
            p.extend(Symbol::of(c));
        }
    }
    parts.retain(|p| !p.is_empty());
    parts
}

impl Entry {
    fn parse(line: usize, text: &str) -> Result<Entry, WordsError> {
        let (whole, word) = match text.strip_prefix('=') {
            Some(w) => (true, w.trim()),
            None => (false, text),
        };
        if let Some(found) = word.chars().find(|c| !c.is_alphabetic()) {
            return Err(WordsError::NotAWord { line, found });
        }
        let letters: Vec<char> = word.chars().flat_map(plain).map(canon).collect();
        if letters.len() < 2 {
            return Err(WordsError::TooShort { line });
        }
        Ok(Entry { letters, whole })
    }

    /// Whether the entry is in `parts` (the whole name's parts).
    fn is_in(&self, parts: &[Vec<Symbol>], joined: &[Symbol]) -> bool {
        let mut out = Vec::new();
        if !self.whole {
            return (0..joined.len()).any(|j| {
                out.clear();
                ends(&self.letters, joined, 0, j, &mut out);
                !out.is_empty()
            });
        }
        parts.iter().any(|part| {
            let lead = part.iter().take_while(|s| s.digit).count();
            (0..=lead).any(|j| {
                out.clear();
                ends(&self.letters, part, 0, j, &mut out);
                out.iter().any(|&e| part[e..].iter().all(|s| s.digit))
            })
        })
    }
}

impl ForbiddenWords {
    /// Reads a list: one entry a line (`word`, or `=word` for a whole word only);
    /// blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<ForbiddenWords, WordsError> {
        let entries = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .map(|(line, l)| Entry::parse(line, l))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ForbiddenWords { entries })
    }

    /// How many entries the list has.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list is empty (every name passes).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether `name` contains a word of the list, in any look-alike letters.
    pub fn forbids(&self, name: &str) -> bool {
        let parts = parts(name);
        let joined: Vec<Symbol> = parts.iter().flatten().cloned().collect();
        self.entries.iter().any(|e| e.is_in(&parts, &joined))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(text: &str) -> ForbiddenWords {
        ForbiddenWords::parse(text).unwrap()
    }

    #[test]
    fn the_default_list_reads() {
        let words = ForbiddenWords::default();
        assert!(words.len() >= 20, "{}", words.len());
        assert_eq!(ForbiddenWords::parse(DEFAULT), Ok(words));
    }

    #[test]
    fn look_alike_letters_digits_and_signs_are_folded() {
        let words = list("fuck\nсука\nзлой\n");
        for bad in [
            "fuck",
            "FUCK",
            "xFuckx",
            "fuuuuck",
            "f_u.c-k",
            "fück",
            "cyka", // Latin letters for «сука»
            "СУКА", // Cyrillic capitals
            "сyкa", // mixed
            "cyk4", // a digit for «а»
            "$uka", // no: «s» is not «с»
            "3лой", // a digit for «з»
            "зл0й", // a digit for «о»
            "@rch_cyka",
        ] {
            let expected = bad != "$uka";
            assert_eq!(words.forbids(bad), expected, "{bad}");
        }
        for fine in ["Алиса", "bob", "fork", "Капитан_Немо", "f_u_n_k"] {
            assert!(!words.forbids(fine), "{fine}");
        }
    }

    #[test]
    fn a_whole_word_entry_spares_longer_words() {
        let words = list("=сука\n=бля\n");
        assert!(!words.forbids("барсука"));
        assert!(!words.forbids("корабля"));
        assert!(!words.forbids("Корабля_капитан"));
        for bad in [
            "сука",
            "сука_2000",
            "2000сука",
            "ты.сука",
            "SukaBoy",
            "CYKA",
            "бля",
        ] {
            let bad_latin = bad == "SukaBoy";
            // «Suka» is Latin «s», not Cyrillic «с»: only the look-alike letters fold.
            assert_eq!(words.forbids(bad), !bad_latin, "{bad}");
        }
        assert!(words.forbids("BigCykaBoy"));
    }

    #[test]
    fn a_bad_list_says_where() {
        assert_eq!(
            ForbiddenWords::parse("# comment\n\nfine\nno way\n"),
            Err(WordsError::NotAWord {
                line: 4,
                found: ' '
            })
        );
        assert_eq!(
            ForbiddenWords::parse("ok\n=x\n"),
            Err(WordsError::TooShort { line: 2 })
        );
        let e = ForbiddenWords::parse("a1\n").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("'1'"), "{e}");
        assert!(list("").is_empty());
        assert!(!list("").forbids("anything"));
    }
}
