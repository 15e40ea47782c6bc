// Nobody waits alone, with a BOT online (issue 40): a signed-in player alone in the
// queue is offered a rated game against the BOT nearest in rating, and challenges it by
// «Играть»; a BOT that declines leaves her searching, one that accepts seats her at its
// board. The BOT here is a socket opened with its API token in a page of its own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors, signUp, poll } from './harness.js';

let server, browser, botPage;
const bot = 'Shkval' + String(Date.now() % 100000);
before(async () => {
  server = await startServer(['--queue-wait', '2']);
  browser = await startBrowser();
  // The BOT: signed up, made a BOT and given a token over HTTP, as docs/bot-api.md says.
  const post = (path, body, cookie) => fetch(server.url + path, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const up = await post('/account/signup', { name: bot, password: 'correct horse 1' });
  assert.equal(up.status, 201);
  const cookie = (up.headers.get('set-cookie') ?? '').split(';')[0];
  assert.equal((await post('/account/bot', { name: bot, password: 'correct horse 1' }, cookie)).status, 200);
  const made = await post('/account/tokens', { name: 'e2e' }, cookie);
  const { token } = await made.json();
  // Its socket answers each challenge as `window.answer` says (decline until told).
  botPage = await newPage(browser, 'en-US');
  await botPage.goto(server.url + '/assets/icon.svg');
  await botPage.evaluate(token => new Promise(resolve => {
    const w = /** @type {any} */ (window);
    w.answer = 'decline';
    w.heard = [];
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = e => {
      const m = JSON.parse(e.data);
      w.heard.push(m.type);
      if (m.type === 'welcome' && m.account) resolve(null);
      if (m.type === 'challenged') ws.send(JSON.stringify({ type: 'answer_challenge', id: m.id, answer: w.answer }));
    };
  }), token);
});
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });

test('alone in the queue: offered the BOT online; it declines, the nearest level is offered and the search goes on; it accepts, her game begins', async () => {
  const a = await newPage(browser, 'ru-RU');
  await a.goto(server.url + '/');
  await signUp(a, 'Вера' + String(Date.now() % 100000));
  await a.getByRole('button', { name: 'Найти соперника' }).click();
  await a.getByText(new RegExp(`^Соперника нет\\. Сыграть рейтинговую партию с ботом ${bot} \\(\\d+\\??, бот\\)\\?$`)).waitFor();
  await shot(a, 'bot-offer-ru.png');
  await a.getByRole('button', { name: 'Играть' }).click();
  // Nobody waits alone: the server offers the nearest level next, the no said first.
  await a.getByText(new RegExp(`^${bot} не принял вызов\\. Соперника нет\\. Сыграть рейтинговую партию с ботом Компьютер\\.\\S+ \\(\\d{4}, бот: [^)?]+\\)\\?$`)).waitFor();
  await shot(a, 'bot-offer-declined-ru.png');
  assert.ok(await a.getByRole('button', { name: 'Играть' }).isVisible());
  assert.ok(await a.getByText(/Ищем соперника/).first().isVisible());

  // Again, and this time the BOT takes the challenge: she sits at its board, rated.
  await botPage.evaluate(() => { /** @type {any} */ (window).answer = 'accept'; });
  await a.goto(server.url + '/');
  await a.getByRole('button', { name: 'Найти соперника' }).click();
  await a.getByText(new RegExp(`с ботом ${bot} `)).waitFor();
  await a.getByRole('button', { name: 'Играть' }).click();
  await a.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  await poll(async () => new RegExp(`${bot} BOT \\d+`).test((await a.locator('#theirsTitle').textContent()) ?? ''));
  // A BOT that takes the challenge is announced as one, not as a friend.
  await a.getByText(`Бот подключился: ${bot}`).first().waitFor();
  assert.equal(await a.getByText(/Друг подключился/).count(), 0);
  await shot(a, 'bot-offer-accepted-ru.png');
});
