// @ts-check
// An account, optional: sign in or up, see who is signed in, sign out here or
// everywhere (docs/protocol.md, "Accounts"). The session is an HttpOnly cookie the
// page never sees; it only asks the server who it is.
import { $, field } from './dom.js';
import { t, preset } from './i18n.js';

const dialog = () => /** @type {HTMLDialogElement} */ ($('accountDlg'));

/** The signed-in account's name, or null for a guest. @type {string | null} */
let signedIn = null;

/** Whether the signed-in account is a BOT (it has tokens, and takes no bot setting). */
let isBot = false;

/** Opens a new socket, which plays as whoever is signed in now. @type {() => void} */
let renewSocket = () => {};

/** The seat tokens this browser keeps, by game. @type {() => Record<string, string>} */
let keptTokens = () => ({});

/** Whether the account holds the moderator role (the dialog links to /mod). */
let isModerator = false;

/** Moderation's module (reports, blocks, notices), loaded when first needed, and told
 * how to reach this dialog. @type {Promise<typeof import('./moderation.js')> | null} */
let modModule = null;
export const moderation = () => (modModule ??= import(`./moderation.js`).then(m => {
  m.initModeration({
    signedIn: () => signedIn,
    openAccount: () => $('accountBtn').click(),
    renamed: name => { remember(name); render(); renewSocket(); },
  });
  return m;
}));

/** The signed-in account's name, or null for a guest. */
export function signedInName() { return signedIn; }

// The name this browser last signed in with, kept so that a guest's visit asks the
// server nothing about accounts (a repeat visit makes no request but the socket).
const REMEMBERED = 'sb.account';

/** A refusal as the server words it: `{code, message}`. @typedef {{code?: string, message?: string}} Refusal */

/**
 * A request to this site's own endpoints (`body` sent as JSON): the answer's status,
 * JSON (none for `204`) and `Retry-After`, or null when the server could not be reached.
 * @param {string} method @param {string} url @param {object | null} body
 * @returns {Promise<{status: number, json: Refusal & Record<string, any>, retry: string | null} | null>}
 */
export async function request(method, url, body) {
  try {
    const r = await fetch(url, {
      method,
      headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : body ? JSON.stringify(body) : '',
      credentials: 'same-origin',
    });
    /** @type {Refusal & Record<string, any>} */
    let json = {};
    if (r.status !== 204) { try { json = await r.json(); } catch { json = {}; } }
    return { status: r.status, json, retry: r.headers.get('Retry-After') };
  } catch {
    return null;
  }
}

/** Sends `body` to `/account/PATH` (see [`request`]). @param {string} path @param {object | null} body */
export const post = (path, body) => request('POST', '/account/' + path, body);

// The refusal in the page's words: its code, or the server's own words.
/** @param {Refusal} json @param {string | null} retry */
export function refusal(json, retry) {
  const key = 'acc_' + (json.code || 'unavailable');
  const words = t(key, retry || '?');
  return words === key ? json.message || t('acc_unavailable') : words;
}

/** Who is signed in now, kept for the next visit. @param {string | null} name */
function remember(name) {
  signedIn = name;
  if (name) localStorage.setItem(REMEMBERED, name); else localStorage.removeItem(REMEMBERED);
}

function render() {
  $('signedOut').hidden = signedIn !== null;
  $('signedIn').hidden = signedIn === null;
  $('signedInAs').textContent = signedIn ? t('signedInAs', signedIn) : '';
  $('accountBtn').textContent = signedIn ? t('accountOf', signedIn) : t('account');
  // On a phone the account is inside ☰: a guest sees «Войти» beside it (issue 48).
  $('signInBtn').hidden = !!signedIn;
  if (signedIn) /** @type {HTMLAnchorElement} */ ($('myProfile')).href = '/u/' + encodeURIComponent(signedIn);
  $('botChallengesRow').hidden = isBot;
  $('modLinkRow').hidden = !isModerator;
  $('delSureText').textContent = signedIn ? t('deleteSure', signedIn) : '';
}

