//! A live game: the rules engine's [`Game`] plus seats, spectators, commitments and the
//! clock. Everything here is synchronous; the actions in `play.rs` and `lobby.rs` store
//! changes before applying them.

use super::msg::{Finished, NotFinished};
use crate::conn::Conn;
use crate::ids::commitment;
use crate::protocol::{
    AuditJson, DutyJson, OwnJson, PresenceJson, RatingJson, RelocateJson, ResultJson, RevealJson,
    Role, ServerMsg, StateJson, TargetJson,
};
use rand::rngs::StdRng;
use seabattle_bots::{Level, Shooter};
use seabattle_core::{
    ByPlayer, CellSet, CoordSystem, DutyKind, Fleet, Game, Lang, Phase, Player, Rules, audit,
};
use seabattle_driver::{Limits as ProgramLimits, Program};
use seabattle_table::{EndReason, Table};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::time::Instant;

/// Who the game is between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person (seat 1) against the computer (seat 2).
    Computer(Level),
    /// A person (seat 1) against a registered bot program (seat 2), by its name.
    Program(String),
    /// Two people, the second joining by code.
    Friend,
    /// Two people paired by the queue.
    Random,
    /// Two people at one device: one connection plays both seats, each when the
    /// referee asks it to act (see [`Room::hot_seat`]).
    Hotseat,
}

impl Mode {
    /// The stored and shown form: `computer:LEVEL` (or `computer:NAME` for a bot
    /// program), `friend`, `random`, `hotseat`.
    pub fn word(&self) -> String {
        match self {
            Mode::Computer(l) => format!("computer:{}", l.name()),
            Mode::Program(name) => format!("computer:{name}"),
            Mode::Friend => "friend".into(),
            Mode::Random => "random".into(),
            Mode::Hotseat => "hotseat".into(),
        }
    }

    /// Reads [`Mode::word`].
    pub fn from_word(w: &str) -> Option<Mode> {
        match w {
            "friend" => Some(Mode::Friend),
            "random" => Some(Mode::Random),
            "hotseat" => Some(Mode::Hotseat),
            _ => {
                let name = w.strip_prefix("computer:").filter(|n| !n.is_empty())?;
                Some(match name.parse() {
                    Ok(level) => Mode::Computer(level),
                    Err(_) => Mode::Program(name.to_string()),
                })
            }
        }
    }

    /// Whether seat 2 is the computer (a level or a bot program).
    pub fn is_computer(&self) -> bool {
        matches!(self, Mode::Computer(_) | Mode::Program(_))
    }

    /// Whether two people play it, each on their own connection: a friend's game or a
    /// random opponent's.
    pub fn is_two_devices(&self) -> bool {
        matches!(self, Mode::Friend | Mode::Random)
    }
}

/// The computer's side: a shooter that sees only its target board.
pub struct Bot {
    /// A level's shooter; taken out while it thinks, off the async threads.
    pub shooter: Option<Box<dyn Shooter>>,
    /// A bot program, for the whole game: [`crate::game::play::computer_fleet`] asks it for
    /// its fleet, and it shoots, reveals and moves its ship (a game resumed mid-battle
    /// starts it at its first move). Taken out while it thinks.
    pub program: Option<Program>,
    /// Its dice.
    pub rng: StdRng,
}

/// What the computer thinks with, taken out of its [`Bot`] while it thinks.
pub enum Brain {
    /// A level's shooter.
    Level(Box<dyn Shooter>),
    /// A bot program (a shooter too, with a builtin behind it).
    Program(Box<Program>),
}

impl Brain {
    /// The shooter either one is.
    pub fn shooter(&mut self) -> &mut dyn Shooter {
        match self {
            Brain::Level(s) => s.as_mut(),
            Brain::Program(p) => p.as_mut(),
        }
    }
}

impl Bot {
    /// A fresh bot of `level`.
    pub fn new(level: Level) -> Bot {
        Bot {
            shooter: Some(level.shooter().build()),
            program: None,
            rng: rand::make_rng(),
        }
    }

