// @ts-check
// The words of moderation (issue 51): a player's report, block list and notices, and
// the moderators' page, in Russian and English. `mt(key, ...args)` says one in the
// page's language; e2e/tests/i18n.test.js checks the two tables agree. Loaded only
// when a player reports, blocks, opens the block list or is told something, and on
// /mod.
import { lang } from './i18n.js';
import { refusal } from './account.js';

const ru = {
  reportTitle: 'Пожаловаться на {0}', reportHelp: 'Жалобу прочтут модераторы. {0} не узнает, кто пожаловался.',
  reason: 'Причина', r_cheating: 'Играет с программой-подсказчиком', r_name: 'Оскорбительное имя',
  r_abuse: 'Оскорбления в игре', r_stalling: 'Тянет время', r_other: 'Другое',
  words: 'Несколько слов (необязательно)', send: 'Отправить жалобу', cancel: 'Отмена', close: 'Закрыть',
  sent: 'Жалоба на {0} отправлена. Спасибо!', signInFirst: 'Жаловаться и блокировать могут только игроки, вошедшие в аккаунт.',
  signIn: 'Войти', aboutGame: 'Жалоба — о партии {0}.',
  blockTitle: 'Заблокировать {0}?', blockHelp: '{0} больше не сможет вызывать вас на игру; вас не сведут ни очередь, ни лобби, ни арена, и вы не увидите его фраз в чате. Снять блокировку можно в аккаунте.',
  blockYes: 'Заблокировать', blocked: '{0}: заблокирован(а).', unblocked: '{0}: блокировка снята.',
  noneBlocked: 'Вы никого не блокируете.', unblock: 'Разблокировать',
  unblockName: 'Разблокировать {0}',
  warnedTitle: 'Предупреждение модератора', warnedText: 'Модератор предупредил вас и написал почему. Пожалуйста, соблюдайте правила сайта.',
  understood: 'Понятно',
  renameTitle: 'Смените имя', renameText: 'Модератор счёл имя {0} недопустимым. Выберите новое, чтобы продолжить; старое не достанется никому.',
  newName: 'Новое имя', renameYes: 'Сменить имя', renamed: 'Теперь ваше имя — {0}.',
  // The moderators' page.
  modTitle: 'Модерация', modOnly: 'Эта страница — только для модераторов. Роль выдаёт оператор сервера (seabattle admin grant-mod).',
  loading: 'Загрузка…', openReports: 'Открытые жалобы', noReports: 'Открытых жалоб нет.',
  reportsN: 'жалоб: {0}, вес {1}', engineMark: 'отмечен как движок', closedMark: 'аккаунт закрыт',
  figures: 'Партий: {0}, побед: {1}, доля попаданий: {2}, выстрелов до победы в среднем: {3}.',
  from: '{0}, {1}', weightLess: 'вес {0}: новый аккаунт или много жалоб за день', inGame: 'партия {0}',
  analysed: 'точность по разбору: {0}%', noWords: '(без слов)',
  chatSaid: 'Чат в партии:', guestSeat: 'гость (игрок {0})', quoted: '«{0}»',
  action: 'Действие', a_warn: 'Предупредить', a_mute: 'Отключить чат', a_mark_engine: 'Отметить как движок',
  a_unmark_engine: 'Снять отметку «движок»', a_force_rename: 'Потребовать сменить имя', a_close: 'Закрыть аккаунт',
  a_reopen: 'Открыть аккаунт', a_close_arena: 'Закрыть арену', a_disable_bot: 'Отключить бота',
  a_grant_mod: 'Выдать роль модератора', a_revoke_mod: 'Снять роль модератора',
  minutes: 'Минут', why: 'Причина (попадёт в журнал)', resolve: 'Закрыть этим действием жалобы на игрока', act: 'Выполнить',
  done: 'Сделано: {0} — {1} (запись {2} в журнале).', resolvedN: ' Закрыто жалоб: {0}.', resolvedLog: 'закрыто жалоб: {0}',
  anyPlayer: 'Действие над любым игроком', player: 'Игрок', arenaTitle: 'Закрыть арену', arenaId: 'Номер арены',
  arenaName: 'Новое название (необязательно)',
  logTitle: 'Журнал модерации', logEmpty: 'Журнал пуст.', when: 'Когда', who: 'Кто', what: 'Что', whom: 'Кому', whyCol: 'Почему',
  operator: 'оператор', detail: '({0})',
  errors: {
    already_reported: 'вы уже жаловались сегодня на этого игрока по этой причине', not_found: 'такого игрока нет',
    not_moderator: 'это только для модераторов', bad_request: 'неверный запрос',
  },
};

