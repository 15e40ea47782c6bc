// Moderation from the page (issue 51), in two browsers, in both languages, on a desktop
// and a phone, with axe-core on every dialog and on /mod: a player reports another from
// a challenge, from the board and from a profile; blocks them from the game-over dialog
// and unblocks them in the account dialog; a moderator (made by `seabattle admin
// grant-mod`, as an operator makes the first) reads the reports grouped by player on
// /mod and warns one, who sees the warning once at their next visit; a forced rename is
// asked for before anything else; anyone else is told /mod is for moderators.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, startBrowser, newPage, artifacts, pageErrors, placeRandomly, resign, poll, eachFires, signUp } from './harness.js';
import { check } from './axe.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
const unique = base => base + String(Date.now() % 100000);
const phone = [{ width: 390, height: 844 }, { isMobile: true, hasTouch: true }];
// The operator's shell: `seabattle admin` on the test server's own storage.
const admin = (...args) => execFileSync(server.bin, ['admin', '--db', server.db, ...args], { encoding: 'utf8' });

// The names the tests share: Анна reports and blocks kim; a third reports from a profile.
const names = { anna: unique('Анна'), kim: unique('kim'), lee: unique('lee') };

// Opens the account dialog (from ☰ on a phone).
async function openAccount(page, ru) {
  const button = page.getByRole('button', { name: ru ? /^Аккаунт/ : /^Account/ });
  if (!(await button.isVisible())) await page.getByRole('button', { name: /^(Меню|Menu)$/ }).click();
  await button.click();
  return page.getByRole('dialog', { name: ru ? 'Аккаунт' : 'Account' });
}

