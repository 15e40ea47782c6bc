// Placing a fleet: at random, by dragging from the dock, rotating with a right click and
// R, every violation named at once, and the last legal layout remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, newPage, ownBoard, enemyBoard, placeRandomly, poll, pageErrors, relaySocket } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const newComputerGame = async page => {
  await page.goto(server.url + '/');
  await page.getByLabel('Уровень').selectOption('easy');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await ownBoard(page).waitFor();
};
const cell = (page, name) => ownBoard(page).getByRole('gridcell', { name: new RegExp('^' + name + ',') });
const ready = page => page.getByRole('button', { name: 'Готов' });
const dock = page => page.getByRole('group', { name: 'Корабли для расстановки' });

// Drags from (x, y) to the centre of `target` in small steps, as a hand would.
async function drag(page, x, y, target) {
  const to = await target.boundingBox();
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(x + (to.x + to.width / 2 - x) * i / 5, y + (to.y + to.height / 2 - y) * i / 5);
  await page.mouse.up();
}

// Drags the first ship of the dock by its first deck onto the cell `name`.
async function dragFromDock(page, name) {
  const box = await dock(page).getByRole('button').first().boundingBox();
  await drag(page, box.x + 8, box.y + box.height / 2, cell(page, name));
}

test('place by random, then by dragging, with violations shown and the layout remembered', async () => {
  const page = await newPage(browser);
  await newComputerGame(page);
  // The first game opens with a legal fleet drawn by the server: Ready at once.
  await poll(() => ready(page).isEnabled());
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).count(), 20);
  await page.getByRole('button', { name: 'Очистить' }).click();
  assert.ok(await ready(page).isDisabled());
  assert.ok(await page.getByText('не расставлено кораблей: 10').isVisible());
  await page.getByRole('button', { name: 'Случайно' }).click();
  await poll(() => ready(page).isEnabled());
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).count(), 20);

  await page.getByRole('button', { name: 'Очистить' }).click();
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).count(), 0);
  const targets = ['А1', 'Е1', 'А3', 'Д3', 'З3', 'А5', 'Г5', 'Е5', 'З5', 'А7'];
  for (const t of targets) await dragFromDock(page, t);
  assert.equal(await dock(page).getByRole('button').count(), 0);
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).count(), 20);
  await poll(() => ready(page).isEnabled());

  // A right click turns the two-decker at А5: turned in place (А5–А6) it would touch
  // А7, so the rules engine moves it to the nearest place where it breaks no rule.
  await cell(page, 'А5').click({ button: 'right' });
  await poll(async () => !/корабль$/.test(await cell(page, 'Б5').getAttribute('aria-label')));
  await poll(() => ready(page).isEnabled());
  assert.equal(await page.getByText('корабли касаются бортами').count(), 0);
  assert.equal(await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).count(), 20);

  // The one-decker moved from Г5 to Г2 touches А1–Г1 by its side and two ships at
  // corners: every violation is listed at once and marked on the board.
  const g5 = await cell(page, 'Г5').boundingBox();
  await drag(page, g5.x + g5.width / 2, g5.y + g5.height / 2, cell(page, 'Г2'));
  await page.getByText('корабли касаются углами').waitFor();
  assert.ok(await page.getByText('корабли касаются бортами').isVisible());
  assert.ok(await ready(page).isDisabled());
  for (const name of ['Г1', 'Г2', 'В3', 'Д3']) assert.match(await cell(page, name).getAttribute('aria-label'), /ошибка$/);
  const g2 = await cell(page, 'Г2').boundingBox();
  await drag(page, g2.x + g2.width / 2, g2.y + g2.height / 2, cell(page, 'К10'));
  await poll(() => ready(page).isEnabled());
  // The fleet is read before the battle: the computer may open fire at once and hit it,
  // and a hit cell is no longer labelled a ship (CI stop 46 and a later run failed so).
  const played = await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).evaluateAll(cs => cs.map(c => c.getAttribute('aria-label')));
  assert.equal(played.length, 20);
  await ready(page).click();
  await enemyBoard(page).waitFor();

  // The next game starts from a fresh fleet; the layout played comes back on request.
  await newComputerGame(page);
  await poll(() => ready(page).isEnabled());
  await page.getByRole('button', { name: 'Прошлая расстановка' }).click();
  await poll(async () => JSON.stringify(await ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).evaluateAll(cs => cs.map(c => c.getAttribute('aria-label')))) === JSON.stringify(played));
  await poll(() => ready(page).isEnabled());
  assert.match(await cell(page, 'К10').getAttribute('aria-label'), /корабль$/);
});

