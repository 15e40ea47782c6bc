// @ts-check
// Blind mode (issue 42): the game played by typing and listening. One command box with
// a visible label takes cells and commands, in Russian or English (blind-parse.js); every
// answer and every event of the game is said once, in one short sentence, by one polite
// live region that only ever grows (a log: each sentence is added, none rewritten). The
// page's own answer line and lists stop being live while it is on, so nothing is heard
// twice, and the keyboard stays in the box. It works on any screen with boards: the
// readouts read the grids as drawn, and a screen's actions are its own buttons, pressed
// for the player. Rules are the server's: a fleet is checked by its `check`.
import { byId } from './dom.js';
import { t, coordSystem, deckName } from './i18n.js';
import { bt } from './blind-words.js';
import { parseCommand } from './blind-parse.js';
import { blindOn, shotSentence, battleSentence, overSentence, st } from './announce.js';
import { readLine, sentence, fleetText, placementText, dockText, lastText, movesText, shipName } from './blind-read.js';
import { label, letters, parse, canon } from './coords.js';
import { seatName, joinedText } from './view.js';
import { drawOver } from './over.js';
import * as game from './game.js';
import { state, shotLog, listen } from './store.js';
import * as place from './placement.js';
import * as mv from './move.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').ServerMsg} ServerMsg */
/** @typedef {import('./app.js').App} App */
/** @typedef {import('./blind-parse.js').Command} Command */
/** @typedef {import('./blind-read.js').Grid} Grid */
/** @typedef {import('./coords.js').Point} Point */

const KEY = 'sb.blind';
// The regions that say the game when blind mode is off, and what makes them live.
/** @type {[string, string, string][]} */
const LIVE = [['answer', 'status', 'polite'], ['violations', '', 'polite'], ['searching', '', 'polite']];
/** @type {App | null} */
let app = null;
/** @type {HTMLElement | null} */
let panel = null;
/** @type {HTMLInputElement | null} */
let input = null;
/** @type {HTMLElement | null} */
let out = null;
// Sentences said before the region was a moment old wait for it (a screen reader may
// miss a region's first words if they come with it).
/** @type {string[] | null} */
let early = null;
// What the player asked that the server answers later.
const want = { check: false, ready: false, hint: false, layout: false };
/** A ship just put down by typing: its cells, to say the rule it breaks once the
 * server's check answers. @type {Point[] | null} */
let putCells = null;
/** Shots typed before the player's turn (while the opponent's are read out): fired
 * when the turn comes. @type {Point[] | null} */
let heldShots = null;
let resignAt = 0;
// The game as last seen: to tell a new game and a fleet just accepted.
let seen = { game: '', placed: false };
let screen = '';
/** @type {string[]} */
const typed = [];
let recall = 0;

/** @type {(id: string) => void} */
const press = id => { const b = byId(id); if (b instanceof HTMLButtonElement) b.click(); };

// Follows the game and the screens (app.js loads this module when blind mode is first
// on on a page: the setting and the skip button are app.js's).
/** @param {App} a */
export function initBlind(a) {
  app = a;
  listen(onGame);
  new MutationObserver(onScreen).observe(document.body, { attributes: true, attributeFilter: ['data-screen'] });
  // Back on a page in blind mode: the keyboard is in the box at once, and the screen (or
  // the game, if it came first) is said, not that the mode is on.
  if (blindOn()) setBlind(true, true, true);
  onScreen();
  const S = state();
  if (S) onState(S);
}

// Turns blind mode on or off (remembered); `focus` puts the keyboard in the box.
/** @param {boolean} on @param {boolean} focus @param {boolean} quiet */
export function setBlind(on, focus, quiet = false) {
  const was = blindOn() && !!panel && !panel.hidden;
  if (on) localStorage.setItem(KEY, '1'); else localStorage.removeItem(KEY);
  const box = byId('blindMode');
  if (box instanceof HTMLInputElement) box.checked = on;
  for (const [id, role, live] of LIVE) {
    const el = byId(id);
    if (!el) continue;
    el.setAttribute('aria-live', on ? 'off' : live);
    if (role && on) el.removeAttribute('role'); else if (role) el.setAttribute('role', role);
  }
  if (on) build();
  if (panel) panel.hidden = !on;
  rerenderBlind();
  if (on && focus && input) input.focus();
  if (on && !was && !quiet) say(bt('on'));
}

