// The rough edges a player met (issue 37), each at 1280×800 and on a 390×844 touch
// phone, in Russian and English: hot-seat shows each shot's answer before the device
// changes hands and tells the next player what the turn did; a phone keeps both boards
// and the turn on screen through a whole game, and its menu opens over the page and
// closes with a dialog; a spectator who comes mid-game gets the whole move list; a
// game link previews in its creator's language (and a code of no game is a 404); the
// game-over details speak from the reader's seat; plain words; enemy cells nobody
// shot are unknown, not empty; no rematch against an opponent who left; «Друг
// подключился» said once; installing the app; the page's modules asked for at once.
// Every screen is saved under target/e2e/ as rough-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, ownBoard, enemyBoard, openCells, placeRandomly, poll, artifacts, pageErrors, resign, details } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const DESK = { width: 1280, height: 800 }, PHONE = { width: 390, height: 844 };
// Each point is seen at both sizes in both languages.
const ALL = [['ru', DESK], ['en', PHONE], ['en', DESK], ['ru', PHONE]];
const sizeOf = v => (v === PHONE ? 'phone' : 'desktop');
const open = (lang, viewport) => newPage(browser, lang === 'ru' ? 'ru-RU' : 'en-US', viewport,
  viewport === PHONE ? { isMobile: true, hasTouch: true } : {});
const snap = (page, name) => page.screenshot({ path: join(artifacts, `rough-${name}.png`) });
const W = {
  ru: { computer: 'Играть с компьютером', ready: 'Готов', create: 'Создать игру', link: 'Отправьте другу ссылку:', over: 'Игра окончена',
    start: 'Начать', hand: n => `Я игрок ${n} — показать`, miss: 'мимо', turn: /^(Ваш ход|Ходит противник)/, myTurn: /^Ваш ход/,
    menu: 'Меню', account: /^Аккаунт/, close: 'Закрыть', rematch: 'Реванш', empty: 'пусто', unknown: 'неизвестно' },
  en: { computer: 'Play the computer', ready: 'Ready', create: 'Create game', link: 'Send your friend the link:', over: 'Game over',
    start: 'Start', hand: n => `I'm player ${n} — show`, miss: 'miss', turn: /^(Your turn|Opponent's turn)/, myTurn: /^Your turn/,
    menu: 'Menu', account: /^Account/, close: 'Close', rematch: 'Rematch', empty: 'empty', unknown: 'unknown' },
};

// A game against the computer, placed and begun: resolves on the battle screen. `pace`:
// the pause after each of the computer's shots, in ms (none unless given).
async function vsComputer(page, lang, level = 'easy', pace = 0) {
  await page.goto(server.url + (pace ? `/?pace=${pace}` : '/'));
  await page.locator('#vsComputer select[name=level]').selectOption(level);
  await page.getByRole('button', { name: W[lang].computer }).click();
  const ready = page.getByRole('button', { name: W[lang].ready, exact: true });
  await poll(() => ready.isEnabled());
  await ready.click();
  await page.getByText(W[lang].turn).first().waitFor();
}

// A friend's game: `a` creates it (named `name`), `b` opens its link. Resolves with the link.
async function friends(a, b, lang, name) {
  await a.goto(server.url + '/');
  if (name) await a.locator('#myName').fill(name);
  await a.getByRole('button', { name: W[lang].create }).click();
  const box = a.getByRole('textbox', { name: W[lang].link });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await box.inputValue()));
  const link = await box.inputValue();
  if (b) {
    await b.goto(link);
    await poll(async () => !(await box.isVisible()));
  }
  return link;
}

// Whoever's turn it is in a friend's game fires at their first open cell.
async function oneShot(a, b, lang) {
  const mine = p => p.getByText(W[lang].myTurn).isVisible();
  await poll(async () => (await mine(a)) || (await mine(b)));
  const page = (await mine(a)) ? a : b;
  const n = await page.locator('#log li').count();
  await openCells(page).first().click();
  await poll(async () => (await page.locator('#log li').count()) > n);
}

