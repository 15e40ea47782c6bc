// Two-player games people trust: a rematch from a fresh fleet, shots marked at once and
// never lost, spectators told whose game it is, names, a win claimed over an opponent
// who left, the queue's time and its news, a language switch that says everything
// again, hot-seat at one device, a phone's cells and the keyboard's way in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, ownBoard, enemyBoard, openCells, placeRandomly, poll, artifacts, pageErrors, resign } from './harness.js';

let server, claimServer, browser;
before(async () => {
  server = await startServer();
  // A short absence before a win may be claimed, so the test need not wait a minute.
  claimServer = await startServer(['--claim-after-secs', '2']);
  browser = await startBrowser();
});
after(async () => { await browser?.close(); await server?.stop(); await claimServer?.stop(); assert.deepEqual(pageErrors, []); });

const PHONE = { width: 390, height: 844 };
const phone = (locale, opts = {}) => newPage(browser, locale, PHONE, opts);
const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
const status = page => page.locator('#answer').textContent();
const shipCells = async page => (await ownBoard(page).getByRole('gridcell', { name: /, (корабль|ship)/ }).evaluateAll(cells => cells.map(c => c.getAttribute('aria-label').split(',')[0]))).sort();

async function vsComputer(page, level = 'easy', rules) {
  await page.goto(server.url + '/');
  await page.getByLabel(/Уровень|Level/).selectOption(level);
  if (rules) await page.locator('#rules').selectOption(rules);
  await page.getByRole('button', { name: /^(Играть с компьютером|Play the computer)$/ }).click();
  await ownBoard(page).waitFor();
}

test('a rematch starts from a fresh random fleet; the last fleet only on request; the replay says who won', async () => {
  const page = await newPage(browser, 'ru-RU');
  await vsComputer(page);
  // The keyboard goes to the board that comes next.
  await poll(async () => /,/.test(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') || '')));
  // The fleet is read before the battle: the computer may open fire and hit it, and a
  // hit cell is no longer labelled a ship.
  await page.getByRole('button', { name: 'Случайно' }).click();
  const ready = page.getByRole('button', { name: 'Готов' });
  await poll(() => ready.isEnabled());
  const played = await shipCells(page);
  assert.equal(played.length, 20);
  await ready.click();
  await enemyBoard(page).waitFor();
  await resign(page);
  const dlg = page.getByRole('dialog', { name: 'Игра окончена' });
  await dlg.getByRole('button', { name: 'Реванш' }).click();
  await page.getByRole('button', { name: 'Готов' }).waitFor();
  await poll(async () => (await shipCells(page)).length === 20);
  const fresh = await shipCells(page);
  assert.notDeepEqual(fresh, played, 'the rematch does not start from the fleet the opponent has seen');
  await page.getByText('Флот уже расставлен случайно').waitFor();
  const last = page.getByRole('button', { name: 'Прошлая расстановка' });
  await last.click();
  await poll(async () => JSON.stringify(await shipCells(page)) === JSON.stringify(played));
  await shot(page, 'rematch-fresh.png');

  // The replay of the game just resigned: who played and who won.
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('sb.tokens')) && Object.keys(JSON.parse(localStorage.getItem('sb.tokens')))[0]);
  const r = await newPage(browser, 'ru-RU');
  await r.goto(server.url + '/replay/' + id);
  await r.getByText('Игрок 1 — человек, игрок 2 — компьютер (лёгкий)').waitFor();
  await r.getByRole('button', { name: 'В конец' }).click();
  await r.getByText('Победил игрок 2: соперник сдался').waitFor();
  await shot(r, 'replay-who.png');
});