// The box and the region, at the top of the page's main part.
function build() {
  if (panel) return;
  if (!document.querySelector('link[href="/assets/blind.css"]')) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/blind.css' }));
  }
  panel = document.createElement('section');
  panel.id = 'blind';
  panel.className = 'blind';
  panel.innerHTML = `<form id="blindForm" class="blindForm"><label for="blindInput" id="blindLabel"></label>
    <input id="blindInput" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="send" aria-describedby="blindEx">
    <button id="blindSend" type="submit"></button><span id="blindEx" class="desc"></span></form>
    <div id="blindLog" class="blindLog" role="log" aria-live="polite" aria-relevant="additions" tabindex="0"></div>`;
  panel.setAttribute('aria-labelledby', 'blindLabel');
  const main = byId('main');
  const after = byId('error');
  if (after && after.parentElement === main) after.after(panel); else main?.prepend(panel);
  input = /** @type {HTMLInputElement} */ (panel.querySelector('#blindInput'));
  out = /** @type {HTMLElement} */ (panel.querySelector('#blindLog'));
  early = [];
  setTimeout(() => { const e = early || []; early = null; e.forEach(say); }, 400);
  const form = /** @type {HTMLFormElement} */ (panel.querySelector('#blindForm'));
  form.onsubmit = e => {
    e.preventDefault();
    if (!input) return;
    const text = input.value;
    input.value = '';
    if (text.trim()) { typed.push(text); recall = typed.length; }
    echo(text);
    run(text);
  };
  // Up and down bring back the lines typed before. The box's keys are its own: the
  // replay's arrows, say, do not step the replay while the player types.
  input.addEventListener('keydown', e => {
    e.stopPropagation();
    if (!input || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    recall = Math.max(0, Math.min(typed.length, recall + (e.key === 'ArrowUp' ? -1 : 1)));
    input.value = typed[recall] ?? '';
  });
}

// The labels in the page's language.
export function rerenderBlind() {
  const skip = byId('blindSkip');
  if (skip) skip.textContent = st(blindOn() ? 'skipGo' : 'skipOn');
  if (!panel) return;
  const set = (/** @type {string} */ id, /** @type {string} */ s) => { const el = byId(id); if (el) el.textContent = s; };
  set('blindLabel', bt('label'));
  set('blindSend', bt('send'));
  set('blindEx', bt('example', exampleCell()));
  out?.setAttribute('aria-label', bt('logName'));
}

// Says `text` once: a new line in the region.
/** @param {string} text */
function say(text) {
  if (!text || !out || !blindOn()) return;
  if (early) { early.push(text); return; }
  const p = document.createElement('p');
  p.textContent = text;
  out.append(p);
  trim();
}

// Shows what was typed, for someone looking on; a screen reader does not repeat it.
/** @param {string} text */
function echo(text) {
  if (!out) return;
  const p = document.createElement('p');
  p.className = 'echo';
  p.setAttribute('aria-hidden', 'true');
  p.textContent = '› ' + text;
  out.append(p);
  trim();
}

function trim() {
  if (!out) return;
  while (out.children.length > 60) out.children[0].remove();
  out.scrollTop = out.scrollHeight;
}

// A server message the game screen does not take: an offer to play the computer.
/** @param {ServerMsg} m */
export function blindHeard(m) {
  if (m.type === 'queue_offer') say(bt('offer'));
}

// The screen changed: said, except the game's, which its state says.
function onScreen() {
  const now = document.body.dataset.screen || '';
  if (now === screen) return;
  screen = now;
  /** @type {Record<string, 'searching' | 'missing' | 'replay' | 'start'>} */
  const words = { wait: 'searching', missing: 'missing', replay: 'replay', start: 'start' };
  if (words[now]) say(bt(words[now]));
}

// ---- The game's events, each one sentence.

