//! The line protocol between the league and a bot (see `docs/bot-protocol.md`): the
//! lines the league writes, and readers for the lines a bot answers with.

use crate::fault::{Fault, FaultKind};
use seabattle_core::{Coord, CoordSystem, Dims, DutyKind, FleetSetup, Rules, ShipSetup, Shots};

/// The first line the league writes; the version of the protocol.
pub const HELLO: &str = "seabattle 1";

/// The longest line a bot may write, in bytes; longer lines are garbage.
pub const MAX_LINE: usize = 4096;

/// What a bot is told when a game ends, from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// It won.
    Win,
    /// It lost.
    Loss,
    /// Neither won (both forfeited).
    Draw,
}

impl End {
    /// `win`, `loss` or `draw`.
    pub const fn word(self) -> &'static str {
        match self {
            End::Win => "win",
            End::Loss => "loss",
            End::Draw => "draw",
        }
    }
}

/// The `<rules>` of `newgame <rules>`: a one-line JSON object with every setting,
/// led by `"preset"` when the rules are a named preset. The pieces of seed 004's
/// variants (`mines`, `sweepers`, `subs`, `pieces_touch`) are written only when the
/// rules have any, and `flying` only when it is true (the Flying Dutchman), so the
/// rules of every other game read as they always did.
pub fn rules_text(rules: &Rules) -> String {
    let preset = rules
        .as_preset()
        .map(|p| format!("\"preset\":\"{}\",", p.name()))
        .unwrap_or_default();
    let shots = match rules.shots() {
        Shots::Fixed(n) => n.to_string(),
        afloat => format!("\"{afloat}\""),
    };
    let dims = rules.dims();
    let fleet: Vec<String> = rules.fleet().iter().map(u8::to_string).collect();
    let p = rules.pieces();
    let pieces = if p.count() > 0 {
        format!(
            ",\"mines\":{},\"sweepers\":{},\"subs\":{},\"pieces_touch\":{}",
            p.mines, p.sweepers, p.submarines, p.may_touch
        )
    } else {
        String::new()
    };
    let flying = if rules.flying() {
        ",\"flying\":true"
    } else {
        ""
    };
    format!(
        "{{{preset}\"width\":{},\"height\":{},\"fleet\":[{}],\"touching\":\"{}\",\"shape\":\"{}\",\"hit_again\":{},\"shots\":{shots}{pieces}{flying}}}",
        dims.width(),
        dims.height(),
        fleet.join(","),
        rules.touching().name(),
        rules.shape().name(),
        rules.hit_again()
    )
}

/// The word for what a reveal shows: `ship` (a cell of a ship not yet hit, owed after
/// a mine) or `mine` (an unspent mine, owed after a minesweeper). The Flying Dutchman's
/// move, asked with [`move_line`], is `move`.
pub const fn reveal_word(kind: DutyKind) -> &'static str {
    match kind {
        DutyKind::ShipCell => "ship",
        DutyKind::Mine => "mine",
        DutyKind::Relocate => "move",
    }
}

/// The line asking for a reveal: `reveal ship` or `reveal mine`.
pub fn reveal_line(kind: DutyKind) -> String {
    format!("reveal {}", reveal_word(kind))
}

/// The line telling a bot what its opponent showed it: `shown b3 ship`.
pub fn shown_line(cell: Coord, kind: DutyKind) -> String {
    format!("shown {cell} {}", reveal_word(kind))
}

/// The line asking the owner of a hit flying ship to move it: `move 5`, the decks it
/// has left.
pub fn move_line(decks: usize) -> String {
    format!("move {decks}")
}

/// The line telling a bot the opponent's flying ship has moved (nothing of where).
pub const MOVED: &str = "moved";

/// The line asking for a volley: `shoot` for one shot, `shoot N` for more.
pub fn shoot_line(count: usize) -> String {
    if count == 1 {
        "shoot".to_string()
    } else {
        format!("shoot {count}")
    }
}

/// The line ending a game: `gameover win`, `gameover loss forfeit: timeout: …`.
pub fn gameover_line(end: End, reason: Option<&str>) -> String {
    match reason {
        Some(r) => format!("gameover {} {}", end.word(), one_line(r)),
        None => format!("gameover {}", end.word()),
    }
}

