// Seed 004's pieces against the computer: mines and a submarine in the dock and on the
// boards, a mine set off, the reveal owed prompted in both languages and made from the
// keyboard on the own board, the answers spoken in the live region.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, ownBoard, enemyBoard, openCells, placeRandomly, poll, artifacts, pageErrors } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

test('mines and a submarine against the easy computer, with a reveal', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  // The piece presets are offered; six mines make one likely to go off early.
  const rules = page.getByRole('combobox', { name: 'Правила' }).first();
  for (const [preset, name] of [['mines', 'Мины'], ['minesweepers', 'Тральщики'], ['submarines', 'Подлодки']]) {
    assert.equal(await rules.getByRole('option', { name, exact: true }).getAttribute('value'), preset);
  }
  await rules.selectOption('');
  await page.getByRole('textbox', { name: 'Правила' }).first().fill('classic mines=6 subs=1');
  await page.getByLabel('Уровень').selectOption('easy');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await ownBoard(page).waitFor();

  const dock = page.getByRole('group', { name: 'Корабли для расстановки' });
  await poll(() => page.getByRole('button', { name: 'Готов' }).isEnabled());
  await page.getByRole('button', { name: 'Очистить' }).click();
  await poll(async () => (await dock.getByRole('button', { name: 'мина', exact: true }).count()) === 6);
  assert.equal(await dock.getByRole('button', { name: 'подлодка', exact: true }).count(), 1);
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  // Counted whether or not already shot: the computer may have fired first (a mine it
  // set off reads «мина, взорвана»).
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /, мина(,|$)/ }).count(), 6);
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /, подлодка(,|$)/ }).count(), 1);

  const live = page.getByRole('status');
  // Everything the live region says, kept as it changes.
  await page.evaluate(() => {
    const el = document.getElementById('answer');
    window.heard = [];
    new MutationObserver(() => window.heard.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const heardAll = () => page.evaluate(() => window.heard);
  const prompt = page.getByText('Покажите клетку своего корабля', { exact: true });
  const allowed = ownBoard(page).getByRole('gridcell', { name: /можно показать$/ });
  let shots = 0, revealed = false;
  while (!revealed) {
    assert.ok(shots <= 100, 'no reveal was owed in a whole game');
    if (await prompt.isVisible()) {
      assert.ok((await heardAll()).some(x => /Мина!/.test(x)));
      assert.ok((await allowed.count()) > 0);
      await page.screenshot({ path: join(artifacts, 'pieces-reveal.png'), fullPage: true });
      // The prompt in English too.
      await page.getByLabel('Язык', { exact: true }).selectOption('en');
      await page.getByText('Show one of your ship cells', { exact: true }).waitFor();
      await page.getByLabel('Language', { exact: true }).selectOption('ru');
      await prompt.waitFor();
      // From the keyboard: focus an allowed cell, Enter shows it.
      const name = (await allowed.first().getAttribute('aria-label')).split(',')[0];
      await allowed.first().focus();
      await page.keyboard.press('Enter');
      // The computer may answer at once and the live region move on: read its history.
      await poll(async () => (await heardAll()).some(x => x.includes('Вы показали ' + name)));
      await poll(async () => !(await prompt.isVisible()));
      // The cell shown is marked, until the computer shoots it for a sure hit.
      assert.match(await ownBoard(page).getByRole('gridcell', { name: new RegExp('^' + name + ',') }).getAttribute('aria-label'), /показана|ранен|потоплен/);
      revealed = true;
    } else if (await page.getByText('Ваш ход').isVisible()) {
      const open = await openCells(page).count();
      await openCells(page).first().click();
      shots++;
      await poll(async () => (await openCells(page).count()) < open);
    } else await page.waitForTimeout(30);
  }
  // The mine that went off is drawn spent on the enemy board: ⊙.
  const spent = enemyBoard(page).getByRole('gridcell', { name: /мина, взорвана$/ });
  assert.ok((await spent.count()) >= 1);
  assert.equal(await spent.first().textContent(), '⊙');
  await page.screenshot({ path: join(artifacts, 'pieces.png'), fullPage: true });
});
