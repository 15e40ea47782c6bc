// @ts-check
// The placement screen: ships dragged from the dock (or placed with the keyboard),
// rotated, moved, auto-placed by the server's placers. The server checks each layout
// (`check`); the page only shows what it answers.
import { t, deckName, lang, coordSystem } from './i18n.js';
import { shipCells, shipText, pieceOf, PIECES, GLYPH, hulls } from './fleet.js';
import { cellKey, keyOf, canon } from './coords.js';

// {spec, game, send, rulesText, ships: [{shape: [{c, r}], at: {c, r} | null, kind}], held, ghost,
//  asked: the layout key of the `check` in flight, answer: {key, violations} last checked}
// The variants' pieces are one-cell "ships" with a `kind` (`mine`, `sweeper`, `sub`): they
// are dragged, put and docked the same way.
/** @typedef {import('./coords.js').Point} Point */
/** @typedef {import('./wire').PieceKind} PieceKind */
/** @typedef {import('./wire').ViolationJson} ViolationJson */
/** @typedef {import('./wire').Send} Send */
/** A ship or piece: its cells from its top left corner, and that corner once placed. @typedef {{shape: Point[], at: Point | null, kind?: PieceKind}} Ship */
/**
 * @typedef {{spec: import('./wire').RulesJson, game: string, send: Send, rulesText: string, ships: Ship[],
 *   held: number | null, ghost: Set<string> | null, asked: string | null,
 *   answer: {key: string, violations: ViolationJson[]} | null, drawn?: Point[] | null, note?: string | null,
 *   turning?: {i: number, key: string} | null, dragging?: number | null, dragged?: number | null, wanted: number}} Placing
 */
/** @type {Placing | null} */
let P = null;
/** The placement under way, where it must be there: every caller runs once it is set. @returns {Placing} */
function placing() {
  if (!P) throw new Error('placement is read before it began');
  return P;
}

/** @type {(n: number) => Point[]} */
const line = n => [...Array(n)].map((_, i) => ({ c: i, r: 0 }));
/** @type {(s: Ship) => Point[] | null} */
const cellsOf = s => { const at = s.at; return at ? s.shape.map(p => ({ c: at.c + p.c, r: at.r + p.r })) : null; };
/** @type {(shape: Point[]) => {w: number, h: number}} */
const size = shape => ({ w: Math.max(...shape.map(p => p.c)) + 1, h: Math.max(...shape.map(p => p.r)) + 1 });
/** @type {(shape: Point[]) => Point[]} */
const rotated = shape => { const { h } = size(shape); return shape.map(p => ({ c: h - 1 - p.r, r: p.c })); };
/** @type {(p: Point) => string} */
const key = p => cellKey(p.c, p.r);
// A ship standing on `cells`: its shape from its top left corner, and that corner.
/** @type {(cells: Point[]) => {shape: Point[], at: Point}} */
const standing = cells => {
  const c0 = Math.min(...cells.map(p => p.c)), r0 = Math.min(...cells.map(p => p.r));
  return { shape: cells.map(p => ({ c: p.c - c0, r: p.r - r0 })), at: { c: c0, r: r0 } };
};

// The origin that keeps `shape` on the board with (c, r) as near as can be.
/** @param {Point[]} shape @param {number} c @param {number} r @returns {Point} */
function clamp(shape, c, r) {
  const { w, h } = size(shape);
  return { c: Math.max(0, Math.min(placing().spec.width - w, c)), r: Math.max(0, Math.min(placing().spec.height - h, r)) };
}

// Starts placement for the rules in `state`; the last legal layout for these rules comes
// back. `send` sends a message to the server.
/** @param {import('./wire').StateJson} state @param {Send} send */
export function start(state, send) {
  const counts = { mine: state.spec.mines, sweeper: state.spec.sweepers, sub: state.spec.subs };
  // Every ship and piece starts in the dock.
  const docked = /** @type {(shape: Point[], kind?: PieceKind) => Ship} */ ((shape, kind) => (kind ? { kind, shape, at: null } : { shape, at: null }));
  const pieces = PIECES.flatMap(kind => [...Array(counts[kind] || 0)].map(() => docked(line(1), kind)));
  const ships = state.spec.fleet.map(n => docked(line(n)));
  P = { spec: state.spec, game: state.game, send, rulesText: state.rules, ships: [...ships, ...pieces], held: null, ghost: null, asked: null, answer: null, wanted: 0 };
  // Every game starts from a fresh fleet the server draws, so that Ready is at hand at
  // once: a fleet of an earlier game (which its opponent may have seen) is only ever
  // a choice («Прошлая расстановка»).
  askDraw('uniform');
}

