import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './support/api';
import { signInAt } from './support/session';

// The seeded "Card acquiring" process: three parties, so each transaction has three records.
const PROCESS_PATH = '/dashboard/finance/processes/1';
const NOT_ALLOWED = 'Your account may not open the page you asked for';

test('support sees no Upload, nor exception downloads it may not fetch; the finance operator does', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/finance/processes', 'support');
  await expect(page.getByRole('heading', { name: 'Processes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' }), 'the list has loaded').toBeEnabled();
  await expect(page.getByRole('article').first(), 'the processes show').toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Upload', exact: true }),
    'support may not upload (SUBMIT_ACTIONS): no Upload on Processes',
  ).toHaveCount(0);

  await page.goto(`${PROCESS_PATH}/inbox`);
  await expect(page.getByRole('table', { name: 'Inbox' }), 'the inbox shows').toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.getByRole('button', { name: 'Upload', exact: true }),
    'no Upload on the Inbox either',
  ).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^(Download|Rollback|Reload) / }),
    'no file actions without their permissions',
  ).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  // The next visit waits for the logout's own way to /login, or that navigation aborts it.
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await signInAt(page, '/dashboard/finance/processes', 'finance-operator');
  await expect(
    page.getByRole('button', { name: 'Upload', exact: true }),
    'the finance operator, who may upload, has the button',
  ).toBeVisible();
});

test('support opening the Settlement tab by its address is turned away like any route it may not open', async ({
  page,
}) => {
  await signInAt(page, `${PROCESS_PATH}/inbox`, 'support');
  await expect(page.getByRole('tab', { name: 'Inbox' }), 'support may open the process').toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settlement' }), 'but has no Settlement tab').toHaveCount(0);
  await page.goto(`${PROCESS_PATH}/settlements`);
  await expect(page, 'the guard sends the user to /login').toHaveURL(/\/login\?from=/);
  await expect(page.getByRole('status'), 'and says why').toContainText(NOT_ALLOWED);
});

test("an unknown process says 'No process found' on every tab and stays there", async ({ page }) => {
  await signInAt(page, '/dashboard/finance/processes/999/inbox', 'finance-operator');
  const dialog = page.getByRole('dialog', { name: 'Process not found' });
  await expect(dialog, 'the catalogue’s modal').toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'No process found' }),
    'the info text',
  ).toBeVisible();
  await expect(page, 'the address stays').toHaveURL(/\/processes\/999\/inbox$/);

  for (const tab of ['results', 'outbox']) {
    await page.goto(`/dashboard/finance/processes/999/${tab}`);
    await page.getByRole('dialog', { name: 'Process not found' }).getByRole('button', { name: 'OK' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'No process found' }),
      `the info text on ${tab}`,
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/processes/999/${tab}$`));
  }
});

interface Run {
  id: number;
  processId: number;
  status: 'OPEN' | 'CLOSED';
  transactionCount: number;
}

/** A closed run holding no transactions: one of the history's, or an empty open run closed now. */
async function emptyClosedRun(request: APIRequestContext): Promise<Run> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'finance-approver')}` };
  const processes = (await (
    await request.get('/api/recon/processes?offset=0&limit=100', { headers })
  ).json()) as { processes: { id: number }[] };
  const runs: Run[] = [];
  for (const { id } of processes.processes) {
    const answer = await request.get('/api/recon/settlements', {
      headers,
      params: {
        processId: id,
        fromDateTimeInclusive: new Date(Date.now() - 30 * 86_400_000).toISOString(),
        toDateTimeInclusive: new Date(Date.now() + 86_400_000).toISOString(),
        offset: 0,
        limit: 100,
      },
    });
    runs.push(...((await answer.json()) as { settlementRuns: Run[] }).settlementRuns);
  }
  const closed = runs.find((run) => run.status === 'CLOSED' && run.transactionCount === 0);
  if (closed) return closed;
  const open = runs.find((run) => run.status === 'OPEN' && run.transactionCount === 0);
  expect(open, 'an empty run to close').toBeDefined();
  const run = open as Run;
  const closing = await request.post(`/api/recon/settlements/${run.id}/close`, { headers, data: {} });
  expect(closing.ok(), 'the empty run closes').toBe(true);
  return { ...run, status: 'CLOSED' };
}

test('a closed run without transactions says so instead of waiting for totals', async ({ page, request }) => {
  const run = await emptyClosedRun(request);
  await signInAt(page, `/dashboard/finance/processes/${run.processId}/settlements`, 'finance-operator');
  await page.getByLabel('Settlement ID').fill(String(run.id));
  const item = page.getByRole('button', { name: `Settlement ${run.id}`, exact: true });
  await expect(item).toContainText('CLOSED');
  await item.click();
  await expect(page.getByText('Aggregate totals:')).toBeVisible();
  await expect(
    page.getByText('This run settled no transactions, so it has no totals.'),
    'a closed run never waits for its close',
  ).toBeVisible();
  await expect(page.getByText('Totals are computed when the run closes.')).toHaveCount(0);
});
