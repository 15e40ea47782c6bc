//! An attempt at the daily sea, refereed: the stored shots are fired again at the day's
//! fleet through the rules crate's [`Sea`], each answered «Мимо!», «Ранил!» or «Убил!»,
//! and a new shot is checked and answered the same way. What a player is shown of it
//! ([`Fired`]) names the cells they shot and, once a ship sinks, that ship and the
//! cells around it: never a cell of a ship still afloat.

use seabattle_core::{CellSet, Coord, CoordSystem, Fleet, FleetSetup, Rules, Sea, Shot};
pub use seabattle_wire::daily::Fired;

/// The rules every day is drawn and played under: classic.
pub fn rules() -> Rules {
    Rules::classic()
}

/// A cell as the page and the store write it (`e5`).
pub fn cell_text(c: Coord) -> String {
    CoordSystem::Latin.format(c)
}

/// The day's fleet from its canonical text, checked against the rules; an error names
/// what is wrong (storage's fault, never a player's).
pub fn fleet_of(text: &str) -> Result<Fleet, String> {
    let rules = rules();
    let setup = FleetSetup::parse(text, CoordSystem::Latin, rules.dims())
        .map_err(|e| format!("the day's fleet {text:?}: {e}"))?;
    Fleet::new(setup, &rules).map_err(|e| format!("the day's fleet {text:?}: {e}"))
}

fn cells(set: &CellSet) -> Vec<String> {
    set.iter().map(cell_text).collect()
}

/// An attempt replayed: the sea under fire and each shot's answer.
pub struct Attempt {
    sea: Sea,
    /// Every shot so far, in order.
    pub shots: Vec<Fired>,
}

/// Why a shot is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a cell of the 10×10 board.
    OffBoard(String),
    /// A cell this attempt shot before.
    AlreadyShot(String),
    /// Every ship is sunk already.
    Over {
        /// The shots it took.
        score: usize,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::OffBoard(c) => {
                let shown: String = c.chars().take(12).collect();
                write!(
                    f,
                    "cell {shown:?}: not a cell of the 10×10 board (a1 to j10, columns a–j, rows 1–10)"
                )
            }
            Refusal::AlreadyShot(c) => write!(f, "{c} was shot already: pick another cell"),
            Refusal::Over { score } => write!(
                f,
                "this attempt is over: every ship sank in {score} shots; one attempt a day"
            ),
        }
    }
}

impl Attempt {
    /// Fresh: nothing shot yet.
    pub fn new(fleet: Fleet) -> Attempt {
        Attempt {
            sea: Sea::new(fleet),
            shots: Vec::new(),
        }
    }

    /// `fleet` with the stored `cells` fired at it again, in order. A stored cell the
    /// referee refuses is storage's fault and says which.
    pub fn replay(fleet: Fleet, stored: &[String]) -> Result<Attempt, String> {
        let mut a = Attempt::new(fleet);
        for (i, cell) in stored.iter().enumerate() {
            a.fire(cell)
                .map_err(|e| format!("stored shot {} ({cell:?}): {e}", i + 1))?;
        }
        Ok(a)
    }

    /// Whether every ship has sunk.
    pub fn over(&self) -> bool {
        self.sea.all_sunk()
    }

    /// The shots fired: the score, once [`Attempt::over`].
    pub fn score(&self) -> usize {
        self.shots.len()
    }

    /// The sizes of the ships still afloat, largest first: what the fleet panel shows,
    /// which tells nothing of where they are.
    pub fn afloat(&self) -> Vec<usize> {
        let shot = self.sea.incoming();
        let mut sizes: Vec<usize> = self
            .sea
            .fleet()
            .ships()
            .iter()
            .filter(|s| !s.cells().minus(shot).is_empty())
            .map(|s| s.size())
            .collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }

    /// Fires at `cell` (`e5`, any case): the answer, or why the shot is refused (and
    /// nothing changed).
    pub fn fire(&mut self, cell: &str) -> Result<&Fired, Refusal> {
        if self.over() {
            return Err(Refusal::Over {
                score: self.score(),
            });
        }
        let rules = self.sea.fleet().rules().clone();
        let c = CoordSystem::Latin
            .parse(cell, rules.dims())
            .map_err(|_| Refusal::OffBoard(cell.to_string()))?;
        let shot = self
            .sea
            .fire(c)
            .map_err(|_| Refusal::AlreadyShot(cell_text(c)))?;
        let (ship, halo) = match &shot {
            Shot::Sunk(s) => (cells(&s.cells), cells(&s.halo)),
            _ => (Vec::new(), Vec::new()),
        };
        self.shots.push(Fired {
            cell: cell_text(c),
            answer: shot.answer(),
            ship,
            halo,
        });
        Ok(self.shots.last().expect("a shot was just pushed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::Answer;

    pub(crate) const FLEET: &str = "a1-d1 a3-c3 a5-b5 a7 c7 d5-e5 e3-g3 e7 g5-h5 g7";

    #[test]
    fn shots_are_answered_and_only_sunk_ships_are_shown() {
        let mut a = Attempt::new(fleet_of(FLEET).unwrap());
        assert_eq!(a.fire("j10").unwrap().answer, Answer::Miss);
        let hit = a.fire("A1").unwrap().clone();
        assert_eq!((hit.cell.as_str(), hit.answer), ("a1", Answer::Hit));
        assert!(hit.ship.is_empty() && hit.halo.is_empty(), "{hit:?}");
        a.fire("b1").unwrap();
        a.fire("c1").unwrap();
        let sunk = a.fire("d1").unwrap().clone();
        assert_eq!(sunk.answer, Answer::Sunk);
        assert_eq!(sunk.ship, ["a1", "b1", "c1", "d1"]);
        assert!(sunk.halo.contains(&"e2".to_string()) && sunk.halo.contains(&"a2".to_string()));
        assert_eq!(
            a.fire("a1"),
            Err(Refusal::AlreadyShot("a1".into())),
            "a cell shot before"
        );
        for bad in ["k1", "a11", "", "e", "zz9", "a0"] {
            assert_eq!(a.fire(bad), Err(Refusal::OffBoard(bad.into())), "{bad}");
        }
        assert_eq!(a.score(), 5, "refused shots are not counted");
    }

    #[test]
    fn an_attempt_ends_when_the_last_ship_sinks_and_replays_the_same() {
        let fleet = fleet_of(FLEET).unwrap();
        let mut a = Attempt::new(fleet.clone());
        let ships: Vec<String> = fleet
            .ships()
            .iter()
            .flat_map(|s| cells(&s.cells()))
            .collect();
        for c in &ships {
            a.fire(c).unwrap();
        }
        assert!(a.over());
        assert_eq!(a.score(), 20);
        assert_eq!(a.fire("j10"), Err(Refusal::Over { score: 20 }));
        let again = Attempt::replay(fleet.clone(), &ships).unwrap();
        assert_eq!(again.shots, a.shots);
        let broken = Attempt::replay(fleet, &["a1".into(), "a1".into()])
            .err()
            .unwrap();
        assert!(broken.contains("stored shot 2"), "{broken}");
    }
}