test('hot-seat: each shot is seen answered before the hand-over, which says what the turn did; the next player sees it on their board', async () => {
  for (const [lang, viewport] of ALL) {
    const page = await open(lang, viewport), w = W[lang];
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: w.start, exact: true }).click();
    for (const n of [1, 2]) {
      await page.getByRole('button', { name: w.hand(n) }).click();
      await placeRandomly(page);
    }
    // Whoever the draw picked is handed the device (player 2, who placed last, may go on).
    const hand = page.getByRole('button', { name: lang === 'ru' ? /^Я игрок [12] — показать$/ : /^I'm player [12] — show$/ });
    await poll(async () => (await hand.isVisible()) || (await enemyBoard(page).isVisible()));
    let seat = 2;
    if (await hand.isVisible()) {
      seat = /1/.test(await hand.textContent()) ? 1 : 2;
      await hand.click();
    }
    // Two turns: each shoots until a miss passes the turn.
    for (let turn = 0; turn < 2; turn++) {
      const fired = [];
      for (let i = 0; i < 40; i++) {
        const cell = openCells(page).nth(i % 7);
        const name = (await cell.getAttribute('aria-label')).split(',')[0];
        await cell.click();
        // The answer is drawn on the board while the board is still shown.
        let answer = '';
        await poll(async () => {
          const label = await enemyBoard(page).getByRole('gridcell', { name: new RegExp(`^${name},`) }).getAttribute('aria-label').catch(() => '');
          answer = label.split(', ')[1] || '';
          return answer && answer !== w.unknown;
        });
        assert.ok(await enemyBoard(page).isVisible(), `${name} answered with the board hidden`);
        fired.push({ name, answer });
        if (answer === w.miss) break;
      }
      if (turn === 0) await snap(page, `hotseat-miss-${lang}-${sizeOf(viewport)}`);
      // Then the device changes hands: the screen says every shot of the turn.
      const next = 3 - seat;
      await page.getByRole('button', { name: w.hand(next) }).waitFor();
      assert.equal(await page.getByRole('grid').filter({ visible: true }).count(), 0, 'a board is shown at the hand-over');
      const did = await page.locator('#handDid').textContent();
      const said = lang === 'ru' ? { мимо: 'мимо', ранен: 'ранил', потоплен: 'убил' } : { miss: 'miss', hit: 'hit', sunk: 'sunk' };
      const expected = `${lang === 'ru' ? 'Игрок' : 'Player'} ${seat}: ${fired.map(f => `${f.name} — ${said[f.answer]}`).join(', ')}`;
      assert.equal(did, expected);
      if (turn === 0) await snap(page, `hotseat-handover-${lang}-${sizeOf(viewport)}`);
      await page.getByRole('button', { name: w.hand(next) }).click();
      // The next player sees each of those shots ringed on their own board, and said.
      const ringed = await ownBoard(page).locator('.cell.last').evaluateAll(cs => cs.map(c => c.getAttribute('aria-label').split(',')[0]));
      assert.deepEqual(ringed.sort(), fired.map(f => f.name).sort());
      assert.equal(await page.locator('#answer').textContent(), expected);
      if (turn === 0) await snap(page, `hotseat-next-${lang}-${sizeOf(viewport)}`);
      seat = next;
    }
    await page.context().close();
  }
});

// The page's layout after a shot: whether both boards' cells and the turn badge lie
// inside the viewport, and the page does not scroll.
const LAYOUT = () => {
  const inside = r => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const cells = [...document.querySelectorAll('#mine .cell, #theirs .cell')];
  const out = cells.filter(c => !inside(c.getBoundingClientRect())).length;
  const turn = document.getElementById('turn');
  return { cells: cells.length, out, turn: !turn.hidden && inside(turn.getBoundingClientRect()),
    scroll: document.documentElement.scrollHeight - innerHeight, moves: document.querySelectorAll('#log li').length,
    wrapped: [...document.querySelectorAll('#log li')].filter(li => li.getBoundingClientRect().height > 24).length };
};

