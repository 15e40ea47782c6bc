// @ts-check
// The share button beside «Копировать»: the system's share sheet (Web Share API) where
// there is one, else the link is copied, as «Копировать» does.
import { t } from './i18n.js';

/** @param {HTMLInputElement} input the link @param {HTMLElement} button the share button */
export async function shareLink(input, button) {
  const url = input.value;
  const data = { title: t('title'), text: t('shareText'), url };
  if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (e) {
      // The player closed the sheet: nothing to do.
      if (/** @type {{name?: string} | undefined} */ (e)?.name === 'AbortError') return;
    }
  }
  // The focus stays on the button; only the old way of copying needs a selection.
  try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.('copy'); }
  button.textContent = t('copied');
  setTimeout(() => { button.textContent = t('share'); }, 2000);
}
