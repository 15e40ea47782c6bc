// Game analysis (issue 50) as a player meets it: the game-over dialog's lines and its
// link, the replay's marks, chart and table, and blind mode's reading of a move's
// judgement; in both languages, on a desktop and a phone, with axe-core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, startBrowser, newPage, enemyBoard, placeRandomly, poll, artifacts, pageErrors, resign, signUp } from './harness.js';
import { check } from './axe.js';

const DESK = { width: 1280, height: 860 }, PHONE = { width: 390, height: 844 };
let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); assert.deepEqual(pageErrors, []); });

const WORDS = {
  ru: {
    locale: 'ru-RU', level: 'Уровень', play: 'Играть с компьютером', turn: 'Ваш ход', unknown: /, неизвестно$/, wounded: /, ранен$/,
    over: 'Игра окончена', link: 'Разбор партии', you: /^Вы: точность \d+%, впустую: [1-9]\d*, ошибки: \d+, везение: [+−]\d+,\d; свой флот эксперт топит в среднем за \d+,\d выстрела \(случайный — за \d+,\d\)$/,
    computer: /^Компьютер(\.лёгкий)?: точность \d+%/, chart: 'Качество выстрелов по ходам', all: 'Все выстрелы', wasted: 'впустую',
    judged: /^Ход \d+ · Игрок [12]: [А-К]\d+: впустую — корабля там быть не могло/, cellWasted: /, впустую$/, best: /, лучшая клетка$/,
    hitRate: 'Доля попаданий', blindOn: 'Режим для незрячих', status: 'статус', next: 'вперёд',
  },
  en: {
    locale: 'en-US', level: 'Level', play: 'Play the computer', turn: 'Your turn', unknown: /, unknown$/, wounded: /, hit$/,
    over: 'Game over', link: 'Game analysis', you: /^You: accuracy \d+%, wasted: [1-9]\d*, mistakes: \d+, luck: [+−]\d+\.\d; the expert sinks their fleet in \d+\.\d shots on average \(a random one in \d+\.\d\)$/,
    computer: /^Computer(\.easy)?: accuracy \d+%/, chart: 'Shot quality over the game', all: 'Every shot', wasted: 'wasted',
    judged: /^Move \d+ · Player [12]: [A-J]\d+: wasted — no ship could have been there/, cellWasted: /, wasted$/, best: /, a best cell$/,
    hitRate: 'Hit rate', blindOn: 'Blind mode', status: 'status', next: 'next',
  },
};

/** The enemy board's cells in order (row by row) with their names. */
const names = page => enemyBoard(page).getByRole('gridcell').evaluateAll(cells => cells.map(c => c.getAttribute('aria-label') || ''));

/**
 * Plays the computer until a ship is hit and not sunk, then fires at a diagonal
 * neighbour of that hit (a cell no fleet could cover under the classic rules: wasted),
 * then resigns. Returns the game's id.
 */
async function wasteAShot(page, w, account) {
  await page.goto(server.url + '/');
  if (account) await signUp(page, account);
  await page.getByLabel(w.level).selectOption('easy');
  await page.getByRole('button', { name: w.play }).click();
  await placeRandomly(page);
  for (let i = 0; i < 100; i++) {
    await page.getByText(w.turn, { exact: false }).first().waitFor({ timeout: 30000 });
    const cells = await names(page);
    const hit = cells.findIndex(n => w.wounded.test(n));
    if (hit >= 0) {
      const [c, r] = [hit % 10, Math.floor(hit / 10)];
      const diagonal = [[1, 1], [1, -1], [-1, 1], [-1, -1]].map(([dc, dr]) => [c + dc, r + dr])
        .find(([x, y]) => x >= 0 && x < 10 && y >= 0 && y < 10 && w.unknown.test(cells[y * 10 + x]));
      if (diagonal) {
        const at = diagonal[1] * 10 + diagonal[0];
        await enemyBoard(page).getByRole('gridcell').nth(at).click();
        await poll(async () => !w.unknown.test((await names(page))[at]));
        break;
      }
    }
    const open = cells.findIndex(n => w.unknown.test(n));
    await enemyBoard(page).getByRole('gridcell').nth(open).click();
    await poll(async () => !w.unknown.test((await names(page))[open]));
  }
  await resign(page);
  return new URL(page.url()).pathname.split('/').pop();
}

