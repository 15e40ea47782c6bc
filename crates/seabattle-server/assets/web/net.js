// The protocol version this page speaks (docs/protocol.md §9), said first on every
// connection so a server that speaks another one refuses at once.
const VERSION = 2;

// The WebSocket to the game server: reconnects on loss and calls `onOpen` each time so
// the page can `resume` its game; every message goes to `onMessage`.
export function connect({ onOpen, onMessage, onStatus }) {
  let ws, queue = [], delay = 500;
  const open = () => {
    ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    ws.onopen = () => { delay = 500; ws.send(JSON.stringify({ type: 'hello', v: VERSION })); onStatus?.(true); onOpen(); queue.splice(0).forEach(send); };
    ws.onmessage = e => { try { onMessage(JSON.parse(e.data)); } catch (err) { console.error(err); } };
    ws.onclose = () => { onStatus?.(false); setTimeout(open, delay); delay = Math.min(delay * 2, 8000); };
  };
  const send = msg => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    else queue.push(msg);
  };
  open();
  setInterval(() => { if (ws.readyState === WebSocket.OPEN) send({ type: 'ping' }); }, 25000);
  return { send };
}
