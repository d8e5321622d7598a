import { expect, test } from '@playwright/test';
import { signInAt } from './support/session';

// The seeded "Card acquiring" process takes its Switch party's files by this name pattern.
const PROCESS_PATH = '/dashboard/finance/processes/1';

/** A name only this run uses, and content no earlier upload had (a name or bytes again are refused). */
function uniqueFile(): { name: string; content: string } {
  const day = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  const name = `card-switch-2099${day}.csv`;
  const rrn = `E2E${Date.now()}`;
  return {
    name,
    content: `rrn,amount,currency,transaction_date,merchant\n${rrn},1250,ZAR,2026-02-03T10:00:00Z,E2E Store\n`,
  };
}

test('an operator uploads a file, an approver approves it and the inbox shows it loaded', async ({
  browser,
}) => {
  test.slow(); // two sessions, an upload and a load on a shared machine
  const file = uniqueFile();
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAt(operator, `${PROCESS_PATH}/inbox`, 'finance-operator');
  await expect(operator.getByRole('heading', { name: 'Card acquiring' }), 'the process header').toBeVisible();

  await operator.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = operator.getByRole('dialog', { name: 'Upload File' });
  const chooser = operator.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose File' }).click();
  await (
    await chooser
  ).setFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.content) });
  await expect(
    upload.getByRole('checkbox', { name: 'Card acquiring' }),
    'the only process the name matches is preselected',
  ).toBeChecked();
  await upload.getByPlaceholder('Comment (required)').fill('E2E daily switch file');
  await upload.getByRole('button', { name: 'Upload File' }).click();
  await expect(
    operator.getByText(`File '${file.name}' uploaded successfully`),
    'the upload toast',
  ).toBeVisible();

  await operator.getByRole('tab', { name: 'Approvals' }).click();
  const request = operator.getByRole('article', { name: `Load file ${file.name}` });
  await expect(request, 'the operator sees the pending request').toBeVisible();
  await expect(
    request.getByRole('button', { name: 'Approve' }),
    'no approving without the permission',
  ).toHaveCount(0);
  await operatorContext.close();

  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signInAt(approver, `${PROCESS_PATH}/approvals`, 'finance-approver');
  const pending = approver.getByRole('article', { name: `Load file ${file.name}` });
  await expect(pending, 'the approver sees the request').toBeVisible();
  await pending.getByRole('button', { name: 'Approve' }).click();
  const review = approver.getByRole('dialog', { name: 'Approve' });
  await expect(
    review.getByText(
      `Are you sure you want to approve finance-operator's request to Load file ${file.name}?`,
    ),
    'the review question names the requester and the file',
  ).toBeVisible();
  await review.getByPlaceholder('Comment (required)').fill('Checked against the bank statement');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText('Action reviewed successfully'), 'the review toast').toBeVisible();
  await expect(pending, 'the request leaves the pending list').toHaveCount(0);

  await approver.getByRole('tab', { name: 'Inbox' }).click();
  const row = approver.getByRole('row').filter({ has: approver.getByRole('rowheader', { name: file.name }) });
  await expect(row.getByText('LOADED', { exact: true }), 'the approved file is loaded').toBeVisible();
  await approverContext.close();
});

test('an approver sees the demo feeds in the audit log and the demo feed job', async ({ page }) => {
  await signInAt(page, '/dashboard/finance/audits', 'finance-approver');
  await expect(page.getByRole('heading', { name: 'Audit Log' }), 'the audit log heading').toBeVisible();
  // The demo feeds load in the background after the platform starts: ask again until they are there.
  const systemLoads = page
    .getByRole('table', { name: 'Audit Log' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: /^Load file \S+\.csv · action [0-9a-f]{6}$/ }) })
    .filter({ has: page.getByRole('cell', { name: 'system', exact: true }) });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return systemLoads.count();
      },
      { message: 'the demo feed file loads by system', timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBeGreaterThan(0);

  await page.goto('/dashboard/finance/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs' }), 'the jobs heading').toBeVisible();
  const job = page.getByRole('rowheader', { name: 'demo-feed', exact: true });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return job.count();
      },
      { message: 'the demo feed job', timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBe(1);
});
