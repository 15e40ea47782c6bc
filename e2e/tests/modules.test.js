// The page's pure modules, run in Node: the placement checks, ship notation, coordinate
// labels, the SHA-256 fallback and the QR encoder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { violations, shipCells, shipText } from '../../crates/seabattle-server/assets/web/fleet.js';
import { label } from '../../crates/seabattle-server/assets/web/coords.js';
import { sha256Fallback } from '../../crates/seabattle-server/assets/web/sha256.js';
import { qrMatrix } from '../../crates/seabattle-server/assets/web/qr.js';

const classic = { width: 10, height: 10, fleet: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], touch: 'none', shape: 'straight' };
const legal = ['a1-d1', 'a3-c3', 'e3-g3', 'a5-b5', 'd5-e5', 'g5-h5', 'a7', 'c7', 'e7', 'g7'];
const codes = (ships, spec = classic) => violations(ships.map(s => s && shipCells(s)), spec).map(v => v.code).sort();

test('placement checks name every violation', () => {
  assert.deepEqual(codes(legal), []);
  assert.deepEqual(codes([...legal.slice(0, 9), 'b2']), ['v_corners', 'v_sides']);
  assert.deepEqual(codes([...legal.slice(0, 9), 'f8']), ['v_corners']);
  assert.deepEqual(codes([...legal.slice(0, 9), 'f8'], { ...classic, touch: 'corners' }), []);
  assert.deepEqual(codes([...legal.slice(0, 9), 'e7']), ['v_overlap']);
  assert.deepEqual(codes([...legal.slice(0, 9), null]), ['v_missing']);
  const bent = violations([shipCells('a1+b1+c1+c2')], { ...classic, fleet: [4] });
  assert.deepEqual(bent.map(v => [v.code, v.arg]), [['v_bent', 4]]);
  assert.deepEqual(codes(['a1+b1+c1+c2'], { ...classic, fleet: [4], shape: 'any' }), []);
  assert.deepEqual(codes(['a1+c1'], { ...classic, fleet: [2], shape: 'any' }), ['v_broken']);
  // The violation's cells are the ones to mark: both cells of a corner contact.
  const corner = violations([shipCells('a1'), shipCells('b2')], { ...classic, fleet: [1, 1] });
  assert.deepEqual(corner[0].cells, [{ c: 0, r: 0 }, { c: 1, r: 1 }]);
});

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

test('the QR encoder makes the codes a reader decoded', () => {
  // Matrices checked with zbarimg when this test was written: each decodes to its text.
  const digest = t => createHash('sha256').update(qrMatrix(t).map(r => r.map(v => (v ? 1 : 0)).join('')).join('\n')).digest('hex');
  assert.equal(digest('hi'), 'c479624d5b62be5863a90c35b8a7b7e88d9f5e4642f170585e18b5f6a72955ee');
  assert.equal(digest('http://127.0.0.1:8080/g/k7m2qx9p4a'), '2b5eeeaf660dd1fe76fa352bb602e5949c71c438bab948dd9154d91c0591a750');
  assert.deepEqual([1, 30, 60, 90, 130].map(n => qrMatrix('a'.repeat(n)).length), [21, 25, 33, 37, 41]);
  assert.equal(qrMatrix('a'.repeat(135)), null);
});
