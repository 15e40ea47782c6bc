// The wire protocol's types (docs/protocol.md), as the page's modules see them.
// GENERATED from the Rust types of the seabattle-wire crate by ts-rs: do not edit.
// To regenerate after a change to those types:
//   cargo run -q -p seabattle-wire --example wire-ts --features ts > crates/seabattle-server/assets/web/wire.d.ts
// CI fails when this file differs from what that writes. For type checking only (`tsc`,
// see tsconfig.json): the server does not serve this file and the page never loads it.

export type Player = 1 | 2;

/**
 * Who a new game is against.
 */
export type Opponent = "computer" | "friend" | "hotseat";

/**
 * Whether the connection plays or watches.
 */
export type Role = "player" | "spectator";

export type Phase = "placement" | "battle" | "over";

export type DutyKind = "ship_cell" | "mine" | "relocate";

/**
 * How a game ended.
 */
export type EndReason = "fleet_sunk" | "resigned" | "timeout" | "abandoned";

export type Answer = "miss" | "hit" | "sunk" | "mine" | "sweeper" | "sub";

export type PieceKind = "mine" | "sweeper" | "sub";

export type Touching = "none" | "corners" | "allowed";

export type ShipShape = "straight" | "any" | "path";

export type ViolationKind = "bounds" | "overlap" | "touching" | "shape" | "size" | "fleet";

export type Lang = "ru" | "en";

export type CoordSystem = "latin" | "russian" | "russian-yo" | "республика" | "снегурочка";

/**
 * Why a message was refused. Nothing changed.
 */
export type ErrorCode = "bad_json" | "unknown_type" | "bad_message" | "unsupported_version" | "too_large" | "flood" | "not_found" | "game_full" | "bad_token" | "wrong_game" | "not_in_game" | "spectator" | "bad_rules" | "bad_level" | "bad_clock" | "bad_fleet" | "already_placed" | "not_started" | "game_over" | "not_your_turn" | "off_board" | "already_shot" | "repeated_cell" | "wrong_count" | "reveal_due" | "no_reveal_due" | "not_revealable" | "relocate_due" | "no_relocate_due" | "not_a_path" | "not_over" | "already_played" | "no_coach" | "bad_placer" | "internal" | "too_costly" | "busy" | "limit" | "abandoned" | "bad_player" | "moved" | "not_away" | "no_room" | "not_rateable" | "no_chat" | "bad_request" | "bad_name" | "bad_password" | "name_taken" | "wrong_credentials" | "signed_out" | "throttled" | "cross_site" | "unavailable" | "not_online" | "no_challenge" | "has_games" | "not_a_bot" | "bot_not_allowed" | "too_many_games" | "plain_token" | "no_bot_challenges" | "arena_closed" | "no_berserk" | "forbidden_word" | "not_moderator" | "blocked" | "account_closed" | "muted" | "already_reported" | "must_rename";

/**
 * A phrase of the quick chat, as its id on the wire.
 */
export type Phrase = "good_luck" | "nice_shot" | "thanks" | "thumbs_up" | "wow" | "phew" | "fire";

/**
 * One shot and its answer, as everyone sees it.
 */
export type ShotJson = { 
/**
 * The cell.
 */
cell: string, 
/**
 * `miss`, `hit` or `sunk`; in the piece variants also `mine`, `sweeper` or `sub`.
 */
answer: Answer, 
/**
 * The sunk ship's cells, with `sunk`.
 */
ship?: Array<string>, 
/**
 * With `sunk`: the cells around the ship where, by the rules, no ship can be.
 */
halo?: Array<string>, };

/**
 * One shot of the game so far, as the move list shows it: who fired, where, and the
 * answer. Everyone in the game saw it answered, spectators too.
 */
export type LoggedShotJson = { 
/**
 * Who fired (for a dying shot, the sunk submarine's owner).
 */
player: Player, 
/**
 * The cell.
 */
cell: string, 
/**
 * The answer, as in [`ShotJson`].
 */
answer: Answer, 
/**
 * A sunk submarine's dying shot.
 */
dying?: boolean, };

/**
 * What one shooter knows of the enemy board: only answers and sunk ships.
 */
export type TargetJson = { 
/**
 * Cells answered `miss`.
 */
misses: Array<string>, 
/**
 * Cells answered `hit` or `sunk`.
 */
hits: Array<string>, 
/**
 * Each sunk ship's cells.
 */
sunk: Array<Array<string>>, 
/**
 * Cells not shot that the rules prove empty: the halos of sunk ships.
 */
empty: Array<string>, 
/**
 * Sizes of the ships still afloat on this board, largest first.
 */
afloat: Array<number>, 
/**
 * Mines found by shots (spent).
 */
mines: Array<string>, 
/**
 * Minesweepers found by shots.
 */
sweepers: Array<string>, 
/**
 * Submarines found (and sunk) by shots.
 */
subs: Array<string>, 
/**
 * Hits on a flying ship that has moved away since: no ship is there now.
 */
left: Array<string>, 
/**
 * Ship cells this board's owner showed the shooter after a mine, not hit when
 * shown. Only the two players get them; a spectator's lists are empty.
 */
shown_ships: Array<string>, 
/**
 * Mines this board's owner showed the shooter after a minesweeper. Players only.
 */
shown_mines: Array<string>, };

/**
 * A reveal owed: who must show what before anyone shoots.
 */
export type DutyJson = { 
/**
 * Who owes it.
 */
player: Player, 
/**
 * `ship_cell` (after a mine), `mine` (after a minesweeper) or `relocate` (after a
 * hit on a flying ship).
 */
kind: DutyKind, };

/**
 * The reveal the connection's player owes first, with the cells they may show.
 */
export type RevealJson = { 
/**
 * `ship_cell` or `mine`.
 */
kind: DutyKind, 
/**
 * The cells allowed, canonical.
 */
cells: Array<string>, };

/**
 * The move of a hit flying ship the connection's player owes.
 */
export type RelocateJson = { 
/**
 * The decks the ship has left: the cells the move takes.
 */
decks: number, 
/**
 * The decks hit where the ship stands, which stay behind, lost.
 */
lost: Array<string>, };

/**
 * The player's own board.
 */
export type OwnJson = { 
/**
 * Ships as `a1-d1`, once placed; under flying rules, where the ship stands now.
 */
fleet: Array<string> | null, 
/**
 * Cells the opponent has shot.
 */
incoming: Array<string>, 
/**
 * Decks hit and left behind when the ship moved (flying rules): hits, though no
 * ship is there any more.
 */
lost: Array<string>, };

/**
 * The account that holds a seat, as everyone in the game sees it: «Анна 1712», or
 * «Анна 1500?» while the rating is provisional.
 */
export type SeatAccountJson = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Its rating under the game's preset, rounded; absent under custom rules.
 */
rating?: number, 
/**
 * Whether that rating is still provisional (shown with «?»).
 */
provisional?: boolean, 
/**
 * Whether the account is a BOT (shown «BOT» beside its name everywhere).
 */
bot?: boolean, };

/**
 * Whether a player is connected.
 */
export type PresenceJson = { 
/**
 * Connected now (the computer always is).
 */
present: boolean, 
/**
 * Seconds since the player left, when away.
 */
away_secs: number | null, };

/**
 * The audit of a finished game.
 */
export type AuditJson = { 
/**
 * The verdict, as the rules engine words it (English).
 */
verdict: string, 
/**
 * The same verdict in Russian.
 */
verdict_ru: string, 
/**
 * Each player's faults (none in a game the server refereed).
 */
faults: [Array<string>, Array<string>], };

