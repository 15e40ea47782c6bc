// @ts-check
// The game screen: placement, battle and the end, drawn from the game in the store
// (store.js), which it takes each of the game's messages into as it shows them.
import { $, esc, field, source } from './dom.js';
import { t, coordSystem, answerText, answerWord, preset } from './i18n.js';
import { makeBoard } from './board.js';
import { waters, fleetsPanel, seatName, seatWho, seatLabel, joinedText, opponentAccount } from './view.js';
import { cellOf, label, canon, keyOf } from './coords.js';
import * as place from './placement.js';
import { play, speak } from './sound.js';
import { drawOver } from './over.js';
import { enableDrag } from './drag.js';
import { GLYPH } from './fleet.js';
import * as mv from './move.js';
import { shareLink } from './share.js';
import { signedInName, moderation } from './account.js';
import { shotSentence, blindOn } from './announce.js';
import { notifyAway, setTitle, personGameOver } from './away.js';
import { state, game, shotLog, take, told, other } from './store.js';

/** @typedef {import('./wire').ServerMsg} ServerMsg */
/** @typedef {import('./wire').Player} Player */
/** @typedef {import('./app.js').App} App */
/** @typedef {import('./board.js').Board} Board */

// The page's dialogs by id.
const dialog = (/** @type {string} */ id) => /** @type {HTMLDialogElement} */ ($(id));
/** @type {App} */
let app;
/** @type {Board | null} */
let mine = null;
/** @type {Board | null} */
let theirs = null;
/** The enemy's board where it must be there: drawn only after `boards()` made it. @returns {Board} */
function enemyBoard() {
  if (!theirs) throw new Error('the enemy board is drawn before it was made');
  return theirs;
}
let boardsKey = '';
// The coach's weights, row by row, for the move `coachFor`.
/** @type {number[] | null} */
let heat = null;
let coachFor = -1;
/** @type {Set<string>} */
let selected = new Set();
/** @type {import('./view.js').LastShots} */
let lastShots = { p: 0, cells: new Set() };
// The answer line: `render` says it in the current language; `own` if it answers the
// player's own move, said at `at`.
/** @type {{render: () => string, at: number, own?: boolean}} */
let said = { render: () => '', at: 0 };
let firing = 0, rematchOffer = false;
/** Who asked that this friend's game be rated. @type {boolean[]} */
let rateAsked = [false, false];
/** @type {number | null} */
let deadline = null;
/** An arena's game: when placement ends (a seat that has not placed loses). @type {number | null} */
let placeBy = null;
/** An arena's game closed in placement: the seats that placed nothing. @type {Player[] | null} */
let noShow = null;
/** @type {Player | null} */
let clockPlayer = null;
/** @type {number | null} */
let awaySince = null;
// Cells fired and not yet answered: marked at once. `shown`: in a hot-seat game, the
// seat whose view is on screen; `handTo`: the seat the device must be handed to first.
/** @type {Set<string>} */
let pending = new Set();
/** @type {Player | null} */
let shown = null;
/** @type {Player | null} */
let handTo = null;
let showMineBoard = false, focusNext = false;
// `handFrom`: at one device, where in the shot log the turn now handed over began.
let logHtml = '', handFrom = 0;
// At one device, how long the shot that ends a turn stays drawn before the hand-over
// screen hides the boards: the shooter sees its answer (whatever the pace).
const HAND_AFTER_MS = 1200;
/** @type {string | null} */
let invitedTo = null;

// The pause after a shot before the next message is shown, in ms: `?pace=MS` for this
// tab (0 for none), else shorter with «Быстрые ответы» or reduced motion.
function pace() {
  const q = sessionStorage.getItem('sb.pace');
  if (q !== null) return +q;
  const quick = localStorage.getItem('sb.fast') === '1' || matchMedia('(prefers-reduced-motion: reduce)').matches;
  return quick ? 250 : 800;
}
// Messages wait here while a shot is being played out, so that each shot of a streak is
// seen (and heard) on its own.
/** @type {{m: ServerMsg, at: number}[]} */
const queue = [];
let busyUntil = 0;
/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;

/** @type {(id: string) => void} */
export const invited = id => { invitedTo = id; };

/** The cells of the volley being chosen (blind mode says them). */
export const volley = () => [...selected];

const hotseat = () => state()?.mode === 'hotseat';
const nameOf = (/** @type {number} */ p) => seatName(game(), p);
const vsComputer = () => state()?.mode.startsWith('computer');
// The coach helps only in a casual game against the computer: a rated game is played unaided.
const coachable = () => vsComputer() && !state()?.rated;
// A reveal owed (after a mine or minesweeper) holds up every shot until it is made.
const owed = () => game().phase === 'battle' && game().duties?.length > 0;
const name = (/** @type {string} */ cell) => { const p = cellOf(cell); return label(coordSystem(), game().spec.width, p.c, p.r); };

