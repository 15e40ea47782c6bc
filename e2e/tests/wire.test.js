// The page's types of the wire messages (assets/web/wire.d.ts) name the same messages
// and error codes as the Rust crate seabattle-wire, read from its sources: a message or
// code added on one side only fails here. (The fields are compared by `tsc` only
// against the page's own use of them, `npm run typecheck`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.js';

const read = path => readFileSync(join(root, path), 'utf8');
const dts = read('crates/seabattle-server/assets/web/wire.d.ts');
const lib = read('crates/seabattle-wire/src/lib.rs');

// The `type`s declared in `namespace NAME { … }` of wire.d.ts.
function tags(name) {
  const body = new RegExp(`export namespace ${name} \\{([\\s\\S]*?)\\n\\}`).exec(dts)?.[1];
  assert.ok(body, `wire.d.ts has no namespace ${name}`);
  return [...body.matchAll(/type: '([a-z_]+)'/g)].map(m => m[1]).sort();
}

// The strings of the Rust constant `NAME: [&str; N] = [ … ]`.
function rustList(name) {
  const body = new RegExp(`${name}: \\[&str; \\d+\\] = \\[([^\\]]*)\\]`).exec(lib)?.[1];
  assert.ok(body, `seabattle-wire has no ${name}`);
  return [...body.matchAll(/"([a-z_]+)"/g)].map(m => m[1]).sort();
}

test('the client messages are those of ClientMsg', () => {
  assert.deepEqual(tags('Client'), rustList('CLIENT_TYPES'));
});

test('the server messages are those of ServerMsg', () => {
  assert.deepEqual(tags('Server'), rustList('SERVER_TYPES'));
});

test('the error codes are those of ErrorCode', () => {
  const rs = read('crates/seabattle-wire/src/error.rs');
  const body = /pub enum ErrorCode \{([\s\S]*?)\n\}/.exec(rs)?.[1];
  assert.ok(body, 'seabattle-wire has no ErrorCode');
  const snake = v => v.replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase());
  const rust = [...body.matchAll(/^\s{4}([A-Z][A-Za-z]*),/gm)].map(m => snake(m[1])).sort();
  const union = /export type ErrorCode =([^;]*);/.exec(dts)?.[1];
  assert.ok(union, 'wire.d.ts has no ErrorCode');
  assert.deepEqual([...union.matchAll(/'([a-z_]+)'/g)].map(m => m[1]).sort(), rust);
});
