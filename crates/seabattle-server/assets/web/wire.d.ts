// The wire protocol's messages (docs/protocol.md), as the page's modules see them: one
// type per message, named as the Rust enums `ClientMsg` and `ServerMsg` of the
// seabattle-wire crate (crates/seabattle-wire/src/client.rs, server.rs) name their
// variants, and told apart by `type`, the variants' serde tags. For type checking only
// (`tsc`, see tsconfig.json): the server does not serve this file and the page never
// loads it. A change to the protocol changes the Rust types, docs/protocol.md and this.

/** A seat: player 1 or player 2 (the core's `Player`). */
export type Player = 1 | 2;
/** Who a new game is against (`Opponent`). */
export type Opponent = 'computer' | 'friend' | 'hotseat';
/** Whether the connection plays or watches (`Role`). */
export type Role = 'player' | 'spectator';
/** Where the game is (`Phase`). */
export type Phase = 'placement' | 'battle' | 'over';
/** What a player owes before anyone shoots (`DutyKind`). */
export type DutyKind = 'ship_cell' | 'mine' | 'relocate';
/** How a game ended (`EndReason`). */
export type EndReason = 'fleet_sunk' | 'resigned' | 'timeout' | 'abandoned';
/** A shot's answer (`Answer`). */
export type Answer = 'miss' | 'hit' | 'sunk' | 'mine' | 'sweeper' | 'sub';
/** A piece of the variants with pieces (`PieceKind`). */
export type PieceKind = 'mine' | 'sweeper' | 'sub';
/** Whether ships may touch (`Touching`). */
export type Touching = 'none' | 'corners' | 'allowed';
/** The shapes ships may take (`ShipShape`). */
export type ShipShape = 'straight' | 'any' | 'path';
/** A rule a fleet breaks (`ViolationKind`). */
export type ViolationKind = 'bounds' | 'overlap' | 'touching' | 'shape' | 'size' | 'fleet';
/** The languages of the rules engine's messages (`Lang`). */
export type Lang = 'ru' | 'en';
/** Coordinate systems (`CoordSystem`). */
export type CoordSystem = 'latin' | 'russian' | 'russian-yo' | 'республика' | 'снегурочка';
/** Why a message was refused (`ErrorCode`). */
export type ErrorCode =
  | 'bad_json' | 'unknown_type' | 'bad_message' | 'unsupported_version' | 'too_large' | 'flood'
  | 'not_found' | 'game_full' | 'bad_token' | 'wrong_game' | 'not_in_game' | 'spectator'
  | 'bad_rules' | 'bad_level' | 'bad_clock' | 'bad_fleet' | 'already_placed' | 'not_started'
  | 'game_over' | 'not_your_turn' | 'off_board' | 'already_shot' | 'repeated_cell' | 'wrong_count'
  | 'reveal_due' | 'no_reveal_due' | 'not_revealable' | 'relocate_due' | 'no_relocate_due'
  | 'not_a_path' | 'not_over' | 'already_played' | 'no_coach' | 'bad_placer' | 'internal' | 'too_costly' | 'busy'
  | 'limit' | 'abandoned' | 'bad_player' | 'moved' | 'not_away' | 'no_room' | 'not_rateable'
  | 'no_chat' | 'bad_request' | 'bad_name' | 'bad_password' | 'name_taken' | 'wrong_credentials'
  | 'signed_out' | 'throttled' | 'cross_site' | 'unavailable' | 'not_online' | 'no_challenge' | 'has_games' | 'not_a_bot' | 'bot_not_allowed'
  | 'too_many_games' | 'plain_token' | 'no_bot_challenges'
  | 'arena_closed' | 'no_berserk';

/** A phrase of the quick chat, by its id (`Phrase`): no free text. */
export type Phrase = 'good_luck' | 'nice_shot' | 'thanks' | 'thumbs_up' | 'wow' | 'phew' | 'fire';

