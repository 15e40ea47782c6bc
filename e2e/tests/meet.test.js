// People meet people (issue 39), in two browsers, in both languages, on a desktop and
// a phone: the lobby shows who is here and lists an open game with its player's name
// and rating, one click joins it, names and ratings show at the board, for a spectator
// and in the game-over dialog; a challenge sent from a profile is accepted; the
// waiting screen says the rules, rated or casual, and why the computer is offered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors, placeRandomly, resign, poll, eachFires, signUp } from './harness.js';

let server, browser;
before(async () => { server = await startServer(['--queue-wait', '3']); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
const unique = base => base + String(Date.now() % 100000);
const phone = [{ width: 390, height: 844 }, { isMobile: true, hasTouch: true }];

test('the lobby: who is here, an open game with its name and rating, joined in one click, names at the board and at the end', async () => {
  const a = await newPage(browser, 'ru-RU');
  const b = await newPage(browser, 'en-US', ...phone);
  const nameA = unique('Анна');
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await signUp(a, nameA);
  // Who is here, live: both pages count.
  await poll(async () => /^На сайте: [2-9]/.test((await a.locator('#online').textContent()) ?? ''));
  await b.getByText(/^Online: [2-9]\d* · games in play: \d+$/).waitFor();
  await b.getByText('No open games yet. Open yours: everyone who comes by will see it.').waitFor();
  // The choice is remembered and visible; a guest's is casual.
  assert.equal(await a.locator('#ratedPick').inputValue(), 'rated');
  assert.equal(await b.locator('#ratedPick').inputValue(), 'casual');
  await b.getByText('Rated games are for signed-in players.').waitFor();
  await a.getByRole('button', { name: 'Открыть игру в лобби' }).click();
  await a.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  // Issue 48: her game waits in the lobby, not for a friend with a link; its rating is
  // the lobby's, not asked for.
  await a.getByText('Игра открыта в лобби: ждём соперника…').waitFor();
  assert.equal(await a.locator('#link').isHidden(), true);
  assert.equal(await a.getByRole('button', { name: 'Сыграть на рейтинг' }).isVisible(), false);
  await shot(a, 'lobby-waiting-ru.png');
  // The guest's lobby lists Анна's game with her rating, and a button to play it.
  const row = b.locator('#openList li', { hasText: nameA });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /1500\?\s*Classic · no clock · rated/);
  assert.equal(await row.getByRole('link', { name: nameA }).getAttribute('href'), '/u/' + encodeURIComponent(nameA));
  await shot(b, 'lobby-phone-en.png');
  await row.getByRole('button', { name: 'Play' }).click();
  await b.getByRole('grid', { name: 'Your board' }).waitFor();
  await poll(async () => (await b.locator('#theirsTitle').textContent()) === `Enemy board · ${nameA} 1500?`);
  // The game is casual (a guest joined), and Анна sees her opponent named a guest.
  await poll(async () => /\(гость\)$/.test((await a.locator('#theirsTitle').textContent()) ?? '') || (await a.locator('#theirsTitle').textContent()) === 'Поле противника');
  // A stranger is an opponent, not a friend.
  await a.getByText('Соперник подключился').first().waitFor();
  assert.equal(await a.getByText(/Друг подключился/).count(), 0);
  await placeRandomly(a);
  await placeRandomly(b);
  await eachFires(a, b, /^(Ваш ход|Your turn)/);
  // A spectator sees both names.
  const watcher = await newPage(browser, 'ru-RU', ...phone);
  const game = a.url().split('/g/')[1].split('?')[0];
  await watcher.goto(`${server.url}/g/${game}`);
  await poll(async () => ((await watcher.locator('#watching').textContent()) ?? '').includes(`${nameA} 1500?`));
  await shot(watcher, 'spectator-names-phone-ru.png');
  await resign(b);
  const over = a.getByRole('dialog', { name: 'Игра окончена' });
  await over.getByRole('columnheader', { name: new RegExp(`^${nameA} \\(Вы\\)$`) }).waitFor();
  await shot(a, 'over-names-ru.png');
  await b.getByRole('dialog', { name: 'Game over' }).getByRole('link', { name: nameA }).waitFor();
  await shot(b, 'over-names-phone-en.png');
});

test('a challenge from a profile, accepted: both at one board, named and rated', async () => {
  const a = await newPage(browser, 'ru-RU', ...phone);
  const b = await newPage(browser, 'en-US');
  const [nameA, nameB] = [unique('Ира'), unique('kim')];
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await signUp(a, nameA);
  await signUp(b, nameB);
  await b.goto(`${server.url}/u/${encodeURIComponent(nameA)}?lang=en`);
  await b.getByRole('link', { name: 'Challenge' }).click();
  await poll(async () => (await b.locator('#challengeName').inputValue()) === nameA);
  // Issue 48: the profile's «Challenge» opens the challenge's settings on the spot
  // (it used to leave the name in a form 1,300 px down the start page).
  const send = b.getByRole('dialog', { name: `Challenge ${nameA}` });
  await send.waitFor();
  assert.equal(await send.getByLabel('Rules').inputValue(), 'classic');
  assert.equal(await send.getByLabel('Game:').inputValue(), 'rated');
  await shot(b, 'challenge-settings-en.png');
  await send.getByRole('button', { name: 'Challenge', exact: true }).click();
  assert.equal(await send.isVisible(), false);
  await b.getByText(new RegExp(`^Challenge sent to ${nameA} \\(1500\\?\\)\\. Waiting for an answer…`)).waitFor();
  const dlg = a.getByRole('dialog', { name: 'Вас вызывают на бой' });
  await dlg.getByText(new RegExp(`^${nameB} \\(1500\\?\\) вызывает вас: Классика, рейтинговая, без часов\\.`)).waitFor();
  await shot(a, 'challenge-phone-ru.png');
  await shot(b, 'challenge-sent-en.png');
  await dlg.getByRole('button', { name: 'Принять' }).click();
  for (const p of [a, b]) await p.getByRole('grid', { name: /Ваше поле|Your board/ }).waitFor();
  await poll(async () => (await b.locator('#theirsTitle').textContent()) === `Enemy board · ${nameA} 1500?`);
  await poll(async () => (await a.locator('#theirsTitle').textContent()) === `Поле противника · ${nameB} 1500?`);
  // Issue 48: the one who challenged is an opponent, named with the rating, not a friend.
  await a.getByText(`Соперник подключился: ${nameB} 1500?`).first().waitFor();
  await b.getByText(`Your opponent is here: ${nameA} 1500?`).first().waitFor();
  for (const p of [a, b]) assert.equal(await p.getByText(/Друг подключился|Your friend is here/).count(), 0);
  await shot(a, 'challenge-board-phone-ru.png');
  await shot(b, 'challenge-board-en.png');
});

// Issue 48, item 1: a guest opened a game in the lobby and another pressed «Найти
// соперника» a moment later; 12 s on they still waited for each other in two pools.
test('one pool: «Find opponent» takes a game open in the lobby, and a player in the queue is listed there and joined in one click', async () => {
  const a = await newPage(browser, 'ru-RU');
  const b = await newPage(browser, 'en-US', ...phone);
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await a.locator('#rules').selectOption('hasbro');
  await a.getByRole('button', { name: 'Открыть игру в лобби' }).click();
  await a.getByText('Игра открыта в лобби: ждём соперника…').waitFor();
  await b.locator('#openList li', { hasText: 'Hasbro' }).waitFor();
  await b.locator('#rules').selectOption('hasbro');
  await b.getByRole('button', { name: 'Find opponent' }).click();
  await b.getByRole('grid', { name: 'Your board' }).waitFor();
  await a.getByText('Соперник подключился').first().waitFor();
  await a.close();
  await b.close();
  // A player in the queue is listed in the lobby, and one click plays them.
  const c = await newPage(browser, 'en-US');
  const d = await newPage(browser, 'ru-RU', ...phone);
  await c.goto(server.url + '/');
  await d.goto(server.url + '/');
  await c.locator('#rules').selectOption('salvo');
  await c.getByRole('button', { name: 'Find opponent' }).click();
  await c.getByText(/^Looking for an opponent/).first().waitFor();
  const row = d.locator('#openList li', { hasText: 'ищет соперника' });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /товарищеская · ищет соперника/);
  await shot(d, 'lobby-seeker-phone-ru.png');
  await row.getByRole('button', { name: 'Играть' }).click();
  await d.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  await c.getByRole('grid', { name: 'Your board' }).waitFor();
  await c.close();
  await d.close();
});