/** Asks the server to draw a fleet (`placer`: `uniform`, `perelman`). The answers are
 * counted: only the newest request's is laid out, and none asked before the player's own
 * change of the board ([`chose`]). @param {string} placer */
export function askDraw(placer) {
  if (!P) return;
  P.wanted += 1;
  P.send({ type: 'layout', game: P.game, placer });
}

// The player changed the board themselves (put, turned or took off a ship, «Очистить»,
// «Прошлая расстановка», Ready): their choice is the newest, and a drawn fleet asked for
// before it and answered after is set aside.
const chose = () => { placing().wanted = 0; };

// The last legal layout kept for these rules, if any.
function last() {
  try { return JSON.parse(localStorage.getItem('sb.layout.' + placing().rulesText) ?? 'null'); } catch { return null; }
}
export const hasLast = () => !!P && Array.isArray(last());
export function loadLast() { const l = last(); if (l) { load(l); chose(); } }

// The ships on the board, the language and the coordinate system: what a check answers.
/** @type {(s: Ship) => string} */
const word = s => {
  const cells = cellsOf(s);
  // Only a placed fleet is put into words: a docked ship here is a bug, said at once.
  if (!cells) throw new Error('a docked ship has no place to name');
  return s.kind ? s.kind + ':' + canon(cells[0].c, cells[0].r) : shipText(cells);
};
const placed = () => placing().ships.filter(s => s.at).map(word);
/** @type {(fleet: string[], l: string, coords: string) => string} */
const keyOfCheck = (fleet, l, coords) => JSON.stringify([fleet, l, coords]);
const layoutKey = () => keyOfCheck(placed(), lang, coordSystem());

// Asks the server to check the layout, unless it has asked already. The answer names
// what it checked: an answer for an older layout is left aside.
export function ask() {
  if (!P) return;
  const k = layoutKey();
  if (P.asked === k || P.answer?.key === k) return;
  P.asked = k;
  P.send({ type: 'check', game: P.game, fleet: placed(), lang, coords: coordSystem() });
}

// The server's answer to a check.
/** @param {import('./wire').Server.Checked} m */
export function checked(m) {
  // A check's answer may come after the battle began (both fleets in): nothing to mark.
  if (!P) return;
  const k = keyOfCheck(m.fleet, m.lang, m.coords);
  if (k !== layoutKey()) return;
  placing().answer = { key: k, violations: m.violations };
}

// A new connection answers no check sent before it, nor does a refused one: ask again
// when the page next draws.
export function unasked() { if (P) P.asked = null; }
export const game = () => P?.game;

// The last answer, if it is for the layout on the board now.
const current = () => { const a = placing().answer; return a?.key === layoutKey() ? a.violations : null; };
const docked = () => placing().ships.filter(s => !s.at).length;
// Whether the fleet may go: every ship placed and the server found nothing wrong.
/** The server's violations for the layout on the board now (none until it answers). */
export const violations = () => current() || [];
export const ready = () => docked() === 0 && current()?.length === 0;

// Whether the server has answered the check of the layout on the board now.
export const answered = () => !!P && current() !== null;

export const active = () => P !== null;

// The server's `layout`: laid out if it answers the newest draw asked for (answers come
// in order). One not asked for here (another game's, an older request's, or one the
// player's own change overtook) changes nothing.
/** @param {string[]} texts @param {string} game */
export function drawn(texts, game) {
  if (!P || game !== P.game || P.wanted < 1) return;
  P.wanted -= 1;
  if (P.wanted === 0) load(texts);
}
export const stop = () => { P = null; };