/// `text` with line breaks replaced by spaces, so it fits in one message.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// A bot's line, cut short for a fault's description.
pub fn quote(line: &str) -> String {
    const SHOWN: usize = 60;
    if line.chars().count() <= SHOWN {
        format!("{line:?}")
    } else {
        let head: String = line.chars().take(SHOWN).collect();
        format!("{head:?}…")
    }
}

fn garbage(expected: &str, line: &str) -> Fault {
    Fault::new(
        FaultKind::Garbage,
        format!("expected {expected}, got {}", quote(line)),
    )
}

/// The rest of `line` after the keyword `word` and a space (or nothing), if `line`
/// starts with it.
fn after<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(word)?;
    if rest.is_empty() {
        Some(rest)
    } else {
        rest.strip_prefix(' ').map(str::trim)
    }
}

/// Reads `name <text>`.
pub fn parse_name(line: &str) -> Result<String, Fault> {
    match after(line, "name") {
        Some(n) if !n.is_empty() => Ok(n.to_string()),
        _ => Err(garbage("\"name <text>\"", line)),
    }
}

/// Reads `ready`.
pub fn parse_ready(line: &str) -> Result<(), Fault> {
    if line == "ready" {
        Ok(())
    } else {
        Err(garbage("\"ready\"", line))
    }
}

/// Reads `fleet <ship> <ship> …`; whether the fleet is legal is for the rules to say.
pub fn parse_fleet(line: &str) -> Result<FleetSetup, Fault> {
    let ships = after(line, "fleet").ok_or_else(|| garbage("\"fleet <ship> …\"", line))?;
    // Read on the widest board there is, so that a cell merely off the agreed board is
    // an illegal move rather than garbage.
    FleetSetup::parse(ships, CoordSystem::Latin, Dims::LARGEST)
        .map_err(|e| Fault::new(FaultKind::Garbage, format!("{e}, in {}", quote(line))))
}

/// Reads `shot <cell> [<cell> …]`; whether the cells may be shot is for the game to say.
pub fn parse_shot(line: &str) -> Result<Vec<Coord>, Fault> {
    let cells = after(line, "shot").ok_or_else(|| garbage("\"shot <cell>\"", line))?;
    cells
        .split_whitespace()
        .map(|w| {
            CoordSystem::Latin
                .parse(w, Dims::LARGEST)
                .map_err(|e| Fault::new(FaultKind::Garbage, format!("{e}, in {}", quote(line))))
        })
        .collect()
}

/// Reads `show <cell>`, the answer to `reveal`; whether the cell may be shown is for
/// the game to say.
pub fn parse_show(line: &str) -> Result<Coord, Fault> {
    let cell = after(line, "show").ok_or_else(|| garbage("\"show <cell>\"", line))?;
    CoordSystem::Latin
        .parse(cell, Dims::LARGEST)
        .map_err(|e| Fault::new(FaultKind::Garbage, format!("{e}, in {}", quote(line))))
}

