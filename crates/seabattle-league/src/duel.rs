//! [`play`]: one game between two bots, refereed by a [`Table`].

use crate::bot::Bot;
use crate::fault::Fault;
use crate::protocol::End;
use seabattle_core::{ByPlayer, Fleet, Outcome, Player, PlayerView, Rules};
use seabattle_table::{Ask, Command, Computer, Event, Failure, Table, TableError};

/// How one game went, by side (index 0 is [`Player::One`], who shoots first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    /// The winner; `None` for a draw (both sides forfeited while placing).
    pub winner: Option<Player>,
    /// The forfeits, by side. The loser's, or both in a draw.
    pub forfeits: Vec<(Player, Fault)>,
    /// Cells each side fired at.
    pub shots: [usize; 2],
}

/// A bot in its seat at the table: it answers the table's asks and hears each event
/// as its seat may see it, in the bot protocol's terms.
struct Sitting<'a> {
    bot: &'a mut dyn Bot,
    seat: Player,
}

impl Computer for Sitting<'_> {
    type Error = Fault;

    fn answer(&mut self, _: &Rules, _: &PlayerView, ask: Ask) -> Result<Command, Fault> {
        Ok(match ask {
            Ask::Place => Command::Place {
                fleet: self.bot.place()?,
            },
            Ask::Fire { due } => Command::Fire {
                cells: self.bot.shoot(due)?,
            },
            Ask::Reveal { kind, .. } => Command::Reveal {
                cell: self.bot.reveal(kind)?,
            },
            Ask::Relocate { decks } => Command::Relocate {
                ship: self.bot.relocate(decks)?,
            },
        })
    }

    fn hear(&mut self, event: &Event) -> Result<(), Fault> {
        let mine = |p: &Player| *p == self.seat;
        match event {
            Event::Volley { player, shots, .. } => {
                for f in shots {
                    if mine(player) {
                        self.bot.result(f.cell, &f.shot())?;
                    } else {
                        self.bot.incoming(f.cell, &f.shot())?;
                    }
                }
                Ok(())
            }
            Event::Dying { player, shot, .. } if mine(player) => {
                self.bot.torpedo(shot.cell, &shot.shot())
            }
            Event::Dying { shot, .. } => self.bot.torpedoed(shot.cell, &shot.shot()),
            Event::Revealed {
                player,
                kind,
                cell: Some(cell),
                ..
            } if !mine(player) => self.bot.shown(*cell, *kind),
            // The owner hears where its ship went by choosing; the other only that it
            // moved.
            Event::Relocated { player, .. } if !mine(player) => self.bot.moved(),
            _ => Ok(()),
        }
    }
}

/// A refusal by the table, as the bot protocol names it.
fn refusal(e: TableError) -> Fault {
    match e {
        TableError::Fleet(e) => Fault::from(e),
        TableError::Shot(e) => Fault::from(e),
        other => Fault::new(crate::fault::FaultKind::IllegalShot, other.to_string()),
    }
}

/// Plays one game: `bots[0]` is [`Player::One`] and shoots first, `bots[1]` is
/// [`Player::Two`]. `seeds` seed in-process bots' dice. A bot that fails (a fault of its
/// own or an illegal fleet or shot) resigns the game with the reason recorded.
pub fn play(bots: [&mut dyn Bot; 2], rules: &Rules, seeds: [u64; 2]) -> Duel {
    let mut bots = ByPlayer::from(bots);
    let seeds = ByPlayer::from(seeds);
    let mut duel = Duel {
        winner: None,
        forfeits: Vec::new(),
        shots: [0, 0],
    };
    let mut table = Table::new(rules.clone());
    for p in Player::BOTH {
        let bot = &mut bots[p];
        let placed = bot
            .new_game(rules, seeds[p])
            .and_then(|()| bot.place())
            .and_then(|setup| Ok(Fleet::new(setup, rules)?));
        match placed {
            // The fleet was checked under the game's rules, so the table takes it.
            Ok(fleet) => {
                let _ = table.place(p, fleet);
            }
            Err(f) => duel.forfeits.push((p, f)),
        }
    }
    match duel.forfeits.as_slice() {
        [] => battle(&mut bots, &mut table, &mut duel),
        // Both forfeited: nobody resigns, nobody wins.
        [(p, _)] => {
            let _ = table.act(*p, Command::Resign);
        }
        _ => {}
    }
    if let Outcome::Won { winner, .. } = table.game().outcome() {
        duel.winner = Some(winner);
    }
    tell_the_end(&mut bots, &duel);
    duel
}

