// @ts-check
// The words of the daily sea (issue 41), in Russian and English. `dt(key, ...args)`
// says one in the page's language; e2e/tests/i18n.test.js checks the two tables have
// the same keys and placeholders.
import { lang } from './i18n.js';

const ru = {
  title: 'Морской бой дня', titleOf: 'Морской бой дня · {0}',
  intro: 'Один флот на всех, новый каждый день в 00:00 UTC. Потопите все корабли за как можно меньше выстрелов. Попытка одна.',
  board: 'Море дня', start: 'Начать попытку', startHelp: 'Одна попытка в день: после начала каждый выстрел считается.',
  shots: 'Выстрелов: {0}', afloat: 'На плаву', allSunk: 'Все корабли потоплены!',
  youSank: 'Вы потопили флот дня за {0} выстр.', expert: 'Компьютер-эксперт: {0} выстр.',
  rank: 'Ваше место: {0} из {1} (в зачёт идут аккаунты)', guestRank: 'Войдите в аккаунт, чтобы попасть в зачёт дня.',
  histogram: 'Результаты дня: закончили {0}', bar: '{0}–{1} выстрелов: {2}', best: 'Лучшие аккаунты дня',
  streak: 'Дней подряд: {0}', longest: 'Самая длинная серия: {0}', bestScore: 'Лучший результат: {0}',
  share: 'Поделиться', copied: 'Скопировано', shareTitle: 'Ваш результат (без подсказок о кораблях)',
  commitment: 'Отпечаток флота (SHA-256), опубликован в начале дня:', howCheck: 'Как проверить',
  revealTitle: 'Флот дня {0} раскрыт', salt: 'Соль: {0}', checked: 'Браузер сверил: SHA-256 раскрытого флота совпадает с отпечатком — флот не меняли.',
  checkBad: 'Внимание: SHA-256 раскрытого флота НЕ совпадает с отпечатком!', committed: 'Текст, от которого считается отпечаток:',
  revealSoon: 'Флот и соль будут раскрыты завтра, после 00:00 UTC.',
  nextSea: 'Следующее море — через {0}, в {1} по вашему времени.', hm: '{0} ч {1} мин', min: '{0} мин',
  noDay: 'Моря за {0} нет: оно бывает за сегодня и за прошедшие дни, с первого дня сайта.', toToday: 'К сегодняшнему морю', yours: 'Ваши выстрелы', noAttempt: 'Вы не играли в этот день.',
  yesterday: 'Вчерашнее море', today: 'Сегодняшнее море', back: 'На главную', shotN: 'Выстрел {0} из {1}',
  first: 'В начало', prev: 'Назад', next: 'Вперёд', last: 'В конец',
  shotMiss: '{0}: мимо', shotHit: '{0}: ранил', shotSunk: '{0}: убил', loading: 'Загрузка…',
  errors: {
    off_board: 'такой клетки на поле нет', already_shot: 'по этой клетке уже стреляли',
    game_over: 'эта попытка окончена', already_played: 'попытка на сегодня уже была: одна в день',
    not_started: 'сначала начните попытку', not_found: 'моря за этот день нет', bad_request: 'неверная дата',
    throttled: 'слишком много запросов — подождите', cross_site: 'запрос с чужого сайта отклонён',
    unavailable: 'сервер сейчас не может ответить; попробуйте ещё раз',
  },
};

/** @typedef {typeof ru} DailyTexts */
/** @type {DailyTexts} */
const en = {
  title: 'Daily sea', titleOf: 'Daily sea · {0}',
  intro: 'One fleet for everyone, a new one every day at 00:00 UTC. Sink every ship in as few shots as you can. One attempt.',
  board: 'The daily sea', start: 'Start my attempt', startHelp: 'One attempt a day: once started, every shot counts.',
  shots: 'Shots: {0}', afloat: 'Afloat', allSunk: 'Every ship is sunk!',
  youSank: 'You sank the daily fleet in {0} shots', expert: 'The expert computer: {0} shots',
  rank: 'Your place: {0} of {1} (accounts are ranked)', guestRank: 'Sign in to be ranked for the day.',
  histogram: 'The day\'s results: {0} finished', bar: '{0}–{1} shots: {2}', best: 'The day\'s best accounts',
  streak: 'Days in a row: {0}', longest: 'Longest streak: {0}', bestScore: 'Best score: {0}',
  share: 'Share', copied: 'Copied', shareTitle: 'Your result (no hint of where the ships are)',
  commitment: 'The fleet\'s fingerprint (SHA-256), published as the day began:', howCheck: 'How to check it',
  revealTitle: 'The fleet of {0}, revealed', salt: 'Salt: {0}', checked: 'Your browser checked: the SHA-256 of the fleet revealed matches the fingerprint — the fleet never changed.',
  checkBad: 'Warning: the SHA-256 of the fleet revealed does NOT match the fingerprint!', committed: 'The text the fingerprint is taken of:',
  revealSoon: 'The fleet and salt are revealed tomorrow, after 00:00 UTC.',
  nextSea: 'The next sea comes in {0}, at {1} your time.', hm: '{0} h {1} min', min: '{0} min',
  noDay: 'There is no sea for {0}: there is one for today and each day before, from the site\'s first day.', toToday: 'To today\'s sea', yours: 'Your shots', noAttempt: 'You did not play that day.',
  yesterday: 'Yesterday\'s sea', today: 'Today\'s sea', back: 'Home', shotN: 'Shot {0} of {1}',
  first: 'First', prev: 'Back', next: 'Forward', last: 'Last',
  shotMiss: '{0}: miss', shotHit: '{0}: hit', shotSunk: '{0}: sunk', loading: 'Loading…',
  errors: {
    off_board: 'no such cell on the board', already_shot: 'that cell was shot already',
    game_over: 'this attempt is over', already_played: 'you had today\'s attempt already: one a day',
    not_started: 'start your attempt first', not_found: 'there is no sea for that day', bad_request: 'a wrong date',
    throttled: 'too many requests — wait a little', cross_site: 'a request from another site was refused',
    unavailable: 'the server cannot answer now; try again',
  },
};

/** Both tables, for the test that they agree. */
export const DAILY_TEXTS = { ru, en };

/**
 * A text of the daily sea in the page's language, `{0}`, `{1}`, … filled in.
 * @param {string} key @param {...(string | number)} args
 */
export function dt(key, ...args) {
  const table = /** @type {Record<string, unknown>} */ (DAILY_TEXTS[lang] || ru);
  const text = key.split('.').reduce((/** @type {any} */ v, k) => v?.[k], table);
  return typeof text === 'string' ? text.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? '')) : key;
}
