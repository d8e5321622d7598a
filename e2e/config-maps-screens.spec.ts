import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken } from './support/api';
import { sidewaysScroll } from './support/layout';
import { signInAt } from './support/session';

// Issue 22, configuration maps: what operators meet on the map list, the mappings page and the
// approvals page. The demo's merchant-category-codes map has a review pending (5815 added, 5814
// updated, 9311 deleted); no other browser test changes it.
const MAPS_PATH = '/dashboard/config/maps';
const PENDING_MAP = 'merchant-category-codes';

function isMapList(url: URL): boolean {
  return url.pathname === '/api/config/maps';
}

async function startEditing(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Mode' }).selectOption('Editing');
  await expect(page.getByRole('textbox', { name: 'New key' }), 'the add row of the edit mode').toBeVisible();
}

test('a failed map list says so at once in the catalogue toast and in its place; Refresh keeps its label', async ({
  page,
}) => {
  let asked = 0;
  await page.route(isMapList, async (route) => {
    asked += 1;
    await route.fulfill({ status: 503, json: { errorMessage: 'Service unavailable', code: 'UNAVAILABLE' } });
  });
  await signInAt(page, MAPS_PATH, 'operator');
  const failed = 'Could not retrieve maps (503). Contact support if this persists.';
  await expect(page.locator('.mantine-Notification-root').getByText(failed), 'the toast').toBeVisible();
  await expect(page.getByRole('main').getByText(failed), 'and in the maps’ place').toBeVisible();
  expect(asked, 'told after the first failure, with no silent retries before').toBe(1);
  await expect(page.getByRole('button', { name: 'Refresh' }), 'Refresh keeps its label').toBeEnabled();
});

test('a key prefix that matches nothing says so, not that the map is empty; the view is a link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAt(page, `${MAPS_PATH}/currency-codes`, 'support');
  await expect(page.getByRole('rowheader', { name: '840' }), 'the applied mappings').toBeVisible();
  await page.getByRole('textbox', { name: 'Key prefix' }).fill('zzz');
  await expect(page.getByRole('status')).toHaveText('No mappings match the filter.');
  await expect(page.getByText('This map does not contain any mappings at this version.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/[?&]keyPrefix=zzz/);

  await page.getByRole('textbox', { name: 'Key prefix' }).fill('8');
  await expect(page.getByRole('rowheader', { name: '840' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('textbox', { name: 'Key prefix' }), 'the link shows its view').toHaveValue(
    'zzz',
  );
  await expect(page.getByRole('status')).toHaveText('No mappings match the filter.');
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Key prefix' }), 'Back shows the view before').toHaveValue(
    '8',
  );
});

test('only EDIT_MAPPINGS offers Editing; Clear belongs to Editing', async ({ browser }) => {
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signInAt(support, `${MAPS_PATH}/currency-codes`, 'support');
  await expect(support.getByRole('rowheader', { name: '840' })).toBeVisible();
  await expect(support.getByRole('combobox', { name: 'Mode' }), 'no editing for read-only users').toHaveCount(
    0,
  );
  await expect(support.getByRole('button', { name: 'Clear' }), 'no Clear while viewing').toHaveCount(0);
  await supportContext.close();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAt(operator, `${MAPS_PATH}/currency-codes`, 'operator');
  await expect(operator.getByRole('rowheader', { name: '840' })).toBeVisible();
  await expect(operator.getByRole('button', { name: 'Clear' }), 'no Clear while viewing').toHaveCount(0);
  await startEditing(operator);
  await expect(operator.getByRole('button', { name: 'Clear' }), 'Clear while editing').toBeVisible();
  await operatorContext.close();
});

test('Download gives CSV by default; a changes download lists the deleted rows, marked', async ({ page }) => {
  await signInAt(page, `${MAPS_PATH}/${PENDING_MAP}`, 'operator');
  await expect(page.getByRole('rowheader', { name: '4111' })).toBeVisible();
  const applied = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await applied).suggestedFilename(), 'CSV unless another format is chosen').toBe(
    `${PENDING_MAP}.csv`,
  );

  await startEditing(page);
  await page.getByRole('combobox', { name: 'View' }).selectOption('All Changes');
  await expect(page.getByRole('rowheader', { name: /^9311/ }), 'the deleted row is listed').toBeVisible();
  const changes = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await readFile(await (await changes).path(), 'utf8');
  const lines = file.trim().split(/\r\n/);
  expect(lines[0]).toBe('key,value,state,previousValue');
  expect(lines.find((line) => line.startsWith('9311,'))).toMatch(/^9311,,deleted,.+/);
  expect(lines.find((line) => line.startsWith('5815,'))).toBe('5815,Digital goods: media,added,');
});

