// @ts-check
// Coordinate systems: how a column letter and a row number are written on the page.
// The protocol always uses the canonical Latin form (a1…j10).
const RU = 'абвгдежзиклмнопрстуфхцчшщэюя';
const RU_YO = 'абвгдеёжзиклмнопрстуфхцчшщэюя';
const LATIN = 'abcdefghijklmnopqrstuvwxyz';
/** @typedef {import('./wire').CoordSystem} CoordSystem */
/** A cell of a board, 0-based: column `c`, row `r`. @typedef {{c: number, r: number}} Point */

/** @type {Record<CoordSystem, string>} */
export const SYSTEMS = {
  russian: RU, 'russian-yo': RU_YO, latin: LATIN, 'республика': 'республика', 'снегурочка': 'снегурочка',
};

// The letters of `system` for a board `width` wide; the word systems have 10 letters only.
/** @param {string} system @param {number} width @returns {string[]} */
export function letters(system, width) {
  const l = [...(SYSTEMS[/** @type {CoordSystem} */ (system)] || LATIN)];
  return width <= l.length ? l : [...(system === 'latin' ? LATIN : RU)];
}

// Canonical "b3" to {c, r} (0-based), or null.
/** @param {string} text @returns {Point | null} */
export function parse(text) {
  const m = /^([a-z])(\d{1,2})$/.exec(text);
  return m ? { c: m[1].charCodeAt(0) - 97, r: +m[2] - 1 } : null;
}

// A cell the server or the page itself wrote, to {c, r}: anything else is a broken
// message, said at once rather than drawn somewhere.
/** @param {string} text @returns {Point} */
export function cellOf(text) {
  const p = parse(text);
  if (!p) throw new Error(`not a cell: ${JSON.stringify(text)}`);
  return p;
}

// {c, r} to canonical "b3".
/** @type {(c: number, r: number) => string} */
export const canon = (c, r) => String.fromCharCode(97 + c) + (r + 1);

// The key of a cell in the page's sets and maps: "2,0" for (c 2, r 0).
/** @type {(c: number, r: number) => string} */
export const cellKey = (c, r) => c + ',' + r;

// The key of the canonical cell "c1".
/** @type {(cell: string) => string} */
export const keyOf = cell => { const p = cellOf(cell); return cellKey(p.c, p.r); };

// The cell as shown: upper-case letter of the system, then the row: «В1».
/** @param {string} system @param {number} width @param {number} c @param {number} r */
export function label(system, width, c, r) {
  return letters(system, width)[c].toUpperCase() + (r + 1);
}