const en = {
  reportTitle: 'Report {0}', reportHelp: 'The moderators will read it. {0} is never told who reported them.',
  reason: 'Reason', r_cheating: 'Plays with a solver or another program', r_name: 'An offensive name',
  r_abuse: 'Abuse in play', r_stalling: 'Stalls, lets the clock run', r_other: 'Something else',
  words: 'A few words (optional)', send: 'Send the report', cancel: 'Cancel', close: 'Close',
  sent: 'Your report of {0} is sent. Thank you!', signInFirst: 'Only a signed-in player can report or block.',
  signIn: 'Sign in', aboutGame: 'It is about game {0}.',
  blockTitle: 'Block {0}?', blockHelp: '{0} can no longer challenge you; the queue, the lobby and arenas never pair you, and you do not see their quick chat. You can unblock them in your account.',
  blockYes: 'Block', blocked: '{0} is blocked.', unblocked: '{0} is unblocked.',
  noneBlocked: 'You block nobody.', unblock: 'Unblock',
  unblockName: 'Unblock {0}',
  warnedTitle: "A moderator's warning", warnedText: 'A moderator warned you, and wrote why. Please keep to the rules of the site.',
  understood: 'Understood',
  renameTitle: 'Choose a new name', renameText: 'A moderator found the name {0} not allowed here. Choose a new one to go on; the old one will go to nobody else.',
  newName: 'New name', renameYes: 'Change the name', renamed: 'Your name is {0} now.',
  modTitle: 'Moderation', modOnly: "This page is for moderators only. The server's operator grants the role (seabattle admin grant-mod).",
  loading: 'Loading…', openReports: 'Open reports', noReports: 'No open reports.',
  reportsN: 'reports: {0}, weight {1}', engineMark: 'marked as an engine', closedMark: 'account closed',
  figures: 'Games: {0}, won: {1}, hit rate: {2}, mean shots to win: {3}.',
  from: '{0}, {1}', weightLess: 'weight {0}: a new account, or many reports in a day', inGame: 'game {0}',
  analysed: 'analysed accuracy: {0}%', noWords: '(no words)',
  chatSaid: 'Chat in the game:', guestSeat: 'a guest (player {0})', quoted: '“{0}”',
  action: 'Action', a_warn: 'Warn', a_mute: 'Mute the chat', a_mark_engine: 'Mark as an engine',
  a_unmark_engine: 'Take the engine mark back', a_force_rename: 'Force a rename', a_close: 'Close the account',
  a_reopen: 'Reopen the account', a_close_arena: 'Close an arena', a_disable_bot: 'Disable the BOT',
  a_grant_mod: 'Grant the moderator role', a_revoke_mod: 'Take the moderator role back',
  minutes: 'Minutes', why: 'Why (written to the log)', resolve: "Resolve the player's reports with this action", act: 'Do it',
  done: 'Done: {0} — {1} (log line {2}).', resolvedN: ' Reports resolved: {0}.', resolvedLog: 'reports resolved: {0}',
  anyPlayer: 'Act on any player', player: 'Player', arenaTitle: 'Close an arena', arenaId: "The arena's id",
  arenaName: 'New name (optional)',
  logTitle: 'Moderation log', logEmpty: 'The log is empty.', when: 'When', who: 'Who', what: 'What', whom: 'Whom', whyCol: 'Why',
  operator: 'the operator', detail: '({0})',
  errors: {
    already_reported: 'you reported this player for this reason today already', not_found: 'there is no such player',
    not_moderator: 'this is for moderators only', bad_request: 'a bad request',
  },
};

/** The tables, for the test that checks they agree (e2e/tests/i18n.test.js). */
export const MOD_TEXTS = { ru, en };

/** One of the words in the page's language, `{0}`, `{1}` filled in.
 * @param {string} key @param {...(string | number)} args @returns {string} */
export function mt(key, ...args) {
  const table = /** @type {Record<string, unknown>} */ (lang === 'en' ? en : ru);
  const s = table[key];
  if (typeof s !== 'string') return key;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ''));
}

/** A refused or failed request (`request`'s answer, null when the server could not be
 * reached) in the page's words: moderation's own codes here, the rest as the account's
 * (`refusal`), and a bad request with the server's detail of what was wrong.
 * @param {{json: {code?: string, message?: string}, retry: string | null} | null} r */
export function refused(r) {
  if (!r) return refusal({}, null);
  const errors = /** @type {Record<string, string>} */ ((lang === 'en' ? en : ru).errors);
  const own = r.json.code ? errors[r.json.code] : undefined;
  if (!own) return refusal(r.json, r.retry);
  return r.json.code === 'bad_request' && r.json.message ? `${own}: ${r.json.message}` : own;
}