    /// A bot program run with `sh -c command`, started when first asked for its fleet or
    /// a shot; the `hard` level takes over if it fails, or if no command is registered
    /// any more.
    pub fn program(command: Option<&str>) -> Bot {
        let fallback = PROGRAM_FALLBACK.shooter().build();
        match command {
            Some(c) => Bot {
                shooter: None,
                program: Some(Program::new(c, ProgramLimits::default(), fallback)),
                rng: rand::make_rng(),
            },
            None => Bot {
                shooter: Some(fallback),
                program: None,
                rng: rand::make_rng(),
            },
        }
    }

    /// The brain, taken out to think: the bot program if there is one.
    pub fn take_brain(&mut self) -> Option<Brain> {
        match self.program.take() {
            Some(p) => Some(Brain::Program(Box::new(p))),
            None => self.shooter.take().map(Brain::Level),
        }
    }

    /// Puts back the brain [`Bot::take_brain`] took.
    pub fn put_brain(&mut self, brain: Brain) {
        match brain {
            Brain::Level(s) => self.shooter = Some(s),
            Brain::Program(p) => self.program = Some(*p),
        }
    }
}

/// Who invites to a game: what the preview of its link says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Host {
    /// The name the creator gave, if any.
    pub name: Option<String>,
    /// The language the creator plays in, if their client said.
    pub lang: Option<Lang>,
}

/// The level that plays on for a bot program that fails.
pub const PROGRAM_FALLBACK: Level = Level::Hard;

/// One seat.
#[derive(Default)]
pub struct Seat {
    /// SHA-256 of the token, once taken.
    pub(super) token_hash: Option<String>,
    /// The connection playing it now.
    pub(super) conn: Option<Conn>,
    /// When the player left, if away.
    pub(super) away_since: Option<Instant>,
    /// The account that holds the seat, once a signed-in player took it.
    pub(super) account: Option<i64>,
}

/// A game in memory.
pub struct Room {
    /// The public id.
    pub(super) id: String,
    /// Who plays.
    pub(super) mode: Mode,
    /// Seconds per move.
    pub(super) clock: Option<u32>,
    /// The referee: the one authority on answers, turns and strikes.
    pub(super) table: Table,
    /// Seats 1 and 2.
    pub(super) seats: ByPlayer<Seat>,
    /// Connections watching.
    pub(super) spectators: Vec<Conn>,
    /// Each placed fleet's canonical text.
    pub(super) fleet_texts: ByPlayer<Option<String>>,
    /// Each commitment's salt.
    pub(super) salts: ByPlayer<Option<String>>,
    /// Stored move rows so far (volleys, resignations, timeouts).
    pub(super) seq: usize,
    /// When the running clock runs out, if one runs.
    pub(super) clock_deadline: Option<Instant>,
    /// Whose clock runs.
    pub(super) clock_for: Option<Player>,
    /// The move (by its number) and the player the clock was last started for.
    pub(super) armed: Option<(usize, Player)>,
    /// Whether the end has been stored and told.
    pub(super) told_over: bool,
    /// The computer's last move could not be made: it waits until someone comes back.
    pub(super) computer_stuck: bool,
    /// The battle could not start: tried again when someone comes back.
    pub(super) start_failed: bool,
    /// The result with its audit, made once the game is over.
    result: std::cell::OnceCell<ResultJson>,
    /// Who asked for a rematch.
    pub(super) rematch: ByPlayer<bool>,
    /// The names the players gave (kept in memory only: a name is no part of the game).
    pub(super) names: ByPlayer<Option<String>>,
    /// The language the creator plays in, for the preview of the game's link (kept in
    /// memory only, as the names are).
    pub(super) host_lang: Option<Lang>,
    /// The rematch's id, once made.
    pub(super) next_game: Option<String>,
    /// The computer, in [`Mode::Computer`] games (seat 2).
    /// Boxed: its dice and a bot program are large, and most games have no computer.
    pub(super) bot: Option<Box<Bot>>,
    /// The address that created the game, whose unfinished games it counts among.
    pub(super) creator: Option<IpAddr>,
    /// When the game came into memory (created, or loaded from storage).
    pub(super) since: Instant,
    /// The SHA-256 of the human's player key, in a game against a level made with one:
    /// their fleet is learned when the game ends (see [`crate::learning`]). Kept in
    /// memory only, so a game rebuilt after a restart does not learn.
    pub(super) learner: Option<String>,
    /// The game left this node (handed over, or taken by another): its task ends.
    pub(super) gone: bool,
    /// In a hot-seat game, the seat, phase and move the connection was last sent the
    /// state for: a new one is sent whenever this changes.
    pub(super) hot_told: Option<(Player, Phase, usize)>,
    /// How long an opponent must be away before a win may be claimed (the server's
    /// limit, set when the game's task starts).
    pub(super) claim_limit: std::time::Duration,
    /// Whether the game counts for ratings (a random game between two accounts).
    pub(super) rated: bool,
    /// Both ratings' change, once the rated game ended and was rated.
    pub(super) ratings: Option<[RatingJson; 2]>,
    /// Who asked that a friend's game be rated.
    pub(super) rate_asked: ByPlayer<bool>,
    /// How fast each seat may chat (in memory only: chat is no part of the game).
    pub(super) chat: ByPlayer<super::pace::Pace>,
}

