// @ts-check
// The installable app, on the page's side: registers the service worker (sw.js), and
// reloads a page an older version served once a new one takes over, so old modules
// never talk to a new server for long.
export function installApp() {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const hadOne = !!sw.controller;
  sw.addEventListener('controllerchange', () => { if (hadOne) location.reload(); });
  sw.register('/sw.js').catch(() => {});
}