/** @param {string} cell */
function name(cell) {
  const S = state(), p = parse(cell);
  return p ? label(coordSystem(), S ? S.spec.width : 10, p.c, p.r) : cell;
}

/** @param {ServerMsg} m */
function onGame(m) {
  onGameSaid(m);
  // Shots typed ahead go once the turn is the player's, after what came was said.
  const S = state();
  if (!heldShots || !S) return;
  if (S.phase !== 'battle' || !S.seat) { heldShots = null; return; }
  if (S.to_move === S.seat && !game.playingBack() && !S.reveal && !mv.owes(S)) {
    const shots = heldShots;
    heldShots = null;
    fire(shots);
  }
}

/** @param {ServerMsg} m */
function onGameSaid(m) {
  const S = state();
  if (!S) return;
  if (m.type === 'state') return onState(S);
  if (!blindOn()) return;
  const mine = 'player' in m && m.player === S.seat;
  switch (m.type) {
    case 'battle': return say(battleSentence(S, m.first));
    case 'shot': return say(shotSentence(S, m, name));
    case 'game_over':
      drawOver.keepClosed(S.game);
      return say(overSentence(S) + (S.seat ? ' ' + bt('overNext') : ''));
    case 'no_show': return say(t(game.noShowKey(m.absent)));
    case 'placed': if (!mine && !S.mode.startsWith('computer')) say(bt('theyPlaced')); return;
    case 'timeout': return say(sentence(t('timeout', m.player)));
    case 'reveal_due':
      if (mine) return say(bt('mustShow', t(m.kind === 'mine' ? 'showMine' : 'showShip'), m.cells[0] ? name(m.cells[0]) : ''));
      return say(sentence(S.seat ? t('waitReveal') : t('toReveal', m.player)));
    case 'revealed': {
      const at = m.cell ? name(m.cell) : '';
      if (!S.seat) return say(sentence(t('playerShowed', m.player)));
      return say(sentence(mine ? t(m.by_server ? 'serverShowed' : 'youShowed', at) : t(m.kind === 'mine' ? 'enemyShowedMine' : 'enemyShowedShip', at)));
    }
    case 'relocate_due': return say(mine ? bt('mustMove', m.decks) : sentence(S.seat ? t('waitMove') : t('toMoveShip', m.player)));
    case 'relocated':
      return say(sentence(mine ? t(m.by_server ? 'serverMoved' : 'youMoved') : S.seat ? t('enemyMoved') : t('playerMoved', m.player)));
    case 'presence':
      if (!S.seat || mine || S.mode.startsWith('computer')) return;
      if (!m.present) return say(bt('friendLeft'));
      return say(S.mode !== 'friend' ? bt('oppBack') : sentence(joinedText(S, m.player)));
    case 'rematch_offered': if (!mine) say(bt('rematchOffer')); return;
    case 'layout':
      if (want.layout) say(bt(m.placer === 'perelman' ? 'placedPerelman' : 'placedRandom'));
      want.layout = false;
      return;
    case 'checked':
      if (putCells && place.answered()) {
        // The ship just typed breaks a rule: said now, as the sighted page marks it red.
        const put = putCells;
        putCells = null;
        const mine = place.violations().filter(v => v.kind !== 'fleet' && v.cells.some(x => {
          const p = parse(x);
          return !!p && put.some(q => q.c === p.c && q.r === p.r);
        }));
        if (mine.length) say(bt('shipBreaks', mine.map(v => v.message).join('; ')));
      }
      if ((want.check || want.ready) && place.answered()) {
        const ready = want.ready;
        want.check = want.ready = false;
        answerCheck(ready);
      }
      return;
    case 'coach':
      if (want.hint && m.best[0]) say(bt('hint', name(m.best[0])));
      want.hint = false;
  }
}

// A state: a new game is introduced, a fleet accepted is said.
/** @param {State} S */
function onState(S) {
  const placed = !!S.seat && S.placed[S.seat - 1], fresh = S.game !== seen.game;
  const was = seen.placed;
  seen = { game: S.game, placed };
  if (!blindOn()) return;
  if (S.phase === 'over') drawOver.keepClosed(S.game);
  if (fresh) {
    want.check = want.ready = want.hint = want.layout = false;
    say(intro(S));
  } else if (S.phase === 'placement' && S.seat && placed && !was && S.mode !== 'hotseat') {
    say(bt(S.placed[2 - S.seat] ? 'accepted' : 'acceptedWait'));
  }
}

