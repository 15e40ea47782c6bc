// Blind mode (issue 42): whole games played by typing and listening. The player's side
// of each test uses only the keyboard and the command box, and learns the game only from
// what the page's live regions say (a recorder keeps every sentence they say, as a screen
// reader would hear it); the game's record, fetched at the end, checks that every shot
// was heard exactly once. axe-core runs on each screen in blind mode; screenshots go to
// target/e2e/blind/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, placeRandomly, poll, artifacts, pageErrors, enemyBoard, openCells, resign, oneShot } from './harness.js';
import { check } from './axe.js';

let server, browser;
const dir = join(artifacts, 'blind');
before(async () => { server = await startServer(); browser = await startBrowser(); mkdirSync(dir, { recursive: true }); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const PHONE = { width: 390, height: 844 };

// What a screen reader would hear: every change of a live region (aria-live other than
// off, or role status, alert or log), in order. A region that only adds
// (aria-relevant="additions") is heard one added line at a time; any other is heard
// whole each time its content changes, even to the same text.
async function listen(page) {
  await page.addInitScript(() => {
    window.heard = [];
    const liveOf = el => {
      for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
        const live = e.getAttribute('aria-live');
        if (live) return live === 'off' ? null : e;
        if (['status', 'alert', 'log'].includes(e.getAttribute('role'))) return e;
      }
      return null;
    };
    const shown = e => !e.closest('[hidden]') && e.getClientRects().length > 0;
    new MutationObserver(list => {
      const whole = new Set();
      for (const m of list) {
        const region = liveOf(m.target.nodeType === 1 ? m.target : m.target.parentElement);
        if (!region || !shown(region)) continue;
        if (region.getAttribute('aria-relevant') === 'additions') {
          if (m.target !== region) continue;
          for (const n of m.addedNodes) {
            if (n.nodeType === 1 && n.getAttribute('aria-hidden') !== 'true' && n.textContent.trim()) window.heard.push({ id: region.id, text: n.textContent.trim() });
          }
        } else whole.add(region);
      }
      for (const r of whole) if (r.textContent.trim()) window.heard.push({ id: r.id, text: r.textContent.trim() });
    }).observe(document, { childList: true, characterData: true, subtree: true });
  });
}

const heard = page => page.evaluate(() => window.heard);
const count = async page => (await heard(page)).length;
// The first sentence heard from `from` on that matches `re`, waited for.
async function hear(page, from, re, ms = 20000) {
  let found = null;
  await poll(async () => {
    found = (await heard(page)).slice(from).find(h => re.test(h.text)) || null;
    return found;
  }, ms).catch(async e => { throw new Error(`${e.message}\nwanted ${re}; heard since ${from}:\n  ${(await heard(page)).slice(from).map(h => `[${h.id}] ${h.text}`).join('\n  ')}`); });
  return found.text;
}
// Types a line into the command box (which must have the keyboard) and presses Enter;
// the number of sentences heard before it.
async function type(page, text) {
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'blindInput', `the keyboard left the box before «${text}»`);
  const n = await count(page);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  return n;
}
// Types and waits for the answer.
async function ask(page, text, re) { return hear(page, await type(page, text), re); }