test('a report from a challenge and from the board, a block from the game-over dialog, undone in the account dialog', async () => {
  const a = await newPage(browser, 'ru-RU');
  const b = await newPage(browser, 'en-US', ...phone);
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await signUp(a, names.anna);
  await signUp(b, names.kim);
  // kim challenges Анна from her profile; her challenge dialog has «Пожаловаться».
  await b.goto(`${server.url}/u/${encodeURIComponent(names.anna)}?lang=en`);
  await b.getByRole('link', { name: 'Challenge' }).click();
  await b.getByRole('dialog', { name: `Challenge ${names.anna}` }).getByRole('button', { name: 'Challenge', exact: true }).click();
  const challenged = a.getByRole('dialog', { name: 'Вас вызывают на бой' });
  await challenged.waitFor();
  await challenged.getByRole('button', { name: 'Пожаловаться' }).click();
  const report = a.getByRole('dialog', { name: `Пожаловаться на ${names.kim}` });
  await report.waitFor();
  await report.getByText(`${names.kim} не узнает, кто пожаловался.`, { exact: false }).waitFor();
  await check(a, 'report', 'the report dialog (ru, desktop)');
  await shot(a, 'report-challenge-ru.png');
  // No reason chosen: the form says so and sends nothing.
  await report.getByRole('button', { name: 'Отправить жалобу' }).click();
  assert.equal(await report.isVisible(), true);
  await report.getByRole('radio', { name: 'Тянет время' }).check();
  await report.getByLabel('Несколько слов (необязательно)').fill('Вызывает каждую минуту и не ходит.');
  await report.getByRole('button', { name: 'Отправить жалобу' }).click();
  const thanks = a.getByRole('dialog', { name: `Жалоба на ${names.kim} отправлена. Спасибо!` });
  await thanks.waitFor();
  await thanks.getByRole('button', { name: 'Закрыть' }).click();
  // The challenged dialog is still there: she plays anyway.
  await challenged.getByRole('button', { name: 'Принять' }).click();
  for (const p of [a, b]) await p.getByRole('grid', { name: /Ваше поле|Your board/ }).waitFor();
  await placeRandomly(a);
  await placeRandomly(b);
  await eachFires(a, b, /^(Ваш ход|Your turn)/);
  // Анна says a quick phrase: the moderators read it beside kim's report of this game.
  await a.getByRole('button', { name: 'Удачи!' }).click();
  await b.getByText('Good luck!').first().waitFor();
  await shot(b, 'report-button-phone-en.png');
  // kim reports Анна from the board, about this game.
  const game = a.url().split('/g/')[1]?.split('?')[0];
  await b.getByRole('button', { name: 'Report', exact: true }).click();
  const theirs = b.getByRole('dialog', { name: `Report ${names.anna}` });
  await theirs.getByText(`It is about game ${game}.`, { exact: false }).waitFor();
  await theirs.getByRole('radio', { name: 'An offensive name' }).check();
  await check(b, 'report', 'the report dialog (en, phone)');
  await shot(b, 'report-board-phone-en.png');
  await theirs.getByRole('button', { name: 'Send the report' }).click();
  await b.getByRole('dialog', { name: `Your report of ${names.anna} is sent. Thank you!` }).getByRole('button', { name: 'Close' }).click();
  // Once a day per reason: the second is refused in words.
  await b.getByRole('button', { name: 'Report', exact: true }).click();
  await theirs.getByRole('radio', { name: 'An offensive name' }).check();
  await theirs.getByRole('button', { name: 'Send the report' }).click();
  await theirs.getByRole('alert').getByText('you reported this player for this reason today already').waitFor();
  await theirs.getByRole('button', { name: 'Cancel' }).click();
  // The game ends; Анна blocks kim from the game-over dialog.
  await resign(b);
  const over = a.getByRole('dialog', { name: 'Игра окончена' });
  await over.getByRole('button', { name: 'Заблокировать' }).click();
  const block = a.getByRole('dialog', { name: `Заблокировать ${names.kim}?` });
  await block.getByText('больше не сможет вызывать вас на игру', { exact: false }).waitFor();
  await check(a, 'report', 'the block question (ru, desktop)');
  await shot(a, 'block-over-ru.png');
  await block.getByRole('button', { name: 'Заблокировать' }).click();
  await a.getByRole('dialog', { name: `${names.kim}: заблокирован(а).` }).getByRole('button', { name: 'Закрыть' }).click();
  // Blocked, kim cannot challenge her.
  await b.goto(`${server.url}/u/${encodeURIComponent(names.anna)}?lang=en`);
  await b.getByRole('link', { name: 'Challenge' }).click();
  await b.getByRole('dialog', { name: `Challenge ${names.anna}` }).getByRole('button', { name: 'Challenge', exact: true }).click();
  await b.getByText(/you cannot challenge this player/i).first().waitFor();
  // Her account dialog lists kim, with «Разблокировать».
  await a.goto(server.url + '/');
  const acc = await openAccount(a, true);
  await acc.getByText('Заблокированные игроки').click();
  const unblock = acc.getByRole('button', { name: `Разблокировать ${names.kim}` });
  await unblock.waitFor();
  await check(a, 'account', 'the blocked list (ru, desktop)');
  await shot(a, 'blocked-list-ru.png');
  await unblock.click();
  await acc.getByText(`${names.kim}: блокировка снята.`).waitFor();
  await acc.getByText('Вы никого не блокируете.').waitFor();
  // The same list on a phone, in English: empty, then one name.
  await b.goto(server.url + '/');
  const bAcc = await openAccount(b, false);
  await bAcc.getByText('Blocked players').click();
  await bAcc.getByText('You block nobody.').waitFor();
  await shot(b, 'blocked-none-phone-en.png');
});

