//! Scripted games through the engine for seed 004's special variants: mines,
//! minesweepers and submarines. Each test hits one special rule after another; see
//! `docs/variants.md` for the decisions where the seed is ambiguous.

use crate::common::check_record;
use seabattle_core::audit::Fault;
use seabattle_core::{
    Answer, CoordSystem, Dims, DutyKind, Fleet, FleetSetup, Game, Lang, Move, Outcome, PieceKind,
    PieceProblem, Player, Rules, Shot, ShotError, Violation, WinReason, audit,
};

const F1: &str = "a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";
const F2: &str = "j1-j4 h1-h3 a10-c10 e10-f10 h10-i10 a8-b8 e8 g8 j8 j6";

fn c(s: &str) -> seabattle_core::Coord {
    CoordSystem::Latin.parse(s, Dims::LARGEST).unwrap()
}

fn setup(text: &str, rules: &Rules) -> FleetSetup {
    FleetSetup::parse(text, CoordSystem::Latin, rules.dims()).unwrap()
}

fn game(rules: &str, p1: &str, p2: &str) -> Game {
    let rules: Rules = rules.parse().unwrap();
    let mut g = Game::new(rules.clone());
    for (p, text) in [(Player::One, p1), (Player::Two, p2)] {
        let fleet = Fleet::new(setup(text, &rules), &rules).unwrap();
        g.place(p, fleet).unwrap();
    }
    g.start_with(Player::One).unwrap();
    g
}

#[test]
fn a_mine_passes_the_turn_and_shows_its_owner_a_ship_cell() {
    let mut g = game(
        "mines",
        &format!("{F1} mine:a9 mine:j9"),
        &format!("{F2} mine:c5 mine:e3"),
    );
    assert_eq!(g.shoot(Player::One, c("c5")), Ok(Shot::Mine));
    // The turn passes to the mine's owner, who waits for the cell owed.
    assert_eq!(g.to_move(), Some(Player::Two));
    assert_eq!(g.duties()[0].player, Player::One);
    assert_eq!(
        g.shoot(Player::Two, c("a1")),
        Err(ShotError::RevealDue(Player::One))
    );
    // Only a ship cell not yet hit may be shown: not a mine, not water.
    assert_eq!(
        g.reveal(Player::One, c("a9")),
        Err(ShotError::NotRevealable(c("a9")))
    );
    assert_eq!(
        g.reveal(Player::One, c("j10")),
        Err(ShotError::NotRevealable(c("j10")))
    );
    assert_eq!(g.reveal_options(Player::One, DutyKind::ShipCell).len(), 20);
    g.reveal(Player::One, c("a1")).unwrap();
    assert!(g.duties().is_empty());
    let view = g.view(Player::Two);
    assert!(view.enemy.shown_ships().contains(c("a1")));
    // The shown cell is not destroyed: shooting it is a hit, which shoots again.
    assert_eq!(g.shoot(Player::Two, c("a1")), Ok(Shot::Hit));
    assert_eq!(g.to_move(), Some(Player::Two));
    assert_eq!(g.shoot(Player::Two, c("j9")), Ok(Shot::Mine));
    g.reveal(Player::Two, c("j1")).unwrap();
    // A spent mine is a shot cell like any other.
    assert_eq!(
        g.shoot(Player::One, c("c5")),
        Err(ShotError::AlreadyShot(c("c5")))
    );
    assert_eq!(g.shoot(Player::One, c("j1")), Ok(Shot::Hit));
    let view = g.view(Player::One);
    assert!(view.enemy.found().mines.contains(c("c5")));
    assert!(view.enemy.known_empty().contains(c("c5")));
    let rec = check_record(&g);
    let text = rec.to_text(CoordSystem::Russian, Lang::Ru);
    assert!(text.contains("1. p1 в5 Мина!"), "{text}");
    assert!(text.contains("2. p1 показал а1"), "{text}");
    assert!(text.contains("mine:д3 mine:в5"), "{text}");

    // A false reveal in a record is a fault of the player who made it.
    let mut forged = rec.clone();
    forged.moves[1] = Move::Reveal {
        player: Player::One,
        cell: c("a9"),
    };
    let report = audit(&forged);
    assert!(
        report.faults[0]
            .iter()
            .any(|f| matches!(f, Fault::Turn { number: 2, .. })),
        "{:?}",
        report.faults
    );
    // So is a mine answered as a miss.
    let mut lied = rec;
    lied.moves[0] = Move::Volley {
        player: Player::One,
        shots: vec![(c("c5"), Answer::Miss)],
    };
    assert!(audit(&lied).faults[1].iter().any(|f| matches!(
        f,
        Fault::FalseAnswer {
            actual: Answer::Mine,
            ..
        }
    )));
}

