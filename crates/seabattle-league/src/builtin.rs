//! [`Builtin`]: the computer players of `seabattle-bots` as league bots, in-process.

use crate::bot::Bot;
use crate::fault::{Fault, FaultKind};
use crate::protocol::End;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seabattle_bots::shooter::UnknownName;
use seabattle_bots::{PlacerKind, Shooter, ShooterKind, choose_reveal_among};
use seabattle_core::view::TargetBoard;
use seabattle_core::{CellSet, Coord, DutyKind, Fleet, FleetSetup, Placer, Rules, ShipSetup, Shot};

/// A builtin bot: a shooter and a placer.
pub struct Builtin {
    name: String,
    kind: ShooterKind,
    placer: PlacerKind,
    /// Built afresh for each game, so a game depends only on its seed.
    shooter: Option<Box<dyn Shooter>>,
    rng: StdRng,
    rules: Rules,
    view: TargetBoard,
    /// The uniform placer's tables for `rules`, built once for as many games as they last.
    uniform: Option<Placer>,
    /// Its own fleet, this game: what it may show when it owes a reveal.
    fleet: Option<Fleet>,
    /// The opponent's shots at its fleet, dying shots included.
    incoming: CellSet,
    /// The cells it has shown the opponent.
    shown: CellSet,
}

impl Builtin {
    /// Reads `LEVEL` or `SHOOTER` (`expert`, `hard`, `density`…), optionally followed by
    /// `:PLACER` (`expert:perelman`); the placer is `uniform` unless given, as for the
    /// server's computer opponents.
    pub fn kinds(spec: &str) -> Result<(ShooterKind, PlacerKind), UnknownName> {
        let (shooter, placer) = match spec.split_once(':') {
            Some((s, p)) => (s, p.parse::<PlacerKind>()?),
            None => (spec, PlacerKind::Uniform),
        };
        let kind = ShooterKind::by_level_or_name(shooter).map_err(|mut e| {
            e.what = "builtin bot";
            e
        })?;
        Ok((kind, placer))
    }

    /// A builtin named `name` (as it appears in tables), with its shooter and placer.
    pub fn new(name: impl Into<String>, kind: ShooterKind, placer: PlacerKind) -> Builtin {
        let rules = Rules::classic();
        Builtin {
            name: name.into(),
            kind,
            placer,
            shooter: None,
            rng: StdRng::seed_from_u64(0),
            view: TargetBoard::new(&rules),
            rules,
            uniform: None,
            fleet: None,
            incoming: CellSet::EMPTY,
            shown: CellSet::EMPTY,
        }
    }

    /// The builtin named by `spec`, as [`Builtin::kinds`] reads it.
    pub fn parse(spec: &str) -> Result<Builtin, UnknownName> {
        let (kind, placer) = Builtin::kinds(spec)?;
        Ok(Builtin::new(spec, kind, placer))
    }
}

impl Bot for Builtin {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, rules: &Rules, seed: u64) -> Result<(), Fault> {
        if *rules != self.rules {
            self.rules = rules.clone();
            self.uniform = None;
        }
        self.view = TargetBoard::new(rules);
        self.shooter = Some(self.kind.build());
        self.rng = StdRng::seed_from_u64(seed);
        self.fleet = None;
        self.incoming = CellSet::EMPTY;
        self.shown = CellSet::EMPTY;
        Ok(())
    }

    fn place(&mut self) -> Result<FleetSetup, Fault> {
        let placed = match self.placer {
            PlacerKind::Uniform => self
                .uniform
                .get_or_insert_with(|| Placer::new(&self.rules))
                .sample(&mut self.rng),
            styled => styled.place(&self.rules, &mut self.rng),
        };
        let fleet = placed.map_err(|e| Fault::new(FaultKind::IllegalFleet, e.to_string()))?;
        let setup = fleet.to_setup();
        self.fleet = Some(fleet);
        Ok(setup)
    }

    fn shoot(&mut self, count: usize) -> Result<Vec<Coord>, Fault> {
        let shooter = self.shooter.get_or_insert_with(|| self.kind.build());
        Ok(shooter.choose(&self.rules, &self.view, count, &mut self.rng))
    }

    fn result(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.view.record(cell, shot);
        Ok(())
    }

    fn incoming(&mut self, cell: Coord, _: &Shot) -> Result<(), Fault> {
        self.incoming.insert(cell);
        Ok(())
    }

    fn reveal(&mut self, kind: DutyKind) -> Result<Coord, Fault> {
        let nothing = || Fault::new(FaultKind::IllegalReveal, "it has nothing left to show");
        let fleet = self.fleet.as_ref().ok_or_else(nothing)?;
        let options = fleet.reveal_options(&self.incoming, &self.shown, kind);
        let cell = choose_reveal_among(fleet, &self.incoming, options, kind, &mut self.rng)
            .ok_or_else(nothing)?;
        self.shown.insert(cell);
        Ok(cell)
    }

    fn shown(&mut self, cell: Coord, kind: DutyKind) -> Result<(), Fault> {
        self.view.reveal(cell, kind);
        Ok(())
    }

    fn torpedo(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
        self.view.record(cell, shot);
        Ok(())
    }

    fn torpedoed(&mut self, cell: Coord, _: &Shot) -> Result<(), Fault> {
        self.incoming.insert(cell);
        Ok(())
    }

    fn relocate(&mut self, decks: usize) -> Result<ShipSetup, Fault> {
        // The built-in computer's move, as the server's and the terminal's make it.
        seabattle_bots::computer::relocate(&self.rules, decks, &self.incoming, &mut self.rng)
            .ok_or_else(|| Fault::new(FaultKind::IllegalMove, "it found no place to move to"))
    }

    fn moved(&mut self) -> Result<(), Fault> {
        self.view.relocated();
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