/** @param {App} a */
export function init(a) {
  app = a;
  $('pRandom').onclick = () => place.askDraw('uniform');
  $('pPerelman').onclick = () => place.askDraw('perelman');
  $('pClear').onclick = () => { place.clear(); rerender(); };
  $('pLast').onclick = () => { place.loadLast(); rerender(); };
  $('claim').onclick = () => { const S = state(); if (S?.phase === 'battle') app.send({ type: 'claim_win', game: S.game }); };
  $('nameForm').onsubmit = e => {
    e.preventDefault();
    const n = field('friendName').value.trim().slice(0, 24);
    localStorage.setItem('sb.name', n);
    app.send({ type: 'name', game: game().game, name: n });
    say(() => t('nameSaved', n), true, false);
  };
  $('handReady').onclick = () => {
    // What the opponent's turn did is said again, and ringed on this player's board.
    const from = handFrom, to = shotLog().length;
    if (to > from) say(() => turnDid(from, to));
    handTo = null;
    shown = game().seat;
    handFrom = shotLog().length;
    focusNext = true;
    rerender();
  };
  // On a phone a large board fills the screen: the other one is a tap away.
  $('boardSwitch').onclick = () => {
    showMineBoard = !showMineBoard;
    $(showMineBoard ? 'mineSide' : 'theirsSide').scrollIntoView({ block: 'start' });
    rerender();
  };
  $('pReady').onclick = () => {
    if (!place.ready()) return;
    place.remember();
    app.send({ type: 'place', game: game().game, fleet: place.fleet() });
  };
  // Resigning asks first.
  $('resign').onclick = () => dialog('resignDlg').showModal();
  $('rateBtn').onclick = () => app.send({ type: 'rate', game: game().game });
  $('resignNo').onclick = () => dialog('resignDlg').close();
  $('resignYes').onclick = () => { dialog('resignDlg').close(); const S = state(); if (S?.phase === 'battle') app.send({ type: 'resign', game: S.game }); };
  $('reportBtn').onclick = () => {
    const S = state(), them = S && opponentAccount(S);
    if (S && them) moderation().then(m => m.openReport(them, S.game));
  };
  $('showOver').onclick = () => { const S = state(); if (S?.result) { drawOver.reopen(S.game); rerender(); } };
  $('copy').onclick = async () => {
    field('linkText').select();
    try { await navigator.clipboard.writeText(field('linkText').value); } catch { document.execCommand?.('copy'); }
    $('copy').textContent = t('copied');
  };
  $('share').onclick = () => shareLink(field('linkText'), $('share'));
  $('mRandom').onclick = () => { mv.random(game(), app.send); rerender(); };
  $('mClear').onclick = () => { mv.reset(); rerender(); };
  field('coach').checked = localStorage.getItem('sb.coach') === '1';
  field('coach').onchange = e => { localStorage.setItem('sb.coach', source(e).checked ? '1' : '0'); heat = null; coachFor = -1; rerender(); };
  setInterval(tick, 250);
}

// The two boards for this game's size and this connection's role.
function boards() {
  const k = `${game().spec.width}x${game().spec.height}:${game().seat}`;
  if (k === boardsKey) return;
  boardsKey = k;
  const dims = { width: game().spec.width, height: game().spec.height };
  // A spectator's boards are named by the players' names, when they gave them.
  const named = (/** @type {number} */ p) => () => { const n = game().names?.[p - 1]; return !game().seat && n ? t('boardOf', n) : ''; };
  const own = makeBoard({ ...dims, nameKey: game().seat ? 'yourBoard' : 'board1', name: named(1), onActivate: ownActivate, onRotate: ownRotate, onFocus: ownFocus,
    onCancel: () => { if (place.active()) { place.hold(null); place.setGhost(null); rerender(); } } });
  const enemy = makeBoard({ ...dims, nameKey: game().seat ? 'enemyBoard' : 'board2', name: named(2), onActivate: shoot });
  mine = own;
  theirs = enemy;
  $('mine').replaceChildren(own.el);
  $('theirs').replaceChildren(enemy.el);
  enableDrag(own, place, rerender, () => own.render(place.look()));
}

// A board's title, rewritten only when its words change: a profile link in it keeps the
// keyboard's focus through the redraws.
/** @param {string} id @param {(Node | string)[]} parts */
function retitle(id, parts) {
  const el = $(id), text = parts.map(x => (typeof x === 'string' ? x : x.textContent)).join('');
  if (el.textContent !== text) el.replaceChildren(...parts);
}

// Seats as the boards show them: `left` owns the left waters (the player, or player 1).
const left = () => game().seat || 1, right = () => other(left());

/** @param {ServerMsg} m */
export function onMessage(m) {
  // The clock runs from when its message came, however long it waited here.
  queue.push({ m, at: Date.now() });
  pump();
}

