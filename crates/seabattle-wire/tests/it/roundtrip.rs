//! Every message survives a trip through its text, and the examples of
//! `docs/protocol.md` read and write back byte for byte.

use seabattle_core::{Answer, Player};
use seabattle_wire::*;

fn s(x: &str) -> String {
    x.to_string()
}

fn v(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

/// `m` written, then read back, is `m`; and its `type` is [`ServerMsg::kind`].
fn server_trip(m: ServerMsg) {
    let text = m.to_text();
    let back = ServerMsg::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, m, "{text}");
    assert!(
        text.starts_with(&format!("{{\"type\":\"{}\"", m.kind())),
        "{text}"
    );
    assert!(SERVER_TYPES.contains(&m.kind()));
}

fn client_trip(m: ClientMsg) {
    let text = m.to_text();
    let back = ClientMsg::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, m, "{text}");
    assert!(
        text.starts_with(&format!("{{\"type\":\"{}\"", m.kind())),
        "{text}"
    );
    assert!(CLIENT_TYPES.contains(&m.kind()));
}

fn board(n: usize) -> TargetJson {
    let l = |x: &str| if n == 0 { vec![] } else { v(&[x]) };
    TargetJson {
        misses: l("e5"),
        hits: v(&["f5", "f6"]),
        sunk: vec![v(&["f5", "f6"])],
        empty: l("e4"),
        afloat: vec![4, 3, 3],
        mines: l("h10"),
        sweepers: l("c3"),
        subs: l("j1"),
        left: l("b2"),
        shown_ships: l("a1"),
        shown_mines: l("j10"),
    }
}

fn result(flying: bool) -> ResultJson {
    ResultJson {
        winner: Player::One,
        reason: EndReason::Timeout,
        fleets: [v(&["a1-d1", "mine:h10"]), v(&["b1-b4"])],
        fleets_at_end: flying.then(|| [v(&["a2+b3"]), v(&["c1+d2"])]),
        salts: [s("5d41"), s("7d79")],
        commitments: [s("3b0c"), s("a41f")],
        audit: AuditJson {
            verdict: s("the result stands"),
            verdict_ru: s("результат в силе"),
            faults: [vec![], v(&["late"])],
        },
        record: s("/games/k7m2qx9p4a/record.json"),
        ratings: flying.then_some([
            RatingJson {
                before: 1500,
                after: 1662,
                provisional_before: true,
                provisional_after: true,
            },
            RatingJson {
                before: 1712,
                after: 1700,
                provisional_before: false,
                provisional_after: false,
            },
        ]),
        aborted: !flying,
    }
}

