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

export interface PreloadLinks {
  entry: string[];
  dashboard: string[];
  areas: Record<string, string[]>;
}

/** What a screen's page the build wrote asks for once painted (PAGE_BOOT_SCRIPT): the entry's script and the lists. */
export interface PageBoot extends PreloadLinks {
  script: string;
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
 */
export const PAGE_BOOT_SCRIPT = `(() => {
  const d = document;
  const boot = JSON.parse(d.getElementById('${PAGE_BOOT_ID}').textContent);
  let asked = false;
  let parsed = false;
  let waiting = false;
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
