//! What the round trips build their messages from: a board, a result, a state and a
//! challenge with every field set, and the trips themselves.

use seabattle_core::{Answer, Player};
use seabattle_wire::*;

pub fn s(x: &str) -> String {
    x.to_string()
}

pub fn v(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

/// `m` written, then read back, is `m`; and its `type` is [`ServerMsg::kind`].
pub fn server_trip(m: ServerMsg) {
    let text = m.to_text();
    let back = ServerMsg::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, m, "{text}");
    assert!(
        text.starts_with(&format!("{{\"type\":\"{}\"", m.kind())),
        "{text}"
    );
    assert!(SERVER_TYPES.contains(&m.kind()));
}

pub fn client_trip(m: ClientMsg) {
    let text = m.to_text();
    let back = ClientMsg::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, m, "{text}");
    assert!(
        text.starts_with(&format!("{{\"type\":\"{}\"", m.kind())),
        "{text}"
    );
    assert!(CLIENT_TYPES.contains(&m.kind()));
}

pub fn board(n: usize) -> TargetJson {
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

pub fn result(flying: bool) -> ResultJson {
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

pub fn state(full: bool) -> StateJson {
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

/// A challenge as both players see it.
pub fn challenge() -> seabattle_wire::ChallengeJson {
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
