import { PAGE_TOKEN_COOKIE, PAGE_TOKEN_COOKIE_PATH } from '@web-control/contract/console-build';

/**
 * The cookie holding a copy of the access token for the dashboard's pages, which the platform
 * reads to serve a page with its heading (a process's name) before the console runs; Max-Age 0
 * removes it. Never sent with API calls or assets (its path), nor from another site.
 */
export function pageTokenCookie(accessToken: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${PAGE_TOKEN_COOKIE}=${accessToken}`,
    `Path=${PAGE_TOKEN_COOKIE_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Keeps the token where a page load carries it until it expires (`exp`, seconds since the epoch). */
export function keepPageToken(accessToken: string, exp: number | undefined): void {
  const secure = window.location.protocol === 'https:';
  document.cookie = pageTokenCookie(accessToken, exp === undefined ? 0 : exp - Date.now() / 1000, secure);
}

export function forgetPageToken(): void {
  document.cookie = pageTokenCookie('', 0, window.location.protocol === 'https:');
}
