import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The demo feeds load in the background after the platform starts: ask again (another status and
 * back, which keeps the link's query and is quicker than a full reload) until `atLeast` rows show
 * (the days' files load one after another).
 */
export async function waitForRows(page: Page, status = 'Unmatched', atLeast = 1): Promise<void> {
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('rowheader');
  await expect
    .poll(
      async () => {
        if ((await rows.count()) >= atLeast) return true;
        await page.getByRole('radio', { name: 'All transactions' }).click();
        await page.getByRole('radio', { name: status }).click();
        await page
          .getByRole('table', { name: 'Transactions' })
          .or(page.getByText('No transactions match your query.'))
          .waitFor();
        return (await rows.count()) >= atLeast;
      },
      { message: 'the demo feeds give unmatched transactions', timeout: 90_000, intervals: [2_000, 3_000] },
    )
    .toBe(true);
}

/** The text of each body row's cell under the header that starts with `header`. */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, name) => {
    const headers = [...element.querySelectorAll('thead th')].map((cell) => cell.textContent);
    const column = headers.findIndex((text) => text.startsWith(name));
    return [...element.querySelectorAll('tbody tr')].map((row) => row.children[column]?.textContent ?? '');
  }, header);
}

/**
 * The first amount of each row of the results grid, back in minor units: the grid shows every
 * digit of the currency's own decimals, so the digits alone are the minor units ("R 2 080.00" is 208000).
 */
export async function minorUnitsOfAmounts(table: Locator): Promise<number[]> {
  const amounts = await columnTexts(table, 'Amount');
  // A value the parties disagree on is followed by the parties that reported it: "R 2.00 (Switch) / …".
  const first = (text: string) => (text.split(' / ')[0] ?? '').replace(/ \([^)]*\)$/, '');
  return amounts.map((text) => Number(first(text).replace(/[^\d-]/g, '')));
}
