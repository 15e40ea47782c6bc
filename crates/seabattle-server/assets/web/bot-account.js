// @ts-check
// The account dialog's BOT box (issue 40, docs/bot-api.md): a signed-in account with
// no games becomes a BOT, for good, after its password and a tick; a BOT makes named
// API tokens (each shown once, here, and never again), lists them and revokes them.
// Loaded only when the box is opened, so the start page carries none of it.
import { lang } from './i18n.js';
import { post, refusal } from './account.js';

const ru = {
  intro: 'Бот — это аккаунт, за который играет программа через API (docs/bot-api.md): только по вызовам, в таблице ботов, с пометкой «бот» везде. Ботом можно сделать аккаунт без сыгранных партий, и это навсегда: играть за него на этой странице будет нельзя.',
  password: 'Пароль', sure: 'Понимаю: аккаунт станет ботом навсегда', make: 'Сделать ботом',
  made: 'Аккаунт {0} теперь бот. Создайте токен для программы.',
  isBot: 'Этот аккаунт — бот. Программа подключается с токеном:', command: 'seabattle bot --server {0} --token-file ФАЙЛ -- КОМАНДА',
  tokens: 'Токены', none: 'Токенов нет.', name: 'Название токена', add: 'Создать токен',
  madeOn: 'создан {0}', revokedOn: 'отозван {0}', revoke: 'Отозвать', revokeSure: 'Отозвать токен «{0}»? Программа с ним больше не подключится.',
  shown: 'Токен «{0}». Скопируйте его сейчас: больше он показан не будет.', copy: 'Копировать', copied: 'Скопировано.',
  has_games: 'Этот аккаунт уже играл: ботом может стать только новый аккаунт.',
  wrong_credentials: 'Неверный пароль.', bad_request: 'Название: от 1 до 40 символов.',
};

/** @type {typeof ru} */
const en = {
  intro: 'A BOT is an account a program plays through the API (docs/bot-api.md): by challenge only, on the BOTs’ table, marked BOT everywhere. Only an account with no games can become a BOT, and it is for good: this page can no longer play for it.',
  password: 'Password', sure: 'I understand: the account becomes a BOT for good', make: 'Make it a BOT',
  made: '{0} is a BOT now. Make a token for its program.',
  isBot: 'This account is a BOT. Its program connects with a token:', command: 'seabattle bot --server {0} --token-file FILE -- COMMAND',
  tokens: 'Tokens', none: 'No tokens.', name: 'Token name', add: 'Make a token',
  madeOn: 'made {0}', revokedOn: 'revoked {0}', revoke: 'Revoke', revokeSure: 'Revoke the token “{0}”? Its program will no longer connect.',
  shown: 'Token “{0}”. Copy it now: it is never shown again.', copy: 'Copy', copied: 'Copied.',
  has_games: 'This account has played: only a new account can become a BOT.',
  wrong_credentials: 'Wrong password.', bad_request: 'A name has 1 to 40 characters.',
};

/** The box's words, by language; e2e/tests/i18n.test.js checks they agree. */
export const BOT_TEXTS = { ru, en };

/** @param {keyof typeof ru} key @param {...string} args */
function w(key, ...args) {
  const text = (BOT_TEXTS[lang] || ru)[key];
  return text.replace(/\{(\d)\}/g, (_, i) => args[+i] ?? '');
}

/**
 * An element with text and attributes.
 * @param {string} tag @param {Record<string, string>} [attrs] @param {...(Node | string)} kids
 */
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

/** A refusal in this box's words where it has them. @param {{json: import('./account.js').Refusal, retry: string | null} | null} r */
function refused(r) {
  if (!r) return refusal({}, null);
  const own = /** @type {Record<string, string>} */ (BOT_TEXTS[lang] || ru)[r.json.code || ''];
  return own || refusal(r.json, r.retry);
}

/** @typedef {{id: number, name: string, created_at: number, revoked_at?: number}} TokenInfo */

const day = (/** @type {number} */ secs) => new Date(secs * 1000).toLocaleDateString(lang);

/**
 * Draws the box into `panel` for the signed-in account `name`: the form that makes it a
 * BOT, or its tokens. `said` shows a line in the dialog's note; `becameBot` tells the
 * dialog the account is a BOT now.
 * @param {HTMLElement} panel @param {{name: string, bot: boolean, said: (text: string) => void, becameBot: () => void}} o
 */
