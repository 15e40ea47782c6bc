// @ts-check
// The words of the arenas (issue 41), in Russian and English. `at(key, ...args)` says
// one in the page's language; e2e/tests/i18n.test.js checks the two tables agree.
import { lang, preset } from './i18n.js';

const ru = {
  title: 'Арены', intro: 'Турнир на время: после каждой партии вас сразу сводят с новым соперником. Победа — 2 очка, после двух побед подряд — 4 (🔥), пока серия не прервётся. Берсерк: половина своего времени на ход и +1 за победу, если вы сделали не меньше 15 выстрелов.',
  open: 'Идут и скоро начнутся', ended: 'Закончились', none: 'Пока ничего.',
  running: 'идёт, до конца {0}', upcoming: 'начнётся через {0}', finished: 'закончилась',
  rated: 'рейтинговая', casual: 'товарищеская', bots: 'боты допускаются', minGames: 'от {0} рейтинговых партий',
  clock: '{0} с на ход', minutes: '{0} мин', by: 'создал(а) {0}', scheduled: 'по расписанию сервера',
  hourly: 'Ежечасная арена: {0}', daily: 'Ежедневная арена: {0}',
  create: 'Создать арену', name: 'Название', rules: 'Правила', clockLabel: 'Секунд на ход', length: 'Длительность, мин',
  startsIn: 'Начало через, мин', ratedLabel: 'Рейтинговая', botsLabel: 'Пускать ботов', minGamesLabel: 'Рейтинговых партий не меньше',
  make: 'Создать', signIn: 'Войдите в аккаунт, чтобы играть в аренах и создавать их.',
  join: 'Участвовать', pause: 'Пауза', back: 'Вернуться в игру', joined: 'Вы участвуете. Ждём соперника…',
  next: 'Свободных соперников сейчас: {0}. Пара составляется, когда двое подождут {1} с.', nextBusy: 'Остальные сейчас играют: пара будет, как только кто-то освободится.', nextAlone: 'Вы пока одни: пара будет, как только придёт ещё кто-то.', paused: 'Вы на паузе: новых партий не будет.',
  withdrawn: 'Вы сняты после двух неявок подряд. Нажмите «Участвовать», чтобы вернуться.',
  playing: 'Ваша партия идёт.', play: 'Перейти к партии', berserk: 'Берсерк', berserkDone: 'Берсерк: {0} с на ход',
  pt_win: 'победа', pt_fire: 'победа в серии 🔥: вдвое', pt_loss: 'поражение', pt_noShow: 'неявка', pt_berserk: 'берсерк +1',
  legend: 'Очки за партии, по порядку: 2 — победа, 4 — победа в серии (🔥), 0 — поражение; ⚔ — берсерк (+1), красным — неявка. «?» у рейтинга — он ещё предварительный.',
  standings: 'Таблица', rank: 'Место', player: 'Игрок', rating: 'Рейтинг', score: 'Очки', games: 'Партии',
  podium: 'Пьедестал', watch: 'Смотреть партии', noGames: 'Сейчас партий нет.', bot: 'бот', toList: 'Все арены',
  nextRematch: 'Свободен только ваш прошлый соперник: пара с ним снова — после {0} с ожидания, если раньше не освободится кто-то другой.',
  strip: 'Арена «{0}»', left: 'до конца {0}', stripYou: 'место {0}, очков {1}', toArena: 'К арене',
  nextSoon: 'Следующую пару арена составит сама: оставайтесь на этой странице.',
  you: 'Ваше место: {0}, очков: {1}', placement: 'Расставьте флот за минуту, иначе партия засчитается как неявка.',
  end: 'Завершить арену', endSure: 'Завершить арену сейчас? Идущие партии доиграют, но не будут засчитаны.', ends: 'до конца', starts: 'до начала',
  errors: {
    not_found: 'такой арены нет', arena_closed: 'арена закончилась или не принимает вас', signed_out: 'войдите в аккаунт',
    bad_clock: 'неверное время на ход', bad_request: 'неверные параметры', bad_name: 'слишком длинное название',
    not_rateable: 'рейтинговой бывает только арена по стандартным правилам', limit: 'у вас уже три арены',
    bad_rules: 'неверные правила', no_berserk: 'берсерк — только до первого выстрела', throttled: 'слишком часто — подождите',
    cross_site: 'запрос с чужого сайта отклонён', unavailable: 'сервер не отвечает; попробуйте ещё раз',
    must_rename: 'модератор попросил вас сначала выбрать новое имя',
  },
};

