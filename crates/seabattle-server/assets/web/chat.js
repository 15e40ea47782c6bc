// @ts-check
// Quick chat in games between people (a friend's game, a random opponent's): a row of
// fixed phrases and emoji, sent by id and shown in each reader's own language, so there
// is no free text and nothing to moderate. What a player says shows briefly on the side
// of their board and is read out politely; a switch kept in this browser hides what the
// others say. The server lets each player say three at once, then one every 2 s: the
// row rests as long, so the player never meets the refusal.
import { $ } from './dom.js';
import { t, TEXTS, lang } from './i18n.js';
import { state, listen } from './store.js';
/** @typedef {import('./wire').Phrase} Phrase */
/** @typedef {import('./wire').Player} Player */
/** @typedef {import('./wire').ServerMsg} ServerMsg */
/** @typedef {import('./wire').Send} Send */

/** The phrases, in the order the row offers them. @type {Phrase[]} */
export const PHRASES = ['good_luck', 'nice_shot', 'thanks', 'thumbs_up', 'wow', 'phew', 'fire'];
// How long a phrase stays on screen.
const SHOWN_MS = 5000;
// The server's pace (docs/protocol.md, "Quick chat").
const BURST = 3, EVERY_MS = 2000;
const MUTE = 'sb.chatMute';

/** The phrase `p` in the page's language. @param {Phrase} p */
export const phraseText = p => TEXTS[lang].chat[p] || p;

/** @type {Send | null} */
let send = null;
// When the row may send again (the page's own copy of the server's bucket).
let fullAt = 0;
/** Each side's last phrase: who said what in which game, and its timer. @type {Record<'left' | 'right', {game: string, player: Player, phrase: Phrase, timer: number} | null>} */
const said = { left: null, right: null };

const muted = () => localStorage.getItem(MUTE) === '1';

/** Builds the row in `#chat`, and follows the game: its seats, names and people.
 * @param {Send} sendFn */
export function initChat(sendFn) {
  send = sendFn;
  listen(onGame);
  const box = $('chat');
  const bar = document.createElement('div');
  bar.id = 'chatBar';
  bar.className = 'chatBar';
  bar.setAttribute('role', 'group');
  for (const p of PHRASES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.phrase = p;
    b.className = TEXTS.en.chat[p].length <= 2 ? 'emoji' : 'phrase';
    b.onclick = () => say(p);
    bar.append(b);
  }
  bar.addEventListener('scroll', hintMore, { passive: true });
  addEventListener('resize', hintMore);
  const mute = document.createElement('label');
  mute.className = 'check chatMute';
  mute.innerHTML = '<input type="checkbox" id="chatMute"> <span id="chatMuteText"></span>';
  const bubbles = document.createElement('div');
  bubbles.className = 'chatSaid';
  bubbles.innerHTML = '<p id="chatLeft" class="bubble left" hidden></p><p id="chatRight" class="bubble right" hidden></p>';
  // Read out politely, and not as the page's status line (the shots' answers).
  const spoken = document.createElement('p');
  spoken.id = 'chatSpoken';
  spoken.className = 'sr';
  spoken.setAttribute('aria-live', 'polite');
  box.append(bar, mute, bubbles, spoken);
  const input = /** @type {HTMLInputElement} */ ($('chatMute'));
  input.checked = muted();
  input.onchange = () => {
    localStorage.setItem(MUTE, input.checked ? '1' : '0');
    if (input.checked) for (const side of /** @type {const} */ (['left', 'right'])) if (said[side] && said[side].player !== state()?.seat) clear(side);
  };
  rerenderChat();
}

// The game taken in: a new one leaves nothing of the last one said, a seat's new name
// is the one its phrases go by.
/** @param {ServerMsg} m */
function onGame(m) {
  if (m.type !== 'state' && m.type !== 'presence') return;
  for (const side of /** @type {const} */ (['left', 'right'])) if (said[side] && said[side].game !== state()?.game) clear(side);
  rerenderChat();
}

