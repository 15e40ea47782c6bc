// @ts-check
// The service worker: keeps the app shell (the start page, every file under /assets/
// and the manifest) so a repeat visit loads with no request but the game's socket. The
// server names the cache by a hash of all of them: a new version installs at once,
// takes over every open page and deletes the old caches. Game and replay links still
// come from the server, which writes their boot object; the cached start page stands
// in for them only offline. Records, frames and the socket never pass through here.
const CACHE = 'seabattle-{VERSION}';
// The paths to keep: the server (install.rs) writes their list in place of the braces
// on the next line, which until then are not the list the checker sees.
/** @type {string[]} */
// @ts-expect-error -- the placeholder is filled in before any browser runs this file.
const SHELL = {SHELL};
// This file runs as a service worker, whose global scope the checker knows by that name.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', e => {
  e.waitUntil(caches.open(CACHE)
    .then(c => c.addAll(SHELL.map(u => new Request(u, { cache: 'no-cache' }))))
    .then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', e => {
  e.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith('seabattle-') && k !== CACHE).map(k => caches.delete(k))))
    .then(() => sw.clients.claim()));
});

sw.addEventListener('fetch', e => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  if (SHELL.includes(url.pathname)) e.respondWith(kept(url.pathname, req));
  else if (req.mode === 'navigate') e.respondWith(fetch(req).catch(() => kept('/', req)));
});

// The shell's copy of `path` (the start page whatever its query, `?pace=0`), or the
// network if the cache lost it.
/** @param {string} path @param {Request} req */
async function kept(path, req) {
  const hit = await caches.match(path, { cacheName: CACHE, ignoreVary: true });
  return hit || fetch(req);
}

// A notification tapped while the player was elsewhere (away.js): back to the game's
// page, or the start page if it was closed.
sw.addEventListener('notificationclick', e => {
  e.notification.close();
  const url = e.notification.data?.url || '/';
  e.waitUntil(sw.clients.matchAll({ type: 'window' }).then(list => {
    const page = list.find(c => c.url === url) || list[0];
    return page ? page.focus() : sw.clients.openWindow(url);
  }));
});
