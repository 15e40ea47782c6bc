// @ts-check
// The page: boots from the server's boot object, keeps the socket, the token and the
// settings, and routes each server message to the screen that shows it.
import { $, field, source } from './dom.js';
import { t, lang, setLang, preset, errorWords, setLevelAccounts } from './i18n.js';
import { connect } from './net.js';
// The replay is loaded only on a replay's page: a visit to play never fetches it.
/** @typedef {import('./wire').ServerMsg} ServerMsg */
/** @typedef {import('./wire').Send} Send */
/**
 * The page's game and connection, shared with the game screen: the game's id and this
 * player's token, `send`, the computer's level and the rules of a search for an opponent,
 * and the screen and error line; `botNo`, the offered BOT that just said no.
 * @typedef {{game: string | null, token: string | null, send: Send, level: string, rules?: string,
 *   offer?: import('./wire').Server.QueueOffer, botOffer?: string | null, botSent?: string | null, botNo?: string | null,
 *   show?: (id: string) => void, error?: (text: string) => void}} App
 */
/** The computer's levels, which play rated games under their BOT accounts. */
const LEVELS = ['easy', 'medium', 'hard', 'expert'];
/** @type {typeof import('./replay.js') | null} */
let replay = null;
const rerenderReplay = () => replay?.rerenderReplay();
import { playerKey } from './key.js';
import { installApp } from './install.js';
import { initAccount, rerenderAccount, signedInName, seated, moderation } from './account.js';
import { blindOn, st } from './announce.js';
import { initMeet, onMeet, meetRefused, meetWelcome, rerenderMeet, wantsRated, waitWhat, offerWhy, keepWaitingWord, botAsked, botSaidNo, botSaidNoThen } from './meet.js';
import { setTitle, notifyAway } from './away.js';
import { state } from './store.js';

// The page's menus and forms by id.
const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id));
const form = (/** @type {string} */ id) => /** @type {HTMLFormElement} */ ($(id));
const boot = JSON.parse($('boot').textContent);
const tokens = () => JSON.parse(localStorage.getItem('sb.tokens') || '{}');
/** @type {(g: string, tok: string) => void} */
const saveToken = (g, tok) => {
  const all = tokens();
  all[g] = tok;
  const ids = Object.keys(all);
  ids.slice(0, Math.max(0, ids.length - 50)).forEach(k => delete all[k]); // the last 50 games
  localStorage.setItem('sb.tokens', JSON.stringify(all));
};

// Quick chat is loaded with the first game, not with the start screen: its phrases wait
// for it in order, since every one waits on the same load.
/** @type {Promise<typeof import('./chat.js')> | null} */
let chatModule = null;
// The game screen's modules are loaded at once, but the start screen does not wait for
// them (issue 37: a phone's first visit waited on a round trip per level of imports).
// The page's `modulepreload` hints fetch them together with this module's own; every
// message to the game waits on the same load, so they come in order.
/** @type {typeof import('./game.js') | null} */
let game = null;
/** @type {Promise<typeof import('./game.js')> | null} */
let gameModule = null;
const games = () => (gameModule ??= import('./game.js').then(g => { g.init(app); game = g; return g; }));
// So is what the computer learned, when its dialog is first opened.
/** @type {Promise<typeof import('./learned.js')> | null} */
let learnedModule = null;
const learned = () => (learnedModule ??= import(`./learned.js`).then(l => { l.initLearned(app.send); return l; }));
const chat = () => (chatModule ??= import(`./chat.js`).then(c => { c.initChat(app.send); return c; }));
// Blind mode (issue 42), when it is on or turned on: the first button on the page and a
// setting.
/** @type {Promise<typeof import('./blind.js')> | null} */
let blindModule = null;
// The daily sea, on its own page (/daily).
/** @type {Promise<typeof import('./cards.js')> | null} */
let cardsModule = null;
/** @type {Promise<typeof import('./daily.js')> | null} */
let dailyModule = null;
// The arenas, on their own pages (/arena, /arena/ID).
/** @type {Promise<typeof import('./arena.js')> | null} */
let arenaModule = null;
// The moderators' page (/mod).
/** @type {Promise<typeof import('./mod.js')> | null} */
let modPage = null;
const blind = () => (blindModule ??= import(`./blind.js`).then(b => { b.initBlind(app); return b; }));

