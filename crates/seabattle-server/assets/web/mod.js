// @ts-check
// The moderators' page (/mod, issue 51): the open reports grouped by player, the
// heaviest first, each with the reported games (their replays and quick chat), the
// player's figures and, where a game was analysed, their accuracy in it; an action on each (its reason
// required, the player's reports resolved by it); an action on any player or arena;
// and the moderation log. The server checks the role on every request: anyone else is
// told the page is for moderators, with a way to sign in.
import { $, esc, stylesheet } from './dom.js';
import { request } from './account.js';
import { accountName, lang, TEXTS } from './i18n.js';
import { mt, refused } from './mod-words.js';

/** @typedef {import('./wire').ReportedPlayer} ReportedPlayer */
/** @typedef {import('./wire').ModLogEntry} ModLogEntry */
/** @typedef {import('./wire').ModAction} ModAction */

/** The actions on a player, in the order the menu lists them (the role is the
 * operator's, an arena has a form of its own). @type {ModAction[]} */
const ON_PLAYER = ['warn', 'mute', 'mark_engine', 'unmark_engine', 'force_rename', 'close', 'reopen', 'disable_bot'];

/** What the server last said: the reports and the log, or the refusal. */
let reports = /** @type {ReportedPlayer[] | null} */ (null);
let log = /** @type {ModLogEntry[]} */ ([]);
let refusal = '';
/** The line that says what the last action did. */
let said = '';

/** Opens the page: its style, then what the server has. */
export function startMod() {
  stylesheet('/assets/mod.css');
  draw();
  reloadMod();
}

/** Reads the reports and the log again (after signing in, after an action). */
export async function reloadMod() {
  const [r, l] = await Promise.all([request('GET', '/mod/reports', null), request('GET', '/mod/log', null)]);
  const failed = [r, l].find(a => a?.status !== 200);
  reports = failed === undefined ? /** @type {ReportedPlayer[]} */ (r?.json) : null;
  log = failed === undefined ? /** @type {ModLogEntry[]} */ (l?.json) : [];
  refusal = failed === undefined ? '' : refused(failed);
  draw();
}

/** Re-says the page in the current language. */
export function rerenderMod() { draw(); }

/** A date and time from seconds since the epoch, in the page's language. @param {number} secs */
const when = secs => new Date(secs * 1000).toLocaleString(lang === 'en' ? 'en-GB' : 'ru-RU', { dateStyle: 'short', timeStyle: 'short' });

/** A name linked to its profile. @param {string} name */
const profile = name => `<a href="/u/${encodeURIComponent(name)}">${esc(accountName(name))}</a>`;

/** A number in the page's language (0,25 or 0.25). @param {number} x */
const num = x => x.toLocaleString(lang === 'en' ? 'en-GB' : 'ru-RU', { maximumFractionDigits: 2 });

/** A quick-chat phrase in the page's language. @param {import('./wire').Phrase} p */
const phrase = p => TEXTS[lang === 'en' ? 'en' : 'ru'].chat[p] ?? p;

/** A share as a percentage, or «—». @param {number | undefined} x */
const pct = x => (x == null ? '—' : `${Math.round(x * 100)}%`);

/**
 * An action form: on the player `name` (with the resolve box), or on anyone (with a
 * name field). Its fields are numbered by `n` so that every label has its own.
 * @param {number} n @param {string | null} name
 */
function actionForm(n, name) {
  const options = ON_PLAYER.map(a => `<option value="${a}">${esc(mt('a_' + a))}</option>`).join('');
  return `<form class="act" data-n="${n}"${name ? ` data-player="${esc(name)}"` : ''}>
    ${name ? '' : `<p><label for="player${n}">${esc(mt('player'))}</label> <input id="player${n}" name="player" required maxlength="20" size="16" autocomplete="off"></p>`}
    <p><label for="action${n}">${esc(mt('action'))}</label> <select id="action${n}" name="action">${options}</select>
    <span class="minutes" hidden><label for="minutes${n}">${esc(mt('minutes'))}</label> <input id="minutes${n}" name="minutes" type="number" min="1" max="525600" value="60" size="6"></span></p>
    <p><label for="why${n}">${esc(mt('why'))}</label><br><input id="why${n}" name="reason" required maxlength="500" class="why"></p>
    ${name ? `<p><label class="check"><input type="checkbox" name="resolve" checked> ${esc(mt('resolve'))}</label></p>` : ''}
    <p><button class="primary">${esc(mt('act'))}</button></p></form>`;
}

/** One reported player: their marks, figures, reports and the action form.
 * @param {ReportedPlayer} p @param {number} n */
function player(p, n) {
  const f = p.figures;
  const marks = [p.engine ? mt('engineMark') : '', p.closed ? mt('closedMark') : ''].filter(Boolean);
  const lines = p.reports.map(r => {
    const game = r.game ? ` · <a href="/replay/${esc(r.game)}">${esc(mt('inGame', r.game))}</a>` : '';
    const acc = r.analysed_accuracy != null ? ` · ${esc(mt('analysed', Math.round(r.analysed_accuracy)))}` : '';
    const light = r.weight < 1 ? ` · <span class="light">${esc(mt('weightLess', num(r.weight)))}</span>` : '';
    const said = r.chat.map(c => `${esc(c.by ? accountName(c.by) : mt('guestSeat', c.seat))}: ${esc(mt('quoted', phrase(c.phrase)))}`);
    const chat = said.length ? `<span class="chat">${esc(mt('chatSaid'))} ${said.join(', ')}</span>` : '';
    return `<li><strong>${esc(mt('r_' + r.reason))}</strong> — ${esc(mt('from', accountName(r.reporter), when(r.at)))}${game}${acc}${light}
      <br><q>${esc(r.words || mt('noWords'))}</q>${chat}</li>`;
  }).join('');
  return `<article class="reported" aria-labelledby="rp${n}"><h3 id="rp${n}">${profile(p.player)}
    <span class="weight">${esc(mt('reportsN', p.reports.length, num(p.weight)))}</span>${marks.map(m => ` <span class="mark">${esc(m)}</span>`).join('')}</h3>
    <p class="figures">${esc(mt('figures', f.games, f.wins, pct(f.accuracy), f.mean_shots_to_win == null ? '—' : num(Math.round(f.mean_shots_to_win * 10) / 10)))}</p>
    <ul class="reports">${lines}</ul>${actionForm(n, p.player)}</article>`;
}

