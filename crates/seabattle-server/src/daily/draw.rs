//! Drawing a day: a classic fleet drawn uniformly from the operating system's
//! generator, a fresh salt, the commitment, and the expert computer's game on the same
//! fleet from a fixed seed (the day's number), so anyone can run it again.

use super::commit::commitment;
use super::day::Day;
use super::play::{cell_text, rules};
use crate::game::fleet_text::canonical_fleet;
use crate::ids::new_salt;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::ShooterKind;
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, Fleet, Placer, Sea};

/// A day drawn, before it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The day.
    pub day: Day,
    /// The fleet's canonical text.
    pub fleet: String,
    /// The salt: 32 hex digits.
    pub salt: String,
    /// The SHA-256 commitment to day, fleet and salt.
    pub commitment: String,
    /// The seed of the expert's generator.
    pub expert_seed: u64,
    /// The expert's shots, in order, each `e5`.
    pub expert_shots: Vec<String>,
}

/// Why a day could not be drawn: the rules crate or the expert failed, which is the
/// server's fault.
#[derive(Debug)]
pub struct DrawFailed(pub String);

/// Draws `day`: blocking, CPU-bound (the expert takes a fraction of a second); run it
/// off the async threads.
pub fn draw(day: Day) -> Result<Drawn, DrawFailed> {
    let rules = rules();
    let fleet = Placer::new(&rules)
        .sample(&mut rand::rng())
        .map_err(|e| DrawFailed(format!("drawing the classic fleet: {e}")))?;
    let text = canonical_fleet(&fleet);
    let salt = new_salt();
    let expert_seed = day.0.unsigned_abs();
    let expert_shots = expert_game(&fleet, expert_seed)?
        .into_iter()
        .map(cell_text)
        .collect();
    Ok(Drawn {
        day,
        commitment: commitment(day, &text, &salt),
        fleet: text,
        salt,
        expert_seed,
        expert_shots,
    })
}

/// The expert shooter's shots until `fleet` is sunk, one at a time, from a generator
/// seeded with `seed`: the same fleet and seed give the same game.
pub fn expert_game(fleet: &Fleet, seed: u64) -> Result<Vec<Coord>, DrawFailed> {
    let rules = fleet.rules().clone();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut shooter = ShooterKind::Expert.build();
    let mut sea = Sea::new(fleet.clone());
    let mut view = TargetBoard::new(&rules);
    let mut shots = Vec::new();
    while !sea.all_sunk() {
        if shots.len() >= rules.dims().area() {
            return Err(DrawFailed(
                "the expert shot every cell and sank nothing".into(),
            ));
        }
        let Some(&cell) = shooter.choose(&rules, &view, 1, &mut rng).first() else {
            return Err(DrawFailed("the expert chose no cell".into()));
        };
        let shot = sea
            .fire(cell)
            .map_err(|e| DrawFailed(format!("the expert's shot at {cell}: {e}")))?;
        view.record(cell, &shot);
        shots.push(cell);
    }
    Ok(shots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::daily::play::fleet_of;

    #[test]
    fn a_day_is_drawn_committed_and_the_expert_sinks_it_the_same_way_twice() {
        let day = Day::parse("2026-11-05").unwrap();
        let drawn = draw(day).unwrap();
        let fleet = fleet_of(&drawn.fleet).unwrap();
        assert_eq!(canonical_fleet(&fleet), drawn.fleet);
        assert_eq!(drawn.salt.len(), 32);
        assert_eq!(drawn.commitment, commitment(day, &drawn.fleet, &drawn.salt));
        let n = drawn.expert_shots.len();
        assert!((20..=100).contains(&n), "{n} shots");
        let again: Vec<String> = expert_game(&fleet, drawn.expert_seed)
            .unwrap()
            .into_iter()
            .map(cell_text)
            .collect();
        assert_eq!(again, drawn.expert_shots);
        assert_ne!(
            draw(day).unwrap().salt,
            drawn.salt,
            "a fresh salt each draw"
        );
    }
}
