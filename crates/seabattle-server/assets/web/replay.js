// The replay page: a finished game's record, stepped through move by move with both
// fleets shown.
import { t } from './i18n.js';
import { makeBoard, halo } from './board.js';
import { shipCells } from './fleet.js';
import { parse, label } from './coords.js';
import { coordSystem } from './i18n.js';

let R = null; // {rec, w, h, step, boards}

// Board size from the rules text: "big15", "12x12 …", "size=8x8", or 10×10.
function dims(rules) {
  const m = /(\d+)x(\d+)/.exec(rules);
  if (m) return [+m[1], +m[2]];
  return rules.startsWith('big15') ? [15, 15] : [10, 10];
}

export async function startReplay(id) {
  const el = document.getElementById('replay');
  el.hidden = false;
  const res = await fetch(`/games/${id}/record.json`);
  if (!res.ok) { el.textContent = t('error', await res.text()); return; }
  const rec = await res.json();
  const [w, h] = dims(rec.rules);
  R = { rec, w, h, step: rec.moves.length, id };
  R.boards = [1, 2].map(p => makeBoard({ width: w, height: h, nameKey: 'board' + p }));
  el.innerHTML = `<h2><span data-t="replay"></span> · ${id}</h2><p class="buttons"><button data-s="start"></button> <button data-s="back"></button>
    <button data-s="forward"></button> <button data-s="end"></button> <span id="step" aria-live="polite"></span></p>
    <div class="boards"><section class="side"><h2 data-t="board1"></h2></section><section class="side"><h2 data-t="board2"></h2></section></div>
    <p class="buttons"><a href="/games/${id}/record.json" download="seabattle-${id}.json" data-t="download"></a> <a href="/" data-t="newGame"></a></p>`;
  const secs = el.querySelectorAll('.boards section');
  R.boards.forEach((b, i) => secs[i].append(b.el));
  el.querySelectorAll('[data-s]').forEach(b => {
    b.onclick = () => {
      const n = rec.moves.length, s = { start: 0, back: R.step - 1, forward: R.step + 1, end: n }[b.dataset.s];
      R.step = Math.max(0, Math.min(n, s));
      rerenderReplay();
    };
  });
  document.addEventListener('keydown', e => {
    const d = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' }[e.key];
    if (d && !e.target.closest('[role=grid]')) el.querySelector(`[data-s=${d}]`).click();
  });
  rerenderReplay();
}

// Draws the boards after `R.step` moves.
export function rerenderReplay() {
  if (!R) return;
  const el = document.getElementById('replay'), { rec, w, h } = R;
  el.querySelectorAll('[data-s]').forEach(b => { b.textContent = t(b.dataset.s); });
  el.querySelectorAll('[data-t]').forEach(e => { e.textContent = t(e.dataset.t); });
  const shots = [new Map(), new Map()]; // shots at player p's waters: key → answer
  let lastText = '';
  rec.moves.slice(0, R.step).forEach(m => {
    (m.shots || []).forEach(([cell, ans]) => shots[2 - m.player].set(cell, ans));
    lastText = m.resign ? t('resignedBy', m.player) : t('playerN', m.player) + ': ' + (m.shots || []).map(([c, a]) => {
      const p = parse(c);
      return label(coordSystem(), w, p.c, p.r) + ' — ' + t(a);
    }).join('; ');
  });
  document.getElementById('step').textContent = t('move', R.step, rec.moves.length) + (lastText ? ' · ' + lastText : '');
  R.boards.forEach((b, i) => {
    const ships = rec.fleets[i].map(shipCells), k = q => q.c + ',' + q.r;
    const hit = new Set([...shots[i]].filter(([, a]) => a !== 'miss').map(([c]) => k(parse(c))));
    const miss = new Set([...shots[i]].filter(([, a]) => a === 'miss').map(([c]) => k(parse(c))));
    const sunkShips = ships.filter(s => s.every(q => hit.has(k(q))));
    const sunk = new Set(sunkShips.flat().map(k)), all = new Set(ships.flat().map(k));
    const hl = new Set(sunkShips.flatMap(s => halo(s, w, h, 'none')).map(k));
    b.render((c, r) => {
      const key = c + ',' + r, cls = all.has(key) ? ['ship'] : [];
      let state = all.has(key) ? t('sShip') : t('sEmpty');
      if (sunk.has(key)) { cls.push('sunk'); state = t('sSunk'); }
      else if (hit.has(key)) { cls.push('hit'); state = t('sHit'); }
      else if (miss.has(key)) { cls.push('miss'); state = t('sMiss'); }
      else if (hl.has(key) && !all.has(key)) cls.push('halo');
      return { cls: cls.join(' '), state };
    });
  });
}
