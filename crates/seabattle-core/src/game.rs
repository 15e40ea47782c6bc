//! The game state machine: placement, the draw for the first move, the battle, the end.

use crate::by_player::ByPlayer;
use crate::cellset::CellSet;
use crate::coord::Coord;
use crate::error::{GameError, ShotError};
use crate::fleet::{Fleet, ShipSetup};
use crate::flying::RelocationError;
use crate::phase::{Duty, DutyKind, Outcome, Phase, WinReason};
use crate::player::Player;
use crate::record::{GameRecord, Move};
use crate::rules::Rules;
use crate::sea::Sea;
use crate::shot::{Answer, Shot, SunkShip};
use crate::view::{OwnBoard, PlayerView, TargetBoard};
use rand::{Rng, RngExt};

/// A game between two players, from placement to the end.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    seas: ByPlayer<Option<Sea>>,
    /// Each player's knowledge of the enemy board, kept up from the answers alone so
    /// that nothing but what was said to a player can reach its view.
    targets: ByPlayer<TargetBoard>,
    first: Option<Player>,
    turn: Player,
    outcome: Outcome,
    moves: Vec<Move>,
    /// Reveals owed, oldest first; nobody shoots until they are made.
    duties: Vec<Duty>,
}

impl Game {
    /// A new game in the placement phase.
    pub fn new(rules: Rules) -> Game {
        Game {
            targets: ByPlayer::new_with(|_| TargetBoard::new(&rules)),
            rules,
            seas: ByPlayer::default(),
            first: None,
            turn: Player::One,
            outcome: Outcome::InProgress,
            moves: Vec::new(),
            duties: Vec::new(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Sets (or replaces) a player's fleet during placement.
    pub fn place(&mut self, player: Player, fleet: Fleet) -> Result<(), GameError> {
        if self.outcome != Outcome::InProgress {
            return Err(GameError::GameOver);
        }
        if self.first.is_some() {
            return Err(GameError::NotPlacing);
        }
        if fleet.rules() != &self.rules {
            return Err(GameError::RulesMismatch);
        }
        self.seas[player] = Some(Sea::new(fleet));
        Ok(())
    }

    /// Whether `player` has placed a fleet.
    pub fn has_placed(&self, player: Player) -> bool {
        self.seas[player].is_some()
    }

    /// Starts the battle, drawing who shoots first with the caller's `rng`.
    pub fn start<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Player, GameError> {
        let first = if rng.random_bool(0.5) {
            Player::One
        } else {
            Player::Two
        };
        self.start_with(first).map(|()| first)
    }

    /// Starts the battle with `first` shooting first (replays, agreed starts).
    pub fn start_with(&mut self, first: Player) -> Result<(), GameError> {
        if self.outcome != Outcome::InProgress {
            return Err(GameError::GameOver);
        }
        if self.first.is_some() {
            return Err(GameError::NotPlacing);
        }
        if let Some(p) = Player::BOTH.into_iter().find(|&p| !self.has_placed(p)) {
            return Err(GameError::FleetMissing(p));
        }
        self.first = Some(first);
        self.turn = first;
        Ok(())
    }

    /// Where the game is.
    pub fn phase(&self) -> Phase {
        match (self.first, self.outcome) {
            (_, Outcome::Won { .. }) => Phase::Over,
            (None, _) => Phase::Placement,
            (Some(_), Outcome::InProgress) => Phase::Battle,
        }
    }

    /// Who shot first, once the battle started.
    pub fn first(&self) -> Option<Player> {
        self.first
    }

    /// The player to shoot, during the battle.
    pub fn to_move(&self) -> Option<Player> {
        (self.phase() == Phase::Battle).then_some(self.turn)
    }

    /// Whether the game is decided.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Shots due in `player`'s next volley: per the rules, capped by the cells left.
    pub fn shots_due(&self, player: Player) -> usize {
        let left = self.rules.dims().area() - self.incoming(player.other()).len();
        self.rules.volley_size(self.afloat(player), left)
    }

    /// Ships `player` still has afloat.
    pub fn afloat(&self, player: Player) -> usize {
        self.seas[player].as_ref().map_or(0, Sea::afloat)
    }

    fn incoming(&self, player: Player) -> CellSet {
        self.seas[player]
            .as_ref()
            .map_or(CellSet::EMPTY, |s| *s.incoming())
    }

    /// Whether `player` may shoot (or pass) now: the battle is on, no reveal is owed,
    /// and it is their turn.
    fn check_turn(&self, player: Player) -> Result<(), ShotError> {
        match self.phase() {
            Phase::Placement => return Err(ShotError::NotStarted),
            Phase::Over => return Err(ShotError::GameOver),
            Phase::Battle => {}
        }
        if let Some(d) = self.duties.first() {
            return Err(if d.kind == DutyKind::Relocate {
                ShotError::RelocationDue(d.player)
            } else {
                ShotError::RevealDue(d.player)
            });
        }
        if player != self.turn {
            return Err(ShotError::OutOfTurn { turn: self.turn });
        }
        Ok(())
    }

    /// Fires one shot (for rules with one shot per turn).
    pub fn shoot(&mut self, player: Player, cell: Coord) -> Result<Shot, ShotError> {
        self.fire(player, &[cell]).map(|v| v[0])
    }

    /// Fires a volley of exactly [`Game::shots_due`] shots, answered together. On error
    /// nothing changes.
    pub fn fire(&mut self, player: Player, cells: &[Coord]) -> Result<Vec<Shot>, ShotError> {
        self.check_turn(player)?;
        let expected = self.shots_due(player);
        if cells.len() != expected {
            return Err(ShotError::WrongCount {
                expected,
                got: cells.len(),
            });
        }
        // Both fleets are placed once the battle is on.
        let Some(sea) = self.seas[player.other()].as_mut() else {
            return Err(ShotError::NotStarted);
        };
        let mut volley = CellSet::EMPTY;
        for &c in cells {
            sea.check(c)?;
            if !volley.insert(c) {
                return Err(ShotError::Repeated(c));
            }
        }
        let shots = cells
            .iter()
            .map(|&c| sea.fire(c))
            .collect::<Result<Vec<Shot>, _>>()?;
        let target = &mut self.targets[player];
        cells
            .iter()
            .zip(&shots)
            .for_each(|(&c, s)| target.record(c, s));
        self.moves.push(Move::Volley {
            player,
            shots: cells
                .iter()
                .zip(&shots)
                .map(|(&c, s)| (c, s.answer()))
                .collect(),
        });
        if self.afloat(player.other()) == 0 {
            self.win(player);
            return Ok(shots);
        }
        for (&c, shot) in cells.iter().zip(&shots) {
            self.after_piece(player, c, shot.answer());
            if self.outcome != Outcome::InProgress {
                return Ok(shots);
            }
        }
        if self.seas[player.other()]
            .as_ref()
            .and_then(Sea::relocation_due)
            .is_some()
        {
            self.duties.push(Duty {
                player: player.other(),
                kind: DutyKind::Relocate,
            });
        }
        let answers = || shots.iter().map(Shot::answer);
        if answers().any(Answer::is_setback)
            || !self.rules.shoots_again(answers().any(Answer::is_success))
        {
            self.turn = player.other();
        }
        Ok(shots)
    }

    fn win(&mut self, winner: Player) {
        self.outcome = Outcome::Won {
            winner,
            reason: WinReason::FleetSunk,
        };
        self.duties.clear();
    }

    /// What follows `shooter`'s shot at `c` answered `answer`, when it found a piece:
    /// a reveal owed, or a submarine's dying shot (which may set off a piece in turn).
    fn after_piece(&mut self, shooter: Player, c: Coord, answer: Answer) {
        match answer {
            Answer::Mine => self.owe(shooter, DutyKind::ShipCell),
            Answer::Sweeper => self.owe(shooter, DutyKind::Mine),
            Answer::Submarine => {
                let owner = shooter.other();
                let Some(sea) = self.seas[shooter].as_mut() else {
                    return;
                };
                // A cell the owner has shot before takes nothing more.
                let Ok(dying) = sea.fire(c) else { return };
                self.targets[owner].record(c, &dying);
                self.moves.push(Move::Dying {
                    player: owner,
                    cell: c,
                    answer: dying.answer(),
                });
                if self.afloat(shooter) == 0 {
                    return self.win(owner);
                }
                // A submarine sunk by a dying shot fires back at a cell already shot.
                if dying.answer().is_setback() {
                    self.after_piece(owner, c, dying.answer());
                }
            }
            _ => {}
        }
    }

    /// Notes that `player` owes a reveal, if there is anything left to show.
    fn owe(&mut self, player: Player, kind: DutyKind) {
        if !self.reveal_options(player, kind).is_empty() {
            self.duties.push(Duty { player, kind });
        }
    }

    /// Reveals owed, oldest first. While any is owed, nobody shoots.
    pub fn duties(&self) -> &[Duty] {
        &self.duties
    }

    /// The cells `player` may show for a reveal of `kind`: ship cells not hit, or
    /// unspent mines, that the opponent has not been shown already.
    pub fn reveal_options(&self, player: Player, kind: DutyKind) -> CellSet {
        let Some(sea) = self.seas[player].as_ref() else {
            return CellSet::EMPTY;
        };
        let known = self.targets[player.other()].revealed();
        sea.fleet().reveal_options(sea.incoming(), &known, kind)
    }

    /// The full result of `player`'s dying shot at `cell`, recorded as
    /// [`Move::Dying`] with `answer`: a sinking comes with the ship (and its halo) as
    /// `player` sees it sunk now. For hosts that tell players a dying shot the way
    /// they tell them any other shot.
    pub fn dying_shot(&self, player: Player, cell: Coord, answer: Answer) -> Shot {
        match answer {
            Answer::Miss => Shot::Miss,
            Answer::Hit => Shot::Hit,
            Answer::Mine => Shot::Mine,
            Answer::Sweeper => Shot::Sweeper,
            Answer::Submarine => Shot::Submarine,
            Answer::Sunk => {
                let cells = self.targets[player]
                    .sunk()
                    .iter()
                    .find(|s| s.contains(cell))
                    .copied()
                    .unwrap_or_default();
                Shot::Sunk(SunkShip {
                    cells,
                    halo: self.rules.halo(&cells),
                })
            }
        }
    }

    /// The decks left on the ship `player` owes a move of, if they owe one now.
    pub fn relocation_decks(&self, player: Player) -> Option<usize> {
        self.duties
            .iter()
            .any(|d| d.player == player && d.kind == DutyKind::Relocate)
            .then(|| self.seas[player].as_ref()?.relocation_due())
            .flatten()
            .map(|(_, decks)| decks)
    }

    /// Checks a move of `player`'s hit ship to `cells` without making it: the cells
    /// as a set if it is legal.
    pub fn check_relocation(
        &self,
        player: Player,
        cells: &[Coord],
    ) -> Result<CellSet, RelocationError> {
        let decks = self
            .relocation_decks(player)
            .ok_or(RelocationError::NotOwed)?;
        crate::flying::check(&self.rules, decks, &self.incoming(player), cells)
    }

    /// `player` moves their hit flying ship to `ship`'s cells: as many as the decks it
    /// has left, a path, on no cell the opponent has shot. The decks hit stay behind,
    /// lost. On error nothing changes.
    pub fn relocate(&mut self, player: Player, ship: &ShipSetup) -> Result<(), ShotError> {
        if self.outcome != Outcome::InProgress {
            return Err(ShotError::GameOver);
        }
        let Some(i) = self
            .duties
            .iter()
            .position(|d| d.player == player && d.kind == DutyKind::Relocate)
        else {
            return Err(ShotError::Relocation(RelocationError::NotOwed));
        };
        let Some(sea) = self.seas[player].as_mut() else {
            return Err(ShotError::NotStarted);
        };
        let cells = sea.relocate(&ship.0).map_err(ShotError::Relocation)?;
        self.duties.remove(i);
        self.targets[player.other()].relocated();
        self.moves.push(Move::Relocate {
            player,
            cells: cells.iter().collect(),
        });
        Ok(())
    }

    /// `player` makes their oldest reveal owed, showing `cell`. On error nothing changes.
    pub fn reveal(&mut self, player: Player, cell: Coord) -> Result<(), ShotError> {
        if self.outcome != Outcome::InProgress {
            return Err(ShotError::GameOver);
        }
        let Some(i) = self
            .duties
            .iter()
            .position(|d| d.player == player && d.kind.is_reveal())
        else {
            return Err(ShotError::OutOfTurn { turn: self.turn });
        };
        let kind = self.duties[i].kind;
        if !self.reveal_options(player, kind).contains(cell) {
            return Err(ShotError::NotRevealable(cell));
        }
        self.duties.remove(i);
        self.targets[player.other()].reveal(cell, kind);
        self.moves.push(Move::Reveal { player, cell });
        Ok(())
    }

    /// `player` lets the turn go without shooting (their clock ran out): the opponent
    /// shoots next. On error nothing changes.
    pub fn pass(&mut self, player: Player) -> Result<(), ShotError> {
        self.check_turn(player)?;
        self.moves.push(Move::Pass { player });
        self.turn = player.other();
        Ok(())
    }

    /// `player` gives up; the opponent wins.
    pub fn resign(&mut self, player: Player) -> Result<(), GameError> {
        if self.outcome != Outcome::InProgress {
            return Err(GameError::GameOver);
        }
        self.moves.push(Move::Resign { player });
        self.outcome = Outcome::Won {
            winner: player.other(),
            reason: WinReason::Resigned,
        };
        self.duties.clear();
        Ok(())
    }

    /// What `player` may see: their own board with incoming shots, and the enemy board
    /// with only what was answered. The enemy fleet is included only once the game is
    /// over.
    pub fn view(&self, player: Player) -> PlayerView {
        let fleet = |p: Player| self.seas[p].as_ref().map(|s| s.fleet().clone());
        PlayerView {
            me: player,
            phase: self.phase(),
            to_move: self.to_move(),
            shots_due: self.to_move().map_or(0, |p| self.shots_due(p)),
            outcome: self.outcome,
            own: OwnBoard {
                fleet: fleet(player),
                incoming: self.incoming(player),
                lost: self.seas[player]
                    .as_ref()
                    .map_or(CellSet::EMPTY, |s| *s.lost()),
            },
            enemy: self.targets[player].clone(),
            enemy_fleet: (self.phase() == Phase::Over)
                .then(|| fleet(player.other()))
                .flatten(),
            duties: self.duties.clone(),
        }
    }

    /// The moves so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The record of the game, once the battle has started.
    pub fn record(&self) -> Option<GameRecord> {
        let first = self.first?;
        let fleets = Player::BOTH.map(|p| {
            self.seas[p]
                .as_ref()
                .map(|s| s.placed().to_setup())
                .unwrap_or_default()
        });
        Some(GameRecord {
            rules: self.rules.clone(),
            fleets,
            first,
            moves: self.moves.clone(),
        })
    }
}
