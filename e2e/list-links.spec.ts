import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pickDay } from './support/date-picker';
import { signInAt } from './support/session';

const AUDITS_PATH = '/dashboard/finance/audits';
const SERVICES_PATH = '/dashboard/load-balancer/services';

test.describe('every list is a link', () => {
  test('the audit log keeps its filters and page size in the URL: reload, Back and Forward restore them', async ({
    page,
  }) => {
    await signInAt(page, AUDITS_PATH, 'finance-approver');
    // Typed before the screen has its rows, the text could be replaced as the screen settles.
    await expect(page.getByRole('table').first()).toBeVisible();
    const user = page.getByRole('textbox', { name: 'User' });
    await user.fill('system');
    await expect(page, 'the filter reaches the URL after its debounce').toHaveURL(/[?&]username=system/);
    // The rows of before are kept until the filter's arrive: the page size moves as the list changes,
    // and a click as it moves opens nothing.
    const rows = page.getByRole('table').first().locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect
      .poll(
        () =>
          rows.evaluateAll((items) => items.filter((item) => !item.textContent.includes('system')).length),
        'only the system user’s rows',
      )
      .toBe(0);
    await page.getByRole('combobox', { name: 'Page size' }).click();
    await page.getByRole('option', { name: '100', exact: true }).click();
    await expect(page).toHaveURL(/[?&]size=100/);

    await page.reload();
    await expect(user, 'a reload shows the same filter').toHaveValue('system');
    await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('100');

    await page.goBack();
    await expect(page).not.toHaveURL(/size=100/);
    await expect(
      page.getByRole('combobox', { name: 'Page size' }),
      'Back returns to the default size',
    ).toHaveValue('50');
    await expect(user).toHaveValue('system');
    await page.goBack();
    await expect(user, 'and then to no filter').toHaveValue('');
    await page.goForward();
    await expect(user, 'Forward brings the filter back').toHaveValue('system');
  });

  test('a bad parameter falls back to its default without an error', async ({ page }) => {
    await signInAt(
      page,
      `${AUDITS_PATH}?page=abc&size=7&status=NOPE&from=2026-02-30T10:00`,
      'finance-approver',
    );
    await expect(page.getByRole('table', { name: 'Audit Log' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('50');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a sort is in the URL, and Copy link copies the view', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAt(page, SERVICES_PATH, 'operator');
    const table = page.getByRole('table');
    const header = table.getByRole('columnheader', { name: /Service/ });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    // None, then descending, then ascending (the shared table's cycle).
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=-service$/);
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=service$/);
    // The rows follow once the new sort's answer is drawn, which can be after the URL has changed.
    const names = table.getByRole('rowheader');
    await expect
      .poll(
        async () => {
          const shown = await names.allTextContents();
          return shown.length > 1 && shown.join('\n') === [...shown].sort().join('\n');
        },
        { message: 'A to Z' },
      )
      .toBe(true);

    await page.reload();
    await expect(header, 'a reload keeps the sort').toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.goBack();
    await expect(header, 'Back returns to descending').toHaveAttribute('aria-sort', 'descending');
  });

  test('Export CSV downloads every row of the filter, with the screen’s headers', async ({ page }) => {
    await signInAt(page, `${AUDITS_PATH}?size=50`, 'finance-approver');
    await expect(page.getByRole('table', { name: 'Audit Log' })).toBeVisible();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Event,File,Action,Date & Time,User,Reviewer,Status');
    for (const line of lines.slice(1)) {
      expect(line, 'machine form: type, the file of a file action, uuid, ISO 8601 UTC').toMatch(
        /^[A-Z_]+,[^,]*,[0-9a-f-]{36},\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,/,
      );
    }
  });
});

/**
 * One filter of each list that keeps its view in the URL: a link opens with it, a change goes into
 * the URL, reload keeps it, Back returns to the link's, and a value that does not read falls back to
 * the default without an error. A date-time filter is the project's picker (a button showing the
 * value as "YYYY-MM-DD hh:mm").
 */
const TEXT_VIEWS = [
  {
    list: 'a process’s settlements',
    path: '/dashboard/finance/processes/1/settlements',
    field: 'Settlement ID',
    name: 'settlementId',
    value: '12',
    next: '34',
  },
  {
    list: 'users',
    path: '/dashboard/admin/users',
    field: 'Find user',
    name: 'q',
    value: 'adm',
    next: 'oper',
  },
  { list: 'roles', path: '/dashboard/admin/roles', field: 'Find role', name: 'q', value: 'adm', next: 'fin' },
  {
    list: 'reviews',
    path: '/dashboard/reviews',
    field: 'Requested by',
    name: 'requester',
    value: 'operator',
    next: 'approver',
  },
] as const;

const DATE_VIEWS = [
  { list: 'a process’s settlements', path: '/dashboard/finance/processes/1/settlements', field: 'From' },
  { list: 'a process’s outbox', path: '/dashboard/finance/processes/1/outbox', field: 'Date Created from' },
  { list: 'the global outbox', path: '/dashboard/finance/outbox', field: 'Date Created from' },
] as const;

test.describe('each list’s view is in its URL', () => {
  for (const view of TEXT_VIEWS) {
    test(`${view.list}: a link, a change, reload and Back`, async ({ page }) => {
      const field = page.getByRole('textbox', { name: view.field, exact: true });
      await signInAt(page, `${view.path}?${view.name}=${view.value}`, 'admin');
      await expect(field, 'the link’s filter is shown').toHaveValue(view.value);
      await field.fill(view.next);
      await expect(page, 'a change goes into the URL').toHaveURL(new RegExp(`[?&]${view.name}=${view.next}`));
      await page.reload();
      await expect(field, 'a reload keeps it').toHaveValue(view.next);
      await page.goBack();
      await expect(field, 'Back returns to the link’s filter').toHaveValue(view.value);
    });
  }

  for (const view of DATE_VIEWS) {
    test(`${view.list}: a date-time filter from a link, a change, reload, Back and a bad value`, async ({
      page,
    }) => {
      const picker = page.getByRole('button', { name: view.field, exact: true });
      await signInAt(page, `${view.path}?from=2026-01-01T08:30`, 'admin');
      await expect(picker, 'the link’s filter is shown').toHaveText('2026-01-01 08:30');
      await pickDay(page, view.field, new Date(2026, 0, 2));
      await expect(page, 'a change goes into the URL').toHaveURL(/[?&]from=2026-01-02T08%3A30/);
      await page.reload();
      await expect(picker, 'a reload keeps it').toHaveText('2026-01-02 08:30');
      await page.goBack();
      await expect(picker, 'Back returns to the link’s filter').toHaveText('2026-01-01 08:30');

      await page.goto(`${view.path}?from=2026-02-30T10:00&page=abc&size=7`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const today = new Date();
      const startOfToday = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
        .map((part) => String(part).padStart(2, '0'))
        .join('-');
      await expect(picker, 'a day that does not exist gives the default, today').toHaveText(
        `${startOfToday} 00:00`,
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  for (const { path, pages, empty } of [
    {
      path: '/dashboard/finance/processes/1/inbox',
      pages: 'Inbox pages',
      empty: 'You have no items in your inbox',
    },
    {
      path: '/dashboard/finance/processes/1/approvals',
      pages: 'Approvals pages',
      empty: 'There are no pending approvals',
    },
    { path: '/dashboard/finance/jobs', pages: 'Jobs pages', empty: 'No jobs configured.' },
  ]) {
    test(`${path}: a page that does not read opens the first, without an error`, async ({ page }) => {
      await signInAt(page, `${path}?page=abc&size=-1`, 'admin');
      const firstPage = page.getByLabel(pages).locator('[aria-current="page"]');
      await expect(firstPage.or(page.getByText(empty, { exact: true }))).toBeVisible();
      if (await firstPage.isVisible()) await expect(firstPage).toHaveText('1');
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('a service’s receivers keep their sort in the URL; a bad sort is none', async ({ page }) => {
    const path = '/dashboard/load-balancer/services/card-authorisations';
    await signInAt(page, `${path}?sort=-weight`, 'operator');
    const weight = page.getByRole('columnheader', { name: /Weight/ });
    await expect(weight).toHaveAttribute('aria-sort', 'descending');
    await weight.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=weight$/);
    await page.reload();
    await expect(weight, 'a reload keeps the sort').toHaveAttribute('aria-sort', 'ascending');
    await page.goBack();
    await expect(weight, 'Back returns to the link’s sort').toHaveAttribute('aria-sort', 'descending');
    await page.goto(`${path}?sort=nope`);
    await expect(weight).toHaveAttribute('aria-sort', 'none');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