fn state(full: bool) -> StateJson {
    StateJson {
        game: s("k7m2qx9p4a"),
        role: if full { Role::Player } else { Role::Spectator },
        seat: full.then_some(Player::Two),
        rules: s("classic"),
        spec: RulesJson {
            width: 10,
            height: 10,
            fleet: vec![4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
            touching: Touching::Forbidden,
            shape: ShipShape::Path,
            hit_again: true,
            shots: s("afloat"),
            mines: 2,
            sweepers: 1,
            subs: 1,
            pieces_touch: false,
            flying: true,
        },
        mode: s("computer:hard"),
        clock: full.then_some(30),
        phase: if full { Phase::Battle } else { Phase::Over },
        placed: [true, full],
        to_move: full.then_some(Player::One),
        shots_due: if full { 3 } else { 0 },
        duties: if full {
            vec![
                DutyJson {
                    player: Player::Two,
                    kind: DutyKind::ShipCell,
                },
                DutyJson {
                    player: Player::One,
                    kind: DutyKind::Relocate,
                },
            ]
        } else {
            vec![]
        },
        reveal: full.then(|| RevealJson {
            kind: DutyKind::Mine,
            cells: v(&["a1", "b1"]),
        }),
        relocate: full.then(|| RelocateJson {
            decks: 5,
            lost: v(&["a20"]),
        }),
        own: full.then(|| OwnJson {
            fleet: Some(v(&["a1-d1", "sub:j1"])),
            incoming: v(&["b2"]),
            lost: v(&["a1"]),
        }),
        boards: [board(0), board(1)],
        commitments: full.then(|| [s("3b0c"), s("a41f")]),
        presence: [
            PresenceJson {
                present: true,
                away_secs: None,
            },
            PresenceJson {
                present: false,
                away_secs: Some(42),
            },
        ],
        names: [Some(s("Алиса")), None],
        accounts: [
            Some(seabattle_wire::SeatAccountJson {
                name: s("Алиса"),
                rating: Some(1712),
                provisional: full,
                bot: full,
            }),
            None,
        ],
        strikes: [0, 1],
        clock_left: full.then_some(17),
        moves: 4,
        log: if full {
            vec![
                LoggedShotJson {
                    player: Player::One,
                    cell: s("e5"),
                    answer: Answer::Sunk,
                    dying: false,
                },
                LoggedShotJson {
                    player: Player::Two,
                    cell: s("e5"),
                    answer: Answer::Miss,
                    dying: true,
                },
            ]
        } else {
            vec![]
        },
        result: (!full).then(|| result(true)),
        next_game: (!full).then(|| s("p3xq8rmt2c")),
        rated: full,
        casual: (!full).then_some(seabattle_wire::Casual::PairLimit),
        met: full.then_some(seabattle_wire::Met::Challenge),
        claim_after: full.then_some(60),
        placement_left: full.then_some(87),
        arena: full.then(|| "a7k2m9q4".to_string()),
    }
}

#[test]
fn every_server_message_round_trips() {
    let game = || s("k7m2qx9p4a");
    let shot = |answer, sunk: bool| ShotJson {
        cell: s("f6"),
        answer,
        ship: sunk.then(|| v(&["f5", "f6"])),
        halo: sunk.then(|| v(&["e4", "g7"])),
    };
    let duty = DutyJson {
        player: Player::Two,
        kind: DutyKind::Mine,
    };
    let all = vec![
        ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            max_message_bytes: 4096,
            messages_per_second: 20,
            bots: v(&["pybot"]),
            presets: v(&["classic", "dutchman"]),
            node: Some("n1".into()),
            account: Some(s("Анна")),
            levels: vec![seabattle_wire::LevelAccountJson {
                level: s("easy"),
                name: s("Компьютер.лёгкий"),
            }],
        },
        ServerMsg::Joined {
            game: game(),
            role: Role::Player,
            seat: Some(Player::One),
            token: Some(s("9f2c")),
            link: s("/g/k7m2qx9p4a"),
        },
        ServerMsg::Joined {
            game: game(),
            role: Role::Spectator,
            seat: None,
            token: None,
            link: s("/g/k7m2qx9p4a"),
        },
        ServerMsg::State(Box::new(state(true))),
        ServerMsg::State(Box::new(state(false))),
        ServerMsg::Placed {
            game: game(),
            player: Player::Two,
        },
        ServerMsg::Battle {
            game: game(),
            first: Player::Two,
            commitments: [s("3b0c"), s("a41f")],
            shots_due: 1,
        },
        ServerMsg::Shot {
            game: game(),
            number: 7,
            player: Player::One,
            shots: vec![shot(Answer::Sunk, true), shot(Answer::Miss, false)],
            dying: false,
            next: Some(Player::One),
            shots_due: 2,
            duties: vec![],
        },
        ServerMsg::Shot {
            game: game(),
            number: 11,
            player: Player::Two,
            shots: vec![shot(Answer::Submarine, false)],
            dying: true,
            next: None,
            shots_due: 0,
            duties: vec![duty.clone()],
        },
        ServerMsg::RevealDue {
            game: game(),
            player: Player::Two,
            kind: DutyKind::ShipCell,
            cells: v(&["a1", "b1"]),
        },
        ServerMsg::Revealed {
            game: game(),
            number: 10,
            player: Player::Two,
            kind: DutyKind::ShipCell,
            cell: Some(s("a1")),
            by_server: true,
            next: Some(Player::One),
            shots_due: 1,
            duties: vec![duty.clone()],
        },
        ServerMsg::Revealed {
            game: game(),
            number: 10,
            player: Player::Two,
            kind: DutyKind::Mine,
            cell: None,
            by_server: false,
            next: None,
            shots_due: 0,
            duties: vec![],
        },
        ServerMsg::RelocateDue {
            game: game(),
            player: Player::Two,
            decks: 5,
            lost: v(&["a20"]),
        },
        ServerMsg::Relocated {
            game: game(),
            number: 4,
            player: Player::Two,
            cells: Some(v(&["k10", "l11"])),
            left: v(&["b2"]),
            decks: 2,
            by_server: true,
            next: Some(Player::One),
            shots_due: 1,
            duties: vec![duty],
        },
        ServerMsg::Relocated {
            game: game(),
            number: 4,
            player: Player::Two,
            cells: None,
            left: vec![],
            decks: 5,
            by_server: false,
            next: Some(Player::One),
            shots_due: 1,
            duties: vec![],
        },
        ServerMsg::Clock {
            game: game(),
            player: Player::Two,
            seconds: 30,
        },
        ServerMsg::Timeout {
            game: game(),
            player: Player::Two,
            strikes: 2,
            next: None,
            shots_due: 0,
        },
        ServerMsg::Presence {
            game: game(),
            player: Player::Two,
            present: false,
            name: Some(s("Боб")),
            account: Some(seabattle_wire::SeatAccountJson {
                name: s("Боб"),
                rating: None,
                provisional: false,
                bot: false,
            }),
        },
        ServerMsg::NoShow {
            game: game(),
            absent: vec![Player::Two],
        },
        ServerMsg::GameOver {
            game: game(),
            result: Box::new(result(false)),
        },
        ServerMsg::GameOver {
            game: game(),
            result: Box::new(result(true)),
        },
        ServerMsg::RematchOffered {
            game: game(),
            player: Player::One,
        },
        ServerMsg::Rematch {
            game: game(),
            next: s("p3xq8rmt2c"),
        },
        ServerMsg::Queued {
            rules: s("classic"),
            rated: false,
        },
        ServerMsg::Queued {
            rules: s("classic"),
            rated: true,
        },
        ServerMsg::Rate {
            game: game(),
            asked: [true, false],
            rated: false,
        },
        ServerMsg::QueueOffer {
            rules: s("classic"),
            waited_secs: 30,
            level: None,
            bot: None,
        },
        ServerMsg::QueueOffer {
            rules: s("classic"),
            waited_secs: 20,
            level: Some(s("hard")),
            bot: Some(SeatAccountJson {
                name: s("Компьютер.сильный"),
                rating: Some(1724),
                provisional: false,
                bot: true,
            }),
        },
        ServerMsg::Error {
            code: ErrorCode::NotYourTurn,
            message: s("wait"),
        },
        ServerMsg::Coach {
            game: game(),
            width: 2,
            height: 2,
            weights: vec![0.0, 0.25, 0.5, 1.0],
            best: v(&["b2"]),
        },
        ServerMsg::Layout {
            game: game(),
            placer: s("perelman"),
            fleet: v(&["a1-d1", "a7"]),
        },
        ServerMsg::Checked {
            game: game(),
            fleet: v(&["a1-d1", "e2", "mine:a1"]),
            lang: Lang::Ru,
            coords: CoordSystem::Respublika,
            violations: vec![
                ViolationJson {
                    kind: ViolationKind::Touching,
                    cells: v(&["d1", "e2"]),
                    message: s("корабли касаются углами: Г1 Д2"),
                    piece: None,
                },
                ViolationJson {
                    kind: ViolationKind::Overlap,
                    cells: v(&["a1"]),
                    message: s("overlap"),
                    piece: Some(PieceKind::Submarine),
                },
            ],
        },
        ServerMsg::Turned {
            game: game(),
            fleet: v(&["a1-a4", "e2"]),
            ship: 0,
        },
        ServerMsg::Pong,
        ServerMsg::Learned {
            histories: vec![LearnedJson {
                rules: s("classic"),
                width: 5,
                height: 5,
                fleets: vec![v(&["a1-d1", "e5"])],
                heat: vec![0.5; 25],
                habit: Some(seabattle_wire::LearnedHabit::HalfLeft),
            }],
        },
        ServerMsg::Forgotten { fleets: 3 },
        ServerMsg::Chat {
            game: game(),
            player: Player::Two,
            phrase: Phrase::NiceShot,
        },
        ServerMsg::Lobby(Box::new(seabattle_wire::LobbyJson {
            online: 12,
            playing: 3,
            open: vec![seabattle_wire::OpenGameJson {
                game: game(),
                rules: s("classic"),
                clock: Some(30),
                rated: true,
                name: None,
                account: Some(seabattle_wire::SeatAccountJson {
                    name: s("Anna"),
                    rating: Some(1712),
                    provisional: false,
                    bot: false,
                }),
                seeking: false,
            }],
        })),
        ServerMsg::Lobby(Box::new(seabattle_wire::LobbyJson {
            online: 2,
            playing: 0,
            open: vec![seabattle_wire::OpenGameJson {
                game: s("q-3fj29dkq0x7w"),
                rules: s("classic"),
                clock: None,
                rated: false,
                name: None,
                account: None,
                seeking: true,
            }],
        })),
        ServerMsg::Lobby(Box::default()),
        ServerMsg::Challenged(Box::new(challenge())),
        ServerMsg::ChallengeSent(Box::new(challenge())),
        ServerMsg::ChallengeEnded {
            id: s("c7m2qx9p4a"),
            end: seabattle_wire::ChallengeEnd::Declined,
        },
    ];
    let mut kinds: Vec<&str> = all.iter().map(ServerMsg::kind).collect();
    kinds.dedup();
    assert_eq!(kinds, SERVER_TYPES, "one of each, in order");
    for m in all {
        server_trip(m);
    }
}

