// A bot program the operator registered (`seabattle serve --bot NAME=CMD`) is offered
// beside the built-in levels, and a game against it is played through the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, enemyBoard, openCells, placeRandomly, poll, root, pageErrors } from './harness.js';

let server, browser;
before(async () => {
  server = await startServer(['--bot', `pybot=python3 ${join(root, 'examples', 'bot.py')}`]);
  browser = await startBrowser();
});
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

test('a registered bot program is an opponent to pick', async () => {
  const page = await newPage(browser, 'en-GB');
  await page.goto(server.url + '/');
  const level = page.getByLabel('Level');
  await poll(async () => (await level.locator('option[value="pybot"]').count()) === 1);
  await level.selectOption('pybot');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  // Shots until the program has answered with one of its own: it plays.
  const live = page.getByRole('status');
  for (let i = 0; i < 100; i++) {
    const text = (await live.textContent()) || '';
    if (/Opponent/i.test(text)) break;
    if (await page.getByText(/^Your turn/).isVisible()) {
      await openCells(page).first().click();
      await poll(async () => ((await live.textContent()) || '') !== text);
    } else {
      await new Promise(r => setTimeout(r, 100));
    }
  }
  assert.match((await live.textContent()) || '', /Opponent/i);
});
