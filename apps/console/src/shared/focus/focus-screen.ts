/** The screen's content, which Skip to content and a navigation that dropped the focus give it to. */
export const MAIN_ID = 'main-content';

/**
 * Focusable only for this focus: left focusable, a click on the element's empty space would focus
 * it and the next Tab would start from its top.
 */
export function focusOnce(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) {
    element.tabIndex = -1;
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus();
}

/** Skip to content: the screen's content itself, past the header's and the menu's stops. */
export function focusMain(): void {
  const main = document.getElementById(MAIN_ID);
  if (main !== null) focusOnce(main);
}

/**
 * A navigation took the focus with it (the link or button that navigated is gone): the new screen
 * has it, at its heading (read out first), or the screen itself while it loads. A focus anywhere
 * else (a field the screen focused, the menu's button) stays.
 */
export function focusScreenIfDropped(): void {
  if (document.activeElement !== null && document.activeElement !== document.body) return;
  const main = document.getElementById(MAIN_ID);
  if (main === null) return;
  focusOnce(main.querySelector<HTMLElement>('h1') ?? main);
}
