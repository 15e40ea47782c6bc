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

