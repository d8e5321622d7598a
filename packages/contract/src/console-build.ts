/**
 * What the console's build writes that the platform serves besides its files: a page per screen
 * that declares a shell (apps/console/build/page-shell.ts), under this folder of the build, at the
 * screen's path (`shells/dashboard/vouchers.html` is the page of /dashboard/vouchers).
 */
export const SHELLS_DIR = 'shells';
