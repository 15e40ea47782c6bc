// The end of a game: the winner, the fairness check (each revealed fleet hashed in the
// browser against the commitment published at the start) and what to do next.
import { t, lang, coordSystem } from './i18n.js';
import { sha256 } from './sha256.js';

const esc = s => String(s).replace(/[&<>"]/g, c => `&#${c.charCodeAt(0)};`);
const checks = new Map(); // game id → [bool, bool] once hashed
const asked = new Set(); // games this page asked a rematch of

function verify(S, redraw) {
  if (checks.has(S.game)) return checks.get(S.game);
  checks.set(S.game, null);
  const r = S.result;
  // The commitments given at the start of the battle, kept since; the result's own copy
  // only if this browser never saw the start.
  let given = r.commitments;
  try { given = JSON.parse(localStorage.getItem('sb.commit.' + S.game)) || given; } catch { /* keep the result's */ }
  Promise.all([0, 1].map(async i => (await sha256(r.fleets[i].join(' ') + ':' + r.salts[i])) === given[i]))
    .then(ok => { checks.set(S.game, ok); redraw(); });
  return null;
}

export function drawOver(app, S, rematchOffer) {
  const el = document.getElementById('over'), r = S.result;
  const ok = verify(S, () => drawOver(app, S, rematchOffer));
  const head = S.seat ? (r.winner === S.seat ? t('youWin') : t('youLose')) : t('winner', r.winner);
  const fair = ok ? ok.map((v, i) => `<li class="${v ? 'ok' : 'bad'}">${t(v ? 'commitOk' : 'commitBad', i + 1)}</li>`).join('') : '<li>…</li>';
  const faults = r.audit.faults.flat();
  const rec = `/games/${S.game}/record`;
  el.innerHTML = `<h2>${head}</h2><p>${t('reason_' + r.reason)}</p>
    <h3>${t('fair')}</h3><ul>${fair}<li class="${faults.length ? 'bad' : 'ok'}">${esc(t('verdict', lang === 'ru' && r.audit.verdict_ru ? r.audit.verdict_ru : r.audit.verdict))}</li>
    ${faults.map(f => `<li class="bad">${esc(f)}</li>`).join('')}</ul>
    ${rematchOffer ? `<p>${t('rematchOffered')}</p>` : ''}
    <p class="buttons">${S.seat ? `<button id="rematch" class="primary"${asked.has(S.game) ? ' disabled' : ''}>${t('rematch')}</button>` : ''}
    <a href="${rec}.json" download="seabattle-${S.game}.json">${t('download')}</a>
    <a href="${rec}.txt?coords=${encodeURIComponent(coordSystem())}&lang=${lang}" download="seabattle-${S.game}.txt">${t('downloadTxt')}</a>
    <a href="/replay/${S.game}">${t('replay')}</a> <a href="/">${t('newGame')}</a></p>`;
  el.hidden = false;
  const b = document.getElementById('rematch');
  if (b) b.onclick = () => { b.disabled = true; asked.add(S.game); app.send({ type: 'rematch', game: S.game }); };
}
