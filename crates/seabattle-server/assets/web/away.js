// @ts-check
// The player is elsewhere (the tab hidden): what waits for them is said in the tab's
// title («● Ваш ход — Морской бой») and, if they allowed it, in a browser notification.
// The game calls `notifyAway` on their turn and on a rematch offered; anything else
// that wants the player back (a challenge) calls it too. Once the tab is seen again,
// the title is the page's own and the notification goes. Notifications are offered
// once, after the player's first game against a person ends; the answer is kept.
import { t } from './i18n.js';

/** @typedef {'turn' | 'rematch' | 'challenge' | 'over'} AwayKind */

// The player's answer to the offer: 'on' or 'off'; none until they answered.
const ANSWER = 'sb.notify';

/** The title the page shows when nothing waits. */
let plain = document.title;
/** What waits, while the tab is hidden; null when nothing does. @type {string | null} */
let waiting = null;
/** The kinds already said during this absence: each is said once. @type {Set<AwayKind>} */
const said = new Set();
/** The notifications shown during this absence. @type {Notification[]} */
let shown = [];

const draw = () => { document.title = waiting ? `● ${waiting} — ${t('title')}` : plain; };

/** The page's own title (the game sets it as turns pass): shown unless something waits. @param {string} title */
export function setTitle(title) {
  plain = title;
  draw();
}

/**
 * Tells a player who is elsewhere that `text` waits for them: `kind` names what, and
 * each kind is said once until they look again. Nothing when the tab is in view.
 * @param {AwayKind} kind @param {string} text
 */
export function notifyAway(kind, text) {
  if (!document.hidden || said.has(kind)) return;
  said.add(kind);
  waiting = text;
  draw();
  if (allowed()) notify(kind, text);
}

// Whether notifications are on: the player said yes, and the browser lets the page.
const allowed = () => localStorage.getItem(ANSWER) === 'on' && globalThis.Notification?.permission === 'granted';

/** @param {AwayKind} kind @param {string} text */
function notify(kind, text) {
  const options = { body: text, tag: 'seabattle-' + kind, icon: '/assets/icon-192.png', data: { url: location.href } };
  try {
    const n = new Notification(t('title'), options);
    n.onclick = () => { window.focus(); n.close(); };
    shown.push(n);
  } catch {
    // A phone's browser shows notifications only through the service worker, which
    // brings the page back when one is tapped (sw.js).
    navigator.serviceWorker?.ready.then(r => r.showNotification(t('title'), options)).catch(() => {});
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden) return;
  said.clear();
  waiting = null;
  draw();
  shown.forEach(n => n.close());
  shown = [];
  navigator.serviceWorker?.getRegistration().then(r => r?.getNotifications()).then(ns => ns?.forEach(n => n.close())).catch(() => {});
});

/**
 * A game against a person ended: the first time, the page offers to notify the player
 * when they are elsewhere (the browser asks for permission only if they say yes).
 */
export function personGameOver() {
  // Not while the game-over dialog is up (it opens as this message is drawn): the
  // question waits until the dialog is closed, rather than sitting over it (issue 48).
  setTimeout(() => {
    const over = /** @type {HTMLDialogElement | null} */ (document.getElementById('over'));
    if (over?.open) over.addEventListener('close', askNotify, { once: true });
    else askNotify();
  }, 0);
}

function askNotify() {
  const box = document.getElementById('notifyAsk');
  if (!box || localStorage.getItem(ANSWER) || !globalThis.Notification) return;
  // The browser already has an answer for this site: it is the player's.
  if (Notification.permission !== 'default') { localStorage.setItem(ANSWER, Notification.permission === 'granted' ? 'on' : 'off'); return; }
  box.hidden = false;
  const answer = (/** @type {'on' | 'off'} */ a) => { localStorage.setItem(ANSWER, a); box.hidden = true; };
  /** @type {HTMLButtonElement} */ (document.getElementById('notifyYes')).onclick = () => {
    Notification.requestPermission().then(p => answer(p === 'granted' ? 'on' : 'off'), () => answer('off'));
  };
  /** @type {HTMLButtonElement} */ (document.getElementById('notifyNo')).onclick = () => answer('off');
}
