// axe-core, the third-party accessibility checker, run inside a page: `check(page,
// screen)` fails on any violation of impact serious or critical, naming each rule and
// the nodes it found. Violations the integrator still has to mend are listed in KNOWN
// by screen: they are reported (never silently skipped) and do not fail the run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Rule ids allowed, for now, on a screen; each entry says why. Empty it as they are
// mended.
export const KNOWN = {
  start: [], placement: [], waiting: [], battle: [], over: [], spectator: [], replay: [],
};

const SERIOUS = new Set(['serious', 'critical']);

// One violation as text: its rule, impact, help and every node's target and markup.
function describe(v) {
  const nodes = v.nodes.map(n => `    ${n.target.join(' ')}: ${n.html.slice(0, 160)}${n.failureSummary ? '\n      ' + n.failureSummary.replace(/\n/g, '\n      ') : ''}`);
  return `  ${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n${nodes.join('\n')}`;
}

// Runs axe on `page`; returns {violations, known} (serious or critical only), and
// throws when any of them is not in KNOWN[screen].
export async function check(page, screen, label = screen) {
  // Evaluated through the debugging protocol: the page's content security policy,
  // which allows only its own scripts, does not apply.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(source);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const serious = result.violations.filter(v => SERIOUS.has(v.impact));
  const allowed = new Set(KNOWN[screen] ?? []);
  const known = serious.filter(v => allowed.has(v.id));
  const violations = serious.filter(v => !allowed.has(v.id));
  if (known.length) console.error(`axe, known on ${label} (to be mended):\n${known.map(describe).join('\n')}`);
  if (violations.length) throw new Error(`axe found ${violations.length} serious or critical violation(s) on ${label}:\n${violations.map(describe).join('\n')}`);
  return { violations, known, passes: result.passes?.length };
}