/** @typedef {{game: string, rules: string, mode: string, rated: boolean, link: string,
 *   opponent: {kind: 'guest' | 'account' | 'deleted' | 'computer', name?: string}}} MyGame */

/** Lists the account's unfinished games, from any device, each resumed by a click. */
async function listGames() {
  const list = $('myGames');
  /** @type {MyGame[]} */
  let games = [];
  try {
    const r = await fetch('/account/games', { credentials: 'same-origin' });
    if (!r.ok) return;
    games = (await r.json()).unfinished || [];
  } catch { return; }
  list.replaceChildren(...games.map(g => {
    const li = document.createElement('li'), a = document.createElement('a');
    const who = g.opponent.kind === 'account' ? g.opponent.name
      : t({ guest: 'oppGuest', computer: 'oppComputer', deleted: 'oppDeleted' }[g.opponent.kind]);
    a.href = g.link;
    a.textContent = t('resumeGame', preset(g.rules)[0], who ?? '') + (g.rated ? ' · ' + t('ratedGame') : '');
    li.append(a);
    return li;
  }));
  if (!games.length) {
    const li = document.createElement('li');
    li.textContent = t('noUnfinished');
    list.replaceChildren(li);
  }
}

/** Re-says the dialog and the button in the current language. */
export function rerenderAccount() { render(); }

/**
 * A seat was taken or resumed: after signing in or up, the game under way becomes the
 * account's only when the new socket resumes it, so an open list is read again then.
 */
export function seated() {
  if (signedIn && dialog().open) listGames();
}

/** @param {string} text */
function note(text) { $('accountNote').textContent = text; }

/** @param {'login' | 'signup'} how */
async function enter(how) {
  const name = field('accName').value.trim(), password = field('accPassword').value;
  if (!name || !password) { note(t('acc_bad_request')); return; }
  note('');
  // What this browser had as a guest goes with the account: what the computer learned
  // and the games it keeps tokens of (the server takes the finished ones).
  const player = localStorage.getItem('sb.player') || undefined;
  const games = Object.entries(keptTokens()).slice(-200).map(([game, token]) => ({ game, token }));
  const r = await post(how, { name, password, guest: { player, games } });
  if (!r) { note(t('acc_unavailable')); return; }
  if (r.status === 200 || r.status === 201) {
    remember(r.json.name || name);
    field('accPassword').value = '';
    note(t(how === 'signup' ? 'accCreated' : 'accWelcome', signedIn ?? ''));
    render();
    renewSocket();
    listGames();
    fetch('/account/me', { credentials: 'same-origin' }).then(m => (m.ok ? m.json() : null)).then(me => {
      if (me) learned(me);
    }).catch(() => {});
  } else {
    // Enter signs in: someone who meant to create the account is told how.
    const newHere = how === 'login' && r.json?.code === 'wrong_credentials' ? ' ' + t('accNewHere') : '';
    note(refusal(r.json, r.retry) + newHere);
  }
}

/** What `/account/me` said of the account: what moderation tells the player now is
 * shown over the page. @param {import('./wire').Me} me */
function learned(me) {
  isBot = !!me.bot;
  isModerator = !!me.moderator;
  /** @type {HTMLInputElement} */ ($('botChallenges')).checked = !!me.bot_challenges;
  render();
  if (me.notices?.length) moderation().then(m => m.showNotices(me.notices ?? []));
}

// The list of the blocked is read when its box is opened.
function drawBlockBox() {
  const box = $('blockPanel');
  if (!signedIn || !/** @type {HTMLDetailsElement} */ ($('blockBox')).open) { box.replaceChildren(); return; }
  moderation().then(m => m.drawBlocks(box, note));
}

// The BOT box loads its code when it is opened: few accounts ever need it. Closed, it
// is emptied, so a token shown once is gone with it.
function drawBotBox() {
  const name = signedIn;
  if (!name || !/** @type {HTMLDetailsElement} */ ($('botBox')).open) { $('botPanel').replaceChildren(); return; }
  import(`./bot-account.js`).then(m => m.drawBotBox($('botPanel'), {
    name, bot: isBot, said: note, becameBot: () => { isBot = true; render(); renewSocket(); },
  }));
}

