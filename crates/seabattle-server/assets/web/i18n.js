// Russian and English texts. `t(key, ...args)` in the current language.
const ru = {
  title: 'Морской бой', lang: 'Язык', coords: 'Координаты', auto: 'как язык',
  sound: 'Звук', halo: 'Обводить потопленные', coach: 'Подсказка тренера',
  vsComputer: 'Играть с компьютером', level: 'Уровень', rules: 'Правила', clock: 'Время на ход',
  noClock: 'без часов', play: 'Играть', vsFriend: 'Играть с другом', create: 'Создать игру',
  joinCode: 'Код игры', join: 'Войти', random: 'Случайный соперник', findOpponent: 'Найти соперника',
  how: 'Как играть', easy: 'лёгкий', medium: 'средний', hard: 'трудный', expert: 'эксперт',
  yourBoard: 'Ваше поле', enemyBoard: 'Поле противника', dock: 'Корабли для расстановки',
  randomPlace: 'Случайно', perelman: 'По Перельману', clear: 'Очистить', ready: 'Готов',
  rotate: 'Повернуть', placeHelp: 'Перетащите корабли на поле. R, правый щелчок или касание поворачивают корабль. С клавиатуры: выберите корабль, стрелками выберите клетку, Enter ставит, R поворачивает.',
  sendLink: 'Отправьте другу ссылку:', copy: 'Копировать', copied: 'Скопировано',
  waitingFriend: 'Ждём друга…', searching: 'Ищем соперника…', cancel: 'Отмена',
  offer: 'Никого нет. Сыграть с компьютером?', yourTurn: 'Ваш ход', theirTurn: 'Ходит противник',
  waitPlace: 'Ждём, пока противник расставит корабли', away: 'Противник вышел ({0} с)',
  youWin: 'Вы победили!', youLose: 'Вы проиграли', winner: 'Победил игрок {0}',
  miss: 'Мимо!', hit: 'Ранил!', sunk: 'Убил!', enemyShot: 'Противник: {0}',
  sMiss: 'мимо', sHit: 'ранен', sSunk: 'потоплен', sEmpty: 'пусто', sShip: 'корабль',
  sHalo: 'кораблей нет', sBad: 'ошибка', sHeat: 'вероятность {0}%',
  fleets: 'Корабли на плаву', mine: 'Ваши', theirs: 'Противника',
  rematch: 'Реванш', rematchOffered: 'Противник предлагает реванш', download: 'Запись JSON',
  downloadTxt: 'Запись текстом', replay: 'Повтор', newGame: 'Новая игра', resign: 'Сдаться',
  fair: 'Проверка честности', commitOk: 'флот игрока {0} совпадает с обязательством',
  commitBad: 'флот игрока {0} НЕ совпадает с обязательством!', verdict: 'Вердикт: {0}',
  reason_fleet_sunk: 'весь флот потоплен', reason_resigned: 'сдался', reason_timeout: 'время вышло',
  clockLeft: 'На ход: {0} с', clockMine: 'Время на ваш ход: {0} с', clockTheirs: 'Время на ход противника: {0} с', timeout: 'Время хода вышло у игрока {0}',
  back: 'Назад', forward: 'Вперёд', start: 'В начало', end: 'В конец', move: 'Ход {0} из {1}',
  custom: 'свои…', toMove: 'Ходит игрок {0}', resignedBy: 'Игрок {0} сдался', playerN: 'Игрок {0}', board1: 'Поле игрока 1', board2: 'Поле игрока 2', spectator: 'Вы смотрите игру',
  connecting: 'Соединение…', error: 'Ошибка: {0}',
  errors: { not_found: 'такой игры нет', game_full: 'в игре уже два игрока', not_your_turn: 'сейчас не ваш ход',
    already_shot: 'по этой клетке уже стреляли', off_board: 'клетка за краем поля', game_over: 'игра окончена',
    not_started: 'бой ещё не начался', flood: 'слишком много сообщений, подождите', too_large: 'слишком длинное сообщение',
    bad_rules: 'такие правила не подходят', bad_fleet: 'флот расставлен не по правилам', bad_clock: 'такое время на ход не подходит',
    reveal_due: 'сначала нужно показать клетку', no_reveal_due: 'вы ничего не должны показывать', not_revealable: 'эту клетку показать нельзя',
    relocate_due: 'сначала нужно перенести корабль', no_relocate_due: 'переносить корабль сейчас не нужно',
    not_a_path: 'клетки не выстроены в цепочку', wrong_count: 'не то число клеток', repeated_cell: 'клетка названа дважды' }, shotsLeft: 'Выстрелов в залпе: {0}',
  v_missing: 'не расставлено кораблей: {0}',
  aMine: 'Мина!', aSweeper: 'Тральщик!', aSub: 'Подлодка!', torpedo: 'Торпеда:',
  s_mine: 'мина', s_sweeper: 'тральщик', s_sub: 'подлодка', sSpent: 'взорвана', sShown: 'показана', sCanShow: 'можно показать',
  showShip: 'Покажите клетку своего корабля', showMine: 'Покажите свою мину',
  waitReveal: 'Ждём, пока покажут клетку', toReveal: 'Игрок {0} показывает клетку',
  youShowed: 'Вы показали {0}', serverShowed: 'Время вышло: сервер показал {0}',
  enemyShowedShip: 'Противник показал клетку корабля: {0}', enemyShowedMine: 'Противник показал мину: {0}',
  playerShowed: 'Игрок {0} показал клетку',
  moveShip: 'Перенесите корабль', moveHow: 'Потеряна палуба {0}. Отметьте на своём поле {1} клеток цепочкой (по сторонам или углам), не там, куда стреляли: отмечено {2}.',
  moveRandom: 'Случайное место', waitMove: 'Противник переносит корабль', toMoveShip: 'Игрок {0} переносит корабль',
  youMoved: 'Корабль перенесён', serverMoved: 'Время вышло: сервер перенёс ваш корабль', enemyMoved: 'Корабль противника переместился',
  playerMoved: 'Корабль игрока {0} переместился', sMarked: 'отмечена', sLosing: 'палуба будет потеряна', sLost: 'палуба потеряна',
  sLeft: 'корабль ушёл', afloatOf: 'палуб на плаву: {0} из {1}', v_drawn: 'отмечено клеток: {0} из {1}',
  pathHelp: 'Щёлкайте по клеткам (или стрелки и Enter), чтобы выстроить корабль цепочкой — клетки соседствуют сторонами или углами; щелчок по палубе убирает её. Можно перетащить корабль из дока или нажать «Случайно».',
  deck: ['', 'однопалубный', 'двухпалубный', 'трёхпалубный', 'четырёхпалубный', 'пятипалубный', 'шестипалубный', 'семипалубный', 'восьмипалубный'],
  decks: '{0}-палубный', proto: 'Протокол сервера',
  howText: 'Поле 10×10, у каждого флот: один четырёхпалубный, два трёхпалубных, три двухпалубных и четыре однопалубных корабля. Корабли прямые и не касаются друг друга даже углами. Игроки стреляют по очереди; попавший стреляет ещё раз. Ответы: «Мимо!», «Ранил!», «Убил!». Побеждает тот, кто первым потопит весь флот противника. Другие правила: classic-corners — корабли могут касаться углами; classic-bent — корабли любой формы («Г», квадрат); hasbro — пять кораблей от 5 до 2 палуб, касаться можно, ходят строго по очереди; big15 — поле 15×15; salvo — залп: по выстрелу за каждый свой корабль на плаву. mines — у каждого две мины (○): наткнувшийся на мину показывает клетку своего корабля, и ход переходит; minesweepers — ещё и тральщик (△): наткнувшийся показывает свою мину; submarines — подлодка (◇) тонет от одного выстрела и стреляет торпедой в ту же клетку поля стрелявшего.',
};
const en = {
  title: 'Sea Battle', lang: 'Language', coords: 'Coordinates', auto: 'as language',
  sound: 'Sound', halo: 'Mark around sunk ships', coach: 'Coach hint',
  vsComputer: 'Play the computer', level: 'Level', rules: 'Rules', clock: 'Time per move',
  noClock: 'no clock', play: 'Play', vsFriend: 'Play a friend', create: 'Create game',
  joinCode: 'Game code', join: 'Join', random: 'Random opponent', findOpponent: 'Find opponent',
  how: 'How to play', easy: 'easy', medium: 'medium', hard: 'hard', expert: 'expert',
  yourBoard: 'Your board', enemyBoard: 'Enemy board', dock: 'Ships to place',
  randomPlace: 'Random', perelman: 'Perelman', clear: 'Clear', ready: 'Ready',
  rotate: 'Rotate', placeHelp: 'Drag the ships onto the board. R, right click or a tap rotates a ship. Keyboard: pick a ship, move with the arrows, Enter places, R rotates.',
  sendLink: 'Send your friend the link:', copy: 'Copy', copied: 'Copied',
  waitingFriend: 'Waiting for your friend…', searching: 'Looking for an opponent…', cancel: 'Cancel',
  offer: 'Nobody came. Play the computer instead?', yourTurn: 'Your turn', theirTurn: "Opponent's turn",
  waitPlace: 'Waiting for the opponent to place their fleet', away: 'Opponent is away ({0} s)',
  youWin: 'You win!', youLose: 'You lose', winner: 'Player {0} wins',
  miss: 'Miss!', hit: 'Hit!', sunk: 'Sunk!', enemyShot: 'Opponent: {0}',
  sMiss: 'miss', sHit: 'hit', sSunk: 'sunk', sEmpty: 'empty', sShip: 'ship',
  sHalo: 'no ship', sBad: 'error', sHeat: 'likelihood {0}%',
  fleets: 'Ships afloat', mine: 'Yours', theirs: "Opponent's",
  rematch: 'Rematch', rematchOffered: 'The opponent offers a rematch', download: 'Record JSON',
  downloadTxt: 'Record text', replay: 'Replay', newGame: 'New game', resign: 'Resign',
  fair: 'Fairness check', commitOk: "player {0}'s fleet matches the commitment",
  commitBad: "player {0}'s fleet does NOT match the commitment!", verdict: 'Verdict: {0}',
  reason_fleet_sunk: 'fleet sunk', reason_resigned: 'resigned', reason_timeout: 'out of time',
  clockLeft: 'Move time: {0} s', clockMine: 'Time for your move: {0} s', clockTheirs: "Time for the opponent's move: {0} s", timeout: 'Player {0} ran out of time',
  back: 'Back', forward: 'Forward', start: 'Start', end: 'End', move: 'Move {0} of {1}',
  custom: 'custom…', toMove: 'Player {0} to move', resignedBy: 'Player {0} resigned', playerN: 'Player {0}', board1: "Player 1's board", board2: "Player 2's board", spectator: 'You are watching',
  connecting: 'Connecting…', error: 'Error: {0}',
  errors: {}, shotsLeft: 'Shots in this volley: {0}',
  v_missing: 'ships not placed: {0}',
  aMine: 'Mine!', aSweeper: 'Minesweeper!', aSub: 'Submarine!', torpedo: 'Torpedo:',
  s_mine: 'mine', s_sweeper: 'minesweeper', s_sub: 'submarine', sSpent: 'spent', sShown: 'shown', sCanShow: 'may be shown',
  showShip: 'Show one of your ship cells', showMine: 'Show one of your mines',
  waitReveal: 'Waiting for a cell to be shown', toReveal: 'Player {0} shows a cell',
  youShowed: 'You showed {0}', serverShowed: 'Out of time: the server showed {0}',
  enemyShowedShip: 'The opponent showed a ship cell: {0}', enemyShowedMine: 'The opponent showed a mine: {0}',
  playerShowed: 'Player {0} showed a cell',
  moveShip: 'Move your ship', moveHow: 'Deck {0} is lost. Mark {1} cells on your board in a chain (sides or corners), none of them shot at: {2} marked.',
  moveRandom: 'Random place', waitMove: 'The opponent is moving their ship', toMoveShip: 'Player {0} is moving their ship',
  youMoved: 'Your ship moved', serverMoved: 'Out of time: the server moved your ship', enemyMoved: 'The enemy ship moved',
  playerMoved: "Player {0}'s ship moved", sMarked: 'marked', sLosing: 'deck to be lost', sLost: 'lost deck',
  sLeft: 'the ship moved away', afloatOf: '{0} of {1} decks afloat', v_drawn: 'cells marked: {0} of {1}',
  pathHelp: 'Click cells (or use the arrows and Enter) to build the ship as a chain of cells touching by sides or corners; clicking a deck takes it off. You can also drag the ship from the dock or press Random.',
  deck: ['', 'one-decker', 'two-decker', 'three-decker', 'four-decker', 'five-decker', 'six-decker', 'seven-decker', 'eight-decker'],
  decks: '{0}-decker', proto: 'Server protocol',
  howText: 'A 10×10 board; each fleet has one four-decker, two three-deckers, three two-deckers and four one-deckers. Ships are straight and do not touch, not even at corners. Players take turns to shoot; a hit shoots again. The answers are Miss!, Hit!, Sunk!. Whoever sinks the whole enemy fleet first wins. Other rules: classic-corners — ships may touch at corners; classic-bent — ships of any shape (an L, a square); hasbro — five ships of 5 to 2 decks that may touch, strictly taking turns; big15 — a 15×15 board; salvo — a volley of one shot per own ship afloat. mines — two mines each (○): whoever hits one shows a cell of their own ship, and the turn passes; minesweepers — also a minesweeper (△): whoever hits it shows one of their mines; submarines — a submarine (◇) sinks at one shot and fires a torpedo back at the same cell of the shooter’s board.',
};
const TEXTS = { ru, en };
export let lang = localStorage.getItem('sb.lang') || (/^ru\b/i.test(navigator.language || '') ? 'ru' : 'en');

export function setLang(l) { lang = l; localStorage.setItem('sb.lang', l); }

export function t(key, ...args) {
  const s = TEXTS[lang][key] ?? key;
  return typeof s === 'string' ? s.replace(/\{(\d)\}/g, (_, i) => args[i]) : s;
}

// An answer as spoken: «Мимо!», …, «Мина!», «Тральщик!», «Подлодка!».
export const answerText = a => t({ mine: 'aMine', sweeper: 'aSweeper', sub: 'aSub' }[a] || a);

// A ship's name by size: «четырёхпалубный».
export const deckName = n => t('deck')[n] || t('decks', n);

// The coordinate system: the player's pick, or the language's.
export function coordSystem() {
  return localStorage.getItem('sb.coords') || (lang === 'ru' ? 'russian' : 'latin');
}
