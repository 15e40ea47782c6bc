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
  const sockets = [];
  page.on('websocket', ws => sockets.push(ws.url()));
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
  assert.ok(sockets.some(u => u.endsWith(`/ws?game=${game}`)), sockets.join(' '));
  // The one game here is on exactly one node.
  const counts = await Promise.all(nodes.map(gamesOn));
  const owner = nodes[counts.indexOf(1)];
  assert.ok(owner && counts.filter(c => c > 0).length === 1, JSON.stringify(counts));
  const before = sockets.length;
  process.kill(owner.pid, 'SIGKILL');
  // The page reconnects through the proxy, another node takes the game over, and the
  // battle goes on from where it was.
  await poll(async () => sockets.length > before, 20000);
  await shoot(3);
  const others = nodes.filter(n => n !== owner);
  assert.equal((await Promise.all(others.map(gamesOn))).reduce((a, b) => a + b, 0), 1);
  await page.screenshot({ path: join(artifacts, 'cluster-after-kill.png'), fullPage: true });
});
