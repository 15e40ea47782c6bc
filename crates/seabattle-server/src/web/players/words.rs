//! The pages' words in both languages.

use seabattle_core::Lang;

/// A phrase of the players' pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// The leaderboard's title.
    Leaderboard,
    /// Rank column.
    Rank,
    /// Player column.
    Player,
    /// Rating column.
    Rating,
    /// Games column.
    Games,
    /// The leaderboard is empty.
    NobodyYet,
    /// Who the leaderboard lists.
    LeadersNote,
    /// The tab of people.
    People,
    /// The column of a person's rating from games against people only.
    VsPeople,
    /// The tab of BOTs.
    Bots,
    /// Who the BOTs' board lists.
    BotsNote,
    /// The leaderboard lists provisional ratings, since nobody's is established.
    OnlyProvisional,
    /// Ratings section.
    Ratings,
    /// Rating history section.
    History,
    /// The figures section.
    Figures,
    /// Games played.
    GamesPlayed,
    /// Games won.
    Wins,
    /// Mean shots to win.
    MeanShotsToWin,
    /// Share of shots that hit (the analysis' accuracy is another figure).
    HitRate,
    /// The games section.
    FinishedGames,
    /// Date column.
    Date,
    /// Rules column.
    Rules,
    /// Opponent column.
    Opponent,
    /// Result column.
    Result,
    /// Shots column.
    Shots,
    /// A won game.
    Won,
    /// A game ended before both had fired: not played, not counted.
    Aborted,
    /// A lost game.
    Lost,
    /// A guest seat.
    Guest,
    /// A deleted account's seat.
    DeletedPlayer,
    /// The computer's seat.
    Computer,
    /// The replay link.
    Replay,
    /// The rated mark.
    RatedMark,
    /// No such player.
    NoSuchPlayer,
    /// A moderator marked the player as an engine.
    MarkedEngine,
    /// A moderator closed the account.
    ClosedAccount,
    /// The link that challenges the player from the game's page.
    ChallengeThem,
    /// Report the player to the moderators.
    ReportThem,
    /// Block the player.
    BlockThem,
    /// The owner's section.
    YourAccount,
    /// Sign out.
    SignOut,
    /// Sign out everywhere.
    SignOutEverywhere,
    /// What the computer learned, in the game page.
    LearnedLink,
    /// The owner's learned section's title.
    Learned,
    /// Nothing learned yet.
    NothingLearned,
    /// How many fleets were learned.
    FleetsLearned,
    /// Back to the game.
    Play,
    /// The game's name, in the header.
    SeaBattle,
    /// No rated games yet.
    NoRatedGames,
    /// No finished games yet.
    NoGames,
}

/// `w` in `lang`.
pub fn say(w: Word, lang: Lang) -> &'static str {
    use Word::*;
    let (ru, en) = match w {
        Leaderboard => ("Лучшие игроки", "Leaderboard"),
        Rank => ("№", "#"),
        Player => ("Игрок", "Player"),
        Rating => ("Рейтинг", "Rating"),
        Games => ("Партий", "Games"),
        NobodyYet => (
            "Пока никого: по этим правилам за последние 30 дней не сыграно ни одной рейтинговой партии.",
            "Nobody yet: no rated game was played under these rules in the last 30 days.",
        ),
        OnlyProvisional => (
            "Установившегося рейтинга по этим правилам пока нет ни у кого. Вот предварительные — с «?»: их места ещё могут сильно измениться.",
            "Nobody's rating under these rules is established yet. Here are the provisional ones, marked «?»: their places may still change a lot.",
        ),
        People => ("Люди", "People"),
        VsPeople => ("Против людей", "Against people"),
        Bots => ("Боты", "BOTs"),
        BotsNote => (
            "Боты и уровни компьютера, игравшие рейтинговые партии за последние 30 дней, на той же шкале Glicko-2, что и люди.",
            "BOTs and the computer's levels that played rated games in the last 30 days, on the same Glicko-2 scale as people.",
        ),
        LeadersNote => (
            "Сто лучших игроков с установившимся рейтингом, игравших за последние 30 дней.",
            "The top 100 players with an established rating who played in the last 30 days.",
        ),
        Ratings => ("Рейтинги", "Ratings"),
        History => ("История рейтинга", "Rating history"),
        Figures => ("В цифрах", "Figures"),
        GamesPlayed => ("Сыграно партий", "Games played"),
        Wins => ("Побед", "Wins"),
        MeanShotsToWin => ("Выстрелов на победу (в среднем)", "Mean shots to win"),
        HitRate => ("Доля попаданий", "Hit rate"),
        FinishedGames => ("Сыгранные партии", "Finished games"),
        Date => ("Дата", "Date"),
        Rules => ("Правила", "Rules"),
        Opponent => ("Соперник", "Opponent"),
        Result => ("Итог", "Result"),
        Shots => ("Выстрелы", "Shots"),
        Won => ("Победа", "Won"),
        Aborted => ("Прервана", "Aborted"),
        Lost => ("Поражение", "Lost"),
        Guest => ("гость", "guest"),
        DeletedPlayer => ("удалённый игрок", "deleted player"),
        Computer => ("компьютер", "computer"),
        Replay => ("запись", "replay"),
        RatedMark => ("рейтинговая", "rated"),
        NoSuchPlayer => ("Такого игрока нет", "No such player"),
        MarkedEngine => (
            "Модератор отметил: этот игрок играл с подсказками программы. Его нет в таблицах лидеров, а его рейтинговые партии не меняют рейтинг соперников.",
            "A moderator marked this player as playing with an engine: they are off the leaderboards, and their rated games no longer move their opponents' ratings.",
        ),
        ClosedAccount => (
            "Этот аккаунт закрыт модератором.",
            "A moderator closed this account.",
        ),
        ChallengeThem => ("Вызвать на бой", "Challenge"),
        ReportThem => ("Пожаловаться", "Report"),
        BlockThem => ("Заблокировать", "Block"),
        YourAccount => ("Ваш аккаунт", "Your account"),
        SignOut => ("Выйти", "Sign out"),
        SignOutEverywhere => ("Выйти на всех устройствах", "Sign out everywhere"),
        LearnedLink => (
            "Какую привычку он в них нашёл и как всё стереть — в меню игры, «Что компьютер узнал обо мне».",
            "Which habit it found in them, and erasing it all: the game's menu, \"What the computer learned about me\".",
        ),
        Learned => (
            "Что компьютер узнал о ваших расстановках",
            "What the computer learned about your fleets",
        ),
        NothingLearned => (
            "Пока ничего: он учится на партиях с ним, когда они окончены.",
            "Nothing yet: it learns from your games against it once they end.",
        ),
        FleetsLearned => ("Расстановок", "Fleets"),
        Play => ("Играть", "Play"),
        SeaBattle => ("Морской бой", "Sea Battle"),
        NoRatedGames => ("Рейтинговых партий ещё не было.", "No rated games yet."),
        NoGames => ("Сыгранных партий ещё нет.", "No finished games yet."),
    };
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}
