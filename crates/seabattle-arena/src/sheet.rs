//! A player's scores in an arena, after lila's `ArenaSheet`:
//! - a win is 2 points, a loss 0 (Sea Battle has no draws);
//! - a player who won their last two games is "on fire": each further win counts
//!   double (4) until a game is not won;
//! - a player who went berserk (halved their own clock) gets 1 more for a win, but only
//!   when the game was not a quick one: the winner fired at least
//!   [`BERSERK_MIN_SHOTS`] shots (lila: at least 7 moves);
//! - a player who let the clock run out without a single shot in two games in a row
//!   is withdrawn until they come back ([`Sheet::withdrawn`]).

/// The shots a winner must have fired for berserk to add its point.
pub const BERSERK_MIN_SHOTS: u32 = 15;

/// How one game went for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won, having gone berserk or not, after firing `shots` shots.
    Win {
        /// Whether the player went berserk in it.
        berserk: bool,
        /// The shots the player fired.
        shots: u32,
    },
    /// Lost.
    Loss,
    /// Lost without firing a single shot: their clock ran out, or they never came.
    NoShow,
}

/// One game's points on a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// The points.
    pub points: u32,
    /// Doubled: the player was on fire.
    pub doubled: bool,
    /// With berserk's point.
    pub berserk_bonus: bool,
    /// A no-show.
    pub no_show: bool,
}

/// A player's scores, game by game in the order they ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    scores: Vec<Score>,
    wins: u32,
    total: u32,
    /// The current run of wins.
    streak: u32,
    /// The current run of no-shows.
    no_shows: u32,
}

impl Sheet {
    /// Scores `outcomes`, in the order the games ended.
    pub fn new(outcomes: &[Outcome]) -> Sheet {
        let mut sheet = Sheet::default();
        for &o in outcomes {
            sheet.push(o);
        }
        sheet
    }

    /// Adds the next game.
    pub fn push(&mut self, o: Outcome) {
        let score = match o {
            Outcome::Win { berserk, shots } => {
                let doubled = self.on_fire();
                let berserk_bonus = berserk && shots >= BERSERK_MIN_SHOTS;
                self.streak += 1;
                self.wins += 1;
                self.no_shows = 0;
                Score {
                    points: if doubled { 4 } else { 2 } + u32::from(berserk_bonus),
                    doubled,
                    berserk_bonus,
                    no_show: false,
                }
            }
            Outcome::Loss | Outcome::NoShow => {
                self.streak = 0;
                let no_show = o == Outcome::NoShow;
                self.no_shows = if no_show { self.no_shows + 1 } else { 0 };
                Score {
                    points: 0,
                    doubled: false,
                    berserk_bonus: false,
                    no_show,
                }
            }
        };
        self.total += score.points;
        self.scores.push(score);
    }

    /// Each game's score, in order.
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }

    /// The points.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The games won.
    pub fn wins(&self) -> u32 {
        self.wins
    }

    /// Whether the next win counts double: the last two games were won.
    pub fn on_fire(&self) -> bool {
        self.streak >= 2
    }

    /// Whether the last two games were no-shows: the player is out of the pairing
    /// until they come back (a game they play, or their own word, ends it).
    pub fn withdrawn(&self) -> bool {
        self.no_shows >= 2
    }
}

/// The order of the standings: the indices of `sheets` (each with the index it was
/// given, the order players joined), best first. More points first; at equal points
/// more wins (fewer berserk or streak points), then who joined first.
pub fn rank(sheets: &[(usize, &Sheet)]) -> Vec<usize> {
    let mut order: Vec<(usize, &Sheet)> = sheets.to_vec();
    order.sort_by(|(i, a), (j, b)| {
        b.total()
            .cmp(&a.total())
            .then(b.wins().cmp(&a.wins()))
            .then(i.cmp(j))
    });
    order.into_iter().map(|(i, _)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Outcome = Outcome::Win {
        berserk: false,
        shots: 40,
    };
    const L: Outcome = Outcome::Loss;

    fn points(s: &Sheet) -> Vec<u32> {
        s.scores().iter().map(|s| s.points).collect()
    }

    #[test]
    fn two_wins_in_a_row_set_a_player_on_fire_and_a_loss_puts_it_out() {
        let s = Sheet::new(&[W, W, W, W, L, W]);
        assert_eq!(points(&s), [2, 2, 4, 4, 0, 2]);
        assert_eq!(s.total(), 14);
        assert!(!s.on_fire());
        let s = Sheet::new(&[W, W]);
        assert!(s.on_fire());
        assert_eq!(
            s.scores().iter().map(|s| s.doubled).collect::<Vec<_>>(),
            [false, false]
        );
    }

    #[test]
    fn berserk_adds_a_point_to_a_long_win_only() {
        let quick = Outcome::Win {
            berserk: true,
            shots: BERSERK_MIN_SHOTS - 1,
        };
        let long = Outcome::Win {
            berserk: true,
            shots: BERSERK_MIN_SHOTS,
        };
        assert_eq!(points(&Sheet::new(&[quick])), [2]);
        assert_eq!(points(&Sheet::new(&[long])), [3]);
        // On fire, berserk's point comes on top of the double.
        assert_eq!(points(&Sheet::new(&[W, W, long])), [2, 2, 5]);
        // A berserk loss is a loss.
        assert_eq!(points(&Sheet::new(&[L])), [0]);
    }

    #[test]
    fn two_no_shows_in_a_row_withdraw_a_player_and_a_game_played_brings_them_back() {
        let n = Outcome::NoShow;
        assert!(!Sheet::new(&[n]).withdrawn());
        assert!(!Sheet::new(&[n, L, n]).withdrawn());
        assert!(Sheet::new(&[W, n, n]).withdrawn());
        assert!(!Sheet::new(&[n, n, W]).withdrawn());
        assert!(!Sheet::new(&[n, n, L]).withdrawn());
    }

    #[test]
    fn ranks_by_points_then_wins_then_who_joined_first() {
        let a = Sheet::new(&[W, W, W]); // 8 points, 3 wins
        let berserk = Outcome::Win {
            berserk: true,
            shots: 30,
        };
        let b = Sheet::new(&[berserk, berserk, L, W]); // 3 + 3 + 0 + 2 = 8, 3 wins
        let c = Sheet::new(&[W, L, W, L, W, W]); // 2 + 2 + 2 + 2 = 8, 4 wins
        let d = Sheet::new(&[W]);
        assert_eq!((a.total(), b.total(), c.total()), (8, 8, 8));
        assert_eq!(rank(&[(0, &d), (1, &a), (2, &b), (3, &c)]), [3, 1, 2, 0]);
    }
}
