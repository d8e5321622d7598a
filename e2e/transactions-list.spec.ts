import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAt } from './support/session';
import { expectAccessible } from './support/axe';

const LIST_PATH = '/dashboard/transactions';

/** `YYYY-MM-DDTHH:mm` in the browser's (the machine's) local time, as the URL carries it. */
function urlDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear().toString()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Yesterday 00:00 to today 23:59: the seeded day, whatever the time of the run. */
function seededRange(): string {
  const now = new Date();
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 0, 0);
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59);
  return new URLSearchParams({ from: urlDateTime(from), to: urlDateTime(to) }).toString();
}

function rows(page: Page) {
  return page.getByRole('list', { name: 'Transactions' }).getByRole('button');
}

test.describe('transactions list', () => {
  test('an address with an unreadable or reversed range is rewritten to the range shown', async ({
    page,
  }) => {
    const now = new Date();
    const today = new URLSearchParams({
      from: urlDateTime(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0)),
      to: urlDateTime(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59)),
    }).toString();
    await signInAt(page, `${LIST_PATH}?from=garbage&service=purchase`, 'operator');
    await expect(page, 'the address says today, as the list shows').toHaveURL(
      `${LIST_PATH}?${today}&service=purchase`,
    );
    await page.goto(`${LIST_PATH}?from=2026-01-02T00:00&to=2026-01-01T00:00`);
    await expect(page, 'a reversed range becomes today too').toHaveURL(`${LIST_PATH}?${today}`);
  });

  test('filters live in the URL: a bookmark opens filtered, a change is written, Back restores', async ({
    page,
  }) => {
    await signInAt(page, `${LIST_PATH}?${seededRange()}&service=purchase`, 'operator');
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: 'Service' }),
      'the form shows the URL filter',
    ).toHaveValue('Purchase');
    await expect(rows(page), 'a full first page').toHaveCount(20);
    for (const name of await rows(page).evaluateAll((items) => items.map((item) => item.textContent))) {
      expect(name, 'only purchases').toContain('Purchase');
    }

    const receiver = page.getByRole('combobox', { name: 'Receiver' });
    await receiver.click();
    await page.getByRole('option', { name: 'Visa Base I' }).click();
    await expect(page, 'the change reaches the URL after the debounce').toHaveURL(/receiver=visa-base-i/);
    await expect(rows(page).first()).toContainText('Visa Base I');
    // The purchases drawn before may also start with a Visa row: wait for the list the filter asked for.
    await expect
      .poll(
        () =>
          rows(page).evaluateAll(
            (items) => items.filter((item) => !/Purchase.*Visa Base I/.test(item.textContent)).length,
          ),
        'only Visa purchases',
      )
      .toBe(0);

    await page.goBack();
    await expect(page).not.toHaveURL(/receiver=/);
    await expect(receiver, 'Back restores the form').toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Service' })).toHaveValue('Purchase');
    await expect(rows(page)).toHaveCount(20);

    await page.getByRole('textbox', { name: 'Reference' }).fill('000000000000');
    await expect(page.getByText('No transactions match your query')).toBeVisible();
    await expect(page).toHaveURL(/reference=000000000000/);
  });

  test('pages forward and back, and a row opens its details and its trace', async ({ page }) => {
    await signInAt(page, `${LIST_PATH}?${seededRange()}`, 'support');
    await expect(rows(page)).toHaveCount(20);
    const rowTexts = () => rows(page).evaluateAll((items) => items.map((item) => item.textContent));
    const pageOne = await rowTexts();
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Page 2')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    await expect(rows(page).first()).not.toHaveText(pageOne[0] ?? '');
    const pageTwo = await rowTexts();
    expect(
      pageTwo.filter((text) => pageOne.includes(text)),
      'page 2 repeats nothing of page 1',
    ).toEqual([]);
    // The address names the row page 2 counts from: a reload (or Back, or the link) shows the same rows.
    await expect(page).toHaveURL(/[?&]latest=[0-9a-f-]{36}(&|$)/);
    await page.reload();
    await expect(page.getByText('Page 2')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    expect(await rowTexts(), 'the same page 2 after a reload').toEqual(pageTwo);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(rows(page)).toHaveCount(20);

    const purchase = rows(page).filter({ hasText: 'Purchase' }).filter({ hasText: 'Approved' }).first();
    await purchase.click();
    await expect(purchase).toHaveAttribute('aria-expanded', 'true');
    const details = page.getByRole('region', { name: /^Details of transaction / });
    await expect(details).toHaveCount(1);
    await expect(details.getByRole('heading', { name: 'Base' })).toBeVisible();
    await expect(details.getByRole('definition').first(), 'the amount is in rand, minor units').toHaveText(
      /^R\s?[\d\s]+\.\d{2}$/,
    );
    await expectAccessible(page, 'the list with a row open');

    await purchase.click();
    await expect(purchase, 'a second click closes it').toHaveAttribute('aria-expanded', 'false');
    await expect(details).toHaveCount(0);

    await purchase.click();
    await details.getByRole('link', { name: 'View messages' }).click();
    await expect(page).toHaveURL(/\/dashboard\/transactions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Transaction Messages' })).toBeVisible();
    await page.goBack();
    await expect(rows(page)).toHaveCount(20);
  });

  test('auto-refresh reloads in the background; a failed load says so, with a way to try again', async ({
    page,
  }) => {
    await signInAt(page, LIST_PATH, 'operator');
    await expect(rows(page).first()).toBeVisible();
    const autoRefresh = page.getByRole('switch', { name: 'Auto-refresh' });
    await expect(autoRefresh).not.toBeChecked();

    await autoRefresh.check();
    const background = await page.waitForRequest(
      (request) => request.url().includes('/api/ecs/transactions?'),
      {
        timeout: 7_000,
      },
    );
    expect(new URL(background.url()).searchParams.get('dateFrom'), 'the same filter').toMatch(
      /^\d{8}T\d{6}Z$/,
    );
    await expect(page.getByLabel('Loading transactions'), 'no loader on a background refresh').toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
    await autoRefresh.uncheck();

    await page.route('**/api/ecs/transactions?*', (route) =>
      route.fulfill({ status: 500, json: { errorMessage: 'Database unavailable', code: 'INTERNAL_ERROR' } }),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(rows(page), 'the failed load leaves no stale list').toHaveCount(0);
    await expect(page.getByRole('alert'), 'the failure is not a silent empty card').toHaveText(
      'Could not retrieve transactions (500). Contact support if this persists.Try again',
    );
    await expect(
      page.getByText('No transactions match your query'),
      'no claim that nothing matched',
    ).toHaveCount(0);
    await page.unroute('**/api/ecs/transactions?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(rows(page).first(), 'trying again brings it back').toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a row without service data shows its trace ID and environment, and hides none of the others', async ({
    page,
  }) => {
    let bare: { uuid: string; serverDesc: string } | undefined;
    await page.route('**/api/ecs/transactions?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { transactions: Array<Record<string, unknown>> };
      const first = body.transactions[0];
      if (first !== undefined) {
        delete first.serviceData;
        bare = { uuid: String(first.uuid), serverDesc: String(first.serverDesc) };
      }
      await route.fulfill({ response, json: body });
    });
    await signInAt(page, `${LIST_PATH}?${seededRange()}`, 'operator');
    await expect(rows(page), 'all twenty rows are listed').toHaveCount(20);
    await rows(page).first().click();
    const details = page.getByRole('region', { name: /^Details of transaction / });
    await expect(details.getByRole('term')).toHaveText(['Trace ID', 'Environment']);
    await expect(details.getByRole('definition')).toHaveText([bare?.uuid ?? '', bare?.serverDesc ?? '']);
  });

  test('a page beyond the last says so, on the last page the platform answers, and leads to the first', async ({
    page,
  }) => {
    await signInAt(page, `${LIST_PATH}?page=99999`, 'operator');
    await expect(page.getByText('There is no page 50001: the list ends before it.')).toBeVisible();
    await expect(page.getByText('No transactions match your query')).toHaveCount(0);
    await expect(page, 'the address names the page shown').toHaveURL(`${LIST_PATH}?page=50001`);
    await expect(page.getByText('Page 50001', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Go to the first page' }).click();
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/transactions\?from=[^&]+&to=[^&]+$/);
  });

  test('a link holding a whole card number is masked in the address, and a trace address of one asks nothing', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await signInAt(page, `${LIST_PATH}?reference=4111111111111111`, 'operator');
    await expect(page).toHaveURL(/reference=411111\*{6}1111/);
    await page.goto('/dashboard/transactions/4111%201111%201111%201111');
    await expect(page.getByText(/^No transaction with this ID was found/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/transactions\/411111(\*|%2A){6}1111$/);
    const apiCalls = asked.filter((url) => new URL(url).pathname.startsWith('/api/'));
    expect(
      apiCalls.filter((url) => /4111\D{0,3}1111\D{0,3}1111\D{0,3}1111/.test(decodeURIComponent(url))),
      'no call of the API carries the card number',
    ).toEqual([]);
    expect(apiCalls.filter((url) => url.includes('/api/ecs/transactions/411111'))).toEqual([]);
  });

  test('on a narrow screen each row names its values', async ({ page }) => {
    // A label hidden for the eye is a 1 px box to the browser (still 'visible' to Playwright): measure it.
    const widthOf = async (label: Locator) => (await label.boundingBox())?.width ?? 0;
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAt(page, `${LIST_PATH}?${seededRange()}`, 'operator');
    const first = rows(page).first();
    await expect(first).toBeVisible();
    for (const name of ['Time started:', 'Reference:', 'Service:', 'Receiver:', 'Originator:', 'State:']) {
      const label = first.getByText(name, { exact: true });
      await expect.poll(() => widthOf(label), `${name} is shown`).toBeGreaterThan(20);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(
        () => widthOf(first.getByText('Reference:', { exact: true })),
        'wide, the column headings name the values',
      )
      .toBeLessThanOrEqual(1);
  });

  test('on a phone a transaction’s nested details go under their name, wide enough to read', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await signInAt(page, `${LIST_PATH}?${seededRange()}&service=eft-credit`, 'operator');
    await rows(page).first().click();
    const details = page.getByRole('region', { name: /^Details of transaction / });
    const nested = details.locator('dd dl dd');
    await expect(nested.first(), 'a beneficiary’s bank, branch and account').toBeVisible();
    // Beside their names, the nested values had a column one or two characters wide.
    const widths = await nested.evaluateAll((values) => values.map((value) => value.clientWidth));
    expect(Math.min(...widths), 'the narrowest nested value').toBeGreaterThan(150);
  });

  test('raising the end hour past 23 says it went round to 00 of the same day', async ({ page }) => {
    await signInAt(page, LIST_PATH, 'operator');
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Date range' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('tab', { name: 'Time' }).click();
    await expect(picker.getByRole('spinbutton', { name: 'End hours' })).toHaveText('23');
    await picker.getByRole('button', { name: 'Increase end hours' }).click();
    await expect(picker.getByRole('spinbutton', { name: 'End hours' })).toHaveText('00');
    await expect(picker.getByRole('status')).toHaveText(
      'The end hour went round to 00 on the same day. To end on a later day, choose it in the calendar.',
    );
  });

  test('the date-range picker: Sunday first, nothing after now, times that wrap', async ({ page }) => {
    await signInAt(page, LIST_PATH, 'operator');
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Date range' }).click();
    const picker = page.getByRole('dialog');
    await expect(picker.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
    await expect(picker.locator('thead th').first(), 'the week starts on Sunday').toHaveText(/^Su/);
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    if (tomorrow.getMonth() === now.getMonth()) {
      const label = tomorrow.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
      await expect(
        picker.getByRole('button', { name: label, exact: true }),
        'days after now are disabled',
      ).toBeDisabled();
    }

    await picker.getByRole('tab', { name: 'Time' }).click();
    const startHours = picker.getByRole('spinbutton', { name: 'Start hours' });
    await expect(startHours).toHaveText('00');
    await picker.getByRole('button', { name: 'Decrease start hours' }).click();
    await expect(startHours, 'hours wrap from 0 to 23').toHaveText('23');
    const endMinutes = picker.getByRole('spinbutton', { name: 'End minutes' });
    await expect(endMinutes).toHaveText('59');
    await picker.getByRole('button', { name: 'Increase end minutes' }).click();
    await expect(endMinutes, 'minutes wrap from 59 to 0').toHaveText('00');
    await expect(
      picker.getByRole('spinbutton', { name: 'End hours' }),
      'without carrying into the hour',
    ).toHaveText('23');
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();

    await expect(page, 'the range reaches the URL').toHaveURL(
      /from=\d{4}-\d{2}-\d{2}T23%3A00&to=\d{4}-\d{2}-\d{2}T23%3A00/,
    );
    await expect(page.getByRole('button', { name: 'Date range' })).toContainText('23:00 – ');
    if (now.getHours() < 23) {
      await expect(
        page.getByText('No transactions match your query'),
        'nothing has started at 23:00 yet',
      ).toBeVisible();
    }
  });
});
