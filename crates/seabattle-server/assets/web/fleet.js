// @ts-check
// Ships as the protocol writes them ("a1-d1", "f3", "a1+a2+b2"). Whether a fleet is
// legal is the server's to say (`check`).
import { parse, cellOf, canon } from './coords.js';
/** @typedef {import('./coords.js').Point} Point */
/** @typedef {import('./wire').PieceKind} PieceKind */

// The variants' pieces, as fleets write them ("mine:e5"), and their glyphs.
/** @type {PieceKind[]} */
export const PIECES = ['mine', 'sweeper', 'sub'];
export const GLYPH = { mine: '○', spent: '⊙', sweeper: '△', sub: '◇', shown: '?' };

// "mine:e5" to {kind, c, r}; null for a ship.
/** @param {string} text @returns {{kind: PieceKind, c: number, r: number} | null} */
export function pieceOf(text) {
  const [kind, cell] = text.split(':');
  const p = cell ? parse(cell) : null;
  return PIECES.includes(/** @type {PieceKind} */ (kind)) && p ? { kind: /** @type {PieceKind} */ (kind), c: p.c, r: p.r } : null;
}

// "a1-d1" | "f3" | "a1+a2+b2" to cells [{c, r}]; a piece has none.
/** @param {string} text @returns {Point[]} */
export function shipCells(text) {
  if (text.includes(':')) return [];
  if (text.includes('+')) return text.split('+').map(cellOf);
  const [a, b] = text.split('-').map(cellOf);
  if (!b) return [a];
  const out = [];
  for (let c = Math.min(a.c, b.c); c <= Math.max(a.c, b.c); c++)
    for (let r = Math.min(a.r, b.r); r <= Math.max(a.r, b.r); r++) out.push({ c, r });
  return out;
}

// Cells to the protocol's text: a range when straight, else cells joined by "+".
/** @param {Point[]} cells */
export function shipText(cells) {
  const s = [...cells].sort((x, y) => x.c - y.c || x.r - y.r);
  if (s.length === 1) return canon(s[0].c, s[0].r);
  return isStraight(s) ? canon(s[0].c, s[0].r) + '-' + canon(s[s.length - 1].c, s[s.length - 1].r)
    : s.map(p => canon(p.c, p.r)).join('+');
}

// Whether the cells form one straight unbroken line.
/** @param {Point[]} cells */
export function isStraight(cells) {
  const row = cells.every(p => p.r === cells[0].r), col = cells.every(p => p.c === cells[0].c);
  if (!row && !col) return false;
  const v = cells.map(p => (row ? p.c : p.r)).sort((a, b) => a - b);
  return v.every((x, i) => i === 0 || x === v[i - 1] + 1);
}

// How each ship is drawn as one hull: by cell key ("2,0"), the classes of its piece: the
// axis (`h`, `v`) and the part (`bow`, `mid`, `stern`), `solo` for a one-decker, `x` for a
// cell of a bent ship. `ships` are lists of cells [{c, r}].
/** @param {(Point[] | null)[]} ships (null for a docked ship) @returns {Map<string, string>} */
export function hulls(ships) {
  const out = new Map(), k = (/** @type {Point} */ p) => p.c + ',' + p.r;
  for (const cells of ships) {
    if (!cells?.length) continue;
    if (cells.length === 1) { out.set(k(cells[0]), 'hull solo'); continue; }
    if (!isStraight(cells)) { cells.forEach(p => out.set(k(p), 'hull x')); continue; }
    const s = [...cells].sort((a, b) => a.c - b.c || a.r - b.r), axis = s[0].r === s[1].r ? 'h' : 'v';
    s.forEach((p, i) => out.set(k(p), `hull ${axis} ${i === 0 ? 'bow' : i === s.length - 1 ? 'stern' : 'mid'}`));
  }
  return out;
}
