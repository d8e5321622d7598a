import { mkdirSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { signInAt } from './support/session';

const SCREENS = new URL('../.tmp/screens/', import.meta.url).pathname;
const INVALID_DAY = '"99/99/9999" is not a date. Enter a date as DD/MM/YYYY.';

for (const width of [1280, 1920] as const) {
  test(`the voucher filter row keeps each label on one line and its fields aligned at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAt(page, '/dashboard/vouchers', 'operator');
    const filters = page.getByRole('search', { name: 'Voucher filters' });
    await expect(filters.getByRole('textbox', { name: 'Date last modified from' })).toBeVisible();
    const layout = await filters.evaluate((form) => ({
      labelsCut: [...form.querySelectorAll('label')]
        .filter((label) => label.scrollWidth > (label.parentElement?.clientWidth ?? 0))
        .map((label) => label.textContent),
      labelHeights: [...new Set([...form.querySelectorAll('label')].map((label) => label.clientHeight))],
      // Each field's input sits the same distance under its label: no label pushes its input down.
      inputOffsets: [
        ...new Set(
          [...form.querySelectorAll('label')].map((label) => {
            const input = label.parentElement?.querySelector('input:not([type="hidden"])');
            return Math.round((input?.getBoundingClientRect().top ?? 0) - label.getBoundingClientRect().top);
          }),
        ),
      ],
      rows: new Set(
        [...form.querySelectorAll('label')].map((label) => Math.round(label.getBoundingClientRect().top)),
      ).size,
    }));
    expect(layout.labelsCut, 'every label within its field').toEqual([]);
    expect(layout.labelHeights, 'every label one line high').toHaveLength(1);
    expect(layout.inputOffsets, 'every input level with its label').toHaveLength(1);
    if (width >= 1920) expect(layout.rows, 'the whole filter row on one line').toBe(1);
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}voucher-search-${width}.png` });
  });
}

/** Where each field's input sits and how wide it is, by its label. */
function inputBoxes(filters: Locator) {
  return filters.evaluate((form) =>
    Object.fromEntries(
      [...form.querySelectorAll('label')].map((label) => {
        const box = label.parentElement?.querySelector('input:not([type="hidden"])')?.getBoundingClientRect();
        return [label.textContent, { top: Math.round(box?.top ?? 0), width: Math.round(box?.width ?? 0) }];
      }),
    ),
  );
}

test('a voucher date that is no day shows an error at the field and stops filtering by the previous date', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/vouchers?createdFrom=2026-01-01', 'operator');
  const filters = page.getByRole('search', { name: 'Voucher filters' });
  const from = page.getByRole('textbox', { name: 'Date created from' });
  await expect(from, 'the link’s day').toHaveValue('01/01/2026');
  const before = await inputBoxes(filters);
  await from.fill('99/99/9999');
  await page.getByRole('heading', { name: 'Vouchers', level: 1 }).click();
  await expect(page.getByText(INVALID_DAY), 'the field says why').toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  const after = await inputBoxes(filters);
  const row = Object.keys(before).filter((label) => before[label]?.top === before['Date created from']?.top);
  expect(row.length, 'the field has neighbours in its row').toBeGreaterThan(1);
  expect(
    Object.fromEntries(row.map((label) => [label, after[label]])),
    'the error neither lifts its field nor widens it',
  ).toEqual(Object.fromEntries(row.map((label) => [label, before[label]])));
  await expect(page, 'the previous day no longer filters').not.toHaveURL(/createdFrom/);
  await expect(
    page.getByText('Correct or clear the dates to see vouchers: a date field holds no date.'),
    'nor does the list show vouchers of any day meanwhile',
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vouchers' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear' }), 'the field can be cleared').toBeEnabled();

  await from.fill('02/01/2026');
  await expect(page.getByText(INVALID_DAY), 'a real day clears the error').toHaveCount(0);
  await expect(page).toHaveURL(/createdFrom=2026-01-02/);
  await expect(page.getByRole('table', { name: 'Vouchers' }), 'and the list is back').toBeVisible();

  await from.fill('31/02/2026');
  await page.getByRole('heading', { name: 'Vouchers', level: 1 }).click();
  await expect(page.getByText('"31/02/2026" is not a date. Enter a date as DD/MM/YYYY.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(
    page.getByText('"31/02/2026" is not a date.', { exact: false }),
    'Clear clears it',
  ).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Vouchers' }), 'every voucher again').toBeVisible();
});