/**
 * How the game ended.
 */
export type ResultJson = { 
/**
 * The winner.
 */
winner: Player, 
/**
 * `fleet_sunk`, `resigned` or `timeout`.
 */
reason: EndReason, 
/**
 * Both fleets, revealed.
 */
fleets: [Array<string>, Array<string>], 
/**
 * Under flying rules, both fleets where they stood at the end (the moves are in
 * the record; `fleets`, as placed, is what the commitments cover).
 */
fleets_at_end?: [Array<string>, Array<string>], 
/**
 * The salts of the commitments, revealed.
 */
salts: [string, string], 
/**
 * The commitments published at the start.
 */
commitments: [string, string], 
/**
 * The post-game inspection.
 */
audit: AuditJson, 
/**
 * Where to download the record (`.json`; `.txt` for the text notation).
 */
record: string, 
/**
 * In a rated game, each seat's rating before and after it (absent in other
 * games, and in a rated game whose rating could not be stored).
 */
ratings?: [RatingJson, RatingJson], 
/**
 * The game ended before each player had fired at least once (a resignation, a
 * player gone, a clock run out): it is not rated, and players' figures leave it
 * out.
 */
aborted?: boolean, };

/**
 * How the two people of a game between people (not the queue's) met: a stranger from
 * the lobby or a challenge is an opponent, whoever came by the link a friend.
 */
export type Met = "link" | "lobby" | "challenge";

/**
 * Why a game whose players asked for a rated one is casual.
 */
export type Casual = "pair_limit" | "mixed";

/**
 * A seat's rating change in a rated game: shown as «1500 → 1662 (+162)», with «?»
 * after a provisional rating (docs/protocol.md, "Ratings").
 */
export type RatingJson = { 
/**
 * The rating before the game, rounded.
 */
before: number, 
/**
 * The rating after it, rounded.
 */
after: number, 
/**
 * Whether the rating before was provisional (its deviation above 110).
 */
provisional_before: boolean, 
/**
 * Whether the rating after is provisional.
 */
provisional_after: boolean, };

/**
 * The rules in full, so a client need not read the rules text.
 */
export type RulesJson = { 
/**
 * Columns.
 */
width: number, 
/**
 * Rows.
 */
height: number, 
/**
 * Ship sizes, largest first, one entry per ship.
 */
fleet: Array<number>, 
/**
 * `none`, `corners` or `allowed`.
 */
touching: Touching, 
/**
 * `straight` or `any`.
 */
shape: ShipShape, 
/**
 * Whether a hit shoots again.
 */
hit_again: boolean, 
/**
 * Shots per volley: a number, or `afloat` (one per own ship afloat).
 */
shots: string, 
/**
 * Mines per side (seed 004's variants; 0 in other games).
 */
mines: number, 
/**
 * Minesweepers per side.
 */
sweepers: number, 
/**
 * Submarines per side.
 */
subs: number, 
/**
 * Whether mines and minesweepers may touch ships and each other.
 */
pieces_touch: boolean, 
/**
 * Whether a hit ship moves (the Flying Dutchman).
 */
flying: boolean, };

/**
 * The whole game as this connection may see it.
 */
export type StateJson = { 
/**
 * The game id.
 */
game: string, 
/**
 * Player or spectator.
 */
role: Role, 
/**
 * The seat, for a player.
 */
seat: Player | null, 
/**
 * The rules text.
 */
rules: string, 
/**
 * The same rules in full.
 */
spec: RulesJson, 
/**
 * `computer:LEVEL`, `friend` or `random`.
 */
mode: string, 
/**
 * Seconds per move, if the clock is on.
 */
clock: number | null, 
/**
 * `placement`, `battle` or `over`.
 */
phase: Phase, 
/**
 * Who has placed a fleet.
 */
placed: [boolean, boolean], 
/**
 * Who shoots next.
 */
to_move: Player | null, 
/**
 * Shots in the next volley.
 */
shots_due: number, 
/**
 * Reveals and moves owed, oldest first: while any is, nobody shoots.
 */
duties: Array<DutyJson>, 
/**
 * For a player who owes a reveal: its kind and the cells they may show.
 */
reveal: RevealJson | null, 
/**
 * For a player who owes a move of their hit flying ship: the decks it takes.
 */
relocate: RelocateJson | null, 
/**
 * The player's own board (players only).
 */
own: OwnJson | null, 
/**
 * What player 1 knows of player 2's board, and player 2 of player 1's.
 */
boards: [TargetJson, TargetJson], 
/**
 * The fleet commitments, once the battle started.
 */
commitments: [string, string] | null, 
/**
 * Whether each player is connected.
 */
presence: [PresenceJson, PresenceJson], 
/**
 * The names the players gave, if any: shown to everyone in the game.
 */
names: [string | null, string | null], 
/**
 * The account behind each seat, if a signed-in player holds it: its name (for
 * `/u/NAME`) and, under a preset, its rating there. A seat without one is a
 * guest's.
 */
accounts: [SeatAccountJson | null, SeatAccountJson | null], 
/**
 * Clock timeouts in a row per player.
 */
strikes: [number, number], 
/**
 * Whole seconds left on the running clock of the player to act (the one owing a
 * reveal, else the player to move), if one runs.
 */
clock_left: number | null, 
/**
 * Moves played.
 */
moves: number, 
/**
 * Every shot so far, oldest first: the move list, whole for whoever comes in the
 * middle of a game (a spectator, a player on another device).
 */
log?: Array<LoggedShotJson>, 
/**
 * The result, once over.
 */
result: ResultJson | null, 
/**
 * The rematch's game id, once made.
 */
next_game: string | null, 
/**
 * Whether the game counts for ratings.
 */
rated?: boolean, 
/**
 * Why a game whose players asked for a rated one is casual.
 */
casual?: Casual, 
/**
 * In a `friend` game, how the two met (absent in other games).
 */
met?: Met, 
/**
 * In a game between people without a clock, the seconds an opponent must have
 * been away before the player who stayed may claim the win (`claim_win`); absent
 * where no win can be claimed (computer and hot-seat games, clocked games,
 * spectators).
 */
claim_after?: number, 
/**
 * An arena's game in placement: the seconds left to place a fleet; a seat that
 * has not by then loses by no-show (`no_show`).
 */
placement_left?: number, 
/**
 * An arena's game: the arena's id (its page is `/arena/{id}`, its figures
 * `/arena/{id}/json`), so the game's page keeps the arena in view.
 */
arena?: string, };

/**
 * A computer level and the account it plays rated games under.
 */
export type LevelAccountJson = { 
/**
 * The level (`easy`, `medium`, `hard`, `expert`).
 */
level: string, 
/**
 * Its account's name.
 */
name: string, };

/**
 * What the computer learned about a player under one rules text.
 */
export type LearnedJson = { 
/**
 * The rules text.
 */
rules: string, 
/**
 * Board width; `heat` is row by row.
 */
width: number, 
/**
 * Board height.
 */
height: number, 
/**
 * The fleets placed in games that ended, oldest first, each as in `place`.
 */
fleets: Array<Array<string>>, 
/**
 * For each cell, the share of those fleets with a ship there, 0 to 1.
 */
heat: Array<number>, 
/**
 * The placement habit those fleets show most clearly; absent when none does.
 */
habit?: LearnedHabit, };

