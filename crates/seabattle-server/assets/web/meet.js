// @ts-check
// Where players meet on the start screen (issue 39): who is here (the online count, the
// games in play), the lobby's open games (one click joins one), opening one's own game
// there, the rated/casual choice, and challenges by name, sent and received. The server
// decides everything: this page only draws what it is told and sends what is clicked.
import { $, esc } from './dom.js';
import { t, preset, accountName } from './i18n.js';
import { mt, meetError } from './meet-words.js';
import { moderation } from './account.js';

/** @typedef {import('./wire').ServerMsg} ServerMsg */
/** @typedef {import('./wire').ChallengeJson} ChallengeJson */
/** @typedef {import('./wire').SeatAccountJson} SeatAccountJson */

/**
 * What the lobby needs of the page: the socket, and the choices of the start screen.
 * @typedef {{send: import('./wire').Send, rules: () => string, clock: () => number, name: () => string}} Meet
 */
/** @type {Meet | null} */
let page = null;
/** The socket's account (from `welcome`), or null for a guest. @type {string | null} */
let account = null;
/** The last lobby. @type {import('./wire').LobbyJson | null} */
let lobby = null;
/** The challenge this page sent and waits on, and when it will expire. @type {{c: ChallengeJson, until: number} | null} */
let sent = null;
/** Challenges received, oldest first, each with when it expires. @type {{c: ChallengeJson, until: number}[]} */
let received = [];
/** What was sent last whose refusal this module says: a challenge or a seek. @type {'challenge' | 'seek' | null} */
let awaiting = null;
/** A line said about the last challenge (declined, expired…). */
let said = '';
/** @type {ReturnType<typeof setInterval> | undefined} */
let ticker;
/** Called when a challenge arrives, for the page to catch the eye of a player elsewhere. @type {(text: string) => void} */
let onArrival = () => {};

const RATED = 'sb.rated';
/** Whether the player chose rated games (remembered); a guest's games are casual. */
export const wantsRated = () => !!account && localStorage.getItem(RATED) !== 'casual';

/** A player as the lobby shows them: «Анна 1712», «Вася (гость)». @param {SeatAccountJson | undefined} acc @param {string | undefined} name */
function who(acc, name) {
  if (acc) {
    const r = acc.rating != null ? ` <span class="rating">${acc.rating}${acc.provisional ? '?' : ''}</span>` : '';
    return `<a href="/u/${encodeURIComponent(acc.name)}">${esc(acc.name)}</a>${acc.bot ? ' <span class="bot">BOT</span>' : ''}${r}`;
  }
  return name ? `${esc(name)} <span class="guest">(${mt('guest')})</span>` : esc(mt('anon'));
}
const plain = (/** @type {SeatAccountJson} */ a) => `${a.name}${a.bot ? ' BOT' : ''}${a.rating != null ? ` (${a.rating}${a.provisional ? '?' : ''})` : ''}`;
const clockText = (/** @type {number | undefined} */ c) => (c ? mt('perMove', c) : mt('noClock'));
const ratedText = (/** @type {boolean | undefined} */ r) => mt(r ? 'ratedLow' : 'casualLow');

/** @param {Meet} p @param {(text: string) => void} arrival */
export function initMeet(p, arrival) {
  page = p;
  onArrival = arrival;
  const pick = /** @type {HTMLSelectElement} */ ($('ratedPick'));
  pick.onchange = () => localStorage.setItem(RATED, pick.value);
  $('seekBtn').onclick = () => {
    if (!page) return;
    awaiting = 'seek';
    const name = page.name();
    page.send({ type: 'seek', rules: page.rules(), clock: page.clock(), rated: wantsRated(), name: account ? undefined : name || undefined });
  };
  /** @type {HTMLFormElement} */ ($('challengeForm')).onsubmit = e => {
    e.preventDefault();
    const to = /** @type {HTMLInputElement} */ ($('challengeName')).value.trim();
    if (!page || !to) return;
    awaiting = 'challenge';
    said = '';
    page.send({ type: 'challenge', to, rules: page.rules(), clock: page.clock(), rated: wantsRated() });
  };
  $('challengeYes').onclick = () => answer('accept');
  $('challengeNo').onclick = () => answer('decline');
  // An unwanted challenge is reported or blocked from its dialog (a block ends it too).
  const from = () => received[0]?.c.from.name;
  $('challengeReport').onclick = () => { const n = from(); if (n) moderation().then(m => m.openReport(n)); };
  $('challengeBlock').onclick = () => { const n = from(); if (n) moderation().then(m => m.openBlock(n)); };
  // A profile's «Вызвать» comes here as `/?challenge=NAME`: the challenge's settings
  // open on the spot, and one button sends it.
  const asked = new URLSearchParams(location.search).get('challenge');
  if (asked) {
    /** @type {HTMLInputElement} */ ($('challengeName')).value = asked.slice(0, 20);
    history.replaceState(null, '', '/');
    // Opened once `welcome` says who is signed in and which presets there are.
    pendingAsk = asked.slice(0, 20);
  }
  rerenderMeet();
}

