// @ts-check
// Blind mode's readouts (issue 42): a row or a column of a board, read from the grid as
// the page draws it (each cell's name: «Г3, мимо»), runs of alike cells said once —
// «ряд 3: А–В не стреляли, Г мимо, Д ранен, Е–К не стреляли»; the fleets afloat and the
// player's ships hit; the last shots both ways; the moves log.
import { t, deckName, coordSystem } from './i18n.js';
import { bt } from './blind-words.js';
import { shipsOf, answerWord, st } from './announce.js';
import { seatName } from './view.js';
import { other } from './store.js';
import { label, canon } from './coords.js';
import { shipCells, isStraight } from './fleet.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').Player} Player */
/** @typedef {import('./coords.js').Point} Point */
/** @typedef {import('./store.js').Seen} Seen */
/**
 * A board on screen: its grid, and whether its cells not shot at are unknown (the
 * enemy's, or both boards to a spectator), said «не стреляли».
 * @typedef {{el: Element, unknown: boolean}} Grid
 */

const solo = (/** @type {State} */ S) => (S.seat && S.mode !== 'hotseat' ? S.seat : null);
// The first letter upper case and a full stop at the end.
/** @param {string} s */
export const sentence = s => (s ? s[0].toUpperCase() + s.slice(1) + (/[.!?…]$/.test(s) ? '' : '.') : '');

// What a cell is, after its coordinate in its name: a cell of unknown waters not shot at
// is «не стреляли» (its name may say «пусто», which there means nothing known).
/** @param {Element} cell @param {boolean} unknown */
function what(cell, unknown) {
  if (unknown && !/\b(miss|hit|sunk|halo|piece|shown|left|ship)\b/.test(cell.className)) return bt('notShot');
  return (cell.getAttribute('aria-label') || '').split(', ').slice(1).join(', ');
}

// Row `i` (0-based) or column `i` of a grid, its runs of alike cells said once.
/** @param {Grid} g @param {'row' | 'col'} axis @param {number} i */
export function readLine(g, axis, i) {
  const pos = (/** @type {Element} */ x, /** @type {string} */ k) => Number(/** @type {HTMLElement} */ (x).dataset[k]);
  const along = axis === 'row' ? 'c' : 'r';
  const cells = [...g.el.querySelectorAll('[role=gridcell]')]
    .filter(x => pos(x, axis === 'row' ? 'r' : 'c') === i).sort((a, b) => pos(a, along) - pos(b, along));
  const first = cells[0];
  if (!first) return '';
  const coord = (/** @type {Element} */ x) => (x.getAttribute('aria-label') || '').split(', ')[0];
  // A row's cells are told by their letters, a column's by their numbers.
  const tag = (/** @type {Element} */ x) => (axis === 'row' ? coord(x).replace(/\d+$/, '') : coord(x).replace(/^\D+/, ''));
  /** @type {{from: string, to: string, what: string}[]} */
  const runs = [];
  for (const x of cells) {
    const w = what(x, g.unknown), last = runs[runs.length - 1];
    if (last && last.what === w) last.to = tag(x);
    else runs.push({ from: tag(x), to: tag(x), what: w });
  }
  const text = runs.map(r => (r.from === r.to ? r.from : r.from + '–' + r.to) + ' ' + r.what).join(', ');
  return axis === 'row' ? bt('row', i + 1, text) : bt('col', coord(first).replace(/\d+$/, ''), text);
}

// A ship by its cells in the page's coordinates: «А1–Г1», «Е5», «А1 А2 Б2».
/** @param {Point[]} cells @param {number} width */
export function shipName(cells, width) {
  const s = [...cells].sort((a, b) => a.c - b.c || a.r - b.r), sys = coordSystem();
  const at = (/** @type {Point} */ p) => label(sys, width, p.c, p.r);
  if (s.length === 1) return at(s[0]);
  return isStraight(s) ? at(s[0]) + '–' + at(s[s.length - 1]) : s.map(at).join(' ');
}

// Ship sizes as counted words: «1 четырёхпалубный, 2 трёхпалубных».
/** @param {number[]} sizes */
export function sizesText(sizes) {
  /** @type {Map<number, number>} */
  const count = new Map();
  for (const n of sizes) count.set(n, (count.get(n) || 0) + 1);
  return [...count].sort((a, b) => b[0] - a[0]).map(([n, k]) => shipsOf(k, n)).join(', ');
}

