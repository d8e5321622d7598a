import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD } from './support/constants';
import { expectAccessible } from './support/axe';
import { signInAt } from './support/session';

// The seeded "Card acquiring" process takes its Switch party's files by this name pattern.
const PROCESS_PATH = '/dashboard/finance/processes/1';
const HEADER = 'rrn,amount,currency,transaction_date,merchant';

// Each test signs in two or three users and waits for loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 180_000 });

let fileCounter = 0;

/** A Switch file name and references only this test uses (a name or bytes again are refused). */
function uniqueFile(rows: (rrn: string) => string[]): { name: string; content: string; rrn: string } {
  fileCounter += 1;
  const stamp = `${Date.now()}${fileCounter}${Math.floor(Math.random() * 1000)}`;
  const rrn = `R${stamp}`;
  return {
    name: `card-switch-${stamp.slice(-8)}.csv`,
    content: [HEADER, ...rows(rrn)].join('\n'),
    rrn,
  };
}

async function signedIn(browser: Browser, path: string, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, path, username);
  return page;
}

async function upload(page: Page, file: { name: string; content: string }): Promise<void> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose File' }).click();
  await (
    await chooser
  ).setFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.content) });
  await expect(dialog.getByRole('checkbox', { name: 'Card acquiring' })).toBeChecked();
  await dialog.getByPlaceholder('Comment (required)').fill('E2E review file');
  await dialog.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText(`File '${file.name}' uploaded successfully`), 'the upload toast').toBeVisible();
}

/** Approves a request from the approvals list, with the required comment. */
async function approveListed(page: Page, description: string): Promise<void> {
  await page.getByRole('tab', { name: /Approvals/ }).click();
  const request = page.getByRole('article', { name: description });
  await request.getByRole('button', { name: 'Approve' }).click();
  const review = page.getByRole('dialog', { name: 'Approve' });
  await review.getByPlaceholder('Comment (required)').fill('Checked');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Action reviewed successfully').first(), 'the review toast').toBeVisible();
}

function inboxRow(page: Page, fileName: string) {
  return page
    .getByRole('table', { name: 'Inbox' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: fileName }) });
}

