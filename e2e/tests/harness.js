// Starts the real server binary on a free port with a temporary SQLite file, and
// Debian's Chromium through playwright-core. Every test file uses one of each.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifacts = join(root, 'target', 'e2e');

// The server: {url, db, bin, stop()}, `db` its storage's URL (for `seabattle admin`).
// SEABATTLE_BIN overrides the binary; `extra` are more arguments for `seabattle serve`.
export async function startServer(extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'seabattle-e2e-'));
  const bin = process.env.SEABATTLE_BIN || join(root, 'target', 'release', 'seabattle');
  // Every page of a test comes from this machine's one address: the per-address
  // limits of a public server would count them all as one visitor.
  const roomy = ['--connections-per-address', '1000', '--games-per-minute', '1000', '--unfinished-per-address', '1000',
    '--records-per-minute', '1000'];
  const db = `sqlite://${join(dir, 'games.db')}`;
  const args = ['serve', '--addr', '127.0.0.1:0', '--db', db, ...roomy, ...extra];
  const proc = spawn(bin, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error('server did not start: ' + err)), 20000);
    proc.stderr.on('data', d => {
      err += d;
      // The whole address: a chunk may end inside the port number.
      const m = /listening on (http:\/\/[\d.:]+)[\s(]/.exec(err);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', code => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return {
    url,
    db,
    bin,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise(r => (proc.exitCode !== null ? r() : proc.on('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Chromium, headless, with a fresh profile per context.
export async function startBrowser() {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

// A new page in a new context (its own storage), in `locale`. The page plays the
// opponent's shots out one by one; `paced: false` (the default here) opens every address
// with `?pace=0`, the page's documented switch for no pauses, so the tests run fast.
export async function newPage(browser, locale = 'ru-RU', viewport = { width: 1280, height: 860 }, { paced = false, reducedMotion, isMobile, hasTouch } = {}) {
  const ctx = await browser.newContext({ locale, viewport, reducedMotion, isMobile, hasTouch });
  const page = await ctx.newPage();
  if (!paced) {
    const goto = page.goto.bind(page);
    page.goto = (url, opts) => goto(url + (url.includes('?') ? '&' : '?') + 'pace=0', opts);
  }
  page.on('pageerror', e => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', m => { if (/Content Security Policy/.test(m.text())) pageErrors.push(m.text()); });
  if (process.env.E2E_DIAG) {
    page.on('console', m => console.error('CONSOLE', page.url(), m.type(), m.text()));
    page.on('pageerror', e => console.error('PAGEERROR', page.url(), e.stack));
    page.on('requestfailed', r => console.error('FAILED', r.url(), r.failure()?.errorText));
    page.on('response', r => { if (r.status() >= 400) console.error('HTTP', r.status(), r.url()); });
  }
  return page;
}

// Script errors and refusals by the content security policy seen on any page; each
// test file checks there were none.
export const pageErrors = [];

// The boards by accessible name, in either language.
export const ownBoard = page => page.getByRole('grid', { name: /Ваше поле|Your board/ });
export const enemyBoard = page => page.getByRole('grid', { name: /Поле противника|Enemy board/ });

// The enemy cells still open to a shot, by name ("…, неизвестно" / "…, unknown"): only
// one's own board has empty cells.
export const openCells = page => enemyBoard(page).getByRole('gridcell', { name: /, (неизвестно|unknown)/ });

// Places the fleet with the "random" button and confirms it.
export async function placeRandomly(page) {
  await page.getByRole('button', { name: /^(Случайно|Random)$/ }).click();
  const ready = page.getByRole('button', { name: /^(Готов|Ready)$/ });
  await poll(() => ready.isEnabled());
  await ready.click();
}

// Fires at the first open cell once it is this page's turn; resolves when answered.
export async function shootOnce(page) {
  await page.getByText(/^(Ваш ход|Your turn)/).waitFor();
  const before = await openCells(page).count();
  await openCells(page).first().click();
  await poll(async () => (await openCells(page).count()) < before);
}

// Of two players' pages, whichever's turn it is (its banner matches `turn`) fires once at
// its first open cell; resolves with that page when answered.
export async function oneShot(a, b, turn) {
  const mine = p => p.getByText(turn).isVisible();
  await poll(async () => (await mine(a)) || (await mine(b)));
  const page = (await mine(a)) ? a : b;
  const n = await openCells(page).count();
  await openCells(page).first().click();
  await poll(async () => (await openCells(page).count()) < n);
  return page;
}

// Whoever's turn it is fires, until each side has fired at least once: a game ended
// before then is aborted, not rated.
export async function eachFires(a, b, turn) {
  const fired = new Set();
  while (fired.size < 2) fired.add(await oneShot(a, b, turn));
}

// Resigns, answering the page's question «Сдаться?» with yes.
export async function resign(page) {
  await page.getByRole('button', { name: /^(Сдаться|Resign)$/ }).click();
  await page.getByRole('dialog', { name: /^(Сдаться\?|Resign\?)$/ }).getByRole('button', { name: /^(Да, сдаться|Yes, resign)$/ }).click();
}

// Opens «Подробнее» / "Details" in the game-over dialog.
export async function details(page) {
  const d = page.getByRole('dialog', { name: /^(Игра окончена|Game over)$/ });
  await d.waitFor();
  const s = d.getByText(/^(Подробнее|Details)$/);
  if (!(await d.locator('details').evaluate(e => e.open))) await s.click();
  return d;
}

// The page's socket with a hand between it and the server: each message the server
// sends goes through `fromServer(text, toPage)`, which hands it on, holds it or adds one.
export async function relaySocket(page, fromServer) {
  await page.routeWebSocket(/\/ws/, ws => {
    const srv = ws.connectToServer();
    const toPage = m => ws.send(m);
    srv.onMessage(m => fromServer(String(m), toPage));
    ws.onMessage(m => srv.send(m));
  });
}

// Waits until `check()` is truthy (polled every 50 ms), or fails after `ms`.
export async function poll(check, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error('timed out waiting for ' + check.toString().slice(0, 120));
    await new Promise(r => setTimeout(r, 50));
  }
}

// Signs up through the account dialog, opening the menu first on a phone, and closes it.
export async function signUp(page, name) {
  const ru = (await page.evaluate(() => document.documentElement.lang)) === 'ru';
  const button = page.getByRole('button', { name: ru ? /^Аккаунт/ : /^Account/ });
  if (!(await button.isVisible())) await page.getByRole('button', { name: /^(Меню|Menu)$/ }).click();
  await button.click();
  const dlg = page.getByRole('dialog', { name: ru ? 'Аккаунт' : 'Account' });
  await dlg.getByLabel(ru ? /^Имя/ : /^Name/).fill(name);
  await dlg.getByLabel(ru ? /^Пароль/ : /^Password/).fill('correct horse');
  await dlg.getByRole('button', { name: ru ? 'Создать аккаунт' : 'Create account' }).click();
  await dlg.locator('#signedIn').waitFor();
  await dlg.getByRole('button', { name: ru ? 'Закрыть' : 'Close' }).click();
}

// Fires at the first open cell whenever it is this page's turn, until the game is over:
// the game-over dialog.
export async function playToTheEnd(page, turnWait = 30000) {
  const over = page.getByRole('dialog', { name: /^(Игра окончена|Game over)$/ });
  const turn = page.getByText(/^(Ваш ход|Your turn)/);
  for (let i = 0; i < 400 && !(await over.isVisible()); i++) {
    await poll(async () => (await over.isVisible()) || (await turn.isVisible()), turnWait);
    if (await over.isVisible()) break;
    const n = await openCells(page).count();
    await openCells(page).first().click();
    await poll(async () => (await over.isVisible()) || (await openCells(page).count()) < n, 30000);
  }
  await over.waitFor();
  return over;
}