test('a report from a profile; a guest is asked to sign in first', async () => {
  const c = await newPage(browser, 'en-US');
  await c.goto(server.url + '/');
  // A guest follows a profile's «Report»: reports are an account's.
  await c.goto(`${server.url}/u/${encodeURIComponent(names.kim)}?lang=en`);
  await c.getByRole('link', { name: 'Report' }).click();
  const guest = c.getByRole('dialog', { name: 'Only a signed-in player can report or block.' });
  await guest.waitFor();
  await guest.getByRole('button', { name: 'Sign in' }).click();
  await c.getByRole('dialog', { name: 'Account' }).waitFor();
  await c.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Close' }).click();
  await signUp(c, names.lee);
  await c.goto(`${server.url}/u/${encodeURIComponent(names.kim)}?lang=en`);
  await c.getByRole('link', { name: 'Report' }).click();
  const report = c.getByRole('dialog', { name: `Report ${names.kim}` });
  await report.getByRole('radio', { name: 'Plays with a solver or another program' }).check();
  await report.getByLabel('A few words (optional)').fill('Every shot lands.');
  await shot(c, 'report-profile-en.png');
  await report.getByRole('button', { name: 'Send the report' }).click();
  await c.getByRole('dialog', { name: `Your report of ${names.kim} is sent. Thank you!` }).waitFor();
  // The same from a phone, in Russian.
  const d = await newPage(browser, 'ru-RU', ...phone);
  await d.goto(server.url + '/');
  await signUp(d, unique('Оля'));
  await d.goto(`${server.url}/u/${encodeURIComponent(names.kim)}?lang=ru`);
  await d.getByRole('link', { name: 'Пожаловаться' }).click();
  const ru = d.getByRole('dialog', { name: `Пожаловаться на ${names.kim}` });
  await ru.getByRole('radio', { name: 'Оскорбления в игре' }).check();
  await check(d, 'report', 'the report dialog (ru, phone)');
  await shot(d, 'report-profile-phone-ru.png');
  await ru.getByRole('button', { name: 'Отправить жалобу' }).click();
  await d.getByRole('dialog', { name: `Жалоба на ${names.kim} отправлена. Спасибо!` }).waitFor();
});

