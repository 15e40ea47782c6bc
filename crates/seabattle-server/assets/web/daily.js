// @ts-check
// The daily sea (issue 41): today's puzzle to play, or a past day's reveal to step
// through. Everything comes from the server as a day's JSON (/daily/day/…): each shot
// is sent to it and answered there; the page only draws what it is told. The fleet
// reaches the page only the next day, with its salt, and the page checks it against
// the fingerprint published as the day began.
import { $ } from './dom.js';
import { makeBoard } from './board.js';
import { t, lang, coordSystem, deckName } from './i18n.js';
import { dt } from './daily-words.js';
import { cellKey, canon, cellOf, label } from './coords.js';
import { shipCells, hulls } from './fleet.js';
import { sha256 } from './sha256.js';

/**
 * The day's answers, as the server's types say them (wire.d.ts, generated).
 * @typedef {import('./wire').Fired} Fired
 * @typedef {import('./wire').Bar} Bar
 * @typedef {import('./wire').Streak} Streak
 * @typedef {import('./wire').ResultsJson} Results
 * @typedef {import('./wire').DayJson} Day
 */

/** @type {Day | null} */
let S = null;
let which = 'today';
let pending = false;
/** The shots shown when stepping through a past day; null: all of them. @type {number | null} */
let step = null;
/** Whether the revealed fleet matched the fingerprint; null until checked. @type {boolean | null} */
let verified = null;
/** @type {ReturnType<typeof makeBoard> | null} */
let board = null;

/** Opens the daily sea at `day` ('today' or a date) in the page's #daily section. @param {string} day */
export function startDaily(day) {
  which = day;
  if (!document.querySelector('link[href="/assets/daily.css"]')) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/daily.css' }));
  }
  skeleton();
  load();
}

/** Draws the view again in the page's language. */
export function rerenderDaily() {
  if (!board) return;
  words();
  if (S) render();
}

/** Reads the day again: after signing in or out, who plays changed. */
export function reloadDaily() {
  if (board) load();
}

function skeleton() {
  $('daily').innerHTML = `
  <h2 id="dTitle"></h2>
  <p class="desc" id="dIntro"></p>
  <p class="dCommit"><span id="dCommitLabel"></span> <code id="dCommit"></code></p>
  <p id="dErr" class="error" role="alert" hidden></p>
  <p id="dStartRow" class="dStart" hidden><button id="dStart" class="primary huge" type="button"></button> <span class="desc" id="dStartHelp"></span></p>
  <div class="dPlay">
    <div id="dBoard"></div>
    <div class="dPanel">
      <p id="dShots" class="dShots"></p>
      <p id="dAnswer" class="answer" role="status" aria-live="polite"></p>
      <h3 id="dAfloatTitle"></h3><div id="dAfloat" class="fleet dAfloat"></div>
      <p id="dSteps" class="buttons dSteps" hidden><button id="dFirst" type="button"></button> <button id="dPrev" type="button"></button>
        <button id="dNext" type="button"></button> <button id="dLast" type="button"></button> <span id="dStep" aria-live="polite"></span></p>
    </div>
  </div>
  <section id="dResults" class="dResults" hidden aria-labelledby="dResTitle">
    <h3 id="dResTitle"></h3>
    <p id="dExpert"></p><p id="dRank"></p>
    <div id="dShareBox" class="dShareBox"><h4 id="dShareTitle"></h4><pre id="dShare" class="dShare"></pre>
      <p><button id="dShareBtn" type="button" class="primary"></button> <span id="dCopied" role="status"></span></p></div>
    <p id="dStreak"></p>
    <h4 id="dHistTitle"></h4><ul id="dHist" class="dHist"></ul>
    <h4 id="dBestTitle"></h4><ol id="dBest" class="dBest"></ol>
  </section>
  <section id="dReveal" class="dReveal" hidden aria-labelledby="dRevealTitle">
    <h3 id="dRevealTitle"></h3><p id="dCheck"></p><p id="dSalt" class="dWrap"></p>
    <details><summary id="dHow"></summary><p id="dCommittedLabel"></p><pre id="dCommitted" class="dWrap"></pre><pre id="dCmd" class="dWrap"></pre></details>
  </section>
  <p id="dSoon" class="desc" hidden></p>
  <p id="dNextSea" class="desc" hidden></p>
  <p class="links"><a id="dOther"></a> · <a href="/" id="dHome"></a></p>`;
  board = makeBoard({ nameKey: 'enemyBoard', name: () => dt('board'), width: 10, height: 10, onActivate: activate });
  $('dBoard').append(board.el);
  $('dStart').onclick = () => begin();
  $('dShareBtn').onclick = () => shareResult();
  const to = (/** @type {(n: number) => number} */ f) => () => {
    const n = S?.attempt?.shots.length || 0;
    step = Math.max(0, Math.min(n, f(step ?? n)));
    render();
  };
  $('dFirst').onclick = to(() => 0);
  $('dPrev').onclick = to(i => i - 1);
  $('dNext').onclick = to(i => i + 1);
  $('dLast').onclick = to(() => Infinity);
  words();
}

