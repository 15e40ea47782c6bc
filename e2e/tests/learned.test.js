// What the computer learned: a game against the expert played to its end (resigned),
// then the panel in the menu shows the one fleet as a heat map, and Erase empties it.
// Screenshots at desktop and phone sizes.
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
    await page.screenshot({ path: join(artifacts, `learned-${name}.png`) });
    await dlg.getByRole('button', { name: /^(Стереть|Erase)$/ }).click();
    await dlg.getByText(/^(Пока ничего|Nothing yet)/).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('sb.player')), key, 'the key stays');
    await dlg.getByRole('button', { name: /^(Закрыть|Close)$/ }).click();
    await poll(async () => !(await dlg.isVisible()));
  });
}