/// Lets both bots play until someone's fleet is sunk or someone forfeits (and resigns).
fn battle(bots: &mut ByPlayer<&mut dyn Bot>, table: &mut Table, duel: &mut Duel) {
    // Both fleets are placed, so the table cannot refuse to start; should it, the game
    // stays undecided (a draw) and no bot is blamed.
    if table.start(Player::One).is_err() {
        return;
    }
    let [one, two] = bots.as_mut().into_array();
    let mut one = Sitting {
        bot: &mut **one,
        seat: Player::One,
    };
    let mut two = Sitting {
        bot: &mut **two,
        seat: Player::Two,
    };
    if let Err((who, failure)) =
        table.play_computers::<Fault>(&mut ByPlayer::new(Some(&mut one), Some(&mut two)), &[])
    {
        let fault = match failure {
            Failure::Computer(f) => f,
            Failure::Refused(e) => refusal(e),
        };
        duel.forfeits.push((who, fault));
        // The game is on, so the table takes the resignation.
        let _ = table.act(who, Command::Resign);
    }
    count_shots(table, duel);
}

/// Cells each side fired at, from the record.
fn count_shots(table: &Table, duel: &mut Duel) {
    for m in table.game().moves() {
        if let seabattle_core::Move::Volley { player, shots } = m {
            duel.shots[player.index()] += shots.len();
        }
    }
}

