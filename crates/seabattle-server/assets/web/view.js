// @ts-check
// What the boards and the fleets panel show, computed from the game state `S`.
import { t, deckName, accountName } from './i18n.js';
import { shipCells, pieceOf, PIECES, GLYPH, hulls } from './fleet.js';
import { cellKey, keyOf, cellOf } from './coords.js';
import { other } from './store.js';

/** @typedef {import('./wire').StateJson} State */
/** @typedef {import('./wire').Player} Player */
/** @typedef {import('./wire').PieceKind} PieceKind */
/** @typedef {import('./board.js').Look} Look */
/**
 * The cells of the last volley, ringed: `p` the seat whose waters they are in, `cells`
 * their keys; `extra` a submarine's dying shot, `sink` the ships sunk by it.
 * @typedef {{p: number, cells: Set<string>, extra?: {p: number, k: string},
 *   sink?: {p: number, keys: Set<string>} | null}} LastShots
 */

/** The list of a board (`TargetJson`) that holds the pieces of each kind found by shots. */
const FOUND = /** @type {const} */ ({ mine: 'mines', sweeper: 'sweepers', sub: 'subs' });

// A seat's name as the page shows it in game `S`: the name its player gave, else «Вы» /
// «Противник» for a player, «Игрок N» for a spectator and at one device.
/** @type {(S: State, p: number) => string} */
export const seatName = (S, p) =>
  S.names?.[p - 1] || (S.accounts?.[p - 1] ? accountName(S.accounts[p - 1]?.name ?? '') : '') || (S.seat && S.mode !== 'hotseat' ? t(p === S.seat ? 'you' : 'opp') : t('playerN', p));

// A seat's player as a spectator's banner names them: an account with its rating
// («Анна 1712»), a guest with the guest mark («Вася (гость)»), else as `seatName`.
/** @type {(S: State, p: number) => string} */
export const seatLabel = (S, p) => {
  const acc = S.accounts?.[p - 1], name = S.names?.[p - 1];
  if (acc) {
    const named = acc.bot ? `${accountName(acc.name)} BOT` : acc.name;
    return acc.rating != null ? `${named} ${acc.rating}${acc.provisional ? '?' : ''}` : named;
  }
  return name ? `${name} (${t('guestMark')})` : seatName(S, p);
};
/** @type {(list: string[]) => Set<string>} */
const keys = list => new Set(list.map(keyOf));
const haloOn = () => localStorage.getItem('sb.halo') !== '0';

// A piece's cell: mine ○ (spent ⊙), minesweeper △, submarine ◇; `struck` once shot.
/** @param {PieceKind} kind @param {boolean} struck @returns {{cls: string[], glyph: string, state: string}} */
export function pieceLook(kind, struck) {
  const glyph = kind === 'mine' && struck ? GLYPH.spent : GLYPH[kind];
  const hurt = struck ? ', ' + t(kind === 'mine' ? 'sSpent' : kind === 'sub' ? 'sSunk' : 'sHit') : '';
  return { cls: ['piece', 'p-' + kind, ...(struck ? [kind === 'mine' ? 'spent' : 'hit'] : [])], glyph, state: t('s_' + kind) + hurt };
}

// The pieces of fleet words, by cell key.
/** @type {(fleet: string[] | null) => Map<string, PieceKind>} */
export const piecesOf = fleet => new Map((fleet || []).map(pieceOf).filter(q => q !== null).map(q => [cellKey(q.c, q.r), q.kind]));

// The waters of seat `p`: its fleet when known, and the other side's shots; the pieces
// found by shots, and the cells p showed the other side after mines and minesweepers.
/** @param {State} S @param {number} p @param {LastShots} lastShots @returns {(c: number, r: number) => Look} */
export function waters(S, p, lastShots) {
  const b = S.boards[other(p) - 1];
  const sunk = keys(b.sunk.flat());
  const misses = keys(b.misses), hits = keys(b.hits);
  /** @type {string[] | null} */
  let fleet = null;
  if (S.own && p === S.seat && S.own.fleet) fleet = S.own.fleet;
  else if (S.result) fleet = (S.result.fleets_at_end || S.result.fleets)[p - 1];
  const ships = new Set(fleet ? fleet.flatMap(shipCells).map(q => cellKey(q.c, q.r)) : []);
  const pieces = piecesOf(fleet), found = new Map();
  PIECES.forEach(k => (b[FOUND[k]] || []).forEach(c => found.set(keyOf(c), k)));
  const shown = keys(b.shown_ships || []), shownMines = keys(b.shown_mines || []), left = keys(b.left || []);
  shownMines.forEach(k => pieces.set(k, 'mine'));
  // The cells the rules prove empty, as the server says.
  const haloSet = haloOn() ? keys(b.empty || []) : new Set();
  const revealed = S.result && !(S.own && p === S.seat);
  // Ships are drawn whole: the fleet when known, and the sunk ships in any case.
  const hull = hulls(b.sunk.map(l => l.map(cellOf)));
  if (fleet) hulls(fleet.map(shipCells)).forEach((v, k) => hull.set(k, v));
  return (c, r) => {
    const k = cellKey(c, r), cls = [], kind = found.get(k) || pieces.get(k);
    /** @type {string} */
    let state;
    let glyph = '';
    if (ships.has(k)) cls.push('ship', ...(revealed ? ['reveal'] : []));
    if (hull.has(k) && !kind) cls.push(hull.get(k));
    if (kind) {
      const v = pieceLook(kind, found.has(k));
      cls.push(...v.cls);
      ({ glyph, state } = v);
    } else if (sunk.has(k)) { cls.push('sunk'); state = t('sSunk'); }
    else if (hits.has(k)) { cls.push('hit'); state = t('sHit'); }
    else if (misses.has(k)) { cls.push('miss'); state = t('sMiss'); }
    else if (haloSet.has(k)) { cls.push('halo'); state = t('sHalo'); }
    // Empty only where the fleet is known (one's own, or any once revealed at the end):
    // an enemy cell nobody shot is unknown.
    else state = ships.has(k) ? t('sShip') : fleet ? t('sEmpty') : t('sUnknown');
    if (shown.has(k) && !hits.has(k)) { glyph = GLYPH.shown; state = t('sShip'); }
    if ((shown.has(k) && !hits.has(k)) || (shownMines.has(k) && !found.has(k))) { cls.push('shown'); state += ', ' + t('sShown'); }
    // A deck a flying ship lost when it moved: a hit, but no ship is there now.
    if (left.has(k) && !sunk.has(k)) { cls.push('left'); state += ', ' + t(S.seat === p ? 'sLost' : 'sLeft'); }
    if ((lastShots.p === p && lastShots.cells.has(k)) || (lastShots.extra?.p === p && lastShots.extra.k === k)) cls.push('last');
    if (lastShots.sink?.p === p && lastShots.sink.keys.has(k)) cls.push('sinking');
    return { cls: cls.join(' '), state, glyph };
  };
}

