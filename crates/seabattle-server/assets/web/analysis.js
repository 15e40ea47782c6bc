// @ts-check
// A finished game's analysis (`GET /games/ID/analysis.json`, docs/protocol.md "Game
// analysis"): read once per game and shared by the game-over dialog, the replay and
// blind mode, with its words (a side's line, a shot's judgement) and its chart. The
// server makes it in a lane of its own; while it is being made the answer is 503 with
// Retry-After, and the page asks again. Loaded only when a game is over or replayed.
import { esc } from './dom.js';
import { lang, coordSystem } from './i18n.js';
import { cellOf, label } from './coords.js';

// Its style comes with it.
if (globalThis.document && !document.querySelector('link[href$="/analysis.css"]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/analysis.css';
  document.head.append(link);
}

const ru = {
  title: 'Разбор партии', link: 'Разбор партии',
  side: '{0}: точность {1}%, впустую: {2}, ошибки: {3}, везение: {4}',
  fleet: '; свой флот эксперт топит в среднем за {0} выстрела (случайный — за {1})',
  loading: 'Разбор партии считается…', unsupported: 'Разбор недоступен для этих правил.',
  failed: 'Разбор не получился; попробуйте открыть его позже.',
  wasted: '{0}: впустую — корабля там быть не могло', bestShot: '{0}: лучший выстрел (шанс {1})',
  shot: '{0}: шанс {1}, у лучшей клетки {2} ({3})', mistake: 'ошибка: корабль был наполовину найден',
  chart: 'Качество выстрелов по ходам', chartSide: '{0}: точность {1}%, ошибки и выстрелы впустую на ходах: {2}.',
  mistakeMark: 'ошибка', wastedMark: 'впустую', bestCell: 'лучшая клетка', move: 'Ход {0}', noShot: 'Выстрелов на этом ходу нет.',
  help: 'Каждый выстрел оценён только по тому, что знал стрелок. Шанс — вероятность, что в клетке есть неподбитая палуба; качество — шанс выстрела, делённый на шанс лучшей клетки; точность — среднее качество. Везение — попадания сверх того, что обещали шансы. Флот — сколько выстрелов в среднем нужно эксперту, чтобы его потопить.',
  shots: 'Все выстрелы', who: 'Кто', cell: 'Клетка', chance: 'Шанс', best: 'Лучший', verdict: 'Оценка', fine: '—', toMove: 'Ход',
};

/** @typedef {typeof ru} AnalysisTexts */
/** @type {AnalysisTexts} */
const en = {
  title: 'Game analysis', link: 'Game analysis',
  side: '{0}: accuracy {1}%, wasted: {2}, mistakes: {3}, luck: {4}',
  fleet: '; the expert sinks their fleet in {0} shots on average (a random one in {1})',
  loading: 'The game is being analysed…', unsupported: 'Game analysis is not available for these rules.',
  failed: 'The analysis failed; try opening it later.',
  wasted: '{0}: wasted — no ship could have been there', bestShot: '{0}: the best shot (chance {1})',
  shot: '{0}: chance {1}, the best cell had {2} ({3})', mistake: 'a mistake: a ship was half found',
  chart: 'Shot quality over the game', chartSide: '{0}: accuracy {1}%, mistakes and wasted shots at moves: {2}.',
  mistakeMark: 'mistake', wastedMark: 'wasted', bestCell: 'a best cell', move: 'Move {0}', noShot: 'No shot at this move.',
  help: 'Each shot is judged by what its shooter knew, nothing else. The chance is the probability that the cell held an unhit ship cell; a shot\'s quality is its chance over the best cell\'s; accuracy is the mean quality. Luck is the hits above what the chances promised. The fleet figure is how many shots the expert needs on average to sink it.',
  shots: 'Every shot', who: 'Who', cell: 'Cell', chance: 'Chance', best: 'Best', verdict: 'Verdict', fine: '—', toMove: 'Move',
};

/** Both tables, for the test that they agree. */
export const ANALYSIS_TEXTS = { ru, en };

/** A text of the analysis in the page's language, `{0}`, `{1}`, … filled in.
 * @param {keyof AnalysisTexts} key @param {...(string | number)} args */
export function at(key, ...args) {
  return (ANALYSIS_TEXTS[lang] || ru)[key].replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ''));
}

/** @typedef {import('./wire').AnalysisJson} Analysis */
/** @typedef {import('./wire').JudgedShotJson} JudgedShot */
/**
 * What the page knows of a game's analysis.
 * @typedef {{kind: 'loading'} | {kind: 'ready', a: Analysis} | {kind: 'unsupported'} | {kind: 'failed'}} Reading
 */

