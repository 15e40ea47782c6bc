// What the boards and the fleets panel show, computed from the game state `S`.
import { t, deckName } from './i18n.js';
import { halo } from './board.js';
import { shipCells } from './fleet.js';
import { parse } from './coords.js';

const other = p => 3 - p;
const keyOf = cell => { const p = parse(cell); return p.c + ',' + p.r; };
const keys = list => new Set(list.map(keyOf));
const haloOn = () => localStorage.getItem('sb.halo') !== '0';

// The waters of seat `p`: its fleet when known, and the other side's shots.
export function waters(S, p, lastShots) {
  const b = S.boards[other(p) - 1];
  const sunkShips = b.sunk.map(s => s.map(parse));
  const sunk = new Set(sunkShips.flat().map(q => q.c + ',' + q.r));
  const misses = keys(b.misses), hits = keys(b.hits);
  let fleet = null;
  if (S.own && p === S.seat && S.own.fleet) fleet = S.own.fleet;
  else if (S.result) fleet = S.result.fleets[p - 1];
  const ships = new Set(fleet ? fleet.flatMap(shipCells).map(q => q.c + ',' + q.r) : []);
  const haloSet = new Set();
  if (haloOn()) sunkShips.forEach(s => halo(s, S.spec.width, S.spec.height, S.spec.touch).forEach(q => haloSet.add(q.c + ',' + q.r)));
  const revealed = S.result && !(S.own && p === S.seat);
  return (c, r) => {
    const k = c + ',' + r, cls = [];
    let state;
    if (ships.has(k)) cls.push('ship', ...(revealed ? ['reveal'] : []));
    if (sunk.has(k)) { cls.push('sunk'); state = t('sSunk'); }
    else if (hits.has(k)) { cls.push('hit'); state = t('sHit'); }
    else if (misses.has(k)) { cls.push('miss'); state = t('sMiss'); }
    else if (haloSet.has(k)) { cls.push('halo'); state = t('sHalo'); }
    else state = ships.has(k) ? t('sShip') : t('sEmpty');
    if (lastShots.p === p && lastShots.cells.has(k)) cls.push('last');
    return { cls: cls.join(' '), state };
  };
}

export function fleetsPanel(S) {
  const row = p => {
    const sunk = S.boards[other(p) - 1].sunk.map(s => s.length), left = [...S.spec.fleet];
    const down = left.map(() => false);
    sunk.forEach(n => { const i = left.findIndex((x, j) => x === n && !down[j]); if (i >= 0) down[i] = true; });
    return `<div class="fleet">${left.map((n, i) => `<i class="${down[i] ? 'down' : ''}" role="img" aria-label="${deckName(n)}${down[i] ? ', ' + t('sSunk') : ''}">${'<b></b>'.repeat(n)}</i>`).join('')}</div>`;
  };
  const who = p => (S.seat ? (p === S.seat ? t('mine') : t('theirs')) : t('board' + p));
  const first = S.seat || 1;
  return [first, other(first)].map(p => {
    const afloat = S.spec.fleet.length - S.boards[other(p) - 1].sunk.length;
    return `<p>${who(p)}: ${afloat}</p>${row(p)}`;
  }).join('');
}

