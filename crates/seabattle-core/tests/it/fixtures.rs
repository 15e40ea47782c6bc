//! Board fixtures: each file in `fixtures/boards` starts with `#! rules: PRESET` and
//! `#! expect: ok` or `#! expect: KIND …`, the exact set of violation kinds the board has.

use seabattle_core::fleet::violations;
use seabattle_core::{Grid, Rules, ViolationKind};
use std::collections::BTreeSet;
use std::path::Path;

fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| {
        l.strip_prefix("#!")?
            .trim()
            .strip_prefix(key)?
            .strip_prefix(':')
            .map(str::trim)
    })
}

#[test]
fn every_fixture_has_exactly_its_expected_violations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/boards");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "fixtures missing from {}", dir.display());
    let (mut legal, mut illegal) = (0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let rules: Rules = header(&text, "rules")
            .expect("#! rules: header")
            .parse()
            .unwrap();
        let expect = header(&text, "expect").expect("#! expect: header");
        let expected: BTreeSet<ViolationKind> = if expect == "ok" {
            BTreeSet::new()
        } else {
            expect
                .split_whitespace()
                .map(|k| ViolationKind::from_name(k).expect("known kind"))
                .collect()
        };
        let grid = Grid::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(grid.dims, rules.dims(), "{name}");
        let found = violations(&grid.to_setup(&rules), &rules);
        let kinds: BTreeSet<ViolationKind> = found.iter().map(|v| v.kind()).collect();
        if kinds != expected {
            let msgs: Vec<String> = found.iter().map(|v| format!("{}: {v}", v.kind())).collect();
            failures.push(format!(
                "{name}: expected {expected:?}, found {kinds:?}\n  {}",
                msgs.join("\n  ")
            ));
        }
        if expected.is_empty() {
            legal += 1
        } else {
            illegal += 1
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        legal >= 4 && illegal >= 6,
        "{legal} legal and {illegal} illegal fixtures"
    );
}
