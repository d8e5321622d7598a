/** The longest an opener disabled by the change it asked for is waited for (a list reloading after it). */
const ENABLED_WAIT_MS = 10_000;
/** What the user does that moves them on: the focus is theirs from then. */
const USER_MOVES = ['pointerdown', 'keydown', 'focusin'] as const;

function isDisabled(element: HTMLElement): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
}

/**
 * Gives the focus back to `element` where nothing else took it: at once, or, when the change it
 * asked for disables it as it finishes (a button loading until the lists reload), once it is enabled
 * again, unless the user has clicked, typed or moved the focus meanwhile. `given` hears of it.
 * `holder` is where the focus waits meanwhile, if not on the page.
 */
export function giveFocusBack(
  element: HTMLElement,
  given: (element: HTMLElement) => void,
  holder: HTMLElement | null = null,
): void {
  const focus = () => {
    const active = document.activeElement;
    if (active === document.body || (holder !== null && active === holder)) element.focus();
    if (document.activeElement === element) given(element);
  };
  if (!isDisabled(element)) {
    focus();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!element.isConnected) stop();
    else if (!isDisabled(element)) {
      stop();
      focus();
    }
  });
  const timer = window.setTimeout(stop, ENABLED_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const event of USER_MOVES) document.removeEventListener(event, stop, true);
  }
  observer.observe(element, { attributes: true, attributeFilter: ['disabled', 'aria-disabled'] });
  for (const event of USER_MOVES) document.addEventListener(event, stop, true);
}
