// Nobody waits alone (issue 40), in two languages, on a desktop and a phone: a signed-in
// player alone in the queue is offered a rated game against the computer's level nearest
// in rating, accepts, plays it to the end and sees both ratings change; another who
// declines keeps waiting and meets the next player who comes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors, placeRandomly, poll, openCells, signUp, playToTheEnd } from './harness.js';

let server, browser;
before(async () => { server = await startServer(['--queue-wait', '2']); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
const unique = base => base + String(Date.now() % 100000);
const phone = [{ width: 390, height: 844 }, { isMobile: true, hasTouch: true }];


test('alone in the queue: a rated game against the nearest level, offered, accepted, played, rated', async () => {
  const a = await newPage(browser, 'ru-RU');
  const name = unique('Анна');
  await a.goto(server.url + '/');
  await signUp(a, name);
  assert.equal(await a.locator('#ratedPick').inputValue(), 'rated');
  await a.getByRole('button', { name: 'Найти соперника' }).click();
  await a.getByText('Классика · рейтинговая').waitFor();
  // Issue 48: a level is offered at its fixed rating (no «?»), its strength in words.
  const offer = a.getByText(/^Соперника нет\. Сыграть рейтинговую партию с ботом Компьютер\.\S+ \(\d{4}, бот: [^)?]+\)\?$/);
  await offer.waitFor();
  await shot(a, 'ladder-offer-ru.png');
  await a.getByRole('button', { name: 'Играть' }).click();
  await a.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  // The level sits at the board under its account's name, marked BOT, with its rating.
  await poll(async () => /Компьютер\.\S+ BOT \d+/.test((await a.locator('#theirsTitle').textContent()) ?? ''));
  await placeRandomly(a);
  const over = await playToTheEnd(a);
  // Both ratings are shown; only hers moved: a level's rating is fixed (issue 48).
  const text = (await over.textContent()) ?? '';
  assert.equal((text.match(/→/g) ?? []).length >= 2, true, text);
  assert.match(text, /(\d{4}) → \1 \(\+0\)/, text);
  // Regression: moves named by a long account («Компьютер.лёгкий: Б10 — Мимо!») held the
  // side panel at their full width, past the right edge of a 1280 px window.
  const edge = await a.evaluate(() => [document.getElementById('panel').getBoundingClientRect().right, document.documentElement.clientWidth]);
  assert.ok(edge[0] <= edge[1], `the panel ends at ${edge[0]} px, the window at ${edge[1]} px`);
  await shot(a, 'ladder-over-ru.png');
  // Her profile: the one scale's rating, and none yet against people (the level is a BOT).
  await a.goto(`${server.url}/u/${encodeURIComponent(name)}`);
  const row = a.getByRole('row', { name: /^Классика/ });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /\d{4}\??\s*1\s*—$/);
  await shot(a, 'ladder-profile-ru.png');
  await a.getByText('Против людей', { exact: true }).waitFor();
});

test('a player who declines the offer keeps waiting and meets the next one', async () => {
  const b = await newPage(browser, 'en-US', ...phone);
  const c = await newPage(browser, 'ru-RU');
  await b.goto(server.url + '/');
  await c.goto(server.url + '/');
  await signUp(b, unique('bo'));
  await signUp(c, unique('Катя'));
  await b.getByRole('button', { name: 'Find opponent' }).click();
  // An English page names the level in English, with its strength (issue 48).
  await b.getByText(/^No opponent yet\. Play a rated game against the bot Computer\.(easy|medium|hard|expert) \(\d{4}, BOT: [^)?]+\)\?$/).waitFor();
  await shot(b, 'ladder-offer-phone-en.png');
  await b.getByRole('button', { name: 'Keep waiting' }).click();
  assert.equal(await b.locator('#offer').isHidden(), true);
  assert.equal(await b.locator('#wait').isVisible(), true);
  await c.getByRole('button', { name: 'Найти соперника' }).click();
  await b.getByRole('grid', { name: 'Your board' }).waitFor();
  await c.getByRole('grid', { name: 'Ваше поле' }).waitFor();
});
