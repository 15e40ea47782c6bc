// @ts-check
// The Flying Dutchman's move on the page: after a hit the player marks the ship's new
// cells on the own board (a click, or the arrows and Enter/Space), or asks the server
// for a random legal place; the server checks the move and says why it refuses one.
import { $ } from './dom.js';
import { t, coordSystem, lang, errorWords } from './i18n.js';
import { canon, keyOf, cellOf, label } from './coords.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').Send} Send */
/** @typedef {import('./board.js').Look} Look */

/** @type {string[]} */
let marked = [];
let sent = 0, refusal = '';

// Whether this player owes a move now.
/** @type {(S: State | null) => boolean} */
export const owes = S => S?.phase === 'battle' && !!S.relocate;
/** @type {(cell: string) => boolean} */
export const isMarked = cell => marked.includes(cell);
export function reset() { marked = []; sent = 0; refusal = ''; }

// Cell (c, r) of the own board activated while a move is owed: marked or unmarked. The
// move goes once as many cells as decks are marked.
/** @param {State} S @param {Send} send @param {number} c @param {number} r */
export function toggle(S, send, c, r) {
  if (Date.now() - sent < 1500) return;
  const cell = canon(c, r);
  marked = isMarked(cell) ? marked.filter(x => x !== cell) : [...marked, cell];
  refusal = '';
  if (marked.length === S.relocate?.decks) {
    sent = Date.now();
    send({ type: 'relocate', game: S.game, cells: marked });
  }
}

// Asks the server for a random legal place.
/** @param {State} S @param {Send} send */
export function random(S, send) {
  sent = Date.now();
  refusal = '';
  send({ type: 'relocate', game: S.game });
}

/** @type {import('./wire').ErrorCode[]} */
const CODES = ['not_a_path', 'wrong_count', 'already_shot', 'repeated_cell', 'off_board', 'no_relocate_due'];
// A refusal of the move: its reason is shown in the prompt (true), the marks kept.
/** @param {State} S @param {import('./wire').Server.Error} m */
export function refused(S, m) {
  if (!owes(S) || !CODES.includes(m.code)) return false;
  const own = errorWords(m.code);
  refusal = own && lang !== 'en' ? `${own} (${m.message})` : m.message;
  sent = 0;
  return true;
}

// The prompt: «Перенесите корабль», the deck lost, the cells marked, the refusal.
/** @param {State} S */
export function draw(S) {
  const on = owes(S);
  $('moveBox').hidden = !on;
  const rel = S.relocate;
  if (!on || !rel) return;
  const name = (/** @type {string} */ cell) => { const p = cellOf(cell); return label(coordSystem(), S.spec.width, p.c, p.r); };
  $('moveTitle').textContent = t('moveShip');
  $('moveText').textContent = t('moveHow', rel.lost.map(name).join(' '), rel.decks, marked.length);
  $('moveErr').textContent = refusal;
  $('moveErr').hidden = !refusal;
}

// The own board's look while a move is owed: the marks and the deck to be lost.
/** @param {State} S @param {number} c @param {number} r @param {Look} v */
export function look(S, c, r, v) {
  if (!owes(S)) return v;
  const cell = canon(c, r);
  if (isMarked(cell)) { v.cls += ' mark'; v.state += ', ' + t('sMarked'); }
  if (S.relocate?.lost.some(x => keyOf(x) === keyOf(cell))) { v.cls += ' lost'; v.state += ', ' + t('sLosing'); }
  return v;
}
