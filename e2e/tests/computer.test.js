// A whole game against the easiest computer, played with clicks and the keyboard, to
// the end: answers announced, the battle screen kept as a screenshot, the fairness check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, ownBoard, enemyBoard, openCells, placeRandomly, poll, artifacts, pageErrors, resign, details, relaySocket } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

test('a full game against the easy computer, to the end', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  await page.getByLabel('Уровень').selectOption('easy');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await ownBoard(page).waitFor();
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  assert.equal(await enemyBoard(page).getByRole('gridcell').count(), 100);

  // The first shots with the keyboard: focus the board, arrow to В1 (column 3), Enter.
  await page.getByText('Ваш ход').waitFor({ timeout: 20000 });
  // A message arriving between the key presses may redraw the board and take the
  // focus away: aim again until the focus is on В1, then fire.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || '');
  for (let aim = 0; aim < 5 && !(await focused()).startsWith('В1,'); aim++) {
    await enemyBoard(page).getByRole('gridcell', { name: /^А1,/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
  }
  assert.match(await focused(), /^В1,/);
  // Everything the live region says, kept: after a miss the computer's streak may
  // replace the answer before a poll reads it.
  await page.evaluate(() => {
    const live = document.querySelector('[role="status"]');
    window.said = [];
    new MutationObserver(() => window.said.push(live.textContent))
      .observe(live, { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.press('Enter');
  await poll(async () => (await page.evaluate(() => window.said)).some(t => /^В1 — (Мимо|Ранил|Убил)!/.test(t)));
  await poll(async () => !/неизвестно$/.test(await enemyBoard(page).getByRole('gridcell', { name: /^В1,/ }).getAttribute('aria-label')));

  // The coach shades the enemy board: each open cell's name gains its likelihood.
  await page.getByLabel('Подсказка тренера').check();
  await poll(async () => (await enemyBoard(page).getByRole('gridcell', { name: /вероятность 100%$/ }).count()) > 0);

  let shots = 1, shot = false;
  const over = page.getByRole('heading', { name: /Вы победили!|Вы проиграли/ });
  while (!(await over.isVisible())) {
    if (await page.getByText('Ваш ход').isVisible()) {
      const open = await openCells(page).count();
      if (open === 0) break;
      await openCells(page).first().click();
      shots++;
      await poll(async () => (await openCells(page).count()) < open || await over.isVisible());
      if (shots === 12 && !shot) {
        shot = true;
        await page.screenshot({ path: join(artifacts, 'battle.png'), fullPage: true });
      }
    } else await page.waitForTimeout(30);
    assert.ok(shots <= 100, 'more shots than cells');
  }
  // Both boards are revealed and the commitments check out in the browser.
  await details(page);
  await page.getByText('Ваш флот — тот же, что был поставлен до первого выстрела.').waitFor();
  await page.getByText('Флот компьютера — тот же, что был поставлен до первого выстрела.').waitFor();
  await page.getByText('Никто не переставлял корабли по ходу игры.').waitFor();
  assert.ok(await page.getByText(/^Сервер сверил каждый ответ .* итог в силе — вы (победили|проиграли)\.$/).isVisible());
  assert.ok(await page.getByRole('link', { name: 'Запись JSON' }).isVisible());
  await page.screenshot({ path: join(artifacts, 'over.png'), fullPage: true });

  // The replay steps through the same game.
  await page.getByRole('link', { name: 'Повтор' }).click();
  await page.getByRole('grid', { name: 'Поле игрока 1' }).waitFor();
  const step = page.getByText(/^Ход \d+ из \d+/);
  const total = +(/из (\d+)/.exec(await step.textContent())[1]);
  assert.ok(total >= 20);
  await page.getByRole('button', { name: 'В начало' }).click();
  await poll(async () => (await step.textContent()).startsWith('Ход 0 из'));
  assert.equal(await page.getByRole('grid', { name: 'Поле игрока 2' }).getByRole('gridcell', { name: /(мимо|ранен|потоплен)$/ }).count(), 0);
  await page.getByRole('button', { name: 'Вперёд' }).click();
  await poll(async () => (await step.textContent()).startsWith('Ход 1 из'));
});

test('the turn clock is shown', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  await page.getByLabel('Time per move').selectOption('30');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await placeRandomly(page);
  await page.getByText(/^Time for (your|the opponent's) move: \d+ s$/).waitFor();
});

test('resign, then a rematch against the computer starts a new placement', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  const first = new URL(page.url()).pathname;
  await resign(page);
  await page.getByRole('heading', { name: 'You lose' }).waitFor();
  await details(page);
  await page.getByText("The computer's fleet is the one placed before the first shot.").waitFor();
  await page.getByRole('button', { name: 'Rematch' }).click();
  await page.getByRole('button', { name: 'Ready' }).waitFor();
  await poll(async () => new URL(page.url()).pathname !== first);
  // The new game starts with the last layout, so Ready is at hand at once.
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  await page.reload();
  await enemyBoard(page).waitFor();
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /, (ship|hit|sunk)$/ }).count(), 20);
});

test('under salvo rules a volley is picked cell by cell and fired whole', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  await page.getByLabel('Rules').first().selectOption('salvo');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await placeRandomly(page);
  // One shot per own ship afloat: ten, unless the computer shot first and sank some.
  const due = page.getByText(/^Your turn · Shots in this volley: \d+$/);
  await due.waitFor();
  const n = +(await due.textContent()).match(/(\d+)$/)[1];
  assert.ok(n >= 1 && n <= 10, `${n} shots`);
  for (let i = 0; i < n - 1; i++) await openCells(page).nth(i * 3).click();
  await page.getByText(/^Your turn · Shots in this volley: 1$/).waitFor();
  assert.equal(await enemyBoard(page).getByRole('gridcell', { name: /, (miss|hit|sunk)$/ }).count(), 0);
  await openCells(page).last().click();
  await poll(async () => (await enemyBoard(page).getByRole('gridcell', { name: /, (miss|hit|sunk)$/ }).count()) === n);
  assert.equal((await page.getByRole('status').textContent()).split(' · ')[0].split('; ').length, n);
});

test('a 15×15 board names its cells to the fifteenth letter', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  await page.getByLabel('Правила').first().selectOption('big15');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await ownBoard(page).getByRole('gridcell', { name: /^П15,/ }).waitFor();
  assert.equal(await ownBoard(page).getByRole('gridcell').count(), 225);
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
});

