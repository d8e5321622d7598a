import { expect, test, type Page, type Response, type Route } from '@playwright/test';
import { SERVED_SHELL } from './support/constants';
import { signInAt } from './support/session';

// The screens whose page the platform serves with their heading in place (their screens.ts `shell`),
// and the titles of the graph panels it holds below it.
const SHELLS: { path: string; heading: string; panelTitles?: string[] }[] = [
  { path: '/dashboard/home', heading: 'Home', panelTitles: ['Total Messages Processed Today'] },
  { path: '/dashboard/transactions', heading: 'Transactions' },
  { path: '/dashboard/monitoring/overview', heading: 'Health Overview' },
  { path: '/dashboard/load-balancer/services', heading: 'Load Balancer - Services' },
  { path: '/dashboard/finance/processes', heading: 'Processes' },
  { path: '/dashboard/config/maps', heading: 'Maps' },
  { path: '/dashboard/vouchers', heading: 'Vouchers' },
  { path: '/dashboard/admin/users', heading: 'User Management' },
];
const WIDTHS = [
  { name: 'a phone', width: 412, height: 823 },
  { name: 'a desktop', width: 1280, height: 800 },
] as const;

async function headingBox(page: Page, name: string, level = 1) {
  const heading = page.getByRole('heading', { level, name, exact: true });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  if (!box) throw new Error(`no box for the heading ${name}`);
  return box;
}

for (const { name, width, height } of WIDTHS) {
  test(`on ${name}, each screen's page shows its heading where the screen then draws it, and the console stays quiet`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // Without JavaScript the page shows what it was served: the shell alone.
    const served = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
    const page = await served.newPage();
    const running = await browser.newContext({ viewport: { width, height } });
    const signedIn = await running.newPage();
    const logged: string[] = [];
    signedIn.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
    });
    // A refused eval is no console message Playwright hears: the page's own event names it.
    await running.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} from ${event.sourceFile}:${event.lineNumber}`,
        ),
      ),
    );
    // The graphs' answers held: a drawn graph's legend wraps to a second row on a phone, so the
    // panels are compared with the screen as it first draws them, loading.
    await signedIn.route('**/api/ecs/metrics/**', () => undefined);
    await signInAt(signedIn, '/dashboard/home', 'admin');
    for (const shell of SHELLS) {
      await page.goto(shell.path);
      const headings = [
        { name: shell.heading, level: 1 },
        ...(shell.panelTitles ?? []).map((name) => ({ name, level: 2 })),
      ];
      const served = [];
      for (const heading of headings)
        served.push({ ...heading, box: await headingBox(page, heading.name, heading.level) });

      await signedIn.goto(shell.path);
      await expect(signedIn.locator(SERVED_SHELL), 'the console has replaced the shell').toHaveCount(0);
      for (const { name, level, box } of served) {
        const drawn = await headingBox(signedIn, name, level);
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(box[side] - drawn[side]), `${shell.path}: ${name}'s ${side}`).toBeLessThan(1);
        }
      }
    }
    expect(
      logged,
      'nothing in the browser console (a router warning, then a CSP violation, was there at every start)',
    ).toEqual([]);
    await served.close();
    await running.close();
  });
}

test('a screen with parameters, an unknown path and a query are served as their path says', async ({
  browser,
}) => {
  const served = await browser.newContext({ javaScriptEnabled: false });
  const page = await served.newPage();
  await page.goto('/dashboard/vouchers?state=ACTIVE&page=2');
  await expect(page.getByRole('heading', { level: 1 }), 'a query keeps the screen’s page').toHaveText(
    'Vouchers',
  );
  await page.goto('/dashboard/vouchers/');
  await expect(page.getByRole('heading', { level: 1 }), 'and so does a trailing slash').toHaveText(
    'Vouchers',
  );
  for (const path of [
    '/dashboard/vouchers/123',
    '/dashboard/config/approvals',
    '/dashboard/nowhere',
    '/login',
  ]) {
    await page.goto(path);
    await expect(page.locator('#root'), `${path}: the console's page, empty until it runs`).toBeEmpty();
  }
  await served.close();
});

