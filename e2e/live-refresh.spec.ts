import { expect, test, type Page, type Request } from '@playwright/test';
import { signInAt } from './support/session';

const SERVICES_PATH = '/dashboard/load-balancer/services';
const POLL_INTERVAL_MS = 30_000;

/** The browser's own way to say a tab went to the background or came back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

/** Every API request the page sends from now on, as `METHOD path`. */
function recordApiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
  });
  return sent;
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

    const sent = recordApiRequests(page);
    await setVisibility(page, 'hidden');
    // Three of the services' 30 s refreshes fall due while the tab is hidden.
    await page.clock.runFor(POLL_INTERVAL_MS * 3 + 1000);

    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/lb');
    await setVisibility(page, 'visible');
    await refreshed;
    // The menu's review count is one of the screen's live queries too.
    await expect
      .poll(() => sent.toSorted(), 'nothing while hidden, then one refresh of each')
      .toEqual(['GET /api/lb', 'GET /api/reviews/count']);
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

    const sent = recordApiRequests(page);
    await page.clock.runFor(POLL_INTERVAL_MS * 2 + 1000);
    await page.clock.runFor(1000);
    await expect(page.getByText(/^updated 6\d s ago$/), 'the age keeps counting while paused').toBeVisible();

    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/lb');
    await refresh.getByText('Live').click();
    await refreshed;
    await expect
      .poll(() => sent.toSorted(), 'nothing while paused, then one refresh of each')
      .toEqual(['GET /api/lb', 'GET /api/reviews/count']);
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

    const sent = recordApiRequests(page);
    await setVisibility(page, 'hidden');
    await page.clock.runFor(5_000 * 4 + 500);
    const refreshed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ecs/transactions',
    );
    await setVisibility(page, 'visible');
    await refreshed;
    await expect
      .poll(() => sent.toSorted(), 'one refresh of each, on return')
      .toEqual(['GET /api/ecs/transactions', 'GET /api/reviews/count']);
  });
});