test('the full value of a change shows at once from what the screen holds', async ({ page }) => {
  await signInAt(page, '/dashboard/config/approvals', 'approver');
  const card = page.getByRole('article', { name: PENDING_MAP });
  await expect(card).toBeVisible();
  // Nothing more may load from here on: the value is on the screen already.
  const later: string[] = [];
  page.on('request', (request) => later.push(request.url()));
  await page.route(/\.js$/, (route) => route.abort());
  await card.getByRole('button', { name: 'Review' }).click();
  await expect(card.getByRole('rowheader', { name: '5815' })).toBeVisible();
  later.length = 0;
  await card.getByRole('button', { name: 'Show the full value of 5815' }).click();
  const full = page.getByRole('dialog', { name: '5815' });
  await expect(full.getByText('Digital goods: media')).toBeVisible();
  expect(later, 'no call between the click and the value').toEqual([]);
});

test('Create Map asks for an id of at most 32 and a name of at most 128; the new, empty map goes for review', async ({
  page,
  browser,
}) => {
  const id = `e2e-${String(Date.now()).slice(-8)}`;
  const name = `E2E map for the national switch's card routing, created ${id} by the browser tests`;
  expect(name.length, 'longer than the old 64-character limit').toBeGreaterThan(64);
  await signInAt(page, MAPS_PATH, 'operator');
  await page.getByRole('button', { name: 'Create Map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Map' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create, 'nothing typed yet').toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Id' }).fill('x'.repeat(33));
  await expect(dialog.getByText('Must not exceed 32 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Id' }).fill(id);
  await expect(create, 'no name yet').toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('n'.repeat(129));
  await expect(dialog.getByText('Must not exceed 128 characters')).toBeVisible();
  await expect(create).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.click();
  await expect(page.getByText(`Map '${name}' created successfully.`)).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card.getByRole('link', { name }), 'the new map, by its name, links by its id').toHaveAttribute(
    'href',
    `${MAPS_PATH}/${id}`,
  );

  // Its first version is how an empty map reaches the switch.
  await card.getByRole('link', { name }).click();
  await startEditing(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const submit = page.getByRole('dialog', { name: 'Submit for Review' });
  await submit.getByRole('textbox', { name: 'Comment (Required)' }).fill('A new map, empty for now');
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Mapping changes successfully submitted for review.')).toBeVisible();
  // The screen's own Submit: the dialog's may still be fading out as the toast shows.
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Submit', exact: true }),
    'nothing more to submit',
  ).toBeDisabled();

  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signInAt(approver, '/dashboard/config/approvals', 'approver');
  const review = approver.getByRole('article', { name });
  await review.getByRole('button', { name: 'Review' }).click();
  await expect(
    review.getByText(
      'No mapping changes are included in this review. Approving will result in an empty map being submitted to the Switch.',
    ),
  ).toBeVisible();
  await approverContext.close();
});