#[test]
fn every_client_message_round_trips() {
    let game = || s("k7m2qx9p4a");
    let all = vec![
        ClientMsg::Hello { v: 2 },
        ClientMsg::NewGame {
            opponent: Opponent::Computer,
            level: Some(s("hard")),
            rules: Some(s("classic")),
            clock: Some(30),
            name: Some(s("Алиса")),
            player: Some(s("q8V2-x_7Lm0pZr4tY6wE1A")),
            lang: Some(Lang::Ru),
            rated: Some(true),
        },
        ClientMsg::NewGame {
            opponent: Opponent::Friend,
            level: None,
            rules: None,
            clock: None,
            name: None,
            player: None,
            lang: None,
            rated: None,
        },
        ClientMsg::Join {
            game: game(),
            name: Some(s("Боб")),
        },
        ClientMsg::Resume {
            game: game(),
            token: Some(s("9f2c")),
        },
        ClientMsg::Resume {
            game: game(),
            token: None,
        },
        ClientMsg::Watch { game: game() },
        ClientMsg::Queue {
            rules: None,
            rated: None,
        },
        ClientMsg::Queue {
            rules: Some(s("classic")),
            rated: Some(false),
        },
        ClientMsg::Place {
            game: game(),
            fleet: Some(v(&["a1-d1", "mine:h10"])),
        },
        ClientMsg::Place {
            game: game(),
            fleet: None,
        },
        ClientMsg::Fire {
            game: game(),
            cells: v(&["e5", "f6"]),
        },
        ClientMsg::Reveal {
            game: game(),
            cell: s("a1"),
        },
        ClientMsg::Relocate {
            game: game(),
            cells: Some(v(&["d4", "e5"])),
        },
        ClientMsg::Relocate {
            game: game(),
            cells: None,
        },
        ClientMsg::Resign { game: game() },
        ClientMsg::ClaimWin { game: game() },
        ClientMsg::Name {
            game: game(),
            name: s("Алиса"),
        },
        ClientMsg::Rematch { game: game() },
        ClientMsg::Rate { game: game() },
        ClientMsg::Sync { game: game() },
        ClientMsg::Coach { game: game() },
        ClientMsg::Layout {
            game: game(),
            placer: Some(s("perelman")),
        },
        ClientMsg::Check {
            game: game(),
            fleet: v(&["a1-d1", "e2"]),
            lang: Some(s("ru")),
            coords: Some(s("russian")),
        },
        ClientMsg::Turn {
            game: game(),
            fleet: v(&["a1-d1", "e2"]),
            ship: 0,
        },
        ClientMsg::Learned {
            player: s("q8V2-x_7Lm0pZr4tY6wE1A"),
            rules: Some(s("classic")),
        },
        ClientMsg::Learned {
            player: s("q8V2-x_7Lm0pZr4tY6wE1A"),
            rules: None,
        },
        ClientMsg::Forget {
            player: s("q8V2-x_7Lm0pZr4tY6wE1A"),
        },
        ClientMsg::Ping,
        ClientMsg::Chat {
            game: game(),
            phrase: Phrase::GoodLuck,
        },
        ClientMsg::Lobby,
        ClientMsg::Seek {
            rules: Some(s("classic")),
            clock: Some(30),
            rated: Some(true),
            name: None,
        },
        ClientMsg::Seek {
            rules: None,
            clock: None,
            rated: None,
            name: Some(s("Kapitan")),
        },
        ClientMsg::Challenge {
            to: s("Anna"),
            rules: Some(s("classic")),
            clock: None,
            rated: Some(false),
        },
        ClientMsg::AnswerChallenge {
            id: s("c7m2qx9p4a"),
            answer: seabattle_wire::Answer::Accept,
        },
        ClientMsg::CancelChallenge {
            id: s("c7m2qx9p4a"),
        },
        ClientMsg::Auth {
            token: s("3q2-example-token"),
        },
    ];
    let mut kinds: Vec<&str> = all.iter().map(ClientMsg::kind).collect();
    kinds.dedup();
    assert_eq!(kinds, CLIENT_TYPES, "one of each, in order");
    for m in all {
        client_trip(m);
    }
}

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

