// The page behind HAProxy in front of several nodes (docs/deploy.md): a game against the
// computer moves to its own node's address, that node is killed mid-game, and the page
// comes back on another node and plays on. Run by .ci/cluster, which sets
// SEABATTLE_CLUSTER (the proxy's URL) and SEABATTLE_CLUSTER_NODES (NAME=PORT:PID,…);
// skipped otherwise.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, newPage, ownBoard, enemyBoard, openCells, placeRandomly, poll, artifacts, pageErrors } from './harness.js';

const proxy = process.env.SEABATTLE_CLUSTER;
const nodes = (process.env.SEABATTLE_CLUSTER_NODES || '').split(',').filter(Boolean).map(s => {
  const [name, rest] = s.split('=');
  const [port, pid] = rest.split(':');
  return { name, port, pid: Number(pid) };
});

// The games a node holds, from its /metrics.
async function gamesOn(node) {
  try {
    const text = await (await fetch(`http://127.0.0.1:${node.port}/metrics`)).text();
    return Number(/^seabattle_node_games\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? 0);
  } catch { return 0; }
}

let browser;
before(async () => { if (proxy) browser = await startBrowser(); });
after(async () => { await browser?.close(); assert.deepEqual(pageErrors, []); });

test('the page plays on after the node serving its game is killed', { skip: !proxy && 'SEABATTLE_CLUSTER is not set' }, async () => {
  const page = await newPage(browser, 'ru-RU');
  // Every socket the page opened, and the node each one's welcome named: earlier checks
  // of .ci/cluster leave games of their own on the nodes, so the owner of this page's
  // game is read from what the page itself was told, not from the nodes' counts.
  const sockets = [];
  page.on('websocket', ws => {
    const socket = { url: ws.url(), node: null };
    sockets.push(socket);
    ws.on('framereceived', ({ payload }) => {
      try {
        const msg = JSON.parse(payload);
        if (msg.type === 'welcome') socket.node = msg.node ?? null;
      } catch { /* not JSON: nothing to read */ }
    });
  });
  await page.goto(proxy + '/');
  await page.getByLabel('Уровень').selectOption('easy');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await ownBoard(page).waitFor();
  await placeRandomly(page);
  await enemyBoard(page).waitFor();
  const shoot = async n => {
    for (let i = 0; i < n; i++) {
      await page.getByText('Ваш ход').waitFor({ timeout: 20000 });
      const open = await openCells(page).count();
      await openCells(page).first().click();
      await poll(async () => (await openCells(page).count()) < open);
    }
  };
  await shoot(3);
  const game = new URL(page.url()).pathname.split('/').pop();
  // The page moved to its game's address once it had one.
  const moved = sockets.filter(s => s.url.endsWith(`/ws?game=${game}`));
  assert.ok(moved.length > 0, sockets.map(s => s.url).join(' '));
  await poll(async () => moved.at(-1).node !== null);
  const owner = nodes.find(n => n.name === moved.at(-1).node);
  assert.ok(owner, `welcome named ${moved.at(-1).node}, nodes are ${nodes.map(n => n.name)}`);
  assert.ok((await gamesOn(owner)) >= 1, `${owner.name} holds no game`);
  const before = sockets.length;
  process.kill(owner.pid, 'SIGKILL');
  // The page reconnects through the proxy, another node takes the game over, and the
  // battle goes on from where it was.
  await poll(async () => sockets.length > before, 20000);
  await shoot(3);
  // The socket the page plays on now was welcomed by another, living node, which holds
  // the game.
  const now = sockets.at(-1);
  assert.ok(now.node && now.node !== owner.name, `now on ${now.node}, killed ${owner.name}`);
  const taker = nodes.find(n => n.name === now.node);
  assert.ok(taker && (await gamesOn(taker)) >= 1, `${now.node} holds no game`);
  await page.screenshot({ path: join(artifacts, 'cluster-after-kill.png'), fullPage: true });
});