// Puts the ships and pieces `texts` ("a1-d1", "mine:e5", …) on the board, matched to the
// fleet by size and kind.
/** @param {string[]} texts */
export function load(texts) {
  const ships = texts.filter(x => !pieceOf(x)).map(shipCells).sort((a, b) => b.length - a.length);
  const pieces = texts.map(pieceOf).filter(q => q !== null).sort((a, b) => PIECES.indexOf(a.kind) - PIECES.indexOf(b.kind));
  const want = placing().ships.filter(s => !s.kind), wantKinds = placing().ships.filter(s => s.kind).map(s => s.kind).join();
  if (ships.length !== want.length || ships.some((s, i) => s.length !== want[i].shape.length)) return;
  if (pieces.map(q => q.kind).join() !== wantKinds) return;
  placing().ships = ships.map(standing).concat(pieces.map(q => ({ kind: q.kind, shape: line(1), at: { c: q.c, r: q.r } })));
  placing().held = null;
  placing().drawn = null;
  placing().note = null;
}

export function clear() { placing().ships.forEach(s => { s.at = null; s.shape = line(s.shape.length); }); placing().held = null; placing().drawn = null; chose(); }

// A lone path-shaped ship (the Flying Dutchman) may also be drawn cell by cell: a cell
// of it taken off, a free one added, until there are as many as decks.
export const free = () => P?.spec.shape === 'path' && P.ships.length === 1;
/** @param {number} c @param {number} r */
export function draw(c, r) {
  chose();
  const s = placing().ships[0], n = s.shape.length;
  let cells = cellsOf(s) || placing().drawn || [];
  const i = cells.findIndex(p => p.c === c && p.r === r);
  if (i >= 0) cells = cells.filter((_, j) => j !== i);
  else if (cells.length < n) cells = [...cells, { c, r }];
  else return;
  s.at = null;
  placing().drawn = cells;
  if (cells.length < n) return;
  Object.assign(s, standing(cells));
  placing().drawn = null;
}

export const fleet = () => placing().ships.map(word);
/** @type {(c: number, r: number) => number} */
export const shipAt = (c, r) => placing().ships.findIndex(s => (cellsOf(s) ?? []).some(p => p.c === c && p.r === r));

// Turns ship `i` on the board: the server (the rules crate) answers with the nearest
// place where it breaks no rule (`turned`), or refuses (`no_room`).
/** @param {number} i */
export function turn(i) {
  const words = placing().ships.filter(s => s.at).map(word), k = placing().ships.filter(s => s.at).indexOf(placing().ships[i]);
  if (k < 0 || placing().ships[i].kind) return;
  chose();
  placing().turning = { i, key: layoutKey() };
  placing().note = null;
  placing().send({ type: 'turn', game: placing().game, fleet: words, ship: k });
}

// The server's `turned`: the ship where it now stands, if the board has not changed since.
/** @param {import('./wire').Server.Turned} m */
export function turned(m) {
  if (!P?.turning || P.turning.key !== layoutKey()) return;
  const s = P.ships[P.turning.i], cells = shipCells(m.fleet[m.ship]);
  P.turning = null;
  Object.assign(s, standing(cells));
}

// A turn the server refused: the reason is said under the board.
/** @param {string} text */
export function turnRefused(text) {
  if (!P?.turning) return false;
  P.turning = null;
  P.note = text;
  return true;
}

/** @param {number} i */
export function rotate(i) {
  chose();
  const s = placing().ships[i];
  s.shape = rotated(s.shape);
  if (s.at) s.at = clamp(s.shape, s.at.c, s.at.r);
}

// Puts ship `i` with its cell `grab` (index into its shape) on (c, r).
/** @param {number} i @param {number} c @param {number} r @param {number} grab */
export function put(i, c, r, grab = 0) {
  const s = placing().ships[i], g = s.shape[grab] || s.shape[0];
  s.at = clamp(s.shape, c - g.c, r - g.r);
  placing().drawn = null;
  placing().note = null;
  chose();
}