const WORDS = {
  ru: {
    locale: 'ru-RU', cols: 'абвгдежзик', skip: 'Режим для незрячих: игра набором команд', on: /^Режим для незрячих включён/,
    computer: 'компьютер', intro: /^Игра с компьютером, уровень «средний»\. Расстановка/, random: 'случайно', placedRandom: /^Флот расставлен случайно/,
    clear: 'очистить', cleared: /^Поле очищено/, put: /^Четырёхпалубный поставлен: А1–Г1\. Осталось поставить: 2 трёхпалубных, 3 двухпалубных, 4 однопалубных\.$/,
    check: 'проверить', bad: /^Флот не по правилам: не расставлено кораблей: 8; корабли касаются бортами: .*Б2.*Уберите корабль/, ready: 'готов',
    refused: /^Флот не принят: .*касаются бортами/, remove: 'убрать в2', removed: /^Трёхпалубный Б2–Г2 убран\./, ok: /^Флот по правилам/,
    all: /Все корабли на поле/, accepted: /^Флот принят\.$/, battle: /^Бой начался\. (Ваш ход|Первым стреляет противник)\.$/,
    row: n => `ряд ${n}`, notShot: 'не стреляли', again: 'Стреляйте снова.', yourTurn: 'Ваш ход.', theirTurn: 'Ход противника.',
    over: /^Вы (победили|проиграли): .*Напишите «итоги», «реванш» или «новая игра»\.$/, opp: 'Противник: ',
    answers: { miss: 'мимо', hit: 'ранил', sunk: 'убил' },
    commands: [
      ['флот', /^Противник: на плаву \d+ — .*\. Вы: на плаву \d+ — .*(Подбиты ваши|Ваши корабли на плаву целы)/],
      ['последний', /^(Вы|Противник): .* — (мимо|ранил|убил)/],
      ['статус', /^(Ваш ход|Ходит противник)\./],
      ['мой ряд 1', /^Ряд 1: А–Г корабль|^Ряд 1: А.* (ранен|потоплен)/],
      ['мой столбец к', /^Столбец К: 1–9 (пусто|мимо)|^Столбец К: .*10 (корабль|ранен|потоплен)\.$/],
      ['столбец а', /^Столбец А: 1/],
      ['ходы 3', /^Ходы \d+–\d+ из \d+: /],
      ['помощь', /^Бой: клетка — выстрел, например е5; «ряд 3»/],
      ['й5', /^Нет столбца «Й»\. Столбцы: А Б В Г Д Е Ж З И К\.$/],
      ['е11', /^Нет ряда 11: ряды от 1 до 10\.$/],
      ['огонь', /^Не понял «огонь»\. Назовите клетку, например е5, или напишите «помощь»\.$/],
      ['ряд', /^Какой ряд\? Напишите, например, «ряд 3»\.$/],
      ['случайно', /^«случайно» сейчас не к месту: напишите «помощь»\.$/],
    ],
    hint: 'подсказка', hinted: /^Тренер советует ([А-К]\d+)\.$/, rematch: 'реванш', resign: 'сдаться', resignAsk: /^Сдаться\? Напишите «сдаться» ещё раз/,
    resigned: /^Вы проиграли: вы сдались\./, result: 'итоги', accuracy: /^Вы: точность \d+%, впустую: \d+, ошибки: \d+, везение: [+−]\d+,\d; .* Компьютер: точность \d+%/,
  },
  en: {
    locale: 'en-US', cols: 'abcdefghij', skip: 'Blind mode: play by typing', on: /^Blind mode is on/,
    computer: 'computer', intro: /^A game against the computer, level medium\. Placement/, random: 'random', placedRandom: /^Fleet placed at random/,
    clear: 'clear', cleared: /^Board cleared/, put: /^Four-decker placed: A1–D1\. Still to place: 2 three-deckers, 3 two-deckers, 4 one-deckers\.$/,
    check: 'check', bad: /^The fleet breaks the rules: ships not placed: 8; ships touch by their sides: .*B2.*Remove a ship/, ready: 'ready',
    refused: /^Fleet refused: .*touch by their sides/, remove: 'remove c2', removed: /^Three-decker B2–D2 removed\./, ok: /^The fleet keeps the rules/,
    all: /Every ship is on the board/, accepted: /^Fleet accepted\.$/, battle: /^The battle begins\. (Your turn|The opponent shoots first)\.$/,
    row: n => `r ${n}`, notShot: 'not shot', again: 'Shoot again.', yourTurn: 'Your turn.', theirTurn: "Opponent's turn.",
    over: /^You (win|lose): .*Type result, rematch or new game\.$/, opp: 'Opponent: ',
    answers: { miss: 'miss', hit: 'hit', sunk: 'sunk' },
    commands: [
      ['f', /^Opponent: \d+ afloat — .*\. You: \d+ afloat — .*(Your ships hit|Your ships afloat are unhurt)/],
      ['l', /^(You|Opponent): .* — (miss|hit|sunk)/],
      ['s', /^(Your turn|Opponent's turn)\./],
      ['my r 1', /^Row 1: A–D ship|^Row 1: A.* (hit|sunk)/],
      ['my c j', /^Column J: 1–9 (empty|miss)|^Column J: .*10 (ship|hit|sunk)\.$/],
      ['c a', /^Column A: 1/],
      ['moves 3', /^Moves \d+–\d+ of \d+: /],
      ['?', /^Battle: a cell fires, for example e5; r 3/],
      ['z5', /^No column "Z"\. Columns: A B C D E F G H I J\.$/],
      ['e11', /^No row 11: rows are 1 to 10\.$/],
      ['fire', /^I did not understand "fire"\. Name a cell, for example e5, or type help\.$/],
      ['r', /^Which row\? Type, for example, "r 3"\.$/],
      ['random', /^"random" does not fit now: type help\.$/],
    ],
    hint: 'h', hinted: /^The coach suggests ([A-J]\d+)\.$/, rematch: 'rematch', resign: 'resign', resignAsk: /^Resign\? Type resign again/,
    resigned: /^You lose: you resigned\./, result: 'result', accuracy: /^You: accuracy \d+%, wasted: \d+, mistakes: \d+, luck: [+−]\d+\.\d; .* Computer: accuracy \d+%/,
  },
};

// The fleet typed: a four-decker, then a three-decker touching it (refused), then the
// rest of a legal fleet (columns 0-based, rows 1-based).
const FOUR = [[0, 1], [3, 1]], BAD = [[1, 2], [3, 2]];
const REST = [[[5, 1], [7, 1]], [[0, 3], [2, 3]], [[4, 3], [5, 3]], [[7, 3], [8, 3]], [[0, 5], [1, 5]], [[3, 5]], [[5, 5]], [[7, 5]], [[9, 10]]];

for (const lang of ['ru', 'en']) {
  test(`a whole game against the computer by typing and listening (${lang})`, async () => {
    const w = WORDS[lang];
    const page = await newPage(browser, w.locale);
    await listen(page);
    const at = (c, r) => w.cols[c] + r;
    // The ships are typed every way the box takes: «а1 г1», «a1-d1», «Е 5».
    const ship = (s, i) => (s.length === 1 ? (i % 2 ? at(...s[0]).toUpperCase().replace(/(\D)/, '$1 ') : at(...s[0]))
      : i % 2 ? `${at(...s[0])}-${at(...s[1])}` : `${at(...s[0])} ${at(...s[1])}`);

    await page.goto(server.url + '/');
    // The first thing the keyboard (and a screen reader) meets turns blind mode on.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), w.skip);
    await page.keyboard.press('Enter');
    await hear(page, 0, w.on);
    await check(page, 'start', `blind start (${lang})`);

    await ask(page, w.computer, w.intro);
    await ask(page, w.random, w.placedRandom);
    await ask(page, w.clear, w.cleared);
    await ask(page, ship(FOUR, 0), w.put);
    await ask(page, ship(BAD, 1), /.+/);
    await ask(page, w.check, w.bad);
    await ask(page, w.ready, w.refused);
    await ask(page, w.remove, w.removed);
    for (const [i, s] of REST.entries()) await ask(page, ship(s, i), i === REST.length - 1 ? w.all : /.+/);
    await ask(page, w.check, w.ok);
    await check(page, 'placement', `blind placement (${lang})`);
    await page.screenshot({ path: join(dir, `placement-${lang}-desk.png`) });
    let from = await type(page, w.ready);
    await hear(page, from, w.accepted);
    let said = await hear(page, from, w.battle);

    // The battle: rows are read out to find cells not shot at; a hit's neighbours come
    // next; every answer and every computer shot is waited for by ear.
    // `hunt`: a hit's neighbours; `sweep`: the cells of the row read last not shot at.
    const tried = new Set(), hunt = [], sweep = [];
    const typedAt = [];
    let row = 0, over = null, extra = 0, hinted = false;
    const overOrTurn = async since => {
      const text = await hear(page, since, new RegExp(`${w.over.source}|${w.yourTurn.replace('.', '\\.')}$`), 30000);
      if (w.over.test(text)) over = text;
    };
    if (!said.endsWith(w.yourTurn)) await overOrTurn(from);
    while (!over) {
      // Between shots, the other commands, each answered once.
      if (extra < w.commands.length && tried.size >= 2) {
        const [line, re] = w.commands[extra++];
        await ask(page, line, re);
        continue;
      }
      if (!hinted && tried.size >= 4) {
        hinted = true;
        const m = w.hinted.exec(await ask(page, w.hint, w.hinted));
        const c = w.cols.indexOf(m[1][0].toLowerCase()), r = +m[1].slice(1);
        hunt.unshift([c, r]);
      }
      for (let reads = 0; !hunt.length && !sweep.length; reads++) {
        row = row % 10 + 1;
        if (reads > 10) assert.fail(`no cells left to shoot; heard:\n  ${(await heard(page)).slice(-12).map(h => h.text).join('\n  ')}`);
        const line = await ask(page, w.row(row), new RegExp(`^${lang === 'ru' ? 'Ряд' : 'Row'} ${row}: `));
        for (const part of line.replace(/^[^:]+: /, '').replace(/\.$/, '').split(', ')) {
          const m = new RegExp(`^(\\S)(?:–(\\S))? ${w.notShot}$`).exec(part);
          if (!m) continue;
          const a = w.cols.indexOf(m[1].toLowerCase()), b = m[2] ? w.cols.indexOf(m[2].toLowerCase()) : a;
          for (let c = a; c <= b; c++) if (!tried.has(c + ',' + row)) sweep.push([c, row]);
        }
      }
      const [c, r] = hunt.length ? hunt.shift() : sweep.shift();
      if (tried.has(c + ',' + r)) continue;
      tried.add(c + ',' + r);
      const name = at(c, r).toUpperCase();
      from = await type(page, at(c, r));
      typedAt.push(name);
      said = await hear(page, from, new RegExp(`^${name}(:| — )`));
      if (tried.size === 12) await page.screenshot({ path: join(dir, `battle-${lang}-desk.png`) });
      if (said.startsWith(name + ':')) continue; // refused: no ship can be there
      if (new RegExp(` — ${w.answers.hit}\\.`).test(said)) {
        for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const nc = c + dc, nr = r + dr;
          if (nc >= 0 && nc < 10 && nr >= 1 && nr <= 10 && !tried.has(nc + ',' + nr)) hunt.unshift([nc, nr]);
        }
      } else if (said.includes(` — ${w.answers.sunk} `)) hunt.splice(0, hunt.length);
      if (said.endsWith(w.again)) continue;
      if (said.endsWith(w.theirTurn)) { await overOrTurn(from); continue; }
      over = await hear(page, from, w.over, 30000);
    }
    assert.equal(extra, w.commands.length, 'every other command was tried');
    await check(page, 'over', `blind game over (${lang})`);
    await page.screenshot({ path: join(dir, `over-${lang}-desk.png`) });

    // The record, once the game is over: every shot either way heard exactly once, with
    // its answer, and the end heard once.
    const id = new URL(page.url()).pathname.split('/').pop();
    const record = await (await fetch(`${server.url}/games/${id}/record.json`)).json();
    const all = await heard(page);
    const label = cell => w.cols.toUpperCase()[cell.charCodeAt(0) - 97] + cell.slice(1);
    // This page's seat: the one whose every shot was typed here.
    const typedSet = new Set(typedAt);
    const seats = [1, 2].filter(p => record.moves.every(m => m.player !== p || (m.shots || []).every(([cell]) => typedSet.has(label(cell)))));
    assert.equal(seats.length, 1, `the seat that typed: ${seats}`);
    const me = seats[0];
    let shots = 0;
    for (const m of record.moves) {
      for (const [cell, answer] of m.shots || []) {
        shots++;
        const start = (m.player === me ? '' : w.opp) + label(cell) + ' — ';
        const found = all.filter(h => h.text.startsWith(start));
        assert.equal(found.length, 1, `${start}: heard ${found.length} times`);
        assert.ok(found[0].text.startsWith(start + w.answers[answer]), `${found[0].text} / ${answer}`);
      }
    }
    assert.ok(shots > 20, `${shots} shots`);
    assert.equal(all.filter(h => w.over.test(h.text)).length, 1, 'the end heard once');
    // Nothing but blind mode's region and the page's alerts spoke.
    assert.deepEqual([...new Set(all.map(h => h.id))].filter(x => x !== 'blindLog'), []);

    // «итоги» reads each side's analysis once the server has made it; the dialog it
    // opens closes with Escape, back to the box.
    await poll(async () => /\d+%/.test(await page.locator('#over .analysis').textContent().catch(() => '')), 60000);
    await ask(page, w.result, w.accuracy);
    await page.keyboard.press('Escape');
    await page.locator('#blindInput').focus();

    // A rematch by typing; resigning asks first.
    from = await type(page, w.rematch);
    await hear(page, from, w.intro);
    await ask(page, w.ready, w.battle);
    await ask(page, w.resign, w.resignAsk);
    await ask(page, w.resign, w.resigned);
    await page.context().close();
  });
}

test('blind mode on a phone, by the menu, in both languages: the box over the boards, axe clean', async () => {
  for (const lang of ['ru', 'en']) {
    const w = WORDS[lang];
    const page = await newPage(browser, w.locale, PHONE, { isMobile: true, hasTouch: true });
    await listen(page);
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: lang === 'ru' ? 'Меню' : 'Menu' }).click();
    await page.getByRole('checkbox', { name: lang === 'ru' ? 'Режим для незрячих' : 'Blind mode' }).check();
    await hear(page, 0, w.on);
    await page.getByRole('button', { name: lang === 'ru' ? 'Меню' : 'Menu' }).click();
    // The box has its visible label, and the keyboard.
    const box = page.getByRole('textbox', { name: lang === 'ru' ? 'Команда' : 'Command' });
    assert.ok(await box.isVisible());
    await box.focus();
    await page.screenshot({ path: join(dir, `start-${lang}-phone.png`) });
    await ask(page, w.computer + (lang === 'ru' ? ' лёгкий' : ' easy'), /./);
    await ask(page, lang === 'ru' ? 'мой ряд 1' : 'my r 1', lang === 'ru' ? /^Ряд 1: / : /^Row 1: /);
    await page.screenshot({ path: join(dir, `placement-${lang}-phone.png`) });
    await check(page, 'placement', `blind placement (${lang}, phone)`);
    await ask(page, w.ready, w.battle);
    // A few shots, whoever starts: each waits for the turn by ear.
    const turn = new RegExp(`${w.yourTurn.replace('.', '\\.')}$`);
    let since = await count(page);
    if (!(await heard(page)).some(h => w.battle.test(h.text) && h.text.endsWith(w.yourTurn))) await hear(page, 0, turn, 30000);
    for (let i = 1; i <= 3; i++) {
      since = await type(page, w.cols[i] + '5');
      const said = await hear(page, since, new RegExp(`^${w.cols[i].toUpperCase()}5(:| — )`));
      if (said.endsWith(w.theirTurn)) await hear(page, since, turn, 30000);
    }
    await page.screenshot({ path: join(dir, `battle-${lang}-phone.png`) });
    await check(page, 'battle', `blind battle (${lang}, phone)`);
    // Issue 48: nothing is drawn over the enemy board (the coach's checkbox was, over
    // rows 8–9; its hint is a command here).
    assert.equal(await page.locator('#coachBox').isVisible(), false);
    // The box is above the enemy board, both in view without scrolling past the box.
    const b = await box.boundingBox(), e = await enemyBoard(page).boundingBox();
    assert.ok(b.y + b.height <= e.y && b.x >= 0 && b.x + b.width <= PHONE.width, `${JSON.stringify(b)} / ${JSON.stringify(e)}`);
    // «выключить» / "off" turns it off: the box goes, the setting is unchecked.
    await type(page, lang === 'ru' ? 'выключить' : 'off');
    await poll(async () => !(await box.isVisible()));
    assert.equal(await page.evaluate(() => localStorage.getItem('sb.blind')), null);
    await page.context().close();
  }
});