test('a challenge declined is said to the challenger; the waiting screen says the rules, rated or casual, and why the computer is offered', async () => {
  const a = await newPage(browser, 'en-US');
  const b = await newPage(browser, 'ru-RU');
  const [nameA, nameB] = [unique('lee'), unique('Оля')];
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await signUp(a, nameA);
  await signUp(b, nameB);
  await a.locator('#challengeName').fill(nameB);
  await a.getByRole('button', { name: 'Challenge', exact: true }).click();
  await b.getByRole('dialog', { name: 'Вас вызывают на бой' }).getByRole('button', { name: 'Отклонить' }).click();
  await a.getByText(`${nameB} declined the challenge.`).waitFor();
  // A name nobody has.
  await a.locator('#challengeName').fill('nobody-at-all');
  await a.getByRole('button', { name: 'Challenge', exact: true }).click();
  await a.getByText('no player has that name').waitFor();
  // Casual chosen, remembered across a reload.
  await b.locator('#ratedPick').selectOption('casual');
  await b.reload();
  assert.equal(await b.locator('#ratedPick').inputValue(), 'casual');
  await b.getByRole('button', { name: 'Найти соперника' }).click();
  await b.getByText('Классика · товарищеская').waitFor();
  await b.getByText(/^За \d+ с никого с такими правилами не нашлось\. Сыграть с компьютером\?$/).waitFor();
  await shot(b, 'waiting-offer-ru.png');
});