function pump() {
  clearTimeout(timer ?? undefined);
  timer = null;
  while (queue.length) {
    // The answer to the player's own shot is shown at once: the pause is for the
    // opponent's shots, one by one, not for the player's own.
    const S = state(), head = queue[0].m, own = head.type === 'shot' && S?.seat && head.player === S.seat && !head.dying && !hotseat();
    const wait = own ? 0 : busyUntil - Date.now();
    if (wait > 0) { timer = setTimeout(pump, wait); return; }
    const next = queue.shift();
    if (next) handle(next.m, next.at);
  }
}

// A new game on this page (a rematch, a link): nothing of the last one stays.
function fresh() {
  rateAsked = [false, false];
  lastShots = { p: 0, cells: new Set() };
  said = { render: () => '', at: 0 };
  $('answer').textContent = '';
  pending = new Set();
  shown = null;
  handTo = null;
  focusNext = true;
  handFrom = -1;
  for (const d of ['over', 'resignDlg']) if (dialog(d).open) dialog(d).close();
}

// A message shown: taken into the store, then what the screen makes of it, then drawn.
/** @param {ServerMsg} m @param {number} at when it came */
function handle(m, at = Date.now()) {
  if (m.type === 'state' && state()?.game !== m.game) fresh();
  take(m);
  switch (m.type) {
    case 'state':
      // At one device the server hands the turn over: the page hides both fleets
      // until the next player says they hold the device.
      if (m.mode === 'hotseat' && m.seat !== shown && m.phase !== 'over') handTo = m.seat;
      if (handTo === null) shown = m.seat;
      // A page opened in the middle of a game has no turn to tell at its hand-over.
      if (handFrom < 0) handFrom = shotLog().length;
      firing = 0;
      pending = new Set();
      app.error?.('');
      boards();
      if (m.phase === 'placement' && m.seat && !m.placed[m.seat - 1]) {
        if (place.game() !== m.game) place.start(m, app.send); else place.unasked();
      } else place.stop();
      // The server says how long the running clock has left (after a reload, say).
      placeBy = m.placement_left != null ? at + m.placement_left * 1000 : null;
      noShow = null;
      if (m.phase === 'battle' && m.clock_left != null) { deadline = Date.now() + m.clock_left * 1000; clockPlayer = m.duties?.[0]?.player ?? m.to_move; }
      if (m.phase !== 'over') rematchOffer = false;
      awaySince = null;
      if (!m.relocate) mv.reset();
      if (m.commitments) localStorage.setItem('sb.commit.' + m.game, JSON.stringify(m.commitments));
      break;
    case 'layout': place.drawn(m.fleet, m.game); break;
    case 'checked': place.checked(m); break;
    // A seat placed its fleet: the store marks it, the screen only draws it.
    case 'placed': break;
    case 'battle':
      localStorage.setItem('sb.commit.' + game().game, JSON.stringify(m.commitments));
      place.stop();
      // What was said while placing («Друг подключился») is over with placement.
      said = { render: () => '', at: 0 };
      break;
    case 'timeout':
      say(() => t('timeout', m.player));
      selected = new Set();
      heat = null;
      break;
    // Players get `joined` for the rematch itself; spectators follow to the new game.
    case 'rematch': if (!game().seat) { app.game = m.next; app.send({ type: 'watch', game: m.next }); } return;
    case 'shot': onShot(m); break;
    case 'reveal_due': say(() => t(m.kind === 'mine' ? 'showMine' : 'showShip')); break;
    case 'revealed': onRevealed(m); break;
    case 'relocate_due':
      mv.reset();
      // After the answer to the hit: «Противник: Б2 — Ранил! · Перенесите корабль».
      { const before = said.render; say(() => before() + ' · ' + t('moveShip'), false, false); }
      break;
    case 'relocated': onRelocated(m); break;
    case 'clock': deadline = at + m.seconds * 1000; clockPlayer = m.player; break;
    case 'presence':
      // Said once: while placing, the creator's status line says it.
      if (m.present && m.player !== game().seat && game().mode === 'friend' && game().seat && !(game().seat === 1 && game().phase === 'placement')) { const G = game(), p = m.player; say(() => joinedText(G, p)); }
      awaySince = null;
      break;
    case 'game_over':
      lastShots.sink = null; handTo = null; pending = new Set();
      if (game().seat && !hotseat() && !vsComputer()) personGameOver();
      break;
    case 'no_show': {
      // An arena's no-show: the result in words, for each side (the game has no record).
      noShow = m.absent;
      placeBy = null;
      place.stop();
      // Said by the turn's banner (and in blind mode by blind.js), not twice.
      notifyAway('over', t(noShowKey(m.absent)));
      break;
    }
    case 'turned': place.turned(m); break;
    case 'rematch_offered': rematchOffer = m.player !== game().seat; if (rematchOffer) notifyAway('rematch', t('rematchOffered')); break;
    case 'rate': rateAsked = m.asked; break;
    case 'coach': heat = m.weights; break;
    default: return;
  }
  told(m);
  rerender();
  keepArena();
}

