//! A live game in memory: the referee's [`Table`], its two [`Seat`]s, its spectators,
//! its [`Clock`] and where it stands in its life ([`Life`]). Its fields are its own:
//! the game's task reaches them through the methods below, and every view of it is
//! made in `tell.rs`. Everything here is synchronous; the actions in `play.rs` store
//! changes before applying them (`commit.rs`).

mod bot;
pub mod mode;
mod seat;

pub use bot::{Bot, PROGRAM_FALLBACK};
pub use mode::Mode;
pub use seat::{Clock, RoomSetup, Seat, SeatSetup, Seek};

use super::msg::{Finished, Host, NotFinished};
use crate::conn::Conn;
use crate::ids::{AccountId, GameId, Learner, commitment};
use crate::protocol::{Casual, Met, RatingJson, ResultJson, ServerMsg};
use seabattle_core::{ByPlayer, Game, Lang, Phase, Player, Rules};
use seabattle_table::{EndReason, Table};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::time::Instant;

/// Where a game stands in its life, apart from what the referee says of the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// Being played (or waiting for its players).
    Open,
    /// Both fleets are in but the battle could not be stored as started: it is tried
    /// again when someone comes back.
    StartFailed,
    /// Over, and its end stored and told.
    Told,
    /// It left this node (handed over, or taken by another): its task ends.
    Gone,
}

/// A game in memory.
pub struct Room {
    id: GameId,
    mode: Mode,
    /// The referee: the one authority on answers, turns and strikes.
    table: Table,
    seats: ByPlayer<Seat>,
    spectators: Vec<Conn>,
    clock: Clock,
    life: Life,
    /// Stored move rows so far (volleys, resignations, timeouts).
    seq: usize,
    /// The result with its audit, made once the game is over. Boxed: 344 bytes that
    /// every live game would otherwise carry for its end.
    result: std::cell::OnceCell<Box<ResultJson>>,
    /// The rematch's id, once made.
    next_game: Option<GameId>,
    /// The computer, in games against it (seat 2). Boxed: its dice and a bot program
    /// are large, and most games have no computer. Out of the room while it thinks.
    bot: Option<Box<Bot>>,
    /// The address that created the game, whose unfinished games it counts among.
    creator: Option<IpAddr>,
    /// When the game came into memory (created, or loaded from storage).
    since: Instant,
    /// Whom the computer learns about, in a game against a level made for someone:
    /// their fleet is learned when the game ends (heard on the bus). Kept in
    /// memory only, so a game rebuilt after a restart does not learn.
    learner: Option<Learner>,
    /// In a hot-seat game, the seat, phase and move the connection was last sent the
    /// state for: a new one is sent whenever this changes.
    hot_told: Option<(Player, Phase, usize)>,
    /// The language the creator plays in, for the preview of the game's link (kept in
    /// memory only, as the names are).
    host_lang: Option<Lang>,
    /// Whether the game counts for ratings.
    rated: bool,
    /// Why a game whose players asked for a rated one is casual.
    casual: Option<Casual>,
    /// Both ratings' change, once the rated game ended and was rated.
    ratings: Option<[RatingJson; 2]>,
    /// Set for a game opened in the lobby.
    seek: Option<Seek>,
    /// Set for a game one account challenged another to (kept in memory only: a game
    /// rebuilt after a restart reads as a friend's).
    challenge: bool,
    /// An arena's game: when its placement ends (kept in memory only: a game rebuilt
    /// after a restart shows no countdown, and the arena settles it all the same).
    place_by: Option<Instant>,
    /// An arena's game: the arena's id (kept in memory only, as `place_by`).
    arena: Option<String>,
}

impl Room {
    /// The game `setup` describes; `bots` are the registered bot programs.
    pub fn new(setup: RoomSetup, bots: &BTreeMap<String, String>) -> Room {
        let RoomSetup {
            id,
            rules,
            mode,
            clock,
            seats,
            rated,
            casual,
            creator,
            host_lang,
            seek,
            challenge,
            place_within,
            arena,
        } = setup;
        let now = Instant::now();
        let bot = match &mode {
            Mode::Computer(l) => Some(Box::new(Bot::new(*l))),
            Mode::Program(name) => Some(Box::new(Bot::program(bots.get(name).map(String::as_str)))),
            _ => None,
        };
        Room {
            id,
            mode,
            table: Table::new(rules),
            seats: seats.map(|s| s.into_seat(now)),
            spectators: Vec::new(),
            clock: Clock::new(clock),
            life: Life::Open,
            seq: 0,
            result: std::cell::OnceCell::new(),
            next_game: None,
            bot,
            creator,
            since: now,
            learner: None,
            hot_told: None,
            host_lang,
            rated,
            casual,
            ratings: None,
            seek,
            challenge,
            place_by: place_within.map(|d| now + d),
            arena,
        }
    }

