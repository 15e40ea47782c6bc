//! The examples of `docs/protocol.md` read and write back byte for byte, and golden
//! messages read as documented.

use crate::fixtures::s;
use seabattle_core::Answer;
use seabattle_wire::*;

/// `text` without the white space outside strings.
fn compact(text: &str) -> String {
    let (mut out, mut quoted, mut escaped) = (String::new(), false, false);
    for c in text.chars() {
        if quoted {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
        } else if !c.is_whitespace() {
            quoted = c == '"';
            out.push(c);
        }
    }
    out
}

/// Every message in the JSON examples of `docs/protocol.md`, compacted: those of the
/// section on client messages, then those of the other sections.
fn documented() -> (Vec<String>, Vec<String>) {
    let doc = include_str!("../../../../docs/protocol.md");
    let (before, rest) = doc.split_once("\n## 2. Client").expect("a client section");
    let (client, after) = rest.split_once("\n## 3. Server").expect("a server section");
    let examples = |text: &str| {
        let mut out = Vec::new();
        for block in text.split("```json\n").skip(1) {
            let block = block.split("```").next().unwrap_or("");
            let mut message = String::new();
            for line in block.lines() {
                if line.starts_with("{\"type\"") && !message.is_empty() {
                    out.push(compact(&message));
                    message.clear();
                }
                message.push_str(line);
                message.push('\n');
            }
            if !message.trim().is_empty() {
                out.push(compact(&message));
            }
        }
        out
    };
    (
        examples(client),
        [examples(before), examples(after)].concat(),
    )
}

#[test]
fn the_documented_examples_read_and_write_back_byte_for_byte() {
    let (client, server) = documented();
    for text in &client {
        let m = ClientMsg::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&m.to_text(), text);
    }
    let (mut read, mut wrong) = (0, Vec::new());
    for text in &server {
        // The coach's example abbreviates its hundred weights.
        if text.contains("…100numbers…") {
            continue;
        }
        let m = ServerMsg::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if &m.to_text() != text {
            wrong.push(format!("documented: {text}\nwritten:    {}", m.to_text()));
        }
        read += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(client.len() >= 20 && read >= 25, "{} {read}", client.len());
}

#[test]
fn golden_messages_read_as_documented() {
    let m = ServerMsg::parse(
        r#"{"type":"shot","game":"k7m2qx9p4a","number":9,"player":2,
 "shots":[{"cell":"h10","answer":"mine"}],"next":1,"shots_due":1,
 "duties":[{"player":2,"kind":"ship_cell"}]}"#,
    )
    .unwrap();
    let ServerMsg::Shot {
        shots,
        dying,
        duties,
        ..
    } = m
    else {
        panic!("not a shot");
    };
    assert_eq!(shots[0].answer, Answer::Mine);
    assert!(!dying);
    assert_eq!(duties[0].kind, DutyKind::ShipCell);
    let m = ServerMsg::parse(
        r#"{"type":"checked","game":"k7m2qx9p4a","fleet":["a1-d1","e2"],"lang":"ru","coords":"russian",
 "violations":[{"kind":"fleet","cells":[],"message":"трёхпалубных: нужно 2, стоит 0"}]}"#,
    )
    .unwrap();
    assert!(matches!(
        m,
        ServerMsg::Checked {
            lang: Lang::Ru,
            coords: CoordSystem::Russian,
            ..
        }
    ));
    let m = ClientMsg::parse(r#"{"type":"place","game":"k7m2qx9p4a"}"#).unwrap();
    assert_eq!(
        m,
        ClientMsg::Place {
            game: s("k7m2qx9p4a"),
            fleet: None
        }
    );
}