test('the page of mappings reached is in the link: reload keeps it, Back returns to the first', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/config/maps/currency-codes', 'operator');
  const keys = page.getByRole('table').first().getByRole('rowheader');
  await expect(keys.first()).toBeVisible();
  const firstPage = await keys.allTextContents();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page, 'the page is after the last key shown').toHaveURL(
    new RegExp(`[?&]after=${firstPage.at(-1) ?? ''}$`),
  );
  await expect(keys.first()).not.toHaveText(firstPage[0] ?? '');
  const secondPage = await keys.allTextContents();

  await page.reload();
  await expect(keys.first(), 'a reload shows the same page').toHaveText(secondPage[0] ?? '');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await page.goBack();
  await expect(keys.first(), 'Back returns to the first page').toHaveText(firstPage[0] ?? '');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('on a phone a map card’s clients keep each id and log time on one line; the table scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, MAPS_PATH, 'operator');
  const card = page.getByRole('article', { name: 'bin-routing' });
  await card.getByRole('button', { name: 'Clients' }).click();
  const clients = card.getByRole('table', { name: 'bin-routing clients' });
  const firstId = clients.getByRole('rowheader').first();
  await expect(firstId, 'a switch node subscribes').toHaveText(/^\w+-node-\d+$/);
  // One box per line the text is laid out on: "cpt-node-01" broke at each hyphen.
  const lineBoxes = (cell: typeof firstId) =>
    cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects().length;
    });
  expect(await lineBoxes(firstId), 'the client id on one line').toBe(1);
  const firstRow = clients.getByRole('row').nth(1);
  const logTime = firstRow.getByRole('cell').nth(1);
  await expect(logTime).toHaveText(/\d{2}:\d{2}:\d{2}|-/);
  expect(await lineBoxes(logTime), 'the log time on one line').toBe(1);
});

test('on a phone, editing keeps each mapping’s Edit and Delete in view: the value column gives way', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, `${MAPS_PATH}/currency-codes`, 'operator');
  await expect(page.getByRole('rowheader', { name: '840' })).toBeVisible();
  await startEditing(page);
  const table = page.getByRole('table', { name: 'Mappings' });
  const viewport = page.viewportSize()?.width ?? 0;
  for (const name of ['Edit 840', 'Delete 840']) {
    const button = table.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box && box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(viewport);
  }
  expect(await sidewaysScroll(table), 'nothing to scroll sideways to').toBe(0);
});

test('on a phone, a review’s changes fit the screen: a long value ends in an ellipsis, whole on a click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, '/dashboard/config/approvals', 'approver');
  const card = page.getByRole('article', { name: PENDING_MAP });
  await card.getByRole('button', { name: 'Review' }).click();
  const table = card.getByRole('table', { name: `${PENDING_MAP} changes` });
  await expect(table.getByRole('rowheader', { name: '5814' })).toBeVisible();
  expect(await sidewaysScroll(table), 'nothing to scroll sideways to').toBe(0);
  const value = table.getByRole('button', { name: /show the full value of 5814$/ });
  const box = await value.boundingBox();
  expect(box && box.x + box.width, 'the value ends inside the screen').toBeLessThanOrEqual(412);
  await value.click();
  await expect(page.getByRole('dialog', { name: '5814' })).toBeVisible();
});

test('a 200-character key wraps in its column: Edit and Delete stay on the screen, and the Delete question shows it whole', async ({
  page,
  request,
}) => {
  const mapId = `e2e-long-${Date.now().toString(36)}`;
  const key = `k${Date.now().toString(36)}`.padEnd(200, 'k');
  const headers = { authorization: `Bearer ${await apiToken(request, 'operator')}` };
  const created = await request.post('/api/config/maps', { headers, data: { id: mapId, name: 'Long keys' } });
  expect(created.status(), 'the map is created through the API').toBe(201);
  for (const [mappingKey, value] of [
    [key, 'slash/value'],
    ['short', 'uno'],
  ] as const) {
    const added = await request.post(`/api/config/maps/${mapId}/mappings`, {
      headers,
      data: { key: mappingKey, value },
    });
    expect(added.status(), `${mappingKey.slice(0, 8)} is added`).toBe(204);
  }

  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, `${MAPS_PATH}/${mapId}?mode=edit`, 'operator');
  const table = page.getByRole('table', { name: 'Mappings' });
  await expect(table.getByRole('rowheader', { name: /^short/ })).toBeVisible();
  expect(await sidewaysScroll(table), 'nothing to scroll sideways to').toBe(0);
  const remove = table.getByRole('button', { name: `Delete ${key}`, exact: true });
  const box = await remove.boundingBox();
  expect(box && box.x + box.width, 'Delete ends inside the screen').toBeLessThanOrEqual(412);

  await remove.click();
  const question = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(question).toContainText(key);
  expect(
    await question.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth),
    'the question wraps the key',
  ).toBe(0);
  const close = await question.getByRole('button', { name: 'Close', exact: true }).boundingBox();
  expect(close && close.x + close.width, 'its close button is on the screen').toBeLessThanOrEqual(412);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
});