    /// An arena's game: the arena's id.
    pub fn arena(&self) -> Option<&str> {
        self.arena.as_deref()
    }

    /// An arena's game in placement: seconds left to place a fleet.
    pub fn placement_left(&self) -> Option<u32> {
        let by = self.place_by?;
        (self.game().phase() == Phase::Placement).then(|| {
            u32::try_from(by.saturating_duration_since(Instant::now()).as_secs())
                .unwrap_or(u32::MAX)
        })
    }

    /// The game's public id.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// Who plays.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.table.rules()
    }

    /// The referee.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The referee, for the changes only `commit` and a rebuild from storage make.
    pub(super) fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    /// The game as the rules engine keeps it.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// Seat `p`.
    pub fn seat(&self, p: Player) -> &Seat {
        &self.seats[p]
    }

    /// Seat `p`, to change.
    pub fn seat_mut(&mut self, p: Player) -> &mut Seat {
        &mut self.seats[p]
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clock, to change.
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// Where the game stands in its life.
    pub fn life(&self) -> Life {
        self.life
    }

    /// Moves the game on in its life.
    pub fn set_life(&mut self, life: Life) {
        self.life = life;
    }

    /// Whether the game left this node.
    pub fn is_gone(&self) -> bool {
        self.life == Life::Gone
    }

    /// Stored move rows so far.
    pub fn seq(&self) -> usize {
        self.seq
    }

    /// Counts `n` more rows stored.
    pub fn stored(&mut self, n: usize) {
        self.seq += n;
    }

    /// The computer, while it is in the room (not thinking).
    pub fn bot_mut(&mut self) -> Option<&mut Bot> {
        self.bot.as_deref_mut()
    }

    /// Takes the computer out to think, or for good.
    pub fn take_bot(&mut self) -> Option<Box<Bot>> {
        self.bot.take()
    }

    /// Puts the computer back after it thought.
    pub fn put_bot(&mut self, bot: Option<Box<Bot>>) {
        self.bot = bot;
    }

    /// Whether the computer waits because its last move could not be made.
    pub fn computer_stuck(&self) -> bool {
        self.bot.as_ref().is_some_and(|b| b.stuck)
    }

    /// Lets the computer and the start of the battle be tried again: someone came back.
    pub fn unstick(&mut self) {
        if let Some(b) = self.bot.as_mut() {
            b.stuck = false;
        }
        if self.life == Life::StartFailed {
            self.life = Life::Open;
        }
    }

    /// The address that created the game.
    pub fn creator(&self) -> Option<IpAddr> {
        self.creator
    }

    /// When the game came into memory.
    pub fn since(&self) -> Instant {
        self.since
    }

    /// Whom the computer learns about in this game.
    pub fn learner(&self) -> Option<&Learner> {
        self.learner.as_ref()
    }

    /// Sets whom the computer learns about.
    pub fn set_learner(&mut self, learner: Learner) {
        self.learner = Some(learner);
    }

    /// The seat, phase and move a hot-seat connection was last shown.
    pub fn hot_told(&self) -> Option<(Player, Phase, usize)> {
        self.hot_told
    }

    /// Notes what a hot-seat connection was last shown (`None`: show it again).
    pub fn set_hot_told(&mut self, told: Option<(Player, Phase, usize)>) {
        self.hot_told = told;
    }

    /// Whether the game counts for ratings.
    pub fn rated(&self) -> bool {
        self.rated
    }

    /// Makes the game count for ratings, or not.
    pub fn set_rated(&mut self, rated: bool) {
        self.rated = rated;
    }

    /// Why the game is casual although its players asked for a rated one.
    pub fn casual(&self) -> Option<Casual> {
        self.casual
    }

    /// Says why the game is casual although a player asked for a rated one.
    pub fn set_casual(&mut self, casual: Casual) {
        self.casual = Some(casual);
    }

    /// How the game was opened in the lobby, if it was.
    pub fn seek(&self) -> Option<Seek> {
        self.seek
    }

    /// The game as the lobby lists it: a game opened there whose creator is here and
    /// whose second seat is free, before the battle.
    pub fn listing(&self) -> Option<crate::protocol::OpenGameJson> {
        let seek = self.seek?;
        let creator = &self.seats[Player::One];
        let waiting = self.mode == Mode::Friend
            && self.seats[Player::Two].token_hash.is_none()
            && creator.conn.as_ref().is_some_and(|c| !c.is_closed())
            && self.life == Life::Open
            && self.game().phase() == Phase::Placement;
        waiting.then(|| crate::protocol::OpenGameJson {
            game: self.id.to_string(),
            rules: self.rules().to_string(),
            clock: self.clock.secs,
            rated: seek.rated,
            name: creator.name.clone().filter(|_| creator.shown.is_none()),
            account: creator.shown.as_deref().cloned(),
            seeking: false,
        })
    }

    /// Whether the game is being played now: both seats taken (or the computer's),
    /// someone at the board (a closed tab's game against the computer, hot-seat or
    /// friend's game is not played by anyone), not over, and still this node's.
    pub fn being_played(&self) -> bool {
        self.life == Life::Open
            && self.game().phase() != Phase::Over
            && Player::BOTH
                .into_iter()
                .all(|p| self.is_bot(p) || self.seats[p].token_hash.is_some())
            && Player::BOTH
                .into_iter()
                .any(|p| !self.is_bot(p) && self.present(p))
    }

    /// In a friend's game, how the two met: a stranger from the lobby or a challenge
    /// is shown as an opponent, not a friend.
    pub fn met(&self) -> Option<Met> {
        (self.mode == Mode::Friend).then(|| {
            if self.seek.is_some() {
                Met::Lobby
            } else if self.challenge {
                Met::Challenge
            } else {
                Met::Link
            }
        })
    }

    /// Both ratings' change, once rated.
    pub fn ratings(&self) -> Option<&[RatingJson; 2]> {
        self.ratings.as_ref()
    }

    /// Notes both ratings' change.
    pub fn set_ratings(&mut self, ratings: [RatingJson; 2]) {
        self.ratings = Some(ratings);
    }

    /// The rematch's id, once made.
    pub fn next_game(&self) -> Option<&GameId> {
        self.next_game.as_ref()
    }

    /// Notes the rematch made.
    pub fn set_next_game(&mut self, id: GameId) {
        self.next_game = Some(id);
    }

    /// The result once made (`tell::result` makes and keeps it).
    pub fn result_cell(&self) -> &std::cell::OnceCell<Box<ResultJson>> {
        &self.result
    }

    /// The connections watching.
    pub fn spectators(&self) -> &[Conn] {
        &self.spectators
    }

    /// Adds a spectator, once.
    pub fn add_spectator(&mut self, conn: &Conn) {
        if !self.spectators.iter().any(|c| c.id == conn.id) {
            self.spectators.push(conn.clone());
        }
    }

    /// Lets connection `id` stop watching.
    pub fn remove_spectator(&mut self, id: u64) {
        self.spectators.retain(|c| c.id != id);
    }

    /// Forgets the spectators whose connections closed.
    pub fn forget_closed_spectators(&mut self) {
        self.spectators.retain(|c| !c.is_closed());
    }

    /// Whether `p` is the computer.
    pub fn is_bot(&self, p: Player) -> bool {
        self.mode.is_computer() && p == Player::Two
    }

    /// The path that joins (or watches) this game.
    pub fn link(&self) -> String {
        self.id.link()
    }

    /// Who invites to this game, for its link's preview: the creator's name and
    /// language, as they gave them.
    pub fn host(&self) -> Host {
        Host {
            name: self.seats[Player::One].name.clone(),
            lang: self.host_lang,
        }
    }

    /// Whether the connection `conn` plays seat `p` now.
    pub fn is_played_from(&self, p: Player, conn: u64) -> bool {
        self.seats[p].conn.as_ref().is_some_and(|c| c.id == conn)
    }

    /// The game's record and how it ended, once it is over.
    pub fn finished(&self) -> Result<Finished, NotFinished> {
        if self.game().phase() != Phase::Over {
            return Err(NotFinished::Playing);
        }
        Ok(Finished {
            record: self.game().record().ok_or(NotFinished::NoRecord)?,
            mode: self.mode.word(),
            ending: self.table.ending(),
        })
    }

    /// Whether nobody is connected to the game, seated or watching.
    pub fn is_idle(&self) -> bool {
        self.seats.iter().all(|s| s.conn.is_none()) && self.spectators.is_empty()
    }

    /// Everyone connected to the game, seated or watching, let go of it: the
    /// connections still bound here, unbound, for a last word (the game was closed, or
    /// left this node). One that has moved on to another game is left alone.
    pub fn take_connections(&mut self) -> Vec<Conn> {
        let id = &self.id;
        let seated = self.seats.iter_mut().filter_map(|s| s.conn.take());
        seated
            .chain(self.spectators.drain(..))
            .filter(|c| c.binding().is_some_and(|b| b.game == *id))
            .inspect(|c| {
                c.bind(None);
            })
            .collect()
    }

    /// The commitments, once both fleets are placed.
    pub fn commitments(&self) -> Option<[String; 2]> {
        let c = |p: Player| {
            let seat = &self.seats[p];
            Some(commitment(
                seat.fleet_text.as_deref()?,
                seat.salt.as_deref()?,
            ))
        };
        Some([c(Player::One)?, c(Player::Two)?])
    }

    /// Sends `msg` to the player in seat `p`, if connected.
    pub fn send_to(&self, p: Player, msg: &ServerMsg) {
        if self.seats[p].conn.is_some() {
            self.send_text(p, msg.to_text());
        }
    }

    /// Sends a message already written out to the player in seat `p`, if connected.
    pub fn send_text(&self, p: Player, text: String) {
        if let Some(c) = &self.seats[p].conn {
            c.send(text);
        }
    }

    /// Who must act now during the battle: the player owing the oldest reveal, if any
    /// is owed, else the player to shoot. The clock runs on them.
    pub fn actor(&self) -> Option<Player> {
        self.table.actor()
    }

    /// Shots in the volley of the player to move; 0 outside the battle.
    pub fn shots_due(&self) -> usize {
        self.game()
            .to_move()
            .map_or(0, |p| self.game().shots_due(p))
    }

    /// Sends `msg` to both players and every spectator. Only for messages everyone may
    /// see.
    pub fn broadcast(&mut self, msg: &ServerMsg) {
        self.broadcast_from(msg, None);
    }

    /// [`Room::broadcast`] of what `from` said: a socket that ignores `from` (its
    /// account blocks them) is not told.
    pub fn broadcast_from(&mut self, msg: &ServerMsg, from: Option<AccountId>) {
        let deaf = |c: &Conn| from.is_some_and(|a| c.ignores(a));
        let text = msg.to_text();
        for s in self.seats.iter() {
            if let Some(c) = s.conn.as_ref().filter(|c| !deaf(c)) {
                c.send(text.clone());
            }
        }
        self.forget_closed_spectators();
        for c in self.spectators.iter().filter(|c| !deaf(c)) {
            c.send(text.clone());
        }
    }

    /// Whether `p` is connected (the computer always is; in a hot-seat game both
    /// seats are there when the one connection is).
    pub fn present(&self, p: Player) -> bool {
        let seat = if self.mode == Mode::Hotseat {
            Player::One
        } else {
            p
        };
        self.is_bot(p) || self.seats[seat].conn.is_some()
    }

    /// In a hot-seat game, the seat the device is handed to now: the first seat still
    /// to place its fleet, then whoever the referee asks to act. None once both fleets
    /// are in before the battle starts, and once the game is over.
    pub fn hot_seat(&self) -> Option<Player> {
        match self.game().phase() {
            Phase::Placement => Player::BOTH
                .into_iter()
                .find(|&p| !self.game().has_placed(p)),
            Phase::Battle => self.actor(),
            Phase::Over => None,
        }
    }

    /// The seat a command from the connection in seat `p` is made for: `p`, except in
    /// a hot-seat game, where it is the seat the device is handed to.
    pub fn acting_seat(&self, p: Player) -> Player {
        match self.mode {
            Mode::Hotseat => self.hot_seat().unwrap_or(p),
            _ => p,
        }
    }

    /// In a game between people without a clock, the seconds an opponent must be away
    /// before a win may be claimed.
    pub fn claim_after(&self) -> Option<u32> {
        (self.mode.is_two_devices() && self.clock.secs.is_none())
            .then(|| u32::try_from(self.clock.claim_limit.as_secs()).unwrap_or(u32::MAX))
    }

    /// The winner and how, once the game is over.
    pub fn winner(&self) -> Option<(Player, EndReason)> {
        self.table.ending()
    }

    /// The result as stored: `WINNER REASON`.
    pub fn result_word(&self) -> Option<String> {
        self.winner()
            .map(|(winner, how)| format!("{} {how}", winner.number()))
    }
}
