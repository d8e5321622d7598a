/** The browser tests' own platform: a fresh data folder and a known demo password. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_PASSWORD = 'E2e-demo-Passw0rd!';
/** The heading a screen's page is served with, until the console draws the screen (decision 0036). */
export const SERVED_SHELL = '[data-shell]';

/** Where the browser tests' platform keeps its database and written e-mails. */
export const E2E_DATA_DIR = new URL(`../../.tmp/e2e-data-${E2E_PORT}`, import.meta.url).pathname;

/**
 * Single sign-on: a second platform signing users in through an OpenID provider, each on its own
 * port. Derived from E2E_PORT, 100 and 200 above it, so runs on neighbouring ports don't collide.
 */
export const E2E_SSO_PORT = Number(process.env.E2E_SSO_PORT ?? E2E_PORT + 100);
export const SSO_BASE_URL = `http://127.0.0.1:${E2E_SSO_PORT}`;
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 200);
export const OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
/**
 * FOUR_EYES: a third platform where receiver and user administration changes are requests another
 * user approves, 300 above E2E_PORT, with a second administrator to approve the first one's.
 */
export const E2E_FOUR_EYES_PORT = Number(process.env.E2E_FOUR_EYES_PORT ?? E2E_PORT + 300);
export const FOUR_EYES_BASE_URL = `http://127.0.0.1:${E2E_FOUR_EYES_PORT}`;
export const FOUR_EYES_DATA_DIR = new URL(`../../.tmp/e2e-data-${E2E_FOUR_EYES_PORT}`, import.meta.url)
  .pathname;
export const SECOND_ADMIN = 'second-admin';

/**
 * A fourth platform, 400 above E2E_PORT, for the large file's load: on PGlite the load's last
 * transaction holds the only connection for as long as it writes the file's records (issue 23), and
 * on a busy machine that kept the other tests' requests waiting for over a minute.
 */
export const E2E_LARGE_LOAD_PORT = Number(process.env.E2E_LARGE_LOAD_PORT ?? E2E_PORT + 400);
export const LARGE_LOAD_BASE_URL = `http://127.0.0.1:${E2E_LARGE_LOAD_PORT}`;
export const LARGE_LOAD_DATA_DIR = new URL(`../../.tmp/e2e-data-${E2E_LARGE_LOAD_PORT}`, import.meta.url)
  .pathname;

export const OIDC_CLIENT_ID = 'web-control-e2e';
export const OIDC_CLIENT_SECRET = 'web-control-e2e-secret';
export const IDENTITY_PROVIDER_NAME = 'E2E Identity';

/** The browser tests' platform takes finance files up to 20 MiB: an oversize file stays small to send. */
export const E2E_FINANCE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
