import { expect, test, type Page, type Request } from '@playwright/test';
import { apiToken } from './support/api';
import { signInAt } from './support/session';

const SERVICES_PATH = '/dashboard/load-balancer/services';
const POLL_INTERVAL_MS = 30_000;
/** The trace's refresh (specification: the message page refreshes every 5 s). */
const TRACE_REFRESH_MS = 5_000;

/** The browser's own way to say a tab went to the background or came back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

/**
 * Every API call of the page from now on, as `METHOD path`: when it is sent (`request`), or when its
 * whole answer has arrived (`requestfinished`).
 */
function recordApiCalls(page: Page, event: 'request' | 'requestfinished' = 'request'): string[] {
  const calls: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  };
  // Playwright types each event's listener apart: no overload takes the two names as one.
  if (event === 'request') page.on('request', record);
  else page.on('requestfinished', record);
  return calls;
}

test.describe('live or paused', () => {
  test('a hidden tab sends no request; back in front the screen refreshes once at once', async ({ page }) => {
    // Before the page loads, so the polling timers run on the clock the test moves.
    await page.clock.install();
    await signInAt(page, SERVICES_PATH, 'operator');
    await expect(page.getByRole('rowheader', { name: 'Card Authorisations' })).toBeVisible();
    await expect(
      page.getByText(/^updated \d+ s ago$/),
      'the screen says how old its figures are',
    ).toBeVisible();

    const sent = recordApiCalls(page);
    await setVisibility(page, 'hidden');
    // Three of the services' 30 s refreshes fall due while the tab is hidden.
    await page.clock.runFor(POLL_INTERVAL_MS * 3 + 1000);

    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/lb');
    await setVisibility(page, 'visible');
    await refreshed;
    // The operator reviews nothing (FOUR_EYES is off): no review count beside the screen's own.
    await expect.poll(() => sent, 'nothing while hidden, then one refresh').toEqual(['GET /api/lb']);
  });

  test('Paused stops the refresh and Live refreshes at once; another screen starts live', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAt(page, SERVICES_PATH, 'operator');
    await expect(page.getByRole('rowheader', { name: 'Card Authorisations' })).toBeVisible();
    const refresh = page.getByRole('radiogroup', { name: 'Refresh' });
    await refresh.getByText('Paused').click();
    await expect(refresh.getByRole('radio', { name: 'Paused' })).toBeChecked();

    const sent = recordApiCalls(page);
    await page.clock.runFor(POLL_INTERVAL_MS * 2 + 1000);
    await page.clock.runFor(1000);
    await expect(page.getByText(/^updated 6\d s ago$/), 'the age keeps counting while paused').toBeVisible();

    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/lb');
    await refresh.getByText('Live').click();
    await refreshed;
    await expect.poll(() => sent, 'nothing while paused, then one refresh').toEqual(['GET /api/lb']);
    await expect(page.getByText(/^updated [0-2] s ago$/)).toBeVisible();
  });

  test('the transactions list with auto-refresh on does not refresh from a hidden tab', async ({ page }) => {
    await page.clock.install();
    await signInAt(page, '/dashboard/transactions', 'operator');
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect(list.getByRole('button').first()).toBeVisible();
    await expect(
      page.getByRole('radiogroup', { name: 'Refresh' }),
      'no Live control while auto-refresh is off',
    ).toHaveCount(0);
    await page.getByRole('switch', { name: 'Auto-refresh' }).check();
    await expect(page.getByRole('radiogroup', { name: 'Refresh' })).toBeVisible();

    const sent = recordApiCalls(page);
    await setVisibility(page, 'hidden');
    await page.clock.runFor(5_000 * 4 + 500);
    const refreshed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ecs/transactions',
    );
    await setVisibility(page, 'visible');
    await refreshed;
    // The page's clock runs on after the return: the list's next 5 s refreshes may follow.
    expect(sent[0], 'nothing from the hidden tab, then the refresh on return').toBe(
      'GET /api/ecs/transactions',
    );
  });

  test('the trace page pauses its 5 s refresh with the same control', async ({ page, request }) => {
    const token = await apiToken(request, 'admin');
    const listed = await request.get('/api/ecs/transactions', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { transactions } = (await listed.json()) as { transactions: { uuid: string }[] };
    const uuid = transactions[0]?.uuid;
    if (uuid === undefined) throw new Error('The seeded day has no transaction');
    await page.clock.install();
    await signInAt(page, `/dashboard/transactions/${uuid}`, 'operator');
    await expect(page.getByRole('list', { name: 'Edge messages' }).getByRole('button').first()).toBeVisible();
    const refresh = page.getByRole('radiogroup', { name: 'Refresh' });
    await refresh.getByText('Paused').click();
    await expect(refresh.getByRole('radio', { name: 'Paused' })).toBeChecked();

    const sent = recordApiCalls(page);
    await page.clock.runFor(TRACE_REFRESH_MS * 3 + 500);
    await expect(page.getByText(/^updated 1\d s ago$/), 'the age keeps counting while paused').toBeVisible();

    const refreshed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/ecs/transactions/${uuid}/messages`,
    );
    await refresh.getByText('Live').click();
    await refreshed;
    // The page's clock runs on after Live: the trace's next 5 s refreshes may follow these two.
    await expect
      .poll(() => sent.slice(0, 2).toSorted(), 'nothing while paused, then the leg and its messages')
      .toEqual([`GET /api/ecs/transactions/${uuid}`, `GET /api/ecs/transactions/${uuid}/messages`]);
  });

  for (const { screen, path, username, refreshes } of [
    {
      screen: 'a process’s approvals',
      path: '/dashboard/finance/processes/1/approvals',
      username: 'finance-approver',
      // The list and the pending badge beside the tab, then the menu's review count.
      refreshes: ['GET /api/recon/actions', 'GET /api/recon/actions', 'GET /api/reviews/count'],
    },
    {
      screen: 'the map approvals',
      path: '/dashboard/config/approvals',
      username: 'approver',
      refreshes: ['GET /api/config/maps', 'GET /api/reviews/count'],
    },
  ]) {
    test(`${screen} refresh every 30 s under the Live control`, async ({ page }) => {
      await page.clock.install();
      const answeredAtStart = recordApiCalls(page, 'requestfinished');
      await signInAt(page, path, username);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const refresh = page.getByRole('radiogroup', { name: 'Refresh' });
      await expect(page.getByText(/^updated \d+ s ago$/), 'the list has answered').toBeVisible();
      await expect
        .poll(() => refreshes.every((call) => answeredAtStart.includes(call)), 'and the menu’s count')
        .toBe(true);

      const polled = recordApiCalls(page);
      const answered = recordApiCalls(page, 'requestfinished');
      await page.clock.runFor(POLL_INTERVAL_MS + 1000);
      await expect.poll(() => polled.toSorted(), 'live, the screen asks again after 30 s').toEqual(refreshes);
      // Moved on while a call is still on its way (a busy machine), the clock would pass the console's
      // request timeout and the screen would say the call failed.
      await expect.poll(() => answered.toSorted(), 'and has its answers').toEqual(refreshes);

      await refresh.getByText('Paused').click();
      await expect(refresh.getByRole('radio', { name: 'Paused' })).toBeChecked();
      const sent = recordApiCalls(page);
      await page.clock.runFor(POLL_INTERVAL_MS * 2 + 1000);
      await refresh.getByText('Live').click();
      await expect
        .poll(() => sent.slice(0, refreshes.length).toSorted(), 'nothing while paused, then one refresh')
        .toEqual(refreshes);
    });
  }
});
