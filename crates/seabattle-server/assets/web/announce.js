// @ts-check
// The sentences the page says about a game (issue 42): one short sentence a shot,
// «Е5 — ранил. Стреляйте снова.», «Противник: А1 — мимо. Ваш ход.», «Е5 — убил
// трёхпалубный, осталось 6 кораблей. Стреляйте снова.»; the battle's start and the end.
// The voice option speaks them, blind mode writes them into its live region. Their words
// are here, with blind mode's switch (loaded with every page: blind-words.js, the rest of
// blind mode's, loads only with it).
import { t, deckName, lang } from './i18n.js';
import { seatName } from './view.js';
import { other } from './store.js';

const ru = {
  setting: 'Режим для незрячих', skipOn: 'Режим для незрячих: игра набором команд', skipGo: 'К полю команд (режим для незрячих)',
  a_miss: 'мимо', a_hit: 'ранил', a_sunk: 'убил', a_mine: 'мина', a_sweeper: 'тральщик', a_sub: 'подлодка',
  seg: '{0} — {1}', segSunk: '{0} — убил {1}', segSunkYours: '{0} — убил ваш {1}',
  left: ['остался {0} корабль', 'осталось {0} корабля', 'осталось {0} кораблей'],
  yourLeft: ['у вас остался {0} корабль', 'у вас осталось {0} корабля', 'у вас осталось {0} кораблей'],
  again: 'Стреляйте снова.', theirTurn: 'Ход противника.', yourTurn: 'Ваш ход.', nextIs: 'Ходит {0}.',
  battle: 'Бой начался.', battleFirst: 'Первым стреляет противник.', battleFirstN: 'Первым стреляет {0}.',
  won: 'Вы победили: {0}.', lost: 'Вы проиграли: {0}.', winnerIs: 'Победа: {0} — {1}.',
};
/** @typedef {typeof ru} SpeechTexts */
/** @type {SpeechTexts} */
const en = {
  setting: 'Blind mode', skipOn: 'Blind mode: play by typing', skipGo: 'To the command box (blind mode)',
  a_miss: 'miss', a_hit: 'hit', a_sunk: 'sunk', a_mine: 'mine', a_sweeper: 'minesweeper', a_sub: 'submarine',
  seg: '{0} — {1}', segSunk: '{0} — sunk the {1}', segSunkYours: '{0} — sunk your {1}',
  left: ['{0} ship left', '{0} ships left', '{0} ships left'],
  yourLeft: ['you have {0} ship left', 'you have {0} ships left', 'you have {0} ships left'],
  again: 'Shoot again.', theirTurn: "Opponent's turn.", yourTurn: 'Your turn.', nextIs: '{0} to move.',
  battle: 'The battle begins.', battleFirst: 'The opponent shoots first.', battleFirstN: '{0} shoots first.',
  won: 'You win: {0}.', lost: 'You lose: {0}.', winnerIs: '{0} wins: {1}.',
};
/** Both tables by language. @type {Record<string, SpeechTexts>} */
export const SPEECH_TEXTS = { ru, en };

/** @param {string} s @param {(string | number)[]} args */
const fill = (s, args) => s.replace(/\{(\d)\}/g, (_, i) => String(args[+i]));

// The text `key` in the page's language with `{0}`, `{1}`… filled from `args`.
/** @param {Exclude<keyof SpeechTexts, 'left' | 'yourLeft'>} key @param {...(string | number)} args @returns {string} */
export function st(key, ...args) {
  return fill(SPEECH_TEXTS[lang][key], args);
}

// «осталось 6 кораблей»: the form for `n` of a counted text (`left`, `yourLeft`).
/** @param {'left' | 'yourLeft'} key @param {number} n */
export function counted(key, n) {
  const forms = SPEECH_TEXTS[lang][key];
  const ten = n % 10, hundred = n % 100;
  const i = lang !== 'ru' ? (n === 1 ? 0 : 1) : ten === 1 && hundred !== 11 ? 0 : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? 1 : 2;
  return fill(forms[i], [n]);
}

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').Server.Shot} Shot */
/** @typedef {import('./wire').Player} Player */

// Whether blind mode is on (`sb.blind`, the setting «Режим для незрячих»).
export const blindOn = () => globalThis.localStorage?.getItem('sb.blind') === '1';

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
    ? st(you === target ? 'segSunkYours' : 'segSunk', name(s.cell), deckName(s.ship.length))
    : st('seg', name(s.cell), answerWord(s.answer))));
  let text = (m.dying ? t('torpedo') + ' ' : '') + parts.join(', ');
  const afloat = S.boards[m.player - 1].afloat.length;
  if (m.shots.some(s => s.answer === 'sunk') && !S.spec.flying && afloat > 0) text += ', ' + counted(you === target ? 'yourLeft' : 'left', afloat);
  if (you !== m.player) text = you ? (S.names?.[m.player - 1] ? S.names[m.player - 1] + ': ' + text : t('enemyShot', text)) : seatName(S, m.player) + ': ' + text;
  let tail = '';
  if (m.next && you === m.player) tail = st(m.next === you ? 'again' : 'theirTurn');
  else if (m.next && you) tail = m.next === you ? st('yourTurn') : '';
  else if (m.next && m.next !== m.player) tail = st('nextIs', seatName(S, m.next));
  return text + '.' + (tail ? ' ' + tail : '');
}

// «мимо», «ранил», «убил», «мина»…
/** @param {import('./wire').Answer} a */
export const answerWord = a => st(/** @type {'a_miss'} */ ('a_' + a));

// «Бой начался. Ваш ход.»
/** @param {State} S @param {Player} first */
export function battleSentence(S, first) {
  const you = me(S);
  return st('battle') + ' ' + (you ? (first === you ? st('yourTurn') : st('battleFirst')) : st('battleFirstN', seatName(S, first)));
}

// «Вы победили: вы потопили весь флот противника.»
/** @param {State} S */
export function overSentence(S) {
  const r = S.result;
  if (!r) return '';
  const you = me(S), won = r.winner === you;
  const reason = t('reason_' + r.reason + (you ? (won ? '_won' : '_lost') : ''));
  return you ? st(won ? 'won' : 'lost', reason) : st('winnerIs', seatName(S, r.winner), reason);
}
