import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_GLOBAL } from '@web-control/contract/runtime-config';
import {
  ACCESS_TOKEN_KEY,
  EARLY_CALLS_GLOBAL,
  PAGE_BOOT_ID,
  PAGE_BOOT_SCRIPT,
  PAGE_STYLE_ATTRIBUTE,
  SETTLED_ATTRIBUTE,
  type EarlyAnswer,
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
  calls: [],
  permissions: [],
};

/** A served screen's page at `path`, its boot script run as the browser runs it while parsing. */
function serve(path: string, visibility: DocumentVisibilityState = 'visible', boot = BOOT) {
  window.history.replaceState(null, '', path);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="application/json" id="${PAGE_BOOT_ID}">${JSON.stringify(boot)}</script>`;
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

/** An access token as the platform signs it, holding these permissions (the signature is not read here). */
function tokenHolding(permissions: string[]): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ username: 'zoë', permissions, exp: 2_000_000_000 })}.c2lnbmVk`;
}

describe('a served screen page’s early calls', () => {
  const TOKEN = tokenHolding(['VIEW_PROCESSES', 'VIEW_CONFIG_MAPS']);
  const CALLS: PageBoot = {
    ...BOOT,
    permissions: ['VIEW_CONFIG_MAPS'],
    calls: [
      { api: 'configApi', path: '/maps' },
      { api: 'reconApi', path: '/processes', query: { offset: 0, limit: 10 } },
      { api: 'authApi', path: '/manage/users' },
    ],
  };
  const fetchCalls = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response('{}')),
  );
  const answers = () => Reflect.get(window, EARLY_CALLS_GLOBAL) as EarlyAnswer[] | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    vi.stubGlobal('fetch', fetchCalls);
    vi.stubGlobal(RUNTIME_CONFIG_GLOBAL, {
      configApi: '/api/config/',
      reconApi: '/api/recon',
      authApi: 42,
    });
    localStorage.setItem(ACCESS_TOKEN_KEY, TOKEN);
  });
  afterEach(() => {
    parsed();
    Reflect.deleteProperty(window, EARLY_CALLS_GLOBAL);
    localStorage.clear();
    fetchCalls.mockClear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('makes them once /config.js has run, with the stored token, and leaves their answers for the console (an API the configuration does not name, to the console)', async () => {
    serve('/dashboard/config/maps', 'hidden', CALLS);
    expect(fetchCalls, 'not before the configuration has run').not.toHaveBeenCalled();
    parsed();
    const headers = { Accept: 'application/json', Authorization: `Bearer ${TOKEN}` };
    expect(fetchCalls.mock.calls).toEqual([
      ['/api/config/maps', { headers }],
      ['/api/recon/processes?offset=0&limit=10', { headers }],
    ]);
    expect(answers()?.map(({ url, token }) => [url, token])).toEqual([
      ['/api/config/maps', TOKEN],
      ['/api/recon/processes?offset=0&limit=10', TOKEN],
    ]);
    expect(await answers()?.[0]?.response).toBeInstanceOf(Response);
    expect(entryScripts(), 'the console starts all the same').toEqual(['/assets/index-1.js']);
  });

  it('leaves a call that failed on its way as no answer, for the console to make again', async () => {
    fetchCalls.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    serve('/dashboard/config/maps', 'hidden', CALLS);
    parsed();
    expect(await answers()?.[0]?.response).toBeUndefined();
  });

  it('makes none without a stored token or a configuration, or when the screen names none', () => {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    serve('/dashboard/config/maps', 'hidden', CALLS);
    parsed();
    vi.stubGlobal(RUNTIME_CONFIG_GLOBAL, undefined);
    localStorage.setItem(ACCESS_TOKEN_KEY, TOKEN);
    serve('/dashboard/config/maps', 'hidden', CALLS);
    parsed();
    vi.stubGlobal(RUNTIME_CONFIG_GLOBAL, { configApi: '/api/config' });
    serve('/dashboard/vouchers', 'hidden', BOOT);
    parsed();
    expect(fetchCalls).not.toHaveBeenCalled();
    expect(answers()).toBeUndefined();
  });

  it('makes none for a user whose token lacks a permission the screen needs, or cannot be read: the console turns them away', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenHolding(['VIEW_PROCESSES']));
    serve('/dashboard/config/maps', 'hidden', CALLS);
    parsed();
    localStorage.setItem(ACCESS_TOKEN_KEY, 'not-a-token');
    serve('/dashboard/config/maps', 'hidden', CALLS);
    parsed();
    expect(fetchCalls).not.toHaveBeenCalled();
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('starts the console when the browser refuses the page its storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    serve('/dashboard/config/maps', 'hidden', CALLS);
    parsed();
    expect(fetchCalls).not.toHaveBeenCalled();
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });
});