/** One shot and its answer, as everyone sees it (`ShotJson`). */
export interface ShotJson {
  cell: string;
  answer: Answer;
  /** The sunk ship's cells, with `sunk`. */
  ship?: string[];
  /** With `sunk`: the cells around the ship where no ship can be. */
  halo?: string[];
}

/** One shot of the game so far, as the move list shows it (`LoggedShotJson`). */
export interface LoggedShotJson {
  player: Player;
  cell: string;
  answer: Answer;
  dying?: boolean;
}

/** What one shooter knows of the enemy board (`TargetJson`). */
export interface TargetJson {
  misses: string[];
  hits: string[];
  sunk: string[][];
  empty: string[];
  afloat: number[];
  mines?: string[];
  sweepers?: string[];
  subs?: string[];
  left?: string[];
  shown_ships?: string[];
  shown_mines?: string[];
}

/** A reveal or move owed (`DutyJson`). */
export interface DutyJson {
  player: Player;
  kind: DutyKind;
}

/** The reveal the connection's player owes first (`RevealJson`). */
export interface RevealJson {
  kind: DutyKind;
  cells: string[];
}

/** The move of a hit flying ship the connection's player owes (`RelocateJson`). */
export interface RelocateJson {
  decks: number;
  lost: string[];
}

/** The player's own board (`OwnJson`). */
export interface OwnJson {
  fleet: string[] | null;
  incoming: string[];
  lost?: string[];
}

/** Whether a player is connected (`PresenceJson`). */
/** The account holding a seat, as everyone in the game sees it (`state`'s `accounts`). */
export interface SeatAccountJson {
  name: string;
  /** Its rating under the game's preset; absent under custom rules. */
  rating?: number;
  /** Shown with «?» while provisional. */
  provisional?: boolean;
  /** A BOT account: «BOT» beside its name. */
  bot?: boolean;
}

export interface PresenceJson {
  present: boolean;
  away_secs: number | null;
}

/** The audit of a finished game (`AuditJson`). */
export interface AuditJson {
  verdict: string;
  verdict_ru: string;
  faults: [string[], string[]];
}

/** How the game ended (`ResultJson`). */
export interface ResultJson {
  winner: Player;
  reason: EndReason;
  fleets: [string[], string[]];
  fleets_at_end?: [string[], string[]];
  salts: [string, string];
  commitments: [string, string];
  audit: AuditJson;
  record: string;
  ratings?: [RatingJson, RatingJson];
  /** The game ended before each player had fired: not rated. */
  aborted?: boolean;
}

/** A seat's rating change in a rated game (`RatingJson`). */
export interface RatingJson {
  before: number;
  after: number;
  provisional_before: boolean;
  provisional_after: boolean;
}

/** The rules in full (`RulesJson`). */
export interface RulesJson {
  width: number;
  height: number;
  fleet: number[];
  touching: Touching;
  shape: ShipShape;
  hit_again: boolean;
  /** A number, or `afloat`. */
  shots: string;
  mines: number;
  sweepers: number;
  subs: number;
  pieces_touch: boolean;
  flying: boolean;
}

/** The whole game as this connection may see it (`StateJson`, the body of `state`). */
export interface StateJson {
  game: string;
  role: Role;
  seat: Player | null;
  rules: string;
  spec: RulesJson;
  /** `computer:LEVEL`, `friend`, `random` or `hotseat`. */
  mode: string;
  clock: number | null;
  phase: Phase;
  placed: [boolean, boolean];
  to_move: Player | null;
  shots_due: number;
  duties: DutyJson[];
  reveal: RevealJson | null;
  relocate: RelocateJson | null;
  own: OwnJson | null;
  boards: [TargetJson, TargetJson];
  commitments: [string, string] | null;
  presence: [PresenceJson, PresenceJson];
  names: [string | null, string | null];
  /** The account behind each seat; null for a guest's. */
  accounts?: [SeatAccountJson | null, SeatAccountJson | null];
  strikes: [number, number];
  clock_left: number | null;
  moves: number;
  /** Every shot so far, oldest first (absent before the first). */
  log?: LoggedShotJson[];
  result: ResultJson | null;
  next_game: string | null;
  claim_after?: number;
  /** An arena's game in placement: seconds left to place a fleet. */
  placement_left?: number;
  /** An arena's game: the arena's id. */
  arena?: string;
  rated?: boolean;
  /** Why a game that could have been rated is not. */
  casual?: 'pair_limit' | 'mixed';
  /** In a friend's game, how the two met. */
  met?: 'link' | 'lobby' | 'challenge';
}