// The texts that do not depend on the day.
function words() {
  $('dIntro').textContent = dt('intro');
  $('dCommitLabel').textContent = dt('commitment');
  $('dStart').textContent = dt('start');
  $('dStartHelp').textContent = dt('startHelp');
  $('dAfloatTitle').textContent = dt('afloat');
  $('dShareTitle').textContent = dt('shareTitle');
  $('dShareBtn').textContent = dt('share');
  $('dHistTitle').textContent = '';
  $('dBestTitle').textContent = dt('best');
  $('dHow').textContent = dt('howCheck');
  $('dCommittedLabel').textContent = dt('committed');
  $('dHome').textContent = dt('back');
  for (const [id, k] of [['dFirst', 'first'], ['dPrev', 'prev'], ['dNext', 'next'], ['dLast', 'last']]) $(id).textContent = dt(k);
  title();
}

// The heading: the day's date kept on one line.
function title() {
  const h = $('dTitle');
  if (!S) { h.textContent = dt('title'); return; }
  const [before, after] = dt('titleOf', '\u0000').split('\u0000');
  h.replaceChildren(before, Object.assign(document.createElement('span'), { className: 'nowrap', textContent: S.date }), after);
}

async function load() {
  error('');
  const r = await fetch(`/daily/day/${which}`, { credentials: 'same-origin' }).catch(() => null);
  if (!r) return error(dt('errors.unavailable'));
  const body = await r.json().catch(() => ({}));
  // A day with no sea (before the first, after today, not a date): said in words, with
  // the way to today's, and no empty board under it.
  const noDay = !r.ok && (body.code === 'not_found' || body.code === 'bad_request');
  /** @type {HTMLElement} */ ($('daily').querySelector('.dPlay')).hidden = noDay;
  if (noDay) {
    $('dCommit').parentElement?.setAttribute('hidden', '');
    $('dErr').textContent = dt('noDay', which);
    $('dErr').hidden = false;
    Object.assign(/** @type {HTMLAnchorElement} */ ($('dOther')), { href: '/daily', textContent: dt('toToday') });
    return;
  }
  if (!r.ok) return error(refusal(body));
  S = body;
  step = null;
  verified = null;
  render();
  if (S?.reveal) check(S);
}

// The server's refusal in the page's words, with its own detail.
/** @param {{code?: string, message?: string}} body */
function refusal(body) {
  // The page's own words only: the server's detail is English, and would sit inside
  // a Russian sentence.
  const own = body.code ? dt('errors.' + body.code) : '';
  return own && own !== 'errors.' + body.code ? own : body.message || dt('errors.unavailable');
}

/** @param {string} text */
function error(text) {
  $('dErr').textContent = text ? t('error', text) : '';
  $('dErr').hidden = !text;
}

/**
 * @param {string} path @param {object} body
 * @returns {Promise<{ok: boolean, body: any}>}
 */
async function post(path, body) {
  try {
    const r = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { ok: r.ok, body: await r.json().catch(() => ({})) };
  } catch {
    return { ok: false, body: { code: 'unavailable' } };
  }
}

// Starts the attempt; a page that missed its own start (another tab) carries on.
async function begin() {
  if (!S || S.attempt || pending) return true;
  pending = true;
  const r = await post('/daily/start', { date: S.date });
  pending = false;
  if (!r.ok && r.body.code !== 'already_played') { error(refusal(r.body)); return false; }
  if (r.ok) S = r.body; else await load();
  error('');
  render();
  board?.moveTo(board.focus.c, board.focus.r);
  return true;
}

