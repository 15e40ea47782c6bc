// The leaderboard and profiles from the page (issue 39): a guest finds the leaderboard
// on the start screen; profiles and the leaderboard speak the language chosen on the
// page, and their own switch changes the page's; «Мои игры» is current right after
// signing up; an account is deleted from the dialog with its password and a tick. In
// Russian on a desktop and in English on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors, placeRandomly, poll } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
const unique = base => base + String(Date.now() % 100000);
const phone = () => newPage(browser, 'en-US', { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
const ru = {
  account: /^Аккаунт/, name: /^Имя/, password: /^Пароль/, create: 'Создать аккаунт', dialog: 'Аккаунт', close: 'Закрыть',
  del: 'Удалить аккаунт', sure: name => `Да, удалить аккаунт ${name} навсегда`, delYes: 'Удалить аккаунт навсегда',
  wrong: 'Неверный пароль: аккаунт не удалён.', deleted: name => `Аккаунт ${name} удалён, вы вышли. Играть можно и без аккаунта.`,
};
const en = {
  account: /^Account/, name: /^Name/, password: /^Password/, create: 'Create account', dialog: 'Account', close: 'Close',
  del: 'Delete account', sure: name => `Yes, delete the account ${name} for good`, delYes: 'Delete the account for good',
  wrong: 'Wrong password: the account is not deleted.', deleted: name => `The account ${name} is deleted and you are signed out. You can still play without one.`,
};

// The account dialog, opened (from the menu on a phone).
async function openAccount(page, words) {
  const button = page.getByRole('button', { name: words.account });
  if (!(await button.isVisible())) await page.getByRole('button', { name: /^(Меню|Menu)$/ }).click();
  await button.click();
  return page.getByRole('dialog', { name: words.dialog });
}

async function signUp(page, words, name) {
  const dlg = await openAccount(page, words);
  await dlg.getByLabel(words.name).fill(name);
  await dlg.getByLabel(words.password).fill('correct horse');
  await dlg.getByRole('button', { name: words.create }).click();
  await dlg.locator('#signedIn').waitFor();
  return dlg;
}

// The page's language menu, set to `code` (from the menu on a phone).
async function chooseLanguage(page, code) {
  const select = page.locator('#lang');
  if (!(await select.isVisible())) await page.getByRole('button', { name: /^(Меню|Menu)$/ }).click();
  await select.selectOption(code);
  if (await page.getByRole('button', { name: /^(Меню|Menu)$/ }).isVisible()) await page.keyboard.press('Escape');
}

test('a guest finds the leaderboard on the start screen, in the language chosen on the page', async () => {
  for (const [page, size] of [[await newPage(browser, 'ru-RU'), 'desktop'], [await phone(), 'phone']]) {
    await page.goto(server.url + '/');
    // The Russian browser picks English on the page; the English phone picks Russian.
    const [code, link, title, note] = size === 'desktop'
      ? ['en', 'Leaderboard and ratings', 'Leaderboard · Classic', /as a rule after 10 to 15 rated games/]
      : ['ru', 'Лучшие игроки и рейтинги', 'Лучшие игроки · Классика', /обычно после 10–15 рейтинговых партий/];
    await chooseLanguage(page, code);
    await page.getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText(note).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), code);
    await shot(page, `top-guest-${code}-${size}.png`);
    // A tab of other rules, in the same language.
    await page.getByRole('link', { name: code === 'en' ? 'Big board' : 'Большое поле' }).click();
    await page.getByRole('heading', { name: code === 'en' ? 'Leaderboard · Big board' : 'Лучшие игроки · Большое поле' }).waitFor();
  }
});

test('the profile speaks the language chosen on the page, and its switch changes the page', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  const name = unique('Лена');
  const dlg = await signUp(page, ru, name);
  await dlg.getByRole('button', { name: ru.close }).click();
  await chooseLanguage(page, 'en');
  await (await openAccount(page, en)).getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('heading', { name: 'Ratings' }).waitFor();
  await page.getByText('No rated games yet.').waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  await shot(page, 'profile-chosen-en.png');
  // Its leaderboard link keeps the language.
  await page.locator('header').getByRole('link', { name: 'Leaderboard' }).click();
  await page.getByRole('heading', { name: 'Leaderboard · Classic' }).waitFor();
  // The switch on a players' page is the player's choice for the game too.
  await page.locator('header').getByRole('link', { name: 'Русский' }).click();
  await page.getByRole('heading', { name: 'Лучшие игроки · Классика' }).waitFor();
  await page.locator('header').getByRole('link', { name: 'Играть' }).click();
  await page.getByRole('button', { name: 'Играть с компьютером' }).waitFor();
  assert.equal(await page.locator('#lang').inputValue(), 'ru');

  // On a phone in English the page is switched to Russian: the profile follows.
  const p = await phone();
  await p.goto(server.url + '/');
  await chooseLanguage(p, 'ru');
  await p.goto(`${server.url}/u/${encodeURIComponent(name)}`);
  await p.getByRole('heading', { name: 'Рейтинги' }).waitFor();
  await shot(p, 'profile-chosen-ru-phone.png');
});

test('«Мои игры» is current right after signing up in the middle of a game', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await page.getByRole('grid', { name: 'Ваше поле' }).waitFor();
  await placeRandomly(page);
  await poll(async () => /\/g\//.test(page.url()));
  const dlg = await signUp(page, ru, unique('Вера'));
  // The game under way became the account's when the new socket resumed it: the open
  // list says so without closing and opening the dialog again.
  await dlg.getByRole('link', { name: /^Продолжить: Классика, против компьютера/ }).waitFor();
  await shot(page, 'my-games-after-signup-ru.png');
});

for (const [words, size] of [[ru, 'desktop'], [en, 'phone']]) {
  test(`an account is deleted from the dialog with its password and a tick (${size})`, async () => {
    const page = size === 'phone' ? await phone() : await newPage(browser, 'ru-RU');
    await page.goto(server.url + '/');
    const name = unique(size === 'phone' ? 'dora' : 'Дора');
    let dlg = await signUp(page, words, name);
    await dlg.getByText(words.del, { exact: true }).click();
    const sure = dlg.getByLabel(words.sure(name));
    await sure.waitFor();
    // Without the tick nothing is sent: the form says what is missing.
    await dlg.locator('#delPassword').fill('correct horse');
    await dlg.getByRole('button', { name: words.delYes }).click();
    assert.equal(await dlg.locator('#signedIn').isVisible(), true);
    // A wrong password is said so, and the account stays.
    await dlg.locator('#delPassword').fill('wrong horse!');
    await sure.check();
    await dlg.getByRole('button', { name: words.delYes }).click();
    await dlg.getByText(words.wrong).waitFor();
    await shot(page, `account-delete-wrong-${size}.png`);
    assert.equal((await fetch(`${server.url}/u/${encodeURIComponent(name)}`)).status, 200);
    // The right password deletes it: signed out, said so, and the profile is gone.
    await dlg.locator('#delPassword').fill('correct horse');
    await dlg.getByRole('button', { name: words.delYes }).click();
    await dlg.getByText(words.deleted(name)).waitFor();
    await dlg.locator('#signedOut').waitFor();
    await shot(page, `account-deleted-${size}.png`);
    assert.equal((await fetch(`${server.url}/u/${encodeURIComponent(name)}`)).status, 404);
    await dlg.getByRole('button', { name: words.close }).click();
    await page.reload();
    dlg = await openAccount(page, words);
    await dlg.locator('#signedOut').waitFor();
  });
}
