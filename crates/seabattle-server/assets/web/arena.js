// @ts-check
// Arena tournaments (issue 41): the list of arenas with a form to make one (/arena),
// and one arena (/arena/ID) with its live standings, its games to watch, the
// player's place, and their game as soon as the server pairs them. Everything comes
// from the server (/arenas.json, /arena/ID/json, asked again every two seconds); the
// page decides nothing: it shows, and sends the player's word (join, pause, berserk).
import { $, esc, stylesheet } from './dom.js';
import { preset, lang } from './i18n.js';
import { at, shownName } from './arena-words.js';
import { signedInName } from './account.js';

/**
 * The arena's answers, as the server's types say them (wire.d.ts, generated).
 * @typedef {import('./wire').ArenaSummary} Summary
 * @typedef {import('./wire').PointJson} Point
 * @typedef {import('./wire').RowJson} Row
 * @typedef {import('./wire').MeJson} Me
 * @typedef {import('./wire').ArenaJson} Arena
 */

/** @type {string} */
let which = 'list';
/** @type {any} */
let S = null;
let skew = 0;
/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;
let note = '';

// What each element was last drawn with: the page reloads every 2 s, and an element is
// drawn again only when what it shows changed, so nothing typed is lost and the focus
// stays where the player put it.
/** @type {WeakMap<Element, string>} */
const drawn = new WeakMap();

/** Sets `el`'s HTML if it changed, the focus kept on the same control or link. @param {Element} el @param {string} html */
function patch(el, html) {
  if (drawn.get(el) === html) return;
  const f = document.activeElement;
  const href = f?.getAttribute('href');
  const key = f && el.contains(f) ? (f.id ? `#${CSS.escape(f.id)}` : href ? `[href="${CSS.escape(href)}"]` : null) : null;
  el.innerHTML = html;
  drawn.set(el, html);
  if (key) /** @type {HTMLElement | null} */ (el.querySelector(key))?.focus();
}

// The language and sign-in the create form was built for: built again only when they change.
let formFor = '';

/** Opens the arenas at `id` ('list' or an arena's id) in the page's #arena section. @param {string} id */
export function startArena(id) {
  which = id;
  stylesheet('/assets/arena.css');
  load();
  timer ??= setInterval(load, 2000);
}

/** Draws the view again in the page's language. */
export function rerenderArena() { if (S) render(); }

/** Reads the arena (or the list) again: after signing in or out. */
export function reloadArena() { load(); }

async function load() {
  const path = which === 'list' ? '/arenas.json' : `/arena/${which}/json`;
  const r = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
  if (!r) return;
  const body = await r.json().catch(() => null);
  if (!r.ok) {
    note = body?.code ? at(`errors.${body.code}`) : at('errors.unavailable');
    S = null;
    render();
    return;
  }
  S = body;
  skew = Date.now() - S.now_ms;
  render();
  // The server paired the player: off to the game, and back here when it is over.
  const game = S.me?.game;
  if (game && sessionStorage.getItem('sb.arenaGame') !== game) {
    sessionStorage.setItem('sb.arenaGame', game);
    sessionStorage.setItem('sb.arena', which);
    location.href = `/g/${game}`;
  }
}

/** @param {string} path @param {unknown} [body] */
async function post(path, body) {
  const r = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }).catch(() => null);
  if (!r) { note = at('errors.unavailable'); render(); return null; }
  if (!r.ok) {
    const e = await r.json().catch(() => null);
    note = e?.code ? `${at(`errors.${e.code}`)} (${e.message})` : at('errors.unavailable');
    render();
    return null;
  }
  note = '';
  return r.status === 204 ? {} : r.json();
}

/** @param {number} ms */
function span(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
}

/** @param {Summary} a */
function when(a) {
  const now = Date.now() - skew;
  if (a.state === 'running') return at('running', span(a.ends_ms - now));
  if (a.state === 'upcoming') return at('upcoming', span(a.starts_ms - now));
  return at('finished');
}

/** @param {Summary} a */
function facts(a) {
  return [preset(a.rules)[0], at('clock', a.clock), at('minutes', a.minutes), a.rated ? at('rated') : at('casual'),
    a.bots ? at('bots') : '', a.min_rated_games ? at('minGames', a.min_rated_games) : '',
    a.by ? at('by', a.by) : at('scheduled')].filter(Boolean).join(' · ');
}

function render() {
  const root = $('arena');
  if (which === 'list') renderList(root); else renderOne(root);
}

