// @ts-check
// The words of the lobby, the rated/casual choice, the search for an opponent and
// challenges (issue 39), in Russian and English. `mt(key, ...args)` says one in the
// page's language; e2e/tests/i18n.test.js checks the two tables have the same keys.
import { lang } from './i18n.js';

const ru = {
  ratedLabel: 'Игра:', rated: 'Рейтинговая', casual: 'Товарищеская', ratedLow: 'рейтинговая', casualLow: 'товарищеская',
  ratedGuest: 'Рейтинговые игры — для вошедших в аккаунт.',
  ratedHelp: 'Рейтинговая, если соперник тоже вошёл в аккаунт и выбрал её; иначе товарищеская.',
  lobbyTitle: 'Кто здесь', online: 'На сайте: {0} · идёт партий: {1}',
  noOpen: 'Открытых игр пока нет. Откройте свою — её увидят все, кто зайдёт.',
  openGame: 'Открыть игру в лобби',
  join: 'Играть', seeking: 'ищет соперника', guest: 'гость', anon: 'Аноним', noClock: 'без часов', perMove: '{0} с на ход',
  challengeLabel: 'Вызвать игрока по имени:', challenge: 'Вызвать', challengeSignIn: 'Войдите в аккаунт, чтобы вызывать игроков.',
  challengeSent: 'Вызов отправлен: {0}. Ждём ответа… {1}', cancel: 'Отменить', challengeWho: 'Вызвать {0} на бой',
  ended_declined: '{0} отклонил(а) вызов.', ended_cancelled: 'Вызов отменён.', ended_expired: '{0} не ответил(а) на вызов вовремя.',
  ended_accepted: '{0} принял(а) вызов!',
  challengedTitle: 'Вас вызывают на бой', challengedText: '{0} вызывает вас: {1}, {2}, {3}. Осталось {4} с.',
  accept: 'Принять', decline: 'Отклонить',
  waitWhat: '{0} · {1}', offerWhy: 'За {0} с никого с такими правилами не нашлось. Сыграть с компьютером?',
  offerBot: 'Соперника нет. Сыграть рейтинговую партию с ботом {0} ({1}, бот)?',
  offerLevel: 'Соперника нет. Сыграть рейтинговую партию с ботом {0} ({1}, бот: {2})?',
  levelEasy: 'новичок, стреляет наугад', levelMedium: 'любитель, добивает раненые корабли',
  levelHard: 'опытный, целится туда, где корабли помещаются чаще', levelExpert: 'мастер, взвешивает все расстановки и учится у вас', keepWaiting: 'Ждать дальше',
  offerBotAsked: 'Вызов отправлен боту {0}. Ждём его ответа…', offerBotNo: '{0} не принял вызов. Ищем соперника дальше.', offerBotNoThen: '{0} не принял вызов.',
  challengeOf: 'Вызов от {0}',
  errors: {
    not_found: 'игрока с таким именем нет', not_online: 'этого игрока сейчас нет на сайте',
    signed_out: 'войдите в аккаунт, чтобы вызывать игроков', no_challenge: 'этот вызов уже не действует',
    limit: 'слишком много вызовов ждут ответа: отмените один',
    not_rateable: 'рейтинговые игры — только для вошедших в аккаунт и по готовым правилам',
    blocked: 'этого игрока вызвать нельзя',
  },
};

/** @type {typeof ru} */
const en = {
  ratedLabel: 'Game:', rated: 'Rated', casual: 'Casual', ratedLow: 'rated', casualLow: 'casual',
  ratedGuest: 'Rated games are for signed-in players.',
  ratedHelp: 'Rated if your opponent is signed in and chose rated too; casual otherwise.',
  lobbyTitle: "Who's here", online: 'Online: {0} · games in play: {1}',
  noOpen: 'No open games yet. Open yours: everyone who comes by will see it.',
  openGame: 'Open a game in the lobby',
  join: 'Play', seeking: 'looking for an opponent', guest: 'guest', anon: 'Anonymous', noClock: 'no clock', perMove: '{0} s a move',
  challengeLabel: 'Challenge a player by name:', challenge: 'Challenge', challengeSignIn: 'Sign in to challenge players.',
  challengeSent: 'Challenge sent to {0}. Waiting for an answer… {1}', cancel: 'Cancel', challengeWho: 'Challenge {0}',
  ended_declined: '{0} declined the challenge.', ended_cancelled: 'The challenge was cancelled.', ended_expired: '{0} did not answer in time.',
  ended_accepted: '{0} accepted!',
  challengedTitle: 'You are challenged', challengedText: '{0} challenges you: {1}, {2}, {3}. {4} s left.',
  accept: 'Accept', decline: 'Decline',
  waitWhat: '{0} · {1}', offerWhy: 'Nobody with these rules came in {0} s. Play the computer instead?',
  offerBot: 'No opponent yet. Play a rated game against the bot {0} ({1}, BOT)?',
  offerLevel: 'No opponent yet. Play a rated game against the bot {0} ({1}, BOT: {2})?',
  levelEasy: 'a beginner, shoots at random', levelMedium: 'a casual player, finishes the ships it hits',
  levelHard: 'a careful player, aims where the ships fit most', levelExpert: 'a master, weighs every fleet and learns from you', keepWaiting: 'Keep waiting',
  offerBotAsked: 'The bot {0} is challenged. Waiting for its answer…', offerBotNo: '{0} did not take the challenge. Still looking for an opponent.', offerBotNoThen: '{0} did not take the challenge.',
  challengeOf: 'Challenge from {0}',
  errors: {
    not_found: 'no player has that name', not_online: 'that player is not on the site now',
    signed_out: 'sign in to challenge players', no_challenge: 'that challenge is no longer open',
    limit: 'too many challenges are waiting for an answer: cancel one',
    not_rateable: 'rated games are for signed-in players, under a preset',
    blocked: 'you cannot challenge this player',
  },
};

/** Both tables by language code. */
export const MEET_TEXTS = { ru, en };

/** The text `key` with `{0}`… filled from `args`. @param {Exclude<keyof typeof ru, 'errors'>} key @param {...(string | number)} args */
export function mt(key, ...args) {
  const s = MEET_TEXTS[lang][key];
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[i]));
}

/** The lobby's own words for a refusal's code, if it has them. @param {string} code @returns {string | undefined} */
export const meetError = code => /** @type {Record<string, string>} */ (MEET_TEXTS[lang].errors)[code];