/** @type {Promise<typeof import('./arena-strip.js')> | null} */
let stripModule = null;
// An arena's game keeps its arena in view (arena-strip.js, loaded for arenas only).
function keepArena() {
  const S = state();
  if (!S || (!S.arena && !stripModule)) return;
  const fired = shotLog().some(e => e.p === S.seat && !e.dying);
  stripModule ??= import(`./arena-strip.js`);
  stripModule.then(m => m.arenaStrip(S.arena ?? null, S.game, S.seat ?? null, fired, S.phase === 'over' || !!noShow));
}

// A shot, as the page shows it (the store took its answers in): ringed on its board,
// said, heard, and the pause before the next message.
/** @param {import('./wire').Server.Shot} m */
function onShot(m) {
  /** @type {(() => string)[]} */
  const texts = [];
  /** @type {'miss' | 'hit' | 'sunk'} */
  let loudest = 'miss';
  // A dying shot is heard with the volley that sank the submarine. At one device the
  // whole turn stays ringed, for the next player to see what the opponent did.
  if (!m.dying && !(hotseat() && lastShots.p === other(m.player))) lastShots = { p: other(m.player), cells: new Set() };
  for (const s of m.shots) {
    if (s.answer === 'sunk' || (s.answer !== 'miss' && loudest === 'miss')) loudest = s.answer === 'sunk' ? 'sunk' : 'hit';
    texts.push(() => name(s.cell) + ' — ' + answerText(s.answer));
    pending.delete(s.cell);
    if (m.dying) lastShots.extra = { p: other(m.player), k: keyOf(s.cell) };
    else lastShots.cells.add(keyOf(s.cell));
  }
  const text = () => (m.dying ? t('torpedo') + ' ' : '') + texts.map(f => f()).join('; ');
  const sunkNow = m.shots.filter(s => s.answer === 'sunk');
  if (sunkNow.length) lastShots.sink = { p: other(m.player), keys: new Set(sunkNow.flatMap(s => s.ship ?? []).map(keyOf)) };
  if (pace()) busyUntil = Date.now() + pace();
  // At one device the shot that ends the turn is seen before the device changes hands.
  if (hotseat() && !m.dying && m.next !== m.player) busyUntil = Date.now() + Math.max(pace(), HAND_AFTER_MS);
  // The dying shot follows the answer «Подлодка!» in the same line.
  const who = m.player, before = said.render;
  if (m.dying) say(() => before() + ' · ' + text(), said.own, false);
  else if (!game().seat || hotseat()) say(() => nameOf(who) + ': ' + text());
  else if (m.player !== game().seat) say(() => (game().names?.[who - 1] ? game().names[who - 1] + ': ' + text() : t('enemyShot', text())));
  else say(text, true);
  play(loudest);
  // In blind mode the player's screen reader says it (blind.js).
  if (!blindOn()) speak(shotSentence(game(), m, name));
  selected = new Set();
  heat = null;
  firing = 0;
}

// A reveal was made: said to the players, and to spectators that it was.
/** @param {import('./wire').Server.Revealed} m */
function onRevealed(m) {
  const what = () => (m.cell ? name(m.cell) : '');
  if (!game().seat) say(() => t('playerShowed', m.player));
  else if (m.player === game().seat) say(() => t(m.by_server ? 'serverShowed' : 'youShowed', what()), true);
  else say(() => t(m.kind === 'mine' ? 'enemyShowedMine' : 'enemyShowedShip', what()));
  firing = 0;
}

// A hit flying ship moved: said, and its owner's move on the own board is over.
/** @param {import('./wire').Server.Relocated} m */
function onRelocated(m) {
  if (m.player === game().seat) {
    mv.reset();
    say(() => t(m.by_server ? 'serverMoved' : 'youMoved'), true);
  } else say(() => (game().seat ? t('enemyMoved') : t('playerMoved', m.player)));
  firing = 0;
}

// The server refused a move of the ship: the prompt says why (true if it was one).
/** @param {import('./wire').Server.Error} m */
export function moveRefused(m) {
  // A refusal may come before any state (a spectator's `join` of a full game).
  const S = state();
  if (!S || !mv.refused(S, m)) return false;
  rerender();
  return true;
}

// What the turn handed over did, shot by shot from `from` in the log, each side's in a
// run of its own (a torpedo is the other side's): «Игрок 1: В3 — ранил, Д5 — мимо».
/** @param {number} from @param {number} [to] */
function turnDid(from, to = shotLog().length) {
  /** @type {{p: Player, shots: string[]}[]} */
  const runs = [];
  for (const e of shotLog().slice(Math.max(0, from), to)) {
    const shot = (e.dying ? t('torpedo') + ' ' : '') + name(e.cell) + ' — ' + answerWord(e.answer);
    const last = runs[runs.length - 1];
    if (last?.p === e.p) last.shots.push(shot); else runs.push({ p: e.p, shots: [shot] });
  }
  return runs.map(x => t('turnDid', nameOf(x.p), x.shots.join(', '))).join('; ');
}

// Writes an answer into the live region. The opponent's reply within two seconds of the
// player's own shot is added to it, so the player's answer is not wiped at once.

