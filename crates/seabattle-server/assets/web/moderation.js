// @ts-check
// What a player does about another (issue 51): report them to the moderators, block
// them, and the account dialog's list of the blocked with «Разблокировать»; and what
// moderation tells a player at their visit: a warning, once, and a name they must
// change. Loaded only when one of these is needed: the first visit never fetches it.
import { byId, esc, stylesheet } from './dom.js';
import { mt, refused } from './mod-words.js';
import { accountName } from './i18n.js';
import { request } from './account.js';

/** @typedef {import('./wire').ReportReason} ReportReason */
/** @typedef {import('./wire').ModNotice} ModNotice */

const REASONS = /** @type {ReportReason[]} */ (['cheating', 'name', 'abuse', 'stalling', 'other']);

/** What the page around gives this module: whether anyone is signed in, how to open
 * the account dialog, and how to say that the account's name changed.
 * @typedef {{signedIn: () => string | null, openAccount: () => void, renamed: (name: string) => void}} Host */
/** @type {Host} */
let host = { signedIn: () => null, openAccount: () => {}, renamed: () => {} };

/** Wires the module to the page around it, and loads the style its dialogs share
 * with /mod. @param {Host} h */
export function initModeration(h) {
  host = h;
  stylesheet('/assets/mod.css');
}

/** A profile's «Пожаловаться» or «Заблокировать» (`/?report=NAME`, `/?block=NAME`):
 * its dialog, and the address the start page's own. */
export function fromProfile() {
  const q = new URLSearchParams(location.search), report = q.get('report'), block = q.get('block');
  history.replaceState(null, '', '/');
  if (report) openReport(report.slice(0, 20));
  else if (block) openBlock(block.slice(0, 20));
}

/**
 * The module's one dialog, made on first use and filled anew for each question; it
 * gives the focus back where it was when it closes.
 * @param {string} html @param {string} title the id of its heading
 * @param {{modal?: boolean}} [opts] a modal that Escape cannot close (the rename)
 */
function dialog(html, title, { modal = false } = {}) {
  let d = /** @type {HTMLDialogElement | null} */ (byId('modDlg'));
  if (!d) {
    d = document.createElement('dialog');
    d.id = 'modDlg';
    d.className = 'confirm modDlg';
    document.body.append(d);
  }
  d.setAttribute('aria-labelledby', title);
  d.innerHTML = html;
  d.oncancel = e => { if (modal) e.preventDefault(); };
  // Open already (a question, then its answer): the same modal goes on. Another modal
  // (the game-over dialog, a challenge) may be open below: this one goes over it.
  if (!d.open) {
    const back = /** @type {HTMLElement | null} */ (document.activeElement);
    d.onclose = () => back?.focus?.();
    d.showModal();
  }
  return d;
}

/** Closes the module's dialog. */
const done = () => /** @type {HTMLDialogElement | null} */ (byId('modDlg'))?.close();

/** A guest is asked to sign in first: reports and blocks are an account's. */
function signInFirst() {
  const d = dialog(`<h2 id="modDlgTitle">${esc(mt('signInFirst'))}</h2>
    <p class="buttons"><button id="modSignIn" class="primary" type="button">${esc(mt('signIn'))}</button>
    <button id="modCancel" type="button">${esc(mt('close'))}</button></p>`, 'modDlgTitle');
  /** @type {HTMLElement} */ (d.querySelector('#modSignIn')).onclick = () => { done(); host.openAccount(); };
  /** @type {HTMLElement} */ (d.querySelector('#modCancel')).onclick = done;
}

/**
 * Opens the report form for `name` (and the game it is about, if any): a reason and a
 * few words. The reported player is never told, nor who reported them.
 * @param {string} name @param {string} [game]
 */
export function openReport(name, game) {
  if (!host.signedIn()) { signInFirst(); return; }
  const shown = accountName(name);
  const reasons = REASONS.map((r, i) => `<label class="check"><input type="radio" name="reason" value="${r}"${i === 0 ? ' required' : ''}> ${esc(mt('r_' + r))}</label>`).join('<br>');
  const d = dialog(`<form id="reportForm" class="reportForm">
    <h2 id="reportTitle">${esc(mt('reportTitle', shown))}</h2>
    <p class="desc">${esc(mt('reportHelp', shown))}${game ? ' ' + esc(mt('aboutGame', game)) : ''}</p>
    <fieldset><legend>${esc(mt('reason'))}</legend>${reasons}</fieldset>
    <p><label for="reportWords">${esc(mt('words'))}</label><br><textarea id="reportWords" name="words" rows="3" maxlength="500"></textarea></p>
    <p id="reportNote" class="note" role="alert"></p>
    <p class="buttons"><button class="primary" id="reportSend">${esc(mt('send'))}</button> <button id="reportCancel" type="button">${esc(mt('cancel'))}</button></p>
    </form>`, 'reportTitle');
  const form = /** @type {HTMLFormElement} */ (d.querySelector('#reportForm'));
  const note = /** @type {HTMLElement} */ (d.querySelector('#reportNote'));
  /** @type {HTMLElement} */ (d.querySelector('#reportCancel')).onclick = done;
  /** @type {HTMLInputElement} */ (d.querySelector('input[name=reason]')).focus();
  form.onsubmit = async e => {
    e.preventDefault();
    const f = new FormData(form);
    const reason = /** @type {ReportReason} */ (String(f.get('reason') || ''));
    /** @type {import('./wire').NewReport} */
    const body = { player: name, reason, words: String(f.get('words') || '').trim(), game };
    const r = await request('POST', '/account/reports', body);
    if (r?.status !== 201) { note.textContent = refused(r); return; }
    thanks(mt('sent', shown));
  };
}

