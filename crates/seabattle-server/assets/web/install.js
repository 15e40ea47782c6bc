// @ts-check
// The installable app, on the page's side: registers the service worker (sw.js), and
// reloads a page an older version served once a new one takes over, so old modules
// never talk to a new server for long. The start screen offers to install the app: a
// button where the browser can (it fires `beforeinstallprompt`), and on an iPhone or
// iPad, whose Safari has no such prompt, how to do it by hand (Share, then "Add to
// Home Screen"). Nothing is offered once the app runs installed.
import { byId } from './dom.js';

export function installApp() {
  offer();
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const hadOne = !!sw.controller;
  sw.addEventListener('controllerchange', () => { if (hadOne) location.reload(); });
  sw.register('/sw.js').catch(() => {});
}

/**
 * The browser's deferred install prompt (Chromium's `BeforeInstallPromptEvent`, which
 * the DOM's types do not know).
 * @typedef {Event & {prompt: () => Promise<unknown>}} InstallPrompt
 */

function offer() {
  const box = byId('install'), button = byId('installBtn'), ios = byId('installIos');
  if (!box || !button || !ios) return;
  const installed = matchMedia('(display-mode: standalone)').matches
    || /** @type {{standalone?: boolean}} */ (navigator).standalone === true;
  if (installed) return;
  // iPadOS says it is a Mac, but one with a touch screen.
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  if (apple) {
    ios.hidden = false;
    box.hidden = false;
  }
  addEventListener('beforeinstallprompt', e => {
    e.preventDefault();
    const prompt = /** @type {InstallPrompt} */ (e);
    button.hidden = false;
    box.hidden = false;
    button.onclick = () => {
      box.hidden = true;
      prompt.prompt().catch(() => {});
    };
  });
  addEventListener('appinstalled', () => { box.hidden = true; });
}