/// The path that joins (or watches) game `id`.
pub fn link(id: &str) -> String {
    format!("/g/{id}")
}

/// The canonical text of a fleet, as committed: each ship in the file form, cells in the
/// canonical ASCII system, ships sorted by their text, then the pieces (`mine:e5`,
/// `sweeper:c3`, `sub:j10`) by kind and board order, joined by single spaces.
pub fn canonical_fleet(fleet: &Fleet) -> String {
    canonical_words(fleet).join(" ")
}

/// The words of [`canonical_fleet`]: each ship, sorted by its text, then each piece.
pub fn canonical_words(fleet: &Fleet) -> Vec<String> {
    let setup = fleet.to_setup();
    let mut ships: Vec<String> = setup
        .ships
        .iter()
        .map(|s| s.format(CoordSystem::Latin))
        .collect();
    ships.sort();
    // Pieces come out of the fleet by kind and then in board order: already canonical.
    ships.extend(setup.pieces.iter().map(|p| p.format(CoordSystem::Latin)));
    ships
}

/// The reveals and moves owed in `game`, oldest first.
pub fn duties_json(game: &Game) -> Vec<DutyJson> {
    game.duties()
        .iter()
        .map(|d| DutyJson {
            player: d.player,
            kind: d.kind,
        })
        .collect()
}

/// The oldest reveal `p` owes in `game`, with the cells they may show (a move of a
/// flying ship is no reveal: see [`relocate_owed`]).
pub fn reveal_owed(game: &Game, p: Player) -> Option<(DutyKind, CellSet)> {
    let d = game
        .duties()
        .iter()
        .find(|d| d.player == p && d.kind != DutyKind::Relocate)?;
    Some((d.kind, game.reveal_options(p, d.kind)))
}

/// The move of a hit flying ship `p` owes in `game`, if any: the decks it takes, and
/// the decks hit where it stands, which stay behind.
pub fn relocate_owed(game: &Game, p: Player) -> Option<RelocateJson> {
    let decks = game.relocation_decks(p)?;
    let own = game.view(p).own;
    let ship = own.fleet.as_ref().map_or(CellSet::EMPTY, |f| *f.occupied());
    Some(RelocateJson {
        decks,
        lost: cells(&ship.and(&own.incoming)),
    })
}

