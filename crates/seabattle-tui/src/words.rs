//! The words of the interface in Russian and English. The answers themselves («Мимо!»,
//! «Ранил!», «Убил!») come from the rules engine.

use crate::table::Mark;
use seabattle_core::Lang;

/// Every phrase the screens show. `{}` in a phrase stands for a number or a name.
#[derive(Debug)]
pub struct Words {
    /// The game's name.
    pub title: &'static str,
    /// Heading of the own board.
    pub own_board: &'static str,
    /// Heading of the enemy board.
    pub enemy_board: &'static str,
    /// The mark after a guest's name at the board (an account's name has none).
    pub guest: &'static str,
    /// Heading of player N's board (hot-seat, game over).
    pub player_board: &'static str,
    /// "You" in the log.
    pub you: &'static str,
    /// The opponent in the log.
    pub enemy: &'static str,
    /// Player N in the log.
    pub player: &'static str,
    /// Your turn, with the volley size.
    pub your_turn: &'static str,
    /// The opponent's turn.
    pub their_turn: &'static str,
    /// Heading of the ship counts.
    pub fleets: &'static str,
    /// Own ships afloat.
    pub own_afloat: &'static str,
    /// Enemy ships afloat.
    pub enemy_afloat: &'static str,
    /// Heading of the log.
    pub log: &'static str,
    /// The symbols' legend in battle: each mark's name (the symbol is the grid's).
    pub legend: &'static [(Mark, &'static str)],
    /// The battle's keys.
    pub battle_keys: &'static str,
    /// Heading of the placement screen.
    pub placement: &'static str,
    /// The placement keys.
    pub placement_keys: &'static [&'static str],
    /// The placement legend: a ship, the selection, a violation.
    pub placement_legend: [&'static str; 3],
    /// Heading of the violations list.
    pub violations: &'static str,
    /// No violations.
    pub fleet_ok: &'static str,
    /// Enter pressed with violations left.
    pub fix_first: &'static str,
    /// The cover between hot-seat turns, to place.
    pub cover_place: &'static str,
    /// The cover between hot-seat turns, to shoot.
    pub cover_shoot: &'static str,
    /// Press any key.
    pub press_key: &'static str,
    /// Hand the terminal over.
    pub handover: &'static str,
    /// Connecting to the server.
    pub connecting: &'static str,
    /// Waiting for the opponent to join or place.
    pub waiting: &'static str,
    /// The game code.
    pub code: &'static str,
    /// The game link.
    pub link: &'static str,
    /// The quit question mid-game.
    pub quit_confirm: &'static str,
    /// The quit question mid-game online.
    pub quit_confirm_online: &'static str,
    /// Heading of the game-over screen.
    pub game_over: &'static str,
    /// You won.
    pub you_won: &'static str,
    /// You lost.
    pub you_lost: &'static str,
    /// Player N won.
    pub player_won: &'static str,
    /// Nobody won.
    pub nobody_won: &'static str,
    /// By sinking the fleet.
    pub by_sinking: &'static str,
    /// By resignation.
    pub by_resignation: &'static str,
    /// By timeout.
    pub by_timeout: &'static str,
    /// The loser left and stayed away.
    pub by_abandonment: &'static str,
    /// The audit's verdict.
    pub verdict: &'static str,
    /// The key that asks for a rated game, online while placing.
    pub rate_key: &'static str,
    /// This player asked for a rated game.
    pub rate_asked: &'static str,
    /// The opponent asked for a rated game.
    pub rate_offered: &'static str,
    /// The game is rated.
    pub rate_done: &'static str,
    /// The player's rating change after a rated game.
    pub rating: &'static str,
    /// The game-over keys.
    pub over_keys: &'static str,
    /// A terminal too small.
    pub too_small: &'static str,
    /// A cell already in the volley or shot.
    pub already_shot: &'static str,
    /// Volley in progress: N of M chosen.
    pub volley: &'static str,
    /// Target cell.
    pub target: &'static str,
    /// The opponent's connection closed.
    pub opponent_away: &'static str,
    /// The opponent is connected (joined or back).
    pub opponent_back: &'static str,
    /// Player N ran out of time.
    pub timeout: &'static str,
    /// This terminal's connection dropped, with the reason.
    pub link_down: &'static str,
    /// This terminal's connection is back.
    pub link_up: &'static str,
    /// The battle legend of each kind of piece, mine (with the ship cells mines make
    /// the enemy show), minesweeper, submarine.
    pub legend_pieces: [&'static [(Mark, &'static str)]; 3],
    /// Each kind of piece in the placement legend: mine, minesweeper, submarine.
    pub piece_names: [&'static str; 3],
    /// The placement key for pieces.
    pub placement_pieces: &'static str,
    /// The prompt to show a cell of an own ship, after a mine.
    pub reveal_ship: &'static str,
    /// The prompt to show an own mine, after a minesweeper.
    pub reveal_mine: &'static str,
    /// The keys while showing a cell.
    pub reveal_keys: &'static str,
    /// Player N (or the enemy) is to show a cell.
    pub reveal_waiting: &'static str,
    /// The hot-seat cover before a reveal.
    pub cover_reveal: &'static str,
    /// A cell that is not an own ship cell not hit and not shown.
    pub not_a_ship_cell: &'static str,
    /// A cell that is not an own mine not set off and not shown.
    pub not_a_mine: &'static str,
    /// A shot tried while someone owes a reveal.
    pub reveal_due: &'static str,
    /// The prompt to move the own hit flying ship, with the decks it has left.
    pub relocate_prompt: &'static str,
    /// The keys while moving the ship.
    pub relocate_keys: &'static str,
    /// Player N (or the enemy) is moving their ship.
    pub relocate_waiting: &'static str,
    /// The hot-seat cover before a move.
    pub cover_relocate: &'static str,
    /// A shot tried while someone owes a move.
    pub relocate_due: &'static str,
    /// Player N (or the enemy) moved their ship.
    pub relocated: &'static str,
    /// A move to the wrong number of cells, with the decks left.
    pub relocate_size: &'static str,
    /// A move onto a shot cell.
    pub relocate_shot: &'static str,
    /// A move to cells that are no chain.
    pub relocate_not_path: &'static str,
    /// A dying shot in the log: «торпеда».
    pub torpedo: &'static str,
    /// A reveal in the log: «показал».
    pub shows: &'static str,
    /// The quick-chat phrase picked (online), with the keys that change and say it.
    pub chat_pick: &'static str,
}

