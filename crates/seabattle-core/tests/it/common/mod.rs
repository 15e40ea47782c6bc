//! Helpers shared by the scripted-game tests.

use seabattle_core::{CoordSystem, Game, GameRecord, Lang, Verdict, audit};

/// The record survives text in both languages and JSON, replays, and the audit lets
/// the result stand.
pub fn check_record(g: &Game) -> GameRecord {
    let rec = g.record().unwrap();
    for (system, lang) in [
        (CoordSystem::Latin, Lang::En),
        (CoordSystem::Russian, Lang::Ru),
    ] {
        let text = rec.to_text(system, lang);
        assert_eq!(GameRecord::from_text(&text), Ok(rec.clone()), "{text}");
    }
    let json = serde_json::to_string(&rec).unwrap();
    assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), rec);
    assert_eq!(rec.replay().unwrap().outcome(), g.outcome());
    assert_eq!(audit(&rec).verdict, Verdict::Stands(g.outcome()));
    rec
}
