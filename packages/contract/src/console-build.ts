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
