/** The browser tests' own platform: a fresh data folder and a known demo password. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_PASSWORD = 'E2e-demo-Passw0rd!';

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
export const OIDC_CLIENT_ID = 'web-control-e2e';
export const OIDC_CLIENT_SECRET = 'web-control-e2e-secret';
export const IDENTITY_PROVIDER_NAME = 'E2E Identity';