test('errors are said in Russian, with the server\'s detail where it helps', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  await page.getByRole('combobox', { name: /^Правила/ }).first().selectOption({ label: 'свои…' });
  await page.getByRole('textbox', { name: 'Правила' }).first().fill('9x9 fleet=9,9,9,9,9,9,9,9,9,9');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await page.getByRole('alert').filter({ hasText: /^Ошибка: такие правила не подходят \(.+\)$/ }).waitFor();
});

test('custom rules are typed in; bad ones are refused with the reason', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  // The first card is the computer's.
  await page.getByRole('combobox', { name: /^Rules/ }).first().selectOption({ label: 'custom…' });
  const text = page.getByRole('textbox', { name: 'Rules' }).first();
  await text.fill('9x9 fleet=9,9,9,9,9,9,9,9,9,9');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await page.getByRole('alert').filter({ hasText: /^Error: / }).waitFor();
  await text.fill('8x8 fleet=3,2,1 touch=corners');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await ownBoard(page).getByRole('gridcell', { name: /^H8,/ }).waitFor();
  assert.equal(await ownBoard(page).getByRole('gridcell').count(), 64);
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
});

// Regression (CI stop 55): rules of one's own chosen before the server's `welcome` (its
// list of presets) arrived were replaced by the first preset, and the game started under
// `classic` instead of refusing the text typed.
test('own_rules_chosen_before_the_presets_arrive_are_kept', async () => {
  const page = await newPage(browser, 'ru-RU');
  const held = [];
  let holding = true, toPage = m => m;
  await relaySocket(page, (m, send) => {
    toPage = send;
    if (holding && JSON.parse(m).type === 'welcome') held.push(m);
    else send(m);
  });
  const release = () => { holding = false; held.splice(0).forEach(m => toPage(m)); };
  await page.goto(server.url + '/');
  const rules = page.getByRole('combobox', { name: /^Правила/ }).first();
  await rules.selectOption({ label: 'свои…' });
  await page.getByRole('textbox', { name: 'Правила' }).first().fill('9x9 fleet=9,9,9,9,9,9,9,9,9,9');
  release();
  await poll(async () => (await rules.locator('option').count()) > 1);
  assert.equal(await rules.inputValue(), '');
  assert.ok(await page.getByRole('textbox', { name: 'Правила' }).first().isVisible());
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await page.getByRole('alert').filter({ hasText: /^Ошибка: такие правила не подходят \(.+\)$/ }).waitFor();
});