// `text` is a function, so that a change of language says the same again in the new one.
/** @param {() => string} text @param {boolean} own @param {boolean} join */
function say(text, own = false, join = !own) {
  const now = Date.now(), before = said.render;
  const render = join && said.own && now - said.at < 2000 ? () => before() + ' · ' + text() : text;
  said = { render, at: now, own };
  $('answer').textContent = render();
}

// A click on the enemy board: sent at once, and marked on its cell until the answer
// comes; a click that cannot be sent now is refused with words, never dropped.
/** @param {number} c @param {number} r */
function shoot(c, r) {
  const why = fireAt(c, r);
  if (why) say(why, true, false);
}

/** Whether the opponent's moves are still being played out, one by one. */
export const playingBack = () => queue.length > 0;

// Fires at (c, r), or adds it to the volley being chosen; the words of a refusal, if
// the shot cannot go now (blind mode says them in its own region).
/** @param {number} c @param {number} r @returns {(() => string) | null} */
export function fireAt(c, r) {
  const S = state();
  if (!S || S.phase !== 'battle' || !S.seat || handTo !== null) return null;
  const cell = canon(c, r), b = S.boards[S.seat - 1];
  // The opponent's moves still being played out: the turn is not the player's yet.
  if (S.to_move !== S.seat || owed()) return () => t(queue.length ? 'waitPlayback' : 'notYourTurnNow');
  // One volley at a time: a double click must not fire twice.
  if (pending.size && Date.now() - firing < 5000) return () => t('shotInFlight', [...pending].map(name).join(', '));
  // A cell already known sends nothing: the page says why.
  if ([b.misses, b.hits, b.mines, b.sweepers, b.subs].some(l => l?.includes(cell))) return () => t('knownShot', name(cell));
  if (b.empty?.includes(cell)) return () => t('knownEmpty', name(cell));
  const fire = (/** @type {string[]} */ cells) => { firing = Date.now(); pending = new Set(cells); app.send({ type: 'fire', game: game().game, cells }); };
  if (S.shots_due <= 1) fire([cell]);
  else {
    if (selected.has(cell)) selected.delete(cell); else selected.add(cell);
    if (selected.size >= S.shots_due) fire([...selected]);
  }
  rerender();
  return null;
}

// A cell of the own board named in blind mode: as a click on it (a cell shown after a
// mine, a cell of the flying ship's new place).
/** @param {number} c @param {number} r */
export function actOwn(c, r) { ownActivate(c, r, new Event('blind')); }

// Placement with the keyboard or a tap: Enter puts the held ship, a tap rotates one. In
// the battle, a click or Enter on an allowed cell makes the reveal owed.
/** @param {number} c @param {number} r @param {Event} e */
function ownActivate(c, r, e) {
  const S = state();
  if (mv.owes(S)) { mv.toggle(game(), app.send, c, r); rerender(); return; }
  if (place.active() && place.free() && place.held() === null && !(e.type === 'click' && enableDrag.dragged())) {
    place.draw(c, r);
    rerender();
    return;
  }
  if (S?.reveal && S.phase === 'battle' && S.reveal.cells.includes(canon(c, r)) && Date.now() - firing > 1500) {
    firing = Date.now();
    app.send({ type: 'reveal', game: S.game, cell: canon(c, r) });
    return;
  }
  if (!place.active()) return;
  const at = place.shipAt(c, r), held = place.held();
  if (held !== null) { place.put(held, c, r); place.hold(null); place.setGhost(null); }
  else if (at >= 0 && e.type === 'click') { if (!enableDrag.dragged()) place.turn(at); }
  else if (at >= 0) place.hold(at);
  rerender();
}
/** @param {number} c @param {number} r */
function ownRotate(c, r) {
  if (!place.active()) return;
  const held = place.held(), at = place.shipAt(c, r);
  if (held !== null) { place.rotate(held); place.setGhost(held, c, r); }
  else if (at >= 0) place.turn(at);
  rerender();
}
/** @param {number} c @param {number} r */
function ownFocus(c, r) {
  if (place.active() && place.held() !== null) { place.setGhost(place.held(), c, r); rerender(); }
}

/** What an arena's no-show means to this page: who lost, in words. @param {Player[]} absent */
export function noShowKey(absent) {
  const me = game().seat;
  return !me ? 'noShowWatch' : absent.length > 1 ? 'noShowNone' : absent.includes(me) ? 'noShowLost' : 'noShowWon';
}