/** @type {Map<string, Reading>} */
const readings = new Map();
/** @type {Map<string, (() => void)[]>} */
const listeners = new Map();
// Asked again at most this many times while it is being made (a long queue).
const TRIES = 40;

/** The analysis of game `id` as far as it is known, asked for the first time it is
 * wanted; `changed` runs once it is known. @param {string} id @param {() => void} changed @returns {Reading} */
export function analysisOf(id, changed) {
  const known = readings.get(id);
  if (known && known.kind !== 'loading') return known;
  listeners.set(id, [...(listeners.get(id) ?? []), changed]);
  if (!known) {
    readings.set(id, { kind: 'loading' });
    fetchAnalysis(id, TRIES).then(r => {
      readings.set(id, r);
      const ls = listeners.get(id) ?? [];
      listeners.delete(id);
      ls.forEach(f => f());
    });
  }
  return { kind: 'loading' };
}

/** @param {string} id @param {number} tries @returns {Promise<Reading>} */
async function fetchAnalysis(id, tries) {
  try {
    const res = await fetch(`/games/${encodeURIComponent(id)}/analysis.json`);
    if (res.ok) return { kind: 'ready', a: await res.json() };
    if (res.status === 422) return { kind: 'unsupported' };
    if (res.status === 503 && tries > 1) {
      const secs = Math.min(30, Math.max(1, Number(res.headers.get('Retry-After')) || 5));
      await new Promise(ok => setTimeout(ok, secs * 1000));
      return fetchAnalysis(id, tries - 1);
    }
  } catch { /* the network: said as a failure */ }
  return { kind: 'failed' };
}

/** A number as the language writes it: «1,4» in Russian. @param {number} x @param {number} digits */
const num = (x, digits) => { const s = x.toFixed(digits); return lang === 'ru' ? s.replace('.', ',') : s; };
/** A signed number: «+1,4», «−0,8». @param {number} x */
export const signed = x => (x >= 0 ? '+' : '−') + num(Math.abs(x), 1);
/** A chance as a percentage. @param {number} p */
const pct = p => Math.round(p * 100) + '%';

/** Side `p`'s line, its name first: accuracy, wasted shots, mistakes, luck, and how
 * hard its own fleet was to find. @param {Analysis} a @param {number} p @param {string} name */
export function sideLine(a, p, name) {
  const s = a.sides[p - 1], f = a.fleets?.[p - 1];
  const fleet = f ? at('fleet', num(f.mean_expert_shots, 1), num(f.uniform_mean_expert_shots, 1)) : '';
  return at('side', name, Math.round(s.accuracy_percent), s.wasted, s.mistakes, signed(s.luck)) + fleet;
}

/** A cell as the reader's coordinates write it. @param {string} cell @param {number} width */
const cellName = (cell, width) => { const q = cellOf(cell); return label(coordSystem(), width, q.c, q.r); };

/** One shot's judgement in words. @param {JudgedShot} s @param {number} width */
export function shotLine(s, width) {
  const cell = cellName(s.cell, width);
  if (s.verdict === 'wasted') return at('wasted', cell);
  const bests = s.best_cells.slice(0, 3).map(c => cellName(c, width)).join(', ') + (s.best_cells.length > 3 ? '…' : '');
  const line = s.p >= s.best ? at('bestShot', cell, pct(s.p)) : at('shot', cell, pct(s.p), pct(s.best), bests);
  return line + (s.verdict === 'mistake' ? ' — ' + at('mistake') : '');
}

/** The shots of move `number` (a volley), judged. @param {Analysis} a @param {number} number */
export const shotsOfMove = (a, number) => a.shots.filter(s => s.move_number === number);

/**
 * The chart of each shot's quality over the game, both sides, as an SVG with its text
 * alternative: a title, a description of each side, and the marks (a ring for a
 * mistake, a cross for a wasted shot) that the lines' styles tell apart without colour.
 * @param {Analysis} a @param {number} moves the record's moves @param {(p: number) => string} name
 * @param {number} step the move the replay shows, marked by a line
 * @param {number} room the width in pixels the chart has: drawn that wide (within
 * 320–600), its words keep their size on a phone instead of shrinking with it
 */
