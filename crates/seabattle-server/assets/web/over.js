// @ts-check
// The end of a game, as a dialog over the boards: the result, each side's shots and
// accuracy, what to do next, and behind «Подробнее» the fairness check (each revealed
// fleet hashed in the browser against the commitment published at the start) and the
// referee's verdict, in plain words and from the reader's seat («Ваш флот», «Флот
// компьютера»), with how to check it oneself.
import { esc } from './dom.js';
import { t, lang, coordSystem, accountName } from './i18n.js';
import { seatName, seatLabel, opponentAccount } from './view.js';
import { moderation } from './account.js';
import { sha256 } from './sha256.js';
import { state } from './store.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./app.js').App} App */

/** @type {Map<string, boolean[] | null>} */
const checks = new Map(); // game id → [bool, bool] once hashed
const asked = new Set(); // games this page asked a rematch of
const closed = new Set(); // games whose dialog the player closed
let shown = '';
/** The analysis' module, loaded when a game is first over (it is no part of the first
 * visit). @type {typeof import('./analysis.js') | null} */
let A = null;
/** @type {Promise<unknown> | null} */
let loadingA = null;
// The analysis' lines as last drawn, for blind mode's «итоги».
let spoken = '';

/** @param {State} S @param {() => void} redraw @returns {boolean[] | null} */
function verify(S, redraw) {
  const r = S.result;
  if (!r) return null;
  if (checks.has(S.game)) return checks.get(S.game) ?? null;
  checks.set(S.game, null);
  // The commitments given at the start of the battle, kept since; the result's own copy
  // only if this browser never saw the start.
  let given = r.commitments;
  try { given = JSON.parse(localStorage.getItem('sb.commit.' + S.game) ?? 'null') || given; } catch { /* keep the result's */ }
  Promise.all([0, 1].map(async i => (await sha256(r.fleets[i].join(' ') + ':' + r.salts[i])) === given[i]))
    .then(ok => { checks.set(S.game, ok); redraw(); });
  return null;
}

// Shots, hits and accuracy of player p, from what the other side's board shows.
/** @param {State} S @param {number} p */
function stats(S, p) {
  const b = S.boards[p - 1], n = (/** @type {string[] | undefined} */ l) => (l || []).length;
  const shots = n(b.misses) + n(b.hits) + n(b.mines) + n(b.sweepers) + n(b.subs);
  const hits = n(b.hits) + n(b.sweepers) + n(b.subs);
  return { shots, hits, acc: shots ? Math.round((100 * hits) / shots) + '%' : '—' };
}

/** Draws the dialog for the game on screen (the store's), and opens it unless the
 * player closed it. @param {App} app @param {boolean} rematchOffer whether the opponent offers a rematch */