/**
 * A placement habit the computer found in a player's past fleets (`learned`): its
 * stable name, the same as the bots crate's `Habit::name` (`docs/levels.md`); a page
 * says it in the reader's language.
 */
export type LearnedHabit = "half-left" | "half-right" | "half-top" | "half-bottom" | "corner-top-left" | "corner-top-right" | "corner-bottom-left" | "corner-bottom-right" | "horizontal" | "apart" | "singles-in-corners" | "hug-light" | "hug-strong";

/**
 * One rule a fleet breaks.
 */
export type ViolationJson = { 
/**
 * `bounds`, `overlap`, `touching`, `shape`, `size` or `fleet`.
 */
kind: ViolationKind, 
/**
 * The cells to highlight, canonical.
 */
cells: Array<string>, 
/**
 * What is wrong, in the language and coordinate system asked for.
 */
message: string, 
/**
 * For a piece's violation: `mine`, `sweeper` or `sub`.
 */
piece?: PieceKind, };

/**
 * Who is here: what the home page shows, sent to a socket that asked with `lobby` at
 * once and then whenever it changes, at most once every two seconds.
 */
export type LobbyJson = { 
/**
 * Open sockets: players (and spectators) on the site now.
 */
online: number, 
/**
 * Games being played now (both seats taken, not over).
 */
playing: number, 
/**
 * The open games waiting for an opponent, oldest first.
 */
open: Array<OpenGameJson>, };

/**
 * A game in the lobby: its creator waits for anyone to `join` it. The lobby and the
 * random queue are one pool: a player who pressed «Найти соперника» is listed too
 * (`seeking`), and `join` pairs with them.
 */
export type OpenGameJson = { 
/**
 * What to `join` by: the game id, or for a seeker its place in the queue
 * (`q-…`, never a game id).
 */
game: string, 
/**
 * The rules text.
 */
rules: string, 
/**
 * Seconds per move, absent for no clock.
 */
clock?: number, 
/**
 * Rated when the one who joins is signed in (another account); casual otherwise.
 */
rated?: boolean, 
/**
 * The name the waiting player gave, for a guest.
 */
name?: string, 
/**
 * The waiting player's account, name and rating, if signed in.
 */
account?: SeatAccountJson, 
/**
 * A player waiting in the random queue rather than a game opened in the lobby:
 * the game is made when someone joins (it has no clock).
 */
seeking?: boolean, };

/**
 * A challenge by name, as both players see it.
 */
export type ChallengeJson = { 
/**
 * Its id, to accept, decline or cancel it by.
 */
id: string, 
/**
 * Who challenges.
 */
from: SeatAccountJson, 
/**
 * Who is challenged.
 */
to: SeatAccountJson, 
/**
 * The rules text.
 */
rules: string, 
/**
 * Seconds per move, absent for no clock.
 */
clock?: number, 
/**
 * Whether the game will be rated.
 */
rated?: boolean, 
/**
 * Seconds left before it expires unanswered.
 */
expires_secs: number, };

/**
 * How a challenge ended without a game, or with one.
 */
export type ChallengeEnd = "accepted" | "declined" | "cancelled" | "expired";

/**
 * The challenged player's answer.
 */
export type ChallengeAnswer = "accept" | "decline";

/**
 * A message from a client.
 */
export type ClientMsg = { "type": "hello", 
/**
 * The version the client speaks.
 */
v: number, } | { "type": "new_game", 
/**
 * Computer or friend.
 */
opponent: Opponent, 
/**
 * The computer's level (`easy`…); default `medium`.
 */
level?: string, 
/**
 * Rules text (a preset or custom); default `classic`.
 */
rules?: string, 
/**
 * Seconds per move; absent or 0 for no clock.
 */
clock?: number, 
/**
 * The name the other players see (see [`player_name`](crate::player_name)); optional.
 */
name?: string, 
/**
 * The player's long-lived secret key (see [`player_key`](crate::player_key)),
 * under which the computer learns the fleets they place; optional.
 */
player?: string, 
/**
 * The language the creator plays in: a friend's game link previews in it
 * (a link unfurled by a messenger's robot carries no language of its own);
 * optional.
 */
lang?: Lang, 
/**
 * `true` for a rated game against one of the computer's levels (a signed-in
 * player, under a preset): the level plays under its BOT account. Absent or
 * `false` for casual.
 */
rated?: boolean, } | { "type": "join", 
/**
 * The game's code.
 */
game: string, 
/**
 * The name the other players see (see [`player_name`](crate::player_name)); optional.
 */
name?: string, } | { "type": "resume", 
/**
 * The game id.
 */
game: string, 
/**
 * The player's secret token; absent to resume as the signed-in account.
 */
token?: string, } | { "type": "watch", 
/**
 * The game id.
 */
game: string, } | { "type": "queue", 
/**
 * Rules text; default `classic`.
 */
rules?: string, 
/**
 * `false` asks for a casual game; `true` or absent, a signed-in player under a
 * preset plays rated when the opponent can too.
 */
rated?: boolean, } | { "type": "place", 
/**
 * The game id.
 */
game: string, 
/**
 * Ships as `a1-d1`, `f3`, `a1+a2+b2`.
 */
fleet?: Array<string>, } | { "type": "fire", 
/**
 * The game id.
 */
game: string, 
/**
 * The cells, canonical `a1`…
 */
cells: Array<string>, } | { "type": "reveal", 
/**
 * The game id.
 */
game: string, 
/**
 * The cell shown, canonical `a1`…
 */
cell: string, } | { "type": "relocate", 
/**
 * The game id.
 */
game: string, 
/**
 * The new cells, canonical `a1`…, as many as the decks left.
 */
cells?: Array<string>, } | { "type": "resign", 
/**
 * The game id.
 */
game: string, } | { "type": "claim_win", 
/**
 * The game id.
 */
game: string, } | { "type": "name", 
/**
 * The game id.
 */
game: string, 
/**
 * The name (see [`player_name`](crate::player_name)); empty for none.
 */
name: string, } | { "type": "rate", 
/**
 * The game id.
 */
game: string, } | { "type": "rematch", 
/**
 * The game id.
 */
game: string, } | { "type": "sync", 
/**
 * The game id.
 */
game: string, } | { "type": "coach", 
/**
 * The game id.
 */
game: string, } | { "type": "layout", 
/**
 * The game id.
 */
game: string, 
/**
 * `uniform` (default) or `perelman`, or any placer of the bots crate.
 */
placer?: string, } | { "type": "check", 
/**
 * The game id.
 */
game: string, 
/**
 * The ships and pieces, as in `place`.
 */
fleet: Array<string>, 
/**
 * `ru` or `en` (default) for the messages.
 */
lang?: string, 
/**
 * The coordinate system of the cells in the messages (default `latin`).
 */
coords?: string, } | { "type": "turn", 
/**
 * The game id.
 */
game: string, 
/**
 * The ships and pieces on the board, as in `place`.
 */
fleet: Array<string>, 
/**
 * The index in `fleet` of the ship to turn.
 */
ship: number, } | { "type": "learned", 
/**
 * The player's key (see [`player_key`](crate::player_key)).
 */
player: string, 
/**
 * Only the fleets placed under these rules (the game's rules text); all rules
 * when absent.
 */
rules?: string, } | { "type": "forget", 
/**
 * The player's key (see [`player_key`](crate::player_key)).
 */
player: string, } | { "type": "ping" } | { "type": "chat", 
/**
 * The game id.
 */
game: string, 
/**
 * The phrase's id.
 */
phrase: Phrase, } | { "type": "lobby" } | { "type": "seek", 
/**
 * Rules text; default `classic`.
 */
rules?: string, 
/**
 * Seconds per move; absent or 0 for no clock.
 */
clock?: number, 
/**
 * `true` for a game rated when a signed-in player joins it (the creator must be
 * signed in, under a preset); absent or `false` for casual.
 */
rated?: boolean, 
/**
 * The name the other players see, for a guest; optional.
 */
name?: string, } | { "type": "challenge", 
/**
 * The account's name.
 */
to: string, 
/**
 * Rules text; default `classic`.
 */
rules?: string, 
/**
 * Seconds per move; absent or 0 for no clock.
 */
clock?: number, 
/**
 * `true` (under a preset) for a rated game, absent or `false` for casual.
 */
rated?: boolean, } | { "type": "answer_challenge", 
/**
 * The challenge's id.
 */
id: string, 
/**
 * Accept or decline.
 */
answer: ChallengeAnswer, } | { "type": "cancel_challenge", 
/**
 * The challenge's id.
 */
id: string, } | { "type": "auth", 
/**
 * The API token.
 */
token: string, };

