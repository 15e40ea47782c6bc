// The page's two translation tables (i18n.js), run in Node: Russian and English have the
// same keys at every depth (the presets, the error words, the deck names), and each text
// the same placeholders ({0}, {1}, …). A key missing from one language would show the key
// itself on the page; a missing placeholder would drop a number or a name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TEXTS } from '../../crates/seabattle-server/assets/web/i18n.js';

// Every path to a text in `table` ("errors.not_found", "deck.3"), with its placeholders.
function texts(table, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(table)) {
    const path = prefix + k;
    if (typeof v === 'string') out.set(path, [...new Set(v.match(/\{\d\}/g) || [])].sort().join(' '));
    else texts(v, path + '.', out);
  }
  return out;
}

test('the page has exactly two languages', () => {
  assert.deepEqual(Object.keys(TEXTS).sort(), ['en', 'ru']);
});

test('Russian and English have the same keys', () => {
  const ru = texts(TEXTS.ru), en = texts(TEXTS.en);
  assert.deepEqual([...ru.keys()].filter(k => !en.has(k)), [], 'keys missing from English');
  assert.deepEqual([...en.keys()].filter(k => !ru.has(k)), [], 'keys missing from Russian');
});

test('each text has the same placeholders in both languages', () => {
  const ru = texts(TEXTS.ru), en = texts(TEXTS.en);
  const differ = [...ru].filter(([k, p]) => en.has(k) && en.get(k) !== p).map(([k, p]) => `${k}: ru «${p}», en «${en.get(k)}»`);
  assert.deepEqual(differ, []);
});

test('the lobby\'s words (meet-words.js): the same keys and placeholders in both languages', async () => {
  const { MEET_TEXTS } = await import('../../crates/seabattle-server/assets/web/meet-words.js');
  assert.deepEqual(Object.keys(MEET_TEXTS).sort(), ['en', 'ru']);
  const ru = texts(MEET_TEXTS.ru), en = texts(MEET_TEXTS.en);
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const differ = [...ru].filter(([k, p]) => en.get(k) !== p).map(([k]) => k);
  assert.deepEqual(differ, []);
});

test('the daily sea\'s words (daily-words.js): the same keys and placeholders in both languages', async () => {
  const { DAILY_TEXTS } = await import('../../crates/seabattle-server/assets/web/daily-words.js');
  assert.deepEqual(Object.keys(DAILY_TEXTS).sort(), ['en', 'ru']);
  const ru = texts(DAILY_TEXTS.ru), en = texts(DAILY_TEXTS.en);
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const differ = [...ru].filter(([k, p]) => en.get(k) !== p).map(([k]) => k);
  assert.deepEqual(differ, []);
});

test('the arenas\' words (arena-words.js): the same keys and placeholders in both languages', async () => {
  const { ARENA_TEXTS } = await import('../../crates/seabattle-server/assets/web/arena-words.js');
  assert.deepEqual(Object.keys(ARENA_TEXTS).sort(), ['en', 'ru']);
  const ru = texts(ARENA_TEXTS.ru), en = texts(ARENA_TEXTS.en);
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const differ = [...ru].filter(([k, p]) => en.get(k) !== p).map(([k]) => k);
  assert.deepEqual(differ, []);
});

test('the BOT box\'s words (bot-account.js): the same keys and placeholders in both languages', async () => {
  const { BOT_TEXTS } = await import('../../crates/seabattle-server/assets/web/bot-account.js');
  assert.deepEqual(Object.keys(BOT_TEXTS).sort(), ['en', 'ru']);
  const ru = texts(BOT_TEXTS.ru), en = texts(BOT_TEXTS.en);
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const differ = [...ru].filter(([k, p]) => en.get(k) !== p).map(([k]) => k);
  assert.deepEqual(differ, []);
});

test('the game analysis\' words (analysis.js): the same keys and placeholders in both languages', async () => {
  const { ANALYSIS_TEXTS } = await import('../../crates/seabattle-server/assets/web/analysis.js');
  assert.deepEqual(Object.keys(ANALYSIS_TEXTS).sort(), ['en', 'ru']);
  const ru = texts(ANALYSIS_TEXTS.ru), en = texts(ANALYSIS_TEXTS.en);
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const differ = [...ru].filter(([k, p]) => en.get(k) !== p).map(([k]) => k);
  assert.deepEqual(differ, []);
});
