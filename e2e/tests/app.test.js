// The installable app in a browser: the service worker keeps the app shell, so a
// repeat visit makes no request but the game's socket; it deletes an older version's
// cache when it takes over; a game's link still gets its boot object from the server;
// the share button uses the system's share sheet, or copies the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { startServer, startBrowser, poll, artifacts, pageErrors } from './harness.js';

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

async function context(opts = {}) {
  const ctx = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 800 }, ...opts });
  ctx.on('page', p => p.on('pageerror', e => pageErrors.push(`${p.url()}: ${e.message}`)));
  return ctx;
}

// A proxy in front of the server that notes the path of every request reaching it,
// the WebSocket's upgrade included: what a visit really costs, whoever made the
// request (the page, its worker, or the browser itself).
async function counting(target) {
  const to = new URL(target), seen = [];
  const proxy = http.createServer((req, res) => {
    seen.push(req.url);
    const out = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, r => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  proxy.on('upgrade', (req, socket, head) => {
    seen.push(req.url);
    const up = net.connect(Number(to.port), to.hostname, () => {
      const lines = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise(r => proxy.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${proxy.address().port}`, seen, close: () => { proxy.closeAllConnections(); proxy.close(); } };
}

test('a repeat visit fetches no file of the page, only the socket and the live figures; a new version deletes the old cache', async t => {
  const proxy = await counting(server.url);
  const ctx = await context();
  const page = await ctx.newPage();
  // An older version's cache, left by a worker before this one.
  await page.goto(proxy.url + '/healthz');
  await page.evaluate(async () => (await caches.open('seabattle-0123456789abcdef01234567')).put('/x', new Response('old')));
  await page.goto(proxy.url + '/?pace=0');
  await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller));
  const worker = await (await fetch(server.url + '/sw.js')).text();
  const name = /const CACHE = '([^']+)'/.exec(worker)[1];
  await poll(async () => (await page.evaluate(() => caches.keys())).length === 1);
  assert.deepEqual(await page.evaluate(() => caches.keys()), [name]);
  const kept = await page.evaluate(async n => (await (await caches.open(n)).keys()).map(r => new URL(r.url).pathname), name);
  for (const path of ['/', '/manifest.webmanifest', '/assets/app.js', '/assets/app.css', '/assets/icon-512.png']) assert.ok(kept.includes(path), path);
  // The first visit fetched the page, then the worker fetched the whole shell.
  assert.ok(proxy.seen.filter(p => p.startsWith('/assets/')).length >= 20, proxy.seen.join(' '));

  await page.waitForTimeout(300);
  proxy.seen.length = 0;
  await page.goto(proxy.url + '/?pace=0');
  await page.getByRole('button', { name: 'Играть с компьютером' }).waitFor();
  await poll(async () => (await page.locator('#rules option').count()) > 3);
  await page.waitForTimeout(500);
  // The browser may also check /sw.js for a new version: that is how one is found.
  t.diagnostic(`the repeat visit reached the server with: ${proxy.seen.join(' ')}`);
  // No file of the page: the socket, and the start screen's two live figures (today's
  // attempt and the arena on now, issue 48), which no cache could hold.
  const live = ['/daily/day/today', '/arenas.json'];
  const reached = proxy.seen.filter(p => p !== '/sw.js' && !live.includes(p));
  assert.deepEqual(reached, ['/ws'], proxy.seen.join(' '));
  assert.ok(proxy.seen.filter(p => live.includes(p)).length <= 2, proxy.seen.join(' '));
  await page.screenshot({ path: join(artifacts, 'app-repeat-visit.png') });
  await ctx.close();
  proxy.close();
});

test('a game link under the worker still gets its boot object from the server; offline, the kept start page', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(server.url + '/?pace=0');
  await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller));
  await page.getByRole('button', { name: 'Создать игру' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Отправьте другу ссылку:' });
  await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
  const link = await linkBox.inputValue();
  const other = await ctx.newPage();
  await other.goto(link);
  assert.deepEqual(await other.evaluate(() => JSON.parse(document.getElementById('boot').textContent)), { game: link.split('/g/')[1] });
  // Its preview names no one (the host gave no name), in the reader's language.
  assert.equal(await other.evaluate(() => document.querySelector('meta[property="og:title"]').content), 'Друг приглашает вас в Морской бой');
  await ctx.close();
  // Offline (the server out of reach), a link falls back to the kept start page.
  const proxy = await counting(server.url);
  const offline = await context();
  const page2 = await offline.newPage();
  await page2.goto(proxy.url + '/?pace=0');
  await poll(() => page2.evaluate(() => !!navigator.serviceWorker.controller));
  proxy.close();
  await page2.goto(proxy.url + '/g/k7m2qx9p4a');
  assert.deepEqual(await page2.evaluate(() => JSON.parse(document.getElementById('boot').textContent)), {});
  await page2.getByRole('button', { name: 'Играть с компьютером' }).waitFor();
  await offline.close();
});

test('share: the system\'s sheet where there is one, else the link is copied (en, phone)', async () => {
  const phone = { locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  for (const sheet of [true, false]) {
    const ctx = await context({ ...phone, permissions: ['clipboard-read', 'clipboard-write'] });
    await ctx.addInitScript(has => {
      window.shared = [];
      const share = has ? d => { window.shared.push(d); return Promise.resolve(); } : undefined;
      Object.defineProperty(Navigator.prototype, 'share', { value: share, configurable: true });
      Object.defineProperty(Navigator.prototype, 'canShare', { value: has ? () => true : undefined, configurable: true });
    }, sheet);
    const page = await ctx.newPage();
    await page.goto(server.url + '/?pace=0');
    await page.getByRole('textbox', { name: 'Your name (optional)' }).fill('Alice');
    await page.getByRole('button', { name: 'Create game' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Send your friend the link:' });
    await poll(async () => /\/g\/[a-z2-9]{10}$/.test(await linkBox.inputValue()));
    const link = await linkBox.inputValue();
    const share = page.getByRole('button', { name: 'Share' });
    await page.screenshot({ path: join(artifacts, `app-share-${sheet ? 'sheet' : 'copy'}-phone.png`) });
    await share.click();
    if (sheet) {
      await poll(() => page.evaluate(() => window.shared.length === 1));
      assert.deepEqual(await page.evaluate(() => window.shared[0]), { title: 'Sea Battle', text: 'Shall we play Sea Battle?', url: link });
    } else {
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      await page.screenshot({ path: join(artifacts, 'app-share-copied-phone.png') });
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
      await page.getByRole('button', { name: 'Share' }).waitFor({ timeout: 5000 });
    }
    // The preview of this link names its host.
    const html = await (await fetch(link, { headers: { 'accept-language': 'en-US' } })).text();
    assert.match(html, /<title>Alice invites you to Sea Battle<\/title>/);
    await ctx.close();
  }
});
