//! One seat's view of the game: its own fleet and the shots at it, and what it knows of
//! the enemy's waters. Built only from the answers, like the rules engine's views.

use crate::update::Fired;
use seabattle_core::{CellSet, Coord, DutyKind, PieceCells, PieceKind, Player, Rules, TargetBoard};

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Water, or nothing known.
    Water,
    /// A shot that missed.
    Miss,
    /// A cell the rules prove empty next to a sunk ship.
    Halo,
    /// A deck not hit (own ships, and the enemy's once revealed).
    Ship,
    /// A hit deck of a ship still afloat.
    Hit,
    /// A deck of a sunk ship.
    Sunk,
    /// A mine not set off (own, or the enemy's once shown).
    Mine,
    /// A mine that was shot.
    SpentMine,
    /// A minesweeper not shot.
    Sweeper,
    /// A minesweeper that was shot.
    SweeperShot,
    /// A submarine afloat.
    Submarine,
    /// A sunk submarine.
    SunkSubmarine,
    /// An enemy ship cell shown after a mine, not hit yet.
    Shown,
}

/// One seat's view of the game.
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    me: Player,
    own: Vec<CellSet>,
    /// Own mines, minesweepers and submarines.
    own_pieces: PieceCells,
    /// The own waters as the enemy knows them: shots, sunk ships, halos, cells shown.
    theirs: TargetBoard,
    /// The enemy waters as this seat knows them.
    enemy: TargetBoard,
    enemy_fleet: Option<Vec<CellSet>>,
    /// The enemy pieces, shown at the end.
    enemy_pieces: PieceCells,
}

impl Table {
    /// A table for `me` with nothing placed and nothing shot.
    pub fn new(rules: &Rules, me: Player) -> Table {
        Table {
            rules: rules.clone(),
            me,
            own: Vec::new(),
            own_pieces: PieceCells::default(),
            theirs: TargetBoard::new(rules),
            enemy: TargetBoard::new(rules),
            enemy_fleet: None,
            enemy_pieces: PieceCells::default(),
        }
    }