/** @param {number} c @param {number} r */
async function activate(c, r) {
  if (!S || pending || S.reveal || S.attempt?.over) return;
  const cell = canon(c, r), at = label(coordSystem(), 10, c, r);
  const known = (S.attempt?.shots || []).some(s => s.cell === cell || s.halo?.includes(cell));
  if (known) { $('dAnswer').textContent = t('knownShot', at); return; }
  if (!S.attempt && !(await begin())) return;
  pending = true;
  const res = await post('/daily/shot', { date: S.date, cell });
  pending = false;
  if (!res.ok) return error(refusal(res.body));
  error('');
  S = res.body;
  const last = S?.attempt?.shots.at(-1);
  // The daily sea has no pieces: any other answer would be a miss's words.
  /** @type {Record<string, 'shotMiss' | 'shotHit' | 'shotSunk'>} */
  const said = { miss: 'shotMiss', hit: 'shotHit', sunk: 'shotSunk' };
  if (last) $('dAnswer').textContent = dt(said[last.answer] || 'shotMiss', at);
  render();
}

function render() {
  if (!S || !board) return;
  const day = S, a = day.attempt, shots = a?.shots || [];
  title();
  $('dCommit').textContent = day.commitment;
  const playing = !day.reveal && !a?.over;
  $('dStartRow').hidden = !!a || !!day.reveal;
  board.el.classList.toggle('aim', playing && !!a);
  const shown = step === null ? shots : shots.slice(0, step);
  $('dShots').textContent = day.reveal && !a ? dt('noAttempt') : dt('shots', shown.length);
  $('dSteps').hidden = !day.reveal || !shots.length;
  $('dStep').textContent = day.reveal && shots.length ? dt('shotN', shown.length, shots.length) : '';
  $('dAfloatTitle').hidden = !a;
  $('dAfloat').innerHTML = (a?.afloat || []).map(n => `<i role="img" aria-label="${deckName(n)}">${'<b></b>'.repeat(n)}</i>`).join('')
    || (a?.over ? `<span>${dt('allSunk')}</span>` : '');
  drawBoard(shown);
  results(day);
  reveal(day);
  const other = day.reveal ? { href: '/daily', text: dt('today') } : { href: '/daily/' + dayBefore(day.today), text: dt('yesterday') };
  Object.assign(/** @type {HTMLAnchorElement} */ ($('dOther')), { href: other.href, textContent: other.text });
  $('dSoon').hidden = !!day.reveal;
  $('dSoon').textContent = dt('revealSoon');
  nextSea();
}

// Today's view says when the next sea comes, in the player's own time (the server
// draws it at 00:00 UTC).
function nextSea() {
  const el = $('dNextSea');
  el.hidden = !S || S.date !== S.today;
  if (!S || el.hidden) return;
  const [y, m, d] = S.today.split('-').map(Number);
  const next = Date.UTC(y, m - 1, d + 1), min = Math.max(1, Math.ceil((next - Date.now()) / 60000));
  const at = new Date(next).toLocaleTimeString(lang === 'en' ? 'en-GB' : 'ru-RU', { hour: '2-digit', minute: '2-digit' });
  el.textContent = dt('nextSea', min >= 60 ? dt('hm', Math.floor(min / 60), min % 60) : dt('min', min), at);
}
setInterval(() => { if (S) nextSea(); }, 30000);

/** @param {string} date @returns {string} */
const dayBefore = date => new Date(Date.parse(date + 'T00:00:00Z') - 86400000).toISOString().slice(0, 10);

/** @param {Fired[]} shown */
function drawBoard(shown) {
  if (!S || !board) return;
  const misses = new Set(), hits = new Set(), sunk = new Set(), halo = new Set();
  const k = (/** @type {string} */ cell) => { const p = cellOf(cell); return cellKey(p.c, p.r); };
  for (const s of shown) {
    (s.answer === 'miss' ? misses : hits).add(k(s.cell));
    s.ship?.forEach(c => sunk.add(k(c)));
    s.halo?.forEach(c => halo.add(k(c)));
  }
  const fleet = S.reveal ? S.reveal.fleet.map(shipCells) : [];
  const ships = new Set(fleet.flat().map(p => cellKey(p.c, p.r)));
  const sunkShips = shown.filter(s => s.ship).map(s => (s.ship || []).map(cellOf));
  const hull = hulls([...sunkShips, ...fleet]);
  const last = shown.at(-1)?.cell;
  board.render((c, r) => {
    const key = cellKey(c, r), cls = [];
    let state;
    if (ships.has(key)) cls.push('ship', 'reveal');
    if (hull.has(key) && (sunk.has(key) || ships.has(key))) cls.push(hull.get(key));
    if (sunk.has(key)) { cls.push('sunk'); state = t('sSunk'); }
    else if (hits.has(key)) { cls.push('hit'); state = t('sHit'); }
    else if (misses.has(key)) { cls.push('miss'); state = t('sMiss'); }
    else if (halo.has(key)) { cls.push('halo'); state = t('sHalo'); }
    else state = ships.has(key) ? t('sShip') : S?.reveal ? t('sEmpty') : t('sUnknown');
    if (last && canon(c, r) === last) cls.push('last');
    return { cls: cls.join(' '), state };
  });
}

