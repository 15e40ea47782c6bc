// The placement screen: ships dragged from the dock (or placed with the keyboard),
// rotated, moved, auto-placed by the server's placers, checked as they move.
import { t, deckName } from './i18n.js';
import { shipCells, shipText, violations } from './fleet.js';

let P = null; // {spec, rulesText, ships: [{shape: [{c, r}], at: {c, r} | null}], held, ghost}

const line = n => [...Array(n)].map((_, i) => ({ c: i, r: 0 }));
const cellsOf = s => s.at && s.shape.map(p => ({ c: s.at.c + p.c, r: s.at.r + p.r }));
const size = shape => ({ w: Math.max(...shape.map(p => p.c)) + 1, h: Math.max(...shape.map(p => p.r)) + 1 });
const rotated = shape => { const { h } = size(shape); return shape.map(p => ({ c: h - 1 - p.r, r: p.c })); };
const key = p => p.c + ',' + p.r;

// The origin that keeps `shape` on the board with (c, r) as near as can be.
function clamp(shape, c, r) {
  const { w, h } = size(shape);
  return { c: Math.max(0, Math.min(P.spec.width - w, c)), r: Math.max(0, Math.min(P.spec.height - h, r)) };
}

// Starts placement for the rules in `state`; the last legal layout for these rules comes back.
export function start(state) {
  P = { spec: state.spec, rulesText: state.rules, ships: state.spec.fleet.map(n => ({ shape: line(n), at: null })), held: null, ghost: null };
  const saved = localStorage.getItem('sb.layout.' + state.rules);
  if (saved) { try { load(JSON.parse(saved)); } catch { /* an old layout that no longer reads */ } }
}

export const active = () => P !== null;
export const stop = () => { P = null; };

// Puts the ships `texts` ("a1-d1", …) on the board, matched to the fleet by size.
export function load(texts) {
  const ships = texts.map(shipCells).sort((a, b) => b.length - a.length);
  if (ships.length !== P.ships.length || ships.some((s, i) => s.length !== P.ships[i].shape.length)) return;
  P.ships = ships.map(cells => {
    const c0 = Math.min(...cells.map(p => p.c)), r0 = Math.min(...cells.map(p => p.r));
    return { shape: cells.map(p => ({ c: p.c - c0, r: p.r - r0 })), at: { c: c0, r: r0 } };
  });
  P.held = null;
}

export function clear() { P.ships.forEach(s => { s.at = null; s.shape = line(s.shape.length); }); P.held = null; }

export const check = () => violations(P.ships.map(cellsOf), P.spec);
export const fleet = () => P.ships.map(s => shipText(cellsOf(s)));
export const shipAt = (c, r) => P.ships.findIndex(s => s.at && cellsOf(s).some(p => p.c === c && p.r === r));

export function rotate(i) {
  const s = P.ships[i];
  s.shape = rotated(s.shape);
  if (s.at) s.at = clamp(s.shape, s.at.c, s.at.r);
}

// Puts ship `i` with its cell `grab` (index into its shape) on (c, r).
export function put(i, c, r, grab = 0) {
  const s = P.ships[i], g = s.shape[grab] || s.shape[0];
  s.at = clamp(s.shape, c - g.c, r - g.r);
}

export const cellsOfShip = i => cellsOf(P.ships[i]);
export const unplace = i => { P.ships[i].at = null; };
export const held = () => P.held;
export function hold(i) { P.held = i; }
export function setGhost(i, c, r, grab = 0) {
  P.dragged = i;
  if (i === null) { P.ghost = null; return; }
  const s = P.ships[i], g = s.shape[grab] || s.shape[0], at = clamp(s.shape, c - g.c, r - g.r);
  P.ghost = new Set(s.shape.map(p => key({ c: at.c + p.c, r: at.r + p.r })));
}

// Remembers the layout when it is legal.
export function remember() {
  if (!check().length) localStorage.setItem('sb.layout.' + P.rulesText, JSON.stringify(fleet()));
}

// What the own board shows while placing.
export function look() {
  const own = new Set(), bad = new Set();
  P.ships.forEach(s => cellsOf(s)?.forEach(p => own.add(key(p))));
  check().forEach(v => v.cells.forEach(p => bad.add(key(p))));
  return (c, r) => {
    const k = c + ',' + r, cls = [];
    if (own.has(k)) cls.push('ship');
    if (bad.has(k)) cls.push('bad');
    if (P.ghost?.has(k)) cls.push('ghost');
    const state = bad.has(k) ? t('sBad') : own.has(k) ? t('sShip') : t('sEmpty');
    return { cls: cls.join(' '), state };
  };
}

// The violation messages, in the page's language.
export const messages = () => check().map(v => t(v.code, v.code === 'v_missing' ? v.arg : deckName(v.arg)));

// The dock's ships: buttons named by size that start a drag or pick the ship up.
export function dockButtons() {
  return P.ships.map((s, i) => ({ i, n: s.shape.length, placed: !!s.at, moving: P.dragged === i, name: deckName(s.shape.length) }))
    .filter(s => !s.placed);
}
