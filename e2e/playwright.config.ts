import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  DEMO_PASSWORD,
  E2E_DATA_DIR,
  E2E_FINANCE_UPLOAD_MAX_BYTES,
  E2E_FOUR_EYES_PORT,
  E2E_LARGE_LOAD_PORT,
  E2E_OIDC_PORT,
  E2E_PORT,
  E2E_SSO_PORT,
  IDENTITY_PROVIDER_NAME,
  LARGE_LOAD_BASE_URL,
  LARGE_LOAD_DATA_DIR,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  FOUR_EYES_BASE_URL,
  FOUR_EYES_DATA_DIR,
  OIDC_ISSUER,
  SECOND_ADMIN,
  SSO_BASE_URL,
} from './support/constants';

const root = fileURLToPath(new URL('..', import.meta.url));
const ssoDataDir = `${root}.tmp/e2e-data-${E2E_SSO_PORT}`;
/** A first start kept short, for platforms whose tests need no traffic history or large maps. */
const LIGHT_START = { SIMULATOR_HISTORY_HOURS: '1', DEMO_BIN_ROUTING_ENTRIES: '2000' };

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A busy two-core machine runs four platforms and two browsers: a screen may take seconds to answer,
  // and a CI run that shared the machine with another saw 15 s passed twice; a test of five page loads
  // passed 60 s on a slow machine. A wait only costs when it fails.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these Chromium keeps reaching for the network this machine does not have.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // PGlite creates a fresh database for each platform (about 12 s alone, far more on a busy machine).
  webServer: [
    {
      // The production build served by the real platform on a database made for this run.
      // Seeded with a day of transactions (the simulator adds more every 10 s).
      command: `rm -rf "${E2E_DATA_DIR}" && node "${root}apps/platform/src/db/seed-cli.ts" --transactions 3000 --days 1 && node "${root}apps/platform/src/main.ts"`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        DEMO_PASSWORD,
        CLIENT_NAME: 'E2E Bank',
        SUPPORT_URL: 'https://support.example/',
        USER_GUIDE_URL: 'https://guide.example/',
        LOGIN_RATE_LIMIT: '1000',
        FINANCE_UPLOAD_MAX_BYTES: String(E2E_FINANCE_UPLOAD_MAX_BYTES),
        LOG_LEVEL: 'warn',
      },
    },
    {
      // Single sign-on: the OpenID provider of the browser tests…
      command: `node "${root}e2e/support/oidc-provider.ts"`,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'ignore',
      env: {
        OIDC_PROVIDER_PORT: String(E2E_OIDC_PORT),
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        OIDC_REDIRECT_URI: `${SSO_BASE_URL}/login`,
      },
    },
    {
      // …and a second platform that signs users in through it, on its own port and database.
      command: `rm -rf "${ssoDataDir}" && node "${root}apps/platform/src/main.ts"`,
      url: `${SSO_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_SSO_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: ssoDataDir,
        DEMO_PASSWORD,
        CLIENT_NAME: 'E2E Bank',
        AUTH_PROVIDER: 'identity-provider',
        // A fresh database writes its history at start: an hour keeps that off the two cores; its
        // tests sign in only, so a small BIN map keeps its first start short.
        ...LIGHT_START,
        OIDC_ISSUER,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        IDENTITY_PROVIDER_NAME,
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
      },
    },
    {
      // FOUR_EYES for the load balancer and user administration, with a second administrator.
      command: `rm -rf "${FOUR_EYES_DATA_DIR}" && node "${root}apps/platform/src/db/seed-cli.ts" && node "${root}apps/platform/src/testing/add-user-cli.ts" --username ${SECOND_ADMIN} --role Administrator && node "${root}apps/platform/src/main.ts"`,
      url: `${FOUR_EYES_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_FOUR_EYES_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: FOUR_EYES_DATA_DIR,
        DEMO_PASSWORD,
        CLIENT_NAME: 'E2E Bank',
        FOUR_EYES: 'load-balancer,admin',
        ...LIGHT_START,
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
      },
    },
    {
      // The large file's load, apart: its last transaction holds PGlite's one connection (issue 23).
      command: `rm -rf "${LARGE_LOAD_DATA_DIR}" && node "${root}apps/platform/src/db/seed-cli.ts" && node "${root}apps/platform/src/main.ts"`,
      url: `${LARGE_LOAD_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_LARGE_LOAD_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: LARGE_LOAD_DATA_DIR,
        DEMO_PASSWORD,
        CLIENT_NAME: 'E2E Bank',
        ...LIGHT_START,
        FINANCE_LOAD_BATCH_ROWS: '2000',
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