/** A short answer in the dialog, with «Закрыть». @param {string} text */
function thanks(text) {
  const d = dialog(`<h2 id="modDlgTitle" role="status">${esc(text)}</h2>
    <p class="buttons"><button id="modCancel" class="primary" type="button">${esc(mt('close'))}</button></p>`, 'modDlgTitle');
  const close = /** @type {HTMLElement} */ (d.querySelector('#modCancel'));
  close.onclick = done;
  close.focus();
}

/**
 * Asks whether to block `name`, and blocks them: they can no longer challenge the
 * player nor be paired with them, and their quick chat no longer reaches them.
 * `after` is called once they are blocked.
 * @param {string} name @param {() => void} [after]
 */
export function openBlock(name, after) {
  if (!host.signedIn()) { signInFirst(); return; }
  const shown = accountName(name);
  const d = dialog(`<h2 id="blockTitle">${esc(mt('blockTitle', shown))}</h2>
    <p class="desc">${esc(mt('blockHelp', shown))}</p><p id="blockNote" class="note" role="alert"></p>
    <p class="buttons"><button id="blockYes" class="danger" type="button">${esc(mt('blockYes'))}</button>
    <button id="blockNo" class="primary" type="button">${esc(mt('cancel'))}</button></p>`, 'blockTitle');
  /** @type {HTMLElement} */ (d.querySelector('#blockNo')).onclick = done;
  /** @type {HTMLElement} */ (d.querySelector('#blockNo')).focus();
  /** @type {HTMLElement} */ (d.querySelector('#blockYes')).onclick = async () => {
    const r = await request('POST', `/account/blocks/${encodeURIComponent(name)}`, null);
    if (r?.status !== 204) { /** @type {HTMLElement} */ (d.querySelector('#blockNote')).textContent = refused(r); return; }
    thanks(mt('blocked', shown));
    after?.();
  };
}

/**
 * Draws the account dialog's list of the blocked into `box`, each with
 * «Разблокировать»; `note` says what happened.
 * @param {HTMLElement} box @param {(text: string) => void} note
 */
export async function drawBlocks(box, note) {
  const r = await request('GET', '/account/blocks', null);
  if (r?.status !== 200) { box.replaceChildren(); note(refused(r)); return; }
  const list = /** @type {import('./wire').BlockList} */ (r.json).blocked;
  if (!list.length) {
    box.innerHTML = `<p class="desc">${esc(mt('noneBlocked'))}</p>`;
    return;
  }
  box.innerHTML = `<ul class="blocked">${list.map((n, i) => `<li><a href="/u/${encodeURIComponent(n)}">${esc(accountName(n))}</a>
    <button type="button" data-i="${i}" aria-label="${esc(mt('unblockName', accountName(n)))}">${esc(mt('unblock'))}</button></li>`).join('')}</ul>`;
  box.querySelectorAll('button[data-i]').forEach(b => {
    const name = list[Number(/** @type {HTMLElement} */ (b).dataset.i)];
    /** @type {HTMLButtonElement} */ (b).onclick = async () => {
      const u = await request('DELETE', `/account/blocks/${encodeURIComponent(name)}`, null);
      if (u?.status !== 204) { note(refused(u)); return; }
      note(mt('unblocked', accountName(name)));
      await drawBlocks(box, note);
      /** @type {HTMLElement | null} */ (box.querySelector('button, a'))?.focus();
    };
  });
}

/**
 * What moderation tells the player at this visit, one after the other: a warning
 * (shown once; the server forgets it once said) and a name to change (the dialog
 * stays until it is changed).
 * @param {ModNotice[]} notices
 */
export function showNotices(notices) {
  const [first, ...rest] = notices;
  if (!first) return;
  const next = () => showNotices(rest);
  if (first.kind === 'warned') {
    const d = dialog(`<h2 id="warnTitle">${esc(mt('warnedTitle'))}</h2><p>${esc(mt('warnedText'))}</p><blockquote class="why">${esc(first.reason)}</blockquote>
      <p class="buttons"><button id="warnOk" class="primary" type="button">${esc(mt('understood'))}</button></p>`, 'warnTitle');
    const ok = /** @type {HTMLElement} */ (d.querySelector('#warnOk'));
    ok.onclick = () => { done(); next(); };
    ok.focus();
    return;
  }
  rename(next);
}

/** The forced rename: a new name, or the dialog stays. @param {() => void} next */
function rename(next) {
  const old = host.signedIn() || '';
  const d = dialog(`<form id="renameForm"><h2 id="renameTitle">${esc(mt('renameTitle'))}</h2>
    <p>${esc(mt('renameText', accountName(old)))}</p>
    <p><label for="newName">${esc(mt('newName'))}</label><br><input id="newName" name="name" autocomplete="username" required minlength="3" maxlength="20" size="20"></p>
    <p id="renameNote" class="note" role="alert"></p>
    <p class="buttons"><button class="primary">${esc(mt('renameYes'))}</button></p></form>`, 'renameTitle', { modal: true });
  const form = /** @type {HTMLFormElement} */ (d.querySelector('#renameForm'));
  const input = /** @type {HTMLInputElement} */ (d.querySelector('#newName'));
  input.focus();
  form.onsubmit = async e => {
    e.preventDefault();
    /** @type {import('./wire').NewName} */
    const body = { name: input.value.trim() };
    const r = await request('POST', '/account/rename', body);
    if (r?.status !== 200) { /** @type {HTMLElement} */ (d.querySelector('#renameNote')).textContent = refused(r); return; }
    const name = String(r.json.name || body.name);
    host.renamed(name);
    thanks(mt('renamed', accountName(name)));
    next();
  };
}