/** @type {(i: number) => Point[] | null} */
export const cellsOfShip = i => cellsOf(placing().ships[i]);
// Every ship and piece: its size, its kind (a piece), its cells (null while docked).
export const ships = () => (P ? P.ships.map(s => ({ n: s.shape.length, kind: s.kind, cells: cellsOf(s) })) : []);
// Puts a docked ship as long as `cells` on them (blind mode types a ship by its cells);
// its index, or -1 when no docked ship has that size. Whether it may stand there is the
// server's check to say.
/** @param {Point[]} cells */
export function putShip(cells) {
  if (!P) return -1;
  const i = P.ships.findIndex(s => !s.kind && !s.at && s.shape.length === cells.length);
  if (i >= 0) Object.assign(P.ships[i], standing(cells));
  P.drawn = null;
  P.note = null;
  chose();
  return i;
}
/** @type {(i: number) => void} */
export const unplace = i => { placing().ships[i].at = null; chose(); };
export const held = () => placing().held;
// The ship being dragged (its dock button fades), or null.
/** @param {number | null} i */
export function dragging(i) { if (P) P.dragging = i; }
/** @param {number | null} i */
export function hold(i) { placing().held = i; }
/** @param {number | null} i @param {number} [c] @param {number} [r] @param {number} [grab] */
export function setGhost(i, c, r, grab = 0) {
  placing().dragged = i;
  if (i === null || c === undefined || r === undefined) { placing().ghost = null; return; }
  const s = placing().ships[i], g = s.shape[grab] || s.shape[0], at = clamp(s.shape, c - g.c, r - g.r);
  placing().ghost = new Set(s.shape.map(p => key({ c: at.c + p.c, r: at.r + p.r })));
}

// Remembers the layout played (on Ready): «Прошлая расстановка» offers it next time.
export function remember() {
  if (!ready()) return;
  localStorage.setItem('sb.layout.' + placing().rulesText, JSON.stringify(fleet()));
  chose();
}

// What the own board shows while placing.
/** @returns {import('./board.js').LookAt} */
export function look() {
  const own = new Set(), bad = new Set();
  /** @type {Map<string, PieceKind>} */
  const pieces = new Map();
  placing().ships.forEach(s => cellsOf(s)?.forEach(p => (s.kind ? pieces.set(key(p), s.kind) : own.add(key(p)))));
  placing().drawn?.forEach(p => own.add(key(p)));
  (current() || []).forEach(v => v.cells.forEach(c => bad.add(keyOf(c))));
  const hull = hulls(placing().ships.filter(s => !s.kind).map(cellsOf));
  placing().drawn?.forEach(p => hull.set(key(p), 'hull x'));
  return (c, r) => {
    const k = cellKey(c, r), cls = [], kind = pieces.get(k);
    if (own.has(k)) cls.push('ship', hull.get(k) || 'hull x');
    if (kind) cls.push('piece', 'p-' + kind);
    if (bad.has(k)) cls.push('bad');
    if (placing().ghost?.has(k)) cls.push('ghost');
    const what = kind ? t('s_' + kind) : own.has(k) ? t('sShip') : t('sEmpty');
    const state = bad.has(k) ? (kind ? what + ', ' : '') + t('sBad') : what;
    // A bad cell shows "!"; a piece its sign.
    return { cls: cls.join(' '), state, glyph: kind && !bad.has(k) ? GLYPH[kind] : '' };
  };
}

// The messages: how many ships are still in the dock, then what the server found wrong,
// those of one kind in one line («корабли касаются углами: Г2 В3; Г2 Д3»). The counts by
// size are left out while ships are docked: the dock says it.
export function messages() {
  const drawn = placing().drawn, note = placing().note;
  const out = drawn?.length ? [t('v_drawn', drawn.length, placing().ships[0].shape.length)] : docked() ? [t('v_missing', docked())] : [], heads = new Map();
  if (note) out.unshift(note);
  for (const v of current() || []) {
    if (v.kind === 'fleet' && docked()) continue;
    const at = v.message.indexOf(': '), head = at < 0 ? v.message : v.message.slice(0, at);
    if (!heads.has(head)) heads.set(head, []);
    if (at >= 0) heads.get(head).push(v.message.slice(at + 2));
  }
  for (const [head, tails] of heads) out.push(tails.length ? head + ': ' + tails.join('; ') : head);
  return out;
}

// The dock's ships: buttons named by size that start a drag or pick the ship up.
export function dockButtons() {
  return placing().ships.map((s, i) => ({ i, n: s.shape.length, kind: s.kind, placed: !!s.at, moving: placing().dragging === i,
    name: s.kind ? t('s_' + s.kind) : deckName(s.shape.length) }))
    .filter(s => !s.placed);
}