// The page's socket with a hand between it and the server: after `hold()`, the next
// `layout` is held back until `release()` hands it on, or (`onCheck`) until just before
// the server's answer to a check of a fleet.
async function holdingLayouts(page, { onCheck = false } = {}) {
  let holding = false, toPage = m => m;
  const held = [];
  await relaySocket(page, (m, send) => {
    toPage = send;
    const { type, fleet } = JSON.parse(m);
    if (holding && type === 'layout') { holding = false; held.push(m); return; }
    if (onCheck && type === 'checked' && fleet.length && held.length) send(held.shift());
    send(m);
  });
  return { held, hold: () => { holding = true; }, release: () => toPage(held.shift()) };
}

// The ship cells of one's own board, by name.
const shipsShown = page => ownBoard(page).getByRole('gridcell', { name: /корабль$/ }).evaluateAll(cs => cs.map(c => c.getAttribute('aria-label')));

// A game against the computer played with its drawn fleet, so that the next game offers
// it as «Прошлая расстановка»: that fleet's cells.
async function playedFleet(page) {
  await newComputerGame(page);
  await poll(() => ready(page).isEnabled());
  const played = await shipsShown(page);
  await ready(page).click();
  await enemyBoard(page).waitFor();
  return played;
}

// Regression (CI stop 46): a new game asks the server for a drawn fleet; if that answer
// came after a click on «Прошлая расстановка», it replaced the fleet the player chose.
test('a_drawn_fleet_arriving_late_does_not_replace_the_last_fleet_chosen', async () => {
  const page = await newPage(browser);
  // The second game's drawn fleet is held back, and handed to the page just before the
  // server's answer to the check of the fleet the player chose meanwhile.
  const { held, hold } = await holdingLayouts(page, { onCheck: true });
  const played = await playedFleet(page);

  hold();
  await newComputerGame(page);
  await poll(() => held.length === 1);
  await page.getByRole('button', { name: 'Прошлая расстановка' }).click();
  await poll(() => held.length === 0);
  await poll(() => ready(page).isEnabled());
  assert.deepEqual(await shipsShown(page), played);
});

// Regression (a red CI run of trust.test.js): a fleet drawn for «Случайно» that came
// after a later click on «Прошлая расстановка» replaced the fleet the player chose
// last. Each draw is counted, and the player's newer choice sets it aside.
test('a_drawn_fleet_asked_for_before_the_last_fleet_was_chosen_does_not_replace_it', async () => {
  const page = await newPage(browser);
  const { held, hold, release } = await holdingLayouts(page);
  const played = await playedFleet(page);
  await newComputerGame(page);
  await poll(() => ready(page).isEnabled());
  // «Случайно», whose fleet is held back; then «Прошлая расстановка»; then the fleet.
  hold();
  await page.getByRole('button', { name: 'Случайно' }).click();
  await poll(() => held.length === 1);
  await page.getByRole('button', { name: 'Прошлая расстановка' }).click();
  await poll(async () => JSON.stringify(await shipsShown(page)) === JSON.stringify(played));
  release();
  // The page has read the late fleet once a message sent after it is answered.
  await page.waitForTimeout(300);
  await poll(() => ready(page).isEnabled());
  assert.deepEqual(await shipsShown(page), played);
});

test('the keyboard alone places a ship: pick it in the dock, arrows, R, Enter', async () => {
  const page = await newPage(browser);
  await newComputerGame(page);
  await page.getByRole('button', { name: 'Очистить' }).click();
  await dock(page).getByRole('button', { name: 'четырёхпалубный' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('r');
  await page.keyboard.press('Enter');
  for (const name of ['Б2', 'Б3', 'Б4', 'Б5']) assert.match(await cell(page, name).getAttribute('aria-label'), /корабль$/);
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
});