#[test]
fn a_minesweeper_makes_the_shooter_show_an_unspent_mine_if_any() {
    let rules = "classic mines=1 sweepers=2";
    let mut g = game(
        rules,
        &format!("{F1} mine:j9 sweeper:a9 sweeper:e9"),
        &format!("{F2} mine:c5 sweeper:e3 sweeper:c1"),
    );
    assert_eq!(g.shoot(Player::One, c("e3")), Ok(Shot::Sweeper));
    assert_eq!(g.to_move(), Some(Player::Two));
    let options = g.reveal_options(Player::One, DutyKind::Mine);
    assert_eq!(options.iter().collect::<Vec<_>>(), [c("j9")]);
    g.reveal(Player::One, c("j9")).unwrap();
    let view = g.view(Player::Two);
    assert!(view.enemy.shown_mines().contains(c("j9")));
    assert!(
        view.enemy.known_empty().contains(c("j9")),
        "a shown mine is no place to shoot"
    );
    assert_eq!(g.shoot(Player::Two, c("d9")), Ok(Shot::Miss));
    // Player 1's only mine has been shown: the second minesweeper gets nothing.
    assert_eq!(g.shoot(Player::One, c("c1")), Ok(Shot::Sweeper));
    assert!(g.duties().is_empty());
    assert_eq!(g.to_move(), Some(Player::Two));
    check_record(&g);
}

#[test]
fn a_sunk_submarine_fires_a_dying_shot_at_the_same_cell() {
    let mut g = game(
        "submarines",
        &format!("{F1} sub:b2"),
        &format!("{F2} sub:a1"),
    );
    // Player 1 sinks the submarine at a1; it answers from a1 of player 1's board,
    // where player 1's four-decker is.
    assert_eq!(g.shoot(Player::One, c("a1")), Ok(Shot::Submarine));
    assert_eq!(
        g.moves().last(),
        Some(&Move::Dying {
            player: Player::Two,
            cell: c("a1"),
            answer: Answer::Hit,
        })
    );
    assert_eq!(
        g.to_move(),
        Some(Player::One),
        "sinking a submarine is a success"
    );
    assert!(g.view(Player::One).own.incoming.contains(c("a1")));
    assert!(g.view(Player::Two).enemy.hits().contains(c("a1")));
    assert!(
        g.view(Player::One)
            .enemy
            .found()
            .submarines
            .contains(c("a1"))
    );
    // Player 2 sinks player 1's submarine at b2: the dying shot lands on b2 of
    // player 2's board, which is water.
    assert_eq!(g.shoot(Player::One, c("d9")), Ok(Shot::Miss));
    assert_eq!(g.shoot(Player::Two, c("b2")), Ok(Shot::Submarine));
    assert_eq!(
        g.moves().last(),
        Some(&Move::Dying {
            player: Player::One,
            cell: c("b2"),
            answer: Answer::Miss,
        })
    );
    let rec = check_record(&g);
    assert!(
        rec.to_text(CoordSystem::Latin, Lang::En)
            .contains("p2 torpedo a1 Hit!")
    );
    // A submarine may touch its own ships, never share their cells.
    let rules: Rules = "submarines".parse().unwrap();
    let e = Fleet::new(setup(&format!("{F1} sub:a1"), &rules), &rules).unwrap_err();
    assert!(e.violations.iter().any(|v| matches!(
        v,
        Violation::Piece {
            kind: PieceKind::Submarine,
            problem: PieceProblem::Overlap,
            ..
        }
    )));
}

#[test]
fn a_dying_shot_can_win_the_game_or_set_off_a_mine() {
    // The dying shot sinks the shooter's only ship: the submarine's owner wins.
    let mut g = game("6x6 fleet=1 subs=1", "a1 sub:f6", "f1 sub:a1");
    assert_eq!(g.shoot(Player::One, c("a1")), Ok(Shot::Submarine));
    assert_eq!(
        g.outcome(),
        Outcome::Won {
            winner: Player::Two,
            reason: WinReason::FleetSunk
        }
    );
    check_record(&g);

    // The dying shot lands on the shooter's mine: the submarine's owner owes a ship
    // cell, and the shooter, who keeps the turn, shoots it. Mines left do not save a
    // side whose ships are all sunk.
    let mut g = game(
        "6x6 fleet=1 mines=1 subs=1",
        "a1 mine:c3 sub:f6",
        "f1 mine:a6 sub:c3",
    );
    assert_eq!(g.shoot(Player::One, c("c3")), Ok(Shot::Submarine));
    assert_eq!(g.duties()[0].player, Player::Two);
    assert_eq!(g.duties()[0].kind, DutyKind::ShipCell);
    g.reveal(Player::Two, c("f1")).unwrap();
    assert_eq!(g.to_move(), Some(Player::One));
    assert!(matches!(g.shoot(Player::One, c("f1")), Ok(Shot::Sunk(_))));
    assert_eq!(
        g.outcome(),
        Outcome::Won {
            winner: Player::One,
            reason: WinReason::FleetSunk
        }
    );
    check_record(&g);
}