/**
 * A message from the server.
 */
export type ServerMsg = { "type": "welcome", 
/**
 * Protocol version.
 */
v: number, 
/**
 * Largest message accepted, in bytes.
 */
max_message_bytes: number, 
/**
 * Sustained messages per second accepted.
 */
messages_per_second: number, 
/**
 * Bot programs the operator registered (`seabattle serve --bot NAME=CMD`):
 * names a `new_game` against the computer may give as its `level`.
 */
bots: Array<string>, 
/**
 * The rules presets a game may be started with (all of them, mines,
 * minesweepers and submarines included).
 */
presets: Array<string>, 
/**
 * The node's name when the server is one node of a cluster: the client then
 * connects to `/ws?game=ID` once it knows its game (docs/protocol.md §13).
 */
node?: string, 
/**
 * The account the socket acts for (its session cookie's name), absent for a
 * guest: its seats are the account's, and a random game it queues for is
 * rated (docs/protocol.md, "Ratings").
 */
account?: string, 
/**
 * The computer's levels on the ladder and the accounts they play under
 * («Компьютер.эксперт»), so a page can name them in its own language.
 */
levels?: Array<LevelAccountJson>, } | { "type": "joined", 
/**
 * The game id (also the code to join by).
 */
game: string, 
/**
 * Player or spectator.
 */
role: Role, 
/**
 * The seat, for a player.
 */
seat: Player | null, 
/**
 * The secret to `resume` with, for a player.
 */
token: string | null, 
/**
 * The path that joins the game.
 */
link: string, } | { "type": "state" } & StateJson | { "type": "placed", 
/**
 * The game id.
 */
game: string, 
/**
 * Who.
 */
player: Player, } | { "type": "battle", 
/**
 * The game id.
 */
game: string, 
/**
 * Who shoots first.
 */
first: Player, 
/**
 * SHA-256 of (canonical fleet text, `:`, salt) for players 1 and 2.
 */
commitments: [string, string], 
/**
 * Shots in the first volley.
 */
shots_due: number, } | { "type": "shot", 
/**
 * The game id.
 */
game: string, 
/**
 * 1-based number of the move in the record.
 */
number: number, 
/**
 * Who fired.
 */
player: Player, 
/**
 * Each shot and its answer.
 */
shots: Array<ShotJson>, 
/**
 * A submarine's dying shot (a move of its own in the record).
 */
dying?: boolean, 
/**
 * Who shoots next, unless the game is over (once the reveals owed are made).
 */
next: Player | null, 
/**
 * Shots in `next`'s volley (0 once the game is over).
 */
shots_due: number, 
/**
 * Reveals owed now, oldest first (absent when none).
 */
duties?: Array<DutyJson>, } | { "type": "reveal_due", 
/**
 * The game id.
 */
game: string, 
/**
 * Who owes it: the player this goes to.
 */
player: Player, 
/**
 * `ship_cell` (after a mine) or `mine` (after a minesweeper).
 */
kind: DutyKind, 
/**
 * The cells they may show, canonical.
 */
cells: Array<string>, } | { "type": "revealed", 
/**
 * The game id.
 */
game: string, 
/**
 * 1-based number of the move in the record.
 */
number: number, 
/**
 * Who showed a cell.
 */
player: Player, 
/**
 * `ship_cell` or `mine`.
 */
kind: DutyKind, 
/**
 * The cell shown (players only).
 */
cell?: string, 
/**
 * Made by the server for a player whose clock ran out.
 */
by_server?: boolean, 
/**
 * Who shoots next, unless the game is over.
 */
next: Player | null, 
/**
 * Shots in `next`'s volley.
 */
shots_due: number, 
/**
 * Reveals still owed, oldest first (absent when none).
 */
duties?: Array<DutyJson>, } | { "type": "relocate_due", 
/**
 * The game id.
 */
game: string, 
/**
 * Who owes it: the player this goes to.
 */
player: Player, 
/**
 * The decks left: the cells the move takes.
 */
decks: number, 
/**
 * The decks hit where the ship stands, which stay behind, lost.
 */
lost: Array<string>, } | { "type": "relocated", 
/**
 * The game id.
 */
game: string, 
/**
 * 1-based number of the move in the record.
 */
number: number, 
/**
 * Whose ship.
 */
player: Player, 
/**
 * The ship's new cells (its owner only).
 */
cells?: Array<string>, 
/**
 * Every deck the ship has lost so far: hits its shooter made, where no ship is
 * now (the rules crate's `TargetBoard::left_behind`).
 */
left: Array<string>, 
/**
 * Decks the ship has left.
 */
decks: number, 
/**
 * Made by the server for a player whose clock ran out.
 */
by_server?: boolean, 
/**
 * Who shoots next, unless the game is over.
 */
next: Player | null, 
/**
 * Shots in `next`'s volley.
 */
shots_due: number, 
/**
 * Duties still owed, oldest first (absent when none).
 */
duties?: Array<DutyJson>, } | { "type": "clock", 
/**
 * The game id.
 */
game: string, 
/**
 * Who must move.
 */
player: Player, 
/**
 * Seconds allowed.
 */
seconds: number, } | { "type": "timeout", 
/**
 * The game id.
 */
game: string, 
/**
 * Whose clock.
 */
player: Player, 
/**
 * Timeouts in a row; two lose the game.
 */
strikes: number, 
/**
 * Who moves now: the opponent after a first timeout; none once the game is lost.
 */
next: Player | null, 
/**
 * Shots in `next`'s volley (0 once the game is over).
 */
shots_due: number, } | { "type": "presence", 
/**
 * The game id.
 */
game: string, 
/**
 * Who.
 */
player: Player, 
/**
 * Connected now.
 */
present: boolean, 
/**
 * The player's name, if they gave one.
 */
name: string | null, 
/**
 * The account behind the seat, as `state`'s `accounts` shows it.
 */
account?: SeatAccountJson, } | { "type": "no_show", 
/**
 * The game id.
 */
game: string, 
/**
 * The seats that placed nothing.
 */
absent: Array<Player>, } | { "type": "game_over", 
/**
 * The game id.
 */
game: string, 
/**
 * Result, revealed fleets and salts, and the audit.
 */
result: ResultJson, } | { "type": "rate", 
/**
 * The game id.
 */
game: string, 
/**
 * Whether each seat asked.
 */
asked: [boolean, boolean], 
/**
 * Whether the game counts for ratings now.
 */
rated: boolean, } | { "type": "rematch_offered", 
/**
 * The game id.
 */
game: string, 
/**
 * Who asked.
 */
player: Player, } | { "type": "rematch", 
/**
 * The finished game.
 */
game: string, 
/**
 * The new game's id.
 */
next: string, } | { "type": "queued", 
/**
 * The rules text.
 */
rules: string, 
/**
 * Whether the game will be rated: the socket is signed in and the rules are a
 * preset (docs/protocol.md, "Ratings").
 */
rated?: boolean, } | { "type": "queue_offer", 
/**
 * The rules text.
 */
rules: string, 
/**
 * Seconds waited.
 */
waited_secs: number, 
/**
 * For a seeker of a rated game: the computer's level nearest in rating, offered
 * as a rated game (`new_game` with `opponent` computer, this `level` and
 * `rated`). Declining keeps the seeker in the queue.
 */
level?: string, 
/**
 * That level's account, as a seat shows it (name, rating, BOT).
 */
bot?: SeatAccountJson, } | { "type": "error", 
/**
 * The kind.
 */
code: ErrorCode, 
/**
 * A short explanation.
 */
message: string, } | { "type": "coach", 
/**
 * The game id.
 */
game: string, 
/**
 * Board width; `weights` is row by row.
 */
width: number, 
/**
 * Board height.
 */
height: number, 
/**
 * One weight per cell, 0 to 1, 1 for the likeliest; 0 for cells shot or ruled out.
 */
weights: Array<number>, 
/**
 * The cells of weight 1.
 */
best: Array<string>, } | { "type": "layout", 
/**
 * The game id.
 */
game: string, 
/**
 * The placer that drew it.
 */
placer: string, 
/**
 * The ships, as in `place`.
 */
fleet: Array<string>, } | { "type": "checked", 
/**
 * The game id.
 */
game: string, 
/**
 * The fleet checked, as sent: a client matches the answer to its layout.
 */
fleet: Array<string>, 
/**
 * The language of the messages.
 */
lang: Lang, 
/**
 * The coordinate system of the cells in the messages.
 */
coords: CoordSystem, 
/**
 * Each violation.
 */
violations: Array<ViolationJson>, } | { "type": "turned", 
/**
 * The game id.
 */
game: string, 
/**
 * The layout, in the order sent, the ship turned.
 */
fleet: Array<string>, 
/**
 * The index of the ship that turned.
 */
ship: number, } | { "type": "pong" } | { "type": "learned", 
/**
 * Each rules text's fleets and heat map.
 */
histories: Array<LearnedJson>, } | { "type": "forgotten", 
/**
 * How many fleets were erased.
 */
fleets: number, } | { "type": "chat", 
/**
 * The game id.
 */
game: string, 
/**
 * Who said it.
 */
player: Player, 
/**
 * The phrase's id.
 */
phrase: Phrase, } | { "type": "lobby" } & LobbyJson | { "type": "challenged" } & ChallengeJson | { "type": "challenge_sent" } & ChallengeJson | { "type": "challenge_ended", 
/**
 * The challenge's id.
 */
id: string, 
/**
 * How it ended.
 */
end: ChallengeEnd, };