test('a 60-shot phone game keeps both boards and the turn on screen after every shot (ru and en, and the desktop)', async () => {
  for (const [lang, viewport] of [['ru', PHONE], ['en', PHONE], ['en', DESK], ['ru', DESK]]) {
    const page = await open(lang, viewport);
    // Each of the computer's shots played out on its own, so each is drawn and checked.
    await vsComputer(page, lang, 'easy', 40);
    // Checked on every move the log shows, the computer's too.
    await page.evaluate(layout => {
      window.bad = [];
      window.checks = 0;
      window.steps = [];
      let last = document.querySelectorAll('#log li').length;
      const check = new Function(`return (${layout})()`);
      new MutationObserver(() => {
        const l = check();
        window.checks = l.moves;
        if (l.moves > last + 1) window.steps.push(`${last} → ${l.moves}`);
        last = l.moves;
        if (l.out || !l.turn || l.scroll > 0 || l.wrapped) window.bad.push(l);
      }).observe(document.getElementById('log'), { childList: true });
    }, LAYOUT.toString());
    for (let i = 0; i < 400; i++) {
      const l = await page.evaluate(LAYOUT);
      if (l.moves >= 60 || (await page.locator('#over[open]').count())) break;
      if (await page.getByText(W[lang].myTurn).isVisible()) {
        const n = l.moves, open = openCells(page);
        await open.nth((i * 7) % (await open.count())).click();
        await poll(async () => (await page.locator('#log li').count()) > n || (await page.locator('#over[open]').count()) > 0);
      } else await page.waitForTimeout(20);
    }
    const l = await page.evaluate(LAYOUT);
    assert.ok(l.moves >= 60 || (await page.locator('#over[open]').count()), `only ${l.moves} moves`);
    assert.equal(l.cells, 200);
    const { bad, checks } = await page.evaluate(() => ({ bad: window.bad, checks: window.checks }));
    assert.ok(checks >= Math.min(l.moves, 60), `checked up to move ${checks}`);
    // Each move was drawn (and checked) on its own: the log grew one entry at a time
    // (but where a reconnect's state brought two at once, on a busy machine).
    const steps = await page.evaluate(() => window.steps);
    assert.ok(steps.length <= 2, `moves drawn together: ${steps.join(', ')}`);
    assert.deepEqual(bad, [], `after some shots the boards or the turn left the screen: ${JSON.stringify(bad.slice(0, 3))}`);
    await snap(page, `long-game-${lang}-${sizeOf(viewport)}`);
    // The move list scrolls in its own box, the newest entry in view.
    const box = await page.locator('#logBox').evaluate(b => ({ scroll: b.scrollHeight > b.clientHeight, end: b.scrollTop + b.clientHeight >= b.scrollHeight - 2 }));
    assert.ok(box.end, 'the newest move is out of view');
    if (viewport === PHONE) assert.ok(box.scroll, 'the phone\'s move list grew instead of scrolling');
    await page.context().close();
  }
});

test('the phone menu opens over the page and closes with the dialog it opens; the desktop settings stay put', async () => {
  for (const [lang, viewport] of ALL) {
    const page = await open(lang, viewport), w = W[lang];
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: w.computer }).click();
    const ready = page.getByRole('button', { name: w.ready, exact: true });
    await poll(() => ready.isEnabled());
    const before = await ready.boundingBox(), board = await ownBoard(page).boundingBox();
    if (viewport === PHONE) {
      await page.getByRole('button', { name: w.menu }).click();
      await page.getByLabel(lang === 'ru' ? 'Язык' : 'Language', { exact: true }).waitFor();
      // Over the page: nothing under it moved.
      assert.deepEqual(await ownBoard(page).boundingBox(), board);
      assert.deepEqual(await ready.boundingBox(), before);
      await snap(page, `menu-open-${lang}`);
    }
    await page.getByRole('button', { name: w.account }).click();
    const dlg = page.getByRole('dialog', { name: lang === 'ru' ? 'Аккаунт' : 'Account' });
    await dlg.waitFor();
    await dlg.getByRole('button', { name: w.close }).click();
    await poll(async () => !(await dlg.isVisible()));
    assert.ok(!(await page.getByLabel(lang === 'ru' ? 'Язык' : 'Language', { exact: true }).isVisible()) || viewport === DESK, 'the menu stayed open');
    assert.equal(await page.locator('#menuBtn').getAttribute('aria-expanded'), viewport === PHONE ? 'false' : 'false');
    // «Готов» in view, where it was.
    assert.deepEqual(await ready.boundingBox(), before);
    assert.ok(before.y + before.height <= viewport.height, `Ready at ${before.y}`);
    if (viewport === PHONE) {
      // A tap elsewhere closes it too.
      await page.getByRole('button', { name: w.menu }).click();
      await page.mouse.click(200, 600);
      await poll(async () => (await page.locator('#menuBtn').getAttribute('aria-expanded')) === 'false');
    }
    await snap(page, `menu-closed-${lang}-${sizeOf(viewport)}`);
    await page.context().close();
  }
});