/** @param {HTMLElement} root */
function renderList(root) {
  const item = (/** @type {Summary} */ a) => `<li class="aItem ${a.state}"><a href="/arena/${a.id}">${esc(shownName(a))}</a>
    <span class="aWhen">${when(a)}</span><br><span class="desc">${esc(facts(a))}</span></li>`;
  const open = S?.open ?? [], ended = S?.ended ?? [];
  const signed = signedInName();
  // The form is built once (and again for another language or account), never with
  // the list: what the player typed stays.
  if (formFor !== `${lang}:${signed ?? ''}` || !document.getElementById('aForm')) {
    formFor = `${lang}:${signed ?? ''}`;
    drawn.delete(root);
    root.innerHTML = `<h2>${at('title')}</h2><p class="desc aIntro">${at('intro')}</p><div id="aListBody"></div>
    <details class="aCreate"${signed ? '' : ' hidden'}><summary>${at('create')}</summary>
    <form id="aForm" class="aForm">
      <label>${at('name')} <input name="name" maxlength="40"></label>
      <label>${at('rules')} <select name="rules">${['classic', 'classic-corners', 'classic-bent', 'hasbro', 'big15', 'salvo', 'mines', 'minesweepers', 'submarines', 'dutchman']
        .map(p => `<option value="${p}">${esc(preset(p)[0])}</option>`).join('')}</select></label>
      <label>${at('clockLabel')} <input name="clock" type="number" min="5" max="300" value="20" required></label>
      <label>${at('length')} <input name="minutes" type="number" min="10" max="180" value="30" required></label>
      <label>${at('startsIn')} <input name="starts_in" type="number" min="0" max="10080" value="5" required></label>
      <label>${at('minGamesLabel')} <input name="min_rated_games" type="number" min="0" max="1000" value="0"></label>
      <label class="aCheck"><input name="rated" type="checkbox" checked> ${at('ratedLabel')}</label>
      <label class="aCheck"><input name="bots" type="checkbox" checked> ${at('botsLabel')}</label>
      <button class="primary" type="submit">${at('make')}</button>
    </form></details>${signed ? '' : `<p class="desc">${at('signIn')}</p>`}`;
    formReady();
  }
  patch($('aListBody'), `${note ? `<p class="aNote" role="alert">${esc(note)}</p>` : ''}
    <h3>${at('open')}</h3>${open.length ? `<ul class="aList">${open.map(item).join('')}</ul>` : `<p>${at('none')}</p>`}
    ${ended.length ? `<h3>${at('ended')}</h3><ul class="aList">${ended.map(item).join('')}</ul>` : ''}`);
}

/** The create form's handlers, once it is built. */
function formReady() {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById('aForm'));
  if (!form) return;
  const details = /** @type {HTMLDetailsElement} */ (form.parentElement);
  if (sessionStorage.getItem('sb.arenaForm') === '1') details.open = true;
  details.ontoggle = () => sessionStorage.setItem('sb.arenaForm', details.open ? '1' : '0');
  form.onsubmit = async e => {
    e.preventDefault();
    const f = new FormData(form);
    const made = await post('/arena/create', {
      name: String(f.get('name') || ''), rules: String(f.get('rules')), clock: Number(f.get('clock')),
      minutes: Number(f.get('minutes')), starts_in: Number(f.get('starts_in')), rated: f.get('rated') === 'on',
      bots: f.get('bots') === 'on', min_rated_games: Number(f.get('min_rated_games') || 0),
    });
    if (made?.id) location.href = `/arena/${made.id}`;
  };
}

/** @param {Point} p */
function point(p) {
  const cls = p.no_show ? 'noShow' : p.fire ? 'fire' : p.points ? 'win' : 'loss';
  return `<span class="pt ${cls}" title="${at(`pt_${cls}`)}${p.berserk ? ` · ${at('pt_berserk')}` : ''}">${p.points}${p.berserk ? '⚔' : ''}</span>`;
}