/**
 * One move of a game record (`GET /games/ID/record.json`, docs/notation.md's JSON
 * form).
 */
export type RecordMove = { player: Player, 
/**
 * Each shot of the volley: the cell and its answer.
 */
shots?: [string, Answer][], resign?: boolean, pass?: boolean, 
/**
 * A sunk submarine's dying shot.
 */
dying?: [string, Answer], 
/**
 * The cell shown after a mine or a minesweeper.
 */
reveal?: string, 
/**
 * A flying ship's new cells, as a ship.
 */
relocate?: string, };

/**
 * A game record, JSON form (`record.json`).
 */
export type GameRecord = { rules: string, first: Player, fleets: [string[], string[]], moves: Array<RecordMove>, };

/**
 * The replay's frames: the rules in full, and for each number of moves played (from
 * none to all) what each player knew of the enemy waters, as `state`'s boards.
 */
export type Frames = { 
/**
 * The rules in full.
 */
spec: RulesJson, 
/**
 * The two boards after 0, 1, … moves.
 */
frames: Array<[TargetJson, TargetJson]>, 
/**
 * `computer:LEVEL`, `friend`, `random` or `hotseat`.
 */
mode: string, 
/**
 * The winner.
 */
winner?: Player, 
/**
 * How the game ended.
 */
reason?: EndReason, };

/**
 * A refusal, as the client sees it: an `error` message's body, and the body of an
 * HTTP endpoint's refusal.
 */
export type ClientError = { 
/**
 * The kind.
 */
code: ErrorCode, 
/**
 * A short explanation.
 */
message: string, };

/**
 * Where an arena stands at a moment.
 */
export type ArenaState = "upcoming" | "running" | "finished";

/**
 * How often the server's schedule makes an arena (`hourly`, `daily`): the page names
 * it in its own language.
 */
export type Cadence = "hourly" | "daily";

/**
 * An arena as listed, and as `POST /arena/create` answers it.
 */
export type ArenaSummary = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * A preset's id or custom rules' text.
 */
rules: string, 
/**
 * Seconds per move.
 */
clock: number, 
/**
 * How long it runs.
 */
minutes: number, 
/**
 * When it starts, in milliseconds since the epoch.
 */
starts_ms: number, 
/**
 * When it ends (or ended), in milliseconds since the epoch.
 */
ends_ms: number, 
/**
 * Where it stands.
 */
state: ArenaState, 
/**
 * Whether its games are rated.
 */
rated: boolean, 
/**
 * Whether BOTs may join.
 */
bots: boolean, 
/**
 * Rated games a player must have played to join.
 */
min_rated_games: number, 
/**
 * Who made it; none for the server's schedule.
 */
by: string | null, 
/**
 * How often the server's schedule makes it, for one of its arenas.
 */
every: Cadence | null, 
/**
 * How many players have joined it (the start screen says it of a running arena).
 */
players: number, };

/**
 * What `GET /arenas.json` answers.
 */
export type ArenaListJson = { 
/**
 * The server's clock, in milliseconds since the epoch.
 */
now_ms: number, 
/**
 * Running and coming, soonest first.
 */
open: Array<ArenaSummary>, 
/**
 * Ended in the last day, latest first.
 */
ended: Array<ArenaSummary>, };

/**
 * One game's points as the standings show them.
 */
export type PointJson = { 
/**
 * The points.
 */
points: number, 
/**
 * Doubled by a streak.
 */
fire: boolean, 
/**
 * With the berserk bonus.
 */
berserk: boolean, 
/**
 * Lost without a shot.
 */
no_show: boolean, };

/**
 * A player's row of the standings, as the page shows it.
 */
export type RowJson = { 
/**
 * Its place, from 1.
 */
rank: number, 
/**
 * The account's name.
 */
name: string, 
/**
 * Whether it is a BOT.
 */
bot: boolean, 
/**
 * Its rating under the arena's preset, rounded (1500 before its first rated game).
 */
rating: number, 
/**
 * Whether that rating is still provisional (shown with «?»).
 */
provisional?: boolean, 
/**
 * Its points.
 */
score: number, 
/**
 * On a streak ("on fire"): its next win counts double.
 */
fire: boolean, 
/**
 * Each game's points, in order.
 */
points: Array<PointJson>, 
/**
 * Paused by its own choice (or withdrawn).
 */
paused: boolean, };

/**
 * An arena's game being played, for spectators.
 */
