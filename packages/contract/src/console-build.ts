import { RUNTIME_CONFIG_GLOBAL, type ApiName } from './runtime-config.ts';

/**
 * What the console's build writes that the platform serves besides its files: a page per screen
 * that declares a shell (apps/console/build/page-shell.ts), under this folder of the build, at the
 * screen's path (`shells/dashboard/vouchers.html` is the page of /dashboard/vouchers).
 */
export const SHELLS_DIR = 'shells';

/**
 * The files a first visit of a dashboard page fetches beside the entry, written by the build
 * (apps/console/build/page-preload.ts): the entry's (stylesheets first), the dashboard layout's, and
 * each area's by its `/dashboard/<segment>`. Paths are the build's own (`assets/…`). The platform
 * sends them as a `Link` header with index.html; the pages the build writes carry them (PageBoot).
 */
export const PRELOAD_LINKS_FILE = 'preload-links.json';

/**
 * Written last by the build, once every file and its compressed copies are in place: a platform
 * running meanwhile reads the build's pages again when it changes.
 */
export const BUILD_DONE_FILE = 'build-done.txt';

export interface PreloadLinks {
  entry: string[];
  dashboard: string[];
  areas: Record<string, string[]>;
  /**
   * By the same `/dashboard/<segment>`, the scripts of the area's screens that load apart from its
   * chunk (decision 0059), for a page served index.html: which of them it shows is not known there.
   */
  areaScreens: Record<string, string[]>;
}

/**
 * A call a screen's page makes before the console runs (PAGE_BOOT_SCRIPT): a GET of `path` on `api`
 * with `query` in the order the screen writes it, as the screen makes it first. The console's HTTP
 * client takes its answer instead of asking again (decision 0059).
 */
export interface EarlyCall {
  api: ApiName;
  path: string;
  query?: Record<string, string | number>;
}

/** An early call as PAGE_BOOT_SCRIPT leaves it under EARLY_CALLS_GLOBAL. */
export interface EarlyAnswer {
  url: string;
  /** The access token it was asked with. */
  token: string;
  /** When it was asked, on the page's clock (`performance.now()`). */
  askedAt: number;
  /** Its answer; undefined when the call failed on its way. */
  response: Promise<Response | undefined>;
}

export const EARLY_CALLS_GLOBAL = '__WEB_CONTROL_EARLY_CALLS__';

/** Where the console keeps its access token in localStorage, which PAGE_BOOT_SCRIPT reads too. */
export const ACCESS_TOKEN_KEY = 'webControl.accessToken';

/**
 * What a screen's page the build wrote asks for once painted (PAGE_BOOT_SCRIPT): the entry's script
 * and the lists, and the screen's early calls.
 */
export interface PageBoot extends Omit<PreloadLinks, 'areaScreens'> {
  script: string;
  calls: EarlyCall[];
  /**
   * What the screen needs (its area's and its own): the calls are made only with a token holding
   * all of it, as the platform audits each call it refuses as the user's.
   */
  permissions: string[];
}

/** The id of the JSON element holding a served screen page's PageBoot. */
export const PAGE_BOOT_ID = 'page-boot';
/** Marks the stylesheets PAGE_BOOT_SCRIPT adds; SETTLED_ATTRIBUTE joins it once one has loaded or failed. */
export const PAGE_STYLE_ATTRIBUTE = 'data-page-style';
export const SETTLED_ATTRIBUTE = 'data-settled';

/**
 * The one inline script of a screen's page the build wrote (the platform's CSP allows it by its
 * hash). The page is painted with its shell's own style; then, in the task after that first paint,
 * it asks for the page's files (the entry's, the dashboard layout's and its area's by the path) and
 * adds the entry's script once the deferred /config.js has run. A hidden page, which paints nothing,
 * asks at once; a page whose paint has not come after a second asks anyway. Decision 0057.
 * Once /config.js has run, it makes the screen's early calls with the stored token, so that their
 * answers come while the console's files are on their way. Decision 0059.
 */
export const PAGE_BOOT_SCRIPT = `(() => {
  const d = document;
  const boot = JSON.parse(d.getElementById('${PAGE_BOOT_ID}').textContent);
  let asked = false;
  let parsed = false;
  let waiting = false;
  const callEarly = () => {
    if (boot.calls.length === 0) return;
    const config = window['${RUNTIME_CONFIG_GLOBAL}'];
    const token = localStorage.getItem('${ACCESS_TOKEN_KEY}');
    if (!config || !token) return;
    // The token's claims, base64url: a user who may not see the screen is turned away by the console.
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    const held = Array.isArray(claims.permissions) ? claims.permissions : [];
    if (!boot.permissions.every((permission) => held.includes(permission))) return;
    // An API the configuration leaves to the console's default is left to the console.
    window['${EARLY_CALLS_GLOBAL}'] = boot.calls.flatMap((call) => {
      const base = config[call.api];
      if (typeof base !== 'string') return [];
      const search = new URLSearchParams(call.query).toString();
      const url = (base.endsWith('/') ? base.slice(0, -1) : base) + call.path + (search ? '?' + search : '');
      const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
      const response = fetch(url, { headers }).catch(() => undefined);
      return [{ url, token, askedAt: performance.now(), response }];
    });
  };
  const run = () => {
    const script = d.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = '/' + boot.script;
    d.head.append(script);
  };
  d.addEventListener(
    'DOMContentLoaded',
    () => {
      parsed = true;
      if (waiting) run();
      // Storage a browser refuses (a SecurityError) leaves the console to make its calls itself.
      try {
        callEarly();
      } catch {}
    },
    { once: true },
  );
  const ask = () => {
    if (asked) return;
    asked = true;
    // The area is the path's first two segments: /dashboard/admin of /dashboard/admin/users.
    const area = boot.areas[location.pathname.split('/').slice(0, 3).join('/')] || [];
    for (const file of [...boot.entry, ...boot.dashboard, ...area]) {
      const link = d.createElement('link');
      link.crossOrigin = '';
      link.href = '/' + file;
      if (file.endsWith('.css')) {
        link.rel = 'stylesheet';
        link.setAttribute('${PAGE_STYLE_ATTRIBUTE}', '');
        const settle = () => link.setAttribute('${SETTLED_ATTRIBUTE}', '');
        link.addEventListener('load', settle);
        link.addEventListener('error', settle);
      } else {
        link.rel = 'modulepreload';
      }
      d.head.append(link);
    }
    if (parsed) run();
    else waiting = true;
  };
  if (d.visibilityState === 'hidden') ask();
  else requestAnimationFrame(() => setTimeout(ask));
  setTimeout(ask, 1000);
})();`;

/**
 * A page whose heading only the database knows (a process's name): the built index.html with the
 * dashboard's frame and an `h1` holding HEADING_SLOT, which the platform fills in for a signed-in
 * user who may see it (the page token below) and serves at that page's path.
 */
export const HEADING_PAGE_FILE = 'heading-page.html';
export const HEADING_SLOT = '{{heading}}';

/** Text as HTML shows it, for the served pages' headings (the build's and the platform's). */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The cookie in which the console keeps a copy of its access token for the dashboard's pages
 * (Path=/dashboard, SameSite=Strict): a page load carries no Authorization header, and the platform
 * reads it only to serve a page with its heading (never to answer an API call).
 */
export const PAGE_TOKEN_COOKIE = 'webControl.pageToken';
export const PAGE_TOKEN_COOKIE_PATH = '/dashboard';
