// Blind mode's command parser and sentences (issue 42), run in Node: cells in Russian and
// Latin letters under every coordinate system, the commands in both languages, bad
// input answered with what to type instead; the two word tables alike; the sentences
// said after a shot.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// i18n.js reads the language from the browser's store: a store of one's own lets these
// tests say Russian and English.
const store = new Map([['sb.lang', 'ru']]);
globalThis.localStorage = { getItem: k => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: k => store.delete(k) };
const web = '../../crates/seabattle-server/assets/web/';
const { parseCommand } = await import(web + 'blind-parse.js');
const { BLIND_TEXTS, bt } = await import(web + 'blind-words.js');
const { shotSentence, battleSentence, overSentence, shipsOf, counted, SPEECH_TEXTS } = await import(web + 'announce.js');
const i18n = await import(web + 'i18n.js');

const board = (system = 'russian', width = 10, height = width) => ({ system, width, height });
const parse = (text, b = board()) => parseCommand(text, b);
const cell = (text, b) => { const m = parse(text, b); assert.equal(m.kind, 'cells', `${text}: ${JSON.stringify(m)}`); return m.cells; };

test('a cell in Russian letters, in Latin ones, with a space, in capitals', () => {
  assert.deepEqual(cell('е5'), [{ c: 5, r: 4 }]);
  assert.deepEqual(cell('Е 5'), [{ c: 5, r: 4 }]);
  assert.deepEqual(cell('к10'), [{ c: 9, r: 9 }]);
  assert.deepEqual(cell('а1.'), [{ c: 0, r: 0 }]);
  // A Latin letter is read in the Latin system, whatever the page's.
  assert.deepEqual(cell('e5'), [{ c: 4, r: 4 }]);
  assert.deepEqual(cell('J10'), [{ c: 9, r: 9 }]);
  assert.deepEqual(cell('  h 7 '), [{ c: 7, r: 6 }]);
});

test('the coordinate systems: Cyrillic letters in the page\'s one, Latin in Latin', () => {
  // А–И with Ё: ё is the seventh column, к is none.
  assert.deepEqual(cell('ё5', board('russian-yo')), [{ c: 6, r: 4 }]);
  assert.deepEqual(cell('и1', board('russian-yo')), [{ c: 9, r: 0 }]);
  assert.equal(parse('к1', board('russian-yo')).key, 'badColumn');
  // The ten-letter words.
  assert.deepEqual(cell('р1', board('республика')), [{ c: 0, r: 0 }]);
  assert.deepEqual(cell('а3', board('республика')), [{ c: 9, r: 2 }]);
  assert.deepEqual(cell('с1', board('снегурочка')), [{ c: 0, r: 0 }]);
  assert.deepEqual(cell('ч2', board('снегурочка')), [{ c: 7, r: 1 }]);
  assert.equal(parse('в1', board('республика')).key, 'badColumn');
  // With Latin letters chosen, Cyrillic ones are still read, in the Russian system.
  assert.deepEqual(cell('к1', board('latin')), [{ c: 9, r: 0 }]);
  assert.deepEqual(cell('b2', board('latin')), [{ c: 1, r: 1 }]);
  // А–К skips ё and й.
  assert.equal(parse('й1').key, 'badColumn');
  assert.equal(parse('ё1').key, 'badColumn');
  // A big board goes on past the tenth letter.
  assert.deepEqual(cell('o15', board('latin', 15)), [{ c: 14, r: 14 }]);
  assert.deepEqual(cell('п15', board('russian', 15)), [{ c: 14, r: 14 }]);
  assert.deepEqual(cell('п1', board('республика', 15)), [{ c: 14, r: 0 }]);
});

test('ships by their ends or by every cell', () => {
  assert.deepEqual(parse('а1 а4'), { kind: 'cells', cells: [{ c: 0, r: 0 }, { c: 0, r: 3 }], range: false });
  assert.deepEqual(parse('a1-d1'), { kind: 'cells', cells: [{ c: 0, r: 0 }, { c: 3, r: 0 }], range: true });
  assert.deepEqual(parse('а1 – г1').cells, [{ c: 0, r: 0 }, { c: 3, r: 0 }]);
  assert.deepEqual(parse('а1—г1').range, true);
  assert.deepEqual(parse('а1, а2, б2').cells, [{ c: 0, r: 0 }, { c: 0, r: 1 }, { c: 1, r: 1 }]);
  assert.deepEqual(parse('убрать а1'), { kind: 'remove', cell: { c: 0, r: 0 } });
  assert.deepEqual(parse('remove J10'), { kind: 'remove', cell: { c: 9, r: 9 } });
});