// What a game is, when it opens (or the page opens on it).
/** @param {State} S */
function intro(S) {
  if (!S.seat) {
    const w = bt('watching', t('watching', seatName(S, 1), seatName(S, 2)));
    return S.phase === 'over' ? w + ' ' + overSentence(S) : w;
  }
  const mode = S.mode.startsWith('computer:') ? bt('vsComputer', t(S.mode.slice(9)))
    : S.mode === 'friend' ? bt('vsFriend') : S.mode === 'random' ? bt('vsPerson') : '';
  const parts = [mode];
  if (S.phase === 'placement') {
    if (S.placed[S.seat - 1]) parts.push(bt('acceptedWait'));
    else parts.push(S.mode === 'hotseat' ? bt('placingHotseat', S.seat) : bt('placing'));
    if (S.mode === 'friend' && S.seat === 1 && !S.presence[1].present) parts.push(bt('linkWait', t('sendLink').replace(/:$/, '')));
  } else if (S.phase === 'battle') parts.push(bt('resumed'), st(S.to_move === S.seat ? 'yourTurn' : 'theirTurn'));
  else parts.push(overSentence(S), bt('overNext'));
  return parts.filter(Boolean).join(' ');
}

// ---- Commands.

// The size and coordinates lines are read against: the game's board, else the first
// board on the screen, else 10×10.
function size() {
  const S = state(), system = coordSystem();
  if (document.body.dataset.screen === 'game' && S) return { system, width: S.spec.width, height: S.spec.height };
  const g = grids(false)[0];
  if (!g) return { system, width: 10, height: 10 };
  const rows = g.el.querySelectorAll('[role=row]');
  return { system, width: rows[0] ? rows[0].querySelectorAll('[role=gridcell]').length : 10, height: rows.length };
}

// A cell to give as an example: «е5» (Russian letters), «e5» (Latin).
function exampleCell(col = -1) {
  const { system, width, height } = size();
  const c = col >= 0 ? col : Math.min(system === 'latin' ? 4 : 5, width - 1);
  return letters(system, width)[c] + Math.min(5, height);
}

// The boards a readout reads: the enemy's (`own`: the player's) in a game, else every
// board of the screen.
/** @param {boolean} own @returns {Grid[]} */
function grids(own) {
  const S = state(), now = document.body.dataset.screen || '', section = now ? byId(now) : null;
  if (!section) return [];
  const gridIn = (/** @type {string} */ id) => { const side = byId(id + 'Side'); return side && !side.hidden ? byId(id)?.querySelector('[role=grid]') || null : null; };
  if (now === 'game' && S?.seat) {
    const g = gridIn(own ? 'mine' : 'theirs');
    if (g) return [{ el: g, unknown: !own }];
    if (own) return [];
  } else if (own) return [];
  const spectator = now === 'game' && !!S && !S.seat;
  return [...section.querySelectorAll('[role=grid]')].filter(g => !g.closest('[hidden]')).map(el => ({ el, unknown: spectator }));
}

// Runs one typed line.
/** @param {string} text */
function run(text) {
  const cmd = parseCommand(text, size()), S = state(), now = document.body.dataset.screen || '';
  if (cmd.kind === 'error') return say(errorText(cmd));
  if (cmd.kind === 'word' && cmd.word === 'help') return say(help());
  if (cmd.kind === 'word' && cmd.word === 'off') return setBlind(false, false);
  if (cmd.kind === 'word' && cmd.word === 'newGame') { location.href = '/'; return; }
  if (cmd.kind === 'row' || cmd.kind === 'col') return say(readout(cmd.kind, cmd.kind === 'row' ? cmd.r : cmd.c, cmd.own));
  const done = now === 'start' ? onStart(cmd) : now === 'wait' ? onWait(cmd) : now === 'replay' ? onReplay(cmd)
    : now === 'game' && S ? onCommand(S, cmd) : false;
  if (!done) say(bt('notNow', text.trim()));
}

