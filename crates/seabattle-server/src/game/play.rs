//! Moves in a game: placing, firing, resigning, the computer's turns, the end. Each
//! change is stored first and applied only once stored.

use crate::error::Failure;
use crate::game::commit::{Change, commit};
use crate::game::fleet_text::canonical_fleet;
use crate::game::room::{Mode, PROGRAM_FALLBACK, Room};
use crate::game::stored::StoredGame;
use crate::guard::vet::too_costly_to_draw;
use crate::guard::work::{Lane, Overrun};
use crate::ids::new_salt;
use crate::node::SharedNode;
use crate::protocol::{ClientError, ErrorCode, ServerMsg};
use rand::rngs::StdRng;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, CoordSystem, Fleet, FleetSetup, Phase, Placer, Player, Rules};
use seabattle_table::Command;

/// The words of a fleet as a client sends them (`a1-d1`, `f3`, …), read on the game's
/// board; unchecked.
pub fn parse_fleet(rules: &Rules, words: &[String]) -> Result<FleetSetup, Failure> {
    let mut setup = FleetSetup::default();
    for w in words {
        setup
            .push_word(w, CoordSystem::Latin, rules.dims())
            .map_err(|e| ClientError::new(ErrorCode::BadFleet, e.to_string()))?;
    }
    Ok(setup)
}

/// A fleet drawn uniformly for `rules`, with fresh dice, in the pool within the work
/// budget.
pub async fn draw_fleet(node: &SharedNode, rules: Rules) -> Result<Fleet, Failure> {
    node.work
        .run(
            Lane::Heavy,
            node.config.limits.work_budget,
            move |deadline| {
                let mut rng: StdRng = rand::make_rng();
                Placer::new(&rules)
                    .sample_until(&mut rng, &mut deadline.go_on())
                    .map_err(|_| too_costly_to_draw())
            },
        )
        .await
        .map_err(|o| match o {
            Overrun::TooCostly => too_costly_to_draw().into(),
            o => o.refusal("drawing a fleet"),
        })?
        .map_err(Failure::Refused)
}

/// The fleet a player sent, checked against `rules` in the pool (reading a board of
/// ships that may touch can mean trying many splits).
pub async fn check_fleet(
    node: &SharedNode,
    rules: Rules,
    words: Vec<String>,
) -> Result<Fleet, Failure> {
    node.work
        .run(Lane::Heavy, node.config.limits.work_budget, move |_| {
            Fleet::new(parse_fleet(&rules, &words)?, &rules)
                .map_err(|e| Failure::refused(ErrorCode::BadFleet, e.to_string()))
        })
        .await
        .map_err(|o| o.refusal("checking the fleet"))?
}

/// The computer's fleet: a bot program lays out its own (off the async threads), and
/// plays the game with the same process; a level, or a program that fails, gets a
/// uniform draw.
pub async fn computer_fleet(node: &SharedNode, room: &mut Room) -> Result<Fleet, Failure> {
    let (Mode::Program(name), Some(mut program)) = (
        room.mode().clone(),
        room.bot_mut().and_then(|b| b.program.take()),
    ) else {
        return draw_fleet(node, room.rules().clone()).await;
    };
    let name = name.clone();
    let rules = room.rules().clone();
    let (program, placed) = tokio::task::spawn_blocking(move || {
        let placed = program.place(&rules);
        (program, placed)
    })
    .await
    .map_err(|_| Failure::Pool("asking a bot program for its fleet".into()))?;
    if let Some(bot) = room.bot_mut() {
        bot.program = Some(program);
    }
    match placed {
        Ok(fleet) => Ok(fleet),
        Err(fault) => {
            tracing::warn!(
                game = %room.id(),
                bot = %name,
                fault = %fault,
                "the bot program failed; the {} level plays instead",
                PROGRAM_FALLBACK.name()
            );
            draw_fleet(node, room.rules().clone()).await
        }
    }
}

/// Puts `fleet` in seat `p` in memory, with a fresh salt (for games not yet stored, and
/// after storing).
pub fn seat_fleet(room: &mut Room, p: Player, fleet: Fleet) -> Result<(), Failure> {
    let text = canonical_fleet(&fleet);
    room.table_mut()
        .place(p, fleet)
        .map_err(crate::game::commit::table_error)?;
    room.seat_mut(p).fleet_text = Some(text);
    room.seat_mut(p).salt = Some(new_salt());
    Ok(())
}

/// Readies the computer's side of a new game against it: what was learned of the
/// player with the key hash `learner`, and its fleet.
pub async fn setup_computer(
    node: &SharedNode,
    room: &mut Room,
    learner: Option<crate::ids::Learner>,
) -> Result<(), Failure> {
    if !room.mode().is_computer() {
        return Ok(());
    }
    super::learn::teach(node, room, learner).await;
    let fleet = computer_fleet(node, room).await?;
    seat_fleet(room, Player::Two, fleet)
}

/// The stored form of a game not yet stored.
pub fn to_stored(room: &Room) -> StoredGame {
    let mut s = StoredGame::new(
        room.id().clone(),
        room.rules().to_string(),
        room.mode().word(),
        room.clock().secs,
    );
    for p in Player::BOTH {
        let i = p.index();
        s.tokens[i] = room.seat(p).token_hash.clone();
        s.fleets[i] = room.seat(p).fleet_text.clone();
        s.salts[i] = room.seat(p).salt.clone();
        s.accounts[i] = room.seat(p).account;
    }
    s.rated = room.rated();
    s
}

