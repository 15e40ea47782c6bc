//! Every client message survives a trip through its text.

use crate::fixtures::*;
use seabattle_wire::*;

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