/** @param {HTMLElement} root */
function renderOne(root) {
  formFor = '';
  if (!S) {
    patch(root, `<p class="aNote">${esc(note)}</p><p><a href="/arena">${at('toList')}</a></p>`);
    return;
  }
  const /** @type {Arena} */ A = S, a = A.arena, me = A.me;
  const row = (/** @type {Row} */ r) => `<tr class="${me && r.name === me.name ? 'mine' : ''}${r.paused ? ' paused' : ''}">
    <td>${r.rank}</td><td class="aName"><a href="/u/${encodeURIComponent(r.name)}">${esc(r.name)}</a>${r.bot ? ` <span class="botMark">${at('bot')}</span>` : ''}</td>
    <td>${r.rating}${r.provisional ? '?' : ''}</td><td class="aScore">${r.score}${r.fire ? ' 🔥' : ''}</td><td class="aPoints"><span class="pts">${r.points.map(point).join('')}</span></td></tr>`;
  const podium = A.podium?.length ? `<h3>${at('podium')}</h3><ol class="aPodium">${A.podium.map((r, i) => `<li class="p${i + 1}"><span class="medal">${['🥇', '🥈', '🥉'][i]}</span> ${esc(r.name)} <b>${r.score}</b></li>`).join('')}</ol>` : '';
  let mine = '';
  if (me && a.state !== 'finished') {
    const place = me.rank ? `<p>${at('you', me.rank, me.score)}</p>` : '';
    if (me.game) {
      mine = `${place}<p>${at('playing')}</p><p><a class="btn primary" href="/g/${me.game}">${at('play')}</a>
        ${me.berserk ? `<span class="desc">${at('berserkDone', Math.max(1, Math.floor(a.clock / 2)))}</span>` : `<button id="aBerserk" type="button">${at('berserk')} ⚔</button>`}</p>`;
    } else if (me.joined && !me.paused) {
      const others = A.standings.filter(r => r.name !== me.name).length;
      // Honest about the wait: the arena pairs anyone else before the last opponent.
      const next = me.rematch_secs ? at('nextRematch', me.rematch_secs) : me.free ? at('next', me.free, me.wave_secs) : at(others ? 'nextBusy' : 'nextAlone');
      mine = `${place}<p>${at('joined')}</p><p id="aNext">${next}</p><p class="desc">${at('placement')}</p><p><button id="aPause" type="button">${at('pause')}</button></p>`;
    } else if (me.refused) {
      mine = `<p class="aNote">${esc(me.refused)}</p>`;
    } else {
      mine = `${place}${me.withdrawn ? `<p>${at('withdrawn')}</p>` : me.paused ? `<p>${at('paused')}</p>` : ''}
        <p><button id="aJoin" class="primary" type="button">${at('join')}</button></p>`;
    }
  } else if (!me && a.state !== 'finished') {
    mine = `<p class="desc">${at('signIn')}</p>`;
  }
  // Its maker may end it early (the games being played go on, uncounted).
  const ending = me && a.by === me.name && a.state !== 'finished'
    ? `<p><button id="aEnd" type="button">${at('end')}</button></p>` : '';
  const watching = A.playing.length
    ? `<ul class="aGames">${A.playing.map(g => `<li><a href="/g/${g.game}">${esc(g.players[0])} — ${esc(g.players[1])}</a></li>`).join('')}</ul>`
    : `<p class="desc">${at('noGames')}</p>`;
  // The time left is written on its own: the rest is drawn again only when it changes.
  patch(root, `<p><a href="/arena">← ${at('toList')}</a></p><h2>${esc(shownName(a))}</h2>
    <p class="aWhen"></p><p class="desc">${esc(facts(a))}</p>
    ${note ? `<p class="aNote" role="alert">${esc(note)}</p>` : ''}${podium}
    <div class="aMe" aria-live="polite"${mine || ending ? '' : ' hidden'}>${mine}${ending}</div>
    <div class="aBody"><section class="aTable"><h3>${at('standings')}</h3>
    <table class="standings"><thead><tr><th scope="col">${at('rank')}</th><th scope="col">${at('player')}</th><th scope="col">${at('rating')}</th><th scope="col">${at('score')}</th><th scope="col">${at('games')}</th></tr></thead>
    <tbody>${A.standings.map(row).join('')}</tbody></table><p class="desc aLegend">${at('legend')}</p></section>
    <section class="aWatch"><h3>${at('watch')}</h3>${watching}</section></div>`);
  const whenEl = root.querySelector('.aWhen');
  if (whenEl) whenEl.textContent = when(a);
  const on = (/** @type {string} */ id, /** @type {() => void} */ f) => { const b = document.getElementById(id); if (b) b.onclick = f; };
  on('aJoin', async () => { if (await post(`/arena/${a.id}/join`)) load(); });
  on('aPause', async () => { if (await post(`/arena/${a.id}/pause`)) load(); });
  on('aEnd', async () => { if (confirm(at('endSure')) && await post(`/arena/${a.id}/end`)) load(); });
  on('aBerserk', async () => { if (me?.game && await post(`/arena/${a.id}/berserk`, { game: me.game })) load(); });
}
