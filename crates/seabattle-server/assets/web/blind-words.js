// @ts-check
// The words of blind mode (issue 42), in Russian and English: apart from i18n.js so that
// its many answers stay in one place and load only with it (the sentences of the shots,
// which the voice says too, are announce.js's). `bt(key, ...args)` says one in the page's
// language; e2e/tests/blind-parse.test.js checks the two tables have the same keys and
// placeholders.
import { lang } from './i18n.js';

const ru = {
  // The setting, the skip link, the input and its answers.
  label: 'Команда', example: 'Например: {0}, ряд 3, флот, помощь', send: 'Ввод', logName: 'Ответы',
  on: 'Режим для незрячих включён: пишите команды в поле «Команда», «помощь» — список команд.',
  off: 'Режим для незрячих выключен.',
  overNext: 'Напишите «итоги», «реванш» или «новая игра».',
  // New games and their phases.
  vsComputer: 'Игра с компьютером, уровень «{0}».', vsPerson: 'Игра с соперником.', vsFriend: 'Игра с другом.',
  placing: 'Расстановка: флот уже расставлен случайно. Напишите «готов», чтобы начать бой, «флот», чтобы услышать корабли, или «помощь».',
  placingHotseat: 'Расстановка игрока {0}.', linkWait: 'Ждём друга: ссылка для него — в поле «{0}».',
  accepted: 'Флот принят.', acceptedWait: 'Флот принят. Ждём противника.', theyPlaced: 'Противник расставил флот.',
  watching: '{0}. Напишите «ходы» или «ряд 3».', resumed: 'Игра продолжается.',
  friendLeft: 'Противник отключился.', oppBack: 'Противник вернулся.', rematchOffer: 'Противник предлагает реванш: напишите «реванш».',
  rematchAsked: 'Реванш предложен: ждём ответа.', rematchNo: 'Реванш — только после конца игры.',
  searching: 'Ищем соперника. Напишите «отмена», чтобы выйти.', offer: 'Никого нет. Напишите «компьютер», чтобы сыграть с компьютером, или «отмена».',
  missing: 'Такой игры нет. Напишите «новая игра».', replay: 'Повтор игры. Напишите «вперёд», «назад», «начало», «конец», «ряд 3» или «помощь».',
  start: 'Морской бой. Напишите «компьютер», «друг», «соперник» или «помощь».',
  // Placement by typing.
  placedRandom: 'Флот расставлен случайно. Напишите «готов» или «флот».', placedPerelman: 'Флот расставлен по Перельману. Напишите «готов» или «флот».',
  cleared: 'Поле очищено. Поставьте корабли по концам, например «{0}», или напишите «случайно».',
  shipPut: '{0} поставлен: {1}. {2}', shipBreaks: 'Так нельзя: {0}. Напишите «убрать» и клетку корабля, чтобы убрать его.',
  shotHeld: 'Выстрел {0} — как только настанет ваш ход.', toPlace: 'Осталось поставить: {0}.', allPlaced: 'Все корабли на поле: напишите «проверить» или «готов».',
  noSize: 'Во флоте нет корабля из {0} клеток. Корабли: {1}.', noneDocked: 'Все корабли из {0} клеток уже на поле: уберите один, например «убрать {1}».',
  notLine: 'Концы корабля — в одном ряду или столбце, например «{0}».', removed: '{0} {1} убран. {2}', noShipAt: 'На {0} нет корабля: напишите «флот», чтобы услышать, где они.',
  fleetOk: 'Флот по правилам: напишите «готов».', fleetBad: 'Флот не по правилам: {0}.', refused: 'Флот не принят: {0}.',
  fixHint: 'Уберите корабль («убрать {0}»), поставьте заново или напишите «случайно».',
  // The readouts.
  row: 'ряд {0}: {1}', col: 'столбец {0}: {1}', ofBoard: '{0}, {1}', notShot: 'не стреляли', noShip: 'кораблей нет',
  fleetSide: '{0}: на плаву {1} — {2}.', fleetYou: 'Вы', fleetThem: 'Противник', none: 'ничего',
  hurt: 'Подбиты ваши: {0}.', unhurt: 'Ваши корабли на плаву целы.', hurtShip: '{0} {1} в {2}',
  ownFleet: 'Ваш флот: {0}.', docked: 'Не поставлены: {0}.',
  lastOwn: 'Вы: {0}.', lastTheirs: '{0}: {1}.', noShots: 'Выстрелов ещё не было.',
  moves: 'Ходы {0}–{1} из {2}: {3}.', noMoves: 'Ходов ещё не было.',
  hint: 'Тренер советует {0}.', noHint: 'Подсказка есть только в товарищеском бою с компьютером, в ваш ход.', hintWait: 'Спрашиваю тренера…',
  resignAsk: 'Сдаться? Напишите «сдаться» ещё раз, чтобы подтвердить.',
  turnClock: '{0}. {1}.',
  selected: 'Выбраны: {0}. Осталось выбрать выстрелов в залпе: {1}.',
  mustShow: '{0}: назовите клетку, например {1}.', mustMove: 'Перенесите корабль: назовите {0} клеток цепочкой или напишите «случайно».',
  // Errors: each says what to type instead.
  e_unknown: 'Не понял «{0}». Назовите клетку, например {1}, или напишите «помощь».',
  e_badColumn: 'Нет столбца «{0}». Столбцы: {1}.', e_badRow: 'Нет ряда {0}: ряды от 1 до {1}.',
  e_needRow: 'Какой ряд? Напишите, например, «ряд 3».', e_needColumn: 'Какой столбец? Напишите, например, «столбец {0}».',
  e_needCell: 'Какая клетка? Напишите, например, «{0} {1}».', e_empty: 'Напишите команду, например {0}, или «помощь».',
  notNow: '«{0}» сейчас не к месту: напишите «помощь».', noBoard: 'Здесь нет поля.', spectator: 'Вы наблюдаете за игрой: стрелять нельзя. Напишите «ходы» или «ряд 3».',
  noOwn: 'У вас нет своего поля здесь: напишите «ряд 3».', onePerShot: 'В бою называйте одну клетку, например {0}.',
  notPlacing: 'Сейчас не расстановка.', notBattle: 'Бой ещё не начался.', gameOver: 'Игра окончена.',
  // The help, by where the player is.
  help_start: 'Команды: «компьютер» (или «компьютер лёгкий», «средний», «трудный», «эксперт») — игра с компьютером; «друг» — игра по ссылке; «соперник» — случайный соперник; «выключить» — выйти из режима.',
  help_wait: 'Команды: «отмена» — перестать искать; «компьютер» — сыграть с компьютером.',
  help_place: 'Расстановка: «случайно», «перельман», «очистить»; корабль по концам — «{0}» или «{1}»; «убрать {2}»; «проверить»; «готов»; «флот»; «мой ряд 3», «мой столбец {3}»; «статус».',
  help_battle: 'Бой: клетка — выстрел, например {0}; «ряд 3», «столбец {3}» — поле противника; «мой ряд 3», «мой столбец {3}» — ваше; «флот»; «последний»; «статус»; «подсказка»; «ходы»; «сдаться».',
  help_over: 'Игра окончена: «итоги», «реванш», «новая игра»; «ряд 3», «мой ряд 3», «флот», «ходы».',
  help_watch: 'Вы наблюдаете: «ходы» (или «ходы 20») — последние ходы; «ряд 3», «столбец {3}» — оба поля; «флот»; «статус».',
  help_replay: 'Повтор: «вперёд», «назад», «начало», «конец»; «ряд 3», «столбец {3}» — оба поля; «статус» — ход и его разбор.',
};

