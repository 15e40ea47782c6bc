// A player whose tab is hidden is called back (issue 39): the title says «● Ваш ход —
// Морской бой» when the turn comes to them and «● Противник предлагает реванш — …» when
// the opponent offers a rematch, and is the page's own again once the tab is seen.
// After the first game with a person the page offers notifications, once; said yes,
// the same calls come as notifications. Two browsers: Russian on a desktop, English on
// a phone. The tab's visibility is set from the test (`document.hidden` and a
// `visibilitychange` event), and the browser's Notification is a stand-in that records
// what the page shows (a headless browser shows none).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors, placeRandomly, poll, openCells, resign, eachFires } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });

// The tab of `page` hidden (true) or seen again (false), as the browser says it.
async function hide(page, hidden) {
  await page.evaluate(h => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

// A stand-in for the browser's Notification: permission 'default' until asked, then
// 'granted'; each notification shown is kept in `window.shownNotes`.
function notificationStandIn() {
  /** @type {{title: string, body: string, tag: string}[]} */
  const shown = [];
  let permission = 'default';
  class StandIn {
    constructor(title, options = {}) { shown.push({ title, body: options.body, tag: options.tag }); }
    close() {}
    static get permission() { return permission; }
    static requestPermission() { permission = 'granted'; return Promise.resolve(permission); }
  }
  Object.defineProperty(window, 'Notification', { configurable: true, value: StandIn });
  Object.defineProperty(window, 'shownNotes', { value: shown });
}
const notes = page => page.evaluate(() => window.shownNotes.map(n => `${n.title}: ${n.body}`));

const turn = /^(Ваш ход|Your turn)/;
const myTurn = page => page.getByText(turn).isVisible();

test('a hidden tab is called back by its title, and by notifications once allowed', async () => {
  const a = await newPage(browser, 'ru-RU');
  const b = await newPage(browser, 'en-US', { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  for (const p of [a, b]) await p.context().addInitScript(notificationStandIn);
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: 'Создать игру' }).click();
  const linkBox = a.getByRole('textbox', { name: 'Отправьте другу ссылку:' });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  await b.goto(await linkBox.inputValue());
  await b.getByRole('grid', { name: 'Your board' }).waitFor();
  await placeRandomly(a);
  await placeRandomly(b);
  await poll(async () => (await myTurn(a)) || (await myTurn(b)));

  // The one who waits hides the tab; the other fires until the turn passes.
  const [mover, waiter] = (await myTurn(a)) ? [a, b] : [b, a];
  const [away, plain] = waiter === a ? ['● Ваш ход — Морской бой', 'Морской бой'] : ['● Your turn — Sea Battle', 'Sea Battle'];
  await hide(waiter, true);
  assert.equal(await waiter.title(), plain, 'nothing waits yet');
  while (await myTurn(mover)) {
    const n = await openCells(mover).count();
    await openCells(mover).first().click();
    await poll(async () => (await openCells(mover).count()) < n);
  }
  await poll(async () => (await waiter.title()) === away);
  assert.deepEqual(await notes(waiter), [], 'no notification before the player allowed them');
  // Seen again: the page's own title (its turn marked, as always).
  await hide(waiter, false);
  await poll(async () => (await waiter.title()) === '➜ ' + plain);

  // The game ends (after each fired: not aborted); the first game with a person offers
  // notifications to both, under the result.
  await eachFires(a, b, turn);
  await resign(b);
  const overA = a.getByRole('dialog', { name: 'Игра окончена' });
  const askA = a.getByText('Сообщать вам, что пора стрелять или что вас зовут сыграть, когда вкладка с игрой скрыта?');
  // Issue 48: the question waits for the dialog to close, rather than sitting over it.
  await overA.waitFor();
  await a.waitForTimeout(300);
  assert.equal(await askA.isVisible(), false);
  await overA.getByRole('button', { name: 'Закрыть' }).click();
  await askA.waitFor();
  await shot(a, 'notify-offer-ru.png');
  await a.getByRole('button', { name: 'Да, сообщать' }).click();
  await askA.waitFor({ state: 'hidden' });
  assert.equal(await a.evaluate(() => localStorage.getItem('sb.notify')), 'on');
  const overB = b.getByRole('dialog', { name: 'Game over' });
  await overB.getByRole('button', { name: 'Close' }).click();
  await b.getByText(/^Let you know when it is time to shoot/).waitFor();
  await shot(b, 'notify-offer-phone-en.png');
  await b.getByRole('button', { name: 'No, thanks' }).click();
  await b.getByText(/^Let you know when it is time to shoot/).waitFor({ state: 'hidden' });
  assert.equal(await b.evaluate(() => localStorage.getItem('sb.notify')), 'off');
  await shot(b, 'notify-answered-phone-en.png');

  // A rematch offered to a hidden tab: its title, and (allowed) a notification.
  await hide(a, true);
  await b.getByRole('button', { name: 'Result', exact: true }).click();
  await overB.getByRole('button', { name: 'Rematch' }).click();
  await poll(async () => (await a.title()) === '● Противник предлагает реванш — Морской бой');
  await poll(async () => (await notes(a)).includes('Морской бой: Противник предлагает реванш'));
  // What another part of the page calls (a challenge), through the same function.
  await a.evaluate(() => import('/assets/away.js').then(m => m.notifyAway('challenge', 'Bob зовёт вас сыграть')));
  assert.equal(await a.title(), '● Bob зовёт вас сыграть — Морской бой');
  await hide(a, false);
  assert.equal(await a.title(), 'Морской бой');
  // Seen, nothing is called out.
  await a.evaluate(() => import('/assets/away.js').then(m => m.notifyAway('challenge', 'Bob зовёт вас сыграть')));
  assert.equal(await a.title(), 'Морской бой');

  // The rematch is played: the offer is not made again, the answer is kept.
  await a.getByRole('button', { name: 'Итоги игры' }).click();
  await overA.getByRole('button', { name: 'Реванш' }).click();
  for (const p of [a, b]) await p.getByRole('grid', { name: /Ваше поле|Your board/ }).waitFor();
  await placeRandomly(a);
  await placeRandomly(b);
  await poll(async () => (await myTurn(a)) || (await myTurn(b)));
  await eachFires(a, b, turn);
  await resign(a);
  await overA.waitFor();
  await overA.getByRole('button', { name: 'Закрыть' }).click();
  assert.equal(await askA.isVisible(), false);
  assert.equal(await b.getByText(/^Let you know when it is time to shoot/).isVisible(), false);
});
