// The page's pure modules, run in Node: ship notation, coordinate labels, the SHA-256
// fallback and the QR encoder. (The placement rules are the server's: seabattle-core's
// tests cover them.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { shipCells, shipText } from '../../crates/seabattle-server/assets/web/fleet.js';
import { label } from '../../crates/seabattle-server/assets/web/coords.js';
import { sha256Fallback } from '../../crates/seabattle-server/assets/web/sha256.js';

test('ship notation round-trips', () => {
  for (const s of ['a1-d1', 'j7-j10', 'f3', 'a1+a2+b2']) assert.equal(shipText(shipCells(s)), s);
  assert.equal(shipText([{ c: 3, r: 0 }, { c: 0, r: 0 }, { c: 2, r: 0 }, { c: 1, r: 0 }]), 'a1-d1');
});

test('coordinate labels in every system', () => {
  assert.equal(label('russian', 10, 9, 0), 'К1');
  assert.equal(label('russian-yo', 10, 6, 4), 'Ё5');
  assert.equal(label('latin', 10, 9, 9), 'J10');
  assert.equal(label('республика', 10, 6, 0), 'Л1');
  assert.equal(label('снегурочка', 10, 9, 2), 'А3');
  // The words have ten letters: a wider board falls back to the alphabet.
  assert.equal(label('республика', 15, 14, 0), 'П1');
});

test('the SHA-256 fallback matches Node', () => {
  for (const s of ['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(200), 'a1-d1 f3:5d41402abc4b2a76b9719d911017c592', 'Морской бой']) {
    assert.equal(sha256Fallback(s), createHash('sha256').update(s).digest('hex'), s);
  }
});


test('the game analysis: a side\'s line and the chart\'s marks and text alternative (en)', async () => {
  const { sideLine, chart, signed } = await import('../../crates/seabattle-server/assets/web/analysis.js');
  const shot = (move_number, player, quality, verdict) => ({ move_number, player, cell: 'e5', p: quality / 2, best: 0.5, best_cells: ['f5'], quality, verdict, hit: false });
  const side = (accuracy_percent, wasted, mistakes, luck) => ({ accuracy_percent, wasted, mistakes, luck, shots: 2, hits: 0 });
  const a = {
    version: 2, rules: 'classic', sides: [side(87.4, 1, 0, 1.25), side(50, 0, 1, -0.5)],
    shots: [shot(1, 1, 1, 'fine'), shot(2, 2, 0.3, 'mistake'), shot(3, 1, 0, 'wasted')],
    fleets: [{ mean_expert_shots: 52.25, uniform_mean_expert_shots: 47.9, runs: 200 }, { mean_expert_shots: 40, uniform_mean_expert_shots: 47.9, runs: 200 }],
  };
  assert.equal(sideLine(a, 1, 'Ann'), 'Ann: accuracy 87%, wasted: 1, mistakes: 0, luck: +1.3; the expert sinks their fleet in 52.3 shots on average (a random one in 47.9)');
  assert.equal(signed(-0.04), '−0.0');
  const svg = chart(a, 3, p => `P${p}`, 2);
  // One line per side, a ring for the mistake, a cross for the wasted shot, the step marked.
  assert.equal((svg.match(/<polyline/g) || []).length, 2);
  assert.equal((svg.match(/class="mistake"/g) || []).length, 1);
  assert.equal((svg.match(/class="wasted"/g) || []).length, 1);
  assert.equal((svg.match(/class="now"/g) || []).length, 1);
  assert.match(svg, /role="img" aria-labelledby="qTitle qDesc"/);
  assert.match(svg, /<desc id="qDesc">P1: accuracy 87%, mistakes and wasted shots at moves: 3\. P2: accuracy 50%, mistakes and wasted shots at moves: 2\.<\/desc>/);
  // Drawn as wide as it has room for (so a phone's words keep their size), from 100% down.
  assert.match(svg, /viewBox="0 0 600 160"/);
  assert.match(chart(a, 3, p => `P${p}`, 2, 374), /viewBox="0 0 374 160"/);
  assert.match(svg, />100%<\/text>/);
  // Player 2 fired once: a lone point has no line, so it is a dot (player 1's two are a line).
  assert.equal((svg.match(/class="q2 dot"/g) || []).length, 1);
  assert.equal((svg.match(/class="q1 dot"/g) || []).length, 0);
});

// Placement's drawn fleets (placement.js): only the newest draw asked for is laid out,
// and none after the player's own choice (regressions of two red CI runs, where a drawn
// fleet that came late replaced the last fleet chosen, or took Ready from under a click).
test('placement lays out only the newest drawn fleet, and none after the player chose', async () => {
  const kept = new Map();
  globalThis.localStorage ??= { getItem: k => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)), removeItem: k => kept.delete(k) };
  const place = await import('../../crates/seabattle-server/assets/web/placement.js');
  const sent = [];
  const spec = { fleet: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], mines: 0, sweepers: 0, subs: 0 };
  const A = ['a1-d1', 'a3-c3', 'e3-g3', 'a5-b5', 'd5-e5', 'g5-h5', 'a7', 'c7', 'e7', 'g7'];
  const B = ['a10-d10', 'a8-c8', 'e8-g8', 'j1-j2', 'j4-j5', 'h1-h2', 'f1', 'd2', 'i7', 'j9'];
  const cells = () => place.ships().map(s => s.cells?.length ?? 0).reduce((a, b) => a + b, 0);
  const first = () => JSON.stringify(place.ships()[0].cells);
  place.start({ game: 'g1', rules: 'classic', spec }, m => sent.push(m));
  place.askDraw('uniform');
  assert.deepEqual(sent.map(m => m.type), ['layout', 'layout']);
  // The opening draw's answer, overtaken by «Случайно»: set aside; the newest is laid out.
  place.drawn(A, 'g1');
  assert.equal(cells(), 0);
  place.drawn(B, 'g1');
  assert.equal(cells(), 20);
  const b = first();
  // Another game's fleet, or one nobody asked for, changes nothing.
  place.drawn(A, 'g2');
  place.drawn(A, 'g1');
  assert.equal(first(), b);
  // «Прошлая расстановка» after a draw was asked for: the draw's answer is set aside.
  localStorage.setItem('sb.layout.classic', JSON.stringify(A));
  place.askDraw('perelman');
  place.loadLast();
  const a = first();
  assert.notEqual(a, b);
  place.drawn(B, 'g1');
  assert.equal(first(), a);
  place.stop();
});