function turnBanner() {
  const e = $('turn');
  let text = '', cls = '';
  if (noShow) {
    const key = noShowKey(noShow);
    text = t(key);
    cls = key === 'noShowWon' ? 'won' : key === 'noShowLost' ? 'lost' : '';
  } else if (game().phase === 'placement') text = hotseat() ? t('placeTurn', game().seat ?? '') : (game().seat ?? 0) > 0 && game().placed[(game().seat ?? 1) - 1] ? t('waitPlace') : '';
  else if (game().phase === 'battle' && owed()) {
    const d = game().duties[0];
    const moving = d.kind === 'relocate';
    const reveal = game().reveal;
    if (reveal) { text = t(reveal.kind === 'mine' ? 'showMine' : 'showShip'); cls = 'owe'; }
    else if (mv.owes(game())) { text = t('moveShip'); cls = 'owe'; }
    else if (moving) text = game().seat ? t('waitMove') : t('toMoveShip', d.player);
    else text = game().seat ? t('waitReveal') : t('toReveal', d.player);
  } else if (game().phase === 'battle') {
    const toMove = game().to_move ?? 0, mover = game().names?.[toMove - 1];
    if (!game().seat) text = mover ? t('toMoveName', mover) : t('toMove', toMove);
    else if (hotseat()) { text = t('turnOf', game().seat ?? ''); cls = 'mine'; }
    else if (game().to_move === game().seat) { text = t('yourTurn'); cls = 'mine'; }
    else { text = t('theirTurn'); cls = 'theirs'; }
    if (game().shots_due > 1 && game().to_move === game().seat) text += ' · ' + t('shotsLeft', game().shots_due - selected.size);
  } else if (game().phase === 'over' && game().result) {
    // The result stays said once its dialog is closed; a rematch asked for is waited on.
    const w = game().result?.winner ?? 0, solo = game().seat && !hotseat();
    text = solo ? t(w === game().seat ? 'youWin' : 'youLose') : t('winnerName', nameOf(w));
    cls = solo ? (w === game().seat ? 'won' : 'lost') : '';
    if (drawOver.asked(game().game) && !game().next_game) text += ' · ' + t('rematchWaiting');
  }
  e.textContent = text;
  e.className = 'turn ' + cls;
  e.hidden = !text;
  const mine = cls === 'mine' || cls === 'owe';
  setTitle((mine ? '➜ ' : '') + t('title'));
  // A player elsewhere is called back to a person, or to a clock that runs.
  if (mine && game().seat && !hotseat() && (!vsComputer() || game().clock)) notifyAway('turn', t('yourTurn'));
}

let wasPlacing = false;

// The server refused a message (a check among them): the next draw may ask again.
// Says `key`'s text in the answer line (a live region): «Соперник найден!».
/** @param {string} key */
export function announce(key) { say(() => t(key)); }

// A turn of a ship the server refused: said under the board (true if it was one).
/** @param {string} text */
export function turnRefused(text) {
  if (!place.turnRefused(text)) return false;
  rerender();
  return true;
}

// Any refusal also lets go of the shot it answered: the cell is unmarked, the page may
// fire again.
export function refused() {
  place.unasked();
  if (!pending.size) return;
  pending = new Set();
  firing = 0;
  rerender();
}

