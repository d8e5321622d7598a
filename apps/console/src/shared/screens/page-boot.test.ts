import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAGE_BOOT_ID,
  PAGE_BOOT_SCRIPT,
  PAGE_STYLE_ATTRIBUTE,
  SETTLED_ATTRIBUTE,
  type PageBoot,
} from '@web-control/contract/console-build';

const BOOT: PageBoot = {
  script: 'assets/index-1.js',
  entry: ['assets/index-1.css', 'assets/index-1.js', 'assets/runtime-2.js'],
  dashboard: ['assets/layout-3.js', 'assets/layout-3.css'],
  areas: {
    '/dashboard/vouchers': ['assets/area-vouchers-4.js'],
    '/dashboard/admin': ['assets/area-admin-5.js'],
  },
};

/** A served screen's page at `path`, its boot script run as the browser runs it while parsing. */
function serve(path: string, visibility: DocumentVisibilityState = 'visible') {
  window.history.replaceState(null, '', path);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="application/json" id="${PAGE_BOOT_ID}">${JSON.stringify(BOOT)}</script>`;
  // Indirect eval: the script runs in the page's global scope, as an inline script does.
  (0, eval)(PAGE_BOOT_SCRIPT);
}

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
    link.hasAttribute(PAGE_STYLE_ATTRIBUTE),
  ]);
const entryScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type=module]')].map((script) =>
    script.getAttribute('src'),
  );
const parsed = () => document.dispatchEvent(new Event('DOMContentLoaded'));

describe('a served screen page’s boot', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    // Every boot of the file has then seen its page parsed: none adds a script to the next test's.
    parsed();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks for nothing until the task after the first frame, then for the entry’s, the layout’s and the area’s files', () => {
    serve('/dashboard/vouchers');
    expect(links(), 'as parsed').toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(links(), 'in the frame that paints the shell').toEqual([]);
    vi.advanceTimersByTime(1);
    expect(links()).toEqual([
      ['stylesheet', '/assets/index-1.css', '', true],
      ['modulepreload', '/assets/index-1.js', '', false],
      ['modulepreload', '/assets/runtime-2.js', '', false],
      ['modulepreload', '/assets/layout-3.js', '', false],
      ['stylesheet', '/assets/layout-3.css', '', true],
      ['modulepreload', '/assets/area-vouchers-4.js', '', false],
    ]);
    expect(entryScripts(), 'the entry waits for /config.js, which runs before DOMContentLoaded').toEqual([]);
    parsed();
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('adds the entry with the files when the page was parsed before its paint', () => {
    serve('/dashboard/admin/users/7');
    parsed();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(links().at(-1), 'the area of the path’s first two segments').toEqual([
      'modulepreload',
      '/assets/area-admin-5.js',
      '',
      false,
    ]);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('asks at once on a hidden page, which paints nothing, and only once', () => {
    serve('/dashboard/vouchers', 'hidden');
    expect(links()).toHaveLength(6);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1000);
    parsed();
    expect(links(), 'the frame and the second’s fallback ask nothing more').toHaveLength(6);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('asks after a second when no frame has come', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    serve('/dashboard/somewhere-else');
    vi.advanceTimersByTime(999);
    expect(links()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(links(), 'the entry’s and the layout’s: the path names no area').toHaveLength(5);
  });

  it('marks each stylesheet settled once it has loaded or failed', () => {
    serve('/dashboard/vouchers', 'hidden');
    const [entry, layout] = document.head.querySelectorAll(`link[${PAGE_STYLE_ATTRIBUTE}]`);
    entry?.dispatchEvent(new Event('load'));
    layout?.dispatchEvent(new Event('error'));
    expect(entry?.hasAttribute(SETTLED_ATTRIBUTE)).toBe(true);
    expect(layout?.hasAttribute(SETTLED_ATTRIBUTE)).toBe(true);
  });
});
