import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { tokenPairSchema } from '@web-control/contract/auth';
import { startPlatform } from '@web-control/platform/start';

const DEMO_PASSWORD = 'Bench-Passw0rd!';
/** Where the console keeps its session (apps/console/src/shared/session/token-storage.ts). */
const ACCESS_TOKEN_KEY = 'webControl.accessToken';
const REFRESH_TOKEN_KEY = 'webControl.refreshToken';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NAVSTART_RETRIES = 2;

export interface LighthouseFigure {
  page: string;
  formFactor: 'mobile' | 'desktop';
  /** null when Lighthouse could not score the category (its runtime error is in `problem`). */
  performance: number | null;
  accessibility: number | null;
  problem: string | undefined;
  /** Bytes the page moved over the network, as Lighthouse counted them. */
  transferBytes: number;
}

/**
 * Lighthouse (its default mobile profile: a mid-range phone on a slow 4G link, simulated) on
 * /login and on a signed-in /dashboard/transactions, against the production build served by the
 * platform the way `npm start` serves it.
 */
export async function measureLighthouse(consoleDist: string): Promise<LighthouseFigure[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'web-control-lighthouse-'));
  const platform = await startPlatform({
    env: {},
    logger: false,
    settings: {
      dataDir,
      port: 0,
      host: '127.0.0.1',
      demoPassword: DEMO_PASSWORD,
      consoleDist,
      simulatorHistoryHours: 1,
      loginRateLimit: 1000,
    },
  });
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const figures: LighthouseFigure[] = [];
    const runOnce = async (pagePath: string, signedIn: boolean) => {
      if (signedIn) {
        // A fresh session each time: the console keeps it in localStorage, which Lighthouse must not reset.
        const response = await fetch(`${platform.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
        });
        const tokens = tokenPairSchema.parse(await response.json());
        // Signing in must not warm the cache: the page is measured as a first visit, like /login.
        const cdp = await page.createCDPSession();
        await page.goto(`${platform.url}/login`);
        await page.evaluate(
          (entries: (readonly [string, string])[]) =>
            entries.forEach(([key, value]) => localStorage.setItem(key, value)),
          [
            [ACCESS_TOKEN_KEY, tokens.access_token] as const,
            [REFRESH_TOKEN_KEY, tokens.refresh_token] as const,
          ],
        );
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      const result = await lighthouse(
        `${platform.url}${pagePath}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: signedIn,
        },
        undefined,
        page,
      );
      if (result === undefined) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      return result.lhr;
    };
    const audit = async (pagePath: string, signedIn: boolean) => {
      let lhr = await runOnce(pagePath, signedIn);
      // On a busy machine the trace now and then misses the navigation; Lighthouse asks to run again.
      for (let retry = 1; retry <= NAVSTART_RETRIES && lhr.runtimeError?.code === 'NO_NAVSTART'; retry += 1) {
        lhr = await runOnce(pagePath, signedIn);
      }
      const { categories, audits } = lhr;
      const transfer = audits['total-byte-weight']?.numericValue;
      figures.push({
        page: pagePath,
        formFactor: 'mobile',
        performance: categories.performance?.score ?? null,
        accessibility: categories.accessibility?.score ?? null,
        problem: lhr.runtimeError?.message ?? audits['largest-contentful-paint']?.errorMessage,
        transferBytes: transfer ?? 0,
      });
    };
    await audit('/login', false);
    await audit('/dashboard/transactions', true);
    await browser.disconnect();
    return figures;
  } finally {
    chrome.kill();
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
