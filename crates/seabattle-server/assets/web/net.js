// The protocol version this page speaks (docs/protocol.md §9), said first on every
// connection so a server that speaks another one refuses at once.
const VERSION = 2;

// The WebSocket to the game server: reconnects on loss and calls `onOpen` each time so
// the page can `resume` its game; every message goes to `onMessage`. `game()` names the
// page's game: the socket's address carries it, so that behind a cluster's proxy the
// game's own node serves it (docs/protocol.md §13).
export function connect({ onOpen, onMessage, onStatus, game }) {
  let ws, queue = [], delay = 500, node = null, at = null;
  const address = () => {
    at = game?.() || null;
    const base = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
    return at ? `${base}?game=${encodeURIComponent(at)}` : base;
  };
  const open = () => {
    ws = new WebSocket(address());
    ws.onopen = () => { delay = 500; ws.send(JSON.stringify({ type: 'hello', v: VERSION })); onStatus?.(true); onOpen(); queue.splice(0).forEach(send); };
    ws.onmessage = e => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return console.error(err); }
      if (m.type === 'welcome') node = m.node ?? null;
      try { onMessage(m); } catch (err) { console.error(err); }
      // One node of many: a new game is served by its own node, at its own address.
      if (m.type === 'joined' && node && m.game !== at) follow();
    };
    ws.onclose = () => { onStatus?.(false); setTimeout(open, delay); delay = Math.min(delay * 2, 8000); };
  };
  // Leaves this socket for one at the game's address, without a word of lost connection.
  const follow = () => { const old = ws; old.onclose = null; old.close(); open(); };
  const send = msg => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    else queue.push(msg);
  };
  open();
  setInterval(() => { if (ws.readyState === WebSocket.OPEN) send({ type: 'ping' }); }, 25000);
  return { send };
}