// Issue 48, item 15: a typed ship that broke a rule was answered «Двухпалубный
// поставлен…» with no word of the rule; shots typed while the opponent's were read out
// were refused («Подождите…»).
/** The first enemy cell still open to a shot, as a player types it («а1»). */
const nextOpen = async page => ((await openCells(page).first().getAttribute('aria-label')) || '').split(',')[0].trim().toLowerCase();

test('a typed ship that breaks a rule is told at once; a shot typed before the turn is fired when it comes (ru)', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.addInitScript(() => localStorage.setItem('sb.blind', '1'));
  await listen(page);
  await page.goto(server.url + '/?pace=1500');
  await page.locator('#blindInput').focus();
  await ask(page, 'компьютер', /^Игра с компьютером, уровень «средний»\. Расстановка/);
  await ask(page, 'очистить', /^Поле очищено/);
  await ask(page, 'а1 г1', /^Четырёхпалубный поставлен: А1–Г1\./);
  // A two-decker against the four-decker, then a bent three-decker.
  await ask(page, 'б2 в2', /^Так нельзя: .*Б2.*Напишите «убрать»/);
  await ask(page, 'убрать б2', /убран/);
  await ask(page, 'ж7 ж8 з8', /^Так нельзя: .*Ж7.*Напишите «убрать»/);
  await ask(page, 'случайно', /^Флот расставлен случайно/);
  const battle = await ask(page, 'готов', /^Бой начался\./);
  if (!battle.endsWith('Ваш ход.')) await hear(page, 0, /Ваш ход\.$/, 30000);
  // Shots until one misses: the computer's turn is then read out, shot by shot. Each
  // shot goes at a cell still open: one beside a ship sunk is known empty, and typed it
  // is refused, not fired (a fixed order of cells met one now and then, and failed).
  for (;;) {
    const cell = await nextOpen(page);
    const said = await ask(page, cell, new RegExp(`^${cell.toUpperCase()} — `));
    if (/мимо/.test(said)) break;
    if (!/Стреляйте снова|Ваш ход/.test(said)) await hear(page, 0, /Ваш ход\.$/, 30000);
  }
  const ahead = await nextOpen(page);
  await ask(page, ahead, new RegExp(`^Выстрел ${ahead.toUpperCase()} — как только настанет ваш ход\.$`));
  const from = await count(page);
  await hear(page, from, new RegExp(`^${ahead.toUpperCase()} — (мимо|ранил|убил)`), 60000);
  await page.context().close();
});