test('rows and columns, of the enemy board and of one\'s own', () => {
  assert.deepEqual(parse('ряд 3'), { kind: 'row', r: 2, own: false });
  assert.deepEqual(parse('r 3'), { kind: 'row', r: 2, own: false });
  assert.deepEqual(parse('row 10'), { kind: 'row', r: 9, own: false });
  assert.deepEqual(parse('мой ряд 3'), { kind: 'row', r: 2, own: true });
  assert.deepEqual(parse('my r 3'), { kind: 'row', r: 2, own: true });
  assert.deepEqual(parse('столбец е'), { kind: 'col', c: 5, own: false });
  assert.deepEqual(parse('c e'), { kind: 'col', c: 4, own: false });
  assert.deepEqual(parse('мой столбец к'), { kind: 'col', c: 9, own: true });
  assert.deepEqual(parse('my c j'), { kind: 'col', c: 9, own: true });
  // One letter and a number are a cell: C5, H5. «r3» is row 3 where there is no column R,
  // and the cell R3 where there is one (a 20×20 board).
  assert.deepEqual(cell('c5'), [{ c: 2, r: 4 }]);
  assert.deepEqual(parse('r3'), { kind: 'row', r: 2, own: false });
  assert.deepEqual(cell('r3', board('latin', 20)), [{ c: 17, r: 2 }]);
  assert.deepEqual(parse('r 3', board('latin', 20)), { kind: 'row', r: 2, own: false });
});

test('the commands in Russian and in English', () => {
  const words = {
    help: ['помощь', '?', 'help'], fleet: ['флот', 'f', 'fleet'], last: ['последний', 'l', 'last'],
    status: ['статус', 's', 'status'], hint: ['подсказка', 'h', 'hint'], resign: ['сдаться', 'resign'],
    rematch: ['реванш', 'rematch'], random: ['случайно', 'random', 'Случайно!'], perelman: ['перельман', 'по перельману', 'perelman'],
    clear: ['очистить', 'clear'], check: ['проверить', 'check'], ready: ['готов', 'ready', 'ГОТОВ.'], result: ['итоги', 'result'],
    newGame: ['новая игра', 'new game'], friend: ['друг', 'friend'], queue: ['соперник', 'opponent'], cancel: ['отмена', 'cancel'],
    next: ['вперёд', 'вперед', 'next', 'n'], back: ['назад', 'back', 'b'], first: ['начало', 'first'], end: ['конец', 'end'], off: ['выключить', 'off'],
  };
  for (const [word, names] of Object.entries(words)) for (const n of names) assert.deepEqual(parse(n), { kind: 'word', word }, n);
  assert.deepEqual(parse('ход'), { kind: 'moves', n: null });
  assert.deepEqual(parse('moves 20'), { kind: 'moves', n: 20 });
  assert.deepEqual(parse('компьютер'), { kind: 'computer', level: null });
  assert.deepEqual(parse('компьютер легкий'), { kind: 'computer', level: 'easy' });
  assert.deepEqual(parse('computer expert'), { kind: 'computer', level: 'expert' });
});

test('bad input: what was wrong, to be answered with what to type', () => {
  const error = (text, b) => { const m = parse(text, b); assert.equal(m.kind, 'error', `${text}: ${JSON.stringify(m)}`); return [m.key, ...m.args]; };
  assert.deepEqual(error(''), ['empty']);
  assert.deepEqual(error('   '), ['empty']);
  assert.deepEqual(error('огонь'), ['unknown', 'огонь']);
  assert.deepEqual(error('е5 #'), ['unknown', 'е5 #']);
  assert.deepEqual(error('аб5'), ['unknown', 'аб5']);
  assert.deepEqual(error('й5'), ['badColumn', 'й', 'А Б В Г Д Е Ж З И К']);
  assert.deepEqual(error('z5'), ['badColumn', 'z', 'A B C D E F G H I J']);
  assert.deepEqual(error('в1', board('республика')), ['badColumn', 'в', 'Р Е С П У Б Л И К А']);
  assert.deepEqual(error('е11'), ['badRow', '11', 10]);
  assert.deepEqual(error('а0'), ['badRow', '0', 10]);
  assert.deepEqual(error('ряд'), ['needRow']);
  assert.deepEqual(error('ряд е'), ['needRow']);
  assert.deepEqual(error('ряд 12'), ['badRow', '12', 10]);
  assert.deepEqual(error('столбец'), ['needColumn']);
  assert.deepEqual(error('c 5 5'), ['unknown', 'c 5 5']);
  assert.deepEqual(error('столбец й'), ['badColumn', 'й', 'А Б В Г Д Е Ж З И К']);
  assert.deepEqual(error('убрать'), ['needCell', 'убрать']);
  assert.deepEqual(error('remove a1 a4'), ['needCell', 'remove']);
  assert.deepEqual(error('мой флот'), ['unknown', 'мой флот']);
  // Each error's answer, in both languages, says what to type instead.
  for (const key of ['unknown', 'badColumn', 'badRow', 'needRow', 'needColumn', 'needCell', 'empty']) {
    for (const l of ['ru', 'en']) {
      const text = BLIND_TEXTS[l]['e_' + key];
      assert.ok(text, `${l} e_${key}`);
      if (!['badColumn', 'badRow'].includes(key)) assert.match(text, l === 'ru' ? /(Напишите|Назовите|напишите)/ : /(Type|type|Name)/, `${l} e_${key}`);
    }
  }
  // The columns and rows there are are named.
  assert.match(BLIND_TEXTS.ru.e_badColumn, /Столбцы: \{1\}/);
  assert.match(BLIND_TEXTS.en.e_badRow, /1 to \{1\}/);
});