    /// Whose view this is.
    pub fn me(&self) -> Player {
        self.me
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Sets the own fleet.
    pub fn set_own(&mut self, ships: Vec<CellSet>) {
        self.own = ships;
    }

    /// Sets the own mines, minesweepers and submarines.
    pub fn set_own_pieces(&mut self, pieces: PieceCells) {
        self.own_pieces = pieces;
    }

    /// Replaces everything with what a server says (after a reconnect): the own fleet,
    /// if placed, and both boards, `boards[0]` being what player 1 knows of player 2's
    /// waters.
    pub fn restore(&mut self, own: Option<Vec<CellSet>>, boards: &[TargetBoard; 2]) {
        if let Some(ships) = own {
            self.own = ships;
        }
        self.enemy = boards[self.me.index()].clone();
        self.theirs = boards[self.me.other().index()].clone();
    }

    /// Notes a volley fired by `player`.
    pub fn record(&mut self, player: Player, shots: &[Fired]) {
        let board = if player == self.me {
            &mut self.enemy
        } else {
            &mut self.theirs
        };
        for s in shots {
            board.record(s.cell, &s.shot);
        }
    }

    /// Notes a cell `player` showed after a mine or a minesweeper.
    pub fn note_reveal(&mut self, player: Player, cell: Coord, kind: DutyKind) {
        if player == self.me {
            self.theirs.reveal(cell, kind);
        } else {
            self.enemy.reveal(cell, kind);
        }
    }

    /// Notes that `player` moved their hit flying ship; `ship` is its new cells when
    /// they are this seat's own.
    pub fn relocated(&mut self, player: Player, ship: Option<CellSet>) {
        if player == self.me {
            self.theirs.relocated();
            // Flying rules have one ship.
            if let Some(cells) = ship {
                self.own = vec![cells];
            }
        } else {
            self.enemy.relocated();
        }
    }

    /// The decks left on the own ship that was hit where it stands, if one was: what
    /// a move must take.
    pub fn decks_to_move(&self) -> Option<usize> {
        let hits = self.theirs.open_hits();
        self.own
            .iter()
            .find(|s| s.intersects(&hits))
            .map(|s| s.minus(&hits).len())
    }

    /// Own cells the enemy has shot: no move may take them.
    pub fn own_shot(&self) -> CellSet {
        self.theirs.shots()
    }

    /// Shows the enemy fleet and pieces (at the end).
    pub fn reveal(&mut self, fleet: Vec<CellSet>, pieces: PieceCells) {
        self.enemy_fleet = Some(fleet);
        self.enemy_pieces = pieces;
    }

    /// Whether the own fleet is placed.
    pub fn placed(&self) -> bool {
        !self.own.is_empty()
    }

    /// Own ships, each as its cells.
    pub fn own_ships(&self) -> &[CellSet] {
        &self.own
    }

    /// What a cell of the own board shows.
    pub fn own_mark(&self, c: Coord) -> Mark {
        let shot = self.theirs.shots().contains(c);
        match self.own.iter().find(|s| s.contains(c)) {
            Some(ship) if self.theirs.sunk().contains(ship) => Mark::Sunk,
            Some(_) if shot => Mark::Hit,
            Some(_) => Mark::Ship,
            None if self.own_pieces.at(c).is_some() => piece_mark(self.own_pieces.at(c), shot),
            // A deck the flying ship lost when it moved.
            None if self.theirs.hits().contains(c) => Mark::Hit,
            None if shot => Mark::Miss,
            None if self.theirs.known_empty().contains(c) => Mark::Halo,
            None => Mark::Water,
        }
    }

    /// What a cell of the enemy board shows.
    pub fn enemy_mark(&self, c: Coord) -> Mark {
        let e = &self.enemy;
        if e.sunk().iter().any(|s| s.contains(c)) {
            Mark::Sunk
        } else if e.hits().contains(c) {
            Mark::Hit
        } else if let Some(kind) = e.found().at(c) {
            piece_mark(Some(kind), true)
        } else if e.misses().contains(c) {
            Mark::Miss
        } else if e.shown_ships().contains(c) {
            Mark::Shown
        } else if e.shown_mines().contains(c) {
            Mark::Mine
        } else if self
            .enemy_fleet
            .as_ref()
            .is_some_and(|f| f.iter().any(|s| s.contains(c)))
        {
            Mark::Ship
        } else if let Some(kind) = self.enemy_pieces.at(c) {
            piece_mark(Some(kind), false)
        } else if e.known_empty().contains(c) {
            Mark::Halo
        } else {
            Mark::Water
        }
    }

    /// Whether the enemy cell `c` has been shot.
    pub fn shot_at(&self, c: Coord) -> bool {
        self.enemy.shots().contains(c)
    }

    /// Sizes of own ships afloat, largest first: the fleet less the ships the enemy sank.
    pub fn own_afloat(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self
            .own
            .iter()
            .filter(|s| !self.theirs.sunk().contains(s))
            .map(|s| s.len() as u8)
            .collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    /// Sizes of enemy ships afloat, largest first.
    pub fn enemy_afloat(&self) -> &[u8] {
        self.enemy.afloat()
    }
}

/// The mark of a piece of `kind`, shot or not.
pub(crate) fn piece_mark(kind: Option<PieceKind>, shot: bool) -> Mark {
    match (kind, shot) {
        (Some(PieceKind::Mine), false) => Mark::Mine,
        (Some(PieceKind::Mine), true) => Mark::SpentMine,
        (Some(PieceKind::Sweeper), false) => Mark::Sweeper,
        (Some(PieceKind::Sweeper), true) => Mark::SweeperShot,
        (Some(PieceKind::Submarine), false) => Mark::Submarine,
        (Some(PieceKind::Submarine), true) => Mark::SunkSubmarine,
        (None, true) => Mark::Miss,
        (None, false) => Mark::Water,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seabattle_core::{Answer, CoordSystem, FleetSetup, SunkShip};

    fn cells(text: &str) -> CellSet {
        text.split_whitespace()
            .map(|c| {
                CoordSystem::Latin
                    .parse(c, Rules::classic().dims())
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn marks_follow_the_answers() {
        let rules = Rules::classic();
        let mut t = Table::new(&rules, Player::One);
        let setup = FleetSetup::parse("a1-b1 d1", CoordSystem::Latin, rules.dims()).unwrap();
        t.set_own(
            setup
                .ships
                .iter()
                .map(|s| s.0.iter().copied().collect())
                .collect(),
        );
        let fired = |cell: &str, answer, ship: Option<&str>| {
            let sunk = ship.map(cells).map(|cells| SunkShip {
                cells,
                halo: rules.halo(&cells),
            });
            let at = CoordSystem::Latin.parse(cell, rules.dims()).unwrap();
            Fired::new(at, answer, sunk).unwrap()
        };
        t.record(
            Player::Two,
            &[
                fired("a1", Answer::Hit, None),
                fired("d1", Answer::Sunk, Some("d1")),
            ],
        );
        t.record(Player::Two, &[fired("j10", Answer::Miss, None)]);
        t.record(
            Player::One,
            &[
                fired("e5", Answer::Miss, None),
                fired("c3", Answer::Sunk, Some("c3")),
            ],
        );
        let at = |s: &str| CoordSystem::Latin.parse(s, rules.dims()).unwrap();
        assert_eq!(t.own_mark(at("a1")), Mark::Hit);
        assert_eq!(t.own_mark(at("b1")), Mark::Ship);
        assert_eq!(t.own_mark(at("d1")), Mark::Sunk);
        assert_eq!(t.own_mark(at("e2")), Mark::Halo);
        assert_eq!(t.own_mark(at("j10")), Mark::Miss);
        assert_eq!(t.own_mark(at("h8")), Mark::Water);
        assert_eq!(t.enemy_mark(at("e5")), Mark::Miss);
        assert_eq!(t.enemy_mark(at("c3")), Mark::Sunk);
        assert_eq!(t.enemy_mark(at("d4")), Mark::Halo);
        assert_eq!(t.enemy_mark(at("a10")), Mark::Water);
        assert_eq!(t.own_afloat(), vec![2]);
        assert_eq!(t.enemy_afloat(), vec![4, 3, 3, 2, 2, 2, 1, 1, 1]);
        t.reveal(vec![cells("a10")], PieceCells::default());
        assert_eq!(t.enemy_mark(at("a10")), Mark::Ship);
    }

    #[test]
    fn pieces_show_on_both_boards_and_reveals_are_noted() {
        let rules: Rules = "classic mines=1 sweepers=1 subs=1".parse().unwrap();
        let at = |s: &str| CoordSystem::Latin.parse(s, rules.dims()).unwrap();
        let mut t = Table::new(&rules, Player::One);
        t.set_own(vec![cells("a1 b1")]);
        let setup = FleetSetup::parse(
            "mine:e5 sweeper:g7 sub:j10",
            CoordSystem::Latin,
            rules.dims(),
        );
        let pieces = setup.unwrap().pieces;
        let mut own = PieceCells::default();
        for p in &pieces {
            match p.kind {
                PieceKind::Mine => own.mines.insert(p.cell),
                PieceKind::Sweeper => own.sweepers.insert(p.cell),
                PieceKind::Submarine => own.submarines.insert(p.cell),
            };
        }
        t.set_own_pieces(own);
        assert_eq!(t.own_mark(at("e5")), Mark::Mine);
        assert_eq!(t.own_mark(at("g7")), Mark::Sweeper);
        assert_eq!(t.own_mark(at("j10")), Mark::Submarine);
        let fired = |cell: &str, answer| Fired::new(at(cell), answer, None).unwrap();
        t.record(Player::Two, &[fired("e5", Answer::Mine)]);
        t.record(Player::Two, &[fired("j10", Answer::Submarine)]);
        t.record(Player::Two, &[fired("a1", Answer::Hit)]);
        assert_eq!(t.own_mark(at("e5")), Mark::SpentMine);
        assert_eq!(t.own_mark(at("j10")), Mark::SunkSubmarine);
        t.note_reveal(Player::One, at("b1"), DutyKind::ShipCell);

        t.record(Player::One, &[fired("c3", Answer::Sweeper)]);
        t.record(Player::One, &[fired("d4", Answer::Mine)]);
        t.note_reveal(Player::Two, at("h8"), DutyKind::ShipCell);
        t.note_reveal(Player::Two, at("f6"), DutyKind::Mine);
        assert_eq!(t.enemy_mark(at("c3")), Mark::SweeperShot);
        assert_eq!(t.enemy_mark(at("d4")), Mark::SpentMine);
        assert_eq!(t.enemy_mark(at("h8")), Mark::Shown);
        assert_eq!(t.enemy_mark(at("f6")), Mark::Mine);
        assert!(t.shot_at(at("c3")) && !t.shot_at(at("h8")));
        let mut theirs = PieceCells::default();
        theirs.submarines.insert(at("a10"));
        t.reveal(Vec::new(), theirs);
        assert_eq!(t.enemy_mark(at("a10")), Mark::Submarine);
    }
}
