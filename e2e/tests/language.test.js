// The language follows the browser and can be switched; the coordinate system follows
// the language until the player picks one, and names every cell.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, newPage, poll, pageErrors } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const firstCells = async page => {
  const cells = page.getByRole('grid').first().getByRole('gridcell');
  return [0, 6, 9].map(async i => (await cells.nth(i).getAttribute('aria-label')).split(',')[0]);
};
const names = async page => Promise.all(await firstCells(page));

test('language and coordinates switch everywhere on the page', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Play the computer' }).waitFor();
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await page.getByRole('grid', { name: 'Your board' }).waitFor();
  assert.deepEqual(await names(page), ['A1', 'G1', 'J1']);

  await page.getByLabel('Language', { exact: true }).selectOption('ru');
  await page.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  assert.deepEqual(await names(page), ['А1', 'Ж1', 'К1']);
  assert.ok(await page.getByRole('button', { name: 'Случайно' }).isVisible());

  const coords = page.getByLabel('Координаты', { exact: true });
  await coords.selectOption('russian-yo');
  assert.deepEqual(await names(page), ['А1', 'Ё1', 'И1']);
  await coords.selectOption('республика');
  assert.deepEqual(await names(page), ['Р1', 'Л1', 'А1']);
  await coords.selectOption('снегурочка');
  assert.deepEqual(await names(page), ['С1', 'О1', 'А1']);
  await coords.selectOption('latin');
  assert.deepEqual(await names(page), ['A1', 'G1', 'J1']);

  // A picked system stays when the language changes, and after a reload.
  await page.getByLabel('Координаты', { exact: true }).selectOption('республика');
  await page.getByLabel('Язык', { exact: true }).selectOption('en');
  await page.getByRole('grid', { name: 'Your board' }).waitFor();
  assert.deepEqual(await names(page), ['Р1', 'Л1', 'А1']);
  await page.reload();
  await page.getByRole('grid', { name: 'Your board' }).waitFor();
  await poll(async () => (await names(page))[0] === 'Р1');
  // "As language" follows it again.
  await page.getByLabel('Coordinates', { exact: true }).selectOption('');
  assert.deepEqual(await names(page), ['A1', 'G1', 'J1']);
});

test('a Russian browser gets Russian', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Играть с компьютером' }).waitFor();
});
