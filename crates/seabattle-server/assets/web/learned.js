// @ts-check
// What the computer learned about this browser's player: the key it plays under (kept
// here, sent only with games against the computer and with `learned`/`forget`), and a
// dialog with the habit found in words, a heat map of their ship cells, the number of
// past fleets, and Erase.
import { $ } from './dom.js';
import { t, coordSystem, preset } from './i18n.js';
import { label, letters } from './coords.js';

/** @typedef {import('./wire').LearnedJson} LearnedJson */
/** @typedef {import('./wire').Send} Send */

const dialog = () => /** @type {HTMLDialogElement} */ ($('learnedDlg'));
const erase = () => /** @type {HTMLButtonElement} */ ($('learnedErase'));
/** @type {Send} */
let send = () => { throw new Error('learned: a message sent before initLearned'); };
// What the server said, the rules played most first; null while it is asked.
/** @type {LearnedJson[] | null} */
let histories = [];
let shown = 0;

import { playerKey } from './key.js';

/** Opens the dialog and asks the server what it learned. */
export function openLearned() {
  histories = null;
  render();
  dialog().showModal();
  send({ type: 'learned', player: playerKey() });
}

/** @param {Send} sendFn */
export function initLearned(sendFn) {
  send = sendFn;
  $('learnedClose').onclick = () => dialog().close();
  erase().onclick = () => send({ type: 'forget', player: playerKey() });
  $('learnedRules').onchange = e => { shown = +(/** @type {HTMLSelectElement} */ (e.target)).value; render(); };
}

// `learned` and `forgotten` from the server.
/** @param {import('./wire').Server.Learned | import('./wire').Server.Forgotten} m */
export function onLearned(m) {
  if (m.type === 'forgotten') { histories = []; $('learnedNote').textContent = t('learnedErased'); render(false); return; }
  // The rules played most first.
  histories = (m.histories || []).slice().sort((a, b) => b.fleets.length - a.fleets.length);
  shown = 0;
  render();
}

export function rerenderLearned() { if (dialog().open) render(); }

function render(clearNote = true) {
  if (clearNote) $('learnedNote').textContent = '';
  const grid = $('learnedGrid'), pick = /** @type {HTMLSelectElement} */ ($('learnedRules'));
  grid.replaceChildren();
  if (histories === null) { $('learnedCount').textContent = '…'; $('learnedHabit').textContent = ''; pick.hidden = true; erase().disabled = true; return; }
  const total = histories.reduce((n, h) => n + h.fleets.length, 0);
  $('learnedCount').textContent = total ? t('learnedCount', total) : t('learnedNone');
  erase().disabled = total === 0;
  pick.replaceChildren(...histories.map((h, i) => Object.assign(document.createElement('option'),
    { value: i, textContent: `${preset(h.rules)[0]} · ${h.fleets.length}` })));
  pick.value = String(shown);
  pick.hidden = histories.length < 2;
  const h = histories[shown];
  grid.hidden = !h;
  $('learnedHabit').textContent = h ? habitWords(h.habit) : '';
  if (!h) return;
  grid.style.setProperty('--w', String(h.width + 1));
  const sys = coordSystem();
  // The board's coordinates around the map, as the game's boards have them.
  const lab = (/** @type {string} */ text) => Object.assign(document.createElement('b'), { className: 'lab', textContent: text });
  grid.append(lab(''), ...letters(sys, h.width).slice(0, h.width).map(l => lab(l.toUpperCase())));
  for (let r = 0; r < h.height; r++) {
    grid.append(lab(String(r + 1)));
    for (let c = 0; c < h.width; c++) {
      const v = h.heat[r * h.width + c] || 0, d = document.createElement('span');
      d.style.setProperty('--h', String(v));
      d.title = `${label(sys, h.width, c, r)}: ${Math.round(v * 100)}%`;
      grid.append(d);
    }
  }
}

// The habit found, in the reader's words; a few fleets may show none yet, and a name
// from a newer server this page has no words for is left unsaid.
/** @param {import('./wire').LearnedHabit | undefined} habit */
function habitWords(habit) {
  if (!habit) return t('learnedNoHabit');
  const key = `habit_${habit}`, words = t(key);
  return words === key ? '' : words;
}