test('Back from a date field left holding no date shows the day of the address before, and its vouchers', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/vouchers?createdFrom=2026-01-01', 'operator');
  const from = page.getByRole('textbox', { name: 'Date created from' });
  await expect(from).toHaveValue('01/01/2026');
  await expect(page.getByRole('table', { name: 'Vouchers' })).toBeVisible();
  await from.fill('99/99/9999');
  await page.getByRole('heading', { name: 'Vouchers', level: 1 }).click();
  const waiting = page.getByText('Correct or clear the dates to see vouchers: a date field holds no date.');
  await expect(waiting).toBeVisible();
  await page.goBack();
  await expect(from, 'the day of the address gone back to').toHaveValue('01/01/2026');
  await expect(page.getByText(INVALID_DAY), 'no error of the address left').toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Vouchers' }), 'its vouchers').toBeVisible();
});

test('a link’s day that is no date is said at its field, and a card number is refused as the reference', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/vouchers?createdFrom=2026-02-31', 'operator');
  const from = page.getByRole('textbox', { name: 'Date created from' });
  await expect(page.getByText('"2026-02-31" is not a date. Enter a date as DD/MM/YYYY.')).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Correct or clear the dates to see vouchers: a date field holds no date.'),
    'the list waits rather than show vouchers of any day',
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('table', { name: 'Vouchers' })).toBeVisible();
  await expect(page, 'Clear drops the day from the address').toHaveURL(/\/dashboard\/vouchers$/);

  const reference = page.getByRole('textbox', { name: 'Voucher Reference Number' });
  await reference.fill('4111 1111 1111 1111');
  await expect(
    page.getByText(
      'A card number is never searched: give the voucher’s reference number, 12 digits such as 191165877984',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('Correct or clear the Voucher Reference Number to see vouchers.'),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vouchers' })).toHaveCount(0);
  await reference.press('Enter');
  await expect(page, 'the card number never reaches the address').toHaveURL(/\/dashboard\/vouchers$/);
});

test('the voucher date pickers start the week on Sunday and offer no day after today', async ({ page }) => {
  await signInAt(page, '/dashboard/vouchers', 'operator');
  await page.getByRole('textbox', { name: 'Date created from' }).click();
  const calendar = page.locator('.mantine-DateInput-month');
  await expect(calendar.locator('thead th').first(), 'the week starts on Sunday').toHaveText(/^Su/);
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (tomorrow.getMonth() === now.getMonth()) {
    const day = calendar
      .locator('button:not([data-outside])')
      .filter({ hasText: new RegExp(`^${tomorrow.getDate()}$`) });
    await expect(day, 'days after today are disabled').toHaveAttribute('data-disabled', 'true');
  }
});

test('on a phone a voucher’s history fits the screen: its balance tables scroll within their card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, '/dashboard/vouchers', 'operator');
  await page.getByRole('table', { name: 'Vouchers' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Order balance' }).first()).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    'nothing to scroll sideways to',
  ).toBe(0);
});

test('on a phone each voucher of the list is a card: its dates and status on the screen, labelled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, '/dashboard/vouchers', 'operator');
  const row = page.getByRole('table', { name: 'Vouchers' }).getByRole('row').nth(1);
  const status = row.locator('td[data-label="Status"]');
  await expect(status).toBeVisible();
  const box = await status.boundingBox();
  expect(box && box.x + box.width, 'the status ends inside the screen').toBeLessThanOrEqual(412);
  expect(
    await page
      .getByRole('table', { name: 'Vouchers' })
      .evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0)),
    'nothing to scroll sideways to',
  ).toBeLessThanOrEqual(0);
});