/// Reads `ship <ship>`, the answer to `move`: the new place in the ship notation of
/// `fleet`; whether the ship may go there is for the game to say.
pub fn parse_ship(line: &str) -> Result<ShipSetup, Fault> {
    let ship = after(line, "ship").ok_or_else(|| garbage("\"ship <ship>\"", line))?;
    let setup = FleetSetup::parse(ship, CoordSystem::Latin, Dims::LARGEST)
        .map_err(|e| Fault::new(FaultKind::Garbage, format!("{e}, in {}", quote(line))))?;
    match <[ShipSetup; 1]>::try_from(setup.ships) {
        Ok([ship]) if setup.pieces.is_empty() => Ok(ship),
        _ => Err(garbage("one ship after \"ship\"", line)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::Preset;

    #[test]
    fn reads_the_answers() {
        assert_eq!(parse_name("name Bob the bot").unwrap(), "Bob the bot");
        assert_eq!(parse_name("name").unwrap_err().kind, FaultKind::Garbage);
        assert_eq!(parse_name("names x").unwrap_err().kind, FaultKind::Garbage);
        assert!(parse_ready("ready").is_ok());
        assert!(parse_ready("ready!").is_err());
        let fleet = parse_fleet("fleet a1-d1 f3 a3+a4+b4").unwrap();
        assert_eq!(fleet.ships.len(), 3);
        assert_eq!(fleet.ships[0].0.len(), 4);
        assert_eq!(
            parse_fleet("fleet a1-c3").unwrap_err().kind,
            FaultKind::Garbage
        );
        assert_eq!(
            parse_shot("shot b2 J10").unwrap(),
            vec![Coord::new(1, 1), Coord::new(9, 9)]
        );
        // Off the 10×10 board but a cell: the game refuses it, not the reader.
        assert_eq!(parse_shot("shot k11").unwrap(), vec![Coord::new(10, 10)]);
        let e = parse_shot("shot x?").unwrap_err();
        assert_eq!(e.kind, FaultKind::Garbage);
        assert!(e.detail.contains("shot x?"), "{e}");
        assert!(parse_shot("fire a1").is_err());
    }

    #[test]
    fn writes_rules_as_json() {
        assert_eq!(
            rules_text(&Preset::Salvo.rules()),
            r#"{"preset":"salvo","width":10,"height":10,"fleet":[4,3,3,2,2,2,1,1,1,1],"touching":"none","shape":"straight","hit_again":false,"shots":"afloat"}"#
        );
        let custom: Rules = "8x8 fleet=3,2,1 shots=afloat".parse().unwrap();
        assert_eq!(
            rules_text(&custom),
            r#"{"width":8,"height":8,"fleet":[3,2,1],"touching":"none","shape":"straight","hit_again":true,"shots":"afloat"}"#
        );
    }

    #[test]
    fn writes_pieces_only_when_the_rules_have_them() {
        assert_eq!(
            rules_text(&Preset::Minesweepers.rules()),
            r#"{"preset":"minesweepers","width":16,"height":16,"fleet":[5,4,4,3,3,3,2,2,2,2,1,1,1,1,1],"touching":"none","shape":"straight","hit_again":true,"shots":1,"mines":3,"sweepers":1,"subs":0,"pieces_touch":false}"#
        );
        assert!(!rules_text(&Rules::classic()).contains("mines"));
    }

    #[test]
    fn writes_flying_only_for_the_dutchman_and_reads_moves() {
        assert_eq!(
            rules_text(&Preset::Dutchman.rules()),
            r#"{"preset":"dutchman","width":20,"height":20,"fleet":[6],"touching":"none","shape":"path","hit_again":true,"shots":1,"flying":true}"#
        );
        assert!(!rules_text(&Rules::classic()).contains("flying"));
        assert_eq!(move_line(5), "move 5");
        let ship = parse_ship("ship d4+e5+f5+G6").unwrap();
        assert_eq!(ship.0.len(), 4);
        assert_eq!(parse_ship("ship a1-a3").unwrap().0.len(), 3);
        for bad in [
            "ship",
            "ship a1 b5",
            "ship mine:a1",
            "ships a1",
            "show a1",
            "ship x?",
        ] {
            let e = parse_ship(bad).unwrap_err();
            assert_eq!(e.kind, FaultKind::Garbage, "{bad}: {e}");
        }
    }

    #[test]
    fn reads_reveals_and_writes_their_lines() {
        assert_eq!(parse_show("show B3").unwrap(), Coord::new(1, 2));
        assert_eq!(parse_show("show").unwrap_err().kind, FaultKind::Garbage);
        assert_eq!(parse_show("shot b3").unwrap_err().kind, FaultKind::Garbage);
        assert_eq!(reveal_line(DutyKind::ShipCell), "reveal ship");
        assert_eq!(reveal_line(DutyKind::Mine), "reveal mine");
        assert_eq!(
            shown_line(Coord::new(0, 9), DutyKind::Mine),
            "shown a10 mine"
        );
    }

    #[test]
    fn writes_requests() {
        assert_eq!(shoot_line(1), "shoot");
        assert_eq!(shoot_line(4), "shoot 4");
        assert_eq!(gameover_line(End::Win, None), "gameover win");
        assert_eq!(
            gameover_line(End::Loss, Some("forfeit: x\ny")),
            "gameover loss forfeit: x y"
        );
        assert_eq!(quote(&"a".repeat(100)).chars().count(), 63);
    }
}
