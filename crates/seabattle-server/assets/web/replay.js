// @ts-check
// The replay page: a finished game's record, stepped through move by move with both
// fleets shown. The server replays the record and sends the boards after each move
// (`frames.json`); the page draws them.
import { $, esc } from './dom.js';
import { t, coordSystem, answerText } from './i18n.js';
import { makeBoard } from './board.js';
import { shipCells, hulls } from './fleet.js';
import { pieceLook, piecesOf } from './view.js';
import { cellOf, label, cellKey, keyOf } from './coords.js';

/** @typedef {import('./wire').GameRecord} GameRecord */
/** @typedef {import('./wire').Frames} Frames */
/**
 * The replay shown: the record, its frames, the board's size, the moves shown, the
 * play timer and speed, who played and how it ended, and the two boards.
 * @typedef {{rec: GameRecord, frames: Frames['frames'], w: number, h: number, step: number, id: string,
 *   timer: ReturnType<typeof setTimeout> | null, speed: number, mode?: string, winner?: import('./wire').Player,
 *   reason?: import('./wire').EndReason, boards?: import('./board.js').Board[]}} Replay
 */
/** @type {Replay | null} */
let R = null;
/** The analysis' module, loaded with the replay (no part of the first visit).
 * @type {typeof import('./analysis.js') | null} */
let A = null;
// The table of every shot, drawn once the analysis is known (and again in another language).
let allShown = '';
/** The replay loaded, where it must be there: every caller runs once it is set. @returns {Replay} */
function replay() {
  if (!R) throw new Error('the replay is read before it was loaded');
  return R;
}
/** @type {(e: Event) => HTMLElement} */
const target = e => /** @type {HTMLElement} */ (e.target);

