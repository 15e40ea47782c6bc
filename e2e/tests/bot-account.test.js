// A BOT account from the account dialog (issue 40): a new account becomes a BOT after
// its password and a tick, makes a token shown once, which opens a socket as the BOT;
// revoked, it opens nothing. An account that has played is refused in words. In
// Russian on a desktop and in English on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, artifacts, pageErrors, signUp } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const shot = (page, name) => page.screenshot({ path: join(artifacts, name), fullPage: true });
const unique = base => base + String(Date.now() % 100000);

// What a socket that sends `token` as its first message hears first after `welcome`:
// the BOT's `welcome`, or the refusal. From a page of its own, with no session cookie.
async function authAs(token) {
  const page = await newPage(browser, 'en-US');
  await page.goto(server.url + '/assets/icon.svg');
  const heard = await page.evaluate(token => new Promise(resolve => {
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    const said = [];
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = e => { said.push(JSON.parse(e.data)); if (said.length === 2) resolve(said[1]); };
    ws.onclose = () => resolve(said[1] ?? { type: 'closed' });
    setTimeout(() => resolve({ type: 'timeout' }), 10000);
  }), token);
  await page.context().close();
  return heard;
}

for (const [lang, locale, size, w] of [
  ['ru', 'ru-RU', { width: 1280, height: 860 }, {
    account: 'Аккаунт', box: 'Аккаунт бота и токены API', password: /^Пароль/, sure: /навсегда/, make: 'Сделать ботом',
    isBot: /теперь бот/, tokenName: 'Название токена', add: 'Создать токен', shown: /Скопируйте его сейчас/, revoke: 'Отозвать',
    revoked: /отозван/, close: 'Закрыть', played: 'Этот аккаунт уже играл: ботом может стать только новый аккаунт.',
  }],
  ['en', 'en-US', { width: 390, height: 844 }, {
    account: 'Account', box: 'BOT account and API tokens', password: /^Password/, sure: /for good/, make: 'Make it a BOT',
    isBot: /is a BOT now/, tokenName: 'Token name', add: 'Make a token', shown: /Copy it now/, revoke: 'Revoke',
    revoked: /revoked/, close: 'Close', played: 'This account has played: only a new account can become a BOT.',
  }],
]) {
  test(`${lang}: a new account becomes a BOT, its token is shown once, opens a socket, and is revoked`, async () => {
    const phone = size.width < 500;
    const page = await newPage(browser, locale, size, { isMobile: phone, hasTouch: phone });
    await page.goto(server.url + '/');
    const name = unique(lang === 'ru' ? 'Шквал' : 'Squall');
    await signUp(page, name);
    const open = async () => {
      const button = page.getByRole('button', { name: new RegExp('^' + w.account) });
      if (!(await button.isVisible())) await page.getByRole('button', { name: /^(Меню|Menu)$/ }).click();
      await button.click();
    };
    await open();
    const dlg = page.getByRole('dialog', { name: w.account });
    await dlg.getByText(w.box).click();
    const box = dlg.locator('#botPanel');
    await box.getByLabel(w.password).fill('correct horse');
    await box.getByLabel(w.sure).check();
    await shot(page, `bot-account-make-${lang}.png`);
    await dlg.getByRole('button', { name: w.make }).click();
    await dlg.getByText(w.isBot).waitFor();
    // A BOT takes no «challenges from BOTs» setting: it plays them anyway.
    assert.equal(await dlg.locator('#botChallengesRow').isVisible(), false);

    await dlg.getByLabel(w.tokenName).fill('main');
    await dlg.getByRole('button', { name: w.add }).click();
    await dlg.getByText(w.shown).waitFor();
    const token = await dlg.locator('#botTokenValue').inputValue();
    assert.match(token, /^\S{20,}$/);
    await shot(page, `bot-account-token-${lang}.png`);
    const welcome = await authAs(token);
    assert.equal(welcome.type, 'welcome', JSON.stringify(welcome));
    assert.equal(welcome.account, name, JSON.stringify(welcome));

    // Shown once: the box drawn again lists the token by name, never the token.
    await dlg.getByRole('button', { name: w.close }).click();
    await open();
    await dlg.getByText(w.box).click();
    await dlg.locator('#botTokens').getByText('main').waitFor();
    assert.equal(await dlg.locator('#botTokenValue').count(), 0);
    assert.ok(!(await dlg.innerText()).includes(token));

    page.once('dialog', d => d.accept());
    await dlg.locator('#botTokens').getByRole('button', { name: w.revoke }).click();
    await dlg.locator('#botTokens').getByText(w.revoked).waitFor();
    await shot(page, `bot-account-revoked-${lang}.png`);
    const refused = await authAs(token);
    assert.notEqual(refused.type, 'welcome', JSON.stringify(refused));
    assert.equal(refused.code ?? 'closed', refused.type === 'error' ? 'bad_token' : 'closed', JSON.stringify(refused));
  });
}
