import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { tokenPairSchema } from '@web-control/contract/auth';
import {
  ACCESS_TOKEN_KEY,
  PAGE_TOKEN_COOKIE,
  PAGE_TOKEN_COOKIE_PATH,
} from '@web-control/contract/console-build';
import { startPlatform } from '@web-control/platform/start';

const DEMO_PASSWORD = 'Bench-Passw0rd!';
/** Where the console keeps its refresh token (apps/console/src/shared/session/token-storage.ts). */
const REFRESH_TOKEN_KEY = 'webControl.refreshToken';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NAVSTART_RETRIES = 2;
/**
 * Runs per page; the report keeps the median run (Lighthouse's own choice of it). One mobile run's
 * blocking time moved by up to 3x between runs minutes apart on this machine.
 */
const RUNS: Record<FormFactor, number> = { mobile: 3, desktop: 1 };
/** The longest wait for the first start's history (an hour of it) before measuring anyway. */
const HISTORY_WAIT_MS = 120_000;

/** The signed-in screens measured besides /login (issue 21's nine). */
export const SIGNED_IN_SCREENS = [
  '/dashboard/home',
  '/dashboard/transactions',
  '/dashboard/monitoring/overview',
  '/dashboard/load-balancer/services',
  '/dashboard/finance/processes',
  '/dashboard/finance/processes/1/results',
  '/dashboard/config/maps',
  '/dashboard/vouchers',
  '/dashboard/admin/users',
] as const;

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseFigure {
  page: string;
  formFactor: FormFactor;
  /** null when Lighthouse could not score the category (its runtime error is in `problem`). */
  performance: number | null;
  accessibility: number | null;
  /** Total blocking time and largest contentful paint in ms; null when not measured. */
  totalBlockingTime: number | null;
  largestContentfulPaint: number | null;
  /** Cumulative layout shift (a quarter of the mobile score); null when not measured. */
  cumulativeLayoutShift: number | null;
  problem: string | undefined;
  /** Bytes the page moved over the network, as Lighthouse counted them. */
  transferBytes: number;
  /**
   * Lighthouse's measure of the machine's speed (`environment.benchmarkIndex`, higher is faster) in
   * each run: the simulated phone runs the observed tasks 4× slower whatever the host, so a slower or
   * busier host reports more blocking time.
   */
  benchmarkIndexes: number[];
}

/**
 * Lighthouse on /login and each signed-in screen (as admin), with its default mobile profile (a
 * mid-range phone on a slow 4G link, simulated) and its desktop profile, against the production
 * build served by the platform the way `npm start` serves it, the simulator running.
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
  // The first start writes its history in the background: a page measured meanwhile waits on a
  // busy platform (the /login figure fell from 0.97 to 0.92 with it).
  const historyWritten = new Promise<void>((resolve) =>
    platform.app.services.simulator.onHistoryWritten(() => {
      resolve();
      return Promise.resolve();
    }),
  );
  await Promise.race([historyWritten, delay(HISTORY_WAIT_MS, undefined, { ref: false })]);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    // A fresh browser's first page pays for its own start-up, and a fresh platform's first answers
    // for theirs: one visit not measured, so /login, measured first, is measured like the others.
    await page.goto(`${platform.url}/login`);
    await page.waitForSelector('h1');
    const figures: LighthouseFigure[] = [];
    const runOnce = async (pagePath: string, signedIn: boolean, formFactor: FormFactor) => {
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
        // The copy a signed-in console keeps for its pages (shared/session/page-token.ts).
        await browser.setCookie({
          name: PAGE_TOKEN_COOKIE,
          value: tokens.access_token,
          domain: new URL(platform.url).hostname,
          path: PAGE_TOKEN_COOKIE_PATH,
          sameSite: 'Strict',
        });
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
        formFactor === 'desktop' ? desktopConfig : undefined,
        page,
      );
      if (result === undefined) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      return result.lhr;
    };
    const measureOnce = async (pagePath: string, signedIn: boolean, formFactor: FormFactor) => {
      let lhr = await runOnce(pagePath, signedIn, formFactor);
      // On a busy machine the trace now and then misses the navigation; Lighthouse asks to run again.
      for (let retry = 1; retry <= NAVSTART_RETRIES && lhr.runtimeError?.code === 'NO_NAVSTART'; retry += 1) {
        lhr = await runOnce(pagePath, signedIn, formFactor);
      }
      return lhr;
    };
    type Run = Awaited<ReturnType<typeof runOnce>>;
    // Lighthouse's declarations of these name its result through a global namespace that does not resolve here.
    const validRuns = filterToValidRuns as (runs: Run[]) => Run[];
    const medianRun = computeMedianRun as (runs: Run[]) => Run;
    const audit = async (pagePath: string, signedIn: boolean, formFactor: FormFactor) => {
      const runs = [];
      for (let run = 0; run < RUNS[formFactor]; run += 1)
        runs.push(await measureOnce(pagePath, signedIn, formFactor));
      const valid = validRuns(runs);
      const lhr = valid.length > 0 ? medianRun(valid) : runs[0];
      if (lhr === undefined) throw new Error(`Lighthouse gave no run for ${pagePath}`);
      const { categories, audits } = lhr;
      const transfer = audits['total-byte-weight']?.numericValue;
      figures.push({
        page: pagePath,
        formFactor,
        performance: categories.performance?.score ?? null,
        accessibility: categories.accessibility?.score ?? null,
        totalBlockingTime: audits['total-blocking-time']?.numericValue ?? null,
        largestContentfulPaint: audits['largest-contentful-paint']?.numericValue ?? null,
        cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue ?? null,
        problem: lhr.runtimeError?.message ?? audits['largest-contentful-paint']?.errorMessage,
        transferBytes: transfer ?? 0,
        benchmarkIndexes: runs.map((run) => run.environment.benchmarkIndex),
      });
    };
    for (const formFactor of ['mobile', 'desktop'] as const) {
      await audit('/login', false, formFactor);
      for (const screen of SIGNED_IN_SCREENS) await audit(screen, true, formFactor);
    }
    await browser.disconnect();
    return figures;
  } finally {
    chrome.kill();
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