export async function drawBotBox(panel, o) {
  if (!o.bot) { panel.replaceChildren(...makeForm(panel, o)); return; }
  /** @type {TokenInfo[]} */
  let list = [];
  try {
    const r = await fetch('/account/tokens', { credentials: 'same-origin' });
    if (!r.ok) { o.said(refusal(await r.json().catch(() => ({})), null)); return; }
    list = await r.json();
  } catch { o.said(refusal({}, null)); return; }
  const ul = el('ul', { class: 'tokens', id: 'botTokens' });
  for (const tok of list) {
    const li = el('li', {}, el('strong', {}, tok.name), ' · ',
      tok.revoked_at ? w('revokedOn', day(tok.revoked_at)) : w('madeOn', day(tok.created_at)));
    if (tok.revoked_at) li.className = 'revoked';
    else {
      const b = el('button', { type: 'button', class: 'danger' }, w('revoke'));
      b.onclick = async () => {
        if (!confirm(w('revokeSure', tok.name))) return;
        const r = await post('tokens/revoke', { id: tok.id });
        if (!r || r.status !== 204) { o.said(refused(r)); return; }
        drawBotBox(panel, o);
      };
      li.append(' ', b);
    }
    ul.append(li);
  }
  if (!list.length) ul.append(el('li', {}, w('none')));
  const input = /** @type {HTMLInputElement} */ (el('input', { id: 'botTokenName', required: '', maxlength: '40', size: '20' }));
  const form = /** @type {HTMLFormElement} */ (el('form', { id: 'botTokenForm' },
    el('p', {}, el('label', {}, el('span', {}, w('name')), el('br'), input), ' ', el('button', { class: 'primary' }, w('add')))));
  const fresh = el('div', { id: 'botFresh', role: 'status' });
  form.onsubmit = async e => {
    e.preventDefault();
    const r = await post('tokens', { name: input.value.trim() });
    if (!r || r.status !== 201) { o.said(refused(r)); return; }
    const made = /** @type {{name: string, token: string}} */ (/** @type {unknown} */ (r.json));
    await drawBotBox(panel, o);
    showOnce(/** @type {HTMLElement} */ (panel.querySelector('#botFresh')), made.name, made.token);
  };
  panel.replaceChildren(el('p', { class: 'desc' }, w('isBot'), ' ', el('code', {}, w('command', location.origin))),
    el('h4', {}, w('tokens')), ul, fresh, form);
}

// The token itself, once: selected in a read-only field so it can be copied, and gone
// with the next drawing of the box.
/** @param {HTMLElement} box @param {string} name @param {string} token */
function showOnce(box, name, token) {
  const field = /** @type {HTMLInputElement} */ (el('input', { id: 'botTokenValue', readonly: '', size: '40', 'aria-label': w('shown', name) }));
  field.value = token;
  const copy = el('button', { type: 'button' }, w('copy'));
  const done = el('span', { role: 'status' });
  copy.onclick = () => navigator.clipboard?.writeText(token).then(() => { done.textContent = w('copied'); }, () => field.select());
  box.replaceChildren(el('p', { class: 'ok' }, w('shown', name)), el('p', {}, field, ' ', copy, ' ', done));
  field.select();
}

/** The form that makes the account a BOT. @param {HTMLElement} panel @param {Parameters<typeof drawBotBox>[1]} o */
function makeForm(panel, o) {
  const pass = /** @type {HTMLInputElement} */ (el('input', { id: 'botPassword', type: 'password', autocomplete: 'current-password', required: '', minlength: '8', maxlength: '128', size: '20' }));
  const sure = /** @type {HTMLInputElement} */ (el('input', { id: 'botSure', type: 'checkbox', required: '' }));
  const form = /** @type {HTMLFormElement} */ (el('form', { id: 'botForm' },
    el('p', {}, el('label', {}, el('span', {}, w('password')), el('br'), pass)),
    el('p', {}, el('label', { class: 'check' }, sure, ' ', el('span', {}, w('sure')))),
    el('p', { class: 'buttons' }, el('button', { class: 'danger' }, w('make')))));
  form.onsubmit = async e => {
    e.preventDefault();
    const r = await post('bot', { name: o.name, password: pass.value });
    pass.value = '';
    if (!r || r.status !== 200) { o.said(refused(r)); return; }
    o.said(w('made', o.name));
    o.becameBot();
    drawBotBox(panel, { ...o, bot: true });
  };
  return [el('p', { class: 'desc' }, w('intro')), form];
}