#[test]
fn unknown_types_are_told_from_bad_messages() {
    assert!(matches!(
        ServerMsg::parse(r#"{"type":"whisper","text":"hi"}"#),
        Err(ParseError::UnknownType(t)) if t == "whisper"
    ));
    // Quick chat has no free text: a phrase id the protocol does not list is malformed.
    assert!(matches!(
        ClientMsg::parse(r#"{"type":"chat","game":"g","phrase":"hi there"}"#),
        Err(ParseError::BadMessage { kind, error }) if kind == "chat" && error.contains("hi there")
    ));
    assert!(matches!(
        ServerMsg::parse(r#"{"type":"shot","player":7}"#),
        Err(ParseError::BadMessage { kind, .. }) if kind == "shot"
    ));
    assert!(matches!(
        ServerMsg::parse("[1]"),
        Err(ParseError::NotJson(_))
    ));
    assert!(matches!(ServerMsg::parse("{"), Err(ParseError::NotJson(_))));
    // Fields a newer server adds are ignored; lists older servers leave out are empty.
    let m = ServerMsg::parse(
        r#"{"type":"timeout","game":"g","player":1,"strikes":1,"next":2,"colour":"red"}"#,
    )
    .unwrap();
    assert!(matches!(m, ServerMsg::Timeout { shots_due: 1, .. }));
}

#[test]
fn refusals_become_error_messages() {
    let m: ServerMsg = ClientError::new(ErrorCode::NotYourTurn, "wait").into();
    assert_eq!(
        m.to_text(),
        r#"{"type":"error","code":"not_your_turn","message":"wait"}"#
    );
    assert_eq!(player_name(Some("  Боб ")).unwrap(), Some(s("Боб")));
    assert_eq!(player_name(Some("   ")).unwrap(), None);
    assert_eq!(
        player_name(Some(&"x".repeat(MAX_NAME_CHARS + 1)))
            .unwrap_err()
            .code,
        ErrorCode::BadMessage
    );
}

/// A challenge as both players see it.
fn challenge() -> seabattle_wire::ChallengeJson {
    seabattle_wire::ChallengeJson {
        id: "c7m2qx9p4a".into(),
        from: seabattle_wire::SeatAccountJson {
            name: "Anna".into(),
            rating: Some(1712),
            provisional: false,
            bot: false,
        },
        to: seabattle_wire::SeatAccountJson {
            name: "Boris".into(),
            rating: Some(1500),
            provisional: true,
            bot: false,
        },
        rules: "classic".into(),
        clock: Some(60),
        rated: true,
        expires_secs: 58,
    }
}