test('a process’s page is served headed by its name to a signed-in user, who keeps it until the screen draws it', async ({
  browser,
  page,
}) => {
  const RESULTS = '/dashboard/finance/processes/1/results';
  await signInAt(page, '/dashboard/finance/processes', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Processes' })).toBeVisible();
  // The page as served, with the signed-in console's cookies and no JavaScript.
  const served = await browser.newContext({ javaScriptEnabled: false });
  await served.addCookies(await page.context().cookies());
  const servedPage = await served.newPage();
  await servedPage.goto(RESULTS);
  const box = await headingBox(servedPage, 'Card acquiring');
  const stranger = await browser.newContext({ javaScriptEnabled: false });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(RESULTS);
  await expect(strangerPage.locator('#root'), 'without a session the console’s page, empty').toBeEmpty();

  const held: Route[] = [];
  let released = false;
  await page.route('**/api/recon/processes/1', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  await page.goto(RESULTS);
  await expect.poll(() => held.length, 'the process is asked for').toBeGreaterThan(0);
  await expect(page.getByRole('progressbar', { name: 'Loading process' })).toBeVisible();
  await expect(page.locator(SERVED_SHELL), 'the screen draws the heading now').toHaveCount(0);
  const waiting = await headingBox(page, 'Card acquiring');
  released = true;
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByRole('tab', { name: 'Recon' })).toBeVisible();
  const drawn = await headingBox(page, 'Card acquiring');
  // The screen's heading spans its column (a Stack's child); its text starts and sits where served.
  for (const side of ['x', 'y', 'height'] as const) {
    expect(Math.abs(box[side] - waiting[side]), `waiting: ${side}`).toBeLessThan(1);
    expect(Math.abs(box[side] - drawn[side]), `drawn: ${side}`).toBeLessThan(1);
  }
  await served.close();
  await stranger.close();
});

test('the heading stays while the screen’s code is on its way, and gives way to the screen in one step', async ({
  page,
}) => {
  // Notes a moment when the page, once it had its frame, had none: the shell gone before the screen.
  await page.addInitScript(() => {
    let framed = false;
    new MutationObserver(() => {
      const framedNow = document.querySelector('#root header') !== null;
      if (framed && !framedNow) Reflect.set(window, 'frameLost', true);
      framed ||= framedNow;
    }).observe(document, { childList: true, subtree: true });
  });
  await signInAt(page, '/dashboard/home', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/area-transactions-*.js', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  // The page's boot asks for the held chunk once painted: the navigation is awaited to its commit only.
  await page.goto('/dashboard/transactions', { waitUntil: 'commit' });
  // Mantine marks the page once React has drawn it: the console runs, the screen's chunk is held.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', /light|dark/);
  await expect.poll(() => held.length, 'the screen’s chunk is asked for').toBeGreaterThan(0);
  await expect(page.locator(SERVED_SHELL), 'the served heading is still drawn').toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

  released = true;
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByRole('textbox', { name: 'Reference' }), 'the screen').toBeVisible();
  await expect(page.locator(SERVED_SHELL), 'the shell has given way').toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  expect(
    await page.evaluate(() => Reflect.get(window, 'frameLost') === true),
    'the shell and the screen were never both missing',
  ).toBe(false);
});

test('a screen’s page is painted before any of its files has come, then asks for each once', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/home', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const asked: string[] = [];
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/**', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    if (released) await route.continue();
    else held.push(route);
  });
  const response = await page.goto('/dashboard/transactions', { waitUntil: 'commit' });
  expect(response?.headers().link, 'no Link header: the page asks once painted').toBeUndefined();
  // With every stylesheet and script held, the shell is painted all the same (decision 0057).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  await expect
    .poll(
      () => asked.some((file) => /^\/assets\/area-transactions-.+\.js$/.test(file)),
      'then the screen’s chunk',
    )
    .toBe(true);
  released = true;
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByRole('textbox', { name: 'Reference' }), 'the screen').toBeVisible();
  expect(
    asked.filter((file, index) => asked.indexOf(file) !== index),
    'no file asked for twice (a preload in another mode than its use is not used)',
  ).toEqual([]);
});

// The calls each screen's page makes before the console runs (their screens.ts `earlyCalls`).
const EARLY_CALLS = [
  { path: '/dashboard/config/maps', calls: ['/api/config/maps'] },
  { path: '/dashboard/load-balancer/services', calls: ['/api/lb'] },
  { path: '/dashboard/monitoring/overview', calls: ['/api/ecs/nodes', '/api/ecs/saf'] },
  { path: '/dashboard/finance/processes', calls: ['/api/recon/processes?offset=0&limit=10'] },
  { path: '/dashboard/admin/users', calls: ['/api/auth/manage/users'] },
];

/** Every API call the page makes from now on, as path and query. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname + search);
  });
  return calls;
}

test('a screen’s page makes the screen’s first calls while its code is on its way, and the screen takes their answers', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/home', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const calls = apiCalls(page);
  let held: Route[] | undefined;
  await page.route('**/assets/**', async (route) => {
    if (held) held.push(route);
    else await route.continue();
  });
  for (const screen of EARLY_CALLS) {
    calls.length = 0;
    held = [];
    await page.goto(screen.path, { waitUntil: 'commit' });
    await expect
      .poll(() => calls, `${screen.path}: asked for with every file of the console held`)
      .toEqual(expect.arrayContaining(screen.calls));
    const release = held;
    held = undefined;
    await Promise.all(release.map((route) => route.continue()));
    await expect(page.locator(SERVED_SHELL), `${screen.path}: the console has drawn the screen`).toHaveCount(
      0,
    );
    await expect(page.getByRole('progressbar'), `${screen.path}: with its data`).toHaveCount(0);
    for (const call of screen.calls)
      expect(
        calls.filter((made) => made === call),
        `${screen.path}: ${call} asked for once`,
      ).toHaveLength(1);
  }
  await page.goto('/dashboard/config/maps');
  await expect(page.getByRole('article', { name: 'currency-codes' }), 'the maps drawn from it').toBeVisible();
});

test('when a page’s early call fails, the screen makes it again and draws what it answers', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/home', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const calls = apiCalls(page);
  let failed = false;
  await page.route('**/api/config/maps', async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.fulfill({ status: 503, json: { errorMessage: 'The configuration service is restarting' } });
  });
  await page.goto('/dashboard/config/maps');
  await expect(page.getByRole('article', { name: 'currency-codes' }), 'the maps drawn').toBeVisible();
  expect(
    calls.filter((call) => call === '/api/config/maps'),
    'asked by the page, then by the screen',
  ).toHaveLength(2);
});