/// Русский.
pub const RU: Words = Words {
    title: "Морской бой",
    own_board: "Мой флот",
    enemy_board: "Противник",
    guest: "гость",
    player_board: "Игрок {}",
    you: "Вы",
    enemy: "Противник",
    player: "Игрок {}",
    your_turn: "Ваш ход",
    their_turn: "Ход противника",
    fleets: "Корабли на плаву",
    own_afloat: "мои:",
    enemy_afloat: "его:",
    log: "Ходы",
    legend: &[
        (Mark::Water, "вода"),
        (Mark::Miss, "мимо"),
        (Mark::Hit, "ранен"),
        (Mark::Sunk, "убит"),
        (Mark::Halo, "пусто"),
        (Mark::Ship, "корабль"),
    ],
    battle_keys: "стрелки/мышь — цель, Enter — огонь, q — выход",
    placement: "Расстановка",
    placement_keys: &[
        "Tab — следующий корабль",
        "стрелки — двигать, пробел — повернуть",
        "r — случайно, p — по Перельману",
        "мышь — выбрать корабль",
        "Enter — к бою, q — выход",
    ],
    placement_legend: ["корабль", "выбран", "нарушение"],
    violations: "Нарушения",
    fleet_ok: "Флот расставлен по правилам.",
    fix_first: "Сначала исправьте нарушения.",
    cover_place: "Игрок {}: расставьте флот.",
    cover_shoot: "Игрок {}: ваш ход.",
    press_key: "Нажмите любую клавишу.",
    handover: "Передайте ход игроку {}: нажмите любую клавишу.",
    connecting: "Подключение к серверу…",
    waiting: "Ждём противника…",
    code: "Код игры:",
    link: "Ссылка:",
    quit_confirm: "Выйти из игры? (y/n)",
    quit_confirm_online: "Выйти и сдаться? (y/n)",
    game_over: "Игра окончена",
    you_won: "Вы победили!",
    you_lost: "Вы проиграли.",
    player_won: "Победил игрок {}.",
    nobody_won: "Победителя нет.",
    by_sinking: "весь флот потоплен",
    by_resignation: "соперник сдался",
    by_timeout: "время вышло",
    by_abandonment: "соперник ушёл из игры",
    verdict: "Проверка:",
    rate_key: "g — рейтинговая партия",
    rate_asked: "Вы попросили рейтинговую партию: ждём соперника.",
    rate_offered: "Соперник просит рейтинговую партию: g — согласиться.",
    rate_done: "Партия рейтинговая.",
    rating: "Рейтинг:",
    over_keys: "q — выход",
    too_small: "Окно мало: нужно хотя бы {}.",
    already_shot: "Сюда уже стреляли.",
    volley: "Залп: выбрано {}",
    target: "Цель:",
    opponent_away: "Противник отключился; ждём его.",
    opponent_back: "Противник на связи.",
    timeout: "У игрока {} вышло время хода.",
    link_down: "Связь потеряна ({}); переподключаюсь…",
    link_up: "Связь восстановлена.",
    legend_pieces: [
        &[
            (Mark::Mine, "мина"),
            (Mark::SpentMine, "сработала"),
            (Mark::Shown, "показанная палуба"),
        ],
        &[(Mark::Sweeper, "тральщик"), (Mark::SweeperShot, "задет")],
        &[
            (Mark::Submarine, "подлодка"),
            (Mark::SunkSubmarine, "потоплена"),
        ],
    ],
    placement_pieces: "Tab выбирает и фигуры; выбранная — под курсором",
    piece_names: ["мина", "тральщик", "подлодка"],
    reveal_ship: "Покажите клетку своего корабля",
    reveal_mine: "Покажите свою мину",
    reveal_keys: "стрелки/мышь — клетка на своём поле, Enter — показать, q — выход",
    reveal_waiting: "{} показывает клетку",
    cover_reveal: "Игрок {}: покажите клетку своего поля.",
    not_a_ship_cell: "Здесь нет вашей целой палубы, которую ещё не показывали.",
    not_a_mine: "Здесь нет вашей несработавшей мины, которую ещё не показывали.",
    reveal_due: "Сначала нужно показать клетку ({}).",
    relocate_prompt: "Корабль подбит: отметьте {} новых клеток",
    relocate_keys: "стрелки/мышь — клетка, пробел — отметить, Enter — перевести, r — случайно, q — выход",
    relocate_waiting: "{} переводит корабль",
    cover_relocate: "Игрок {}: переведите свой подбитый корабль.",
    relocate_due: "Сначала корабль должен уйти с места ({}).",
    relocated: "{}: корабль переведён в другое место.",
    relocate_size: "У корабля осталось палуб: {}. Отметьте столько же клеток.",
    relocate_shot: "Нельзя ставить корабль на клетку, по которой уже стреляли.",
    relocate_not_path: "Клетки должны идти цепочкой: соседние по стороне или углу.",
    torpedo: "торпеда",
    shows: "показал",
    chat_pick: "Фраза: {} (c — другая, v — сказать)",
};