/** The access token of a user, for calling the platform the way the console does. */
async function accessTokenOf(page: Page, username: string): Promise<string> {
  const response = await page.request.post(`${BASE_URL}/api/auth/login`, {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.ok(), 'the platform signs the user in').toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

test('nobody reviews their own request: no buttons for it, and the platform refuses it', async ({
  browser,
}) => {
  const file = uniqueFile((rrn) => [`${rrn},1000,ZAR,2026-02-03T10:00:00Z,Own Store`]);
  const admin = await signedIn(browser, `${PROCESS_PATH}/inbox`, 'admin');
  await upload(admin, file);
  await admin.getByRole('tab', { name: /Approvals/ }).click();
  const own = admin.getByRole('article', { name: `Load file ${file.name}` });
  await expect(own, 'the requester sees the request pending').toBeVisible();
  await expect(
    own.getByRole('button', { name: /Approve|Reject/ }),
    'no review buttons on your own request, even with APPROVE_ACTIONS',
  ).toHaveCount(0);
  await expect(
    own.getByText('This request includes changes you made, so another user must approve or reject it.'),
    'the request says why it has no review buttons',
  ).toBeVisible();

  const token = await accessTokenOf(admin, 'admin');
  const actions = await admin.request.get(`${BASE_URL}/api/recon/actions?processIds=1&limit=500`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const listed = ((await actions.json()) as { actions: Array<{ id: string; meta: { fileName: string } }> })
    .actions;
  const actionId = listed.find((action) => action.meta.fileName === file.name)?.id;
  expect(actionId, 'the pending action is listed').toBeDefined();
  const refused = await admin.request.post(`${BASE_URL}/api/recon/actions/${actionId}/approve`, {
    headers: { authorization: `Bearer ${token}` },
    data: { comment: 'My own' },
  });
  expect(refused.status(), 'the platform refuses a review of your own request').toBe(403);
  expect(await refused.json()).toMatchObject({
    errorMessage: 'This request includes changes you made, so another user must approve or reject it.',
  });

  const approver = await signedIn(browser, `${PROCESS_PATH}/approvals`, 'finance-approver');
  await expect(
    approver
      .getByRole('article', { name: `Load file ${file.name}` })
      .getByRole('button', { name: 'Approve' }),
    'another approver may review it',
  ).toBeVisible();
});

test('a file in ERROR: its exceptions download as CSV, and a reload is requested, reviewed on its detail page and shown in the inbox', async ({
  browser,
}) => {
  const file = uniqueFile((rrn) => [
    `${rrn},2500,ZAR,2026-02-03T10:00:00Z,Good Store`,
    `${rrn}X,not-a-number,ZAR,2026-02-03T11:00:00Z,Bad Store`,
  ]);
  const operator = await signedIn(browser, `${PROCESS_PATH}/inbox`, 'finance-operator');
  await upload(operator, file);

  const approver = await signedIn(browser, `${PROCESS_PATH}/approvals`, 'finance-approver');
  await approveListed(approver, `Load file ${file.name}`);
  await approver.getByRole('tab', { name: 'Inbox' }).click();
  const row = inboxRow(approver, file.name);
  await expect(row.getByText('ERROR', { exact: true }), 'a bad row puts the file in ERROR').toBeVisible();

  // The exceptions open in a new window through a single-use token and arrive as a download.
  // Chromium reports a download a new window starts on the opener or on the new window: either will do.
  const downloaded = new Promise<Download>((resolve) => {
    approver.once('download', resolve);
    approver.context().once('page', (popup) => popup.once('download', resolve));
  });
  await row.getByRole('button', { name: `Download 1 exception of ${file.name}` }).click();
  await expect(
    approver.getByText('Exceptions download started successfully.'),
    'the exceptions toast',
  ).toBeVisible();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${file.name}.exceptions.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv, 'the exceptions extract').toBe(
    `line,reason,row\n3,"amount is not a whole number","${file.rrn}X,not-a-number,ZAR,2026-02-03T11:00:00Z,Bad Store"\n`,
  );

  await row.getByRole('button', { name: `Reload ${file.name}` }).click();
  const confirm = approver.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(confirm.getByText(`Reload '${file.name}'?`)).toBeVisible();
  await confirm.getByPlaceholder('Comment (required)').fill('Parser fixed');
  await confirm.getByRole('button', { name: 'Reload' }).click();
  await expect(
    approver.getByText(`${file.name} reload requested successfully`),
    'the request toast',
  ).toBeVisible();

  // The reload is finance-approver's own request: another approver reviews it, from its detail page.
  const admin = await signedIn(browser, `${PROCESS_PATH}/approvals`, 'admin');
  await admin.getByRole('link', { name: `Reload file ${file.name}` }).click();
  await expect(admin).toHaveURL(/\/dashboard\/finance\/processes\/1\/approvals\/[0-9a-f-]{36}$/);
  const note = admin.getByRole('note');
  await expect(note, 'the warning box names the action').toContainText(`Reload file ${file.name}`);
  await expect(note, 'with the quoted reason').toContainText('"Parser fixed"');
  await expect(note, 'and the requester').toContainText('Requested by finance-approver');
  const transactions = admin.getByRole('table', { name: 'Transactions of the action' });
  await expect(
    transactions.getByRole('cell', { name: file.rrn, exact: true }),
    'the file’s transaction is shown',
  ).toBeVisible();
  await expect(transactions.getByRole('checkbox'), 'no selection on the detail page').toHaveCount(0);
  await expectAccessible(admin, 'the approval detail');
  await admin.getByRole('button', { name: 'Approve' }).click();
  const review = admin.getByRole('dialog', { name: 'Approve' });
  await expect(
    review.getByText(
      `Are you sure you want to approve finance-approver's request to Reload file ${file.name}?`,
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await review.getByPlaceholder('Comment (required)').fill('Reload it');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Action reviewed successfully'), 'the review toast').toBeVisible();
  await expect(admin, 'approving returns to the approvals list').toHaveURL(/\/processes\/1\/approvals$/);
  // Back to the detail: the decision is said, and nothing is offered to review again.
  await admin.goBack();
  await expect(admin.getByRole('status').filter({ hasText: 'This request was approved' })).toHaveText(
    /^This request was approved by admin on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: there is nothing left to review\.$/,
  );
  await expect(admin.getByRole('button', { name: /^(Approve|Reject)$/ })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Back' }).click();
  await expect(admin).toHaveURL(/\/processes\/1\/approvals$/);

  await admin.getByRole('tab', { name: 'Inbox' }).click();
  const reloaded = inboxRow(admin, file.name);
  await expect(reloaded.getByText('ERROR', { exact: true }), 'the same bytes load again').toBeVisible();
  await expect(
    reloaded.getByRole('button', { name: `Reload ${file.name}` }),
    'no reload is pending any more',
  ).toBeVisible();
});

test('the finance operator requests a rollback from the inbox, the finance approver approves it, and the file leaves the inbox', async ({
  browser,
}) => {
  const file = uniqueFile((rrn) => [`${rrn},4200,ZAR,2026-02-03T10:00:00Z,Rollback Store`]);
  const operator = await signedIn(browser, `${PROCESS_PATH}/inbox`, 'finance-operator');
  await upload(operator, file);
  const approver = await signedIn(browser, `${PROCESS_PATH}/approvals`, 'finance-approver');
  await approveListed(approver, `Load file ${file.name}`);

  // A full load of the inbox: the operator stays signed in and sees the loaded file.
  await operator.reload();
  const row = inboxRow(operator, file.name);
  await expect(row.getByText('LOADED', { exact: true }), 'the approved load').toBeVisible({
    timeout: 30_000,
  });
  await row.getByRole('button', { name: `Rollback ${file.name}` }).click();
  const confirm = operator.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(
    confirm.getByText(
      `Roll back '${file.name}'? Its imported records will be deleted. This cannot be undone.`,
    ),
  ).toBeVisible();
  await confirm.getByPlaceholder('Comment (required)').fill('Wrong day');
  await confirm.getByRole('button', { name: 'Rollback' }).click();
  await expect(operator.getByText(`${file.name} rollback requested successfully`)).toBeVisible();
  await expect(row.getByText('Rollback waits for approval'), 'the row says what waits').toBeVisible();
  await expect(
    row.getByRole('button', { name: `Rollback ${file.name}` }),
    'a second rollback is not offered',
  ).toBeDisabled();

  await approver.getByRole('tab', { name: 'Inbox' }).click();
  await expect(
    inboxRow(approver, file.name).getByText('LOADED', { exact: true }),
    'the file stays until the rollback is approved',
  ).toBeVisible({ timeout: 30_000 });
  await approver.getByRole('tab', { name: /Approvals/ }).click();
  await expect(
    approver.getByRole('article', { name: `Rollback file ${file.name}` }),
    'the operator’s request, pending',
  ).toContainText('finance-operator');
  await approveListed(approver, `Rollback file ${file.name}`);
  await approver.getByRole('tab', { name: 'Inbox' }).click();
  await expect(approver.getByRole('table', { name: 'Inbox' })).toBeVisible();
  await expect(inboxRow(approver, file.name), 'the rolled-back file leaves the inbox').toHaveCount(0);
  await expect(
    approver.getByRole('tab', { name: 'Settlement' }),
    'the finance approver, who closes runs, sees the settlements',
  ).toBeVisible();
});

test('an approval that cannot be retrieved opens the Oops! modal, whose Back returns to the list', async ({
  page,
}) => {
  await signInAt(page, `${PROCESS_PATH}/approvals/00000000-0000-4000-8000-000000000000`, 'finance-approver');
  const dialog = page.getByRole('dialog', { name: 'Oops!' });
  await expect(
    dialog.getByText(
      'Something went wrong while retrieving this approval. Contact support if the problem persists.',
    ),
    'the catalogue’s text',
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page, 'back on the approvals list').toHaveURL(/\/processes\/1\/approvals$/);
});

test('Back while the Oops! modal is open goes where Back leads, not to the approvals list', async ({
  page,
}) => {
  await signInAt(page, `${PROCESS_PATH}/inbox`, 'finance-approver');
  await expect(page.getByRole('tab', { name: 'Inbox' }), 'the inbox tab').toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Into the broken approval inside the console, as a link would go, so Back stays in the page.
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${PROCESS_PATH}/approvals/00000000-0000-4000-8000-000000000000`);
  const dialog = page.getByRole('dialog', { name: 'Oops!' });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog, 'the modal of the page left is closed').toBeHidden();
  await expect(page.getByRole('tab', { name: 'Inbox' }), 'back on the inbox').toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/\/processes\/1\/inbox$/);
});