test('a shot is marked at once and answered without the pace; a click out of turn is refused with words', async () => {
  const page = await phone('en-US', { paced: true });
  await vsComputer(page);
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  const waits = [];
  let refused = false;
  for (let i = 0; i < 6; i++) {
    await page.getByText(/^Your turn/).waitFor({ timeout: 30000 });
    const cell = openCells(page).first();
    const name = (await cell.getAttribute('aria-label')).split(',')[0];
    const target = enemyBoard(page).getByRole('gridcell', { name: new RegExp(`^${name},`) });
    const t0 = Date.now();
    await target.click();
    // Marked the moment it is clicked: sent, or already answered.
    assert.match(await target.getAttribute('aria-label'), /shot sent|miss|hit|sunk/);
    await poll(async () => /, (miss|hit|sunk)$/.test(await target.getAttribute('aria-label')), 5000);
    waits.push(Date.now() - t0);
    if (i === 0) await shot(page, 'shot-pending-phone.png');
    // After a miss the turn is the computer's: a click now is refused, with words.
    if (/, miss$/.test(await target.getAttribute('aria-label')) && !refused) {
      const open = openCells(page).first();
      if (await page.getByText(/^Opponent's turn/).isVisible()) {
        await open.click();
        await poll(async () => /opponent's turn|still being shown/.test(await status(page)));
        refused = true;
      }
    }
  }
  waits.sort((a, b) => a - b);
  const median = waits[Math.floor(waits.length / 2)];
  // The pace between the opponent's shots is 800 ms; one's own answer does not wait for it.
  assert.ok(median < 600, `own answers came after ${waits.join(', ')} ms`);
});

test('a friend gives a name, a spectator is told whose game it is, and a win is claimed over one who left', async () => {
  const a = await newPage(browser, 'ru-RU'), b = await newPage(browser, 'ru-RU'), c = await phone('ru-RU');
  await a.goto(claimServer.url + '/');
  await a.locator('#myName').fill('Алиса');
  await a.getByRole('button', { name: 'Создать игру' }).click();
  const linkBox = a.getByRole('textbox', { name: 'Отправьте другу ссылку:' });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  const link = (await linkBox.inputValue()).replace(server.url, claimServer.url);
  await b.goto(link);
  await b.getByText('Алиса приглашает вас сыграть').waitFor();
  await b.locator('#friendName').fill('Боб');
  await b.getByRole('button', { name: 'Сохранить' }).click();
  await a.getByText('Друг подключился: Боб').first().waitFor();
  await c.goto(link);
  await c.getByText('Вы наблюдаете за игрой Алиса (гость) — Боб (гость)').waitFor();
  await shot(c, 'spectator-placement-phone.png');
  await placeRandomly(a);
  await placeRandomly(b);
  await enemyBoard(a).waitFor();
  await c.getByRole('grid', { name: 'Поле: Алиса' }).waitFor();
  assert.ok(await c.getByText('Вы наблюдаете за игрой Алиса (гость) — Боб (гость)').isVisible());
  await shot(c, 'spectator-battle-phone.png');

  // Боб leaves for good: after the limit Алиса may claim the win.
  await b.close();
  await a.getByText(/^Противник вышел/).waitFor();
  const claim = a.getByRole('button', { name: 'Засчитать победу' });
  await claim.waitFor({ timeout: 10000 });
  await shot(a, 'claim.png');
  await claim.click();
  const dlg = a.getByRole('dialog', { name: 'Игра окончена' });
  await dlg.getByRole('heading', { name: 'Вы победили!' }).waitFor();
  assert.ok(await dlg.getByText('противник ушёл из игры').isVisible());
  assert.ok(await dlg.getByRole('columnheader', { name: 'Боб' }).isVisible(), 'the table names the opponent');
  await c.getByText('Победа: Алиса').first().waitFor();
  await dlg.getByRole('button', { name: 'Закрыть' }).click();
  // Closed, the page still says who won.
  await poll(async () => (await a.locator('#turn').textContent()) === 'Вы победили!');
  await shot(a, 'over-banner.png');
});

test('the queue shows the time searched, a cancel, and announces the opponent', async () => {
  const a = await newPage(browser, 'en-US'), b = await phone('en-US');
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: 'Find opponent' }).click();
  await a.getByText(/^Looking for an opponent… 0:0\d$/).waitFor();
  assert.ok(await a.getByRole('button', { name: 'Cancel' }).isVisible());
  await shot(a, 'queue.png');
  await b.goto(server.url + '/');
  await b.getByRole('button', { name: 'Find opponent' }).click();
  await poll(async () => /Opponent found!/.test(await status(a)));
  await ownBoard(a).waitFor();
});

test('a language switch says the last answer again in the new language', async () => {
  const page = await newPage(browser, 'ru-RU');
  await vsComputer(page);
  await placeRandomly(page);
  await page.getByText('Ваш ход').waitFor({ timeout: 20000 });
  await openCells(page).first().click();
  await poll(async () => /(Мимо|Ранил|Убил)!/.test(await status(page)));
  await page.getByLabel('Язык').selectOption('en');
  const said = await status(page);
  assert.doesNotMatch(said, /[А-Яа-яЁё]/, said);
  assert.match(said, /(Miss|Hit|Sunk)!/);
});