export function chart(a, moves, name, step, room) {
  const W = Math.round(Math.min(600, Math.max(320, room || 600))), H = 160, L = 46, R = 8, T = 8, B = 22;
  const x = (/** @type {number} */ m) => L + ((W - L - R) * (m - 1)) / Math.max(1, moves - 1);
  const y = (/** @type {number} */ q) => T + (H - T - B) * (1 - q);
  const lines = [1, 2].map(p => {
    const own = a.shots.filter(s => s.player === p);
    const pts = own.map(s => `${x(s.move_number).toFixed(1)},${y(s.quality).toFixed(1)}`).join(' ');
    const marks = own.filter(s => s.verdict !== 'fine').map(s => {
      const cx = x(s.move_number), cy = y(s.quality);
      return s.verdict === 'wasted'
        ? `<path class="wasted" d="M${cx - 4} ${cy - 4}l8 8m0 -8l-8 8"/>`
        : `<circle class="mistake" cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="4.5"/>`;
    }).join('');
    // A side that fired in one move only has no line to draw: its point is a dot.
    const dot = own.length === 1 ? `<circle class="q${p} dot" cx="${x(own[0].move_number).toFixed(1)}" cy="${y(own[0].quality).toFixed(1)}" r="3"/>` : '';
    return `<polyline class="q${p}" points="${pts}"/>${dot}${marks}`;
  }).join('');
  const grid = [0, 0.5, 1].map(q => `<line class="grid" x1="${L}" x2="${W - R}" y1="${y(q)}" y2="${y(q)}"/>`
    + `<text x="${L - 4}" y="${y(q) + 4}" text-anchor="end">${q * 100}%</text>`).join('');
  const axis = `<text x="${L}" y="${H - 4}">1</text><text x="${W - R}" y="${H - 4}" text-anchor="end">${moves}</text>`
    + (step > 0 ? `<line class="now" x1="${x(step)}" x2="${x(step)}" y1="${T}" y2="${H - B}"/>` : '');
  const desc = [1, 2].map(p => {
    const own = a.shots.filter(s => s.player === p), bad = own.filter(s => s.verdict !== 'fine').map(s => s.move_number);
    return at('chartSide', name(p), Math.round(a.sides[p - 1].accuracy_percent), bad.length ? bad.join(', ') : '—');
  }).join(' ');
  return `<svg class="qchart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="qTitle qDesc">`
    + `<title id="qTitle">${esc(at('chart'))}</title><desc id="qDesc">${esc(desc)}</desc>${grid}${axis}${lines}</svg>`
    + `<p class="legend"><span><i class="k1"></i>${esc(name(1))}</span><span><i class="k2"></i>${esc(name(2))}</span>`
    + `<span><i class="km"></i>${esc(at('mistakeMark'))}</span><span><b class="kw">×</b>${esc(at('wastedMark'))}</span></p>`;
}

/** Every shot in a table, its move a button that steps the replay there.
 * @param {Analysis} a @param {number} width @param {(p: number) => string} name */
export function shotTable(a, width, name) {
  const rows = a.shots.map(s => `<tr class="${s.verdict}"><td><button type="button" data-step="${s.move_number}">${s.move_number}</button></td>`
    + `<td>${esc(name(s.player))}</td><td>${esc(cellName(s.cell, width))}</td><td>${pct(s.p)}</td><td>${pct(s.best)}</td>`
    + `<td>${esc(at(s.verdict === 'fine' ? 'fine' : s.verdict === 'wasted' ? 'wastedMark' : 'mistakeMark'))}</td></tr>`).join('');
  const head = ['toMove', 'who', 'cell', 'chance', 'best', 'verdict'].map(k => `<th scope="col">${esc(at(/** @type {keyof AnalysisTexts} */ (k)))}</th>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The summary's lines, each side's in `order`, or why there are none. @param {Reading} r
 * @param {number[]} order @param {(p: number) => string} name @returns {string[]} */
export function summaryLines(r, order, name) {
  return r.kind === 'ready' ? order.map(p => sideLine(r.a, p, name(p))) : [at(r.kind)];
}

/** The game-over dialog's part: the lines and the link to the replay's analysis.
 * @param {Reading} r @param {string} id @param {number[]} order @param {(p: number) => string} name */
export function summaryHtml(r, id, order, name) {
  if (r.kind !== 'ready') return `<div class="analysis" aria-live="polite"><p class="an-head">${esc(at(r.kind))}</p></div>`;
  const lines = summaryLines(r, order, name).map(l => `<li>${esc(l)}</li>`).join('');
  return `<div class="analysis" aria-live="polite"><p class="an-head"><a href="/replay/${encodeURIComponent(id)}#analysis">${esc(at('link'))}</a></p><ul>${lines}</ul></div>`;
}
