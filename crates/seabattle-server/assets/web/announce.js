// @ts-check
// The sentences the page says about a game (issue 42): one short sentence a shot,
// «Е5 — ранил. Стреляйте снова.», «Противник: А1 — мимо. Ваш ход.», «Е5 — убил
// трёхпалубный, осталось 6 кораблей. Стреляйте снова.»; the battle's start and the end.
// The voice option speaks them, blind mode writes them into its live region.
import { t, deckName, lang } from './i18n.js';
import { bt, counted } from './blind-words.js';
import { seatName } from './view.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').Server.Shot} Shot */
/** @typedef {import('./wire').Player} Player */

// Whether blind mode is on (`sb.blind`, the setting «Режим для незрячих»).
export const blindOn = () => globalThis.localStorage?.getItem('sb.blind') === '1';

/** @type {(p: number) => Player} */
const other = p => /** @type {Player} */ (3 - p);
// The seat that is «you» in `S`: none for a spectator and at one device.
/** @param {State} S */
const me = S => (S.seat && S.mode !== 'hotseat' ? S.seat : null);

// «2 трёхпалубных», «1 four-decker».
/** @param {number} count @param {number} decks */
export function shipsOf(count, decks) {
  const one = deckName(decks);
  if (lang === 'ru') return `${count} ${count % 10 === 1 && count % 100 !== 11 ? one : one.replace(/ый$/, 'ых')}`;
  return `${count} ${count === 1 ? one : one + 's'}`;
}

// A shot's sentence for the page whose game is `S` (after the shot was applied): the
// cells and answers, a ship sunk and how many are left, and who shoots next. `name`
// writes a cell in the page's coordinates.
/** @param {State} S @param {Shot} m @param {(cell: string) => string} name */
export function shotSentence(S, m, name) {
  const you = me(S), target = other(m.player);
  const parts = m.shots.map(s => (s.answer === 'sunk' && s.ship
    ? bt(you === target ? 'segSunkYours' : 'segSunk', name(s.cell), deckName(s.ship.length))
    : bt('seg', name(s.cell), answerWord(s.answer))));
  let text = (m.dying ? t('torpedo') + ' ' : '') + parts.join(', ');
  const afloat = S.boards[m.player - 1].afloat.length;
  if (m.shots.some(s => s.answer === 'sunk') && !S.spec.flying && afloat > 0) text += ', ' + counted(you === target ? 'yourLeft' : 'left', afloat);
  if (you !== m.player) text = you ? (S.names?.[m.player - 1] ? S.names[m.player - 1] + ': ' + text : t('enemyShot', text)) : seatName(S, m.player) + ': ' + text;
  let tail = '';
  if (m.next && you === m.player) tail = bt(m.next === you ? 'again' : 'theirTurn');
  else if (m.next && you) tail = m.next === you ? bt('yourTurn') : '';
  else if (m.next && m.next !== m.player) tail = bt('nextIs', seatName(S, m.next));
  return text + '.' + (tail ? ' ' + tail : '');
}

// «мимо», «ранил», «убил», «мина»…
/** @param {import('./wire').Answer} a */
export const answerWord = a => bt(/** @type {'a_miss'} */ ('a_' + a));

// «Бой начался. Ваш ход.»
/** @param {State} S @param {Player} first */
export function battleSentence(S, first) {
  const you = me(S);
  return bt('battle') + ' ' + (you ? (first === you ? bt('yourTurn') : bt('battleFirst')) : bt('battleFirstN', seatName(S, first)));
}

// «Вы победили: вы потопили весь флот противника.»
/** @param {State} S */
export function overSentence(S) {
  const r = S.result;
  if (!r) return '';
  const you = me(S), won = r.winner === you;
  const reason = t('reason_' + r.reason + (you ? (won ? '_won' : '_lost') : ''));
  return you ? bt(won ? 'won' : 'lost', reason) : bt('winnerIs', seatName(S, r.winner), reason);
}
