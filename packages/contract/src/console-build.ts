/**
 * What the console's build writes that the platform serves besides its files: a page per screen
 * that declares a shell (apps/console/build/page-shell.ts), under this folder of the build, at the
 * screen's path (`shells/dashboard/vouchers.html` is the page of /dashboard/vouchers).
 */
export const SHELLS_DIR = 'shells';

/**
 * The files a first visit of a dashboard page fetches beside the entry, written by the build
 * (apps/console/build/page-preload.ts) and sent by the platform as a `Link` header with the page:
 * the entry's (stylesheets first), the dashboard layout's, and each area's by its
 * `/dashboard/<segment>`. Paths are the build's own (`assets/…`).
 */
export const PRELOAD_LINKS_FILE = 'preload-links.json';

export interface PreloadLinks {
  entry: string[];
  dashboard: string[];
  areas: Record<string, string[]>;
}

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
