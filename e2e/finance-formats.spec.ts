import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { columnTexts, waitForRows } from './support/recon-grid';
import { signInAt } from './support/session';

// The seeded "Card acquiring" process: fields rrn, amount (money, currency in currency), transactionDate.
const PROCESS_PATH = '/dashboard/finance/processes/1';
const SCREENS = new URL('../.tmp/screens/', import.meta.url).pathname;
const WIDTHS = [1280, 1920] as const;

// A symbol, then whole units grouped by spaces and the currency's decimals: "R 2 080.00", "JP¥1 500".
const AMOUNT = /^[^\d\s-]+\s?-?\d{1,3}(\s\d{3})*(\.\d{2,3})?$/;
// Specification 1, section 9: "ddd Do MMM 'YY HH:mm:ss".
const DISPLAY_DATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} '\d\d \d\d:\d\d:\d\d$/;

/** The labels of pills and buttons in `scope` whose text does not fit (cut off, or spilling out of their cell). */
async function cutOffLabels(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Button-root')]
      .filter((control) => {
        const label =
          control.querySelector<HTMLElement>('.mantine-Badge-label, .mantine-Button-label') ?? control;
        const cell = control.closest('td, th');
        const spills =
          cell !== null && control.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5;
        return label.scrollWidth > label.clientWidth || control.scrollWidth > control.clientWidth || spills;
      })
      .map((control) => control.textContent),
  );
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}${name}.png`, fullPage: true });
}

test('the recon grid shows amounts in their currency, dates in the display format, headers by display name', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAt(
    page,
    // All transactions: the unmatched few are for the tests that act on them (finance-results.spec.ts).
    `${PROCESS_PATH}/results?limit=10`,
    'finance-operator',
  );
  await waitForRows(page);
  const table = page.getByRole('table', { name: 'Transactions' });
  for (const header of ['RRN', 'Amount', 'Currency', 'Transaction date', 'Merchant']) {
    await expect(
      table.getByRole('columnheader', { name: new RegExp(`^${header}`) }),
      `a ${header} header`,
    ).toBeVisible();
  }
  await expect(
    table.getByRole('columnheader', { name: /^transactionDate/ }),
    'no field names as headers',
  ).toHaveCount(0);

  // Values the parties disagree on are each followed by the parties that reported them.
  const values = (text: string) => text.split(' / ').map((value) => value.replace(/ \([^)]*\)$/, ''));
  const amounts = (await columnTexts(table, 'Amount')).flatMap(values);
  expect(amounts.length, 'rows with amounts').toBeGreaterThan(0);
  expect(
    amounts.filter((amount) => !AMOUNT.test(amount)),
    'every amount in its currency, grouped',
  ).toEqual([]);
  const dates = (await columnTexts(table, 'Transaction date')).flatMap(values);
  expect(
    dates.filter((date) => !DISPLAY_DATE.test(date)),
    'every date in the display format',
  ).toEqual([]);
});

for (const width of WIDTHS) {
  test(`no pill or button is cut off at ${width} px: recon grid and settlements`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAt(page, `${PROCESS_PATH}/results?limit=25`, 'admin');
    await waitForRows(page, 'All transactions');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByText('Unmatched').first(), 'unmatched pills show').toBeVisible();
    expect(await cutOffLabels(page.getByRole('main')), 'recon grid labels cut off').toEqual([]);
    await screenshot(page, `recon-grid-${width}`);

    await page.getByRole('tab', { name: 'Settlement' }).click();
    const closeRun = page.getByRole('button', { name: /^Close run Settlement \d+$/ });
    await expect(closeRun.first(), 'today’s open run offers Close run').toBeVisible({ timeout: 60_000 });
    await expect(closeRun.first()).toHaveText('Close run');
    expect(await cutOffLabels(page.getByRole('main')), 'settlement labels cut off').toEqual([]);
    await screenshot(page, `settlements-${width}`);
  });
}

test('a number filter that is not a number is caught at the field and nothing is sent', async ({ page }) => {
  await signInAt(page, `${PROCESS_PATH}/results?limit=10`, 'finance-operator');
  await waitForRows(page, 'All transactions');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/transactions?')) asked.push(request.url());
  });
  await page.getByRole('textbox', { name: 'Value (filter 1)' }).fill('abc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Enter a whole number, such as 1500'), 'the ID field says why').toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Value (filter 1)' })).toHaveAccessibleDescription(
    'Enter a whole number, such as 1500',
  );
  await expect(page.getByRole('table', { name: 'Transactions' }), 'the grid stays').toBeVisible();
  await expect(page.getByText(/^Oops! Something went wrong/), 'no failure replaces the grid').toHaveCount(0);
  expect(page.url(), 'the URL keeps no bad filter').not.toContain('f.id');
  expect(asked, 'nothing is sent').toEqual([]);

  await page.getByRole('textbox', { name: 'Value (filter 1)' }).fill('12');
  await expect(
    page.getByText('Enter a whole number, such as 1500'),
    'the message follows the typing',
  ).toHaveCount(0);
});

test('results date filters use the project’s picker in the format YYYY-MM-DD HH:mm', async ({ page }) => {
  const from = new Date(2026, 10, 22, 8, 5);
  const to = new Date(2026, 10, 22, 17, 30);
  await signInAt(
    page,
    `${PROCESS_PATH}/results?f.transactionDate.BETWEEN=${from.toISOString()}&f.transactionDate.BETWEEN=${to.toISOString()}`,
    'finance-operator',
  );
  const fromPicker = page.getByRole('button', { name: 'From (filter 1)' });
  await expect(fromPicker, 'the link’s bound in the filter format').toHaveText('2026-11-22 08:05');
  await expect(page.getByRole('button', { name: 'To (filter 1)' })).toHaveText('2026-11-22 17:30');
  await expect(page.locator('input[type="datetime-local"]'), 'not the browser’s own picker').toHaveCount(0);
  await fromPicker.click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: '22 November 2026', exact: true }),
    'the calendar opens on the bound’s day',
  ).toBeVisible();
});
