import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD, E2E_PORT } from './support/constants';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = `${root}.tmp/e2e-data`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
  webServer: {
    // The production build served by the real platform on a database made for this run.
    command: `rm -rf "${dataDir}" && node "${root}apps/platform/src/main.ts"`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      CLIENT_NAME: 'E2E Bank',
      SUPPORT_URL: 'https://support.example/',
      USER_GUIDE_URL: 'https://guide.example/',
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