/** @param {Command & {kind: 'error'}} cmd */
function errorText(cmd) {
  const [a, b] = cmd.args;
  switch (cmd.key) {
    case 'unknown': return bt('e_unknown', a, exampleCell());
    case 'badColumn': return bt('e_badColumn', String(a).toUpperCase(), b);
    case 'badRow': return bt('e_badRow', a, b);
    case 'needRow': return bt('e_needRow');
    case 'needColumn': return bt('e_needColumn', exampleCell().replace(/\d+$/, ''));
    case 'needCell': return bt('e_needCell', a, exampleCell());
    default: return bt('e_empty', exampleCell());
  }
}

// Every command where the player is now.
function help() {
  const S = state(), now = document.body.dataset.screen || '', { system, width } = size();
  const l = letters(system, width), col = exampleCell().replace(/\d+$/, '');
  const args = [`${l[0]}1 ${l[0]}4`, `${l[0]}1-${l[3]}1`, `${l[0]}1`, col];
  if (now === 'start') return bt('help_start');
  if (now === 'wait') return bt('help_wait');
  if (now === 'replay') return bt('help_replay', ...args);
  if (now !== 'game' || !S) return bt('missing');
  if (place.active()) return bt('help_place', ...args);
  if (!S.seat) return bt('help_watch', ...args);
  if (S.phase === 'over') return bt('help_over', ...args);
  return bt('help_battle', exampleCell(), ...args.slice(1));
}

/** @param {'row' | 'col'} axis @param {number} i @param {boolean} own */
function readout(axis, i, own) {
  const gs = grids(own);
  if (!gs.length) return own ? bt('noOwn') : bt('noBoard');
  if (gs.length === 1) return sentence(readLine(gs[0], axis, i));
  return gs.map(g => sentence(bt('ofBoard', g.el.getAttribute('aria-label') || '', readLine(g, axis, i)))).join(' ');
}

/** @param {Command} cmd */
function onStart(cmd) {
  const submit = (/** @type {string} */ id) => {
    const f = byId(id);
    if (f instanceof HTMLFormElement) f.requestSubmit();
    // The page puts the keyboard on «Отмена» when the search starts: it stays here.
    input?.focus();
    return true;
  };
  if (cmd.kind === 'computer') {
    const level = document.querySelector('#vsComputer select[name=level]');
    if (cmd.level && level instanceof HTMLSelectElement) level.value = cmd.level;
    return submit('vsComputer');
  }
  if (cmd.kind === 'word' && cmd.word === 'friend') return submit('vsFriend');
  if (cmd.kind === 'word' && cmd.word === 'queue') return submit('vsRandom');
  return false;
}

/** @param {Command} cmd */
function onWait(cmd) {
  if (cmd.kind === 'computer') { press('offerYes'); return true; }
  if (cmd.kind !== 'word') return false;
  if (cmd.word === 'cancel') { press('waitCancel'); return true; }
  if (cmd.word === 'status') { say(byId('searching')?.textContent || bt('searching')); return true; }
  return false;
}

/** @param {Command} cmd */
function onReplay(cmd) {
  if (cmd.kind !== 'word') return false;
  /** @type {Record<string, string>} */
  const step = { next: 'forward', back: 'back', first: 'start', end: 'end' };
  const b = step[cmd.word] ? document.querySelector(`#replay [data-s=${step[cmd.word]}]`) : null;
  // The replay's own live line says the move stepped to.
  if (b instanceof HTMLButtonElement) { b.click(); return true; }
  // With the move's judgement, once the analysis is known (it is live on its own too).
  if (cmd.word === 'status' || cmd.word === 'last') { say([byId('step')?.textContent, byId('rJudge')?.textContent].filter(Boolean).join(' ')); return true; }
  return false;
}

