import { expect, test } from '@playwright/test';
import { apiToken } from './support/api';
import { signInAt } from './support/session';
import { E2E_FINANCE_UPLOAD_MAX_BYTES } from './support/constants';

// A refusal caused by what the operator typed shows the platform's reason; "contact support" is
// for 5xx and network failures only (issue 22, point 12).

test("adding a key the map already holds shows the platform's reason", async ({ page }) => {
  await signInAt(page, '/dashboard/config/maps/bin-routing', 'operator');
  await page.getByRole('combobox', { name: 'Mode' }).selectOption('Editing');
  await page.getByRole('textbox', { name: 'New key' }).fill('200000');
  await page.getByRole('textbox', { name: 'New value' }).fill('another-acquirer');
  await page.getByRole('textbox', { name: 'New value' }).press('Enter');
  // At the key it is about, once.
  await expect(page.getByRole('textbox', { name: 'New key' })).toHaveAccessibleDescription(
    "A mapping with key '200000' already exists.",
  );
  await expect(page.getByText("A mapping with key '200000' already exists.")).toHaveCount(1);
  await expect(page.getByText(/Contact support/)).toHaveCount(0);
});

test('a new map named as another, in any case, is refused at its Name, and nothing is created', async ({
  page,
}) => {
  const id = `e2e-twin-${String(Date.now()).slice(-8)}`;
  await signInAt(page, '/dashboard/config/maps', 'operator');
  await page.getByRole('button', { name: 'Create Map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Map' });
  await dialog.getByRole('textbox', { name: 'Id' }).fill(id);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('BIN-Routing');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
    /^A map named 'BIN-Routing' already exists\./,
  );
  await expect(page.getByText(/Contact support/)).toHaveCount(0);
  const token = await apiToken(page.request, 'operator');
  const map = await page.request.get(`/api/config/maps/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(map.status(), 'nothing was created').toBe(404);
});

test("clearing a value inline shows the platform's reason", async ({ page }) => {
  await signInAt(page, '/dashboard/config/maps/currency-codes', 'operator');
  await page.getByRole('combobox', { name: 'Mode' }).selectOption('Editing');
  await page.getByRole('button', { name: 'Edit the value of 036 inline' }).click();
  const inline = page.getByRole('textbox', { name: 'Value of 036' });
  await inline.fill('');
  await inline.press('Enter');
  await expect(page.getByText('Neither key nor value can be empty strings.')).toBeVisible();
  await expect(page.getByText('The mapping was not successfully edited.')).toHaveCount(0);
});

test("a reversed voucher date range is said at its field, in the platform's words, and nothing is asked", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/moneytransfer/orders')) asked.push(request.url());
  });
  await signInAt(page, '/dashboard/vouchers?createdFrom=2026-02-03&createdTo=2026-02-01', 'operator');
  await expect(page.getByRole('textbox', { name: 'Date created to' })).toHaveAccessibleDescription(
    'The "Date created to" day must not be before the "Date created from" day.',
  );
  await expect(
    page.getByText('Correct the dates to see vouchers: a "to" day is before its "from" day.'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Try again' }),
    'no retry of what cannot succeed',
  ).toHaveCount(0);
  await expect(page.getByText(/Contact support/)).toHaveCount(0);
  expect(asked, 'the reversed range is not sent').toEqual([]);
});

test('an oversize upload stays on its modal with the typed comment and the reason in plain words', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/finance/processes/1/inbox', 'finance-operator');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload File' });
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose File' }).click();
  // One byte past the browser tests' FINANCE_UPLOAD_MAX_BYTES.
  const oversize = Buffer.alloc(E2E_FINANCE_UPLOAD_MAX_BYTES + 1, 'a');
  await (
    await chooser
  ).setFiles({ name: 'card-switch-20990101.csv', mimeType: 'text/csv', buffer: oversize });
  await expect(upload.getByRole('checkbox', { name: 'Card acquiring' })).toBeChecked();
  await upload.getByRole('button', { name: 'Upload File' }).click();
  await expect(
    upload.getByText('Please add a comment'),
    'a blank comment is asked for in words',
  ).toBeVisible();
  await upload.getByPlaceholder('Comment (required)').fill('E2E oversize file');
  await upload.getByRole('button', { name: 'Upload File' }).click();
  await expect(upload.getByRole('alert')).toHaveText(
    `The file is larger than the limit of ${E2E_FINANCE_UPLOAD_MAX_BYTES} bytes.`,
  );
  await expect(upload.getByPlaceholder('Comment (required)')).toHaveValue('E2E oversize file');
});