test('blind mode\'s words and the sentences\': the same keys and placeholders in both languages', () => {
  const flat = (o, pre = '', out = new Map()) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'string') out.set(pre + k, [...new Set(v.match(/\{\d\}/g) || [])].sort().join());
      else flat(v, pre + k + '.', out);
    }
    return out;
  };
  for (const table of [BLIND_TEXTS, SPEECH_TEXTS]) {
    const ru = flat(table.ru), en = flat(table.en);
    assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
    assert.deepEqual([...ru].filter(([k, p]) => en.get(k) !== p), []);
  }
});

// A 10×10 classic game as a page sees it, seat 1 against the computer.
function game(over = {}) {
  const target = () => ({ misses: [], hits: [], sunk: [], empty: [], afloat: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1] });
  return { game: 'g', seat: 1, mode: 'computer:easy', names: [null, null], spec: { width: 10, height: 10, fleet: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], flying: false },
    boards: [target(), target()], ...over };
}
const name = c => c.toUpperCase();

test('the sentences said after a shot, in Russian and English', () => {
  i18n.setLang('ru');
  const S = game();
  assert.equal(shotSentence(S, { player: 1, shots: [{ cell: 'e5', answer: 'hit' }], next: 1 }, name), 'E5 — ранил. Стреляйте снова.');
  assert.equal(shotSentence(S, { player: 1, shots: [{ cell: 'e5', answer: 'miss' }], next: 2 }, name), 'E5 — мимо. Ход противника.');
  assert.equal(shotSentence(S, { player: 2, shots: [{ cell: 'a1', answer: 'miss' }], next: 1 }, name), 'Противник: A1 — мимо. Ваш ход.');
  assert.equal(shotSentence(S, { player: 2, shots: [{ cell: 'a1', answer: 'hit' }], next: 2 }, name), 'Противник: A1 — ранил.');
  S.boards[0].afloat = [4, 3, 2, 2, 2, 1, 1, 1, 1];
  assert.equal(shotSentence(S, { player: 1, shots: [{ cell: 'e5', answer: 'sunk', ship: ['e4', 'e5', 'e6'] }], next: 1 }, name),
    'E5 — убил трёхпалубный, осталось 9 кораблей. Стреляйте снова.');
  S.boards[1].afloat = [1];
  assert.equal(shotSentence(S, { player: 2, shots: [{ cell: 'b2', answer: 'sunk', ship: ['b2', 'b3'] }], next: 2 }, name),
    'Противник: B2 — убил ваш двухпалубный, у вас остался 1 корабль.');
  assert.equal(counted('left', 2), 'осталось 2 корабля');
  assert.equal(counted('left', 11), 'осталось 11 кораблей');
  assert.equal(counted('left', 21), 'остался 21 корабль');
  assert.equal(shipsOf(2, 3), '2 трёхпалубных');
  assert.equal(battleSentence(S, 1), 'Бой начался. Ваш ход.');
  assert.equal(overSentence({ ...S, result: { winner: 1, reason: 'fleet_sunk' } }), 'Вы победили: вы потопили весь флот противника.');
  // A spectator hears who shot and who shoots next.
  const W = game({ seat: null, names: ['Алиса', null] });
  assert.equal(shotSentence(W, { player: 1, shots: [{ cell: 'c3', answer: 'miss' }], next: 2 }, name), 'Алиса: C3 — мимо. Ходит Игрок 2.');

  i18n.setLang('en');
  assert.equal(shotSentence(S, { player: 1, shots: [{ cell: 'e5', answer: 'hit' }], next: 1 }, name), 'E5 — hit. Shoot again.');
  assert.equal(shotSentence(S, { player: 2, shots: [{ cell: 'a1', answer: 'miss' }], next: 1 }, name), 'Opponent: A1 — miss. Your turn.');
  assert.equal(shotSentence(S, { player: 1, shots: [{ cell: 'e5', answer: 'sunk', ship: ['e5'] }], next: 1 }, name),
    'E5 — sunk the one-decker, 9 ships left. Shoot again.');
  assert.equal(shotSentence(S, { player: 2, shots: [{ cell: 'b2', answer: 'sunk', ship: ['b2', 'b3'] }], next: 2 }, name),
    'Opponent: B2 — sunk your two-decker, you have 1 ship left.');
  assert.equal(shipsOf(2, 3), '2 three-deckers');
  assert.equal(bt('e_badRow', 11, 10), 'No row 11: rows are 1 to 10.');
});