/** The log, newest first. */
function logTable() {
  if (!log.length) return `<p class="desc">${esc(mt('logEmpty'))}</p>`;
  const rows = log.map(e => `<tr><td>${esc(when(e.at))}</td><td>${e.moderator ? profile(e.moderator) : esc(mt('operator'))}</td>
    <td>${esc(mt('a_' + e.action))}${e.detail ? ' ' + esc(mt('detail', e.detail)) : ''}${e.resolved ? ' · ' + esc(mt('resolvedLog', e.resolved)) : ''}</td>
    <td>${e.action === 'close_arena' ? `<a href="/arena/${esc(e.target)}">${esc(e.target)}</a>` : profile(e.target)}</td><td>${esc(e.reason)}</td></tr>`).join('');
  return `<div class="scroll" role="region" aria-labelledby="modLogTitle" tabindex="0"><table class="modLog">
    <thead><tr><th scope="col">${esc(mt('when'))}</th><th scope="col">${esc(mt('who'))}</th><th scope="col">${esc(mt('what'))}</th>
    <th scope="col">${esc(mt('whom'))}</th><th scope="col">${esc(mt('whyCol'))}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** Draws the page from what the server last said. */
function draw() {
  const el = $('mod');
  const focus = document.activeElement?.id;
  if (refusal || reports === null) {
    el.innerHTML = `<h1 id="modTitle">${esc(mt('modTitle'))}</h1>
      <p class="note" role="status">${esc(refusal || mt('loading'))}</p>
      ${refusal ? `<p class="desc">${esc(mt('modOnly'))}</p><p><button id="modSignIn" type="button" class="primary">${esc(mt('signIn'))}</button></p>` : ''}`;
    const b = document.getElementById('modSignIn');
    if (b) b.onclick = () => $('accountBtn').click();
    return;
  }
  const list = reports.length ? reports.map((p, i) => player(p, i)).join('') : `<p class="desc">${esc(mt('noReports'))}</p>`;
  el.innerHTML = `<h1 id="modTitle">${esc(mt('modTitle'))}</h1>
    <p id="modSaid" class="note" role="status" tabindex="-1">${esc(said)}</p>
    <h2>${esc(mt('openReports'))}</h2>${list}
    <section class="modAny" aria-labelledby="anyTitle"><h2 id="anyTitle">${esc(mt('anyPlayer'))}</h2>${actionForm(reports.length, null)}</section>
    <section class="modAny" aria-labelledby="arenaTitle"><h2 id="arenaTitle">${esc(mt('arenaTitle'))}</h2>
    <form class="act" data-arena="1"><p><label for="arenaId">${esc(mt('arenaId'))}</label> <input id="arenaId" name="arena" required pattern="[a-z0-9]+" maxlength="20" size="12" autocomplete="off"></p>
    <p><label for="arenaName">${esc(mt('arenaName'))}</label> <input id="arenaName" name="name" maxlength="40" size="20"></p>
    <p><label for="arenaWhy">${esc(mt('why'))}</label><br><input id="arenaWhy" name="reason" required maxlength="500" class="why"></p>
    <p><button class="primary">${esc(mt('act'))}</button></p></form></section>
    <h2 id="modLogTitle">${esc(mt('logTitle'))}</h2>${logTable()}`;
  el.querySelectorAll('form.act').forEach(f => wire(/** @type {HTMLFormElement} */ (f)));
  const back = focus ? document.getElementById(focus) : null;
  if (back && el.contains(back)) back.focus();
}

/** Wires an action form: the minutes shown for a mute, and the request sent.
 * @param {HTMLFormElement} form */
function wire(form) {
  const action = /** @type {HTMLSelectElement | null} */ (form.elements.namedItem('action'));
  const minutes = /** @type {HTMLElement | null} */ (form.querySelector('.minutes'));
  if (action && minutes) action.onchange = () => { minutes.hidden = action.value !== 'mute'; };
  form.onsubmit = async e => {
    e.preventDefault();
    const f = new FormData(form), text = (/** @type {string} */ k) => String(f.get(k) ?? '').trim();
    /** @type {import('./wire').ModRequest} */
    const body = form.dataset.arena
      ? { action: 'close_arena', arena: text('arena'), name: text('name') || undefined, reason: text('reason'), resolve: false }
      : {
        action: /** @type {ModAction} */ (text('action')),
        player: form.dataset.player ?? text('player'),
        reason: text('reason'),
        minutes: text('action') === 'mute' ? Number(text('minutes')) : undefined,
        resolve: f.get('resolve') === 'on',
      };
    const r = await request('POST', '/mod/act', body);
    if (r?.status !== 200) {
      said = refused(r);
    } else {
      const e = /** @type {ModLogEntry} */ (r.json);
      said = mt('done', mt('a_' + e.action), e.action === 'close_arena' ? e.target : accountName(e.target), e.id) + (e.resolved ? mt('resolvedN', e.resolved) : '');
    }
    await reloadMod();
    $('modSaid').focus?.();
  };
}