// A command in a game; false when it has no meaning there.
/** @param {State} S @param {Command} cmd */
function onCommand(S, cmd) {
  const placing = place.active(), battle = S.phase === 'battle' && !!S.seat;
  switch (cmd.kind) {
    case 'cells': return cells(S, cmd.cells, cmd.range);
    case 'remove': if (placing) remove(S, cmd.cell); else say(bt('notPlacing')); return true;
    case 'moves': say(movesText(S, shotLog(), cmd.n, name)); return true;
    case 'computer': return false;
  }
  if (cmd.kind !== 'word') return false;
  switch (cmd.word) {
    case 'fleet': say(placing ? placementText(place.ships(), S.spec.width) : fleetText(S)); return true;
    case 'last': say(lastText(S, shotLog(), name)); return true;
    case 'status': say(status(S)); return true;
    case 'hint':
      if (!battle || !S.mode.startsWith('computer') || S.rated || S.to_move !== S.seat) say(bt('noHint'));
      else { want.hint = true; app?.send({ type: 'coach', game: S.game }); }
      return true;
    case 'resign':
      if (!battle) return false;
      if (Date.now() - resignAt < 20000) { resignAt = 0; press('resignYes'); } else { resignAt = Date.now(); say(bt('resignAsk')); }
      return true;
    case 'rematch': {
      const b = byId('rematch');
      if (S.phase !== 'over' || !S.seat || !(b instanceof HTMLButtonElement)) say(bt('rematchNo'));
      else { if (!b.disabled) b.click(); if (!S.mode.startsWith('computer')) say(bt('rematchAsked')); }
      return true;
    }
    case 'result': if (S.phase !== 'over') return false; press('showOver'); say(drawOver.analysisText()); return true;
    case 'random':
      if (placing) { want.layout = true; press('pRandom'); return true; }
      if (mv.owes(S)) { press('mRandom'); return true; }
      return false;
    case 'perelman': if (!placing) return false; want.layout = true; press('pPerelman'); return true;
    case 'clear': if (!placing) return false; press('pClear'); say(bt('cleared', exampleShip())); return true;
    case 'check': case 'ready':
      if (placing) { checkFleet(cmd.word === 'ready'); return true; }
      if (S.phase === 'placement' && S.seat) { say(bt('acceptedWait')); return true; }
      return false;
  }
  return false;
}

// «а1 а4»: a ship from its first corner to its last.
function exampleShip() {
  const l = letters(size().system, size().width);
  return `${l[0]}1 ${l[0]}4`;
}

// Cells typed in a game: a ship while placing, a shot in the battle, a cell of the own
// board when one is owed (shown after a mine, the flying ship's new place).
/** @param {State} S @param {Point[]} typedCells @param {boolean} range */
function cells(S, typedCells, range) {
  if (place.active()) return placeShip(S, typedCells, range);
  if (!S.seat) { say(bt('spectator')); return true; }
  if (S.phase === 'placement') { say(bt('acceptedWait')); return true; }
  if (S.phase === 'over') { say(bt('gameOver') + ' ' + bt('overNext')); return true; }
  if (S.reveal) {
    const p = typedCells[0], ok = S.reveal.cells.includes(canon(p.c, p.r));
    if (ok) game.actOwn(p.c, p.r);
    else say(bt('mustShow', t(S.reveal.kind === 'mine' ? 'showMine' : 'showShip'), name(S.reveal.cells[0] || '')));
    return true;
  }
  if (mv.owes(S)) {
    typedCells.forEach(p => game.actOwn(p.c, p.r));
    say(sentence(byId('moveText')?.textContent || ''));
    return true;
  }
  if (range || (typedCells.length > 1 && S.shots_due <= 1)) { say(bt('onePerShot', exampleCell())); return true; }
  // Typed before the turn came (the opponent's shots still read out): kept, and fired
  // when the turn is the player's.
  if (S.to_move !== S.seat || game.playingBack()) {
    heldShots = typedCells;
    say(bt('shotHeld', typedCells.map(p => label(coordSystem(), S.spec.width, p.c, p.r)).join(' ')));
    return true;
  }
  return fire(typedCells);
}

