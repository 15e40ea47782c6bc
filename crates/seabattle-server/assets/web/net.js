// @ts-check
// The protocol version this page speaks (docs/protocol.md §9), said first on every
// connection so a server that speaks another one refuses at once.
const VERSION = 2;
// How often the page pings, and how long it waits for the pong (docs/protocol.md §13).
const PING_EVERY = 15000, PONG_WAIT = 10000;
/** @typedef {import('./wire').ClientMsg} ClientMsg */
/** @typedef {import('./wire').ServerMsg} ServerMsg */

// The WebSocket to the game server: reconnects on loss and calls `onOpen` each time so
// the page can `resume` its game; every message goes to `onMessage`. `game()` names the
// page's game: the socket's address carries it, so that behind a cluster's proxy the
// game's own node serves it (docs/protocol.md §13).
/**
 * @param {{onOpen: () => void, onMessage: (m: ServerMsg) => void, onStatus?: (up: boolean) => void,
 *   game?: () => string | null}} handlers
 * @returns {{send: (msg: ClientMsg) => void, renew: () => void}}
 */
export function connect({ onOpen, onMessage, onStatus, game }) {
  /** @type {WebSocket} */
  let ws;
  /** @type {ClientMsg[]} */
  let queue = [];
  /** @type {string | null} */
  let node = null;
  /** @type {string | null} */
  let at = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let silent;
  let delay = 500;
  // A socket that answers nothing (a frozen node) counts as lost: no pong within
  // PONG_WAIT of a ping, or no opening within it, and the page reconnects.
  const lost = () => { clearTimeout(silent); silent = undefined; try { ws.close(); } catch { /* closing already */ } if (ws.onclose) { ws.onclose = null; closed(); } };
  const expect = () => { clearTimeout(silent); silent = setTimeout(lost, PONG_WAIT); };
  const address = () => {
    at = game?.() || null;
    const base = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
    return at ? `${base}?game=${encodeURIComponent(at)}` : base;
  };
  const open = () => {
    ws = new WebSocket(address());
    expect();
    ws.onopen = () => { clearTimeout(silent); silent = undefined; delay = 500; ws.send(JSON.stringify({ type: 'hello', v: VERSION })); onStatus?.(true); onOpen(); queue.splice(0).forEach(send); };
    ws.onmessage = e => {
      /** @type {ServerMsg} */
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return console.error(err); }
      if (m.type === 'welcome') node = m.node ?? null;
      if (m.type === 'pong') { clearTimeout(silent); silent = undefined; }
      // The game moved to another node: reconnect now (the close follows).
      if (m.type === 'error' && m.code === 'moved') { follow(); return; }
      try { onMessage(m); } catch (err) { console.error(err); }
      // One node of many: a new game is served by its own node, at its own address.
      if (m.type === 'joined' && node && m.game !== at) follow();
    };
    ws.onclose = closed;
  };
  // The socket is gone: said, and another opened after a growing pause.
  const closed = () => { clearTimeout(silent); onStatus?.(false); setTimeout(open, delay); delay = Math.min(delay * 2, 8000); };
  // Leaves this socket for one at the game's address, without a word of lost connection.
  const follow = () => { const old = ws; old.onclose = null; old.close(); open(); };
  /** @param {ClientMsg} msg */
  const send = msg => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    else queue.push(msg);
  };
  open();
  setInterval(() => { if (ws.readyState === WebSocket.OPEN && !silent) { send({ type: 'ping' }); expect(); } }, PING_EVERY);
  // A new socket at once, as after signing in or out: the session cookie is read when
  // a socket opens, so only a new one plays as the account.
  return { send, renew: follow };
}