/** What the computer learned about a player under one rules text (`LearnedJson`). */
export interface LearnedJson {
  rules: string;
  width: number;
  height: number;
  fleets: string[][];
  heat: number[];
  /** The placement habit the fleets show most clearly; absent when none does. */
  habit?: LearnedHabit;
}

/** A placement habit's stable name (`LearnedHabit`). */
export type LearnedHabit = 'half-left' | 'half-right' | 'half-top' | 'half-bottom'
  | 'corner-top-left' | 'corner-top-right' | 'corner-bottom-left' | 'corner-bottom-right'
  | 'horizontal' | 'apart' | 'singles-in-corners' | 'hug-light' | 'hug-strong';

/** One rule a fleet breaks (`ViolationJson`). */
export interface ViolationJson {
  kind: ViolationKind;
  cells: string[];
  message: string;
  piece?: PieceKind;
}

/** Who is here (`LobbyJson`): the online count, games played, open games. */
export interface LobbyJson {
  online: number;
  playing: number;
  open: OpenGameJson[];
}

/** A game in the lobby, waiting for anyone to join it (`OpenGameJson`). */
export interface OpenGameJson {
  game: string;
  rules: string;
  clock?: number;
  rated?: boolean;
  /** A guest's name. */
  name?: string;
  account?: SeatAccountJson;
  /** A player in the random queue: `game` is their place in it (`q-…`). */
  seeking?: boolean;
}

/** A challenge by name, as both players see it (`ChallengeJson`). */
export interface ChallengeJson {
  id: string;
  from: SeatAccountJson;
  to: SeatAccountJson;
  rules: string;
  clock?: number;
  rated?: boolean;
  expires_secs: number;
}

/** How a challenge ended (`ChallengeEnd`). */
export type ChallengeEnd = 'accepted' | 'declined' | 'cancelled' | 'expired';

/** The client's messages (`ClientMsg`), one type per variant. */
export namespace Client {
  interface Hello { type: 'hello'; v: number }
  interface NewGame {
    type: 'new_game';
    opponent: Opponent;
    level?: string;
    rules?: string;
    clock?: number;
    name?: string;
    player?: string;
    /** The language the creator plays in: the game link's preview speaks it. */
    lang?: Lang;
    /** A rated game against one of the computer's levels (a signed-in player, a preset). */
    rated?: boolean;
  }
  interface Join { type: 'join'; game: string; name?: string }
  interface Resume { type: 'resume'; game: string; token?: string }
  interface Watch { type: 'watch'; game: string }
  interface Queue { type: 'queue'; rules?: string; rated?: boolean }
  interface Place { type: 'place'; game: string; fleet?: string[] }
  interface Fire { type: 'fire'; game: string; cells: string[] }
  interface Reveal { type: 'reveal'; game: string; cell: string }
  interface Relocate { type: 'relocate'; game: string; cells?: string[] }
  interface Resign { type: 'resign'; game: string }
  interface ClaimWin { type: 'claim_win'; game: string }
  interface Name { type: 'name'; game: string; name: string }
  interface Rematch { type: 'rematch'; game: string }
  interface Rate { type: 'rate'; game: string }
  interface Sync { type: 'sync'; game: string }
  interface Coach { type: 'coach'; game: string }
  interface Layout { type: 'layout'; game: string; placer?: string }
  interface Check { type: 'check'; game: string; fleet: string[]; lang?: Lang; coords?: CoordSystem }
  interface Turn { type: 'turn'; game: string; fleet: string[]; ship: number }
  interface Learned { type: 'learned'; player: string; rules?: string }
  interface Forget { type: 'forget'; player: string }
  interface Ping { type: 'ping' }
  interface Chat { type: 'chat'; game: string; phrase: Phrase }
  interface Lobby { type: 'lobby' }
  interface Seek { type: 'seek'; rules?: string; clock?: number; rated?: boolean; name?: string }
  interface Challenge { type: 'challenge'; to: string; rules?: string; clock?: number; rated?: boolean }
  interface AnswerChallenge { type: 'answer_challenge'; id: string; answer: 'accept' | 'decline' }
  interface CancelChallenge { type: 'cancel_challenge'; id: string }
  interface Auth { type: 'auth'; token: string }
}

