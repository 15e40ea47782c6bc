// A screenshot of a profile with its daily sea section, and the results of an account.
import { startServer, startBrowser, newPage } from './tests/harness.js';
const s = await startServer(); const b = await startBrowser();
for (const [lang, loc, vp, o] of [['en', 'en-US', { width: 1280, height: 800 }, {}], ['ru', 'ru-RU', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }]]) {
  const p = await newPage(b, loc, vp, o);
  await p.goto(s.url + '/daily');
  const name = 'Daily' + lang + (Date.now() % 10000);
  const r = await p.evaluate(async n => (await fetch('/account/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: 'correct horse' }) })).status, name);
  console.log('signup', r);
  await p.reload();
  await p.locator('#dStart').click();
  const sel = lang === 'ru' ? '#dBoard [role=gridcell][aria-label$="неизвестно"]' : '#dBoard [role=gridcell][aria-label$="unknown"]';
  for (let i = 0; i < 100 && !(await p.locator('#dResults').isVisible()); i++) {
    const n = await p.locator(sel).count();
    await p.locator(sel).nth(Math.floor(Math.random() * n)).click();
    await p.waitForFunction(([s, n]) => document.querySelectorAll(s).length < n || !document.getElementById('dResults').hidden, [sel, n]);
  }
  await p.screenshot({ path: `/tmp/dshots/account-${lang}.png`, fullPage: true });
  await p.goto(s.url + '/u/' + name + '?lang=' + lang);
  await p.screenshot({ path: `/tmp/dshots/profile-${lang}.png`, fullPage: true });
}
await b.close(); await s.stop();