test('a dashboard page without one of its own comes with its screen’s code preloaded, each file asked for once', async ({
  page,
}) => {
  await page.addInitScript(() =>
    window.addEventListener('load', () => {
      document.documentElement.dataset.stylesheetsAtLoad = [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]'),
      ]
        .map((link) => new URL(link.href).pathname)
        .join(' ');
    }),
  );
  await signInAt(page, '/dashboard/home', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) asked.push(pathname);
  });
  // Map Approvals loads apart from its area's chunk (the maps list), with the tables it draws with.
  const response = await page.goto('/dashboard/config/approvals');
  const link = response?.headers().link ?? '';
  const preloadedScripts = [...link.matchAll(/<(\/assets\/[^>]+\.js)>; rel=modulepreload/g)].map(
    (match) => match[1],
  );
  expect(
    preloadedScripts.filter((file) => /^\/assets\/area-config-maps-/.test(file ?? '')).length,
    'the page’s Link header names the area’s chunk and its screens’',
  ).toBeGreaterThan(1);
  expect(preloadedScripts, 'and the tables the screen draws with').toContainEqual(
    expect.stringMatching(/^\/assets\/tables-/),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Map Approvals' }), 'the screen').toBeVisible();
  expect(
    asked.filter((file, index) => asked.indexOf(file) !== index),
    'no file asked for twice (a preload in another mode than its use is not used)',
  ).toEqual([]);
  const preloadedStyles = [
    ...(response?.headers().link ?? '').matchAll(/<([^>]+)>; rel=preload; as=style/g),
  ].map((match) => match[1]);
  expect(
    preloadedStyles.length,
    'the header preloads the layout’s and the screen’s stylesheets',
  ).toBeGreaterThan(1);
  // Chromium warns of a preload still unused a few seconds after load: on a busy machine the
  // stylesheets added once the page had loaded came too late.
  const atLoad = (await page.locator('html').getAttribute('data-stylesheets-at-load'))?.split(' ') ?? [];
  expect(atLoad, 'each preloaded stylesheet is the page’s own by its load event').toEqual(
    expect.arrayContaining(preloadedStyles),
  );
});

test('every script a signed-in visit runs asks V8 to compile it as it arrives', async ({ page }) => {
  const scripts: Promise<[string, string]>[] = [];
  const readFirstLine = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) {
      scripts.push(response.text().then((text) => [pathname, text.split('\n')[0] ?? '']));
    }
  };
  page.on('response', readFirstLine);
  await signInAt(page, '/dashboard/finance/processes', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Processes' })).toBeVisible();
  // Chunks preloaded on idle keep arriving: a body still being read when the test ends fails it.
  page.off('response', readFirstLine);
  const firstLines = await Promise.all(scripts);
  expect(firstLines.length, 'the entry, the layout and the area at least').toBeGreaterThan(3);
  // Decision 0048: the hint only counts on the file's first line.
  expect(firstLines.filter(([, line]) => line !== '//# allFunctionsCalledOnLoad')).toEqual([]);
});
