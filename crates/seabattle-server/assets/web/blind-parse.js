// @ts-check
// Blind mode's commands (issue 42): what a line typed into its input means, in Russian or
// in English, with Russian or Latin column letters. Pure: no page, no game, no words of
// its own; blind.js says the answers (and the errors, by key) in the page's language.
// Unit tests: e2e/tests/blind-parse.test.js.
import { letters } from './coords.js';
/** @typedef {import('./coords.js').Point} Point */

/**
 * The board a line is read against: its coordinate system (the page's choice) and size.
 * @typedef {{system: string, width: number, height: number}} BoardSize
 */
/**
 * A command without an argument, by its one name in either language.
 * @typedef {'help' | 'fleet' | 'last' | 'status' | 'hint' | 'resign' | 'rematch' | 'random'
 *   | 'perelman' | 'clear' | 'check' | 'ready' | 'result' | 'newGame' | 'friend' | 'queue'
 *   | 'cancel' | 'next' | 'back' | 'first' | 'end' | 'off'} Word
 */
/**
 * What a line asks: cells (a shot, a ship by its ends or by its cells: `range` when
 * written with a dash), a row or column read out (`own`: the player's own board), a
 * ship taken off, the moves log (the last `n`), a game against the computer (at
 * `level`), a command word, or an error: the key of its answer and what fills it.
 * @typedef {{kind: 'cells', cells: Point[], range: boolean}
 *   | {kind: 'row', r: number, own: boolean}
 *   | {kind: 'col', c: number, own: boolean}
 *   | {kind: 'remove', cell: Point}
 *   | {kind: 'moves', n: number | null}
 *   | {kind: 'computer', level: string | null}
 *   | {kind: 'word', word: Word}
 *   | {kind: 'error', key: ParseError, args: (string | number)[]}} Command
 */
/**
 * Why a line means nothing: `unknown` (the line), `badColumn` (the letter, the columns),
 * `badRow` (the number, the last row), `needRow`, `needColumn`, `needCell` (the command
 * typed), `empty`.
 * @typedef {'unknown' | 'badColumn' | 'badRow' | 'needRow' | 'needColumn' | 'needCell' | 'empty'} ParseError
 */

// The commands by every name they answer to. One letter stands for a command only
// alone: followed by a number it is a column («h5» is a cell).
/** @type {Record<string, Word>} */
const WORDS = {
  'помощь': 'help', 'справка': 'help', 'команды': 'help', '?': 'help', help: 'help', commands: 'help',
  'флот': 'fleet', 'корабли': 'fleet', f: 'fleet', fleet: 'fleet', ships: 'fleet',
  'последний': 'last', 'последние': 'last', l: 'last', last: 'last',
  'статус': 'status', s: 'status', status: 'status',
  'подсказка': 'hint', 'совет': 'hint', h: 'hint', hint: 'hint',
  'сдаться': 'resign', 'сдаюсь': 'resign', resign: 'resign',
  'реванш': 'rematch', rematch: 'rematch',
  'случайно': 'random', random: 'random',
  'перельман': 'perelman', 'по перельману': 'perelman', perelman: 'perelman',
  'очистить': 'clear', clear: 'clear',
  'проверить': 'check', 'проверка': 'check', check: 'check',
  'готов': 'ready', 'готово': 'ready', ready: 'ready',
  'итоги': 'result', 'итог': 'result', result: 'result', results: 'result',
  'новая игра': 'newGame', 'новая': 'newGame', 'new game': 'newGame', new: 'newGame',
  'друг': 'friend', 'с другом': 'friend', friend: 'friend',
  'соперник': 'queue', 'очередь': 'queue', opponent: 'queue', queue: 'queue',
  'отмена': 'cancel', cancel: 'cancel',
  'вперёд': 'next', 'вперед': 'next', 'дальше': 'next', n: 'next', next: 'next', forward: 'next',
  'назад': 'back', b: 'back', back: 'back',
  'начало': 'first', 'в начало': 'first', first: 'first', start: 'first',
  'конец': 'end', 'в конец': 'end', end: 'end',
  'выключить': 'off', off: 'off', 'blind off': 'off',
};
const ROW = new Set(['ряд', 'строка', 'r', 'row']);
const COLUMN = new Set(['столбец', 'колонка', 'c', 'col', 'column']);
const OWN = new Set(['мой', 'моё', 'мое', 'my']);
const REMOVE = new Set(['убрать', 'убери', 'remove', 'rm']);
const MOVES = new Set(['ход', 'ходы', 'журнал', 'moves', 'm', 'log']);
const COMPUTER = new Set(['компьютер', 'с компьютером', 'computer']);
// The computer's levels as the start screen names them (`easy`…`expert`).
/** @type {Record<string, string>} */
const LEVELS = {
  'лёгкий': 'easy', 'легкий': 'easy', easy: 'easy', 'средний': 'medium', medium: 'medium',
  'трудный': 'hard', hard: 'hard', 'эксперт': 'expert', expert: 'expert',
};
// The systems written in Cyrillic: a Cyrillic letter is read in the page's system when it
// is one of them, else in the plain Russian one; a Latin letter always in the Latin one.
const CYRILLIC = ['russian', 'russian-yo', 'республика', 'снегурочка'];

/** @typedef {{t: 'w' | 'n' | 'dash', v: string, glued: boolean}} Token */

