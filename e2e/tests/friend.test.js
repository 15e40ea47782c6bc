// Two people: one creates a game and sends the link, the other joins from a second
// browser context; both shoot, and a reload in the middle of the battle carries on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, newPage, enemyBoard, openCells, placeRandomly, poll } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

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
});
