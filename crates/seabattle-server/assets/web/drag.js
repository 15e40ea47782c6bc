// @ts-check
// Dragging ships with a mouse, pen or finger: from the dock onto the board, around the
// board, or off it back into the dock. A press without movement is left to `click`.
import { cellKey } from './coords.js';

/** @typedef {import('./board.js').Board} Board */
/** @typedef {typeof import('./placement.js')} Placement */

let last = false;
// The element an event happened on, as an element.
const target = (/** @type {Event} */ e) => /** @type {HTMLElement} */ (e.target);

// `board` is the own board, `place` the placement model, `redraw` redraws the page and
// `redrawBoard` the own board alone (all a drag changes once it is under way).
/** @param {Board} board @param {Placement} place @param {() => void} redraw @param {() => void} redrawBoard */
export function enableDrag(board, place, redraw, redrawBoard) {
  /**
   * The drag under way: ship `i` held by its cell `grab`, pressed at (x, y); `at` the
   * key of the cell under it once it moves.
   * @type {{i: number, grab: number, x: number, y: number, fromBoard: boolean, moving?: boolean, at?: string} | null}
   */
  let d = null;
  /** @type {(x: number, y: number) => {c: number, r: number} | null} */
  const cellAt = (x, y) => {
    const el = /** @type {HTMLElement} */ (document.elementFromPoint(x, y)?.closest('.cell'));
    return el && board.el.contains(el) ? { c: Number(el.dataset.c), r: Number(el.dataset.r) } : null;
  };
  /** @param {PointerEvent} e */
  const down = e => {
    if (!place.active() || e.button > 0) return;
    last = false;
    const ship = /** @type {HTMLElement} */ (target(e).closest('.dship'));
    if (ship) {
      const spans = [...ship.children];
      d = { i: Number(ship.dataset.i), grab: Math.max(0, spans.indexOf(target(e))), x: e.clientX, y: e.clientY, fromBoard: false };
      return;
    }
    const p = cellAt(e.clientX, e.clientY);
    const i = p ? place.shipAt(p.c, p.r) : -1;
    const cells = i < 0 ? null : place.cellsOfShip(i);
    // Only a ship on the board is under the pointer: a docked one has no cells.
    if (!p || !cells) return;
    d = { i, grab: cells.findIndex(q => q.c === p.c && q.r === p.r), x: e.clientX, y: e.clientY, fromBoard: true };
  };
  /** @param {PointerEvent} e */
  const move = e => {
    if (!d) return;
    if (!d.moving && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    e.preventDefault();
    const p = cellAt(e.clientX, e.clientY), at = p ? cellKey(p.c, p.r) : '';
    // Only a new hovered cell moves the ghost.
    if (d.moving && at === d.at) return;
    const first = !d.moving;
    d.moving = true;
    if (first) place.dragging(d.i);
    d.at = at;
    place.setGhost(p ? d.i : null, p?.c, p?.r, d.grab);
    if (first) redraw(); else redrawBoard();
  };
  /** @param {PointerEvent} e */
  const up = e => {
    if (!d) return;
    const drag = d;
    d = null;
    if (!drag.moving) return;
    last = true;
    const p = cellAt(e.clientX, e.clientY);
    if (p) place.put(drag.i, p.c, p.r, drag.grab);
    else if (drag.fromBoard) place.unplace(drag.i);
    place.setGhost(null);
    place.hold(null);
    place.dragging(null);
    redraw();
  };
  document.addEventListener('pointerdown', down);
  document.addEventListener('pointermove', move, { passive: false });
  document.addEventListener('pointerup', up);
  document.addEventListener('pointercancel', () => { d = null; if (place.active()) { place.setGhost(null); place.dragging(null); redraw(); } });
  // A click (or Enter) on a dock ship picks it up for the keyboard: arrows, Enter, R.
  document.getElementById('dock')?.addEventListener('click', e => {
    const ship = /** @type {HTMLElement} */ (target(e).closest('.dship'));
    if (!ship || last) { last = false; return; }
    place.hold(Number(ship.dataset.i));
    const f = board.focus;
    place.setGhost(Number(ship.dataset.i), f.c, f.r);
    redraw();
    board.moveTo(f.c, f.r);
  });
}

// Whether the last press was a drag (so its click is not also a tap).
enableDrag.dragged = () => { const v = last; last = false; return v; };