/** Shows a phrase said in the game on screen. @param {import('./wire').Server.Chat} m */
export function onChat(m) {
  if (m.game === state()?.game) heard(m.game, m.player, m.phrase);
  rerenderChat();
}

/** @param {Phrase} p */
function say(p) {
  const S = state();
  if (!S || !send || !S.seat) return;
  const now = Date.now();
  const from = Math.max(fullAt, now);
  if (from + EVERY_MS - now > BURST * EVERY_MS) return;
  fullAt = from + EVERY_MS;
  send({ type: 'chat', game: S.game, phrase: p });
  rest();
}

// The row rests while the bucket is empty.
function rest() {
  const wait = fullAt + EVERY_MS - Date.now() - BURST * EVERY_MS;
  document.getElementById('chatBar')?.querySelectorAll('button').forEach(b => { /** @type {HTMLButtonElement} */ (b).disabled = wait > 0; });
  if (wait > 0) setTimeout(rest, wait + 20);
}

// Who said it, as this reader names them.
/** @param {Player} p */
function who(p) {
  const S = state();
  if (!S) return '';
  if (S.seat === p) return t('chatYou');
  const named = S.names?.[p - 1];
  if (named) return named;
  return S.seat ? t('chatOpponent') : t('chatPlayer', p);
}

// The side of the board of player `p`: the left board is the player's own (player 1's
// for a spectator), as game.js lays them out.
/** @param {Player} p */
const sideOf = p => (p === (state()?.seat || 1) ? 'left' : 'right');

/** @param {string} game @param {Player} player @param {Phrase} phrase */
function heard(game, player, phrase) {
  if (player !== state()?.seat && muted()) return;
  const side = sideOf(player);
  if (said[side]) clearTimeout(said[side].timer);
  said[side] = { game, player, phrase, timer: window.setTimeout(() => { clear(side); }, SHOWN_MS) };
  $('chatSpoken').textContent = t('chatSaid', who(player), phraseText(phrase));
}

/** @param {'left' | 'right'} side */
function clear(side) {
  if (said[side]) clearTimeout(said[side].timer);
  said[side] = null;
  rerenderChat();
}

/** Shows the row for a game between people, in the page's language. */
export function rerenderChat() {
  const box = $('chat');
  if (!box) return;
  const S = state(), people = S?.mode === 'friend' || S?.mode === 'random';
  box.hidden = !people;
  if (!S || !people) return;
  box.classList.toggle('watching', !S.seat);
  $('chatBar').setAttribute('aria-label', t('chatBar'));
  $('chatBar').hidden = !S.seat;
  $('chatBar').querySelectorAll('button').forEach(b => { b.textContent = phraseText(/** @type {Phrase} */ (/** @type {HTMLElement} */ (b).dataset.phrase)); });
  $('chatMuteText').textContent = t('chatMute');
  for (const side of /** @type {const} */ (['left', 'right'])) {
    const el = $(side === 'left' ? 'chatLeft' : 'chatRight'), s = said[side];
    el.hidden = !s;
    el.textContent = s ? t('chatSaid', who(s.player), phraseText(s.phrase)) : '';
  }
  if (said.right) alignRight();
  hintMore();
}

// The other side's bubble starts where the board on the right does, when the boards
// stand side by side. On a phone they are stacked and the bubbles stand over the row
// itself (app.css), the other side's at its right end.
function alignRight() {
  const el = $('chatRight'), mine = $('mineSide'), box = $('chat').getBoundingClientRect();
  const other = [$('theirsSide'), $('placeSide')].find(e => e && !e.hidden);
  const left = other?.getBoundingClientRect().left ?? 0;
  const beside = !!mine && !!other && left >= mine.getBoundingClientRect().right;
  el.style.left = beside ? `${left - box.left}px` : '';
  el.style.right = beside ? 'auto' : '';
}

// A row wider than its room says so: faded at the edge while more is to the right.
function hintMore() {
  const bar = $('chatBar');
  bar.classList.toggle('more', bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 2);
}
