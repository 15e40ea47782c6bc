// @ts-check
// The start screen's cards for the daily sea and the arenas say what is going on now
// (issue 48): today's attempt and the time to the next sea, in the player's own time;
// an arena running, with its players and the time left, or the next to start. Read once
// the start screen is shown (/daily/day/today, /arenas.json); the fixed words stay if
// the server cannot say.
import { lang, preset } from './i18n.js';

const words = {
  ru: {
    played: 'Сегодня: {0} выстр. Новое море через {1}, в {2}.', started: 'Вы начали сегодняшнее море: {0} выстр. — доиграйте.',
    fresh: 'Новое море уже ждёт: одна попытка. Следующее — через {0}.',
    running: 'Идёт «{0}»: игроков {1}, до конца {2}.', upcoming: '«{0}» начнётся через {1}.',
    hourly: 'Ежечасная арена: {0}', daily: 'Ежедневная арена: {0}', h: '{0} ч {1} мин', m: '{0} мин',
  },
  en: {
    played: 'Today: {0} shots. A new sea in {1}, at {2}.', started: 'You began today\'s sea: {0} shots so far — finish it.',
    fresh: 'Today\'s sea is waiting: one attempt. The next in {0}.',
    running: '«{0}» is on: {1} players, {2} left.', upcoming: '«{0}» starts in {1}.',
    hourly: 'Hourly arena: {0}', daily: 'Daily arena: {0}', h: '{0} h {1} min', m: '{0} min',
  },
};

/** @param {keyof typeof words.ru} key @param {...(string | number)} args */
function w(key, ...args) {
  return (lang === 'en' ? words.en : words.ru)[key].replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
}

/** @param {number} ms */
function span(ms) {
  const min = Math.max(1, Math.ceil(ms / 60000));
  return min >= 60 ? w('h', Math.floor(min / 60), min % 60) : w('m', min);
}

/** @type {any} */
let day = null;
/** @type {any} */
let arenas = null;
let skew = 0;

/** Reads what the cards say, then draws them. */
export async function loadCards() {
  const get = (/** @type {string} */ path) => fetch(path, { credentials: 'same-origin' })
    .then(r => (r.ok ? r.json() : null)).catch(() => null);
  [day, arenas] = await Promise.all([get('/daily/day/today'), get('/arenas.json')]);
  if (arenas?.now_ms) skew = Date.now() - arenas.now_ms;
  drawCards();
}

/** Draws the cards again (in the page's language). */
export function drawCards() {
  const d = document.getElementById('dailyLive'), a = document.getElementById('arenaLive');
  if (d) d.textContent = dailyText();
  if (a) a.textContent = arenaText();
}

function dailyText() {
  if (!day?.today) return '';
  // The next sea is drawn at 00:00 UTC: said in the player's own time.
  const [y, m, dd] = day.today.split('-').map(Number);
  const next = Date.UTC(y, m - 1, dd + 1), left = next - Date.now();
  const at = new Date(next).toLocaleTimeString(lang === 'en' ? 'en-GB' : 'ru-RU', { hour: '2-digit', minute: '2-digit' });
  const n = day.attempt?.shots?.length ?? 0;
  if (day.attempt?.over) return w('played', n, span(left), at);
  if (n) return w('started', n);
  return w('fresh', span(left));
}

function arenaText() {
  const now = Date.now() - skew;
  const name = (/** @type {any} */ x) => (x.every ? w(x.every, preset(x.rules)[0]) : x.name);
  const running = arenas?.open?.find((/** @type {any} */ x) => x.state === 'running');
  if (running) return w('running', name(running), running.players, span(running.ends_ms - now));
  const soon = arenas?.open?.find((/** @type {any} */ x) => x.state === 'upcoming');
  return soon ? w('upcoming', name(soon), span(soon.starts_ms - now)) : '';
}
