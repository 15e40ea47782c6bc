// @ts-check
// The page's elements, as every module finds them, and text made safe for HTML: one
// definition each, so that every module fails and escapes alike.

/** An element the page always has, by id: a missing one is a broken page, said at once.
 * @param {string} id */
export const $ = id => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e;
};

/** An element that comes and goes (a dialog's button, a box built on demand), by id:
 * `null` while it is not there. @param {string} id */
export const byId = id => document.getElementById(id);

/** A form field the page always has, by id. @param {string} id */
export const field = id => /** @type {HTMLInputElement} */ ($(id));

/** The form field an event came from. @param {Event} e */
export const source = e => /** @type {HTMLInputElement} */ (e.target);

/** `s` as HTML text, safe in an element and in an attribute quoted either way.
 * @param {unknown} s */
export const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

/** Adds the style sheet at `href` to the page, once: a feature loaded later brings its
 * own. @param {string} href */
export function stylesheet(href) {
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
  }
}