// The line's pieces: words (letters), numbers and dashes; `glued` when nothing stood
// between a piece and the one before it («r3», not «r 3»). Null when the line holds a
// sign no command uses.
/** @param {string} line @returns {Token[] | null} */
function tokens(line) {
  /** @type {Token[]} */
  const out = [];
  const re = /([a-zа-яё]+)|(\d+)|(-)|(\?)|([\s,;.:!]+)|(.)/gu;
  let glued = false;
  for (const m of line.matchAll(re)) {
    if (m[6] !== undefined) return null;
    if (m[5] !== undefined) { glued = false; continue; }
    out.push({ t: m[1] !== undefined || m[4] !== undefined ? 'w' : m[2] !== undefined ? 'n' : 'dash', v: m[0], glued });
    glued = true;
  }
  return out;
}

// The line as typed, in one form: lower case, composed letters («ё» typed as «е» and
// two dots is «ё»), every dash a hyphen, spaces collapsed.
/** @param {string} text */
export const normalize = text => text.normalize('NFC').toLowerCase().replace(/[‐-―−]/g, '-').replace(/\s+/g, ' ').trim();

// The column of `letter` on `board`, or the error that names the columns there are.
/** @param {string} letter @param {BoardSize} board @returns {number | Command} */
export function column(letter, board) {
  const system = /[a-z]/.test(letter) ? 'latin' : CYRILLIC.includes(board.system) ? board.system : 'russian';
  const cols = letters(system, board.width).slice(0, board.width);
  const c = letter.length === 1 ? cols.indexOf(letter) : -1;
  return c >= 0 ? c : err('badColumn', letter, cols.map(x => x.toUpperCase()).join(' '));
}

/** @param {string} n @param {BoardSize} board @returns {number | Command} */
function row(n, board) {
  const r = Number(n);
  return r >= 1 && r <= board.height ? r - 1 : err('badRow', n, board.height);
}

/** @param {ParseError} key @param {...(string | number)} args @returns {Command} */
const err = (key, ...args) => ({ kind: 'error', key, args });

// Cells: letter and number pairs («е5», «Е 5», «а1 а4», «a1-a4», «а1 а2 б2»).
/** @param {Token[]} ts @param {BoardSize} board @returns {Command | null} */
function cells(ts, board) {
  /** @type {Point[]} */
  const out = [];
  let range = false;
  for (let i = 0; i < ts.length;) {
    if (ts[i].t === 'dash') {
      if (!out.length || i === ts.length - 1) return null;
      range = true;
      i++;
      continue;
    }
    const letter = ts[i], number = ts[i + 1];
    if (letter.t !== 'w' || letter.v.length !== 1 || !number || number.t !== 'n') return null;
    const c = column(letter.v, board);
    if (typeof c !== 'number') return c;
    const r = row(number.v, board);
    if (typeof r !== 'number') return r;
    out.push({ c, r });
    i += 2;
  }
  return out.length ? { kind: 'cells', cells: out, range } : null;
}

// What `text` asks on a board of `board`'s size and coordinate system.
/** @param {string} text @param {BoardSize} board @returns {Command} */
export function parseCommand(text, board) {
  const line = normalize(text);
  if (!line) return err('empty');
  const ts = tokens(line);
  if (!ts) return err('unknown', text.trim());
  const words = ts.map(x => x.v);
  const phrase = words.join(' ');
  if (WORDS[phrase]) return { kind: 'word', word: WORDS[phrase] };
  // «мой ряд 3», «my r 3», «ряд 3», «r 3» (glued, «r3» is the cell R3 on a board that
  // has an R column), «столбец е», «c e».
  const own = OWN.has(words[0]) && ts.length > 1;
  const at = own ? 1 : 0, head = words[at], arg = ts[at + 1];
  const rCell = head === 'r' && !own && !!arg?.glued && typeof column('r', board) === 'number';
  if (ROW.has(head) && !rCell) {
    if (!arg) return err('needRow');
    if (arg.t !== 'n' || ts.length > at + 2) return err('needRow');
    const r = row(arg.v, board);
    return typeof r === 'number' ? { kind: 'row', r, own } : r;
  }
  if (COLUMN.has(head) && (head !== 'c' || own || !arg || arg.t === 'w')) {
    if (!arg || arg.t !== 'w' || ts.length > at + 2) return err('needColumn');
    const c = column(arg.v, board);
    return typeof c === 'number' ? { kind: 'col', c, own } : c;
  }
  if (own) return err('unknown', text.trim());
  if (REMOVE.has(head)) {
    const got = cells(ts.slice(1), board);
    if (got?.kind === 'cells' && got.cells.length === 1) return { kind: 'remove', cell: got.cells[0] };
    return got?.kind === 'error' ? got : err('needCell', head);
  }
  if (MOVES.has(head) && ts.length <= 2 && (ts.length === 1 || (ts[1].t === 'n' && !ts[1].glued))) {
    return { kind: 'moves', n: ts.length === 2 ? Math.max(1, Number(ts[1].v)) : null };
  }
  const computer = COMPUTER.has(head) ? 1 : COMPUTER.has(words.slice(0, 2).join(' ')) ? 2 : 0;
  if (computer && ts.length <= computer + 1) {
    const level = ts.length > computer ? LEVELS[words[computer]] : null;
    if (level !== undefined) return { kind: 'computer', level };
  }
  return cells(ts, board) || err('unknown', text.trim());
}