/// English.
pub const EN: Words = Words {
    title: "Sea Battle",
    own_board: "My fleet",
    enemy_board: "Enemy",
    guest: "guest",
    player_board: "Player {}",
    you: "You",
    enemy: "Enemy",
    player: "Player {}",
    your_turn: "Your turn",
    their_turn: "Enemy's turn",
    fleets: "Ships afloat",
    own_afloat: "mine:",
    enemy_afloat: "theirs:",
    log: "Shots",
    legend: &[
        (Mark::Water, "water"),
        (Mark::Miss, "miss"),
        (Mark::Hit, "hit"),
        (Mark::Sunk, "sunk"),
        (Mark::Halo, "empty"),
        (Mark::Ship, "ship"),
    ],
    battle_keys: "arrows/mouse aim, Enter fires, q quits",
    placement: "Placement",
    placement_keys: &[
        "Tab: next ship",
        "arrows: move, space: rotate",
        "r: random, p: Perelman",
        "mouse: pick a ship",
        "Enter: to battle, q: quit",
    ],
    placement_legend: ["ship", "selected", "violation"],
    violations: "Violations",
    fleet_ok: "The fleet follows the rules.",
    fix_first: "Fix the violations first.",
    cover_place: "Player {}: place your fleet.",
    cover_shoot: "Player {}: your turn.",
    press_key: "Press any key.",
    handover: "Hand over to player {}: press any key.",
    connecting: "Connecting to the server…",
    waiting: "Waiting for the opponent…",
    code: "Game code:",
    link: "Link:",
    quit_confirm: "Quit the game? (y/n)",
    quit_confirm_online: "Quit and resign? (y/n)",
    game_over: "Game over",
    you_won: "You won!",
    you_lost: "You lost.",
    player_won: "Player {} won.",
    nobody_won: "Nobody won.",
    by_sinking: "the whole fleet sunk",
    by_resignation: "resignation",
    by_timeout: "out of time",
    by_abandonment: "the opponent left the game",
    verdict: "Audit:",
    rate_key: "g: play rated",
    rate_asked: "You asked to play rated: waiting for the opponent.",
    rate_offered: "The opponent asks to play rated: g to agree.",
    rate_done: "This game is rated.",
    rating: "Rating:",
    over_keys: "q: quit",
    too_small: "The window is too small: it needs at least {}.",
    already_shot: "That cell has been shot already.",
    volley: "Volley: {} chosen",
    target: "Target:",
    opponent_away: "The opponent has gone away; waiting.",
    opponent_back: "The opponent is connected.",
    timeout: "Player {} ran out of time.",
    link_down: "Connection lost ({}); reconnecting…",
    link_up: "Connected again.",
    legend_pieces: [
        &[
            (Mark::Mine, "mine"),
            (Mark::SpentMine, "spent mine"),
            (Mark::Shown, "shown ship cell"),
        ],
        &[(Mark::Sweeper, "minesweeper"), (Mark::SweeperShot, "found")],
        &[
            (Mark::Submarine, "submarine"),
            (Mark::SunkSubmarine, "sunk"),
        ],
    ],
    placement_pieces: "Tab also picks pieces; the picked one is under the cursor",
    piece_names: ["mine", "minesweeper", "submarine"],
    reveal_ship: "Show a cell of one of your ships",
    reveal_mine: "Show one of your mines",
    reveal_keys: "arrows/mouse: a cell of your board, Enter shows it, q quits",
    reveal_waiting: "{} is to show a cell",
    cover_reveal: "Player {}: show a cell of your board.",
    not_a_ship_cell: "That is not a cell of your ships, unhit and not shown before.",
    not_a_mine: "That is not one of your mines, unspent and not shown before.",
    reveal_due: "A cell must be shown first ({}).",
    relocate_prompt: "Your ship is hit: mark {} new cells",
    relocate_keys: "arrows/mouse: a cell, space marks it, Enter moves the ship, r a random place, q quits",
    relocate_waiting: "{} is moving the ship",
    cover_relocate: "Player {}: move your hit ship.",
    relocate_due: "The hit ship must move first ({}).",
    relocated: "{}: the ship moved elsewhere.",
    relocate_size: "The ship has {} decks left: mark that many cells.",
    relocate_shot: "The ship may not stand on a cell that was shot.",
    relocate_not_path: "The cells must form a chain, each next to the last by a side or corner.",
    torpedo: "torpedo",
    shows: "shows",
    chat_pick: "Phrase: {} (c: another, v: say it)",
};

/// The words for `lang`.
pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Ru => &RU,
        Lang::En => &EN,
    }
}

/// `phrase` with its `{}` replaced by `value`.
pub fn fill(phrase: &str, value: impl std::fmt::Display) -> String {
    phrase.replacen("{}", &value.to_string(), 1)
}
