import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, LARGE_LOAD_BASE_URL } from './support/constants';
import { signInAt } from './support/session';

// The single-party wallet ledger: its files load without waiting for a counterpart.
const WALLET = 3;
/** Thirty of its platform's COPY batches (FINANCE_LOAD_BATCH_ROWS): long enough to be watched. */
const ROWS = 60_000;

// A large file's load on a busy machine: more than the default 60 s. On a platform of its own, as
// its last transaction keeps every other request of its platform waiting (issue 23).
test.describe.configure({ timeout: 240_000 });
test.use({ baseURL: LARGE_LOAD_BASE_URL });

test('an approved file shows FILTER with its records read and a progress bar in the inbox, then LOADED', async ({
  page,
}) => {
  const stamp = `${Date.now()}`.slice(-8);
  const fileName = `wallet-ledger-${stamp}.csv`;
  const rows = Array.from({ length: ROWS }, (_, index) => `P${stamp}-${index},${index},2026-03-01`);
  const content = ['entry_id,amount,posted_at', ...rows].join('\n');
  const tokenOf = async (username: string) => {
    const response = await page.request.post(`${LARGE_LOAD_BASE_URL}/api/auth/login`, {
      data: { username, password: DEMO_PASSWORD },
    });
    expect(response.ok(), 'the platform signs the user in').toBe(true);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const uploaded = await page.request.post(`${LARGE_LOAD_BASE_URL}/api/recon/files`, {
    data: Buffer.from(content),
    headers: {
      authorization: `Bearer ${await tokenOf('finance-operator')}`,
      'content-type': 'text/csv',
      'finance-file-name': fileName,
      'finance-action-comment': 'E2E large file',
      'finance-process-id': String(WALLET),
    },
  });
  expect(uploaded.status(), 'the upload is registered').toBe(201);
  const actionId = ((await uploaded.json()) as { files: Array<{ actionId: string }> }).files[0]?.actionId;

  await signInAt(page, `/dashboard/finance/processes/${WALLET}/inbox`, 'finance-operator');
  const row = page
    .getByRole('table', { name: 'Inbox' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: fileName }) });
  await expect(row.getByText('REGISTERED'), 'waiting for its approval').toBeVisible();

  const approved = await page.request.post(
    `${LARGE_LOAD_BASE_URL}/api/recon/actions/${actionId ?? ''}/approve`,
    {
      data: { comment: 'Checked' },
      headers: { authorization: `Bearer ${await tokenOf('finance-approver')}` },
    },
  );
  expect(approved.status(), 'the approval answers at once').toBe(204);
  await page.getByRole('button', { name: 'Refresh' }).click();

  await expect(row.getByText('FILTER'), 'the file loads').toBeVisible();
  await expect(
    row.getByRole('progressbar', { name: `Loading ${fileName}` }),
    'with a progress bar beside its status (no width yet at 0 %)',
  ).toBeAttached();
  await expect(row.getByText(/^[\d\s]+\s\/\s60\s000 records$/), 'records read of the total').toBeVisible();
  await expect(row.getByText('LOADED'), 'the inbox asks again until the outcome').toBeVisible({
    timeout: 200_000,
  });
  await expect(row.getByRole('progressbar'), 'the bar goes with FILTER').toHaveCount(0);
});