export function rerender() {
  const S = state();
  if (!S || !mine) return;
  const placing = place.active();
  // The keyboard goes on from the own board to the enemy's when the fleet is in.
  const handOver = wasPlacing && !placing && document.activeElement?.closest?.('#placeSide, #mine');
  wasPlacing = placing;
  const away = handTo !== null;
  $('handover').hidden = !away;
  $('game').classList.toggle('handing', away);
  if (away) {
    $('handDid').textContent = turnDid(handFrom);
    $('handTitle').textContent = t('handTo', handTo ?? '');
    $('handHelp').textContent = t('handToHelp', handTo ?? '');
    $('handReady').textContent = t('handReady', handTo ?? '');
  }
  if (hotseat()) {
    $('mineTitle').textContent = t('yourBoardN', S.seat ?? '');
    $('theirsTitle').textContent = t('enemyBoardN', S.seat ?? '');
  } else if (S.seat) {
    retitle('mineTitle', [t('yourBoard'), ...seatWho(S, S.seat)]);
    retitle('theirsTitle', [t('enemyBoard'), ...seatWho(S, other(S.seat))]);
  } else {
    $('mineTitle').textContent = S.names?.[0] ? t('boardOf', S.names[0]) : t('board1');
    $('theirsTitle').textContent = S.names?.[1] ? t('boardOf', S.names[1]) : t('board2');
  }
  // A friend's game is rated if both, signed in, ask before placing; a rated game says so.
  const me = S.seat ? S.seat - 1 : -1;
  // A game from the lobby or a challenge is rated or casual as it was made: no asking.
  const rateable = S.mode === 'friend' && (S.met ?? 'link') === 'link' && me >= 0 && S.phase === 'placement' && !S.placed[0] && !S.placed[1] && !!signedInName();
  // A game rated was asked for and is casual: said at the pairing, with why.
  $('rateRow').hidden = !placing || !(rateable || S.rated || S.casual);
  $('rateBtn').hidden = !rateable || !!S.rated || rateAsked[me];
  // A live region, written only when it changes: each note is heard once.
  const rateNote = S.rated ? t('gameRated') : S.casual ? t('casual_' + S.casual)
    : rateAsked[me] ? t('rateAskedYou') : me >= 0 && rateAsked[1 - me] ? t('rateAskedThem') : '';
  if ($('rateNote').textContent !== rateNote) $('rateNote').textContent = rateNote;
  // A spectator is told, in every phase, whose game this is.
  $('watching').hidden = !!S.seat;
  if (!S.seat) $('watching').textContent = t('watching', seatLabel(S, 1), seatLabel(S, 2));
  $('answer').textContent = said.render();
  $('pLast').hidden = !placing || !place.hasLast();
  $('game').classList.toggle('volley', S.spec.shots !== '1');
  $('boardSwitch').textContent = t(showMineBoard ? 'showEnemyBoard' : 'showMineBoard');
  $('boardSwitch').setAttribute('aria-pressed', String(showMineBoard));
  $('placeSide').hidden = !placing;
  $('theirsSide').hidden = placing;
  $('panel').hidden = placing || S.phase === 'placement';
  $('resign').hidden = !S.seat || S.phase !== 'battle';
  $('showOver').hidden = S.phase !== 'over' || !S.result;
  $('reportBtn').hidden = !opponentAccount(S);
  const friendGame = S.mode === 'friend' && S.seat === 1;
  const waiting = friendGame && S.phase === 'placement' && !S.presence[1].present;
  // A game opened in the lobby waits for anyone, listed there: no friend's link.
  const lobby = S.met === 'lobby';
  const showLink = waiting && !lobby;
  $('lobbyWait').hidden = !(waiting && lobby);
  if (waiting && lobby) $('lobbyWait').textContent = t('lobbyWaiting');
  // The creator waits for the friend with the link, and is told when they come.
  // A live region, always there and empty until the friend comes.
  $('friendIn').textContent = friendGame && S.phase === 'placement' && S.presence[1].present ? joinedText(S, 2) : '';
  const inv = invitedTo === S.game && S.phase === 'placement';
  $('invite').hidden = !inv;
  // The friend who came by the link may give the name the host sees.
  $('nameForm').hidden = !inv;
  if (inv && !field('friendName').value && document.activeElement !== $('friendName')) field('friendName').value = S.names?.[1] || '';
  if (inv) {
    const [nm, desc] = preset(S.rules);
    const host = S.names?.[0];
    $('invite').textContent = (host ? t('invitedBy', host) : t('invited')) + '. ' + t('invitedRules', desc && nm !== S.rules ? nm + ': ' + desc : S.rules);
  }
  $('link').hidden = !showLink;
  if (showLink) {
    const url = location.origin + '/g/' + S.game;
    $('linkText').setAttribute('aria-label', t('sendLink'));
    if (field('linkText').value !== url) { field('linkText').value = url; $('qr').replaceChildren(Object.assign(new Image(), { src: '/qr.svg?text=' + encodeURIComponent(url), alt: 'QR', className: 'qr' })); $('copy').textContent = t('copy'); }
  }
  mine.el.classList.toggle('placing', placing);
  if (placing) {
    place.ask();
    mine.render(place.look());
    drawDock();
    const touch = matchMedia('(pointer: coarse)').matches;
    const docked = place.dockButtons().length > 0;
    const help = $('placeSide').querySelector('.help');
    if (help) help.textContent = t(place.free() ? 'pathHelp' : !touch ? 'placeHelp' : docked ? 'placeHelpTouchDock' : 'placeHelpTouch');
    $('violations').replaceChildren(...place.messages().map(x => Object.assign(document.createElement('li'), { textContent: x })));
    /** @type {HTMLButtonElement} */ ($('pReady')).disabled = !place.ready();
    $('placedHint').hidden = !place.ready();
  } else {
    const own = waters(S, left(), lastShots), allowed = new Set(S.reveal && S.phase === 'battle' ? S.reveal.cells : []);
    mine.render((c, r) => {
      const v = own(c, r);
      if (allowed.has(canon(c, r))) { v.cls += ' allowed'; v.state += ', ' + t('sCanShow'); }
      return mv.look(game(), c, r, v);
    });
    const look = waters(S, right(), lastShots);
    const coach = S.seat && coachable() && field('coach').checked && S.phase === 'battle';
    if (coach && S.to_move === S.seat && !heat && coachFor !== S.moves) { coachFor = S.moves; app.send({ type: 'coach', game: S.game }); }
    enemyBoard().render((c, r) => {
      const v = look(c, r), cell = canon(c, r);
      if (selected.has(cell)) v.cls += ' sel';
      if (pending.has(cell)) { v.cls += ' pending'; v.state += ', ' + t('sPending'); }
      if (coach && heat && !v.cls) {
        const w = heat[r * game().spec.width + c];
        v.heat = w;
        v.state += ', ' + t('sHeat', Math.round(w * 100));
      }
      return v;
    });
    // The board that may be shot is framed, in the banner's colour: green when it is the
    // enemy's (your turn), orange when it is yours (the opponent's turn).
    const battle = S.phase === 'battle' && S.seat;
    enemyBoard().el.classList.toggle('aim', !!battle && S.to_move === S.seat && !owed());
    mine.el.classList.toggle('fire', !!battle && S.to_move !== S.seat && !owed());
    mine.el.classList.toggle('owe', !!battle && !!(S.reveal || mv.owes(S)));
    $('fleets').innerHTML = fleetsPanel(S);
  }
  drawLog();
  mv.draw(S);
  $('game').classList.toggle('wide', S.spec.width > 12);
  $('game').dataset.phase = placing ? 'placement' : S.phase;
  // On a phone the own board comes first while the ship is being moved.
  $('game').classList.toggle('moving', mv.owes(S));
  $('coachBox').hidden = !(S.seat && coachable() && S.phase === 'battle');
  // Blind mode keeps the keyboard in its command box.
  if (handOver && !away && !blindOn()) enemyBoard().at(enemyBoard().focus.c, enemyBoard().focus.r).focus();
  // A new game, or the device handed over: the keyboard goes to the board that comes
  // next (the own board while placing, else the enemy's).
  if (focusNext && !away && S.seat) {
    focusNext = false;
    const b = blindOn() ? null : placing ? mine : S.phase === 'battle' ? theirs : null;
    if (b && !document.querySelector('dialog[open]')) b.at(b.focus.c, b.focus.r).focus();
  } else if (away) $('handReady').focus();
  turnBanner();
  tick();
  if (S.phase === 'over' && S.result) drawOver(app, rematchOffer);
}