test('a spectator who comes after 10 shots sees 10 moves, then every next one', async () => {
  for (const [lang, viewports] of [['ru', [DESK, PHONE]], ['en', [PHONE, DESK]]]) {
    const a = await open(lang, DESK), b = await open(lang, DESK);
    const link = await friends(a, b, lang);
    await placeRandomly(a);
    await placeRandomly(b);
    for (let i = 0; i < 10; i++) await oneShot(a, b, lang);
    await poll(async () => (await a.locator('#log li').count()) === 10);
    const first = await a.locator('#log li').allTextContents();
    for (const [k, viewport] of viewports.entries()) {
      const other = k ? (lang === 'ru' ? 'en' : 'ru') : lang;
      const c = await open(other, viewport);
      await c.goto(link);
      await c.getByRole('grid', { name: other === 'ru' ? 'Поле игрока 1' : "Player 1's board" }).waitFor();
      // The second comes one shot later.
      await poll(async () => (await c.locator('#log li').count()) === 10 + k);
      const names = { ru: ['Игрок 1: ', 'Игрок 2: '], en: ['Player 1: ', 'Player 2: '] }[other];
      const seen = await c.locator('#log li').allTextContents();
      assert.ok(seen.every(x => names.some(n => x.startsWith(n))), seen.join(' | '));
      if (other === lang) assert.deepEqual(seen.slice(0, 10).map(x => x.replace(/^(Игрок|Player) \d: /, '')), first.map(x => x.replace(/^[^:]+: /, '')));
      await snap(c, `spectator-${other}-${sizeOf(viewport)}`);
      await oneShot(a, b, lang);
      await poll(async () => (await c.locator('#log li').count()) === 11 + k);
      await c.context().close();
    }
    for (const p of [a, b]) await p.context().close();
  }
});

// The page's head for `path` as a messenger's robot fetches it: no Accept-Language.
function robot(path) {
  return new Promise((resolve, reject) => {
    http.get(server.url + path, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } }, res => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', d => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body, title: /<meta property="og:title" content="([^"]*)">/.exec(body)?.[1] }));
    }).on('error', reject);
  });
}

test('a game link previews in its creator\'s language for a robot that says none; a code of no game answers 404', async () => {
  for (const [lang, viewport] of ALL) {
    const page = await open(lang, viewport);
    const name = lang === 'ru' ? 'Алиса' : 'Alice';
    const link = await friends(page, null, lang, viewport === DESK ? name : '');
    const r = await robot(new URL(link).pathname);
    assert.equal(r.status, 200);
    const title = viewport === DESK
      ? (lang === 'ru' ? 'Алиса приглашает вас в Морской бой' : 'Alice invites you to Sea Battle')
      : (lang === 'ru' ? 'Друг приглашает вас в Морской бой' : 'A friend invites you to Sea Battle');
    assert.equal(r.title, title);
    assert.match(r.body, new RegExp(`<meta property="og:locale" content="${lang === 'ru' ? 'ru_RU' : 'en_US'}">`));
    await page.context().close();
  }
  const missing = await robot('/g/k7m2qx9p4a');
  assert.equal(missing.status, 404);
  assert.equal(missing.title, 'Sea Battle');
  assert.doesNotMatch(missing.body, /invites you|приглашает/);
  // The page a person opens for it says there is no such game.
  for (const [lang, viewport] of [['ru', PHONE], ['en', DESK]]) {
    const page = await open(lang, viewport);
    const resp = await page.goto(server.url + '/g/k7m2qx9p4a');
    assert.equal(resp.status(), 404);
    await page.getByRole('heading', { name: lang === 'ru' ? 'Такой игры нет' : 'No such game' }).waitFor();
    await page.context().close();
  }
});