export type PlayingJson = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The two players' names, by seat.
 */
players: [string, string], };

/**
 * The viewer's place in the arena.
 */
export type MeJson = { 
/**
 * The viewer's account name.
 */
name: string, 
/**
 * Whether they joined.
 */
joined: boolean, 
/**
 * Whether they paused.
 */
paused: boolean, 
/**
 * Withdrawn by the arena after two no-shows in a row (back by joining again).
 */
withdrawn: boolean, 
/**
 * Their place, once joined.
 */
rank: number | null, 
/**
 * Their points.
 */
score: number, 
/**
 * Their game being played, if any.
 */
game: string | null, 
/**
 * Whether they went berserk in it.
 */
berserk: boolean, 
/**
 * Whether they may join (signed in, admitted, the arena not over), and if not why.
 */
refused: string | null, 
/**
 * The next pairing, as far as anyone can tell: how many other players are free to
 * be paired now (in the arena, not paused, withdrawn or playing).
 */
free: number, 
/**
 * How long two must have waited before a wave pairs them (seconds).
 */
wave_secs: number, 
/**
 * When the only opponent free now is the one just played: how long both must
 * wait before the arena pairs them again (it prefers anyone else until then).
 */
rematch_secs: number | null, };

/**
 * What `GET /arena/{id}/json` answers.
 */
export type ArenaJson = { 
/**
 * The server's clock, in milliseconds since the epoch.
 */
now_ms: number, 
/**
 * The arena.
 */
arena: ArenaSummary, 
/**
 * Its standings, best first.
 */
standings: Array<RowJson>, 
/**
 * The first three, once the arena is over.
 */
podium: Array<RowJson> | null, 
/**
 * Its games being played.
 */
playing: Array<PlayingJson>, 
/**
 * The viewer's place, when signed in.
 */
me: MeJson | null, };

/**
 * What `POST /arena/create` takes.
 */
export type CreateArena = { 
/**
 * Its name; the creator's («NAME: arena») if empty.
 */
name: string, 
/**
 * A preset's id or custom rules' text.
 */
rules: string, 
/**
 * Seconds per move.
 */
clock: number, 
/**
 * How long it runs, in minutes.
 */
minutes: number, 
/**
 * Minutes from now until it starts (0: at once).
 */
starts_in: number, 
/**
 * Whether its games are rated.
 */
rated: boolean, 
/**
 * Whether BOTs may join.
 */
bots: boolean, 
/**
 * Rated games a player must have played to join.
 */
min_rated_games: number, };

/**
 * What `POST /arena/{id}/berserk` takes.
 */
export type Berserk = { 
/**
 * The game.
 */
game: string, };

/**
 * What `POST /arena/{id}/berserk` answers.
 */
export type BerserkJson = { 
/**
 * The seconds per move the player has now.
 */
clock: number, };

/**
 * What sign-up, sign-in, deletion and `POST /account/bot` send.
 */
export type Credentials = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Its password.
 */
password: string, 
/**
 * What the guest had on this browser, to keep (sign-up and sign-in only).
 */
guest?: Guest, };

/**
 * What a guest had on this browser, for the account that signs in to keep: what the
 * computer learned under their player key, and the finished games whose seat tokens
 * the browser kept.
 */
export type Guest = { 
/**
 * The browser's player key.
 */
player?: string, 
/**
 * Finished games and their seats' tokens.
 */
games?: Array<GuestGame>, };

/**
 * A game the guest played, with its seat's token.
 */
export type GuestGame = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The seat's token.
 */
token: string, };

/**
 * What sign-up and sign-in answer: the account's name (the session is the cookie).
 */
export type Named = { 
/**
 * The account's name, as stored.
 */
name: string, };

/**
 * What `GET /account/me` answers.
 */
export type Me = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Whether it is a BOT.
 */
bot?: boolean, 
/**
 * Whether it takes challenges from BOTs.
 */
bot_challenges: boolean, 
/**
 * Whether it holds the moderator role (the page then links to `/mod`).
 */
moderator?: boolean, 
/**
 * What moderation tells the player at this visit: a warning (once), a name to
 * change.
 */
notices?: Array<ModNotice>, };

/**
 * What `POST /account/bot` answers.
 */
export type Made = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Whether it is a BOT now (always).
 */
bot: boolean, };

/**
 * `POST /account/tokens` `{"name"}`: a new API token's name.
 */
export type NewToken = { 
/**
 * The name its owner gives it.
 */
name: string, };

/**
 * `POST /account/bot-challenges` `{"allow"}`.
 */
export type BotChallenges = { 
/**
 * Whether the account takes challenges from BOTs.
 */
allow: boolean, };

/**
 * `POST /account/tokens/revoke` `{"id"}`.
 */
export type Revoke = { 
/**
 * The token's id ([`TokenInfo::id`]).
 */
id: number, };

/**
 * An API token as its owner sees it listed (`GET /account/tokens`): never the token
 * itself.
 */
export type TokenInfo = { 
/**
 * Its id, to revoke it by.
 */
id: number, 
/**
 * The name its owner gave it.
 */
name: string, 
/**
 * When it was made (seconds since the epoch).
 */
created_at: number, 
/**
 * When it was revoked, if it was.
 */
revoked_at?: number, };

/**
 * A token made (`POST /account/tokens`): shown this once.
 */
export type MadeToken = { 
/**
 * The token itself.
 */
token: string, 
/**
 * Its id, to revoke it by.
 */
id: number, 
/**
 * The name its owner gave it.
 */
name: string, 
/**
 * When it was made (seconds since the epoch).
 */
created_at: number, 
/**
 * When it was revoked, if it was.
 */
revoked_at?: number, };

/**
 * `POST /account/rename` `{"name"}`: the new name of an account a moderator asked to
 * choose one.
 */
export type NewName = { 
/**
 * The name.
 */
name: string, };

/**
 * Why a player is reported.
 */
export type ReportReason = "cheating" | "name" | "abuse" | "stalling" | "other";

/**
 * What a moderator (or the operator) did; each is written to the moderation log.
 */
export type ModAction = "warn" | "mute" | "mark_engine" | "unmark_engine" | "force_rename" | "close" | "reopen" | "close_arena" | "disable_bot" | "grant_mod" | "revoke_mod";

/**
 * `POST /account/reports`: a report of a player.
 */
export type NewReport = { 
/**
 * The reported player's name.
 */
player: string, 
/**
 * Why.
 */
reason: ReportReason, 
/**
 * A few words (at most 500 characters; may be empty).
 */
words: string, 
/**
 * The game it is about, if any.
 */
game?: string, };

/**
 * `GET /account/blocks`: the players the account blocks, by name.
 */
export type BlockList = { 
/**
 * Their names, in the order they were blocked.
 */
blocked: Array<string>, };

/**
 * `POST /mod/act`: a moderator's action on a player or an arena.
 */
export type ModRequest = { 
/**
 * What to do.
 */
action: ModAction, 
/**
 * The player's name (every action but `close_arena`).
 */
player?: string, 
/**
 * The arena's id (`close_arena` only).
 */
arena?: string, 
/**
 * Why: a few words, written to the log (required).
 */
reason: string, 
/**
 * How long a mute lasts, in minutes (`mute` only).
 */
minutes?: number, 
/**
 * The arena's new name (`close_arena`, optional).
 */
name?: string, 
/**
 * Whether the player's open reports are resolved by this action.
 */
resolve: boolean, };