// The shot log: every shot of both sides, with its answer, newest last. Who shot and
// the dash are spans of their own, which a phone's narrow list only reads out: there
// an entry is «→ Д2 Мимо!», yours by its arrow and colour.
function drawLog() {
  const who = (/** @type {number} */ p) => esc(nameOf(p));
  const html = shotLog().map(e => `<li class="${!game().seat ? 'p' + e.p : e.p === game().seat ? 'me' : 'them'} a-${e.answer}"><span class="who">${who(e.p)}: </span>${e.dying ? t('torpedo') + ' ' : ''}${name(e.cell)}<span class="dash"> — </span><span class="ans">${answerText(e.answer)}</span></li>`).join('');
  if (html === logHtml) return;
  logHtml = html;
  $('log').innerHTML = html;
  const box = $('logBox');
  box.scrollTop = box.scrollHeight;
}

function drawDock() {
  const held = place.held();
  $('dock').setAttribute('aria-label', t('dock'));
  const html = place.dockButtons().map(s =>
    `<button class="dship${s.kind ? ' dpiece' : ''}${s.moving ? ' moving' : ''}" type="button" data-i="${s.i}" aria-pressed="${held === s.i}" aria-label="${s.name}">${s.kind ? `<span>${GLYPH[s.kind]}</span>` : [...Array(s.n)].map((_, j) => `<span class="${s.n === 1 ? 'solo' : j === 0 ? 'bow' : j === s.n - 1 ? 'stern' : 'mid'}"></span>`).join('')}</button>`).join('');
  // The same buttons stay: a check's answer redraws the page under a hand or a focus.
  if (html !== dockHtml) { dockHtml = html; $('dock').innerHTML = html; }
}
/** @type {string | null} */
let dockHtml = null;

function tick() {
  const S = state();
  if (!S) return;
  const c = $('clock'), a = $('away');
  const on = S.clock && S.phase === 'battle' && deadline;
  const placing = S.phase === 'placement' && placeBy !== null;
  c.hidden = !on && !placing;
  if (placing) {
    // An arena's placement runs out: said as a clock, in the clock's place.
    const left = Math.max(0, Math.ceil((/** @type {number} */ (placeBy) - Date.now()) / 1000));
    c.textContent = t('placementLeft', `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`);
    c.classList.toggle('low', left <= 15);
  } else if (on) {
    const left = Math.max(0, Math.ceil((on - Date.now()) / 1000));
    c.textContent = t(!S.seat ? 'clockLeft' : clockPlayer === S.seat ? 'clockMine' : 'clockTheirs', left);
    c.classList.toggle('low', left <= 5);
  }
  const opp = S.seat ? other(S.seat) : null, pr = opp && S.presence[opp - 1];
  // Away only once they had come: a friend who has not joined yet is not "away".
  a.hidden = !pr || pr.present || pr.away_secs == null || S.phase === 'over';
  if (pr && !a.hidden) {
    awaySince ??= Date.now() - (pr.away_secs || 0) * 1000;
    a.textContent = t('away', Math.round((Date.now() - awaySince) / 1000));
  }
  // An opponent away past the server's limit, in a game without a clock: the one who
  // stayed may claim the win (the server checks again).
  const claimable = !a.hidden && S.claim_after != null && S.phase === 'battle';
  $('claimBox').hidden = !claimable;
  if (claimable) {
    const left = (S.claim_after ?? 0) - Math.floor((Date.now() - (awaySince ?? Date.now())) / 1000);
    $('claim').hidden = left > 0;
    $('claimText').textContent = left > 0 ? t('claimSoon', left) : t('claimHelp');
  }
}
