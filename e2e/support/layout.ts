import type { Locator } from '@playwright/test';

/** How far the scroll area holding an element can scroll sideways (0: it all fits). */
export function sidewaysScroll(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const scroller = node.closest('.mantine-ScrollArea-viewport');
    return scroller === null ? 0 : scroller.scrollWidth - scroller.clientWidth;
  });
}