test('the moderators’ page: reports by player, a warning seen once, a forced rename; nobody else gets in', async () => {
  // Nobody else: a guest and a plain account are told, and the page is a 403.
  const x = await newPage(browser, 'en-US');
  const r = await x.goto(server.url + '/mod');
  assert.equal(r.status(), 403);
  await x.getByText('This page is for moderators only.', { exact: false }).waitFor();
  await check(x, 'mod', '/mod refused (en, desktop)');
  // The first moderator, made by the operator.
  const modName = unique('Мод');
  const m = await newPage(browser, 'ru-RU');
  await m.goto(server.url + '/');
  await signUp(m, modName);
  assert.match(admin('grant-mod', modName), /moderator/);
  await m.goto(server.url + '/mod');
  await m.getByRole('heading', { name: 'Модерация', level: 1 }).waitFor();
  // kim has three reports (a challenge, a profile, a phone), Анна one; new accounts'
  // reports weigh a quarter each.
  const kim = m.getByRole('article', { name: new RegExp(`^${names.kim}`) });
  await kim.getByText('жалоб: 3, вес 0,75').waitFor();
  await kim.getByText('Тянет время', { exact: false }).waitFor();
  await kim.getByText('Вызывает каждую минуту и не ходит.', { exact: false }).waitFor();
  await kim.getByText(/Партий: 1, побед: 0/).waitFor();
  const anna = m.getByRole('article', { name: new RegExp(`^${names.anna}`) });
  await anna.getByText(`Чат в партии: ${names.anna}: «Удачи!»`).waitFor();
  const replay = anna.getByRole('link', { name: /^партия / });
  assert.match(await replay.getAttribute('href') ?? '', /^\/replay\/[a-z0-9]+$/);
  await check(m, 'mod', '/mod (ru, desktop)');
  await shot(m, 'mod-ru.png');
  // A warning, with its reason, resolving kim's reports.
  await kim.getByLabel('Действие', { exact: true }).selectOption('warn');
  await kim.getByLabel('Причина (попадёт в журнал)').fill('Не вызывайте игроков без конца.');
  await kim.getByRole('button', { name: 'Выполнить' }).click();
  await m.getByText(new RegExp(`^Сделано: Предупредить — ${names.kim} \\(запись \\d+ в журнале\\)\\. Закрыто жалоб: 3\\.$`)).waitFor();
  assert.equal(await m.getByRole('article', { name: new RegExp(`^${names.kim}`) }).count(), 0);
  const log = m.getByRole('region', { name: 'Журнал модерации' });
  await log.getByRole('row', { name: new RegExp(`${modName}.*Предупредить.*${names.kim}.*Не вызывайте`) }).waitFor();
  await log.getByRole('row', { name: /оператор.*Выдать роль модератора/ }).waitFor();
  // A forced rename of Анна, from the form for any player, on a phone in English.
  const mp = await newPage(browser, 'en-US', ...phone);
  await mp.context().addCookies(await m.context().cookies());
  await mp.goto(server.url + '/mod');
  await mp.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
  await check(mp, 'mod', '/mod (en, phone)');
  await shot(mp, 'mod-phone-en.png');
  const any = mp.getByRole('region', { name: 'Act on any player' });
  await any.getByLabel('Player').fill(names.anna);
  await any.getByLabel('Action', { exact: true }).selectOption('force_rename');
  await any.getByLabel('Why (written to the log)').fill('The name mocks another player.');
  await any.getByRole('button', { name: 'Do it' }).click();
  await mp.getByText(new RegExp(`^Done: Force a rename — ${names.anna} \\(log line \\d+\\)\\.$`)).waitFor();
  // A mute needs its minutes; a missing reason is refused by the form itself.
  await any.getByLabel('Action', { exact: true }).selectOption('mute');
  await any.getByLabel('Minutes').waitFor();

  // kim's next visit shows the warning once.
  const k = await newPage(browser, 'en-US', ...phone);
  await k.context().addCookies(await loginCookies(names.kim));
  await k.addInitScript(n => localStorage.setItem('sb.account', n), names.kim);
  await k.goto(server.url + '/');
  const warned = k.getByRole('dialog', { name: "A moderator's warning" });
  await warned.getByText('A moderator warned you, and wrote why.', { exact: false }).waitFor();
  await warned.locator('blockquote').getByText('Не вызывайте игроков без конца.').waitFor();
  await check(k, 'notice', 'the warning (en, phone)');
  await shot(k, 'warned-phone-en.png');
  await warned.getByRole('button', { name: 'Understood' }).click();
  // Told once: the next visit's `/account/me` has nothing to tell.
  const again = k.waitForResponse(r => new URL(r.url()).pathname === '/account/me');
  await k.reload();
  const me = await (await again).json();
  assert.deepEqual(me.notices ?? [], []);
  assert.equal(me.name, names.kim);
  assert.equal(await warned.count(), 0, 'the warning is shown once');

  // Анна's next visit asks for a new name before anything else; Escape does not close it.
  const a = await newPage(browser, 'ru-RU');
  await a.context().addCookies(await loginCookies(names.anna));
  await a.addInitScript(n => localStorage.setItem('sb.account', n), names.anna);
  await a.goto(server.url + '/');
  const rename = a.getByRole('dialog', { name: 'Смените имя' });
  await rename.getByText(`Модератор счёл имя ${names.anna} недопустимым.`, { exact: false }).waitFor();
  await a.keyboard.press('Escape');
  assert.equal(await rename.isVisible(), true);
  await check(a, 'notice', 'the forced rename (ru, desktop)');
  await shot(a, 'rename-ru.png');
  // The old name stays taken, even by its owner.
  await rename.getByLabel('Новое имя').fill(names.anna);
  await rename.getByRole('button', { name: 'Сменить имя' }).click();
  await rename.getByRole('alert').getByText('это имя уже занято').waitFor();
  const fresh = unique('Ася');
  await rename.getByLabel('Новое имя').fill(fresh);
  await rename.getByRole('button', { name: 'Сменить имя' }).click();
  await a.getByRole('dialog', { name: `Теперь ваше имя — ${fresh}.` }).waitFor();
  await poll(async () => ((await a.locator('#accountBtn').textContent()) ?? '').includes(fresh));
});

// A session's cookies for `name`, signed in over HTTP (as a second device would).
async function loginCookies(name) {
  const r = await fetch(server.url + '/account/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ name, password: 'correct horse' }),
  });
  assert.equal(r.status, 200, await r.text());
  const cookie = r.headers.get('set-cookie') ?? '';
  const [pair] = cookie.split(';');
  const [key, value] = pair.split('=');
  return [{ name: key, value, url: server.url }];
}
