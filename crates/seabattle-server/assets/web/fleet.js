// Ships as the protocol writes them ("a1-d1", "f3", "a1+a2+b2") and the placement
// checks, each violation with the cells it concerns so the page can mark them all.
import { parse, canon } from './coords.js';

const key = p => p.c + ',' + p.r;

// "a1-d1" | "f3" | "a1+a2+b2" to cells [{c, r}].
export function shipCells(text) {
  if (text.includes('+')) return text.split('+').map(parse);
  const [a, b] = text.split('-').map(parse);
  if (!b) return [a];
  const out = [];
  for (let c = Math.min(a.c, b.c); c <= Math.max(a.c, b.c); c++)
    for (let r = Math.min(a.r, b.r); r <= Math.max(a.r, b.r); r++) out.push({ c, r });
  return out;
}

// Cells to the protocol's text: a range when straight, else cells joined by "+".
export function shipText(cells) {
  const s = [...cells].sort((x, y) => x.c - y.c || x.r - y.r);
  if (s.length === 1) return canon(s[0].c, s[0].r);
  return isStraight(s) ? canon(s[0].c, s[0].r) + '-' + canon(s.at(-1).c, s.at(-1).r)
    : s.map(p => canon(p.c, p.r)).join('+');
}

// Whether the cells form one straight unbroken line.
export function isStraight(cells) {
  const row = cells.every(p => p.r === cells[0].r), col = cells.every(p => p.c === cells[0].c);
  if (!row && !col) return false;
  const v = cells.map(p => (row ? p.c : p.r)).sort((a, b) => a - b);
  return v.every((x, i) => i === 0 || x === v[i - 1] + 1);
}

function connected(cells) {
  const set = new Set(cells.map(key)), seen = new Set([key(cells[0])]), todo = [cells[0]];
  while (todo.length) {
    const p = todo.pop();
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const k = key({ c: p.c + dc, r: p.r + dr });
      if (set.has(k) && !seen.has(k)) { seen.add(k); todo.push({ c: p.c + dc, r: p.r + dr }); }
    }
  }
  return seen.size === set.size;
}

// Every violation of `ships` (arrays of cells, null for ships still in the dock) under
// `spec` (the state's rules): [{code, cells, arg}]. Empty means the layout is legal.
export function violations(ships, spec) {
  const out = [], owner = new Map();
  const placed = ships.filter(Boolean);
  const missing = ships.length - placed.length;
  placed.forEach((cells, i) => {
    if (cells.some(p => p.c < 0 || p.r < 0 || p.c >= spec.width || p.r >= spec.height))
      out.push({ code: 'v_off', cells });
    if (spec.shape === 'straight' && cells.length > 1 && !isStraight(cells))
      out.push({ code: 'v_bent', cells, arg: cells.length });
    else if (!connected(cells)) out.push({ code: 'v_broken', cells, arg: cells.length });
    for (const p of cells) {
      const k = key(p);
      if (owner.has(k)) out.push({ code: 'v_overlap', cells: [p] });
      else owner.set(k, i);
    }
  });
  const sides = [], corners = [];
  for (const [k, i] of owner) {
    const [c, r] = k.split(',').map(Number);
    for (let dc = -1; dc <= 1; dc++) for (let dr = -1; dr <= 1; dr++) {
      const j = owner.get(key({ c: c + dc, r: r + dr }));
      if (j === undefined || j <= i) continue;
      const list = dc && dr ? corners : sides;
      list.push({ c, r }, { c: c + dc, r: r + dr });
    }
  }
  if (spec.touch !== 'allowed' && sides.length) out.push({ code: 'v_sides', cells: sides });
  if (spec.touch === 'none' && corners.length) out.push({ code: 'v_corners', cells: corners });
  if (missing) out.push({ code: 'v_missing', cells: [], arg: missing });
  return out;
}
