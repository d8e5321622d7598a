import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
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
    const names = table.getByRole('rowheader');
    const shown = await names.allTextContents();
    expect(shown, 'A to Z').toEqual([...shown].sort());

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
    expect(lines[0]).toBe('Event,Action,Date & Time,User,Reviewer,Status');
    for (const line of lines.slice(1)) {
      expect(line, 'machine form: type, uuid, ISO 8601 UTC').toMatch(
        /^[A-Z_]+,[0-9a-f-]{36},\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,/,
      );
    }
  });
});