#[test]
fn pieces_are_validated_with_every_violation_at_once() {
    let rules: Rules = "classic mines=2 sweepers=1".parse().unwrap();
    // A mine touching a ship (b2), a mine off the board, a sweeper touching the mine
    // at j9 (j10), and one mine too few of the legal ones.
    let text = format!("{F1} mine:b2 mine:z9 sweeper:i9 mine:j10");
    let setup = FleetSetup::parse(&text, CoordSystem::Latin, Dims::LARGEST).unwrap();
    let e = Fleet::new(setup, &rules).unwrap_err();
    let problems: Vec<(PieceKind, PieceProblem)> = e
        .violations
        .iter()
        .filter_map(|v| match v {
            Violation::Piece { kind, problem, .. } => Some((*kind, *problem)),
            _ => None,
        })
        .collect();
    assert!(
        problems.contains(&(PieceKind::Mine, PieceProblem::Touches)),
        "{e}"
    );
    assert!(
        problems.contains(&(PieceKind::Mine, PieceProblem::OffBoard)),
        "{e}"
    );
    assert!(
        problems.contains(&(PieceKind::Sweeper, PieceProblem::Touches)),
        "{e}"
    );
    assert!(
        problems.contains(&(
            PieceKind::Mine,
            PieceProblem::Count {
                expected: 2,
                found: 3
            }
        )),
        "{e}"
    );
    let ru = e
        .violations
        .iter()
        .map(|v| v.message(Lang::Ru, CoordSystem::Russian))
        .collect::<Vec<_>>()
        .join("; ");
    assert!(ru.contains("мина касается соседа: б2"), "{ru}");
    // With pieces-touch=yes, mines may lie beside ships.
    let touchy: Rules = "classic mines=1 pieces-touch=yes".parse().unwrap();
    assert!(Fleet::new(setup_of(&format!("{F1} mine:b2"), &touchy), &touchy).is_ok());
}

fn setup_of(text: &str, rules: &Rules) -> FleetSetup {
    setup(text, rules)
}

#[test]
fn variant_rules_round_trip_and_are_checked() {
    for name in ["mines", "minesweepers", "submarines"] {
        let r: Rules = name.parse().unwrap();
        assert_eq!(r.to_string(), name);
        assert!(r.pieces().count() > 0);
    }
    let r: Rules = "classic mines=3 subs=2 pieces-touch=yes".parse().unwrap();
    assert_eq!(
        r.to_string(),
        "10x10 fleet=4,3,3,2,2,2,1,1,1,1 touch=none shape=straight hit-again=yes shots=1 mines=3 subs=2 pieces-touch=yes"
    );
    assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
    let e = "classic sweepers=1"
        .parse::<Rules>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("minesweepers need mines"), "{e}");
    let e = "classic mines=9".parse::<Rules>().unwrap_err().to_string();
    assert!(e.contains("at most 8"), "{e}");
    // No room for the mines beside a crowded fleet.
    let e = "5x5 fleet=3,3 mines=8".parse::<Rules>().unwrap_err();
    assert!(
        matches!(
            e,
            seabattle_core::RulesError::DoesNotFit(_) | seabattle_core::RulesError::TooCrowded
        ),
        "{e}"
    );
}

#[test]
fn boards_draw_pieces_and_read_them_back() {
    let rules: Rules = "classic mines=1 sweepers=1 subs=1".parse().unwrap();
    let text = format!("{F1} mine:j9 sweeper:a9 sub:b2");
    let fleet = Fleet::new(setup(&text, &rules), &rules).unwrap();
    let drawn = seabattle_core::Grid::from_fleet(&fleet).format(CoordSystem::Latin);
    assert!(drawn.contains(" 9 ^ . . . . . . . . @"), "{drawn}");
    assert!(drawn.contains(" 2 . % . ."), "{drawn}");
    let grid = seabattle_core::Grid::parse(&drawn).unwrap();
    assert_eq!(Fleet::new(grid.to_setup(&rules), &rules), Ok(fleet));
    // The seed's drawings read the same: a circle, a triangle, a diamond.
    let seeded = drawn.replace('@', "○").replace('^', "△").replace('%', "◇");
    assert_eq!(seabattle_core::Grid::parse(&seeded), Ok(grid));
    let e = seabattle_core::Grid::parse("..&..\n.....\n.....\n.....\n.....")
        .unwrap_err()
        .to_string();
    assert!(e.contains("a mine @"), "{e}");
}