test('hot-seat: two placements and a hand-over before each turn that hides both fleets', async () => {
  for (const [locale, size, suffix] of [['en-US', undefined, ''], ['ru-RU', PHONE, '-phone']]) {
    const page = await newPage(browser, locale, size);
    const en = locale === 'en-US';
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: en ? 'Start' : 'Начать' }).click();
    const hand = n => page.getByRole('button', { name: en ? `I'm player ${n} — show` : `Я игрок ${n} — показать` });
    await hand(1).waitFor();
    assert.equal(await page.getByRole('grid').filter({ visible: true }).count(), 0, 'no board is shown while the device changes hands');
    if (!suffix) await shot(page, 'hotseat-handover.png');
    await hand(1).click();
    await placeRandomly(page);
    await hand(2).waitFor();
    assert.equal(await page.getByRole('grid').filter({ visible: true }).count(), 0);
    await hand(2).click();
    await placeRandomly(page);
    // The battle: whoever the draw picked is handed the device (player 2 may go on).
    const first = page.getByRole('button', { name: en ? /^I'm player [12] — show$/ : /^Я игрок [12] — показать$/ });
    const turn = page.getByText(en ? /^Player [12]'s turn/ : /^Ход игрока [12]/);
    await poll(async () => (await first.isVisible()) || (await turn.isVisible()));
    let seat = 2;
    if (await first.isVisible()) {
      await shot(page, `hotseat-handover${suffix}.png`);
      seat = /1/.test(await first.textContent()) ? 1 : 2;
      await first.click();
    }
    await page.getByText(en ? `Player ${seat}'s turn` : `Ход игрока ${seat}`).waitFor();
    await shot(page, `hotseat-battle${suffix}.png`);
    // Shoot until a miss passes the turn: then the device goes to the other player.
    for (let i = 0; i < 40; i++) {
      if (await hand(3 - seat).isVisible()) break;
      const cell = openCells(page).first();
      if (!(await cell.isVisible())) break;
      const before = await openCells(page).count();
      await cell.click();
      await poll(async () => (await hand(3 - seat).isVisible()) || (await openCells(page).count()) < before);
    }
    await hand(3 - seat).waitFor();
    assert.equal(await page.getByRole('grid').filter({ visible: true }).count(), 0);
    await page.close();
  }
});

test('on a phone both classic boards have cells of 24 px or more; the Dutchman\'s own board is a tap away; a tap turns a ship legally', async () => {
  const page = await phone('ru-RU', { isMobile: true, hasTouch: true });
  await vsComputer(page);
  assert.match(await page.locator('#placeSide .help').textContent(), /Коснитесь корабля/);
  // A tap on a ship turns it where it breaks no rule.
  for (let i = 0; i < 4; i++) {
    await poll(async () => (await shipCells(page)).length === 20);
    const ship = ownBoard(page).getByRole('gridcell', { name: /, корабль/ }).nth(i * 5);
    const before = JSON.stringify(await shipCells(page));
    await ship.click();
    await poll(async () => JSON.stringify(await shipCells(page)) !== before || (await page.locator('#violations li').count()) > 0, 5000).catch(() => {});
    await poll(async () => page.getByRole('button', { name: 'Готов' }).isEnabled(), 5000);
    // Turned, the fleet breaks no rule; a ship with no room says so instead.
    for (const li of await page.locator('#violations li').allTextContents()) assert.match(li, /не повернуть/);
  }
  await shot(page, 'turn-phone.png');
  await page.getByRole('button', { name: 'Готов' }).click();
  await enemyBoard(page).waitFor();
  for (const board of [ownBoard(page), enemyBoard(page)]) {
    const box = await board.getByRole('gridcell').first().boundingBox();
    assert.ok(box.width >= 23.5 && box.height >= 23.5, `a cell of ${box.width}×${box.height}`);
  }
  await shot(page, 'phone-battle.png');

  const d = await phone('ru-RU', { isMobile: true, hasTouch: true });
  await vsComputer(d, 'easy', 'dutchman');
  await placeRandomly(d);
  await enemyBoard(d).waitFor();
  const toggle = d.getByRole('button', { name: 'Моё поле' });
  await toggle.click();
  // One tap brings the own board into view.
  await poll(async () => { const b = await ownBoard(d).boundingBox(); return b && b.y >= -1 && b.y + b.height / 2 < PHONE.height; });
  await shot(d, 'phone-dutchman-mine.png');
});

test('the keyboard: a skip link first, and how to play names every rule and Perelman', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  // Blind mode's switch comes first (issue 42), then the skip to the game.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Blind mode: play by typing');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the game');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Play the computer');
  await page.getByText('How to play').click();
  const how = await page.locator('.how p').textContent();
  for (const w of ['Flying Dutchman', 'Perelman', 'Corners', 'Big board', 'Salvo']) assert.ok(how.includes(w), w);
  assert.doesNotMatch(how, /classic-corners|big15|hasbro —/);
  assert.equal(await page.locator('footer a').count(), 0);
});