/** A profile's challenge waiting for `welcome` to open its settings. @type {string | null} */
let pendingAsk = null;

/** The challenge's settings for `to`, in a dialog: the start page's rules (a preset),
 * clock and rated choice to begin with. @param {string} to */
function askSettings(to) {
  const dlg = /** @type {HTMLDialogElement} */ ($('sendDlg'));
  // Drawn only when asked: the start page's own fields keep their labels to themselves.
  $('sendForm').innerHTML = `<h2 id="sendTitle"></h2>
    <p><label><span>${t('rules')}</span> <select id="sendRules"></select></label></p>
    <p><label><span>${t('clock')}</span> <select id="sendClock"></select></label></p>
    <p><label><span id="sendRatedLabel"></span> <select id="sendRated"></select></label></p>
    <p class="buttons"><button id="sendYes" class="primary" type="submit"></button> <button id="sendNo" type="button"></button></p>`;
  /** @type {(id: string) => HTMLSelectElement} */
  const sel = id => /** @type {HTMLSelectElement} */ ($(id));
  const rules = sel('rules'), clock = /** @type {HTMLSelectElement} */ (document.querySelector('#vsComputer select[name=clock]'));
  // A challenge is made under a preset: custom rules are typed on the start page.
  sel('sendRules').replaceChildren(...[...rules.options].filter(o => o.value !== '').map(o => new Option(o.text, o.value)));
  sel('sendRules').value = rules.value || 'classic';
  sel('sendClock').replaceChildren(...[...clock.options].map(o => new Option(o.text, o.value)));
  sel('sendClock').value = clock.value;
  sel('sendRated').replaceChildren(new Option(mt('rated'), 'rated'), new Option(mt('casual'), 'casual'));
  sel('sendRated').value = wantsRated() ? 'rated' : 'casual';
  sel('sendRated').disabled = !account;
  $('sendRatedLabel').textContent = mt('ratedLabel');
  $('sendTitle').textContent = mt('challengeWho', to);
  $('sendYes').textContent = mt('challenge');
  $('sendNo').textContent = mt('cancel');
  $('sendNo').onclick = () => dlg.close();
  /** @type {HTMLFormElement} */ ($('sendForm')).onsubmit = () => {
    if (!page) return;
    awaiting = 'challenge';
    said = '';
    const rated = sel('sendRated').value === 'rated';
    page.send({ type: 'challenge', to, rules: sel('sendRules').value, clock: +sel('sendClock').value, rated });
  };
  dlg.showModal();
}

/** The first challenge received is answered. @param {'accept' | 'decline'} a */
function answer(a) {
  const first = received.shift();
  if (first && page) page.send({ type: 'answer_challenge', id: first.c.id, answer: a });
  draw();
}

/** The socket's account, from `welcome`. @param {string | null} name */
export function meetWelcome(name) {
  account = name;
  rerenderMeet();
  if (pendingAsk) askSettings(pendingAsk);
  pendingAsk = null;
}

/** A message for the lobby. @param {ServerMsg} m @returns {boolean} whether it was one */
export function onMeet(m) {
  switch (m.type) {
    case 'lobby': lobby = m; drawLobby(); return true;
    case 'challenged':
      if (!received.some(r => r.c.id === m.id)) {
        received.push({ c: m, until: Date.now() + m.expires_secs * 1000 });
        onArrival(mt('challengeOf', m.from.name));
      }
      awaiting = null;
      draw();
      return true;
    case 'challenge_sent': sent = { c: m, until: Date.now() + m.expires_secs * 1000 }; awaiting = null; draw(); return true;
    case 'challenge_ended':
      if (sent?.c.id === m.id) {
        said = mt(/** @type {'ended_declined'} */ ('ended_' + m.end), sent.c.to.name);
        sent = null;
      }
      received = received.filter(r => r.c.id !== m.id);
      draw();
      return true;
    default: return false;
  }
}

/** A refusal of what this module sent last, said beside it. @param {import('./wire').Server.Error} m */
export function meetRefused(m) {
  if (!awaiting) return false;
  const where = awaiting;
  awaiting = null;
  if (where === 'seek' && !meetError(m.code)) return false;
  said = meetError(m.code) || m.message;
  draw();
  return true;
}

