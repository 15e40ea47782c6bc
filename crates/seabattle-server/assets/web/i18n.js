// @ts-check
// Russian and English texts. `t(key, ...args)` in the current language.
/** @typedef {import('./wire').ErrorCode} ErrorCode */
/** @typedef {import('./wire').Lang} Lang */
const ru = {
  // Two-player games: names, spectators, an opponent who left, hot-seat, the queue.
  watching: 'Вы наблюдаете за игрой {0} — {1}', boardOf: 'Поле: {0}', winnerName: 'Победа: {0}', toMoveName: 'Ходит {0}',
  reason_abandoned_won: 'противник ушёл из игры', reason_abandoned_lost: 'вы ушли из игры и не вернулись', reason_abandoned: 'игрок ушёл из игры',
  claimWin: 'Засчитать победу', claimHelp: 'Противник не возвращается. Можно засчитать победу.', claimSoon: 'Засчитать победу можно будет через {0} с',
  notYourTurnNow: 'Сейчас ходит противник — подождите своего хода', waitPlayback: 'Подождите: ещё показываем ходы противника',
  shotInFlight: 'Выстрел {0} уже отправлен — ждём ответа', sPending: 'выстрел отправлен',
  lastFleet: 'Прошлая расстановка', rematchWaiting: 'Вы предложили реванш — ждём ответа соперника',
  searchingFor: 'Ищем соперника… {0}', opponentFound: 'Соперник найден!', skip: 'Перейти к игре',
  saveName: 'Сохранить', nameSaved: 'Имя сохранено: {0}',
  hotseat: 'Вдвоём на одном устройстве', hotseatHelp: 'Двое за одним экраном: каждый расставляет флот и стреляет в свой ход, передавая устройство.', hotseatStart: 'Начать',
  handTo: 'Передайте устройство игроку {0}', handToHelp: 'Оба флота скрыты. Игрок {0}, нажмите, когда соперник отвернётся.', handReady: 'Я игрок {0} — показать',
  placeTurn: 'Игрок {0} расставляет флот', turnOf: 'Ход игрока {0}', yourBoardN: 'Поле игрока {0} (ваше)', enemyBoardN: 'Поле противника игрока {0}',
  placeHelpTouch: 'Перетащите корабль пальцем на другое место. Коснитесь корабля, чтобы повернуть его: он встанет туда, где не нарушит правил. «Случайно» расставит весь флот заново.',
  placeHelpTouchDock: 'Перетащите пальцем корабли из ряда под полем на поле. Коснитесь корабля, чтобы повернуть его: он встанет туда, где не нарушит правил. «Случайно» расставит весь флот.',
  noRoom: 'Этот корабль здесь не повернуть: ему нигде нет места', showMineBoard: 'Моё поле', showEnemyBoard: 'Поле противника',
  replayWon: 'Победил игрок {0}: {1}', replayWho: 'Игрок 1 — {0}, игрок 2 — {1}', computerN: 'компьютер ({0})', person: 'человек',
  howText: 'Поле 10×10, у каждого флот: один четырёхпалубный, два трёхпалубных, три двухпалубных и четыре однопалубных корабля. Корабли прямые и не касаются друг друга даже углами. Кто стреляет первым, решает жребий; попавший стреляет ещё раз. Ответы: «Мимо!», «Ранил!», «Убил!». Побеждает тот, кто первым потопит весь флот противника; после игры сервер проверяет оба поля. Другие правила: «Касание углами» — корабли могут касаться углами; «Гнутые корабли» — корабли любой формы («Г», квадрат, зигзаг); «Hasbro» — пять кораблей от 5 до 2 палуб, касаться можно, ходят строго по очереди; «Большое поле» — 15×15 и пятипалубный авианосец; «Залп» — по выстрелу за каждый свой корабль на плаву; «Мины» — наткнувшийся на мину (○) показывает клетку своего корабля, и ход переходит; «Тральщики» — ещё и тральщик (△): наткнувшийся показывает свою мину; «Подлодки» — подлодка (◇) тонет от одного выстрела и стреляет торпедой в ту же клетку поля стрелявшего; «Летучий голландец» — поле 20×20 и один корабль из 5–8 палуб цепочкой (по сторонам и углам); подбитый, он теряет палубу и переплывает в другое место. Кнопка «По Перельману» расставляет флот, как советовал Я. И. Перельман: большие корабли плотно в углу, однопалубные — по всему полю, чтобы их было долго искать.',

  placedHint: 'Флот уже расставлен случайно: нажмите «Готов» — или передвиньте корабли.',
  reason_fleet_sunk_won: 'вы потопили весь флот противника', reason_fleet_sunk_lost: 'противник потопил весь ваш флот',
  reason_resigned_won: 'противник сдался', reason_resigned_lost: 'вы сдались', reason_timeout_won: 'у противника вышло время', reason_timeout_lost: 'у вас вышло время',
  menu: 'Меню', fast: 'Быстрые ответы', settings: 'Настройки', tagline: 'Расставьте флот, найдите корабли противника и потопите их первым.',
  orFriend: 'Или сыграйте с человеком', createHelp: 'Создайте игру и отправьте ссылку другу.',
  randomHelp: 'Сыграйте с тем, кто тоже ищет игру сейчас.',
  presets: { classic: ['Классика', '10×10, 4-3-3-2-2-2-1-1-1-1, корабли не касаются'],
    'classic-corners': ['Касание углами', '10×10, флот классики, корабли могут касаться углами'],
    'classic-bent': ['Гнутые корабли', '10×10, корабли любой формы («Г», квадрат), не касаются'],
    hasbro: ['Hasbro', '10×10, пять кораблей 5-4-3-3-2, касаться можно, ходят строго по очереди'],
    big15: ['Большое поле', '15×15, 5-4-3-3-2-2-2-1-1-1-1, корабли не касаются'],
    salvo: ['Залп', '10×10, за ход столько выстрелов, сколько у вас кораблей на плаву'],
    mines: ['Мины', 'у каждого две мины: наткнувшийся показывает клетку своего корабля'],
    minesweepers: ['Тральщики', 'мины и тральщик: попавший в тральщик показывает свою мину'],
    submarines: ['Подлодки', 'подлодка тонет от одного выстрела и отвечает торпедой'],
    dutchman: ['Летучий голландец', '20×20, один корабль-цепочка, после попадания он переплывает'] },
  customDesc: 'свои правила текстом, например «8x8 fleet=3,2,2,1 touch=corners»',
  log: 'Ходы', you: 'Вы', opp: 'Противник', guestMark: 'гость',
  knownShot: '{0}: сюда уже стреляли — выберите другую клетку', knownEmpty: '{0}: здесь кораблей нет — клетка рядом с потопленным кораблём',
  gameOver: 'Игра окончена', shotsN: 'Выстрелов', hitsN: 'Попаданий', hitRate: 'Доля попаданий', details: 'Подробнее', close: 'Закрыть', showResult: 'Итоги игры',
  fairIntro: 'До первого выстрела сервер прислал вашему браузеру отпечаток (SHA-256) каждого флота. Сейчас браузер сверил отпечатки с раскрытыми флотами:',
  fairAll: 'Никто не переставлял корабли по ходу игры.',
  fleetSame: '{0} — тот же, что был поставлен до первого выстрела.', fleetChanged: '{0} — НЕ тот, что был поставлен до первого выстрела!',
  fleetMine: 'Ваш флот', fleetComputer: 'Флот компьютера', fleetOpp: 'Флот противника', fleetOfN: 'Флот игрока {0}', fleetOfName: 'Флот: {0}',
  answersOk: 'Сервер сверил каждый ответ («Мимо!», «Ранил!», «Убил!») с расстановкой: все ответы верны, итог в силе — {0}.',
  answersBad: 'Проверка ответов нашла нарушения. Итог: {0}', wonBy: 'победа: {0}', youWonLow: 'вы победили', youLostLow: 'вы проиграли',
  howVerify: 'Как проверить самому: скачайте запись партии (JSON) — в ней оба флота, их «соли» и отпечатки; SHA-256 строки «флот:соль» должен совпасть с отпечатком. Подробно —', howVerifyLink: 'в описании протокола, раздел 5',
  ratingNote: '«?» — рейтинг ещё предварительный: партий пока мало, чтобы он был точен. Обычно «?» исчезает через 10–15 рейтинговых партий.',
  rematchGone: 'Соперник ушёл из игры: реванш станет возможен, если он вернётся.', computer: 'Компьютер',
  recordHelp: 'Запись партии:',
  resignQ: 'Сдаться?', resignText: 'Игра закончится, победа достанется противнику.', resignYes: 'Да, сдаться', resignNo: 'Играть дальше',
  missingTitle: 'Такой игры нет', missingText: 'Ссылка неверна, или игра была удалена. Начните новую игру.',
  notOver: 'Эта игра ещё не окончена: повтор будет после её конца.',
  play2: 'Воспроизвести', pause: 'Пауза', speed: 'Скорость',
  friendJoined: 'Друг подключился', friendJoinedName: 'Друг подключился: {0}', opponentJoined: 'Соперник подключился', opponentJoinedName: 'Соперник подключился: {0}', lobbyWaiting: 'Игра открыта в лобби: ждём соперника…', botJoinedName: 'Бот подключился: {0}', invited: 'Друг приглашает вас сыграть', invitedBy: '{0} приглашает вас сыграть', yourName: 'Ваше имя (необязательно)', invitedRules: 'Правила: {0}',
  sComp: 'подбит', sAnswerYou: 'Вы: {0}',
  title: 'Морской бой', lang: 'Язык', coords: 'Координаты', auto: 'как язык',
  sound: 'Звук', halo: 'Обводить потопленные', coach: 'Подсказка тренера',
  vsComputer: 'Играть с компьютером', level: 'Уровень', rules: 'Правила', clock: 'Время на ход',
  noClock: 'без часов', play: 'Играть', vsFriend: 'Играть с другом', create: 'Создать игру',
  joinCode: 'Код игры', join: 'Присоединиться', random: 'Случайный соперник', findOpponent: 'Найти соперника',
  how: 'Как играть', easy: 'лёгкий', medium: 'средний', hard: 'трудный', expert: 'эксперт',
  yourBoard: 'Ваше поле', enemyBoard: 'Поле противника', dock: 'Корабли для расстановки',
  randomPlace: 'Случайно', perelman: 'По Перельману', clear: 'Очистить', ready: 'Готов',
  perelmanHelp: '«По Перельману» — расстановка, которую советовал Я. И. Перельман: большие корабли плотно в углу, однопалубные — по всему полю, чтобы их дольше искали.',
  clock30: '30 с', clock60: '60 с',
  rotate: 'Повернуть', placeHelp: 'Перетащите корабли на поле. R, правый щелчок или касание поворачивают корабль. С клавиатуры: выберите корабль, стрелками выберите клетку, Enter ставит, R поворачивает.',
  sendLink: 'Отправьте другу ссылку:', copy: 'Копировать', copied: 'Скопировано',
  waitingFriend: 'Ждём друга…', searching: 'Ищем соперника…', cancel: 'Отмена',
  offer: 'Никого нет. Сыграть с компьютером?', yourTurn: 'Ваш ход', theirTurn: 'Ходит противник',
  waitPlace: 'Ждём, пока противник расставит корабли', away: 'Противник вышел ({0} с)',
  youWin: 'Вы победили!', youLose: 'Вы проиграли', winner: 'Победил игрок {0}',
  miss: 'Мимо!', hit: 'Ранил!', sunk: 'Убил!', enemyShot: 'Противник: {0}',
  sMiss: 'мимо', sHit: 'ранен', sSunk: 'потоплен', sEmpty: 'пусто', sUnknown: 'неизвестно', sShip: 'корабль',
  sHalo: 'кораблей нет', sBad: 'ошибка', sHeat: 'вероятность {0}%',
  fleets: 'Корабли на плаву', mine: 'Ваши', theirs: 'Противника',
  backToArena: 'Назад в арену', rematch: 'Реванш', rematchOffered: 'Противник предлагает реванш', download: 'Запись JSON',
  downloadTxt: 'Запись текстом', replay: 'Повтор', newGame: 'Новая игра', resign: 'Сдаться',
  fair: 'Проверка честности', commitOk: 'флот игрока {0} совпадает с обязательством',
  commitBad: 'флот игрока {0} НЕ совпадает с обязательством!', verdict: 'Вердикт: {0}',
  reason_fleet_sunk: 'весь флот потоплен', reason_resigned: 'соперник сдался', reason_timeout: 'время вышло',
  placementLeft: 'На расстановку осталось {0}: кто не расставит флот, проиграет',
  noShowWon: 'Соперник не расставил флот вовремя: арена засчитала победу вам.',
  noShowLost: 'Вы не расставили флот вовремя: арена засчитала поражение.',
  noShowNone: 'Никто не расставил флот вовремя: партия не засчитана никому.',
  noShowWatch: 'Партия закрыта: флот не расставлен вовремя.',
  clockLeft: 'На ход: {0} с', clockMine: 'Время на ваш ход: {0} с', clockTheirs: 'Время на ход противника: {0} с', timeout: 'Время хода вышло у игрока {0}',
  back: 'Назад', forward: 'Вперёд', start: 'В начало', end: 'В конец', move: 'Ход {0} из {1}',
  custom: 'свои…', toMove: 'Ходит игрок {0}', resignedBy: 'Игрок {0} сдался', playerN: 'Игрок {0}', board1: 'Поле игрока 1', board2: 'Поле игрока 2', spectator: 'Вы смотрите игру',
  connecting: 'Соединение…', error: 'Ошибка: {0}',
  account: 'Аккаунт', accountOf: 'Аккаунт: {0}',
  accountHelp: 'Аккаунт не обязателен: играть можно и без него. С ним ваше имя остаётся за вами.',
  accName: 'Имя (3–20 букв, цифр, _ - .)', accPassword: 'Пароль (не короче 8 символов)',
  signIn: 'Войти', signUp: 'Создать аккаунт', signOut: 'Выйти', signOutAll: 'Выйти на всех устройствах',
  botChallenges: 'Принимать вызовы от ботов', botAccount: 'Аккаунт бота и токены API',
  report: 'Пожаловаться', block: 'Заблокировать', blockList: 'Заблокированные игроки', modLink: 'Модерация',
  signedInAs: 'Вы вошли как {0}.', accCreated: 'Аккаунт {0} создан, вы вошли.', accWelcome: 'С возвращением, {0}!',
  accSignedOut: 'Вы вышли.', accSignedOutAll: 'Вы вышли на всех устройствах.',
  myGames: 'Мои игры', myProfile: 'Мой профиль', leaderboard: 'Лучшие игроки', noUnfinished: 'Неоконченных игр нет.',
  leaderboardLink: 'Лучшие игроки и рейтинги', deleteAccount: 'Удалить аккаунт',
  notifyAsk: 'Сообщать вам, что пора стрелять или что вас зовут сыграть, когда вкладка с игрой скрыта?', notifyYes: 'Да, сообщать', notifyNo: 'Не надо',
  deleteHelp: 'Аккаунт, его рейтинги и всё, что компьютер узнал о ваших расстановках, будут удалены навсегда; имя освободится. В партиях соперников вы останетесь «удалённым игроком». Чтобы подтвердить, введите пароль.',
  deleteSure: 'Да, удалить аккаунт {0} навсегда', delPassword: 'Ваш пароль', deleteYes: 'Удалить аккаунт навсегда',
  accDeleted: 'Аккаунт {0} удалён, вы вышли. Играть можно и без аккаунта.', accDeleteWrong: 'Неверный пароль: аккаунт не удалён.',
  resumeGame: 'Продолжить: {0}, против {1}', oppGuest: 'гостя', oppComputer: 'компьютера', oppDeleted: 'удалённого игрока',
  ratingN: 'Рейтинг', ratedGame: 'рейтинговая', askRated: 'Сыграть на рейтинг', gameRated: 'Партия рейтинговая.',
  casual_mixed: 'Партия товарищеская: рейтинговой партия бывает, только если оба игрока вошли в аккаунт и выбрали рейтинговую.',
  casual_pair_limit: 'Партия товарищеская: вы двое уже сыграли друг с другом столько рейтинговых партий, сколько можно за сутки.',
  rateAskedYou: 'Вы предложили сыграть на рейтинг; ждём соперника.', rateAskedThem: 'Соперник предлагает сыграть на рейтинг.',
  acc_wrong_credentials: 'Неверное имя или пароль.', accNewHere: 'Впервые здесь? Нажмите «Создать аккаунт» (Enter входит в существующий).', acc_name_taken: 'Это имя уже занято.',
  acc_bad_name: 'Имя: от 3 до 20 букв, цифр и знаков _ - .', acc_bad_password: 'Пароль: от 8 до 128 символов.',
  acc_forbidden_word: 'В имени есть недопустимое слово; выберите другое.', acc_account_closed: 'Этот аккаунт закрыт модератором.',
  acc_bad_request: 'Введите имя и пароль.', acc_throttled: 'Слишком много попыток. Попробуйте через {0} с.',
  acc_cross_site: 'Запрос с чужого сайта отклонён.', acc_signed_out: 'Вы не вошли.',
  acc_unavailable: 'Сервер сейчас не может ответить; попробуйте ещё раз.',
  learnedBtn: 'Что компьютер узнал обо мне', learnedTitle: 'Что компьютер узнал о вас',
  learnedHelp: 'Эксперт запоминает, как вы расставляли флот в законченных играх против компьютера, и ищет ваши корабли там, где вы ставите их чаще. Чем краснее клетка, тем чаще там стоял ваш корабль. Это хранится только под ключом этого браузера.',
  learnedNone: 'Пока ничего: сыграйте с компьютером до конца.', learnedCount: 'Запомнено флотов: {0}', learnedErase: 'Стереть', learnedErased: 'Стёрто: следующая игра начнётся с чистого листа.',
  // The habit the computer found in the player's fleets, by its name on the wire.
  learnedNoHabit: 'Явной привычки в расстановке пока не видно.',
  'habit_half-left': 'Вы ставите большие корабли в левую половину поля', 'habit_half-right': 'Вы ставите большие корабли в правую половину поля',
  'habit_half-top': 'Вы ставите большие корабли в верхнюю половину поля', 'habit_half-bottom': 'Вы ставите большие корабли в нижнюю половину поля',
  'habit_corner-top-left': 'Вы ставите большие корабли ближе к левому верхнему углу', 'habit_corner-top-right': 'Вы ставите большие корабли ближе к правому верхнему углу',
  'habit_corner-bottom-left': 'Вы ставите большие корабли ближе к левому нижнему углу', 'habit_corner-bottom-right': 'Вы ставите большие корабли ближе к правому нижнему углу',
  habit_horizontal: 'Вы кладёте большие корабли только горизонтально', habit_apart: 'Вы разносите большие корабли по разным четвертям поля',
  'habit_singles-in-corners': 'Вы ставите однопалубные в углы', 'habit_hug-light': 'Вы часто ставите корабли у края поля', 'habit_hug-strong': 'Вы почти всегда ставите корабли у края поля',
  errors: { not_rateable: 'на рейтинг играют только двое вошедших в аккаунт, по готовым правилам и до расстановки', bad_player: 'неверный ключ игрока', not_found: 'такой игры нет', game_full: 'в игре уже два игрока', not_your_turn: 'сейчас не ваш ход',
    already_shot: 'по этой клетке уже стреляли', off_board: 'клетка за краем поля', game_over: 'игра окончена',
    not_started: 'бой ещё не начался', flood: 'слишком много сообщений, подождите', too_large: 'слишком длинное сообщение',
    bad_rules: 'такие правила не подходят', too_costly: 'по этим правилам не удаётся быстро расставить флот — расставьте сами или выберите правила попросторнее', busy: 'сервер занят, попробуйте через минуту', limit: 'слишком много игр с вашего адреса — доиграйте или подождите немного', abandoned: 'игра закрыта: в неё слишком долго не играли', bad_fleet: 'флот расставлен не по правилам', bad_clock: 'такое время на ход не подходит',
    reveal_due: 'сначала нужно показать клетку', no_reveal_due: 'вы ничего не должны показывать', not_revealable: 'эту клетку показать нельзя',
    not_away: 'победу пока нельзя засчитать', no_room: 'этот корабль здесь не повернуть: ему нигде нет места', no_chat: 'быстрый чат — только в игре двух людей',
    muted: 'модератор отключил вам быстрый чат на время', blocked: 'с этим игроком сыграть нельзя', must_rename: 'модератор попросил вас сначала выбрать новое имя',
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
  pathHelp: 'Щёлкайте по клеткам (или стрелки и Enter), чтобы выстроить корабль цепочкой — клетки соседствуют сторонами или углами; щелчок по палубе убирает её. Можно перетащить корабль на поле или нажать «Случайно».',
  deck: ['', 'однопалубный', 'двухпалубный', 'трёхпалубный', 'четырёхпалубный', 'пятипалубный', 'шестипалубный', 'семипалубный', 'восьмипалубный'],
  decks: '{0}-палубный', 
  // The installable app (issue 25).
  share: 'Поделиться', shareText: 'Сыграем в морской бой?',
  // Quick chat (issue 29): fixed phrases only, sent by id.
  chat: { good_luck: 'Удачи!', nice_shot: 'Хороший выстрел!', thanks: 'Спасибо за игру', thumbs_up: '👍', wow: '😮', phew: '😅', fire: '🔥' },
  chatBar: 'Быстрые фразы', chatMute: 'Скрыть чат', chatYou: 'Вы', chatOpponent: 'Соперник', chatPlayer: 'Игрок {0}', chatSaid: '{0}: {1}',
  // At one device, what the turn just played did (issue 37): «Игрок 1: Д5 — мимо».
  turnDid: '{0}: {1}', ans: { miss: 'мимо', hit: 'ранил', sunk: 'убил', mine: 'мина', sweeper: 'тральщик', sub: 'подлодка' },
  // Installing the app: a button where the browser offers it, a hint on an iPhone.
  // The daily sea's card on the start screen (issue 41; its own words: daily-words.js).
  arenaTitle: 'Арены', arenaHelp: 'Турниры на время: партия за партией, очки и серии побед.',
  dailyTitle: 'Морской бой дня', dailyHelp: 'Один флот на всех, новый каждый день. Потопите его за меньшее число выстрелов.',
  installApp: 'Установить игру', installIos: 'Игру можно поставить на экран «Домой»: нажмите «Поделиться» и выберите «На экран „Домой“».',
};
// English has exactly Russian's keys: `tsc` refuses a key missing from either table, and
// e2e/tests/i18n.test.js checks the same in Node.
/** @typedef {typeof ru} Texts */
/** @type {Texts} */
const en = {
  // Two-player games: names, spectators, an opponent who left, hot-seat, the queue.
  watching: 'You are watching {0} vs {1}', boardOf: "{0}'s board", winnerName: '{0} wins', toMoveName: '{0} to move',
  reason_abandoned_won: 'the opponent left the game', reason_abandoned_lost: 'you left the game and did not come back', reason_abandoned: 'a player left the game',
  claimWin: 'Claim the win', claimHelp: 'The opponent is not coming back. You may claim the win.', claimSoon: 'You may claim the win in {0} s',
  notYourTurnNow: "It's the opponent's turn — wait for yours", waitPlayback: "Wait: the opponent's moves are still being shown",
  shotInFlight: 'Shot {0} is on its way — waiting for the answer', sPending: 'shot sent',
  lastFleet: 'My last fleet', rematchWaiting: 'You asked for a rematch — waiting for the opponent',
  searchingFor: 'Looking for an opponent… {0}', opponentFound: 'Opponent found!', skip: 'Skip to the game',
  saveName: 'Save', nameSaved: 'Name saved: {0}',
  hotseat: 'Two players, one device', hotseatHelp: 'Two people at one screen: each places a fleet and shoots in turn, handing the device over.', hotseatStart: 'Start',
  handTo: 'Hand the device to player {0}', handToHelp: 'Both fleets are hidden. Player {0}, press when your opponent looks away.', handReady: "I'm player {0} — show",
  placeTurn: 'Player {0} places their fleet', turnOf: "Player {0}'s turn", yourBoardN: "Player {0}'s board (yours)", enemyBoardN: "Player {0}'s enemy board",
  placeHelpTouch: 'Drag a ship with a finger to move it. Tap a ship to turn it: it moves to where it breaks no rule. Random places the whole fleet again.',
  placeHelpTouchDock: 'Drag the ships from the row under the board onto it with a finger. Tap a ship to turn it: it moves to where it breaks no rule. Random places the whole fleet.',
  noRoom: 'This ship cannot turn here: there is no room for it', showMineBoard: 'My board', showEnemyBoard: 'Enemy board',
  replayWon: 'Player {0} won: {1}', replayWho: 'Player 1 — {0}, player 2 — {1}', computerN: 'the computer ({0})', person: 'a person',
  howText: 'A 10×10 board; each fleet has one four-decker, two three-deckers, three two-deckers and four one-deckers. Ships are straight and do not touch, not even at corners. A draw decides who shoots first; a hit shoots again. The answers are Miss!, Hit!, Sunk!. Whoever sinks the whole enemy fleet first wins; after the game the server checks both boards. Other rules: Corners — ships may touch at corners; Bent ships — ships of any shape (an L, a square, a zigzag); Hasbro — five ships of 5 to 2 decks that may touch, strictly taking turns; Big board — 15×15 with a five-decker; Salvo — one shot per own ship afloat; Mines — whoever hits a mine (○) shows a cell of their own ship, and the turn passes; Minesweepers — also a minesweeper (△): whoever hits it shows one of their mines; Submarines — a submarine (◇) sinks at one shot and fires a torpedo back at the same cell of the shooter’s board; Flying Dutchman — a 20×20 board and one ship of 5 to 8 decks in a chain (by sides or corners) that loses the deck hit and sails to another place. The Perelman button places the fleet as Ya. I. Perelman advised: the big ships packed in a corner, the one-deckers spread over the board, so they take long to find.',

  placedHint: 'Your fleet is placed at random: press Ready, or move the ships first.',
  reason_fleet_sunk_won: 'you sank the whole enemy fleet', reason_fleet_sunk_lost: 'the opponent sank your whole fleet',
  reason_resigned_won: 'the opponent resigned', reason_resigned_lost: 'you resigned', reason_timeout_won: 'the opponent ran out of time', reason_timeout_lost: 'you ran out of time',
  menu: 'Menu', fast: 'Quick answers', settings: 'Settings', tagline: 'Place your fleet, find the enemy ships and sink them all first.',
  orFriend: 'Or play a person', createHelp: 'Create a game and send the link to a friend.',
  randomHelp: 'Play someone else who is looking for a game right now.',
  presets: { classic: ['Classic', '10×10, 4-3-3-2-2-2-1-1-1-1, ships do not touch'],
    'classic-corners': ['Corners', '10×10, the classic fleet, ships may touch at corners'],
    'classic-bent': ['Bent ships', '10×10, ships of any shape (an L, a square), not touching'],
    hasbro: ['Hasbro', '10×10, five ships 5-4-3-3-2 that may touch, strictly taking turns'],
    big15: ['Big board', '15×15, 5-4-3-3-2-2-2-1-1-1-1, ships do not touch'],
    salvo: ['Salvo', '10×10, as many shots a turn as you have ships afloat'],
    mines: ['Mines', 'two mines each: whoever hits one shows a cell of their ship'],
    minesweepers: ['Minesweepers', 'mines and a minesweeper: whoever hits it shows a mine'],
    submarines: ['Submarines', 'a submarine sinks at one shot and fires a torpedo back'],
    dutchman: ['Flying Dutchman', '20×20, one chain-shaped ship that sails away when hit'] },
  customDesc: 'your own rules as text, e.g. "8x8 fleet=3,2,2,1 touch=corners"',
  log: 'Moves', you: 'You', opp: 'Opponent', guestMark: 'guest',
  knownShot: '{0}: already shot — pick another cell', knownEmpty: '{0}: no ship can be here — it is next to a sunk ship',
  gameOver: 'Game over', shotsN: 'Shots', hitsN: 'Hits', hitRate: 'Hit rate', details: 'Details', close: 'Close', showResult: 'Result',
  fairIntro: 'Before the first shot the server sent your browser a fingerprint (SHA-256) of each fleet. Your browser has now checked them against the fleets revealed:',
  fairAll: 'Nobody moved a ship during the game.',
  fleetSame: '{0} is the one placed before the first shot.', fleetChanged: '{0} is NOT the one placed before the first shot!',
  fleetMine: 'Your fleet', fleetComputer: "The computer's fleet", fleetOpp: "The opponent's fleet", fleetOfN: "Player {0}'s fleet", fleetOfName: "{0}'s fleet",
  answersOk: 'The server checked every answer (Miss!, Hit!, Sunk!) against the fleets: all were true, and the result stands: {0}.',
  answersBad: 'The check of the answers found faults. The result: {0}', wonBy: '{0} won', youWonLow: 'you won', youLostLow: 'you lost',
  howVerify: 'To check it yourself, download the game record (JSON): it holds both fleets, their salts and fingerprints; the SHA-256 of “fleet:salt” must equal the fingerprint. In full:', howVerifyLink: 'the protocol, section 5',
  ratingNote: '«?» marks a provisional rating: too few games yet for it to be sure. It usually goes after 10–15 rated games.',
  rematchGone: 'Your opponent has left: a rematch is possible if they come back.', computer: 'Computer',
  recordHelp: 'The game record:',
  resignQ: 'Resign?', resignText: 'The game ends and the opponent wins.', resignYes: 'Yes, resign', resignNo: 'Keep playing',
  missingTitle: 'No such game', missingText: 'The link is wrong, or the game was removed. Start a new game.',
  notOver: 'This game is not over yet: its replay comes once it ends.',
  play2: 'Play', pause: 'Pause', speed: 'Speed',
  friendJoined: 'Your friend is here', friendJoinedName: 'Your friend is here: {0}', opponentJoined: 'Your opponent is here', opponentJoinedName: 'Your opponent is here: {0}', lobbyWaiting: 'Your game is open in the lobby: waiting for an opponent…', botJoinedName: 'The BOT is here: {0}', invited: 'A friend invites you to a game', invitedBy: '{0} invites you to a game', yourName: 'Your name (optional)', invitedRules: 'Rules: {0}',
  sComp: 'hit', sAnswerYou: 'You: {0}',
  title: 'Sea Battle', lang: 'Language', coords: 'Coordinates', auto: 'as language',
  sound: 'Sound', halo: 'Mark around sunk ships', coach: 'Coach hint',
  vsComputer: 'Play the computer', level: 'Level', rules: 'Rules', clock: 'Time per move',
  noClock: 'no clock', play: 'Play', vsFriend: 'Play a friend', create: 'Create game',
  joinCode: 'Game code', join: 'Join', random: 'Random opponent', findOpponent: 'Find opponent',
  how: 'How to play', easy: 'easy', medium: 'medium', hard: 'hard', expert: 'expert',
  yourBoard: 'Your board', enemyBoard: 'Enemy board', dock: 'Ships to place',
  randomPlace: 'Random', perelman: 'Perelman', clear: 'Clear', ready: 'Ready',
  perelmanHelp: 'Perelman: the placement Ya. I. Perelman advised, the big ships packed in a corner and the one-deckers spread over the board, so they take long to find.',
  clock30: '30 s', clock60: '60 s',
  rotate: 'Rotate', placeHelp: 'Drag the ships onto the board. R, right click or a tap rotates a ship. Keyboard: pick a ship, move with the arrows, Enter places, R rotates.',
  sendLink: 'Send your friend the link:', copy: 'Copy', copied: 'Copied',
  waitingFriend: 'Waiting for your friend…', searching: 'Looking for an opponent…', cancel: 'Cancel',
  offer: 'Nobody came. Play the computer instead?', yourTurn: 'Your turn', theirTurn: "Opponent's turn",
  waitPlace: 'Waiting for the opponent to place their fleet', away: 'Opponent is away ({0} s)',
  youWin: 'You win!', youLose: 'You lose', winner: 'Player {0} wins',
  miss: 'Miss!', hit: 'Hit!', sunk: 'Sunk!', enemyShot: 'Opponent: {0}',
  sMiss: 'miss', sHit: 'hit', sSunk: 'sunk', sEmpty: 'empty', sUnknown: 'unknown', sShip: 'ship',
  sHalo: 'no ship', sBad: 'error', sHeat: 'likelihood {0}%',
  fleets: 'Ships afloat', mine: 'Yours', theirs: "Opponent's",
  backToArena: 'Back to the arena', rematch: 'Rematch', rematchOffered: 'The opponent offers a rematch', download: 'Record JSON',
  downloadTxt: 'Record text', replay: 'Replay', newGame: 'New game', resign: 'Resign',
  fair: 'Fairness check', commitOk: "player {0}'s fleet matches the commitment",
  commitBad: "player {0}'s fleet does NOT match the commitment!", verdict: 'Verdict: {0}',
  reason_fleet_sunk: 'fleet sunk', reason_resigned: 'the opponent resigned', reason_timeout: 'out of time',
  placementLeft: '{0} left to place your fleet: a side that has not placed loses',
  noShowWon: 'Your opponent placed no fleet in time: the arena counts the game as your win.',
  noShowLost: 'You placed no fleet in time: the arena counts the game as your loss.',
  noShowNone: 'Neither side placed a fleet in time: the game counts for nobody.',
  noShowWatch: 'The game was closed: a fleet was not placed in time.',
  clockLeft: 'Move time: {0} s', clockMine: 'Time for your move: {0} s', clockTheirs: "Time for the opponent's move: {0} s", timeout: 'Player {0} ran out of time',
  back: 'Back', forward: 'Forward', start: 'Start', end: 'End', move: 'Move {0} of {1}',
  custom: 'custom…', toMove: 'Player {0} to move', resignedBy: 'Player {0} resigned', playerN: 'Player {0}', board1: "Player 1's board", board2: "Player 2's board", spectator: 'You are watching',
  connecting: 'Connecting…', error: 'Error: {0}',
  account: 'Account', accountOf: 'Account: {0}',
  accountHelp: 'An account is optional: you can play without one. With one, your name stays yours.',
  accName: 'Name (3–20 letters, digits, _ - .)', accPassword: 'Password (8 characters or more)',
  signIn: 'Sign in', signUp: 'Create account', signOut: 'Sign out', signOutAll: 'Sign out everywhere',
  botChallenges: 'Take challenges from BOTs', botAccount: 'BOT account and API tokens',
  report: 'Report', block: 'Block', blockList: 'Blocked players', modLink: 'Moderation',
  signedInAs: 'You are signed in as {0}.', accCreated: 'Account {0} created; you are signed in.', accWelcome: 'Welcome back, {0}!',
  accSignedOut: 'You are signed out.', accSignedOutAll: 'You are signed out on every device.',
  myGames: 'My games', myProfile: 'My profile', leaderboard: 'Leaderboard', noUnfinished: 'No unfinished games.',
  leaderboardLink: 'Leaderboard and ratings', deleteAccount: 'Delete account',
  notifyAsk: 'Let you know when it is time to shoot, or someone asks you to play, while this tab is hidden?', notifyYes: 'Yes, tell me', notifyNo: 'No, thanks',
  deleteHelp: 'The account, its ratings and all the computer learned about your fleets are erased for good, and the name is freed. In your opponents’ games you stay as “a deleted player”. Enter your password to confirm.',
  deleteSure: 'Yes, delete the account {0} for good', delPassword: 'Your password', deleteYes: 'Delete the account for good',
  accDeleted: 'The account {0} is deleted and you are signed out. You can still play without one.', accDeleteWrong: 'Wrong password: the account is not deleted.',
  resumeGame: 'Resume: {0}, against {1}', oppGuest: 'a guest', oppComputer: 'the computer', oppDeleted: 'a deleted player',
  ratingN: 'Rating', ratedGame: 'rated', askRated: 'Play rated', gameRated: 'This game is rated.',
  casual_mixed: 'This game is casual: a game is rated only when both players are signed in and chose rated.',
  casual_pair_limit: 'This game is casual: you two have played as many rated games against each other as a day allows.',
  rateAskedYou: 'You asked to play rated; waiting for your opponent.', rateAskedThem: 'Your opponent asks to play rated.',
  acc_wrong_credentials: 'Wrong name or password.', accNewHere: 'New here? Press “Create account” (Enter signs in to an existing one).', acc_name_taken: 'That name is taken.',
  acc_bad_name: 'A name has 3 to 20 letters, digits and _ - .', acc_bad_password: 'A password has 8 to 128 characters.',
  acc_forbidden_word: 'The name contains a word not allowed here; choose another.', acc_account_closed: 'A moderator closed this account.',
  acc_bad_request: 'Enter a name and a password.', acc_throttled: 'Too many attempts. Try again in {0} s.',
  acc_cross_site: 'A request from another site was refused.', acc_signed_out: 'You are not signed in.',
  acc_unavailable: 'The server cannot answer now; try again.',
  learnedBtn: 'What the computer learned about me', learnedTitle: 'What the computer learned about you',
  learnedHelp: 'The expert remembers how you placed your fleet in finished games against the computer, and looks for your ships where you put them most. The redder a cell, the more often one of your ships stood there. It is kept only under this browser\'s key.',
  learnedNone: 'Nothing yet: play a game against the computer to the end.', learnedCount: 'Fleets remembered: {0}', learnedErase: 'Erase', learnedErased: 'Erased: the next game starts from a clean slate.',
  // The habit the computer found in the player's fleets, by its name on the wire.
  learnedNoHabit: 'No clear habit in your placement yet.',
  'habit_half-left': 'You put the big ships in the left half of the board', 'habit_half-right': 'You put the big ships in the right half of the board',
  'habit_half-top': 'You put the big ships in the top half of the board', 'habit_half-bottom': 'You put the big ships in the bottom half of the board',
  'habit_corner-top-left': 'You put the big ships near the top left corner', 'habit_corner-top-right': 'You put the big ships near the top right corner',
  'habit_corner-bottom-left': 'You put the big ships near the bottom left corner', 'habit_corner-bottom-right': 'You put the big ships near the bottom right corner',
  habit_horizontal: 'You lay the big ships along rows, never standing', habit_apart: 'You keep the biggest ships each in a quarter of its own',
  'habit_singles-in-corners': 'You put the one-deckers in the corners', 'habit_hug-light': 'You often put ships along the border', 'habit_hug-strong': 'You nearly always put ships along the border',
  errors: { not_rateable: 'only two signed-in players can play rated, under a preset, before placing', bad_player: 'bad player key', not_found: 'no such game', game_full: 'the game already has two players', not_your_turn: 'not your turn',
    already_shot: 'that cell was shot before', off_board: 'off the board', game_over: 'the game is over',
    not_started: 'the battle has not started', flood: 'too many messages, wait a little', too_large: 'message too long',
    bad_rules: 'these rules cannot be played', too_costly: 'these rules leave too little room to draw a fleet in time; place it yourself or choose roomier rules', busy: 'the server is busy; try again in a moment', limit: 'too many games from your address; finish one or wait a little', abandoned: 'the game was closed: nobody played it for too long', bad_fleet: 'the fleet breaks the rules', bad_clock: 'that move time is not allowed',
    reveal_due: 'a cell must be shown first', no_reveal_due: 'you have nothing to show', not_revealable: 'that cell cannot be shown',
    not_away: 'the win cannot be claimed yet', no_room: 'this ship cannot turn here: there is no room for it', no_chat: 'quick chat is only for games between two people',
    muted: 'a moderator turned your quick chat off for a while', blocked: 'you cannot play this player', must_rename: 'a moderator asked you to choose a new name first',
    relocate_due: 'the ship must be moved first', no_relocate_due: 'there is no ship to move now',
    not_a_path: 'the cells do not form a chain', wrong_count: 'the wrong number of cells', repeated_cell: 'a cell named twice' }, shotsLeft: 'Shots in this volley: {0}',
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
  pathHelp: 'Click cells (or use the arrows and Enter) to build the ship as a chain of cells touching by sides or corners; clicking a deck takes it off. You can also drag the ship onto the board or press Random.',
  deck: ['', 'one-decker', 'two-decker', 'three-decker', 'four-decker', 'five-decker', 'six-decker', 'seven-decker', 'eight-decker'],
  decks: '{0}-decker', 
  // The installable app (issue 25).
  share: 'Share', shareText: 'Shall we play Sea Battle?',
  // Quick chat (issue 29): fixed phrases only, sent by id.
  chat: { good_luck: 'Good luck!', nice_shot: 'Nice shot!', thanks: 'Thanks for the game', thumbs_up: '👍', wow: '😮', phew: '😅', fire: '🔥' },
  chatBar: 'Quick phrases', chatMute: 'Mute chat', chatYou: 'You', chatOpponent: 'Opponent', chatPlayer: 'Player {0}', chatSaid: '{0}: {1}',
  // At one device, what the turn just played did (issue 37): “Player 1: E5 — miss”.
  turnDid: '{0}: {1}', ans: { miss: 'miss', hit: 'hit', sunk: 'sunk', mine: 'mine', sweeper: 'minesweeper', sub: 'submarine' },
  // Installing the app: a button where the browser offers it, a hint on an iPhone.
  // The daily sea's card on the start screen (issue 41; its own words: daily-words.js).
  arenaTitle: 'Arenas', arenaHelp: 'Tournaments against the clock: game after game, points and winning streaks.',
  dailyTitle: 'Daily sea', dailyHelp: 'One fleet for everyone, a new one every day. Sink it in the fewest shots.',
  installApp: 'Install the game', installIos: 'You can put the game on your Home Screen: tap Share, then “Add to Home Screen”.',
};
/** Both tables by language code. @type {Record<string, Texts>} */
export const TEXTS = { ru, en };
// The page's language: the player's pick, else the browser's. The pick is kept in the
// cookie `sb_lang`, which the profiles and the leaderboard read too (and set from their
// own language switch), and in `sb.lang` as before. (Node, which runs
// e2e/tests/i18n.test.js, has neither store nor browser language: English.)
const picked = /** @type {Lang | undefined} */ (/(?:^|;\s*)sb_lang=(ru|en)(?:;|$)/.exec(globalThis.document?.cookie || '')?.[1]);
/** @type {Lang} */
export let lang = picked || /** @type {Lang} */ (globalThis.localStorage?.getItem('sb.lang')) || (/^ru\b/i.test(globalThis.navigator?.language || '') ? 'ru' : 'en');

// The computer's levels play under accounts named in Russian (their profiles' address);
// `welcome` names them, and an English page says them in English: «Computer.easy».
/** @type {Record<string, string>} */
let levelOf = {};
/** Notes the levels' accounts `welcome` named. @param {{level: string, name: string}[]} levels */
export function setLevelAccounts(levels) { levelOf = Object.fromEntries(levels.map(l => [l.name, l.level])); }
/** An account's name as the page says it. @param {string} name */
export const accountName = name => (lang === 'en' && levelOf[name] ? `Computer.${levelOf[name]}` : name);

/** @param {Lang} l */
export function setLang(l) {
  lang = l;
  localStorage.setItem('sb.lang', l);
  if (globalThis.document) document.cookie = `sb_lang=${l}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
// A pick made before the cookie existed, or on a players' page, is kept in both.
if (globalThis.document && (picked || globalThis.localStorage?.getItem('sb.lang'))) setLang(lang);

// The table of the current language: the lists (`presets`, `errors`, `deck`) are read
// from it; `t` says the texts.
const table = () => TEXTS[lang];

/** The text `key` with `{0}`, `{1}`… filled from `args`; the key itself if there is none. @param {string} key @param {...(string | number)} args @returns {string} */
export function t(key, ...args) {
  const s = /** @type {Record<string, unknown>} */ (table())[key] ?? key;
  return typeof s === 'string' ? s.replace(/\{(\d)\}/g, (_, i) => String(args[i])) : key;
}

/** The page's own words for a refusal's code, if it has them. @param {ErrorCode} code @returns {string | undefined} */
export const errorWords = code => /** @type {Record<string, string>} */ (table().errors)[code];

// An answer in a line of the turn's shots: «мимо», «ранил», «убил».
/** @type {(a: string) => string} */
export const answerWord = a => /** @type {Record<string, string>} */ (table().ans)[a] || a;

// An answer as spoken: «Мимо!», …, «Мина!», «Тральщик!», «Подлодка!».
/** @type {(a: string) => string} */
export const answerText = a => t({ mine: 'aMine', sweeper: 'aSweeper', sub: 'aSub' }[a] || a);

// A ship's name by size: «четырёхпалубный».
// A preset's name and its one line: ['Классика', '10×10, …'].
/** @type {(id: string) => string[]} */
export const preset = id => /** @type {Record<string, string[]>} */ (table().presets)[id] || [id, ''];

/** @type {(n: number) => string} */
export const deckName = n => table().deck[n] || t('decks', n);

// The coordinate system: the player's pick, or the language's.
/** @returns {import('./wire').CoordSystem} */
export function coordSystem() {
  // The menu offers the systems the server knows.
  return /** @type {import('./wire').CoordSystem} */ (localStorage.getItem('sb.coords')) || (lang === 'ru' ? 'russian' : 'latin');
}
