// Two people: one creates a game and sends the link, the other joins from a second
// browser context; both shoot, and a reload in the middle of the battle carries on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, newPage, enemyBoard, openCells, placeRandomly, poll, pageErrors, resign } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const myTurn = page => page.getByText(/^Your turn/).isVisible();
const shotAt = async page => enemyBoard(page).getByRole('gridcell', { name: /, (miss|hit|sunk)$/ }).count();

// Whoever's turn it is fires once; returns that page.
async function oneShot(a, b) {
  await poll(async () => (await myTurn(a)) || (await myTurn(b)));
  const page = (await myTurn(a)) ? a : b, other = page === a ? b : a;
  const open = await openCells(page).count();
  const before = await other.getByRole('status').textContent();
  await openCells(page).first().click();
  await poll(async () => (await openCells(page).count()) < open);
  // The other side hears it too.
  await poll(async () => /Opponent: /.test(await other.getByRole('status').textContent()) &&
    (await other.getByRole('status').textContent()) !== before);
  return page;
}

test('a friend joins by the link; both shoot; a reload carries on', async () => {
  const a = await newPage(browser, 'en-US'), b = await newPage(browser, 'en-US');
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: 'Create game' }).click();
  const linkBox = a.getByRole('textbox', { name: 'Send your friend the link:' });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  const link = await linkBox.inputValue();
  assert.ok(await a.getByRole('img', { name: 'QR' }).isVisible());
  assert.equal(new URL(a.url()).pathname, new URL(link).pathname);

  await b.goto(link);
  await b.getByRole('grid', { name: 'Your board' }).waitFor();
  await poll(async () => !(await linkBox.isVisible()));
  await placeRandomly(a);
  await placeRandomly(b);
  await enemyBoard(a).waitFor();
  await enemyBoard(b).waitFor();

  const fired = new Map([[a, 0], [b, 0]]);
  for (let i = 0; i < 60 && (fired.get(a) < 3 || fired.get(b) < 3); i++) {
    const p = await oneShot(a, b);
    fired.set(p, fired.get(p) + 1);
  }
  assert.ok(fired.get(a) >= 3 && fired.get(b) >= 3, 'both sides shot');

  // A reloads: the page resumes its seat with the token it kept, boards intact.
  const seen = await shotAt(a);
  await a.reload();
  await enemyBoard(a).waitFor();
  await poll(async () => (await shotAt(a)) === seen);
  for (let i = 0; i < 4; i++) await oneShot(a, b);
  assert.ok((await shotAt(a)) + (await shotAt(b)) > seen);

  // A third visitor of the link watches: both boards, named by player.
  const c = await newPage(browser, 'en-US');
  await c.goto(link);
  await c.getByRole('grid', { name: "Player 1's board" }).waitFor();
  assert.ok(await c.getByRole('grid', { name: "Player 2's board" }).isVisible());
  assert.equal(await c.getByRole('button', { name: 'Resign' }).count(), 0);

  // When B leaves, A is told the opponent is away.
  await b.close();
  await a.getByText(/^Opponent is away \(\d+ s\)$/).waitFor();
});

test('two players queueing for the same rules are paired', async () => {
  const a = await newPage(browser, 'ru-RU'), b = await newPage(browser, 'ru-RU');
  for (const p of [a, b]) {
    await p.goto(server.url + '/');
    await p.getByRole('button', { name: 'Найти соперника' }).click();
  }
  await a.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  await b.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  await placeRandomly(a);
  await placeRandomly(b);
  await oneShotRu(a, b);
});

// One shot in a Russian game, by whoever's turn it is.
async function oneShotRu(a, b) {
  const mine = p => p.getByText(/^Ваш ход/).isVisible();
  await poll(async () => (await mine(a)) || (await mine(b)));
  const page = (await mine(a)) ? a : b, other = page === a ? b : a;
  await openCells(page).first().click();
  await poll(async () => /Противник: /.test(await other.getByRole('status').textContent()));
}

test('after a resignation both friends ask for a rematch and play on', async () => {
  const a = await newPage(browser, 'en-US'), b = await newPage(browser, 'en-US');
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: 'Create game' }).click();
  const linkBox = a.getByRole('textbox', { name: 'Send your friend the link:' });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  await b.goto(await linkBox.inputValue());
  await placeRandomly(a);
  await placeRandomly(b);
  await resign(a);
  await a.getByRole('heading', { name: 'You lose' }).waitFor();
  await b.getByRole('heading', { name: 'You win!' }).waitFor();
  const old = new URL(a.url()).pathname;
  await a.getByRole('button', { name: 'Rematch' }).click();
  await b.getByText('The opponent offers a rematch').waitFor();
  await b.getByRole('button', { name: 'Rematch' }).click();
  for (const p of [a, b]) {
    await p.getByRole('button', { name: 'Ready' }).waitFor();
    await poll(async () => new URL(p.url()).pathname !== old);
  }
  assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
  await placeRandomly(a);
  await placeRandomly(b);
  await oneShot(a, b);
});
