//! Every server message survives a trip through its text.

use crate::fixtures::*;
use seabattle_core::{Answer, Player};
use seabattle_wire::*;

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