/** A message from the page to the server (`ClientMsg`). */
export type ClientMsg =
  | Client.Hello | Client.NewGame | Client.Join | Client.Resume | Client.Watch | Client.Queue
  | Client.Place | Client.Fire | Client.Reveal | Client.Relocate | Client.Resign | Client.ClaimWin
  | Client.Name | Client.Rematch | Client.Sync | Client.Coach | Client.Layout | Client.Check
  | Client.Turn | Client.Learned | Client.Forget | Client.Ping | Client.Rate
  | Client.Chat | Client.Lobby | Client.Seek | Client.Challenge | Client.AnswerChallenge
  | Client.CancelChallenge | Client.Auth;

/** Sends one message to the server (net.js's `send`). */
export type Send = (msg: ClientMsg) => void;

/** The server's messages (`ServerMsg`), one type per variant. */
export namespace Server {
  interface Welcome {
    type: 'welcome';
    v: number;
    max_message_bytes: number;
    messages_per_second: number;
    bots: string[];
    presets: string[];
    node?: string;
    account?: string;
    levels?: { level: string; name: string }[];
  }
  interface Joined { type: 'joined'; game: string; role: Role; seat: Player | null; token: string | null; link: string }
  /** `state`: the message is the state itself, beside its `type`. */
  interface State extends StateJson { type: 'state' }
  interface Placed { type: 'placed'; game: string; player: Player }
  interface Battle { type: 'battle'; game: string; first: Player; commitments: [string, string]; shots_due: number }
  interface Shot {
    type: 'shot';
    game: string;
    number: number;
    player: Player;
    shots: ShotJson[];
    dying?: boolean;
    next: Player | null;
    shots_due: number;
    duties?: DutyJson[];
  }
  interface RevealDue { type: 'reveal_due'; game: string; player: Player; kind: DutyKind; cells: string[] }
  interface Revealed {
    type: 'revealed';
    game: string;
    number: number;
    player: Player;
    kind: DutyKind;
    cell?: string;
    by_server?: boolean;
    next: Player | null;
    shots_due: number;
    duties?: DutyJson[];
  }
  interface RelocateDue { type: 'relocate_due'; game: string; player: Player; decks: number; lost: string[] }
  interface Relocated {
    type: 'relocated';
    game: string;
    number: number;
    player: Player;
    cells?: string[];
    left: string[];
    decks: number;
    by_server?: boolean;
    next: Player | null;
    shots_due: number;
    duties?: DutyJson[];
  }
  interface Clock { type: 'clock'; game: string; player: Player; seconds: number }
  interface Timeout { type: 'timeout'; game: string; player: Player; strikes: number; next: Player | null; shots_due: number }
  interface Presence { type: 'presence'; game: string; player: Player; present: boolean; name: string | null; account?: SeatAccountJson | null }
  /** An arena's game closed in placement: these seats placed no fleet in time. */
  interface NoShow { type: 'no_show'; game: string; absent: Player[] }
  interface GameOver { type: 'game_over'; game: string; result: ResultJson }
  interface RematchOffered { type: 'rematch_offered'; game: string; player: Player }
  interface Rate { type: 'rate'; game: string; asked: [boolean, boolean]; rated: boolean }
  interface Rematch { type: 'rematch'; game: string; next: string }
  interface Queued { type: 'queued'; rules: string; rated?: boolean }
  interface QueueOffer { type: 'queue_offer'; rules: string; waited_secs: number; level?: string; bot?: SeatAccountJson }
  interface Error { type: 'error'; code: ErrorCode; message: string }
  interface Coach { type: 'coach'; game: string; width: number; height: number; weights: number[]; best: string[] }
  interface Layout { type: 'layout'; game: string; placer: string; fleet: string[] }
  interface Checked {
    type: 'checked';
    game: string;
    fleet: string[];
    lang: Lang;
    coords: CoordSystem;
    violations: ViolationJson[];
  }
  interface Turned { type: 'turned'; game: string; fleet: string[]; ship: number }
  interface Pong { type: 'pong' }
  interface Learned { type: 'learned'; histories: LearnedJson[] }
  interface Forgotten { type: 'forgotten'; fleets: number }
  interface Chat { type: 'chat'; game: string; player: Player; phrase: Phrase }
  interface Lobby extends LobbyJson { type: 'lobby' }
  interface Challenged extends ChallengeJson { type: 'challenged' }
  interface ChallengeSent extends ChallengeJson { type: 'challenge_sent' }
  interface ChallengeEnded { type: 'challenge_ended'; id: string; end: ChallengeEnd }
}

