// Quick chat between two people in two browser contexts: one says «Удачи!», the other
// sees it by the board of who said it; a player who mutes the chat sees no more of the
// other's phrases. Screenshots at 1280 px and 390 px, in both languages, each checked
// with axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { check } from './axe.js';
import { startServer, startBrowser, newPage, placeRandomly, enemyBoard, poll, pageErrors, artifacts } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 860 };

// Two pages in `locale` at `viewport`: `a` makes a friend's game, `b` joins by its link.
async function pair(locale, viewport) {
  const phone = viewport.width < 500 ? { isMobile: true, hasTouch: true } : {};
  const a = await newPage(browser, locale, viewport, phone), b = await newPage(browser, locale, viewport, phone);
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: /^(Создать игру|Create game)$/ }).click();
  const linkBox = a.getByRole('textbox', { name: /^(Отправьте другу ссылку:|Send your friend the link:)$/ });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  await b.goto(await linkBox.inputValue());
  await poll(async () => !(await linkBox.isVisible()));
  return { a, b };
}

const bar = page => page.getByRole('group', { name: /^(Быстрые фразы|Quick phrases)$/ });
const bubble = (page, side) => page.locator(side === 'left' ? '#chatLeft' : '#chatRight');

test('a phrase said by one player is seen by the other; muting hides the next', async () => {
  const { a, b } = await pair('ru-RU', DESK);
  await bar(a).getByRole('button', { name: 'Удачи!' }).click();
  // Each sees it by the board of who said it: the sender's own on the left.
  await poll(async () => (await bubble(b, 'right').textContent()) === 'Соперник: Удачи!');
  await poll(async () => (await bubble(a, 'left').textContent()) === 'Вы: Удачи!');
  assert.equal(await b.locator('#chatSpoken').textContent(), 'Соперник: Удачи!');
  assert.equal(await b.locator('#chatSpoken').getAttribute('aria-live'), 'polite');

  // B mutes the chat; the switch is kept by this browser.
  await b.getByLabel('Скрыть чат').check();
  assert.ok(await bubble(b, 'right').isHidden(), 'muting hides what is shown');
  assert.equal(await b.evaluate(() => localStorage.getItem('sb.chatMute')), '1');
  await bar(a).getByRole('button', { name: '👍' }).click();
  await poll(async () => (await bubble(a, 'left').textContent()) === 'Вы: 👍');
  // B's own phrase comes after A's on B's socket: once B sees its own, A's was heard.
  await bar(b).getByRole('button', { name: 'Спасибо за игру' }).click();
  await poll(async () => (await bubble(b, 'left').textContent()) === 'Вы: Спасибо за игру');
  assert.ok(await bubble(b, 'right').isHidden(), 'a muted player does not see the phrase');
  assert.notEqual(await b.locator('#chatSpoken').textContent(), 'Соперник: 👍');
  // A, who did not mute, sees B's.
  await poll(async () => (await bubble(a, 'right').textContent()) === 'Соперник: Спасибо за игру');

  // After a reload the switch is still on.
  await b.reload();
  await poll(async () => b.getByLabel('Скрыть чат').isChecked());
});

test('no chat row against the computer', async () => {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await page.getByRole('grid', { name: 'Your board' }).waitFor();
  assert.ok(await page.locator('#chat').isHidden());
});

for (const [locale, lang] of [['ru-RU', 'ru'], ['en-US', 'en']]) {
  for (const [size, viewport] of [['desktop', DESK], ['phone', PHONE]]) {
    test(`the chat in battle, ${lang}, ${size}: screenshots`, async () => {
      const { a, b } = await pair(locale, viewport);
      await placeRandomly(a);
      await placeRandomly(b);
      await enemyBoard(a).waitFor();
      await enemyBoard(b).waitFor();
      await bar(a).getByRole('button', { name: lang === 'ru' ? 'Хороший выстрел!' : 'Nice shot!' }).click();
      await bubble(b, 'right').waitFor();
      await bar(b).getByRole('button', { name: '🔥' }).click();
      await bubble(a, 'right').waitFor();
      await bubble(a, 'left').waitFor();
      await a.waitForTimeout(300); // the bubbles' pop
      await a.screenshot({ path: join(artifacts, `chat-${lang}-${size}.png`), fullPage: true });
      // The row and the bubbles pass axe as the rest of the battle screen does.
      await check(a, 'battle', `chat-${lang}-${size}`);
      await b.screenshot({ path: join(artifacts, `chat-${lang}-${size}-other.png`) });
      // The other side's bubble hides none of the side panel (on a phone the panel
      // stands beside the player's own board, where it once covered the fleet counts).
      const covers = await a.evaluate(() => {
        const r = document.getElementById('chatRight').getBoundingClientRect(), p = document.getElementById('panel').getBoundingClientRect();
        return r.right > p.left && r.left < p.right && r.bottom > p.top && r.top < p.bottom;
      });
      assert.ok(!covers, 'the bubble covers the side panel');
      // Nor do the two bubbles cover each other (over one board on a phone, a long
      // Russian phrase once ran under the other side's).
      const clash = await a.evaluate(() => {
        const l = document.getElementById('chatLeft').getBoundingClientRect(), r = document.getElementById('chatRight').getBoundingClientRect();
        return l.right > r.left && l.left < r.right && l.bottom > r.top && l.top < r.bottom;
      });
      assert.ok(!clash, 'the two bubbles overlap');
      // The row fits the page: nothing sticks out sideways.
      const wide = await a.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= viewport.width, `page ${wide} px wide at ${viewport.width}`);
      // Neither bubble covers a board or its name (issue 37: they sat on «Ваше поле»,
      // and on a phone the other side's on the player's own board).
      const covered = await a.evaluate(() => {
        const meets = (p, q) => p.right > q.left && p.left < q.right && p.bottom > q.top && p.top < q.bottom;
        const under = ['mineTitle', 'theirsTitle'].map(id => document.getElementById(id)).concat([...document.querySelectorAll('#mine .board, #theirs .board')]);
        return ['chatLeft', 'chatRight'].flatMap(b => under.filter(u => meets(document.getElementById(b).getBoundingClientRect(), u.getBoundingClientRect())).map(u => `${b} on ${u.id || u.parentElement.id}`));
      });
      assert.deepEqual(covered, []);
      // The row is not cut by the switch beside it, and says when more is to the right.
      const row = await a.evaluate(() => {
        const bar = document.getElementById('chatBar'), mute = document.querySelector('.chatMute');
        return { clear: bar.getBoundingClientRect().right <= mute.getBoundingClientRect().left + 1,
          more: bar.scrollWidth > bar.clientWidth + 2, hinted: bar.classList.contains('more'),
          first: [...bar.querySelectorAll('button')].sort((x, y) => x.getBoundingClientRect().left - y.getBoundingClientRect().left)[0].className };
      });
      assert.ok(row.clear, 'the switch covers the row');
      assert.equal(row.hinted, row.more, 'the row scrolls with no sign of it');
      if (size === 'phone') assert.equal(row.first, 'emoji', 'the emoji come first on a phone');
    });
  }
}
