import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAt } from './support/session';
import { expectAccessible } from './support/axe';

const PROCESS_PATH = '/dashboard/finance/processes/1';
const HEADER = 'rrn,amount,currency,transaction_date,merchant';

test.describe.configure({ timeout: 180_000 });

async function signedIn(browser: Browser, path: string, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAt(page, path, username);
  return page;
}

/** A Switch file of the "Card acquiring" process, named for this test only (its load is a request to review). */
async function uploadFile(page: Page): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `card-switch-${stamp.slice(-8)}.csv`;
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose File' }).click();
  await (
    await chooser
  ).setFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, `R${stamp},1000,ZAR,2026-02-03T10:00:00Z,Review Store`].join('\n')),
  });
  await dialog.getByPlaceholder('Comment (required)').fill('E2E reviews inbox');
  await dialog.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText(`File '${name}' uploaded successfully`)).toBeVisible();
  return name;
}

test('the reviews inbox lists another user’s request with a count badge; its review returns to the inbox', async ({
  browser,
}) => {
  const operator = await signedIn(browser, `${PROCESS_PATH}/inbox`, 'finance-operator');
  const menu = operator.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: 'Finance' })).toBeVisible();
  await expect(
    menu.getByRole('link', { name: /^Reviews/ }),
    'no inbox for who may review nothing',
  ).toHaveCount(0);
  const fileName = await uploadFile(operator);
  const summary = `Load file ${fileName} (Card acquiring)`;

  const approver = await signedIn(browser, '/dashboard/reviews?area=finance', 'finance-approver');
  await expect(
    approver
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /^Reviews \d+ to review$/ }),
    'the menu entry counts what waits',
  ).toBeVisible();
  await expect(approver.getByRole('combobox', { name: 'Area' }), 'the filter from the link').toHaveValue(
    'Finance',
  );
  const row = approver
    .getByRole('table', { name: 'Requests to review' })
    .getByRole('row')
    .filter({ has: approver.getByRole('rowheader', { name: summary }) });
  await expect(row.getByRole('cell', { name: 'Load file', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'finance-operator', exact: true })).toBeVisible();
  await expectAccessible(approver, 'the inbox');

  await row.getByRole('link', { name: `Open ${summary}` }).click();
  await expect(approver).toHaveURL(/\/dashboard\/finance\/processes\/1\/approvals\//);
  const file = approver.getByRole('table', { name: 'File' });
  await expect(
    file.getByRole('row', { name: `File ${fileName}` }),
    'the upload is shown by its file',
  ).toBeVisible();
  await expect(file.getByRole('row', { name: 'Records in the file 1' })).toBeVisible();
  await expect(file.getByRole('row', { name: 'Status REGISTERED' })).toBeVisible();
  await expect(
    approver.getByText('Its records are read when the load is approved; the Inbox shows the progress.'),
  ).toBeVisible();
  await expectAccessible(approver, 'an upload’s approval');
  await approver.getByRole('button', { name: 'Approve' }).click();
  const dialog = approver.getByRole('dialog', { name: 'Approve' });
  await dialog.getByPlaceholder('Comment (required)').fill('Checked from the inbox');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(approver, 'the decision returns to the inbox as it was').toHaveURL(
    /\/dashboard\/reviews\?area=finance$/,
  );
  await expect(
    approver.getByRole('rowheader', { name: summary }),
    'decided, it leaves the inbox',
  ).toHaveCount(0);
});

test('a map review in the inbox opens that map’s review in Map Approvals', async ({ page }) => {
  await signInAt(page, '/dashboard/reviews?area=config-maps', 'approver');
  const row = page
    .getByRole('table', { name: 'Requests to review' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Map merchant-category-codes/ }) });
  await row.getByRole('link', { name: /^Open Map merchant-category-codes/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/config\/approvals\?map=merchant-category-codes$/);
  const card = page.getByRole('article', { name: 'merchant-category-codes' });
  await expect(card.getByRole('button', { name: 'Review' }), 'its review is open').toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
});

test('on a phone, each request is a card titled by its summary, above its labelled fields', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, '/dashboard/reviews?area=config-maps', 'approver');
  const row = page
    .getByRole('table', { name: 'Requests to review' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Map merchant-category-codes/ }) });
  const title = row.getByRole('rowheader');
  const kind = row.getByRole('cell', { name: 'Map review' });
  await expect(kind).toBeVisible();
  await expect(kind).toHaveAttribute('data-label', 'Kind');
  const [titleBox, kindBox] = [await title.boundingBox(), await kind.boundingBox()];
  expect(
    titleBox && kindBox && titleBox.y + titleBox.height,
    'the summary heads the card',
  ).toBeLessThanOrEqual(kindBox?.y ?? 0);
  expect(await title.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('600');
});
