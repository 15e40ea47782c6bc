//! Reading a FILE argument, where `-` means standard input.

use anyhow::Context;
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