// Each side's ships, those sunk marked: the fleet less the sizes the server says are
// afloat.
/** @param {State} S */
export function fleetsPanel(S) {
  // A flying ship: its decks afloat, and those lost greyed.
  /** @param {number} p */
  const flying = p => {
    const n = S.spec.fleet[0], a = S.boards[other(p) - 1].afloat[0] || 0;
    return `<div class="fleet"><i class="${a ? '' : 'down'}" role="img" aria-label="${t('afloatOf', a, n)}">${'<b></b>'.repeat(a)}${'<b class="gone"></b>'.repeat(n - a)}</i></div>`;
  };
  /** @param {number} p */
  const row = p => {
    if (S.spec.flying) return flying(p);
    const left = S.spec.fleet, sunk = new Map();
    left.forEach(n => sunk.set(n, (sunk.get(n) || 0) + 1));
    S.boards[other(p) - 1].afloat.forEach(n => sunk.set(n, sunk.get(n) - 1));
    const down = left.map(n => { const k = sunk.get(n); sunk.set(n, k - 1); return k > 0; });
    return `<div class="fleet">${left.map((n, i) => `<i class="${down[i] ? 'down' : ''}" role="img" aria-label="${deckName(n)}${down[i] ? ', ' + t('sSunk') : ''}">${'<b></b>'.repeat(n)}</i>`).join('')}</div>`;
  };
  /** @param {number} p */
  const who = p => (S.seat ? (p === S.seat ? t('mine') : t('theirs')) : t('board' + p));
  const first = S.seat || 1;
  return [first, other(first)].map(p => {
    return `<p>${who(p)}: ${S.boards[other(p) - 1].afloat.length}</p>${row(p)}`;
  }).join('');
}

// Who holds seat `p`, for a board's title: an account's name linked to its profile with
// its rating («Анна 1712», «1500?» while provisional); a guest's name with a mark no
// account name has («Вася (гость)»); nothing where nobody gave a name.
/** @param {State} S @param {number} p @returns {(Node | string)[]} */
export function seatWho(S, p) {
  const acc = S.accounts?.[p - 1], name = S.names?.[p - 1];
  if (acc) {
    const a = Object.assign(document.createElement('a'), { href: '/u/' + encodeURIComponent(acc.name), textContent: accountName(acc.name) });
    return [' · ', a, acc.bot ? ' BOT' : '', acc.rating != null ? ` ${acc.rating}${acc.provisional ? '?' : ''}` : ''];
  }
  return name ? [` · ${name} (${t('guestMark')})`] : [];
}

// «Друг подключился», or with the name the friend gave: «Друг подключился: Боб». A BOT
// account that took a challenge is no friend: «Бот подключился: Шквал», and nor is a
// stranger from the lobby or a challenge: «Соперник подключился: Анна 1712».
/** @param {State} G @param {number} p */
export function joinedText(G, p) {
  const acc = G.accounts?.[p - 1], name = G.names?.[p - 1] ?? acc?.name;
  const stranger = G.met === 'lobby' || G.met === 'challenge';
  if (!name) return t(stranger ? 'opponentJoined' : 'friendJoined');
  const named = acc ? `${accountName(acc.name)}${acc.rating != null ? ` ${acc.rating}${acc.provisional ? '?' : ''}` : ''}` : name;
  if (acc?.bot) return t('botJoinedName', named);
  return stranger ? t('opponentJoinedName', named) : t('friendJoinedName', name);
}

/** The account across the board, which the player may report: none at one device,
 * watching, or against the computer (its levels' accounts included).
 * @param {import('./wire').StateJson} S */
export function opponentAccount(S) {
  if (!S.seat || S.mode === 'hotseat' || S.mode.startsWith('computer')) return null;
  return S.accounts?.[2 - S.seat]?.name ?? null;
}
