import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_STYLE_ATTRIBUTE, SETTLED_ATTRIBUTE } from '@web-control/contract/console-build';
import { pageStylesLoaded } from './page-styles';

function stylesheet(settled: boolean): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute(PAGE_STYLE_ATTRIBUTE, '');
  if (settled) link.setAttribute(SETTLED_ATTRIBUTE, '');
  document.head.append(link);
  return link;
}

describe('the page’s stylesheets, before the console draws', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('are waited for until each has loaded or failed; those already settled are not', async () => {
    stylesheet(true);
    const loading = stylesheet(false);
    const failing = stylesheet(false);
    let loaded = false;
    const waited = pageStylesLoaded().then(() => {
      loaded = true;
    });
    loading.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(loaded, 'one still on its way').toBe(false);
    failing.dispatchEvent(new Event('error'));
    await waited;
    expect(loaded).toBe(true);
  });

  it('are no wait on a page without them (index.html links its own)', async () => {
    const plain = document.createElement('link');
    plain.rel = 'stylesheet';
    document.head.append(plain);
    await expect(pageStylesLoaded()).resolves.toBeUndefined();
  });
});
