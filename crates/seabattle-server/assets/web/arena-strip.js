// @ts-check
// An arena's game keeps its arena in view (issue 48): the arena's name, the time left,
// the player's place and points, berserk before the first shot, and the way back, read
// from /arena/ID/json (asked again every 5 s while the game is on screen). The server
// decides everything: berserk is a request it may refuse.
import { esc } from './dom.js';
import { at, shownName } from './arena-words.js';

/** @type {{arena: string, game: string, seat: number | null, shot: boolean, over: boolean} | null} */
let on = null;
/** @type {any} */
let A = null;
let skew = 0;
/** @type {ReturnType<typeof setInterval> | undefined} */
let timer;
let drawn = '';

/** Keeps the strip for `arena`'s game `game` (none: `arena` null), from the game's state.
 * @param {string | null} arena @param {string} game @param {number | null} seat
 * @param {boolean} shot whether the player has fired @param {boolean} over */
export function arenaStrip(arena, game, seat, shot, over) {
  const el = document.getElementById('arenaStrip');
  if (!el) return;
  if (!arena) { on = null; clearInterval(timer); timer = undefined; el.hidden = true; return; }
  const fresh = on?.arena !== arena || on?.game !== game;
  on = { arena, game, seat, shot, over };
  if (fresh) {
    A = null;
    clearInterval(timer);
    load();
    timer = setInterval(() => { load(); }, 5000);
  }
  draw();
}

/** Draws again in the page's language. */
export function rerenderStrip() { drawn = ''; draw(); }

async function load() {
  const which = on?.arena;
  if (!which) return;
  const r = await fetch(`/arena/${encodeURIComponent(which)}/json`, { credentials: 'same-origin' }).catch(() => null);
  const body = r?.ok ? await r.json().catch(() => null) : null;
  if (!body || on?.arena !== which) return;
  A = body;
  skew = Date.now() - body.now_ms;
  draw();
}

/** @param {number} ms */
function span(ms) {
  const s = Math.max(0, Math.round(ms / 1000)), m = Math.floor(s / 60);
  return `${Math.floor(m / 60) ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}` : m}:${String(s % 60).padStart(2, '0')}`;
}

function draw() {
  const el = document.getElementById('arenaStrip');
  if (!el || !on) return;
  const a = A?.arena, me = A?.me;
  const parts = [`<a href="/arena/${encodeURIComponent(on.arena)}">${esc(at('strip', a ? shownName(a) : '…'))}</a>`];
  if (a?.state === 'running') parts.push(esc(at('left', span(a.ends_ms - (Date.now() - skew)))));
  if (me?.rank) parts.push(esc(at('stripYou', me.rank, me.score)));
  // Berserk: before the player's first shot in this game, once.
  const mayBerserk = on.seat && !on.shot && !on.over && me?.game === on.game && !me.berserk;
  if (me?.berserk && me.game === on.game) parts.push(esc(at('berserkDone', Math.max(1, Math.floor((a?.clock ?? 2) / 2)))));
  const html = `${parts.join(' · ')}${mayBerserk ? ` <button id="stripBerserk" type="button">${esc(at('berserk'))} ⚔</button>` : ''}`
    + `${on.over ? `<br><span class="desc">${esc(at('nextSoon'))}</span>` : ''}`;
  el.hidden = false;
  // Redrawn only when it changes: a focused button keeps its focus.
  if (html === drawn) return;
  drawn = html;
  el.innerHTML = html;
  const b = document.getElementById('stripBerserk');
  if (b) b.onclick = async () => {
    if (!on) return;
    const r = await fetch(`/arena/${encodeURIComponent(on.arena)}/berserk`, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: on.game }) }).catch(() => null);
    if (r?.ok) load();
  };
}

// The time left moves every second between loads.
setInterval(() => { if (on && A) draw(); }, 1000);
