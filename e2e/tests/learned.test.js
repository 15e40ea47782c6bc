// What the computer learned: a game against the expert played to its end (resigned),
// then the panel in the menu shows the one fleet as a heat map, and Erase empties it;
// a player who keeps laying every big ship along a row is told so in words, in Russian
// and in English. Screenshots at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, ownBoard, enemyBoard, placeRandomly, poll, artifacts, pageErrors, resign } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

for (const [name, viewport, locale] of [['desktop', { width: 1280, height: 800 }, 'ru-RU'], ['phone', { width: 390, height: 844 }, 'en-US']]) {
  test(`the computer's lessons can be seen and erased (${name})`, async () => {
    const page = await newPage(browser, locale, viewport);
    await page.goto(server.url + '/');
    await page.getByLabel(/^(Уровень|Level)/).selectOption('expert');
    await page.getByRole('button', { name: /^(Играть с компьютером|Play the computer)/ }).click();
    await ownBoard(page).waitFor();
    await placeRandomly(page);
    await enemyBoard(page).waitFor();
    const key = await page.evaluate(() => localStorage.getItem('sb.player'));
    assert.match(key, /^[A-Za-z0-9_-]{43}$/);
    await resign(page);
    await page.getByRole('dialog', { name: /^(Игра окончена|Game over)$/ }).waitFor();
    await page.goto(server.url + '/');
    if (name === 'phone') await page.getByRole('button', { name: /Меню|Menu/ }).click();
    await page.getByRole('button', { name: /^(Что компьютер узнал обо мне|What the computer learned about me)$/ }).click();
    const dlg = page.getByRole('dialog', { name: /^(Что компьютер узнал о вас|What the computer learned about you)$/ });
    await dlg.getByText(/^(Запомнено флотов: 1|Fleets remembered: 1)$/).waitFor();
    assert.equal(await dlg.locator('.heat span').count(), 100);
    // One fleet says no habit yet.
    await dlg.getByText(/^(Явной привычки в расстановке пока не видно|No clear habit in your placement yet)\.$/).waitFor();
    await page.screenshot({ path: join(artifacts, `learned-${name}.png`) });
    await dlg.getByRole('button', { name: /^(Стереть|Erase)$/ }).click();
    await dlg.getByText(/^(Пока ничего|Nothing yet)/).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('sb.player')), key, 'the key stays');
    await dlg.getByRole('button', { name: /^(Закрыть|Close)$/ }).click();
    await poll(async () => !(await dlg.isVisible()));
  });
}

// A fleet with every multi-decker lying along a row, spread over the board.
const LYING = ['a1-d1', 'f4-h4', 'a7-c7', 'e10-f10', 'h1-i1', 'i7-j7', 'c10', 'j4', 'f7', 'a4'];
const KEY = 'e2e-habit-key-0123456789abcdefABCDEF';

// Plays `games` games against the expert under the page's player key through the page's
// own origin, each with the fleet LYING, resigned at once.
async function playLying(page, games) {
  await page.evaluate(async ({ fleet, games }) => {
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    const queue = [], waiting = [];
    ws.onmessage = e => { const m = JSON.parse(e.data); const w = waiting.find(w => w.type === m.type); if (w) { waiting.splice(waiting.indexOf(w), 1); w.resolve(m); } else queue.push(m); };
    const until = type => { const i = queue.findIndex(m => m.type === type); if (i >= 0) return Promise.resolve(queue.splice(i, 1)[0]); return new Promise(resolve => waiting.push({ type, resolve })); };
    await new Promise(r => { ws.onopen = r; });
    const player = localStorage.getItem('sb.player');
    for (let i = 0; i < games; i++) {
      ws.send(JSON.stringify({ type: 'new_game', opponent: 'computer', level: 'expert', rules: 'classic', player }));
      const { game } = await until('joined');
      ws.send(JSON.stringify({ type: 'place', game, fleet }));
      await until('battle');
      ws.send(JSON.stringify({ type: 'resign', game }));
      await until('game_over');
    }
    ws.close();
  }, { fleet: LYING, games });
}

for (const [name, viewport, locale, words] of [
  ['desktop', { width: 1280, height: 800 }, 'ru-RU', 'Вы кладёте большие корабли только горизонтально'],
  ['phone', { width: 390, height: 844 }, 'en-US', 'You lay the big ships along rows, never standing'],
]) {
  test(`the panel says the habit it found in words (${name})`, async () => {
    const page = await newPage(browser, locale, viewport);
    await page.goto(server.url + '/');
    await page.evaluate(key => localStorage.setItem('sb.player', key), `${KEY}-${name}`);
    await playLying(page, 2);
    await page.goto(server.url + '/');
    if (name === 'phone') await page.getByRole('button', { name: /Меню|Menu/ }).click();
    await page.getByRole('button', { name: /^(Что компьютер узнал обо мне|What the computer learned about me)$/ }).click();
    const dlg = page.getByRole('dialog', { name: /^(Что компьютер узнал о вас|What the computer learned about you)$/ });
    await dlg.getByText(/^(Запомнено флотов: 2|Fleets remembered: 2)$/).waitFor();
    await dlg.getByText(words, { exact: true }).waitFor();
    // The heat map has the board's coordinates: the column letters and row numbers.
    const labels = await dlg.locator('.heat b.lab').allTextContents();
    assert.equal(labels.length, 1 + 10 + 10);
    assert.ok(labels.includes('10') && labels.includes('1'), labels.join(' '));
    // Every cell inside the map's frame (its columns once grew past it, off the dialog).
    const inside = await dlg.evaluate(d => {
      const frame = d.querySelector('.heat').getBoundingClientRect(), last = [...d.querySelectorAll('.heat span')].pop().getBoundingClientRect();
      return last.right <= frame.right + 1 && last.bottom <= frame.bottom + 1 && frame.right <= d.getBoundingClientRect().right;
    });
    assert.ok(inside, 'the heat map overflows its frame');
    // Each coordinate stands over its own column and beside its own row (the boards'
    // label size once pushed them half a cell off, towards the bottom right).
    const off = await dlg.evaluate(d => {
      const grid = d.querySelector('.heat'), w = Number(getComputedStyle(grid).getPropertyValue('--w')) - 1;
      const labs = [...grid.querySelectorAll('b.lab')], cells = [...grid.querySelectorAll('span')];
      const mid = (/** @type {Element} */ e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
      const worst = [];
      for (let c = 0; c < w; c++) worst.push(Math.abs(mid(labs[1 + c])[0] - mid(cells[c])[0]));
      for (let r = 0; r < w; r++) worst.push(Math.abs(mid(labs[1 + w + r])[1] - mid(cells[r * w])[1]));
      return Math.max(...worst);
    });
    assert.ok(off < 1.5, `a coordinate stands ${off}px off its column or row`);
    await page.screenshot({ path: join(artifacts, `learned-habit-${name}.png`) });
  });
}
