// An account on the page: sign up, still signed in after a reload, sign out, a wrong
// password said in words, sign in again, sign out everywhere; in Russian on a desktop
// and in English on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
// Names differ per run: the server of a test run keeps its accounts in its own file,
// but a rerun against the same file must not find the name taken.
const unique = base => base + String(Date.now() % 100000);

test('sign up, stay signed in, sign out, a wrong password said so, sign in again', async () => {
  const page = await newPage(browser, 'ru-RU');
  await page.goto(server.url + '/');
  const name = unique('Алиса');
  const dlg = page.getByRole('dialog', { name: 'Аккаунт' });
  await page.getByRole('button', { name: 'Аккаунт' }).click();
  await dlg.getByLabel(/^Имя/).fill(name);
  await dlg.getByLabel(/^Пароль/).fill('correct horse');
  await dlg.getByRole('button', { name: 'Создать аккаунт' }).click();
  await dlg.getByText(`Вы вошли как ${name}.`).waitFor();
  await shot(page, 'account-signed-up-ru.png');
  await dlg.getByRole('button', { name: 'Закрыть' }).click();
  await page.getByRole('button', { name: `Аккаунт: ${name}` }).waitFor();

  // The session is a cookie the page cannot read: a reload asks the server.
  await page.reload();
  await page.getByRole('button', { name: `Аккаунт: ${name}` }).click();
  await dlg.getByRole('button', { name: 'Выйти', exact: true }).click();
  await dlg.getByText('Вы вышли.').waitFor();

  await dlg.getByLabel(/^Имя/).fill(name.toUpperCase());
  await dlg.getByLabel(/^Пароль/).fill('wrong horse');
  await dlg.getByRole('button', { name: 'Войти' }).click();
  await dlg.getByText('Неверное имя или пароль.').waitFor();
  // Issue 48: Enter signs in; someone who meant to create the account is told how.
  await dlg.getByText('Впервые здесь? Нажмите «Создать аккаунт»').waitFor();
  await shot(page, 'account-wrong-ru.png');
  await dlg.getByLabel(/^Пароль/).fill('correct horse');
  await dlg.getByRole('button', { name: 'Войти' }).click();
  await dlg.getByText(`С возвращением, ${name}!`).waitFor();
  await dlg.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
  await dlg.getByText('Вы вышли на всех устройствах.').waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Аккаунт', exact: true }).waitFor();
});

test('on a phone, in English: the account is in the menu; a taken name is said so', async () => {
  const page = await newPage(browser, 'en-US', { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  await page.goto(server.url + '/');
  const name = unique('bob');
  const dlg = page.getByRole('dialog', { name: 'Account' });
  // Issue 48, item 18: a guest sees «Sign in» beside the menu (the account was the
  // last item inside ☰), and it opens the account dialog.
  const signIn = page.locator('header').getByRole('button', { name: 'Sign in' });
  await signIn.click();
  await dlg.waitFor();
  await dlg.getByRole('button', { name: 'Close' }).click();
  for (const attempt of ['first', 'taken']) {
    const account = page.getByRole('button', { name: /^Account/ });
    if (!(await account.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
    await account.click();
    await dlg.getByLabel(/^Name/).fill(name);
    await dlg.getByLabel(/^Password/).fill('correct horse');
    await dlg.getByRole('button', { name: 'Create account' }).click();
    if (attempt === 'first') {
      await dlg.getByText(`You are signed in as ${name}.`).waitFor();
      assert.equal(await signIn.isVisible(), false, 'signed in: no «Sign in» in the header');
      await shot(page, 'account-phone-en.png');
      await dlg.getByRole('button', { name: 'Sign out', exact: true }).click();
      await dlg.getByText('You are signed out.').waitFor();
      await dlg.getByRole('button', { name: 'Close' }).click();
    } else {
      await dlg.getByText('That name is taken.').waitFor();
      await shot(page, 'account-taken-phone-en.png');
    }
  }
});
