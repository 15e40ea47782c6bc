//! Reading a FILE argument, where `-` means standard input.

use anyhow::Context;
use seabattle_core::GameRecord;
use std::io::Read;
use std::path::Path;

/// The text of `path`, or of standard input for `-`.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    if path == Path::new("-") {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading standard input")?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    }
}

/// The game record in `path` (`-`: standard input), in the text notation or its JSON
/// form, whichever it is.
pub fn read_record(path: &Path) -> anyhow::Result<GameRecord> {
    let text = read_text(path)?;
    let name = path.display();
    if text.trim_start().starts_with('{') {
        serde_json::from_str(&text).with_context(|| format!("{name} is not a JSON game record"))
    } else {
        GameRecord::from_text(&text).with_context(|| format!("{name} is not a game record"))
    }
}