/** @typedef {typeof ru} BlindTexts */
/** @type {BlindTexts} */
const en = {
  label: 'Command', example: 'For example: {0}, r 3, fleet, help', send: 'Enter', logName: 'Answers',
  on: 'Blind mode is on: type commands into the Command box; help lists them.',
  off: 'Blind mode is off.',
  overNext: 'Type result, rematch or new game.',
  vsComputer: 'A game against the computer, level {0}.', vsPerson: 'A game against an opponent.', vsFriend: 'A game with a friend.',
  placing: 'Placement: your fleet is already placed at random. Type ready to start the battle, fleet to hear your ships, or help.',
  placingHotseat: 'Player {0} places their fleet.', linkWait: 'Waiting for your friend: the link for them is in the box "{0}".',
  accepted: 'Fleet accepted.', acceptedWait: 'Fleet accepted. Waiting for the opponent.', theyPlaced: 'The opponent has placed their fleet.',
  watching: '{0}. Type moves or r 3.', resumed: 'The game goes on.',
  friendLeft: 'The opponent is disconnected.', oppBack: 'The opponent is back.', rematchOffer: 'The opponent offers a rematch: type rematch.',
  rematchAsked: 'Rematch offered: waiting for the answer.', rematchNo: 'A rematch comes only after the game ends.',
  searching: 'Looking for an opponent. Type cancel to stop.', offer: 'Nobody came. Type computer to play the computer, or cancel.',
  missing: 'No such game. Type new game.', replay: 'A replay. Type next, back, first, end, r 3 or help.',
  start: 'Sea Battle. Type computer, friend, opponent or help.',
  placedRandom: 'Fleet placed at random. Type ready or fleet.', placedPerelman: "Fleet placed Perelman's way. Type ready or fleet.",
  cleared: 'Board cleared. Place ships by their ends, for example "{0}", or type random.',
  shipPut: '{0} placed: {1}. {2}', shipBreaks: 'Not allowed: {0}. Type remove and a cell of the ship to take it away.',
  shotHeld: 'Shot {0} goes as soon as it is your turn.', toPlace: 'Still to place: {0}.', allPlaced: 'Every ship is on the board: type check or ready.',
  noSize: 'The fleet has no ship of {0} cells. Ships: {1}.', noneDocked: 'Every ship of {0} cells is on the board already: remove one, for example "remove {1}".',
  notLine: 'A ship\'s ends are in one row or column, for example "{0}".', removed: '{0} {1} removed. {2}', noShipAt: 'No ship at {0}: type fleet to hear where they are.',
  fleetOk: 'The fleet keeps the rules: type ready.', fleetBad: 'The fleet breaks the rules: {0}.', refused: 'Fleet refused: {0}.',
  fixHint: 'Remove a ship ("remove {0}"), place it again, or type random.',
  row: 'row {0}: {1}', col: 'column {0}: {1}', ofBoard: '{0}, {1}', notShot: 'not shot', noShip: 'no ship',
  fleetSide: '{0}: {1} afloat — {2}.', fleetYou: 'You', fleetThem: 'Opponent', none: 'nothing',
  hurt: 'Your ships hit: {0}.', unhurt: 'Your ships afloat are unhurt.', hurtShip: '{0} {1} at {2}',
  ownFleet: 'Your fleet: {0}.', docked: 'Not placed: {0}.',
  lastOwn: 'You: {0}.', lastTheirs: '{0}: {1}.', noShots: 'No shots yet.',
  moves: 'Moves {0}–{1} of {2}: {3}.', noMoves: 'No moves yet.',
  hint: 'The coach suggests {0}.', noHint: 'Hints are only for a casual battle against the computer, on your turn.', hintWait: 'Asking the coach…',
  resignAsk: 'Resign? Type resign again to confirm.',
  turnClock: '{0}. {1}.',
  selected: 'Selected: {0}. Shots left to choose in this volley: {1}.',
  mustShow: '{0}: name a cell, for example {1}.', mustMove: 'Move your ship: name {0} cells in a chain, or type random.',
  e_unknown: 'I did not understand "{0}". Name a cell, for example {1}, or type help.',
  e_badColumn: 'No column "{0}". Columns: {1}.', e_badRow: 'No row {0}: rows are 1 to {1}.',
  e_needRow: 'Which row? Type, for example, "r 3".', e_needColumn: 'Which column? Type, for example, "c {0}".',
  e_needCell: 'Which cell? Type, for example, "{0} {1}".', e_empty: 'Type a command, for example {0}, or help.',
  notNow: '"{0}" does not fit now: type help.', noBoard: 'There is no board here.', spectator: 'You are watching: you cannot shoot. Type moves or r 3.',
  noOwn: 'You have no board of your own here: type r 3.', onePerShot: 'In the battle name one cell, for example {0}.',
  notPlacing: 'This is not the placement.', notBattle: 'The battle has not started.', gameOver: 'The game is over.',
  help_start: 'Commands: computer (or computer easy, medium, hard, expert) plays the computer; friend makes a game to share by link; opponent finds a random opponent; off leaves blind mode.',
  help_wait: 'Commands: cancel stops looking; computer plays the computer.',
  help_place: 'Placement: random, perelman, clear; a ship by its ends, "{0}" or "{1}"; remove {2}; check; ready; fleet; my r 3, my c {3}; status.',
  help_battle: 'Battle: a cell fires, for example {0}; r 3, c {3} read the enemy board; my r 3, my c {3} your own; fleet; last; status; hint; moves; resign.',
  help_over: 'Game over: result, rematch, new game; r 3, my r 3, fleet, moves.',
  help_watch: 'Watching: moves (or moves 20) reads the last moves; r 3, c {3} read both boards; fleet; status.',
  help_replay: 'Replay: next, back, first, end; r 3, c {3} read both boards; status reads the move and its judgement.',
};

/** Both tables by language. @type {Record<string, BlindTexts>} */
export const BLIND_TEXTS = { ru, en };

// The text `key` in the page's language with `{0}`, `{1}`… filled from `args`.
/** @param {keyof BlindTexts} key @param {...(string | number)} args @returns {string} */
export function bt(key, ...args) {
  return BLIND_TEXTS[lang][key].replace(/\{(\d)\}/g, (_, i) => String(args[+i]));
}