/** @type {App} */
export const app = { game: boot.game || null, token: null, send: () => { throw new Error('a message sent before the socket was made'); }, level: 'medium' };
app.token = app.game ? tokens()[app.game] || null : null;

/** @param {string} id */
function show(id) {
  for (const s of ['start', 'wait', 'game', 'replay', 'missing', 'daily', 'arena', 'mod']) $(s).hidden = s !== id;
  document.body.dataset.screen = id;
}
app.show = show;

/** @param {string} text */
export function error(text) {
  $('error').textContent = text ? t('error', text) : '';
  $('error').hidden = !text;
}
app.error = error;

// Every text on the page in the current language.
function translate() {
  document.documentElement.lang = lang;
  setTitle(t('title'));
  document.querySelectorAll('[data-t]').forEach(e => { e.textContent = t(/** @type {HTMLElement} */ (e).dataset.t ?? ''); });
  $('rules').querySelectorAll('option[value]:not([value=""])').forEach(o => { o.textContent = preset(/** @type {HTMLOptionElement} */ (o).value)[0]; });
  describe();
  game?.rerender();
  rerenderReplay();
  dailyModule?.then(d => d.rerenderDaily());
  cardsModule?.then(c => c.drawCards());
  arenaModule?.then(a => a.rerenderArena());
  modPage?.then(m => m.rerenderMod());
  learnedModule?.then(l => l.rerenderLearned());
  rerenderAccount();
  if (!boot.missing && !boot.replay && !boot.daily && !boot.arena && !('moderation' in boot)) rerenderMeet();
  const skip = $('blindSkip'), blindText = $('blindModeText');
  if (skip) skip.textContent = st(blindOn() ? 'skipGo' : 'skipOn');
  if (blindText) blindText.textContent = st('setting');
  blindModule?.then(b => b.rerenderBlind());
  chatModule?.then(c => c.rerenderChat());
}

function settings() {
  select('lang').value = lang;
  // The menu offers `ru` and `en`.
  select('lang').onchange = e => { setLang(/** @type {import('./wire').Lang} */ (source(e).value)); translate(); };
  select('coords').value = localStorage.getItem('sb.coords') || '';
  select('coords').onchange = e => {
    if (source(e).value) localStorage.setItem('sb.coords', source(e).value); else localStorage.removeItem('sb.coords');
    game?.rerender();
    blindModule?.then(b => b.rerenderBlind());
  };
  field('sound').checked = localStorage.getItem('sb.mute') !== '1';
  field('sound').onchange = e => localStorage.setItem('sb.mute', source(e).checked ? '0' : '1');
  field('fast').checked = localStorage.getItem('sb.fast') === '1';
  field('fast').onchange = e => localStorage.setItem('sb.fast', source(e).checked ? '1' : '0');
  // On a phone the settings are a menu over the page. It closes when one of its buttons
  // opens a dialog, on a tap elsewhere and on Escape, so it never stays over a game.
  const menu = (/** @type {boolean} */ open) => {
    document.body.classList.toggle('menuOpen', open);
    $('menuBtn').setAttribute('aria-expanded', String(open));
  };
  $('menuBtn').onclick = () => menu(!document.body.classList.contains('menuOpen'));
  for (const id of ['learnedBtn', 'accountBtn']) $(id).addEventListener('click', () => menu(false));
  document.addEventListener('click', e => {
    if (document.body.classList.contains('menuOpen') && !/** @type {Element} */ (e.target).closest?.('#settings, #menuBtn')) menu(false);
  });
  document.addEventListener('keydown', e => {
    if (e.key === 'Escape' && document.body.classList.contains('menuOpen')) { menu(false); $('menuBtn').focus(); }
  });
  field('blindMode').checked = blindOn();
  field('blindMode').onchange = e => { const on = source(e).checked; blind().then(b => b.setBlind(on, on)); };
  const skip = $('blindSkip');
  if (skip) skip.onclick = () => blind().then(b => b.setBlind(true, true));
  field('halo').checked = localStorage.getItem('sb.halo') !== '0';
  field('halo').onchange = e => { localStorage.setItem('sb.halo', source(e).checked ? '1' : '0'); game?.rerender(); };
}