const en = {
  title: 'Arenas', intro: 'A tournament against the clock: after each game you are paired with a new opponent at once. A win is 2 points; after two wins in a row, 4 (🔥) until the streak ends. Berserk: half your own clock and +1 for a win in which you fired at least 15 shots.',
  open: 'Running and coming', ended: 'Ended', none: 'Nothing yet.',
  running: 'running, ends in {0}', upcoming: 'starts in {0}', finished: 'ended',
  rated: 'rated', casual: 'casual', bots: 'BOTs welcome', minGames: 'from {0} rated games',
  clock: '{0} s per move', minutes: '{0} min', by: 'made by {0}', scheduled: 'on the server\'s schedule',
  hourly: 'Hourly arena: {0}', daily: 'Daily arena: {0}',
  create: 'Make an arena', name: 'Name', rules: 'Rules', clockLabel: 'Seconds per move', length: 'Length, min',
  startsIn: 'Starts in, min', ratedLabel: 'Rated', botsLabel: 'Let BOTs join', minGamesLabel: 'At least this many rated games',
  make: 'Make it', signIn: 'Sign in to play in arenas and make them.',
  join: 'Join', pause: 'Pause', back: 'Back to the game', joined: 'You are in. Waiting for an opponent…',
  next: 'Opponents free now: {0}. A pair is made once two have waited {1} s.', nextBusy: 'Everyone else is playing: you are paired as soon as someone is free.', nextAlone: 'You are the only one so far: you are paired as soon as someone else comes.', paused: 'You are paused: no new games.',
  withdrawn: 'You were withdrawn after two no-shows in a row. Press «Join» to come back.',
  playing: 'Your game is on.', play: 'Go to the game', berserk: 'Berserk', berserkDone: 'Berserk: {0} s per move',
  pt_win: 'a win', pt_fire: 'a win on a streak 🔥: doubled', pt_loss: 'a loss', pt_noShow: 'a no-show', pt_berserk: 'berserk +1',
  legend: 'Points for each game, in order: 2 a win, 4 a win on a streak (🔥), 0 a loss; ⚔ berserk (+1), red a no-show. «?» after a rating: still provisional.',
  standings: 'Standings', rank: 'Rank', player: 'Player', rating: 'Rating', score: 'Score', games: 'Games',
  podium: 'Podium', watch: 'Watch the games', noGames: 'No games right now.', bot: 'BOT', toList: 'All arenas',
  nextRematch: 'The only one free is your last opponent: you meet again after {0} s of waiting, unless someone else is free first.',
  strip: 'Arena «{0}»', left: '{0} left', stripYou: 'rank {0}, points {1}', toArena: 'To the arena',
  nextSoon: 'The arena pairs you for your next game by itself: stay on this page.',
  you: 'Your rank: {0}, points: {1}', placement: 'Place your fleet within a minute, or the game counts as a no-show.',
  end: 'End the arena', endSure: 'End the arena now? The games being played go on, but do not count.', ends: 'ends in', starts: 'starts in',
  errors: {
    not_found: 'no such arena', arena_closed: 'the arena has ended or does not admit you', signed_out: 'sign in first',
    bad_clock: 'a wrong clock', bad_request: 'wrong settings', bad_name: 'the name is too long',
    not_rateable: 'only arenas under a preset are rated', limit: 'you have three arenas already',
    bad_rules: 'wrong rules', no_berserk: 'berserk only before your first shot', throttled: 'too many requests — wait a little',
    cross_site: 'a request from another site was refused', unavailable: 'the server cannot answer now; try again',
    must_rename: 'a moderator asked you to choose a new name first',
  },
};

/** Both tables, for the test that they agree. */
export const ARENA_TEXTS = { ru, en };

/**
 * A text of the arenas in the page's language, `{0}`, `{1}`, … filled in.
 * @param {string} key @param {...(string | number)} args
 */
export function at(key, ...args) {
  const table = /** @type {Record<string, unknown>} */ (ARENA_TEXTS[lang] || ru);
  const text = key.split('.').reduce((/** @type {any} */ v, k) => v?.[k], table);
  return typeof text === 'string' ? text.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? '')) : key;
}

/** An arena's name: one of the server's schedule is named in the page's language,
 * «Ежечасная арена: Классика».
 * @param {{name: string, rules: string, every?: 'hourly' | 'daily' | null}} a */
export const shownName = a => (a.every ? at(a.every, preset(a.rules)[0]) : a.name);