for (const [lang, size, viewport] of [['ru', 'desk', DESK], ['en', 'phone', PHONE], ['en', 'desk', DESK], ['ru', 'phone', PHONE]]) {
  test(`the analysis in the game-over dialog and the replay (${lang}, ${size})`, async () => {
    const w = WORDS[lang];
    const phone = size === 'phone';
    const page = await newPage(browser, w.locale, viewport, phone ? { isMobile: true, hasTouch: true } : {});
    // The phone's player has an account: their profile sums their analysed games.
    const account = phone ? `Pro${lang}${Date.now() % 100000}` : null;
    const id = await wasteAShot(page, w, account);
    const dlg = page.getByRole('dialog', { name: w.over });
    await dlg.waitFor();
    assert.ok(await dlg.getByRole('rowheader', { name: w.hitRate }).isVisible());
    // The lines come once the server has made the analysis (a few seconds).
    const lines = dlg.locator('.analysis li');
    await poll(async () => (await lines.count()) === 2, 60000);
    const [you, them] = await lines.allTextContents();
    assert.match(you, w.you);
    assert.match(them, w.computer);
    const box = await dlg.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, JSON.stringify(box));
    await check(page, 'over', `the analysis in the dialog (${lang}, ${size})`);
    await page.screenshot({ path: join(artifacts, `analysis-over-${lang}-${size}.png`) });

    // The link opens the replay at its analysis.
    await dlg.getByRole('link', { name: w.link }).click();
    await page.waitForURL(`**/replay/${id}#analysis`);
    const section = page.getByRole('region', { name: w.link });
    await section.getByRole('img', { name: w.chart }).waitFor({ timeout: 60000 });
    const desc = await page.locator('#qDesc').textContent();
    assert.ok(/\d+%/.test(desc), desc);
    assert.match((await section.locator('#rSum li').first().textContent()), /\d+%/);
    // The table's wasted shot steps the replay to its move: the cell marked, the best
    // cells starred, the judgement said.
    await section.getByText(w.all).click();
    const row = section.locator('#rAll tr.wasted').first();
    await row.getByRole('button').click();
    await poll(async () => w.judged.test(await page.locator('#rJudge').textContent()));
    const marked = page.locator('#replay').getByRole('gridcell', { name: w.cellWasted });
    assert.equal(await marked.count(), 1);
    assert.ok((await page.locator('#replay').getByRole('gridcell', { name: w.best }).count()) >= 1);
    // The chart fits the page.
    const chart = await section.getByRole('img', { name: w.chart }).boundingBox();
    assert.ok(chart.x >= 0 && chart.x + chart.width <= viewport.width + 1, JSON.stringify(chart));
    // So does the table of shots, its verdict column too (a phone scrolled it sideways).
    const table = await section.locator('#rAll table').boundingBox();
    assert.ok(table.x >= 0 && table.x + table.width <= viewport.width + 1, JSON.stringify(table));
    await check(page, 'replay', `the analysis in the replay (${lang}, ${size})`);
    await marked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `analysis-replay-${lang}-${size}.png`) });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `analysis-chart-${lang}-${size}.png`) });

    // Blind mode reads a move's judgement in the replay.
    if (size === 'desk') {
      await page.evaluate(() => localStorage.setItem('sb.blind', '1'));
      await page.goto(`${server.url}/replay/${id}`);
      const input = page.locator('#blindInput');
      await input.waitFor();
      await page.locator('#rJudge').waitFor({ state: 'attached' });
      await poll(async () => (await page.locator('#rSum li').count()) === 2, 60000);
      const moves = await page.locator('#rAll tr').count();
      assert.ok(moves > 1);
      await input.focus();
      await page.keyboard.type(w.next);
      await page.keyboard.press('Enter');
      await input.focus();
      await page.keyboard.type(w.status);
      await page.keyboard.press('Enter');
      const log = page.locator('#blindLog');
      await poll(async () => /(Ход|Move) 1 · /.test(await log.textContent()));
    }
    if (account) {
      await page.goto(`${server.url}/u/${account}?lang=${lang}`);
      const table = page.locator('table.analysis');
      await table.waitFor();
      assert.match(await table.locator('[data-accuracy]').first().textContent(), /^\d+%$/);
      assert.match(await table.locator('[data-hardness]').first().textContent(), /^\d+\.\d$/);
      await check(page, 'profile', `the analysis on the profile (${lang}, ${size})`);
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `analysis-profile-${lang}-${size}.png`) });
      await page.setViewportSize(DESK);
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `analysis-profile-${lang}-desk.png`) });
    }
    await page.context().close();
  });
}

test('a game under rules the analysis cannot judge says so in the dialog (ru)', async () => {
  const page = await newPage(browser, 'ru-RU', DESK);
  await page.goto(server.url + '/');
  await page.locator('#rules').selectOption('mines');
  await page.getByRole('button', { name: 'Играть с компьютером' }).click();
  await placeRandomly(page);
  await page.getByRole('button', { name: 'Сдаться' }).waitFor();
  await resign(page);
  const dlg = page.getByRole('dialog', { name: 'Игра окончена' });
  await dlg.getByText('Разбор недоступен для этих правил.').waitFor({ timeout: 30000 });
  assert.equal(await dlg.getByRole('link', { name: 'Разбор партии' }).count(), 0);
  await page.context().close();
});