test('game over against the computer speaks from the reader\'s seat and says what the check proved', async () => {
  for (const [lang, viewport] of ALL) {
    const page = await open(lang, viewport), ru = lang === 'ru';
    await vsComputer(page, lang);
    // In the battle an enemy cell nobody shot is unknown; only one's own board is empty.
    assert.ok((await enemyBoard(page).getByRole('gridcell', { name: new RegExp(`, ${W[lang].unknown}$`) }).count()) > 90);
    assert.equal(await enemyBoard(page).getByRole('gridcell', { name: new RegExp(`, ${W[lang].empty}$`) }).count(), 0);
    assert.ok((await ownBoard(page).getByRole('gridcell', { name: new RegExp(`, ${W[lang].empty}$`) }).count()) > 50);
    await resign(page);
    const dlg = await details(page);
    const words = ru
      ? ['Ваш флот — тот же, что был поставлен до первого выстрела.', 'Флот компьютера — тот же, что был поставлен до первого выстрела.',
        'Никто не переставлял корабли по ходу игры.', 'Сервер сверил каждый ответ («Мимо!», «Ранил!», «Убил!») с расстановкой: все ответы верны, итог в силе — вы проиграли.']
      : ['Your fleet is the one placed before the first shot.', "The computer's fleet is the one placed before the first shot.",
        'Nobody moved a ship during the game.', 'The server checked every answer (Miss!, Hit!, Sunk!) against the fleets: all were true, and the result stands: you lost.'];
    for (const x of words) await dlg.getByText(x, { exact: true }).waitFor();
    assert.ok(await dlg.getByRole('columnheader', { name: ru ? 'Компьютер' : 'Computer' }).isVisible());
    const text = await dlg.textContent();
    assert.doesNotMatch(text, /[Зз]апечат|sealed|[Ии]грок[а]? [12]|[Pp]layer [12]/);
    const how = dlg.getByRole('link', { name: ru ? 'в описании протокола, раздел 5' : 'the protocol, section 5' });
    assert.equal(await how.getAttribute('href'), '/protocol.md');
    await dlg.evaluate(d => { d.scrollTop = d.scrollHeight; });
    await snap(page, `over-details-${lang}-${sizeOf(viewport)}`);
    await dlg.getByRole('button', { name: W[lang].close }).click();
    // Once the fleets are revealed, the enemy's cells without a ship are known empty.
    assert.equal(await enemyBoard(page).getByRole('gridcell', { name: new RegExp(`, ${W[lang].unknown}$`) }).count(), 0);
    assert.ok((await enemyBoard(page).getByRole('gridcell', { name: new RegExp(`, ${W[lang].empty}$`) }).count()) > 50);
    await page.context().close();
  }
});

test('words: the clock in the page\'s language, joining is not signing in, Perelman explained, no dock on a phone that shows none', async () => {
  for (const [lang, viewport] of ALL) {
    const page = await open(lang, viewport), ru = lang === 'ru';
    await page.goto(server.url + '/');
    const clock = page.getByLabel(ru ? 'Время на ход' : 'Time per move');
    assert.deepEqual(await clock.locator('option').allTextContents(), ru ? ['без часов', '30 с', '60 с'] : ['no clock', '30 s', '60 s']);
    // «Присоединиться» by code; «Войти» only signs in.
    const join = page.locator('#vsFriend button[name=join]');
    assert.equal(await join.textContent(), ru ? 'Присоединиться' : 'Join');
    const signIn = await page.locator('#signIn').textContent();
    assert.notEqual(await join.textContent(), signIn);
    await snap(page, `start-${lang}-${sizeOf(viewport)}`);
    await page.getByRole('button', { name: W[lang].computer }).click();
    const perelman = page.getByRole('button', { name: ru ? 'По Перельману' : 'Perelman' });
    await perelman.waitFor();
    const why = ru ? /большие корабли плотно в углу, однопалубные — по всему полю/ : /the big ships packed in a corner and the one-deckers spread over the board/;
    assert.match(await page.locator('#perelmanHelp').textContent(), why);
    assert.ok(await page.locator('#perelmanHelp').isVisible());
    assert.equal(await perelman.getAttribute('aria-describedby'), 'perelmanHelp');
    // The fleet is on the board and the row under it is empty: the help speaks of none.
    const ready = page.getByRole('button', { name: W[lang].ready, exact: true });
    await poll(() => ready.isEnabled());
    const help = await page.locator('#placeSide .help').textContent();
    assert.doesNotMatch(help, /док|dock/i);
    assert.ok((await ready.boundingBox()).y + 40 <= viewport.height, 'Ready is below the fold');
    await snap(page, `placement-${lang}-${sizeOf(viewport)}`);
    // With the ships taken off, they are in the row under the board (on a phone, said so).
    await page.getByRole('button', { name: ru ? 'Очистить' : 'Clear' }).click();
    if (viewport === PHONE) assert.match(await page.locator('#placeSide .help').textContent(), ru ? /из ряда под полем/ : /from the row under the board/);
    await page.context().close();
  }
});