export function drawOver(app, rematchOffer) {
  const el = /** @type {HTMLDialogElement} */ (document.getElementById('over')), S = state(), r = S?.result;
  // Drawn only once the game is over: before, there is nothing to say.
  if (!S || !r) return;
  const ok = verify(S, () => drawOver(app, rematchOffer));
  // At one device, or watching, nobody is «you»: the winner is named.
  const me = S.mode === 'hotseat' ? null : S.seat;
  const head = me ? (r.winner === me ? t('youWin') : t('youLose')) : t('winnerName', seatName(S, r.winner));
  const first = me || 1, second = 3 - first;
  const computer = S.mode.startsWith('computer');
  // The other side as the reader knows it: the computer, or the name they gave.
  // A person by name: an account's linked to its profile, the reader's own marked «Вы».
  const who = (/** @type {number} */ p) => {
    const acc = S.accounts?.[p - 1];
    // A level in a rated game plays under its BOT account: named as any account.
    if (me && p !== me && computer && !acc) return esc(t('computer'));
    // A narrow column breaks a BOT's name after its dot (Computer.|easy), not mid-word.
    const shown = acc && esc(accountName(acc.name)).replaceAll('.', '.<wbr>');
    const name = acc ? `<a href="/u/${encodeURIComponent(acc.name)}">${shown}</a>${acc.bot ? ' BOT' : ''}` : esc(seatLabel(S, p));
    const named = acc || S.names?.[p - 1];
    return me === p && named ? `${name} <span class="you">(${esc(t('you'))})</span>` : name;
  };
  /** @param {number} p */
  const fleetOf = p => {
    const named = S.names?.[p - 1];
    if (me === p) return t('fleetMine');
    if (me && computer) return t('fleetComputer');
    if (named) return t('fleetOfName', named);
    return me ? t('fleetOpp') : t('fleetOfN', p);
  };
  // A two-person game whose opponent left: no rematch until they come back.
  const gone = !!me && (S.mode === 'friend' || S.mode === 'random') && !S.presence[2 - me].present;
  const st = [stats(S, first), stats(S, second)];
  /** @type {(k: string, f: 'shots' | 'hits' | 'acc') => string} */
  const row = (k, f) => `<tr><th scope="row">${t(k)}</th><td>${st[0][f]}</td><td>${st[1][f]}</td></tr>`;
  // A rated game: each seat's rating before and after, «?» while provisional.
  const rated = (/** @type {import('./wire').RatingJson} */ c) => {
    const d = c.after - c.before;
    return `<span class="nw">${c.before}${c.provisional_before ? '?' : ''} →</span> <span class="nw">${c.after}${c.provisional_after ? '?' : ''}</span>`
      + ` <span class="delta ${d >= 0 ? 'up' : 'down'}">(${d >= 0 ? '+' : '−'}${Math.abs(d)})</span>`;
  };
  const ratingRow = r.ratings
    ? `<tr class="rating"><th scope="row">${t('ratingN')}</th><td>${rated(r.ratings[first - 1])}</td><td>${rated(r.ratings[second - 1])}</td></tr>`
    : '';
  // «?» said in plain words where it is shown.
  const provisional = r.ratings?.some(c => c.provisional_before || c.provisional_after) ? `<p class="note">${t('ratingNote')}</p>` : '';
  // Rated was asked for and the game was casual: said again at its end, with why.
  const casual = S.casual && !r.ratings ? `<p class="note casual">${esc(t('casual_' + S.casual))}</p>` : '';
  const fair = ok ? [first, second].map(p => `<li class="${ok[p - 1] ? 'ok' : 'bad'}">${esc(t(ok[p - 1] ? 'fleetSame' : 'fleetChanged', fleetOf(p)))}</li>`).join('') : '<li>…</li>';
  const faults = r.audit.faults.flat();
  const outcome = me ? t(r.winner === me ? 'youWonLow' : 'youLostLow') : t('wonBy', seatName(S, r.winner));
  const answers = faults.length
    ? t('answersBad', lang === 'ru' && r.audit.verdict_ru ? r.audit.verdict_ru : r.audit.verdict)
    : t('answersOk', outcome);
  const rec = `/games/${S.game}/record`;
  // Each side named in plain words for the analysis' lines.
  const plain = (/** @type {number} */ p) => (me === p ? t('you') : me && computer && !S.accounts?.[p - 1] ? t('computer') : seatName(S, p));
  const redraw = () => drawOver(app, rematchOffer);
  // The account across the board, to report or block.
  const them = opponentAccount(S);
  if (!A) loadingA ??= import(`./analysis.js`).then(m => { A = m; redraw(); });
  const reading = A?.analysisOf(S.game, redraw);
  spoken = A && reading ? A.summaryLines(reading, [first, second], plain).join(' ') : '';
  const analysis = A && reading ? A.summaryHtml(reading, S.game, [first, second], plain) : '';
  const html = `<h2 id="overTitle">${t('gameOver')}</h2>
    <h3 class="result ${me ? (r.winner === me ? 'won' : 'lost') : ''}">${esc(head)}</h3><p class="reason">${t('reason_' + r.reason + (me ? (r.winner === me ? '_won' : '_lost') : ''))}</p>
    <table class="stats"><thead><tr><td></td><th scope="col">${who(first)}</th><th scope="col">${who(second)}</th></tr></thead>
    <tbody>${row('shotsN', 'shots')}${row('hitsN', 'hits')}${row('hitRate', 'acc')}${ratingRow}</tbody></table>${provisional}${casual}${analysis}
    ${rematchOffer && !gone ? `<p class="offer">${t('rematchOffered')}</p>` : ''}${asked.has(S.game) && !rematchOffer && !gone ? `<p class="offer">${t('rematchWaiting')}</p>` : ''}
    ${gone ? `<p class="gone">${t('rematchGone')}</p>` : ''}
    <p class="buttons">${S.arena ? arenaButtons(S.arena) : `${S.seat ? `<button id="rematch" class="primary"${asked.has(S.game) || gone ? ' disabled' : ''}>${t('rematch')}</button>` : ''}
    ${arenaBack(S.game)}<a class="btn" href="/">${t('newGame')}</a>`} <button id="overClose" type="button">${t('close')}</button></p>
    ${them ? `<p class="buttons"><button id="overReport" type="button" class="textBtn">${t('report')}</button> <button id="overBlock" type="button" class="textBtn">${t('block')}</button></p>` : ''}
    <details><summary>${t('details')}</summary>
    <p>${t('fairIntro')}</p><ul class="checks">${fair}</ul>
    ${ok && ok.every(Boolean) ? `<p>${t('fairAll')}</p>` : ''}<ul class="checks">
    <li class="${faults.length ? 'bad' : 'ok'}">${esc(answers)}</li>
    ${faults.map(f => `<li class="bad">${esc(f)}</li>`).join('')}</ul>
    <p class="verify">${t('howVerify')} <a href="/protocol.md" target="_blank" rel="noopener">${t('howVerifyLink')}</a>.</p>
    <p class="buttons">${t('recordHelp')} <a href="${rec}.json" download="seabattle-${S.game}.json">${t('download')}</a>
    <a href="${rec}.txt?coords=${encodeURIComponent(coordSystem())}&lang=${lang}" download="seabattle-${S.game}.txt">${t('downloadTxt')}</a>
    <a href="/replay/${S.game}">${t('replay')}</a></p></details>`;
  if (html !== shown) {
    // The same dialog redrawn keeps «Подробнее» open and the focus where it was.
    const open = el.querySelector('details')?.open, focus = document.activeElement?.id;
    shown = html;
    el.innerHTML = html;
    const details = el.querySelector('details');
    if (open && details) details.open = true;
    const focused = focus ? document.getElementById(focus) : null;
    if (focused && el.contains(focused)) focused.focus();
    const b = document.getElementById('rematch');
    if (b) b.onclick = () => { asked.add(S.game); app.send({ type: 'rematch', game: S.game }); drawOver(app, rematchOffer); };
    const report = document.getElementById('overReport'), block = document.getElementById('overBlock');
    if (report && them) report.onclick = () => moderation().then(m => m.openReport(them, S.game));
    if (block && them) block.onclick = () => moderation().then(m => m.openBlock(them));
    const close = document.getElementById('overClose');
    if (close) close.onclick = () => el.close();
    el.onclose = () => closed.add(S.game);
  }
  if (!el.open && !closed.has(S.game)) el.showModal();
}

// «Итоги игры» opens the closed dialog again.
drawOver.reopen = (/** @type {string} */ id) => closed.delete(id);
// Blind mode keeps the player in its command box: the dialog waits for «итоги».
drawOver.keepClosed = (/** @type {string} */ id) => { closed.add(id); };
// The analysis' lines for the game on screen, as blind mode says them.
drawOver.analysisText = () => spoken;
// Whether this page asked for a rematch of game `id`.
drawOver.asked = (/** @type {string} */ id) => asked.has(id);

/** An arena's game: no rematch and no new game outside it; the way back, and the word
 * that the next pairing comes by itself. @param {string} arena */
function arenaButtons(arena) {
  return `<a class="btn primary" href="/arena/${encodeURIComponent(arena)}">${t('backToArena')}</a>`;
}

/** Back to the arena this game came from (arena.js keeps it for the tab), if it did. @param {string} game */
function arenaBack(game) {
  const arena = sessionStorage.getItem('sb.arena');
  if (!arena || !/^[a-z0-9]+$/.test(arena) || sessionStorage.getItem('sb.arenaGame') !== game) return '';
  return `<a class="btn primary" href="/arena/${arena}">${t('backToArena')}</a> `;
}
