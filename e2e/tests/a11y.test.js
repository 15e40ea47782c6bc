// axe-core on every screen a player meets: start, the friend-waiting screen with its
// share button, placement, battle, game over, a spectator's view and the replay; at
// 1280×800 and on a 390×844 touch phone, in Russian and in English. Any violation of
// impact serious or critical fails, unless axe.js lists it as known. Each screen is
// saved under target/e2e/a11y/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, startBrowser, enemyBoard, placeRandomly, poll, artifacts, pageErrors, resign, oneShot } from './harness.js';
import { check } from './axe.js';

let server, browser;
const dir = join(artifacts, 'a11y');
before(async () => { server = await startServer(); browser = await startBrowser(); mkdirSync(dir, { recursive: true }); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const SIZES = {
  desk: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const WORDS = {
  ru: { locale: 'ru-RU', name: 'Алиса', yourName: 'Ваше имя (необязательно)', create: 'Создать игру', link: 'Отправьте другу ссылку:',
    own: 'Ваше поле', turn: /^Ваш ход/, over: 'Игра окончена' },
  en: { locale: 'en-US', name: 'Alice', yourName: 'Your name (optional)', create: 'Create game', link: 'Send your friend the link:',
    own: 'Your board', turn: /^Your turn/, over: 'Game over' },
};

// A page in a fresh context of `size` and `lang`, opened with `?pace=0` (no pauses).
async function open(lang, size) {
  const ctx = await browser.newContext({ locale: WORDS[lang].locale, ...SIZES[size] });
  const page = await ctx.newPage();
  const goto = page.goto.bind(page);
  page.goto = (url, opts) => goto(url + (url.includes('?') ? '&' : '?') + 'pace=0', opts);
  page.on('pageerror', e => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', m => { if (/Content Security Policy/.test(m.text())) pageErrors.push(m.text()); });
  return page;
}

// Checks `screen` on `page` and saves how it looks.
async function screen(page, name, lang, size) {
  const label = `${name} (${lang}, ${size})`;
  await page.screenshot({ path: join(dir, `${name}-${lang}-${size}.png`) });
  const { known } = await check(page, name, label);
  return known.map(v => `${label}: ${v.id}`);
}

for (const lang of ['ru', 'en']) {
  for (const size of ['desk', 'phone']) {
    test(`axe finds nothing serious on any screen (${lang}, ${size})`, async () => {
      const w = WORDS[lang], known = [];
      const a = await open(lang, size);
      await a.goto(server.url + '/');
      await poll(async () => (await a.locator('#rules option').count()) > 3);
      known.push(...await screen(a, 'start', lang, size));

      // The host names herself and creates a game: the link, its QR code, Copy and Share.
      await a.getByRole('textbox', { name: w.yourName }).fill(w.name);
      await a.getByRole('button', { name: w.create }).click();
      const linkBox = a.getByRole('textbox', { name: w.link });
      await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
      const link = await linkBox.inputValue();
      known.push(...await screen(a, 'waiting', lang, size));

      const b = await open(lang, size);
      await b.goto(link);
      await b.getByRole('grid', { name: w.own }).waitFor();
      known.push(...await screen(b, 'placement', lang, size));

      await placeRandomly(a);
      await placeRandomly(b);
      await enemyBoard(a).waitFor();
      await enemyBoard(b).waitFor();
      for (let i = 0; i < 6; i++) await oneShot(a, b, w.turn);
      // One of them shoots, the other waits: both banners are checked.
      known.push(...await screen(a, 'battle', lang, size));
      known.push(...await screen(b, 'battle', lang, `${size}-b`));

      // A third visitor of the full game watches.
      const c = await open(lang, size);
      await c.goto(link);
      await poll(async () => (await c.getByRole('grid').count()) === 2);
      // Its log holds the shots it saw.
      for (let i = 0; i < 2; i++) await oneShot(a, b, w.turn);
      await poll(async () => (await c.locator('#log li').count()) > 0);
      known.push(...await screen(c, 'spectator', lang, size));

      await resign(a);
      await a.getByRole('dialog', { name: w.over }).waitFor();
      known.push(...await screen(a, 'over', lang, size));

      await a.goto(server.url + new URL(link).pathname.replace('/g/', '/replay/'));
      await poll(async () => /\d/.test(await a.locator('#step').textContent().catch(() => '')));
      known.push(...await screen(a, 'replay', lang, size));
      // Two players at one device: the hand-over screen, then the first placement.
      const d = await open(lang, size);
      await d.goto(server.url + '/');
      await d.getByRole('button', { name: /^(Начать|Start)$/ }).click();
      const hand = d.getByRole('button', { name: /^(Я игрок 1 — показать|I'm player 1 — show)$/ });
      await hand.waitFor();
      known.push(...await screen(d, 'hotseat-handover', lang, size));
      await hand.click();
      await d.getByRole('grid', { name: w.own }).waitFor();
      known.push(...await screen(d, 'hotseat-placement', lang, size));
      await d.context().close();
      if (known.length) console.error(`known violations still to mend:\n  ${known.join('\n  ')}`);
      for (const p of [a, b, c]) await p.context().close();
    });
  }
}

test('the checker fails on a serious violation, naming the rule and the node', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.setContent('<!doctype html><html lang="en"><title>x</title><main><img id="pic" src="data:,"></main></html>');
  await assert.rejects(check(page, 'start', 'a page with a picture and no words'),
    e => /image-alt \(critical, 1 node\)/.test(e.message) && /#pic/.test(e.message));
  await ctx.close();
});

test('on a touch phone every control is a finger\'s target: 44 px tall (issue 48)', async () => {
  // The Level, Clock, Rules and Game selects were 22 px tall, every button 34 px, the chat's
  // emoji 23×28, the coach's checkbox 13×13, and the links of /top and /u/ 16–19 px.
  const page = await open('en', 'phone');
  await page.goto(server.url + '/');
  const small = async () => page.evaluate(() => [...document.querySelectorAll('button, select, input, a.btn, .players main a')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && !e.classList.contains('dship'))
    .map(e => ({ e, r: e.getBoundingClientRect(), box: /** @type {HTMLInputElement} */ (e).type === 'checkbox' }))
    .filter(({ r, box }) => (box ? r.height < 24 || r.width < 24 : r.height < 44))
    .map(({ e, r }) => `${e.tagName.toLowerCase()}#${e.id || ''}.${e.className || ''} ${Math.round(r.width)}×${Math.round(r.height)}`));
  assert.deepEqual(await small(), [], 'the start page');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  assert.deepEqual(await small(), [], 'the battle');
  await page.goto(server.url + '/top?lang=en');
  assert.deepEqual(await small(), [], 'the leaderboard');
});

test('the hidden skip button stays out of sight on a Russian phone until it has the focus (issue 48)', async () => {
  // It wrapped to two lines and showed a 5 px white bar across the top of every screen.
  const page = await open('ru', 'phone');
  await page.goto(server.url + '/');
  const bottom = () => page.evaluate(() => document.getElementById('blindSkip')?.getBoundingClientRect().bottom ?? 0);
  assert.ok(await bottom() <= 0, `the skip button's bottom is at ${await bottom()} px`);
  await page.keyboard.press('Tab');
  assert.ok(await bottom() > 0, 'focused, it is in sight');
});
