// The page's types of the wire messages (assets/web/wire.d.ts) are generated from the
// Rust crate seabattle-wire (its example wire-ts; CI fails when the committed file
// differs). What is checked here: its per-message namespaces, made from the crate's
// lists of `type`s, name exactly the tags of the unions ts-rs made from the enums, and
// its error codes are those of the Rust `ErrorCode`. (The fields are compared by `tsc`
// only against the page's own use of them, `npm run typecheck`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.js';

const read = path => readFileSync(join(root, path), 'utf8');
const dts = read('crates/seabattle-server/assets/web/wire.d.ts');

// The tags picked in `namespace NAME { … }` of wire.d.ts (`export type Shot = ServerOf<'shot'>;`).
function picked(name) {
  const body = new RegExp(`export namespace ${name} \\{([\\s\\S]*?)\\n\\}`).exec(dts)?.[1];
  assert.ok(body, `wire.d.ts has no namespace ${name}`);
  return [...body.matchAll(/Of<'([a-z_]+)'>/g)].map(m => m[1]).sort();
}

// The `type` tags of the union `export type NAME = …;`.
function union(name) {
  // Up to the end of its declaration: its fields' comments may hold a `;`.
  const body = new RegExp(`export type ${name} = ([\\s\\S]*?);\\n\\n`).exec(dts)?.[1];
  assert.ok(body, `wire.d.ts has no ${name}`);
  return [...body.matchAll(/"type": "([a-z_]+)"/g)].map(m => m[1]).sort();
}

test('the client namespace names every ClientMsg', () => {
  assert.ok(union('ClientMsg').length >= 30);
  assert.deepEqual(picked('Client'), union('ClientMsg'));
});

test('the server namespace names every ServerMsg', () => {
  assert.ok(union('ServerMsg').length >= 33);
  assert.deepEqual(picked('Server'), union('ServerMsg'));
});

test('the error codes are those of ErrorCode', () => {
  const rs = read('crates/seabattle-wire/src/error.rs');
  const body = /pub enum ErrorCode \{([\s\S]*?)\n\}/.exec(rs)?.[1];
  assert.ok(body, 'seabattle-wire has no ErrorCode');
  const snake = v => v.replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase());
  const rust = [...body.matchAll(/^\s{4}([A-Z][A-Za-z]*),/gm)].map(m => snake(m[1])).sort();
  const codes = /export type ErrorCode =([^;]*);/.exec(dts)?.[1];
  assert.ok(codes, 'wire.d.ts has no ErrorCode');
  assert.deepEqual([...codes.matchAll(/"([a-z_]+)"/g)].map(m => m[1]).sort(), rust);
});
