// @ts-check
// A board on the page: a role="grid" of role="gridcell"s named by coordinate and state,
// with a roving focus moved by the arrow keys. What a cell shows comes from `look`.
import { label, letters } from './coords.js';
import { t, coordSystem } from './i18n.js';

/**
 * What a cell shows: its classes (`miss`, `hit`, …), its state in words (after the
 * coordinate in its name), the coach's weight 0..1 and a piece's sign.
 * @typedef {{cls?: string, state: string, heat?: number, glyph?: string}} Look
 */
/** @typedef {(c: number, r: number) => Look} LookAt */
/**
 * @typedef {{nameKey: string, name?: () => string, width: number, height: number,
 *   onActivate?: (c: number, r: number, e: Event) => void, onRotate?: (c: number, r: number) => void,
 *   onFocus?: (c: number, r: number) => void, onCancel?: () => void}} BoardOptions
 */
/** @typedef {ReturnType<typeof makeBoard>} Board */

/** @type {(tag: string, cls: string, attrs?: object) => HTMLElement} */
const h = (tag, cls, attrs = {}) => Object.assign(document.createElement(tag), { className: cls }, attrs);

// `opts`: {nameKey, name() (a name that overrides it, when there is one), width, height, onActivate(c, r, event), onRotate(c, r), onFocus(c, r),
// onCancel()}.
/** @param {BoardOptions} opts */
export function makeBoard(opts) {
  const { width: w, height: hgt } = opts;
  const el = h('div', 'board');
  el.setAttribute('role', 'grid');
  el.style.setProperty('--n', String(w + 1));
  // Boards past 12 columns (20×20 for the Flying Dutchman) size their cells to fit.
  el.classList.toggle('wide', w > 12);
  const head = h('div', 'row head');
  head.setAttribute('aria-hidden', 'true');
  /** @type {HTMLElement[]} */
  const cells = [];
  head.append(h('span', 'lab'));
  /** @type {HTMLElement[]} */
  const colLabs = [];
  for (let c = 0; c < w; c++) { const s = h('span', 'lab'); colLabs.push(s); head.append(s); }
  el.append(head);
  const rowLabs = [];
  for (let r = 0; r < hgt; r++) {
    const row = h('div', 'row');
    row.setAttribute('role', 'row');
    const lab = h('span', 'lab', { textContent: r + 1 });
    lab.setAttribute('aria-hidden', 'true');
    rowLabs.push(lab);
    row.append(lab);
    for (let c = 0; c < w; c++) {
      const cell = h('div', 'cell', { tabIndex: c + r === 0 ? 0 : -1 });
      cell.setAttribute('role', 'gridcell');
      cell.dataset.c = String(c); cell.dataset.r = String(r);
      cells.push(cell);
      row.append(cell);
    }
    el.append(row);
  }
  let focus = { c: 0, r: 0 };
  /** @type {(c: number, r: number) => HTMLElement} */
  const at = (c, r) => cells[r * w + c];
  /** @type {(c: number, r: number) => void} */
  const moveTo = (c, r) => {
    at(focus.c, focus.r).tabIndex = -1;
    focus = { c: Math.max(0, Math.min(w - 1, c)), r: Math.max(0, Math.min(hgt - 1, r)) };
    const cell = at(focus.c, focus.r);
    cell.tabIndex = 0;
    cell.focus();
    opts.onFocus?.(focus.c, focus.r);
  };
  /** @type {(e: Event) => {c: number, r: number} | null} */
  const pos = e => { const x = /** @type {HTMLElement} */ (/** @type {Element} */ (e.target).closest?.('.cell')); return x && el.contains(x) ? { c: Number(x.dataset.c), r: Number(x.dataset.r) } : null; };
  el.addEventListener('click', e => { const p = pos(e); if (p) { moveTo(p.c, p.r); opts.onActivate?.(p.c, p.r, e); } });
  el.addEventListener('contextmenu', e => { const p = pos(e); if (p && opts.onRotate) { e.preventDefault(); opts.onRotate(p.c, p.r); } });
  // Focus that arrives by a click, a tap or a script moves the roving focus too.
  el.addEventListener('focusin', e => {
    const p = pos(e);
    if (p && (p.c !== focus.c || p.r !== focus.r)) {
      at(focus.c, focus.r).tabIndex = -1;
      focus = p;
      at(p.c, p.r).tabIndex = 0;
      opts.onFocus?.(p.c, p.r);
    }
  });
  el.addEventListener('keydown', e => {
    const d = /** @type {Record<string, number[]>} */ ({ ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] })[e.key];
    if (d) { e.preventDefault(); moveTo(focus.c + d[0], focus.r + d[1]); }
    else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); opts.onActivate?.(focus.c, focus.r, e); }
    else if (/^[rRкК]$/.test(e.key) && opts.onRotate) { e.preventDefault(); opts.onRotate(focus.c, focus.r); }
    else if (e.key === 'Escape') opts.onCancel?.();
  });
  return {
    el, at, get focus() { return focus; }, moveTo,
    // `look(c, r)` → {cls: 'miss'|'hit'|…, state: text, heat: 0..1 | undefined, glyph: a
    // piece's sign}. The name says it all; the glyph is for the eye.
    /** @param {LookAt} look */
    render(look) {
      const sys = coordSystem();
      el.setAttribute('aria-label', opts.name?.() || t(opts.nameKey));
      letters(sys, w).slice(0, w).forEach((l, c) => { colLabs[c].textContent = l.toUpperCase(); });
      for (let r = 0; r < hgt; r++) for (let c = 0; c < w; c++) {
        const cell = at(c, r), v = look(c, r);
        cell.className = 'cell ' + (v.cls || '');
        cell.setAttribute('aria-label', label(sys, w, c, r) + ', ' + v.state);
        if (cell.textContent !== (v.glyph || '')) cell.textContent = v.glyph || '';
        if (v.heat !== undefined) cell.style.setProperty('--heat', String(v.heat));
        else cell.style.removeProperty('--heat');
      }
    },
  };
}
