/** The browser tests' own platform: a fresh data folder and a known demo password. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_PASSWORD = 'E2e-demo-Passw0rd!';