/** Everything again in the page's language. */
export function rerenderMeet() {
  $('ratedLabel').textContent = mt('ratedLabel');
  $('ratedOpt').textContent = mt('rated');
  $('casualOpt').textContent = mt('casual');
  const pick = /** @type {HTMLSelectElement} */ ($('ratedPick'));
  pick.value = wantsRated() ? 'rated' : 'casual';
  /** @type {HTMLOptionElement} */ ($('ratedOpt')).disabled = !account;
  $('ratedHint').textContent = account ? mt('ratedHelp') : mt('ratedGuest');
  $('lobbyTitle').textContent = mt('lobbyTitle');
  $('seekBtn').textContent = mt('openGame');
  $('challengeLabel').textContent = mt('challengeLabel');
  $('challengeBtn').textContent = mt('challenge');
  // Not in the live line below: a guest hears it once, with the form, not as news.
  $('challengeHint').textContent = account ? '' : mt('challengeSignIn');
  /** @type {HTMLButtonElement} */ ($('challengeBtn')).disabled = !account;
  /** @type {HTMLInputElement} */ ($('challengeName')).disabled = !account;
  $('challengeYes').textContent = mt('accept');
  $('challengeNo').textContent = mt('decline');
  drawLobby();
  draw();
}

function drawLobby() {
  if (!lobby) return;
  // Not a live region: a count that changes every few seconds would never stop talking.
  $('online').textContent = mt('online', lobby.online, lobby.playing);
  const list = $('openList');
  if (!lobby.open.length) { list.innerHTML = `<p class="desc">${esc(mt('noOpen'))}</p>`; return; }
  list.innerHTML = `<ul class="open">${lobby.open.map(g => `<li><span class="who">${who(g.account, g.name)}</span>
    <span class="what">${esc(preset(g.rules)[0])} · ${esc(clockText(g.clock))} · ${esc(ratedText(g.rated))}${g.seeking ? ` · ${esc(mt('seeking'))}` : ''}</span>
    <button type="button" data-game="${esc(g.game)}" class="primary">${esc(mt('join'))}</button></li>`).join('')}</ul>`;
  list.querySelectorAll('button[data-game]').forEach(b => {
    /** @type {HTMLButtonElement} */ (b).onclick = () => page?.send({ type: 'join', game: /** @type {HTMLButtonElement} */ (b).dataset.game ?? '', name: account ? undefined : page.name() || undefined });
  });
}

// The challenge line and the dialog of a challenge received, with their countdowns.
function draw() {
  const note = $('challengeNote');
  clearInterval(ticker);
  ticker = undefined;
  const left = (/** @type {number} */ until) => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const paint = () => {
    if (sent) {
      note.innerHTML = `${esc(mt('challengeSent', plain(sent.c.to), left(sent.until)))} <button type="button" id="challengeCancel">${esc(mt('cancel'))}</button>`;
      const c = document.getElementById('challengeCancel');
      if (c) c.onclick = () => { if (sent && page) page.send({ type: 'cancel_challenge', id: sent.c.id }); };
    } else {
      // Said only when it changes: the line is a live region.
      if (note.textContent !== said) note.textContent = said;
    }
    const dlg = /** @type {HTMLDialogElement} */ ($('challengeDlg'));
    const first = received[0];
    if (first) {
      const c = first.c;
      $('challengeTitle').textContent = mt('challengedTitle');
      $('challengeText').textContent = mt('challengedText', plain(c.from), preset(c.rules)[0], ratedText(c.rated), clockText(c.clock), left(first.until));
      if (!dlg.open) dlg.showModal();
    } else if (dlg.open) dlg.close();
  };
  paint();
  if (sent || received.length) ticker = setInterval(paint, 1000);
}

/** The waiting screen's line: the rules and rated or casual. @param {import('./wire').Server.Queued} m */
export const waitWhat = m => mt('waitWhat', preset(m.rules)[0], ratedText(m.rated));

/** Why the computer is offered. @param {import('./wire').Server.QueueOffer} m */
export const offerWhy = m => {
  if (!m.bot) return mt('offerWhy', m.waited_secs);
  const rating = `${m.bot.rating ?? 1500}${m.bot.provisional ? '?' : ''}`;
  // A level's play never changes: its strength is said in words beside its fixed rating.
  /** @type {Record<string, 'levelEasy' | 'levelMedium' | 'levelHard' | 'levelExpert'>} */
  const words = { easy: 'levelEasy', medium: 'levelMedium', hard: 'levelHard', expert: 'levelExpert' };
  const strength = words[m.level ?? ''];
  return strength ? mt('offerLevel', accountName(m.bot.name), rating, mt(strength)) : mt('offerBot', m.bot.name, rating);
};
/** The offered BOT was challenged. @param {string} name */
export const botAsked = name => mt('offerBotAsked', name);
/** The offered BOT declined, or did not answer. @param {string} name */
export const botSaidNo = name => mt('offerBotNo', name);
/** The same, said before the level the server offers next. @param {string} name */
export const botSaidNoThen = name => mt('offerBotNoThen', name);
/** The «Ждать дальше» button's word. */
export const keepWaitingWord = () => mt('keepWaiting');