/** @param {Day} day */
function results(day) {
  const res = day.results, a = day.attempt;
  $('dResults').hidden = !res;
  if (!res) return;
  $('dResTitle').textContent = a?.over ? dt('youSank', a.score ?? 0) : '';
  $('dResTitle').hidden = !a?.over;
  $('dExpert').textContent = dt('expert', res.expert);
  $('dRank').textContent = a?.over ? (res.rank ? dt('rank', res.rank, res.ranked_count) : day.player ? '' : dt('guestRank')) : '';
  const share = res.share?.[lang] || '';
  $('dShareBox').hidden = !share;
  $('dShare').textContent = share;
  const rec = res.record;
  $('dStreak').textContent = rec ? [dt('streak', rec.streak.current), dt('longest', rec.streak.longest), rec.best ? dt('bestScore', rec.best) : ''].filter(Boolean).join(' · ') : '';
  $('dHistTitle').textContent = dt('histogram', res.finished);
  const most = Math.max(1, ...res.histogram.map(b => b.count));
  const mine = a?.over ? a.score : null;
  const list = $('dHist');
  list.replaceChildren(...res.histogram.map(b => {
    const li = document.createElement('li');
    li.className = mine !== null && mine >= b.from && mine <= b.to ? 'mine' : '';
    const lab = Object.assign(document.createElement('span'), { className: 'hLab', textContent: `${b.from}–${b.to}` });
    const bar = Object.assign(document.createElement('span'), { className: 'bar' });
    bar.style.setProperty('--w', `${(100 * b.count) / most}%`);
    const n = Object.assign(document.createElement('span'), { className: 'n', textContent: String(b.count) });
    lab.setAttribute('aria-hidden', 'true'); bar.setAttribute('aria-hidden', 'true'); n.setAttribute('aria-hidden', 'true');
    li.append(lab, bar, n, Object.assign(document.createElement('span'), { className: 'sr', textContent: dt('bar', b.from, b.to, b.count) }));
    return li;
  }));
  $('dBest').replaceChildren(...res.ranked.map(r => {
    const li = document.createElement('li');
    li.append(Object.assign(document.createElement('a'), { href: '/u/' + encodeURIComponent(r.name), textContent: r.name }), ` — ${r.score}`);
    return li;
  }));
  $('dBestTitle').hidden = !res.ranked.length;
}

/** @param {Day} day */
function reveal(day) {
  const v = day.reveal;
  $('dReveal').hidden = !v;
  if (!v) return;
  $('dRevealTitle').textContent = dt('revealTitle', day.date);
  $('dSalt').textContent = dt('salt', v.salt);
  $('dCommitted').textContent = v.committed;
  $('dCmd').textContent = `printf 'seabattle-daily-v1\\n%s\\n%s\\n%s' '${day.date}' '${v.fleet.join(' ')}' '${v.salt}' | sha256sum`;
  $('dCheck').textContent = verified === null ? '' : dt(verified ? 'checked' : 'checkBad');
  $('dCheck').className = verified === null ? '' : verified ? 'ok' : 'bad';
}

// The fleet revealed, checked by this browser against the fingerprint of the day.
/** @param {Day} day */
async function check(day) {
  if (!day.reveal) return;
  const text = `seabattle-daily-v1\n${day.date}\n${day.reveal.fleet.join(' ')}\n${day.reveal.salt}`;
  verified = (await sha256(text)) === day.commitment;
  if (S === day) reveal(day);
}

// The result shared: the system's share sheet where there is one, else copied.
async function shareResult() {
  const text = S?.results?.share?.[lang];
  if (!text) return;
  const full = `${text}\n${location.origin}/daily`;
  if (navigator.share) {
    try { await navigator.share({ text: full }); return; } catch (e) {
      if (/** @type {{name?: string}} */ (e)?.name === 'AbortError') return;
    }
  }
  try { await navigator.clipboard.writeText(full); } catch {
    const range = document.createRange();
    range.selectNodeContents($('dShare'));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }
  $('dCopied').textContent = dt('copied');
  setTimeout(() => { $('dCopied').textContent = ''; }, 2000);
}
