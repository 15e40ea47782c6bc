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

// Each feature's own table of words: the same keys and placeholders in both languages.
for (const [what, file, name] of [
  ['the lobby\'s words', 'meet-words.js', 'MEET_TEXTS'],
  ['the daily sea\'s words', 'daily-words.js', 'DAILY_TEXTS'],
  ['the arenas\' words', 'arena-words.js', 'ARENA_TEXTS'],
  ['the BOT box\'s words', 'bot-account.js', 'BOT_TEXTS'],
  ['the game analysis\' words', 'analysis.js', 'ANALYSIS_TEXTS'],
  ['moderation\'s words', 'mod-words.js', 'MOD_TEXTS'],
]) {
  test(`${what} (${file}): the same keys and placeholders in both languages`, async () => {
    const table = (await import(`../../crates/seabattle-server/assets/web/${file}`))[name];
    assert.deepEqual(Object.keys(table).sort(), ['en', 'ru']);
    const ru = texts(table.ru), en = texts(table.en);
    assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
    const differ = [...ru].filter(([k, p]) => en.get(k) !== p).map(([k]) => k);
    assert.deepEqual(differ, []);
  });
}