/**
 * One line of the moderation log, as `GET /mod/log` and the answer to an action give
 * it.
 */
export type ModLogEntry = { 
/**
 * Its number, counting up.
 */
id: number, 
/**
 * When (seconds since the epoch).
 */
at: number, 
/**
 * Who acted: a moderator's name, or `None` for the operator (`seabattle admin`).
 */
moderator?: string, 
/**
 * What was done.
 */
action: ModAction, 
/**
 * Whom: the player's name at the time, or the arena's id.
 */
target: string, 
/**
 * Why.
 */
reason: string, 
/**
 * What else the action carried: a mute's minutes, an arena's new name.
 */
detail?: string, 
/**
 * How many open reports it resolved.
 */
resolved: number, };

/**
 * A report as the moderators' list shows it: never shown to the reported player.
 */
export type ReportLine = { 
/**
 * Its id.
 */
id: number, 
/**
 * Who reported.
 */
reporter: string, 
/**
 * Why.
 */
reason: ReportReason, 
/**
 * Their words.
 */
words: string, 
/**
 * The game it is about, if any.
 */
game?: string, 
/**
 * When (seconds since the epoch).
 */
at: number, 
/**
 * How much it counts: 1 from an established account, less from a new one.
 */
weight: number, 
/**
 * The reported player's accuracy in that game as its analysis judged it (percent),
 * where the game has been analysed.
 */
analysed_accuracy?: number, 
/**
 * The quick chat said in that game, in the order it was said.
 */
chat: Array<ChatLine>, };

/**
 * A quick-chat phrase said in a reported game, as the moderators' list shows it.
 */
export type ChatLine = { 
/**
 * The seat that said it.
 */
seat: Player, 
/**
 * Its account's name (now), or `None` for a guest.
 */
by?: string, 
/**
 * What was said.
 */
phrase: Phrase, 
/**
 * When (seconds since the epoch).
 */
at: number, };

/**
 * A reported player's figures, as their profile counts them.
 */
export type PlayerFigures = { 
/**
 * Finished games.
 */
games: number, 
/**
 * Games won.
 */
wins: number, 
/**
 * Mean cells fired in the games won by sinking the whole fleet.
 */
mean_shots_to_win?: number, 
/**
 * Hits over cells fired, all games (0 to 1).
 */
accuracy?: number, };

/**
 * A reported player's open reports (`GET /mod/reports`), the heaviest first.
 */
export type ReportedPlayer = { 
/**
 * The player's name.
 */
player: string, 
/**
 * The reports' weights added up.
 */
weight: number, 
/**
 * Whether the player is marked as an engine.
 */
engine: boolean, 
/**
 * Whether their account is closed.
 */
closed: boolean, 
/**
 * Their figures, from their newest finished games.
 */
figures: PlayerFigures, 
/**
 * The open reports, newest first.
 */
reports: Array<ReportLine>, };

/**
 * What a player is told at their visit (`GET /account/me`'s `notice`): a warning once,
 * a name they must change.
 */
export type ModNotice = { "kind": "warned", 
/**
 * Why.
 */
reason: string, } | { "kind": "must_rename" };

/**
 * Who sat in the other seat, as the list shows it.
 */
export type SeatedOpponent = { "kind": "computer" } | { "kind": "guest" } | { "kind": "account", 
/**
 * Its name.
 */
name: string, } | { "kind": "deleted" };

/**
 * A game of the list.
 */
export type AccountGameJson = { 
/**
 * The game's id.
 */
game: string, 
/**
 * A preset's id or custom rules' text.
 */
rules: string, 
/**
 * `computer:LEVEL`, `friend`, `random`, `arena:ID`, ….
 */
mode: string, 
/**
 * The account's seat.
 */
seat: Player, 
/**
 * Who sat in the other.
 */
opponent: SeatedOpponent, 
/**
 * Whether it is rated.
 */
rated: boolean, 
/**
 * Ended before each player had fired: not rated, not counted.
 */
aborted?: boolean, 
/**
 * How it ended, once over.
 */
result: string | null, 
/**
 * When it was made (seconds since the epoch).
 */
created_at: number, 
/**
 * When it ended.
 */
finished_at: number | null, 
/**
 * Its page's path.
 */
link: string, };

/**
 * What `GET /account/games` answers.
 */
export type MyGames = { 
/**
 * The unfinished games, from any device (resumed with `resume` without a token).
 */
unfinished: Array<AccountGameJson>, 
/**
 * The latest finished ones.
 */
finished: Array<AccountGameJson>, 
/**
 * The account's public profile's path.
 */
profile: string, };

/**
 * A day, as a player sees it.
 */
export type DayJson = { 
/**
 * The day (`YYYY-MM-DD`).
 */
date: string, 
/**
 * Today, by the server's clock.
 */
today: string, 
/**
 * The rules: always `classic`.
 */
rules: string, 
/**
 * The SHA-256 commitment, public from the start of the day.
 */
commitment: string, 
/**
 * The account playing, or none for a guest.
 */
player: string | null, 
/**
 * The player's attempt, if they started one.
 */
attempt: AttemptJson | null, 
/**
 * Everyone's results: once the player's attempt is over, or the day is.
 */
results: ResultsJson | null, 
/**
 * The fleet and salt: once the day is over.
 */
reveal: DayRevealJson | null, };

/**
 * A player's attempt: their shots and what they found.
 */
export type AttemptJson = { 
/**
 * Every shot in order, answered; a sunk ship's cells with the shot that sank it.
 */
shots: Array<Fired>, 
/**
 * The sizes of the ships still afloat, largest first.
 */
afloat: Array<number>, 
/**
 * Whether every ship has sunk.
 */
over: boolean, 
/**
 * The shots it took, once over.
 */
score: number | null, };

/**
 * One shot of an attempt as its player sees it.
 */
export type Fired = { 
/**
 * The cell shot (`e5`).
 */
cell: string, 
/**
 * `miss`, `hit` or `sunk`.
 */
answer: Answer, 
/**
 * The ship this shot sank, every cell of it (for `sunk` only).
 */
ship?: Array<string>, 
/**
 * The cells around the ship sunk, where by the rules no ship can be.
 */
halo?: Array<string>, };

/**
 * The day's results.
 */
export type ResultsJson = { 
/**
 * Everyone who finished (guests too), by score.
 */
histogram: Array<Bar>, 
/**
 * How many finished.
 */
finished: number, 
/**
 * The expert computer's shots on the same fleet.
 */
expert: number, 
/**
 * The best accounts of the day (people; BOTs play but are not ranked).
 */
ranked: Array<RankedJson>, 
/**
 * Accounts ranked in all.
 */
ranked_count: number, 
/**
 * The player's place among them, for a person's account that finished.
 */
rank: number | null, 
/**
 * The player's streak and best.
 */
record: DailyRecord | null, 
/**
 * The result to share, for a player who finished.
 */
share: ShareJson | null, };

/**
 * One bar of the histogram: the players who took `from` to `to` shots, both counted.
 */
export type Bar = { 
/**
 * The fewest shots in the bar.
 */
from: number, 
/**
 * The most.
 */
to: number, 
/**
 * Players whose score is in it.
 */
count: number, };

/**
 * A ranked account of the day.
 */
export type RankedJson = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Its score.
 */
score: number, };

/**
 * A player's own record: streak and best score over every day they played.
 */
export type DailyRecord = { 
/**
 * Days in a row, the longest run, days in all.
 */
streak: Streak, 
/**
 * The fewest shots they ever took.
 */
best: number | null, };