/** Fires the typed cells (a volley's chosen so far said). @param {Point[]} typedCells */
function fire(typedCells) {
  const S = state();
  if (!S) return true;
  for (const p of typedCells) {
    const why = game.fireAt(p.c, p.r);
    if (why) { say(sentence(why())); return true; }
  }
  const chosen = game.volley();
  // A volley chosen in full goes at once: its answer is said when it comes.
  if (S.shots_due > 1 && chosen.length && chosen.length < S.shots_due) say(bt('selected', chosen.map(name).join(' '), S.shots_due - chosen.length));
  return true;
}

// A ship typed by its ends («а1 а4», «a1-a4») or by every cell («а1 а2 б2»); the server's
// check says whether it may stand there.
/** @param {State} S @param {Point[]} typedCells @param {boolean} range */
function placeShip(S, typedCells, range) {
  const met = new Set(), pts = typedCells.filter(p => !met.has(p.c + ',' + p.r) && met.add(p.c + ',' + p.r));
  let ship = pts;
  if (pts.length === 2) {
    const [a, b] = pts;
    if (a.c === b.c || a.r === b.r) {
      ship = [];
      for (let c = Math.min(a.c, b.c); c <= Math.max(a.c, b.c); c++)
        for (let r = Math.min(a.r, b.r); r <= Math.max(a.r, b.r); r++) ship.push({ c, r });
    } else if (S.spec.shape !== 'path' || range) { say(bt('notLine', exampleShip())); return true; }
  }
  const n = ship.length, w = S.spec.width;
  if (!S.spec.fleet.includes(n)) { say(bt('noSize', n, [...S.spec.fleet].sort((x, y) => y - x).join(', '))); return true; }
  const i = place.putShip(ship);
  if (i < 0) {
    const same = place.ships().find(s => !s.kind && s.n === n && s.cells);
    say(bt('noneDocked', n, same?.cells ? shipName([same.cells[0]], w).toLowerCase() : exampleCell()));
    return true;
  }
  putCells = ship;
  game.rerender();
  say(bt('shipPut', sentence(deckName(n)).replace(/\.$/, ''), shipName(ship, w), dockText(place.ships())));
  return true;
}

/** @param {State} S @param {Point} cell */
function remove(S, cell) {
  const i = place.shipAt(cell.c, cell.r), w = S.spec.width;
  if (i < 0) return say(bt('noShipAt', label(coordSystem(), w, cell.c, cell.r)));
  const cells = place.cellsOfShip(i) || [], n = cells.length;
  place.unplace(i);
  game.rerender();
  say(bt('removed', sentence(deckName(n)).replace(/\.$/, ''), shipName(cells, w), dockText(place.ships())));
}

// «проверить» / «готов»: the server's answer for the fleet on the board, now or when it
// comes (the page asks for it on every change).
/** @param {boolean} ready */
function checkFleet(ready) {
  if (place.answered()) return answerCheck(ready);
  want.check = !ready;
  want.ready = ready;
  game.rerender();
}

// The answer may come before the page has drawn it (Ready still disabled): the fleet
// goes as Ready sends it.
/** @param {boolean} ready */
function answerCheck(ready) {
  const S = state(), w = S ? S.spec.width : 10;
  if (place.ready()) {
    if (!ready) say(bt('fleetOk'));
    else if (S) { place.remember(); app?.send({ type: 'place', game: S.game, fleet: place.fleet() }); }
    return;
  }
  const why = place.messages().join('; ');
  const first = place.ships().find(s => !s.kind && s.cells);
  say(bt(ready ? 'refused' : 'fleetBad', why) + ' ' + bt('fixHint', first?.cells ? shipName([first.cells[0]], w).toLowerCase() : exampleCell()));
}

// Whose turn, the clock, an opponent away; while placing, what the check says.
/** @param {State} S */
function status(S) {
  if (place.active()) {
    const msgs = place.messages();
    return msgs.length ? sentence(msgs.join('; ')) : place.ready() ? bt('fleetOk') : dockText(place.ships());
  }
  const shown = (/** @type {string} */ id) => { const el = byId(id); return el && !el.hidden ? el.textContent || '' : ''; };
  const text = [shown('turn'), shown('clock'), shown('away')].filter(Boolean).map(sentence).join(' ');
  return text || (S.phase === 'over' ? overSentence(S) : bt('notBattle'));
}