// «Противник: на плаву 7 — … Вы: на плаву 9 — … Подбиты ваши: трёхпалубный В2–В4 в В3.»
/** @param {State} S */
export function fleetText(S) {
  const you = solo(S), w = S.spec.width;
  const sides = you ? [other(you), you] : [1, 2];
  const out = sides.map(p => {
    const afloat = S.boards[other(p) - 1].afloat;
    const who = you ? bt(p === you ? 'fleetYou' : 'fleetThem') : seatName(S, p);
    const list = S.spec.flying ? t('afloatOf', afloat[0] || 0, S.spec.fleet[0]) : sizesText(afloat);
    return bt('fleetSide', who, afloat.length, list || bt('none'));
  });
  if (!S.seat || !S.own?.fleet) return out.join(' ');
  // The player's ships afloat that were hit, and where.
  const by = S.boards[other(S.seat) - 1], hits = new Set(by.hits), sunk = new Set(by.sunk.flat());
  const hurt = S.own.fleet.map(shipCells).filter(cells => cells.length).map(cells => {
    const names = cells.map(p => canon(p.c, p.r));
    if (names.every(c => sunk.has(c))) return '';
    const hit = cells.filter((_, i) => hits.has(names[i]));
    return hit.length ? bt('hurtShip', deckName(cells.length), shipName(cells, w), hit.map(p => shipName([p], w)).join(' ')) : '';
  }).filter(Boolean);
  out.push(hurt.length ? bt('hurt', hurt.join('; ')) : bt('unhurt'));
  return out.join(' ');
}

// The fleet while placing: the ships on the board, and those still in the dock.
/** @param {{n: number, kind?: string, cells: Point[] | null}[]} ships @param {number} width */
export function placementText(ships, width) {
  const placed = ships.filter(s => s.cells).map(s => (s.kind ? t('s_' + s.kind) : deckName(s.n)) + ' ' + shipName(s.cells || [], width));
  const docked = ships.filter(s => !s.cells && !s.kind).map(s => s.n);
  const pieces = ships.filter(s => !s.cells && s.kind).map(s => t('s_' + s.kind));
  const out = [bt('ownFleet', placed.join(', ') || bt('none'))];
  if (docked.length || pieces.length) out.push(bt('docked', [sizesText(docked), ...pieces].filter(Boolean).join(', ')));
  return out.join(' ');
}

// The ships still in the dock, as «Осталось поставить: 2 однопалубных.», or that every
// one is on the board.
/** @param {{n: number, kind?: string, cells: Point[] | null}[]} ships */
export function dockText(ships) {
  const docked = ships.filter(s => !s.cells && !s.kind).map(s => s.n);
  return docked.length ? bt('toPlace', sizesText(docked)) : bt('allPlaced');
}

// A shot as the log says it: «Е5 — ранил», «Торпеда: А1 — мимо».
/** @param {Seen} e @param {(cell: string) => string} name */
const shotText = (e, name) => (e.dying ? t('torpedo') + ' ' : '') + st('seg', name(e.cell), answerWord(e.answer));

// The last shots both ways: each side's last turn, the player's own first (a spectator
// hears player 1 first).
/** @param {State} S @param {Seen[]} log @param {(cell: string) => string} name */
export function lastText(S, log, name) {
  const you = solo(S);
  /** @type {{p: number, text: string}[]} */
  const turns = [];
  for (const p of you === 2 ? [2, 1] : [1, 2]) {
    let end = log.length - 1;
    while (end >= 0 && log[end].p !== p) end--;
    if (end < 0) continue;
    let start = end;
    while (start > 0 && log[start - 1].p === p) start--;
    turns.push({ p, text: log.slice(start, end + 1).map(e => shotText(e, name)).join(', ') });
  }
  if (!turns.length) return bt('noShots');
  return turns.map(x => (x.p === you ? bt('lastOwn', x.text) : bt('lastTheirs', seatName(S, x.p), x.text))).join(' ');
}

// The last `n` shots of the log (10 unless asked), oldest first.
/** @param {State} S @param {Seen[]} log @param {number | null} n @param {(cell: string) => string} name */
export function movesText(S, log, n, name) {
  if (!log.length) return bt('noMoves');
  const from = Math.max(0, log.length - (n ?? 10));
  const items = log.slice(from).map(e => seatName(S, e.p) + ': ' + shotText(e, name));
  return bt('moves', from + 1, log.length, log.length, items.join('; '));
}