/**
 * How a player's days went.
 */
export type Streak = { 
/**
 * Days in a row up to today, or up to yesterday while today is not played yet (a
 * streak lasts until a day is missed).
 */
current: number, 
/**
 * The longest run of days in a row.
 */
longest: number, 
/**
 * Days played in all.
 */
days: number, };

/**
 * The result to share, in both languages.
 */
export type ShareJson = { 
/**
 * In Russian.
 */
ru: string, 
/**
 * In English.
 */
en: string, };

/**
 * A day revealed, once it is over.
 */
export type DayRevealJson = { 
/**
 * The fleet, ship by ship, in canonical order.
 */
fleet: Array<string>, 
/**
 * The salt.
 */
salt: string, 
/**
 * The text whose SHA-256 is the commitment (docs/arena.md).
 */
committed: string, 
/**
 * The expert's shots, in order.
 */
expert_shots: Array<string>, 
/**
 * The seed of the expert's generator.
 */
expert_seed: number, };

/**
 * The analysis of one finished game.
 */
export type AnalysisJson = { 
/**
 * How it was computed: a stored analysis of another version is made again.
 */
version: number, 
/**
 * The rules, as text.
 */
rules: string, 
/**
 * Players 1 and 2, summed up.
 */
sides: [SideSummaryJson, SideSummaryJson], 
/**
 * Every shot of both sides, in the order fired.
 */
shots: Array<JudgedShotJson>, 
/**
 * How hard each player's fleet was to find (players 1 and 2); absent where it was
 * not measured.
 */
fleets?: [FleetHardnessJson, FleetHardnessJson], };

/**
 * One shot, judged from its shooter's own information only, under the uniform prior
 * over legal fleets.
 */
export type JudgedShotJson = { 
/**
 * The number of the move (the volley) it was fired in, counting the record's moves
 * from 1: where a replay shows it.
 */
move_number: number, 
/**
 * Who fired.
 */
player: Player, 
/**
 * The cell, in Latin letters (`e5`).
 */
cell: string, 
/**
 * The probability that the cell held an unhit ship cell.
 */
p: number, 
/**
 * The highest such probability among the cells not yet shot.
 */
best: number, 
/**
 * The cells with that probability.
 */
best_cells: Array<string>, 
/**
 * `p / best`.
 */
quality: number, 
/**
 * What the shot was.
 */
verdict: ShotVerdict, 
/**
 * Whether it hit.
 */
hit: boolean, };

/**
 * What a shot was.
 */
export type ShotVerdict = "fine" | "wasted" | "mistake";

/**
 * One side of the game, summed up.
 */
export type SideSummaryJson = { 
/**
 * The mean `quality` of its shots, as a percentage.
 */
accuracy_percent: number, 
/**
 * Its wasted shots.
 */
wasted: number, 
/**
 * Its mistakes.
 */
mistakes: number, 
/**
 * Hits minus the sum of `p`: how many hits came above (or below) what the shots
 * deserved.
 */
luck: number, 
/**
 * Its shots.
 */
shots: number, 
/**
 * Its hits.
 */
hits: number, 
/**
 * The shots the expert needs, on average, to sink the fleet this side shot at.
 */
expert_shots?: number, };

/**
 * How hard a fleet was to find.
 */
export type FleetHardnessJson = { 
/**
 * The mean number of shots the expert needs to sink this exact fleet.
 */
mean_expert_shots: number, 
/**
 * The same for a uniformly random fleet under the same rules.
 */
uniform_mean_expert_shots: number, 
/**
 * How many games each mean is over.
 */
runs: number, };

/** Sends one message to the server (net.js's `send`). */
export type Send = (msg: ClientMsg) => void;

/** The server message of tag `K`: `ServerOf<'shot'>` is `Server.Shot`. */
export type ServerOf<K extends ServerMsg['type']> = Extract<ServerMsg, { type: K }>;
/** The client message of tag `K`. */
export type ClientOf<K extends ClientMsg['type']> = Extract<ClientMsg, { type: K }>;

/** The client's messages (`ClientMsg`), one type per variant. */
export namespace Client {
  export type Hello = ClientOf<'hello'>;
  export type NewGame = ClientOf<'new_game'>;
  export type Join = ClientOf<'join'>;
  export type Resume = ClientOf<'resume'>;
  export type Watch = ClientOf<'watch'>;
  export type Queue = ClientOf<'queue'>;
  export type Place = ClientOf<'place'>;
  export type Fire = ClientOf<'fire'>;
  export type Reveal = ClientOf<'reveal'>;
  export type Relocate = ClientOf<'relocate'>;
  export type Resign = ClientOf<'resign'>;
  export type ClaimWin = ClientOf<'claim_win'>;
  export type Name = ClientOf<'name'>;
  export type Rematch = ClientOf<'rematch'>;
  export type Rate = ClientOf<'rate'>;
  export type Sync = ClientOf<'sync'>;
  export type Coach = ClientOf<'coach'>;
  export type Layout = ClientOf<'layout'>;
  export type Check = ClientOf<'check'>;
  export type Turn = ClientOf<'turn'>;
  export type Learned = ClientOf<'learned'>;
  export type Forget = ClientOf<'forget'>;
  export type Ping = ClientOf<'ping'>;
  export type Chat = ClientOf<'chat'>;
  export type Lobby = ClientOf<'lobby'>;
  export type Seek = ClientOf<'seek'>;
  export type Challenge = ClientOf<'challenge'>;
  export type AnswerChallenge = ClientOf<'answer_challenge'>;
  export type CancelChallenge = ClientOf<'cancel_challenge'>;
  export type Auth = ClientOf<'auth'>;
}

/** The server's messages (`ServerMsg`), one type per variant. */
export namespace Server {
  export type Welcome = ServerOf<'welcome'>;
  export type Joined = ServerOf<'joined'>;
  export type State = ServerOf<'state'>;
  export type Placed = ServerOf<'placed'>;
  export type Battle = ServerOf<'battle'>;
  export type Shot = ServerOf<'shot'>;
  export type RevealDue = ServerOf<'reveal_due'>;
  export type Revealed = ServerOf<'revealed'>;
  export type RelocateDue = ServerOf<'relocate_due'>;
  export type Relocated = ServerOf<'relocated'>;
  export type Clock = ServerOf<'clock'>;
  export type Timeout = ServerOf<'timeout'>;
  export type Presence = ServerOf<'presence'>;
  export type NoShow = ServerOf<'no_show'>;
  export type GameOver = ServerOf<'game_over'>;
  export type RematchOffered = ServerOf<'rematch_offered'>;
  export type Rematch = ServerOf<'rematch'>;
  export type Queued = ServerOf<'queued'>;
  export type Rate = ServerOf<'rate'>;
  export type QueueOffer = ServerOf<'queue_offer'>;
  export type Error = ServerOf<'error'>;
  export type Coach = ServerOf<'coach'>;
  export type Layout = ServerOf<'layout'>;
  export type Checked = ServerOf<'checked'>;
  export type Turned = ServerOf<'turned'>;
  export type Pong = ServerOf<'pong'>;
  export type Learned = ServerOf<'learned'>;
  export type Forgotten = ServerOf<'forgotten'>;
  export type Chat = ServerOf<'chat'>;
  export type Lobby = ServerOf<'lobby'>;
  export type Challenged = ServerOf<'challenged'>;
  export type ChallengeSent = ServerOf<'challenge_sent'>;
  export type ChallengeEnded = ServerOf<'challenge_ended'>;
}