test('a volley typed in one line (salvo rules, ru)', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.addInitScript(() => localStorage.setItem('sb.blind', '1'));
  await listen(page);
  await page.goto(server.url + '/');
  await poll(async () => (await page.locator('#rules option[value="salvo"]').count()) > 0);
  await page.locator('#rules').selectOption('salvo');
  await page.locator('#blindInput').focus();
  await ask(page, 'компьютер лёгкий', /^Игра с компьютером, уровень «лёгкий»\. Расстановка/);
  const battle = await ask(page, 'готов', /^Бой начался\./);
  if (!battle.endsWith('Ваш ход.')) await hear(page, 0, /Ваш ход\.$/, 30000);
  // A shot for each own ship afloat (ten, fewer if the computer shot first and sank
  // some): three chosen, then the rest of the volley in one line.
  const left = /^Выбраны: А1 В1 Д1\. Осталось выбрать выстрелов в залпе: (\d)\.$/.exec(await ask(page, 'а1 в1 д1', /^Выбраны: /));
  assert.ok(left && +left[1] >= 4, 'shots left to choose');
  const rest = ['Ж1', 'И1', 'А3', 'В3', 'Д3', 'Ж3', 'И3'].slice(0, +left[1]);
  const said = await ask(page, rest.join(' ').toLowerCase(), /^А1 — /);
  for (const cell of ['А1', 'В1', 'Д1', ...rest]) assert.ok(said.includes(cell + ' — '), `${cell} in ${said}`);
  await page.context().close();
});

