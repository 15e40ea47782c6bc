// Coordinate systems: how a column letter and a row number are written on the page.
// The protocol always uses the canonical Latin form (a1…j10).
const RU = 'абвгдежзиклмнопрстуфхцчшщэюя';
const RU_YO = 'абвгдеёжзиклмнопрстуфхцчшщэюя';
const LATIN = 'abcdefghijklmnopqrstuvwxyz';
export const SYSTEMS = {
  russian: RU, 'russian-yo': RU_YO, latin: LATIN, 'республика': 'республика', 'снегурочка': 'снегурочка',
};

// The letters of `system` for a board `width` wide; the word systems have 10 letters only.
export function letters(system, width) {
  const l = [...(SYSTEMS[system] || LATIN)];
  return width <= l.length ? l : [...(system === 'latin' ? LATIN : RU)];
}

// Canonical "b3" to {c, r} (0-based), or null.
export function parse(text) {
  const m = /^([a-z])(\d{1,2})$/.exec(text);
  return m ? { c: m[1].charCodeAt(0) - 97, r: +m[2] - 1 } : null;
}

// {c, r} to canonical "b3".
export const canon = (c, r) => String.fromCharCode(97 + c) + (r + 1);

// The key of a cell in the page's sets and maps: "2,0" for (c 2, r 0).
export const cellKey = (c, r) => c + ',' + r;

// The key of the canonical cell "c1".
export const keyOf = cell => { const p = parse(cell); return cellKey(p.c, p.r); };

// The cell as shown: upper-case letter of the system, then the row: «В1».
export function label(system, width, c, r) {
  return letters(system, width)[c].toUpperCase() + (r + 1);
}