/// Sends `gameover` to both bots, with the reason for a forfeit.
fn tell_the_end(bots: &mut ByPlayer<&mut dyn Bot>, duel: &Duel) {
    for p in Player::BOTH {
        let own = duel.forfeits.iter().find(|(q, _)| *q == p);
        let theirs = duel.forfeits.iter().find(|(q, _)| *q == p.other());
        let end = match duel.winner {
            Some(w) if w == p => End::Win,
            Some(_) => End::Loss,
            None => End::Draw,
        };
        let reason = match (own, theirs) {
            (Some((_, f)), _) => Some(format!("forfeit: {f}")),
            (None, Some((_, f))) => Some(format!("opponent forfeit: {f}")),
            (None, None) => None,
        };
        // A bot that cannot hear the end has already lost or won; nothing more to record.
        let _ = bots[p].game_over(end, reason.as_deref());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::Builtin;
    use crate::fault::FaultKind;
    use seabattle_core::{Coord, DutyKind, FleetSetup, ShipSetup, Shot};

    /// Places a fixed legal fleet and fires the cells it is given, in order.
    struct Scripted {
        fleet: &'static str,
        cells: Vec<Coord>,
        /// Cells to show when a reveal is owed, last first.
        shows: Vec<Coord>,
        /// Places to move a hit flying ship to, last first.
        moves: Vec<&'static str>,
        /// The reveal and torpedo lines it was told.
        heard: Vec<String>,
    }

    impl Bot for Scripted {
        fn name(&self) -> &str {
            "scripted"
        }
        fn new_game(&mut self, _: &Rules, _: u64) -> Result<(), Fault> {
            Ok(())
        }
        fn place(&mut self) -> Result<FleetSetup, Fault> {
            crate::protocol::parse_fleet(self.fleet)
        }
        fn shoot(&mut self, count: usize) -> Result<Vec<Coord>, Fault> {
            Ok(self.cells.drain(..count.min(self.cells.len())).collect())
        }
        fn result(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
            Ok(())
        }
        fn incoming(&mut self, _: Coord, _: &Shot) -> Result<(), Fault> {
            Ok(())
        }
        fn reveal(&mut self, _: DutyKind) -> Result<Coord, Fault> {
            self.shows
                .pop()
                .ok_or_else(|| Fault::new(FaultKind::Garbage, "nothing scripted to show"))
        }
        fn shown(&mut self, cell: Coord, kind: DutyKind) -> Result<(), Fault> {
            self.heard.push(format!("shown {cell} {kind:?}"));
            Ok(())
        }
        fn torpedo(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
            self.heard.push(format!("torpedo {cell} {}", shot.answer()));
            Ok(())
        }
        fn torpedoed(&mut self, cell: Coord, shot: &Shot) -> Result<(), Fault> {
            self.heard
                .push(format!("torpedoed {cell} {}", shot.answer()));
            Ok(())
        }
        fn relocate(&mut self, decks: usize) -> Result<ShipSetup, Fault> {
            self.heard.push(format!("move {decks}"));
            let line = self
                .moves
                .pop()
                .ok_or_else(|| Fault::new(FaultKind::Garbage, "nothing scripted to move to"))?;
            crate::protocol::parse_ship(line)
        }
        fn moved(&mut self) -> Result<(), Fault> {
            self.heard.push("moved".into());
            Ok(())
        }
        fn game_over(&mut self, _: End, _: Option<&str>) -> Result<(), Fault> {
            Ok(())
        }
    }

    const FLEET: &str = "fleet a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";

    fn scripted(fleet: &'static str, cells: &[&str]) -> Scripted {
        let cells = cells
            .iter()
            .flat_map(|c| crate::protocol::parse_shot(&format!("shot {c}")).unwrap())
            .collect();
        Scripted {
            fleet,
            cells,
            shows: Vec::new(),
            moves: Vec::new(),
            heard: Vec::new(),
        }
    }

    fn cell(name: &str) -> Coord {
        crate::protocol::parse_show(&format!("show {name}")).unwrap()
    }

    const MINED: &str = "fleet a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7 mine:j1 mine:j9";

    #[test]
    fn a_mine_asks_for_a_reveal_and_an_illegal_one_forfeits() {
        let mines: Rules = "mines".parse().unwrap();
        // One steps on the other's mine at j1, shows b1, and the owner shoots it.
        let mut a = scripted(MINED, &["j1"]);
        a.shows = vec![cell("b1")];
        let mut b = scripted(MINED, &["b1", "j10"]);
        let d = play([&mut a, &mut b], &mines, [1, 2]);
        assert_eq!(b.heard, ["shown b1 ShipCell"]);
        assert_eq!(
            d.shots,
            [1, 2],
            "the shown cell was a hit, and hit shoots again"
        );
        // j10 was nobody's script: the second volley of b ran out and forfeited.
        assert_eq!(d.forfeits[0].0, Player::One, "{d:?}");
        // A cell that is not an unhit ship cell is an illegal reveal.
        let mut a = scripted(MINED, &["j1"]);
        a.shows = vec![cell("j5")];
        let mut b = scripted(MINED, &[]);
        let d = play([&mut a, &mut b], &mines, [1, 2]);
        assert_eq!(d.winner, Some(Player::Two));
        assert_eq!(d.forfeits[0].1.kind, FaultKind::IllegalReveal, "{d:?}");
        assert!(d.forfeits[0].1.detail.contains("j5"), "{d:?}");
    }

    #[test]
    fn a_sunk_submarine_fires_a_torpedo_both_sides_hear() {
        let subs: Rules = "submarines".parse().unwrap();
        let fleet = "fleet a1-d1 a3-c3 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7 sub:j10";
        // a sinks b's submarine at j10; its dying shot hits nothing on a's j10, which
        // is a's own submarine: that one sinks too.
        let mut a = scripted(fleet, &["j10"]);
        let mut b = scripted(fleet, &[]);
        play([&mut a, &mut b], &subs, [1, 2]);
        assert_eq!(b.heard, ["torpedo j10 sub"]);
        assert_eq!(a.heard, ["torpedoed j10 sub"]);
    }

    #[test]
    fn a_hit_flying_ship_is_moved_and_an_illegal_move_forfeits() {
        let dutchman: Rules = "dutchman".parse().unwrap();
        // b hits a's ship at a1; a moves the five decks left, b hears only that it
        // moved and, having hit, shoots again: f1 is empty now.
        let mut a = scripted("fleet a1-f1", &[]);
        a.moves = vec!["ship c3+d4+e5+f5+g6"];
        let mut b = scripted("fleet t20-t15", &["a1", "f1"]);
        let d = play([&mut b, &mut a], &dutchman, [1, 2]);
        assert_eq!(a.heard, ["move 5"]);
        assert_eq!(b.heard, ["moved"]);
        assert_eq!(d.shots, [2, 0], "the hit earned the second shot: {d:?}");
        // The miss on f1 passed the turn to a, whose script is empty: a forfeits.
        assert_eq!(d.forfeits[0].0, Player::Two, "{d:?}");
        // A move onto a cell already shot is an illegal move.
        let mut a = scripted("fleet a1-f1", &[]);
        a.moves = vec!["ship b1-b5"];
        let mut b = scripted("fleet t20-t15", &["b1"]);
        let d = play([&mut b, &mut a], &dutchman, [1, 2]);
        assert_eq!(d.winner, Some(Player::One));
        assert_eq!(d.forfeits[0].1.kind, FaultKind::IllegalMove, "{d:?}");
        assert!(d.forfeits[0].1.detail.contains("b1"), "{d:?}");
        assert!(b.heard.is_empty(), "nothing is said of a move not made");
    }

    #[test]
    fn builtins_play_the_flying_dutchman_to_the_end() {
        let dutchman: Rules = "dutchman fleet=5".parse().unwrap();
        let mut a = Builtin::parse("expert").unwrap();
        let mut b = Builtin::parse("easy").unwrap();
        let d = play([&mut a, &mut b], &dutchman, [5, 6]);
        assert!(d.forfeits.is_empty(), "{d:?}");
        assert!(d.winner.is_some());
    }

    #[test]
    fn a_hit_shoots_again_and_a_repeated_shot_forfeits() {
        let mut a = scripted(FLEET, &["a1", "a1"]);
        let mut b = scripted(FLEET, &["j10"]);
        let d = play([&mut a, &mut b], &Rules::classic(), [1, 2]);
        assert_eq!(d.winner, Some(Player::Two));
        assert_eq!(d.shots, [1, 0], "the hit on a1 earned the second shot");
        assert_eq!(d.forfeits.len(), 1);
        assert_eq!(d.forfeits[0].0, Player::One);
        assert_eq!(d.forfeits[0].1.kind, FaultKind::RepeatedShot);
    }

    #[test]
    fn illegal_fleets_forfeit_and_both_make_a_draw() {
        let touching = "fleet a1-d1 a2-c2 e3-g3 a5-b5 d5-e5 g5-h5 a7 c7 e7 g7";
        let mut a = scripted(touching, &[]);
        let mut b = Builtin::parse("easy").unwrap();
        let d = play([&mut a, &mut b], &Rules::classic(), [1, 2]);
        assert_eq!(d.winner, Some(Player::Two));
        assert_eq!(d.forfeits[0].1.kind, FaultKind::IllegalFleet);
        assert_eq!(d.shots, [0, 0]);
        let mut c = scripted("fleet a1", &[]);
        let d = play([&mut a, &mut c], &Rules::classic(), [1, 2]);
        assert_eq!(d.winner, None);
        assert_eq!(d.forfeits.len(), 2);
    }

    #[test]
    fn an_off_board_or_short_volley_is_illegal() {
        let mut a = scripted(FLEET, &["k1"]);
        let mut b = scripted(FLEET, &[]);
        let d = play([&mut a, &mut b], &Rules::classic(), [1, 2]);
        assert_eq!(d.forfeits[0].1.kind, FaultKind::IllegalShot);
        let mut a = scripted(FLEET, &["j10"]);
        let d = play([&mut a, &mut b], &"salvo".parse().unwrap(), [1, 2]);
        assert_eq!(d.forfeits[0].1.kind, FaultKind::IllegalShot);
        assert!(
            d.forfeits[0].1.detail.contains("10 shots"),
            "{:?}",
            d.forfeits
        );
    }

    #[test]
    fn builtins_play_to_the_end() {
        let mut a = Builtin::parse("hard").unwrap();
        let mut b = Builtin::parse("easy").unwrap();
        let d = play([&mut a, &mut b], &"salvo".parse().unwrap(), [3, 4]);
        assert!(d.forfeits.is_empty());
        let w = d.winner.unwrap();
        assert!(d.shots[w.index()] >= 20, "{d:?}");
        let again = play([&mut a, &mut b], &"salvo".parse().unwrap(), [3, 4]);
        assert_eq!(again, d, "the same seeds play the same game");
    }
}