test('a spectator and a replay in blind mode; two blind players paired by the queue', async () => {
  // Alice and Bob play with clicks; a blind spectator follows by ear (ru).
  const a = await newPage(browser, 'ru-RU');
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: 'Создать игру' }).click();
  const linkBox = a.getByRole('textbox', { name: 'Отправьте другу ссылку:' });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  const link = await linkBox.inputValue();
  const b = await newPage(browser, 'ru-RU');
  await b.goto(link);
  await placeRandomly(a);
  await placeRandomly(b);
  await enemyBoard(a).waitFor();
  await enemyBoard(b).waitFor();

  const c = await newPage(browser, 'ru-RU');
  await c.addInitScript(() => localStorage.setItem('sb.blind', '1'));
  await listen(c);
  await c.goto(link);
  await hear(c, 0, /^Вы наблюдаете за игрой Игрок 1 — Игрок 2\. Напишите «ходы» или «ряд 3»\.$/);
  assert.equal(await c.evaluate(() => document.activeElement?.id), 'blindInput');
  let from = await count(c);
  for (let i = 0; i < 4; i++) await oneShot(a, b, /^Ваш ход/);
  await poll(async () => (await heard(c)).slice(from).filter(h => /^Игрок [12]: [А-К]\d+ — /.test(h.text)).length >= 4);
  await ask(c, 'е5', /^Вы наблюдаете за игрой: стрелять нельзя/);
  const moves = await ask(c, 'ходы', /^Ходы 1–\d+ из \d+: Игрок [12]: [А-К]\d+ — /);
  // Each shot in the log was heard once as it came.
  for (const item of moves.replace(/^[^:]+: /, '').replace(/\.$/, '').split('; ')) {
    const n = (await heard(c)).filter(h => h.text.startsWith(item)).length;
    assert.equal(n, 1, `${item}: heard ${n} times`);
  }
  await ask(c, 'ряд 1', /^Поле игрока 1, ряд 1: .*\. Поле игрока 2, ряд 1: /);
  await ask(c, 'мой ряд 1', /^У вас нет своего поля здесь/);
  await ask(c, 'флот', /^Игрок 1: на плаву \d+ — .*\. Игрок 2: на плаву \d+ — /);
  await check(c, 'spectator', 'blind spectator (ru)');
  await c.screenshot({ path: join(dir, 'spectator-ru-desk.png') });
  from = await count(c);
  await resign(a);
  await hear(c, from, /^Победа: Игрок 2 — соперник сдался\.$/);

  // The replay, stepped by typing (en): its own live line says each move.
  const r = await newPage(browser, 'en-US');
  await r.addInitScript(() => localStorage.setItem('sb.blind', '1'));
  await listen(r);
  await r.goto(server.url + new URL(link).pathname.replace('/g/', '/replay/'));
  await hear(r, 0, /^A replay\. Type next, back/);
  await ask(r, 'next', /^Move 1 of \d+ · Player [12]: [A-J]\d+ — /);
  await ask(r, 'end', /^Move (\d+) of \1/);
  // The arrows in the box move its caret, not the replay.
  from = await count(r);
  await r.keyboard.press('ArrowLeft');
  await r.waitForTimeout(300);
  assert.equal(await count(r), from);
  await ask(r, 'r 1', /^Player 1's board, row 1: .*\. Player 2's board, row 1: /);
  await ask(r, 'help', /^Replay: next, back, first, end/);
  await check(r, 'replay', 'blind replay (en)');
  await r.screenshot({ path: join(dir, 'replay-en-desk.png') });

  // Two blind players find each other in the queue (en and ru), and place by typing.
  const q1 = await newPage(browser, 'en-US'), q2 = await newPage(browser, 'ru-RU');
  for (const q of [q1, q2]) { await q.addInitScript(() => localStorage.setItem('sb.blind', '1')); await listen(q); await q.goto(server.url + '/'); }
  await hear(q1, 0, /^Sea Battle\. Type computer, friend, opponent or help\.$/);
  await ask(q1, 'opponent', /^Looking for an opponent\. Type cancel to stop\.$/);
  await check(q1, 'waiting', 'blind queue (en)');
  from = await type(q2, 'соперник');
  await hear(q2, from, /^Игра с соперником\. Расстановка/);
  await hear(q1, 0, /^A game against an opponent\. Placement/);
  await ask(q1, 'ready', /^Fleet accepted\. Waiting for the opponent\.$/);
  from = await count(q1);
  await ask(q2, 'готов', /^Флот принят\.$/);
  await hear(q1, from, /^The battle begins\./);
  await hear(q2, 0, /^Бой начался\./);
  for (const p of [a, b, c, r, q1, q2]) await p.context().close();
});
