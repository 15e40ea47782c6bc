// @ts-check
// The game as this page knows it: the last `state`, kept current by the messages since,
// and every shot seen. The one copy on the page: the game screen takes each message in
// as it shows it (a shot's answer after the pause of the shot before), so the game read
// here is always the one on screen; quick chat, blind mode and the game-over dialog read
// it and are told of each change.
import { cellOf } from './coords.js';
import { shipText } from './fleet.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').ServerMsg} ServerMsg */
/** @typedef {import('./wire').Player} Player */
/** @typedef {import('./wire').Answer} Answer */
/** A shot this page saw. @typedef {{p: Player, cell: string, answer: Answer, dying: boolean}} Seen */

/** @type {State | null} */
let S = null;
// Every shot of this game, oldest first: the server's list in each `state`, and each
// `shot` since.
/** @type {Seen[]} */
let log = [];
/** @type {((m: ServerMsg) => void)[]} */
const listeners = [];

/** The game, or `null` before the first `state`. */
export const state = () => S;

/** The game where it must be there: every caller runs once a `state` came. @returns {State} */
export function game() {
  if (!S) throw new Error('the game state is read before the first `state` arrived');
  return S;
}

/** This game's shots seen so far, oldest first. */
export const shotLog = () => log;

/** Follows the game: `f` is told each message once the game screen took it in and
 * before it draws it. @param {(m: ServerMsg) => void} f */
export const listen = f => { listeners.push(f); };

/** Tells the followers the game screen took `m` in. @param {ServerMsg} m */
export const told = m => { listeners.forEach(f => f(m)); };

/** The seat across from seat `p`. @type {(p: number) => Player} */
export const other = p => /** @type {Player} */ (3 - p);
// The list of a board that holds the pieces an answer found.
/** @type {Partial<Record<Answer, 'mines' | 'sweepers' | 'subs'>>} */
const PIECE_LIST = { mine: 'mines', sweeper: 'sweepers', sub: 'subs' };

/** Takes message `m` into the game: the state it brings or the change it makes (a
 * message that changes nothing of the game is left alone). @param {ServerMsg} m */
export function take(m) {
  if (m.type === 'state') {
    S = m;
    log = (m.log || []).map(e => ({ p: e.player, cell: e.cell, answer: e.answer, dying: !!e.dying }));
    return;
  }
  // The server sends a game's `state` before anything else of it.
  if (!S) return;
  switch (m.type) {
    // The player's own `placed` comes with a `state` showing the fleet.
    case 'placed': S.placed[m.player - 1] = true; return;
    case 'battle': Object.assign(S, { phase: 'battle', to_move: m.first, shots_due: m.shots_due, commitments: m.commitments }); return;
    case 'timeout':
      if (m.player === S.seat) S.reveal = S.relocate = null;
      S.strikes[m.player - 1] = m.strikes;
      Object.assign(S, { to_move: m.next, shots_due: m.shots_due, moves: S.moves + 1 });
      return;
    case 'shot': return shot(S, m);
    case 'reveal_due': S.reveal = { kind: m.kind, cells: m.cells }; return;
    case 'revealed': return revealed(S, m);
    case 'relocate_due': S.relocate = { decks: m.decks, lost: m.lost }; return;
    case 'relocated': return relocated(S, m);
    case 'presence':
      S.presence[m.player - 1] = { present: m.present, away_secs: m.present ? null : 0 };
      if (m.name && S.names) S.names[m.player - 1] = m.name;
      if (m.account) (S.accounts ??= [null, null])[m.player - 1] = m.account;
      return;
    case 'game_over': Object.assign(S, { result: m.result, phase: 'over', to_move: null }); return;
    // An arena's no-show ends the game without a result (it has no record).
    case 'no_show': S.phase = 'over'; return;
    case 'rate': S.rated = m.rated;
  }
}

// A shot's answers marked on the board shot at (the shooter's own fleet's, if it is this
// page's), and the turn that follows.
/** @param {State} S @param {import('./wire').Server.Shot} m */
function shot(S, m) {
  const b = S.boards[m.player - 1];
  for (const s of m.shots) {
    const list = PIECE_LIST[s.answer];
    if (list) (b[list] ??= []).push(s.cell);
    else if (s.answer === 'miss') b.misses.push(s.cell);
    else b.hits.push(s.cell);
    if (s.answer === 'sunk') {
      const ship = s.ship ?? [];
      b.sunk.push(ship);
      b.empty.push(...(s.halo || []));
      const i = b.afloat.indexOf(ship.length);
      if (i >= 0) b.afloat.splice(i, 1);
    }
    if (S.own && m.player !== S.seat) S.own.incoming.push(s.cell);
    log.push({ p: m.player, cell: s.cell, answer: s.answer, dying: !!m.dying });
  }
  Object.assign(S, { moves: m.number, to_move: m.next, shots_due: m.shots_due, duties: m.duties || [] });
  if (!m.dying) S.strikes[m.player - 1] = 0;
}

// A reveal was made: the players learn the cell (the one it was owed to sees it on the
// enemy board), spectators only that it was made.
/** @param {State} S @param {import('./wire').Server.Revealed} m */
function revealed(S, m) {
  Object.assign(S, { duties: m.duties || [], to_move: m.next, shots_due: m.shots_due, moves: m.number });
  const list = m.kind === 'mine' ? 'shown_mines' : 'shown_ships';
  if (m.cell) (S.boards[other(m.player) - 1][list] ??= []).push(m.cell);
  if (m.player === S.seat) { S.reveal = null; S.strikes[m.player - 1] = 0; }
}

// A hit flying ship moved: its owner learns where (its own board), the others only that
// it did; the shooter's hits on it are decks left behind.
/** @param {State} S @param {import('./wire').Server.Relocated} m */
function relocated(S, m) {
  Object.assign(S, { duties: m.duties || [], to_move: m.next, shots_due: m.shots_due, moves: m.number });
  // The server says which decks are lost and how many are left (the rules crate decides).
  Object.assign(S.boards[other(m.player) - 1], { left: m.left, afloat: [m.decks] });
  if (m.cells && S.own) Object.assign(S.own, { lost: m.left, fleet: [shipText(m.cells.map(cellOf))] });
  if (m.player === S.seat) { S.relocate = null; S.strikes[m.player - 1] = 0; }
}