/// The cells of `set` in canonical form, in board order.
pub fn cells(set: &CellSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

/// What `p` knows of the enemy waters in `game`: answers, sunk ships, pieces found, the
/// cells the rules prove empty and the ships afloat. The state's boards and the
/// replay's frames. The cells shown after mines and minesweepers are included only with
/// `shown`: they are unhit cells, for the two players' eyes alone until the end.
pub fn target_json(game: &Game, p: Player, shown: bool) -> TargetJson {
    let t = game.view(p).enemy;
    let found = t.found();
    let hidden = |set: &CellSet| if shown { cells(set) } else { Vec::new() };
    TargetJson {
        misses: cells(t.misses()),
        hits: cells(t.hits()),
        sunk: t.sunk().iter().map(cells).collect(),
        // Shown mines are empty of ships too, but they are not for spectators' eyes.
        empty: cells(
            &t.known_empty()
                .minus(t.misses())
                .minus(&found.all())
                .minus(t.shown_mines()),
        ),
        afloat: t.afloat().to_vec(),
        left: cells(t.left_behind()),
        mines: cells(&found.mines),
        sweepers: cells(&found.sweepers),
        subs: cells(&found.submarines),
        shown_ships: hidden(t.shown_ships()),
        shown_mines: hidden(t.shown_mines()),
    }
}

fn fleet_list(text: &Option<String>) -> Vec<String> {
    text.as_deref()
        .map(|t| t.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

impl Room {
    /// A new game with empty seats; `bots` are the registered bot programs.
    pub fn new(
        id: String,
        rules: Rules,
        mode: Mode,
        clock: Option<u32>,
        bots: &BTreeMap<String, String>,
    ) -> Room {
        let bot = match &mode {
            Mode::Computer(l) => Some(Box::new(Bot::new(*l))),
            Mode::Program(name) => Some(Box::new(Bot::program(bots.get(name).map(String::as_str)))),
            _ => None,
        };
        Room {
            id,
            mode,
            clock,
            table: Table::new(rules),
            seats: Default::default(),
            spectators: Vec::new(),
            fleet_texts: ByPlayer::default(),
            salts: ByPlayer::default(),
            seq: 0,
            clock_deadline: None,
            clock_for: None,
            armed: None,
            told_over: false,
            computer_stuck: false,
            start_failed: false,
            result: std::cell::OnceCell::new(),
            rematch: ByPlayer::default(),
            names: ByPlayer::default(),
            host_lang: None,
            next_game: None,
            bot,
            creator: None,
            since: Instant::now(),
            learner: None,
            gone: false,
            hot_told: None,
            claim_limit: std::time::Duration::from_secs(60),
            rated: false,
            ratings: None,
            rate_asked: ByPlayer::default(),
            chat: ByPlayer::default(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.table.rules()
    }

    /// The game as the rules engine keeps it.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// Whether `p` is the computer.
    pub fn is_bot(&self, p: Player) -> bool {
        self.mode.is_computer() && p == Player::Two
    }

    /// The path that joins (or watches) this game.
    pub fn link(&self) -> String {
        link(&self.id)
    }

    /// The game's public id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Gives seat `p` the name `name`, before the game's task starts.
    pub fn set_name(&mut self, p: Player, name: Option<String>) {
        self.names[p] = name;
    }

    /// The language the creator plays in, before the game's task starts.
    pub fn set_host_lang(&mut self, lang: Option<Lang>) {
        self.host_lang = lang;
    }

    /// Who invites to this game, for its link's preview: the creator's name and
    /// language, as they gave them.
    pub fn host(&self) -> Host {
        Host {
            name: self.names[Player::One].clone(),
            lang: self.host_lang,
        }
    }

    /// Gives seat `p` the token whose SHA-256 is `hash`, before the game's task starts.
    pub fn set_token_hash(&mut self, p: Player, hash: Option<String>) {
        self.seats[p].token_hash = hash;
    }

    /// Gives seat `p` to `account`, before the game's task starts.
    pub fn set_account(&mut self, p: Player, account: Option<i64>) {
        self.seats[p].account = account;
    }

    /// Makes the game count for ratings, before the game's task starts.
    pub fn set_rated(&mut self) {
        self.rated = true;
    }

    /// Marks seat `p` away from now on: its player is elsewhere (another node's queue).
    pub fn set_away(&mut self, p: Player) {
        self.seats[p].away_since = Some(Instant::now());
    }

    /// Counts the game among the unfinished games of the address `ip` created it from.
    pub fn set_creator(&mut self, ip: IpAddr) {
        self.creator = Some(ip);
    }

    /// Who plays.
    pub fn mode(&self) -> &Mode {
        &self.mode
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
            Some(commitment(
                self.fleet_texts[p].as_deref()?,
                self.salts[p].as_deref()?,
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
        let text = msg.to_text();
        for s in self.seats.iter() {
            if let Some(c) = &s.conn {
                c.send(text.clone());
            }
        }
        self.spectators.retain(|c| !c.is_closed());
        for c in &self.spectators {
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
        (self.mode.is_two_devices() && self.clock.is_none())
            .then(|| u32::try_from(self.claim_limit.as_secs()).unwrap_or(u32::MAX))
    }

    /// What `seat` (or a spectator, for `None`) may see.
    pub fn state_for(&self, seat: Option<Player>) -> StateJson {
        let g = self.game();
        let board = |p: Player| target_json(g, p, seat.is_some());
        let presence = |p: Player| PresenceJson {
            present: self.present(p),
            away_secs: self.seats[p]
                .away_since
                .filter(|_| !self.present(p))
                .map(|t| t.elapsed().as_secs()),
        };
        let own = seat.map(|p| {
            let v = g.view(p);
            let placed = self.fleet_texts[p].is_some();
            OwnJson {
                // A flying ship is shown where it stands now, not where it was placed.
                fleet: match &v.own.fleet {
                    Some(f) if placed && self.rules().flying() => Some(canonical_words(f)),
                    _ => placed.then(|| fleet_list(&self.fleet_texts[p])),
                },
                incoming: cells(&v.own.incoming),
                lost: cells(&v.own.lost),
            }
        });
        StateJson {
            game: self.id.clone(),
            role: if seat.is_some() {
                Role::Player
            } else {
                Role::Spectator
            },
            seat,
            rules: self.rules().to_string(),
            spec: self.rules().into(),
            mode: self.mode.word(),
            clock: self.clock,
            phase: g.phase(),
            placed: Player::BOTH.map(|p| g.has_placed(p)),
            to_move: g.to_move(),
            shots_due: self.shots_due(),
            duties: duties_json(g),
            reveal: seat.and_then(|p| {
                let (kind, options) = reveal_owed(g, p)?;
                Some(RevealJson {
                    kind,
                    cells: cells(&options),
                })
            }),
            relocate: seat.and_then(|p| relocate_owed(g, p)),
            own,
            boards: Player::BOTH.map(board),
            commitments: g.first().and_then(|_| self.commitments()),
            presence: Player::BOTH.map(presence),
            names: self.names.clone().into_array(),
            strikes: self.table.strikes(),
            clock_left: self
                .clock_deadline
                .filter(|_| g.phase() == Phase::Battle)
                .map(|d| d.saturating_duration_since(Instant::now()).as_secs() as u32),
            moves: g.moves().len(),
            log: super::tell::shot_log(g),
            result: self.result(),
            next_game: self.next_game.clone(),
            rated: self.rated,
            claim_after: seat.and(self.claim_after()),
        }
    }

    /// The result with everything revealed, once the game is over.
    pub fn result(&self) -> Option<ResultJson> {
        let (winner, reason) = self.winner()?;
        // A finished game never changes: audit it once, not on every `state`.
        if let Some(r) = self.result.get() {
            let mut r = r.clone();
            r.ratings = self.ratings.clone();
            return Some(r);
        }
        let report = audit(&self.game().record()?);
        let result = ResultJson {
            winner,
            reason,
            fleets: self
                .fleet_texts
                .clone()
                .map(|t| fleet_list(&t))
                .into_array(),
            fleets_at_end: self.rules().flying().then(|| {
                Player::BOTH.map(|p| {
                    self.game()
                        .view(p)
                        .own
                        .fleet
                        .map(|f| canonical_words(&f))
                        .unwrap_or_default()
                })
            }),
            salts: self
                .salts
                .clone()
                .map(Option::unwrap_or_default)
                .into_array(),
            commitments: self.commitments().unwrap_or_default(),
            audit: AuditJson {
                verdict: report.verdict.message(Lang::En),
                verdict_ru: report.verdict.message(Lang::Ru),
                faults: report
                    .faults
                    .map(|f| f.iter().map(|x| x.to_string()).collect()),
            },
            record: format!("/games/{}/record.json", self.id),
            ratings: None,
        };
        let mut result = self.result.get_or_init(|| result).clone();
        result.ratings = self.ratings.clone();
        Some(result)
    }

    /// The winner and how, once the game is over.
    fn winner(&self) -> Option<(Player, EndReason)> {
        self.table.ending()
    }

    /// The result as stored: `WINNER REASON`.
    pub fn result_word(&self) -> Option<String> {
        self.winner()
            .map(|(winner, how)| format!("{} {how}", winner.number()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip() {
        for m in [
            Mode::Friend,
            Mode::Random,
            Mode::Hotseat,
            Mode::Computer(Level::Hard),
            Mode::Program("pybot".into()),
        ] {
            assert_eq!(Mode::from_word(&m.word()), Some(m));
        }
        assert_eq!(Mode::from_word("computer:"), None);
        assert_eq!(Mode::from_word("robot"), None);
    }
}