/** @param {'logout' | 'logout-all'} how */
async function leave(how) {
  const r = await post(how, null);
  if (!r || r.status !== 204) { note(r ? refusal(r.json, r.retry) : t('acc_unavailable')); return; }
  signedOut(t(how === 'logout' ? 'accSignedOut' : 'accSignedOutAll'));
}

/** The browser is a guest again: `text` says why. @param {string} text */
function signedOut(text) {
  remember(null);
  isBot = false;
  isModerator = false;
  closeDeletion();
  note(text);
  render();
  renewSocket();
}

function closeDeletion() {
  /** @type {HTMLDetailsElement} */ ($('deleteBox')).open = false;
  /** @type {HTMLDetailsElement} */ ($('botBox')).open = false;
  /** @type {HTMLDetailsElement} */ ($('blockBox')).open = false;
  field('delPassword').value = '';
  field('delSure').checked = false;
}

// Deleting the account asks for its password again (a session left open on a shared
// computer must not be enough) and for a tick that says it is meant.
async function deleteAccount() {
  const name = signedIn;
  if (!name || !/** @type {HTMLFormElement} */ ($('deleteForm')).reportValidity()) return;
  note('');
  const r = await post('delete', { name, password: field('delPassword').value });
  if (!r) { note(t('acc_unavailable')); return; }
  if (r.status === 204) { signedOut(t('accDeleted', name)); return; }
  field('delPassword').value = '';
  note(r.json.code === 'wrong_credentials' ? t('accDeleteWrong') : refusal(r.json, r.retry));
}

/**
 * Asks the server who this browser is, and wires the dialog; `renew` opens a new
 * socket after signing in or out, `tokens` gives the seat tokens this browser keeps.
 * @param {() => void} renew @param {() => Record<string, string>} tokens
 */
export async function initAccount(renew, tokens) {
  renewSocket = renew;
  keptTokens = tokens;
  $('accountBtn').onclick = () => { note(''); closeDeletion(); render(); dialog().showModal(); if (signedIn) listGames(); };
  $('signInBtn').onclick = () => $('accountBtn').click();
  $('accountClose').onclick = () => dialog().close();
  /** @type {HTMLFormElement} */ ($('accountForm')).onsubmit = e => { e.preventDefault(); enter('login'); };
  $('signUp').onclick = () => {
    if (/** @type {HTMLFormElement} */ ($('accountForm')).reportValidity()) enter('signup');
  };
  $('signOut').onclick = () => leave('logout');
  /** @type {HTMLFormElement} */ ($('deleteForm')).onsubmit = e => { e.preventDefault(); deleteAccount(); };
  $('signOutAll').onclick = () => leave('logout-all');
  $('botBox').ontoggle = drawBotBox;
  $('blockBox').ontoggle = drawBlockBox;
  // Off until the player turns it on: nobody meets a BOT they did not agree to.
  const bots = /** @type {HTMLInputElement} */ ($('botChallenges'));
  bots.onchange = async () => {
    const r = await post('bot-challenges', { allow: bots.checked });
    if (!r || r.status !== 204) { bots.checked = !bots.checked; note(r ? refusal(r.json, r.retry) : t('acc_unavailable')); }
  };
  // Only a browser that signed in asks whether its session still runs: the answer
  // may be no (it ended elsewhere, or expired), and then it is a guest again.
  signedIn = localStorage.getItem(REMEMBERED);
  render();
  if (!signedIn) return;
  try {
    const r = await fetch('/account/me', { credentials: 'same-origin' });
    if (r.ok) {
      const me = await r.json();
      remember(me.name || signedIn);
      learned(me);
    }
    else if (r.status === 401) remember(null);
  } catch { /* offline: the name stays as last known */ }
  render();
}
