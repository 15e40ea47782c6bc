//! [`Builtin`]: the computer players of `seabattle-bots` as arena bots, in-process.

use crate::bot::Bot;
use crate::fault::{Fault, FaultKind};
use crate::protocol::End;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::shooter::UnknownName;
use seabattle_bots::{Level, PlacerKind, Shooter, ShooterKind};
use seabattle_core::view::TargetBoard;
use seabattle_core::{Coord, FleetSetup, Rules, Shot};

/// A builtin bot: a shooter and a placer.
pub struct Builtin {
    name: String,
    kind: ShooterKind,
    placer: PlacerKind,
    shooter: Box<dyn Shooter>,
    rng: StdRng,
    rules: Rules,
    view: TargetBoard,
}

impl Builtin {
    /// Reads `LEVEL` or `SHOOTER` (`expert`, `hard`, `density`…), optionally followed by
    /// `:PLACER` (`expert:perelman`); the placer is `uniform` unless given, as for the
    /// server's computer opponents.
    pub fn parse(spec: &str) -> Result<Builtin, UnknownName> {
        let (shooter, placer) = match spec.split_once(':') {
            Some((s, p)) => (s, p.parse::<PlacerKind>()?),
            None => (spec, PlacerKind::Uniform),
        };
        let kind = match (shooter.parse::<Level>(), shooter.parse::<ShooterKind>()) {
            (Ok(level), _) => level.shooter(),
            (_, Ok(kind)) => kind,
            (Err(_), Err(_)) => {
                let mut known: Vec<&'static str> = Level::ALL.iter().map(|l| l.name()).collect();
                let shooters: Vec<&'static str> =
                    ShooterKind::ALL.iter().map(|k| k.name()).collect();
                known.extend(
                    shooters
                        .into_iter()
                        .filter(|n| !Level::ALL.iter().any(|l| l.name() == *n)),
                );
                return Err(UnknownName {
                    what: "builtin bot",
                    name: shooter.to_string(),
                    known,
                });
            }
        };
        let rules = Rules::classic();
        Ok(Builtin {
            name: spec.to_string(),
            kind,
            placer,
            shooter: kind.build(),
            rng: StdRng::seed_from_u64(0),
            view: TargetBoard::new(&rules),
            rules,
        })
    }
}

impl Bot for Builtin {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, rules: &Rules, seed: u64) -> Result<(), Fault> {
        self.rules = rules.clone();
        self.view = TargetBoard::new(rules);
        self.shooter = self.kind.build();
        self.rng = StdRng::seed_from_u64(seed);
        Ok(())
    }

    fn place(&mut self) -> Result<FleetSetup, Fault> {
        self.placer
            .place(&self.rules, &mut self.rng)
            .map(|f| f.to_setup())
            .map_err(|e| Fault::new(FaultKind::IllegalFleet, e.to_string()))
    }

    fn shoot(&mut self, count: usize) -> Result<Vec<Coord>, Fault> {
        Ok(self
            .shooter
            .choose(&self.rules, &self.view, count, &mut self.rng))
    }

    fn result(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.view.record(cell, shot);
        Ok(())
    }

    fn incoming(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
        Ok(())
    }

    fn game_over(&mut self, _: End, _: Option<&str>) -> Result<(), Fault> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_levels_shooters_and_placers() {
        assert_eq!(Builtin::parse("hard").unwrap().kind, ShooterKind::Density);
        assert_eq!(Builtin::parse("parity").unwrap().kind, ShooterKind::Parity);
        let b = Builtin::parse("expert:perelman").unwrap();
        assert_eq!(
            (b.kind, b.placer),
            (ShooterKind::Expert, PlacerKind::Perelman)
        );
        assert_eq!(b.name(), "expert:perelman");
        let e = Builtin::parse("grandmaster").err().unwrap();
        assert!(e.to_string().contains("easy"), "{e}");
        assert_eq!(Builtin::parse("easy:nowhere").err().unwrap().what, "placer");
    }
}