/** A message from the server (`ServerMsg`). */
export type ServerMsg =
  | Server.Welcome | Server.Joined | Server.State | Server.Placed | Server.Battle | Server.Shot
  | Server.RevealDue | Server.Revealed | Server.RelocateDue | Server.Relocated | Server.Clock
  | Server.Timeout | Server.Presence | Server.NoShow | Server.GameOver | Server.RematchOffered | Server.Rematch
  | Server.Queued | Server.QueueOffer | Server.Error | Server.Coach | Server.Layout | Server.Checked
  | Server.Turned | Server.Pong | Server.Learned | Server.Forgotten | Server.Rate
  | Server.Chat | Server.Lobby | Server.Challenged | Server.ChallengeSent | Server.ChallengeEnded;

/** The server message of tag `K`: `ServerOf<'shot'>` is `Server.Shot`. */
export type ServerOf<K extends ServerMsg['type']> = Extract<ServerMsg, { type: K }>;
/** The client message of tag `K`. */
export type ClientOf<K extends ClientMsg['type']> = Extract<ClientMsg, { type: K }>;

/** One move of a game record (`GET /games/ID/record.json`, docs/notation.md's JSON form). */
export interface RecordMove {
  player: Player;
  /** Each shot of the volley: the cell and its answer. */
  shots?: [string, Answer][];
  /** A sunk submarine's dying shot. */
  dying?: [string, Answer];
  /** The cell shown after a mine or a minesweeper. */
  reveal?: string;
  /** A flying ship's new cells, as a ship. */
  relocate?: string;
  resign?: boolean;
}

/** A game record, JSON form (`record.json`). */
export interface GameRecord {
  rules: string;
  first: Player;
  fleets: [string[], string[]];
  moves: RecordMove[];
}

/** A finished game's replay frames (`GET /games/ID/frames.json`, docs/protocol.md). */
export interface Frames {
  spec: RulesJson;
  /** The two boards after 0, 1, … moves, as `state`'s `boards`. */
  frames: [TargetJson, TargetJson][];
  mode?: string;
  winner?: Player;
  reason?: EndReason;
}
