// A first visit to the start page under Chromium DevTools' "Slow 4G" throttling, as a
// phone on a poor network meets it: how many requests, how many bytes, how deep the
// chain of requests is (each level one more round trip), and the time until the player
// can press «Играть с компьютером» with the rules loaded. Not a test: it prints figures.
//
//   cd e2e && node first-visit.js [runs]      (default 7 runs; medians printed)
//
// Slow 4G is DevTools' preset as Chromium ships it (front_end/core/sdk/NetworkManager.ts,
// "Slow4GConditions"): 562.5 ms latency (150 ms × 3.75), 1.6 Mbit/s × 0.9 down
// (180,000 B/s), 750 kbit/s × 0.9 up (84,375 B/s). Each run is a fresh browser profile
// with the cache off and service workers blocked (the worker's install fetches the shell
// after the page is ready; it is no part of what the player waits for). SEABATTLE_BIN
// names another server binary, as for the tests.
import { startServer, startBrowser } from './tests/harness.js';

const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180000, uploadThroughput: 84375 };
const runs = Number(process.argv[2] || 7);
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer();
const browser = await startBrowser();
const seen = [];
try {
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ locale: 'ru-RU', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    /** Each request: its URL, what started it, and its bytes on the wire. */
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', e => {
      const by = e.initiator.url || e.initiator.stack?.callFrames?.[0]?.url || e.documentURL;
      requests.set(e.requestId, { url: e.request.url, by: e.type === 'Document' ? null : by, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', e => { const r = requests.get(e.requestId); if (r) r.bytes = e.encodedDataLength; });
    let wsBytes = 0;
    cdp.on('Network.webSocketFrameReceived', e => { wsBytes += e.response.payloadData.length; });
    const start = Date.now();
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    // Ready: the start button is there and the server's presets fill the rules list.
    await page.getByRole('button', { name: 'Играть с компьютером' }).waitFor({ timeout: 60000 });
    await page.waitForFunction(() => document.querySelectorAll('#rules option').length > 3, null, { timeout: 60000 });
    const ready = Date.now() - start;
    await page.waitForLoadState('load');
    const timing = await page.evaluate(() => {
      const n = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
    });
    // Anything the page asks for in the next second counts too (icons, the manifest).
    await page.waitForTimeout(1000);
    const list = [...requests.values()];
    const depthOf = new Map();
    const depth = r => {
      if (!r.by) return 1;
      if (depthOf.has(r.url)) return depthOf.get(r.url);
      depthOf.set(r.url, 1); // a cycle never counts twice
      const parent = list.find(p => p.url === r.by);
      const d = parent ? depth(parent) + 1 : 2;
      depthOf.set(r.url, d);
      return d;
    };
    const run = {
      requests: list.length,
      modules: list.filter(r => /\.(js|css)(\?|$)/.test(r.url)).length,
      bytes: list.reduce((s, r) => s + r.bytes, 0),
      depth: Math.max(...list.map(depth)),
      dcl: Math.round(timing.dcl), load: Math.round(timing.load), ready, wsBytes,
    };
    if (i === 0) {
      console.log('requests of the first run (depth: round trips after the page’s own):');
      for (const r of list) console.log(`  ${String(depth(r)).padStart(2)} ${String(r.bytes).padStart(7)} B  ${new URL(r.url).pathname}`);
    }
    seen.push(run);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const m = k => median(seen.map(r => r[k]));
console.log(`first visit, Slow 4G (562.5 ms, 1.6 Mbit/s×0.9 down, 750 kbit/s×0.9 up), ${runs} runs, medians:`);
console.log(`  requests ${m('requests')} (JS and CSS ${m('modules')}), bytes ${m('bytes')} (+${m('wsBytes')} on the socket), chain depth ${m('depth')}`);
console.log(`  DOMContentLoaded ${m('dcl')} ms, load ${m('load')} ms, ready to play ${m('ready')} ms`);
console.log(`  ready per run: ${seen.map(r => r.ready).join(', ')} ms`);