/// Whether `p` may place now.
pub fn may_place(room: &Room, p: Player) -> Result<(), Failure> {
    match room.game().phase() {
        Phase::Over => return Err(Failure::refused(ErrorCode::GameOver, "the game is over")),
        Phase::Battle => {
            return Err(Failure::refused(
                ErrorCode::AlreadyPlaced,
                "the battle has started",
            ));
        }
        Phase::Placement => {}
    }
    if room.game().has_placed(p) {
        return Err(Failure::refused(
            ErrorCode::AlreadyPlaced,
            "your fleet is already placed",
        ));
    }
    Ok(())
}

/// `place`: the player's fleet (drawn or checked beforehand, in the pool, by
/// [`draw_fleet`] or [`check_fleet`]).
pub async fn place(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
    fleet: Fleet,
) -> Result<(), Failure> {
    may_place(room, p)?;
    let change = Change::Place {
        seat: p,
        fleet: Box::new(fleet),
        salt: new_salt(),
    };
    commit(node, room, change).await?;
    room.send_to(
        p,
        &ServerMsg::State(Box::new(crate::game::tell::state(room, Some(p)))),
    );
    // The game's task opens fire once both fleets are in.
    Ok(())
}

/// Draws who shoots first, stores it, and opens fire.
pub async fn start_battle(node: &SharedNode, room: &mut Room) -> Result<(), Failure> {
    let first = if rand::random::<bool>() {
        Player::One
    } else {
        Player::Two
    };
    commit(node, room, Change::Start(first)).await?;
    Ok(())
}

/// `fire`: a volley of canonical cells.
pub async fn fire(
    node: &SharedNode,
    room: &mut Room,
    p: Player,
    cells: &[String],
) -> Result<(), Failure> {
    let dims = room.rules().dims();
    let coords = cells
        .iter()
        .map(|c| {
            CoordSystem::Latin
                .parse(c, dims)
                .map_err(|e| ClientError::new(ErrorCode::OffBoard, e.to_string()))
        })
        .collect::<Result<Vec<Coord>, _>>()?;
    let started = std::time::Instant::now();
    commit(node, room, Change::Act(p, Command::Fire { cells: coords })).await?;
    node.metrics.shot_seconds.observe(started.elapsed());
    Ok(())
}

/// `claim_win`: the opponent left and stayed away past the game's limit, and the
/// player who stayed takes the win. Only between people on two devices, without a
/// clock (a clock passes an absent player's turns and ends the game by itself), and
/// only in the battle: in placement nothing is at stake yet.
pub async fn claim_win(node: &SharedNode, room: &mut Room, p: Player) -> Result<(), Failure> {
    let Some(after) = room.claim_after() else {
        return Err(Failure::refused(
            ErrorCode::NotAway,
            "a win can be claimed only in a game between people without a clock",
        ));
    };
    match room.game().phase() {
        Phase::Placement => {
            return Err(Failure::refused(
                ErrorCode::NotStarted,
                "the battle has not started",
            ));
        }
        Phase::Over => return Err(Failure::refused(ErrorCode::GameOver, "the game is over")),
        Phase::Battle => {}
    }
    let other = p.other();
    if room.present(other) {
        return Err(Failure::refused(ErrorCode::NotAway, "the opponent is here"));
    }
    let away = room
        .seat(other)
        .away_since
        .map_or(0, |t| t.elapsed().as_secs());
    if away < u64::from(after) {
        return Err(Failure::refused(
            ErrorCode::NotAway,
            format!("the opponent has been away {away} s; the win may be claimed after {after} s"),
        ));
    }
    commit(node, room, Change::Act(other, Command::Abandon)).await?;
    Ok(())
}

/// `name`: the name player `p` gives (none for `None`), told to everyone in the game.
pub fn rename(room: &mut Room, p: Player, name: Option<String>) {
    room.seat_mut(p).name = name;
    room.broadcast(&ServerMsg::Presence {
        game: room.id().to_string(),
        player: p,
        present: room.present(p),
        name: room.seat(p).name.clone(),
        account: room.seat(p).shown.as_deref().cloned(),
    });
}

/// `resign`.
pub async fn resign(node: &SharedNode, room: &mut Room, p: Player) -> Result<(), Failure> {
    if room.game().phase() == Phase::Over {
        return Err(Failure::refused(ErrorCode::GameOver, "the game is over"));
    }
    commit(node, room, Change::Act(p, Command::Resign)).await?;
    Ok(())
}

/// What the coach works from: the game id, the rules and player `p`'s view of the enemy
/// board (answers and sunk ships only, never the hidden fleet). Only for a player
/// against the computer, in a casual game, during the battle.
pub fn coach_input(room: &Room, p: Player) -> Result<(String, Rules, TargetBoard), Failure> {
    if !room.mode().is_computer() {
        return Err(Failure::refused(
            ErrorCode::NoCoach,
            "the coach helps only in games against the computer",
        ));
    }
    if room.rated() {
        return Err(Failure::refused(
            ErrorCode::NoCoach,
            "the coach does not help in a rated game",
        ));
    }
    if room.game().phase() != Phase::Battle {
        return Err(Failure::refused(
            ErrorCode::NoCoach,
            "the coach helps only during the battle",
        ));
    }
    Ok((
        room.id().to_string(),
        room.rules().clone(),
        room.game().view(p).enemy,
    ))
}