test('no rematch against an opponent who left; the friend is said to have come once', async () => {
  for (const [lang, viewport] of ALL) {
    const a = await open(lang, viewport), b = await open(lang, DESK), ru = lang === 'ru';
    await friends(a, b, lang);
    // «Друг подключился» once on the creator's screen.
    const joined = a.getByText(ru ? 'Друг подключился' : 'Your friend is here', { exact: true });
    await joined.first().waitFor();
    assert.equal(await joined.count(), 1);
    await snap(a, `friend-here-${lang}-${sizeOf(viewport)}`);
    await placeRandomly(a);
    await placeRandomly(b);
    await enemyBoard(a).waitFor();
    await resign(b);
    const dlg = a.getByRole('dialog', { name: W[lang].over });
    await dlg.waitFor();
    const rematch = dlg.getByRole('button', { name: W[lang].rematch });
    assert.ok(await rematch.isEnabled());
    await b.context().close();
    await poll(async () => !(await rematch.isEnabled()));
    await dlg.getByText(ru ? 'Соперник ушёл из игры: реванш станет возможен, если он вернётся.' : 'Your opponent has left: a rematch is possible if they come back.').waitFor();
    await snap(a, `rematch-gone-${lang}-${sizeOf(viewport)}`);
    await a.context().close();
  }
});

test('installing the app: a button where the browser offers it, the way by hand on an iPhone', async () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  for (const [lang, viewport] of ALL) {
    const ru = lang === 'ru';
    // Chromium's prompt, fired by hand: headless Chromium never offers one itself.
    const page = await open(lang, viewport);
    await page.goto(server.url + '/');
    const button = page.getByRole('button', { name: ru ? 'Установить игру' : 'Install the game' });
    assert.ok(!(await button.isVisible()), 'a button before the browser offered anything');
    await page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true });
      e.prompt = () => { window.prompted = true; return Promise.resolve(); };
      window.dispatchEvent(e);
    });
    await button.waitFor();
    await button.scrollIntoViewIfNeeded();
    await snap(page, `install-${lang}-${sizeOf(viewport)}`);
    await button.click();
    assert.equal(await page.evaluate(() => window.prompted), true);
    await poll(async () => !(await button.isVisible()));
    await page.context().close();
    // An iPhone's Safari has no prompt: the page says how.
    if (viewport === PHONE) {
      const ctx = await browser.newContext({ locale: ru ? 'ru-RU' : 'en-US', viewport, isMobile: true, hasTouch: true, userAgent: IPHONE });
      const ios = await ctx.newPage();
      await ios.goto(server.url + '/?pace=0');
      const hint = ios.getByText(ru ? 'Игру можно поставить на экран «Домой»: нажмите «Поделиться» и выберите «На экран „Домой“».' : 'You can put the game on your Home Screen: tap Share, then “Add to Home Screen”.');
      await hint.waitFor();
      await hint.scrollIntoViewIfNeeded();
      await ios.screenshot({ path: join(artifacts, `rough-install-ios-${lang}.png`) });
      await ctx.close();
    }
  }
});

test('a first visit asks for every module at once: one round trip after the page, not five', async () => {
  for (const [lang, viewport] of [['ru', PHONE], ['en', DESK]]) {
    const page = await open(lang, viewport);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const by = new Map();
    cdp.on('Network.requestWillBeSent', e => by.set(new URL(e.request.url).pathname, e.initiator.url ? new URL(e.initiator.url).pathname : e.initiator.type));
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: W[lang].computer }).waitFor();
    await page.waitForLoadState('load');
    const modules = [...by.keys()].filter(p => p.endsWith('.js') && p !== '/sw.js');
    assert.ok(modules.length >= 15, modules.join(' '));
    // Every one asked for by the page itself (its hints), none found only in another.
    const late = modules.filter(p => by.get(p) !== '/');
    assert.deepEqual(late, [], `asked for only once another module came: ${late.map(p => `${p} by ${by.get(p)}`).join(', ')}`);
    await page.context().close();
  }
});