// `missing()` shows the «no such game» screen.
/** @param {string} id @param {() => void} missing */
export async function startReplay(id, missing) {
  const el = $('replay');
  el.hidden = false;
  const [res, fres] = await Promise.all([`/games/${id}/record.json`, `/games/${id}/frames.json`].map(u => fetch(u)));
  const bad = [res, fres].find(r => !r.ok);
  if (bad?.status === 404) return missing();
  if (bad) {
    const why = bad.status === 409 ? t('notOver') : t('error', await bad.text());
    el.innerHTML = `<p class="error" role="alert"></p><p><a class="btn primary" href="/" data-t="newGame"></a></p>`;
    const error = el.querySelector('.error'), home = el.querySelector('a');
    if (error) error.textContent = why;
    if (home) home.textContent = t('newGame');
    return;
  }
  /** @type {[GameRecord, Frames]} */
  const [rec, { spec, frames, mode, winner, reason }] = await Promise.all([res.json(), fres.json()]);
  const w = spec.width, h = spec.height;
  R = { rec, frames, w, h, step: 0, id, timer: null, speed: 1, mode, winner, reason };
  R.boards = [1, 2].map(p => makeBoard({ width: w, height: h, nameKey: 'board' + p }));
  el.innerHTML = `<h2><span data-t="replay"></span> · ${id}</h2><p class="buttons"><button data-s="start"></button> <button data-s="back"></button>
    <button data-s="forward"></button> <button data-s="end"></button> <button id="rPlay" class="primary" aria-pressed="false"></button>
    <label><span data-t="speed"></span> <select id="rSpeed"><option value="0.5">×0.5</option><option value="1" selected>×1</option><option value="2">×2</option><option value="4">×4</option></select></label>
    <span id="step" aria-live="polite"></span></p>
    <p id="rWho" class="desc"></p><p id="rWon" class="big"></p>
    <div class="boards"><section class="side"><h2 data-t="board1"></h2></section><section class="side"><h2 data-t="board2"></h2></section></div>
    <section id="rAnalysis" aria-labelledby="anH" hidden><h2 id="anH"></h2><ul id="rSum"></ul><p id="rJudge" aria-live="polite"></p>
    <div id="rChart"></div><details id="rAllBox" hidden><summary id="rAllSum"></summary><div id="rAll"></div></details><p id="rHelp" class="desc"></p></section>
    <p class="buttons"><a href="/games/${id}/record.json" download="seabattle-${id}.json" data-t="download"></a> <a href="/" data-t="newGame"></a></p>`;
  const secs = el.querySelectorAll('.boards section');
  R.boards.forEach((b, i) => secs[i].append(b.el));
  /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-s]')).forEach(b => {
    b.onclick = () => {
      const n = rec.moves.length, s = /** @type {Record<string, number>} */ ({ start: 0, back: replay().step - 1, forward: replay().step + 1, end: n })[b.dataset.s ?? ''];
      replay().step = Math.max(0, Math.min(n, s));
      stop();
      rerenderReplay();
    };
  });
  // Play steps a move a second (at ×1) until the end or a pause.
  const tick = () => {
    if (replay().step >= rec.moves.length) return stop();
    replay().step++;
    rerenderReplay();
    replay().timer = setTimeout(tick, 1000 / replay().speed);
  };
  const stop = () => { clearTimeout(replay().timer ?? undefined); replay().timer = null; rerenderReplay(); };
  $('rPlay').onclick = () => {
    if (replay().timer) return stop();
    if (replay().step >= rec.moves.length) replay().step = 0;
    replay().timer = setTimeout(tick, 400 / replay().speed);
    rerenderReplay();
  };
  $('rSpeed').onchange = e => { replay().speed = +(/** @type {HTMLSelectElement} */ (e.target)).value; };
  document.addEventListener('keydown', e => {
    const d = /** @type {Record<string, string>} */ ({ ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' })[e.key];
    if (d && !target(e).closest('[role=grid]')) /** @type {HTMLElement} */ (el.querySelector(`[data-s=${d}]`)).click();
  });
  // The table's move numbers step the replay there.
  $('rAll').onclick = e => {
    const to = target(e).closest('button')?.dataset.step;
    if (to) { replay().step = +to; stop(); }
  };
  import(`./analysis.js`).then(m => {
    A = m;
    rerenderReplay();
  });
  rerenderReplay();
}

/** The analysis' part of the replay at `R.step`: the summary, this move's judgement, the
 * chart and the table; the judged move's marks for the boards. @param {Replay} R
 * @returns {{best: Set<string>, marked: Map<string, string>}} */
function drawAnalysis(R) {
  const none = { best: new Set(), marked: new Map() };
  if (!A) return none;
  const reading = A.analysisOf(R.id, rerenderReplay), name = (/** @type {number} */ p) => t('playerN', p);
  // Shown once its words are there; the table and the help once the analysis is.
  $('rAnalysis').hidden = false;
  $('anH').textContent = A.at('title');
  $('rSum').innerHTML = A.summaryLines(reading, [1, 2], name).map(l => `<li>${esc(l)}</li>`).join('');
  if (reading.kind !== 'ready') return none;
  const a = reading.a, move = R.rec.moves[R.step - 1], judged = move?.shots ? A.shotsOfMove(a, R.step) : [];
  $('rJudge').textContent = R.step === 0 ? '' : judged.length
    ? A.at('move', R.step) + ' · ' + t('playerN', move.player) + ': ' + judged.map(s => A?.shotLine(s, R.w)).join('; ') : A.at('noShot');
  $('rChart').innerHTML = A.chart(a, R.rec.moves.length, name, R.step, $('rChart').clientWidth);
  $('rAllSum').textContent = A.at('shots');
  $('rAllBox').hidden = false;
  $('rHelp').textContent = A.at('help');
  const all = A.shotTable(a, R.w, name);
  if (all !== allShown) {
    allShown = all;
    $('rAll').innerHTML = all;
    // Come from the dialog's link: the analysis, once it is there.
    if (location.hash === '#analysis') $('rAnalysis').scrollIntoView();
  }
  // The judged volley's best cells (where it was not fired itself) and its shots' verdicts.
  const best = new Set(judged.filter(s => s.p < s.best).flatMap(s => s.best_cells).map(keyOf));
  const marked = new Map(judged.filter(s => s.verdict !== 'fine').map(s => [keyOf(s.cell), s.verdict]));
  return { best, marked };
}

// Draws the boards after `R.step` moves.
export function rerenderReplay() {
  if (!R) return;
  const el = $('replay'), { rec, w } = R;
  /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-s]')).forEach(b => { b.textContent = t(b.dataset.s ?? ''); });
  const pb = $('rPlay');
  pb.textContent = R.timer ? t('pause') : t('play2');
  pb.setAttribute('aria-pressed', String(!!R.timer));
  /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-t]')).forEach(e => { e.textContent = t(e.dataset.t ?? ''); });
  let lastText = '';
  const said = (/** @type {[string, string]} */ [c, a]) => { const p = cellOf(c); return label(coordSystem(), w, p.c, p.r) + ' — ' + answerText(a); };
  // A flying ship stands where its last move took it (the record has every move).
  const fleets = rec.fleets.slice();
  rec.moves.slice(0, R.step).forEach(m => {
    const p = m.reveal ? cellOf(m.reveal) : null;
    if (m.relocate) fleets[m.player - 1] = [m.relocate];
    // A dying shot follows the volley that sank the submarine, in the same line.
    lastText = m.resign ? t('resignedBy', m.player)
      : m.relocate ? t('playerMoved', m.player)
      : p ? t('playerShowed', m.player) + ': ' + label(coordSystem(), w, p.c, p.r)
      : m.dying ? lastText + ' · ' + t('torpedo') + ' ' + said(m.dying)
      : m.shots ? t('playerN', m.player) + ': ' + m.shots.map(said).join('; ') : lastText;
  });
  $('step').textContent = t('move', R.step, rec.moves.length) + (lastText ? ' · ' + lastText : '');
  // Who was who, and (at the end) who won and how: the server says, from the game.
  const who = (/** @type {number} */ p) => { const mode = replay().mode; return mode?.startsWith('computer:') && p === 2 ? t('computerN', t(mode.slice(9))) : t('person'); };
  $('rWho').textContent = R.mode ? t('replayWho', who(1), who(2)) : '';
  const winner = R.winner;
  $('rWon').textContent = winner && R.step === rec.moves.length ? t('replayWon', winner, t('reason_' + R.reason)) : '';
  // The last move's cells are ringed, as in the game.
  const lastMove = rec.moves[R.step - 1];
  const lastCells = new Set((lastMove?.shots || []).map(([c]) => keyOf(c)).concat(lastMove?.dying ? [keyOf(lastMove.dying[0])] : [])
    .concat(lastMove?.reveal ? [keyOf(lastMove.reveal)] : []));
  const lastBoard = lastMove ? (lastMove.reveal || lastMove.relocate ? lastMove.player - 1 : 2 - lastMove.player) : -1;
  const { best, marked } = drawAnalysis(R);
  (R.boards ?? []).forEach((b, i) => {
    // Player i+1's waters: what the other player knew of them after this many moves.
    const known = replay().frames[replay().step][1 - i], keys = (/** @type {string[]} */ list) => new Set(list.map(keyOf));
    const all = new Set(fleets[i].flatMap(shipCells).map(q => cellKey(q.c, q.r)));
    const hull = hulls(fleets[i].map(shipCells));
    const hit = keys(known.hits), miss = keys(known.misses), sunk = keys(known.sunk.flat()), hl = keys(known.empty);
    const pieces = piecesOf(rec.fleets[i]), struck = keys([known.mines, known.sweepers, known.subs].flat().filter(x => x !== undefined));
    b.render((c, r) => {
      const key = cellKey(c, r), cls = all.has(key) ? ['ship', hull.get(key)] : [];
      let state = all.has(key) ? t('sShip') : t('sEmpty');
      const kind = pieces.get(key);
      if (kind) { const v = pieceLook(kind, struck.has(key)); return { ...v, cls: v.cls.join(' ') }; }
      if (sunk.has(key)) { cls.push('sunk'); state = t('sSunk'); }
      else if (hit.has(key)) { cls.push('hit'); state = t('sHit'); }
      else if (miss.has(key)) { cls.push('miss'); state = t('sMiss'); }
      else if (hl.has(key) && !all.has(key)) { cls.push('halo'); state = t('sHalo'); }
      if (i === lastBoard && lastCells.has(key)) cls.push('last');
      const verdict = i === lastBoard ? marked.get(key) : undefined;
      if (verdict && A) { cls.push(verdict); state += ', ' + A.at(verdict === 'wasted' ? 'wastedMark' : 'mistakeMark'); }
      if (i === lastBoard && best.has(key) && A) { cls.push('best'); state += ', ' + A.at('bestCell'); }
      return { cls: cls.join(' '), state };
    });
  });
}