function startScreen() {
  // A preset (the server lists them in `welcome`), or (the last option) a rules text of
  // one's own: "8x8 fleet=3,2,2,1". One choice for all three ways to play.
  const sel = select('rules'), input = field('custom');
  sel.innerHTML = '<option value="" data-t="custom"></option>';
  input.setAttribute('aria-label', t('rules'));
  sel.onchange = () => { sel.dataset.picked = '1'; input.hidden = sel.value !== ''; if (!input.hidden) input.focus(); describe(); };
  const rules = () => (sel.value === '' ? input.value.trim() || 'classic' : sel.value);
  $('vsComputer').onsubmit = e => {
    e.preventDefault();
    // The form's fields are a select of levels and one of clocks: text, not files.
    const f = /** @type {Record<string, string>} */ (Object.fromEntries(new FormData(form('vsComputer'))));
    app.level = f.level;
    // Rated against a level when the player chose rated games, under a preset: the
    // level plays under its BOT account (a bot program of the server's plays casual).
    const rated = wantsRated() && sel.value !== '' && LEVELS.includes(f.level) ? true : undefined;
    app.send({ type: 'new_game', opponent: 'computer', level: f.level, rules: rules(), clock: +f.clock, player: playerKey(), rated });
  };
  // The name a friend sees (optional, kept in this browser).
  const nameBox = field('myName');
  nameBox.value = myName();
  nameBox.onchange = () => localStorage.setItem('sb.name', nameBox.value.trim());
  $('vsFriend').onsubmit = e => {
    e.preventDefault();
    localStorage.setItem('sb.name', nameBox.value.trim());
    // The link's preview speaks the creator's language (a messenger's robot says none).
    app.send({ type: 'new_game', opponent: 'friend', rules: rules(), name: myName() || undefined, lang });
  };
  const friend = /** @type {HTMLFormControlsCollection & {join: HTMLButtonElement, code: HTMLInputElement}} */ (form('vsFriend').elements);
  friend.join.onclick = () => {
    const code = friend.code.value.trim().toLowerCase().replace(/^.*\/g\//, '');
    if (/^[a-z2-9]{10}$/.test(code)) location.href = '/g/' + code;
    else error(t('joinCode') + '?');
  };
  $('vsRandom').onsubmit = e => {
    e.preventDefault();
    app.rules = rules();
    app.send({ type: 'queue', rules: app.rules, rated: wantsRated() });
    app.botNo = null;
    $('offer').hidden = true;
    $('waitWhat').textContent = '';
    show('wait');
    searching(Date.now());
    $('waitCancel').focus();
  };
  // Leaving the page leaves the queue (the connection closes).
  $('waitCancel').onclick = () => { location.href = '/'; };
  $('vsHotseat').onsubmit = e => {
    e.preventDefault();
    app.send({ type: 'new_game', opponent: 'hotseat', rules: rules() });
  };
  // The queue's offer: the computer, or a rated game against the level it names. The
  // player chooses; «Ждать дальше» keeps them in the queue.
  // A BOT online is challenged, and answers by its own policy: the player stays in
  // the queue until it does.
  $('offerYes').onclick = () => {
    const o = app.offer;
    if (o?.level) app.send({ type: 'new_game', opponent: 'computer', level: o.level, rules: app.rules, player: playerKey(), rated: true });
    else if (o?.bot) {
      app.botOffer = o.bot.name;
      app.send({ type: 'challenge', to: o.bot.name, rules: app.rules, rated: true });
      $('offerText').textContent = botAsked(o.bot.name);
      $('offerYes').hidden = true;
      $('offerNo').hidden = true;
    } else app.send({ type: 'new_game', opponent: 'computer', level: app.level, rules: app.rules, player: playerKey() });
  };
  $('offerNo').onclick = () => { $('offer').hidden = true; $('waitCancel').focus(); };
  // The lobby's games and challenges take the same rules and clock as the rest.
  const clock = () => +(/** @type {HTMLSelectElement} */ (document.querySelector('#vsComputer select[name=clock]'))).value;
  initMeet({ send: m => app.send(m), rules, clock, name: myName }, text => notifyAway('challenge', text));
}

// The search for a random opponent: the time searched, each second, until a game
// comes; then «Соперник найден!».
/** @type {ReturnType<typeof setInterval> | null} */
/** @type {ReturnType<typeof setInterval> | undefined} */
let searchTimer;
/** @param {number} since */
function searching(since) {
  clearInterval(searchTimer);
  const draw = () => {
    const s = Math.floor((Date.now() - since) / 1000);
    $('searching').textContent = t('searchingFor', `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
  };
  draw();
  searchTimer = setInterval(draw, 1000);
}

// The line under the rules: what the chosen preset is.
function describe() {
  const v = select('rules').value;
  $('rulesDesc').textContent = v ? preset(v)[1] : t('customDesc');
}

// The presets the server plays, before the last option (a rules text of one's own),
// each by its name in the page's language.
/** @param {string[]} names */
function addPresets(names) {
  const s = select('rules');
  // The first welcome picks the first preset, unless the player already chose rules of
  // their own while it was on its way; one after a reconnect keeps the choice.
  const custom = s.lastElementChild, chosen = s.value;
  const keep = s.options.length > 1 || s.dataset.picked === '1';
  s.querySelectorAll('option:not([value=""])').forEach(o => o.remove());
  for (const name of names) s.insertBefore(Object.assign(document.createElement('option'), { value: name, textContent: preset(name)[0] }), custom);
  s.value = keep && (chosen === '' || names.includes(chosen)) ? chosen : names[0] ?? '';
  field('custom').hidden = s.value !== '';
  describe();
}

// Bot programs the server's operator registered: opponents like the built-in levels.
/** @param {string[]} names */
function addBots(names) {
  const levels = /** @type {HTMLSelectElement} */ (document.querySelector('#vsComputer select[name=level]'));
  for (const name of names) {
    if ([...levels.options].some(o => o.value === name)) continue;
    const option = document.createElement('option');
    option.value = name;
    option.textContent = name;
    levels.append(option);
  }
}

// The one place a server message is routed: each goes to the module that handles it
// (the game's to the game screen, which keeps the game in the store for the rest).
/** @param {ServerMsg} m */
function onMessage(m) {
  switch (m.type) {
    case 'welcome':
      addPresets(m.presets || ['classic']);
      addBots(m.bots || []);
      setLevelAccounts(m.levels || []);
      meetWelcome(m.account ?? null);
      // The start screen follows who is here.
      if (!app.game) app.send({ type: 'lobby' });
      return;
    case 'pong': return;
    case 'queued': $('waitWhat').textContent = waitWhat(m); return;
    case 'challenge_sent':
      if (app.botOffer && m.to.name === app.botOffer) app.botSent = m.id;
      onMeet(m);
      return;
    case 'challenge_ended':
      // The BOT offered said yes (its game's `joined` follows), or no, or did not
      // answer: then the search goes on.
      if (m.id === app.botSent) {
        if (m.end !== 'accepted') {
          $('offerText').textContent = botSaidNo(app.botOffer ?? '');
          app.botNo = app.botOffer;
        }
        app.botOffer = app.botSent = null;
      }
      onMeet(m);
      return;
    case 'lobby': case 'challenged': onMeet(m); return;
    case 'learned': case 'forgotten': learned().then(l => l.onLearned(m)); return;
    case 'queue_offer':
      app.offer = m;
      $('offerYes').hidden = $('offerNo').hidden = false;
      $('offerNo').textContent = keepWaitingWord();
      // After a BOT said no, the server offers a level: the no is said first.
      $('offerText').textContent = (app.botNo ? botSaidNoThen(app.botNo) + ' ' : '') + offerWhy(m);
      app.botNo = null;
      $('offer').hidden = false;
      blindModule?.then(b => b.blindHeard(m));
      return;
    case 'joined': {
      // An arena's next pairing reaches a page left on its finished game: it goes there.
      const was = state();
      if (was?.arena && was.phase === 'over' && m.game !== was.game && m.seat && !m.token) {
        location.href = m.link;
        return;
      }
      // Paired by the queue while a BOT was still asked: the challenge is taken back.
      if (app.botSent) {
        app.send({ type: 'cancel_challenge', id: app.botSent });
        app.botOffer = app.botSent = null;
      }
      const tok = m.token || app.token;
      app.game = m.game;
      app.token = tok;
      if (tok) saveToken(m.game, tok);
      // A friend who joined by the link is welcomed until the battle.
      if (m.token && m.seat === 2 && boot.game) games().then(g => g.invited(m.game));
      if (location.pathname !== m.link) history.replaceState(null, '', m.link);
      error('');
      seated();
      return;
    }
    case 'error': return onError(m);
    case 'chat': chat().then(c => c.onChat(m)); return;
    default:
    {
      if (m.game && m.game !== app.game) return;
      // A pairing is announced, not only shown.
      const found = searchTimer !== undefined && m.type === 'state';
      if (found) { clearInterval(searchTimer); searchTimer = undefined; }
      games().then(g => {
        show('game');
        g.onMessage(m);
        if (found) g.announce('opponentFound');
      });
      // Quick chat reads the game from the store: it comes with the game's first message.
      chat();
    }
  }
}

/** @param {import('./wire').Server.Error} m */
function onError(m) {
  // A refusal of a challenge or an open game, said beside it.
  if (meetRefused(m)) return;
  // A refusal of a move on the game screen (none before it is loaded).
  if (game?.moveRefused(m)) return;
  if (m.code === 'no_room' && game?.turnRefused(t('noRoom'))) return;
  game?.refused();
  if (m.code === 'game_full' && app.game) return app.send({ type: 'watch', game: app.game });
  if (m.code === 'bad_token' && app.game) {
    app.token = null;
    return app.send({ type: 'join', game: app.game, name: myName() || undefined });
  }
  if (m.code === 'not_found' && app.game) { app.game = null; error(''); show('missing'); return; }
  error(errorText(m));
}

// The server writes its messages in English; the page says the usual ones in the
// player's language, keeping the server's detail where it tells what was wrong.
/** @param {import('./wire').Server.Error} m */
function errorText(m) {
  const own = errorWords(m.code);
  if (!own) return m.message;
  return ['bad_rules', 'bad_fleet'].includes(m.code) ? `${own} (${m.message})` : own;
}

function onOpen() {
  if (app.game && app.token) app.send({ type: 'resume', game: app.game, token: app.token });
  // Signed in, the account's own seat is resumed from any device (a refusal joins).
  else if (app.game && signedInName()) app.send({ type: 'resume', game: app.game });
  else if (app.game) app.send({ type: 'join', game: app.game, name: myName() || undefined });
}

// The player's name as this browser keeps it: '' for none.
function myName() {
  return (localStorage.getItem('sb.name') || '').trim().slice(0, 24);
}

// The pace of the opponent's shots: `?pace=MS` (0: no pauses, as the tests use) holds
// for this tab.
const pace = new URLSearchParams(location.search).get('pace');
if (pace !== null && /^\d+$/.test(pace)) sessionStorage.setItem('sb.pace', pace);

settings();
installApp();
if (blindOn()) blind();
if (boot.missing) {
  translate();
  show('missing');
} else if (boot.daily) {
  // The daily sea (issue 41) plays over HTTP: no socket on its page.
  translate();
  show('daily');
  dailyModule = import(`./daily.js`);
  dailyModule.then(d => {
    d.startDaily(boot.daily);
    initAccount(() => d.reloadDaily(), () => tokens());
  });
} else if (boot.arena) {
  // The arenas (issue 41) are read over HTTP: the player's games open on their own page.
  translate();
  show('arena');
  arenaModule = import(`./arena.js`);
  arenaModule.then(a => {
    a.startArena(boot.arena);
    initAccount(() => a.reloadArena(), () => tokens());
  });
} else if ('moderation' in boot) {
  // The moderators' page (issue 51) reads and acts over HTTP; the server checks the role
  // on every request, and the page says so to anyone else.
  translate();
  show('mod');
  modPage = import(`./mod.js`);
  modPage.then(m => {
    m.startMod();
    initAccount(() => m.reloadMod(), () => tokens());
  });
} else if (boot.replay) {
  translate();
  show('replay');
  import(`./replay.js`).then(m => { replay = m; m.startReplay(boot.replay, () => show('missing')); });
} else {
  startScreen();
  games();
  translate();
  show(app.game ? 'game' : 'start');
  // The start screen's daily and arena cards say what is going on now (cards.js).
  // Loaded at once (quoted, so the page hints it): not one more round trip for it.
  if (!app.game) cardsModule = import('./cards.js').then(c => { c.loadCards(); return c; });
  let first = true;
  const socket = connect({
    onOpen, onMessage, game: () => app.game,
    onStatus: up => {
      $('conn').hidden = up || first;
      if (!up) first = false;
    },
  });
  app.send = socket.send;
  $('learnedBtn').onclick = () => learned().then(l => l.openLearned());
  // A profile's «Пожаловаться» and «Заблокировать» come as `/?report=NAME` and
  // `/?block=NAME`: the dialog opens once the page knows who is signed in.
  const asks = /[?&](report|block)=/.test(location.search);
  initAccount(socket.renew, () => tokens()).then(() => { if (asks) moderation().then(m => m.fromProfile()); });
}
