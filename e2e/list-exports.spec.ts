import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInAt } from './support/session';

/** Clicks Export CSV and reads the file it downloads: its name and its lines. */
async function exportCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), lines: text.trimEnd().split('\r\n') };
}

/** A CSV line's cells: a quoted cell may hold commas, and "" is a quote within it. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const character = line[at] ?? '';
    if (quoted && character === '"' && line[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (character === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += character;
    }
  }
  return [...cells, cell];
}

/** A local minute as the lists' `from` and `to` take it. */
function localMinute(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

test.describe('every list exports', () => {
  test('transactions: every leg of a past window, as many as the list pages through', async ({ page }) => {
    // Seeded legs only: the simulator adds new ones now, never in the past.
    const from = new Date(Date.now() - 3 * 60 * 60_000);
    const to = new Date(from.getTime() + 10 * 60_000);
    await signInAt(
      page,
      `/dashboard/transactions?from=${localMinute(from)}&to=${localMinute(to)}`,
      'operator',
    );
    const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    // Page by page: each page's rows once the page shows its number and new rows.
    let shown = 0;
    for (let pageNumber = 1; ; pageNumber += 1) {
      await expect(page.getByText(`Page ${pageNumber}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      shown += await rows.count();
      const next = page.getByRole('button', { name: 'Next page' });
      if (await next.isDisabled()) break;
      const first = (await rows.first().textContent()) ?? '';
      await next.click();
      await expect(rows.first()).not.toHaveText(first);
    }
    const { name, lines } = await exportCsv(page);
    expect(name).toBe('transactions.csv');
    expect(lines[0]).toBe('Time started,Reference,Service,Receiver,Originator,State');
    expect(lines, 'every leg of the window, not one page').toHaveLength(shown + 1);
    for (const line of lines.slice(1)) {
      const started = Date.parse(line.split(',')[0] ?? '');
      expect(started).toBeGreaterThanOrEqual(Math.floor(from.getTime() / 60_000) * 60_000);
      expect(started).toBeLessThan(Math.floor(to.getTime() / 60_000) * 60_000 + 60_000);
    }
  });

  test('a process’s inbox and the jobs: as many rows as the screen counts', async ({ page }) => {
    await signInAt(page, '/dashboard/finance/jobs', 'finance-operator');
    const jobs = page.getByRole('table', { name: 'Jobs' });
    await expect(jobs.getByRole('rowheader').first()).toBeVisible();
    const names = await jobs.getByRole('rowheader').allTextContents();
    const exported = await exportCsv(page);
    expect(exported.name).toBe('finance-jobs.csv');
    expect(exported.lines[0]).toBe('Job Name,Last Runtime,Last Successful Runtime,Success');
    expect(exported.lines.slice(1).map((line) => line.split(',')[0])).toEqual(names);

    // A file the demo feed adds between the two reads shows on the screen after a refresh.
    await page.goto('/dashboard/finance/processes/1/inbox');
    const inbox = page.getByRole('table', { name: 'Inbox' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      const files = await inbox.getByRole('rowheader').allTextContents();
      const { name, lines } = await exportCsv(page);
      expect(name).toBe('finance-inbox.csv');
      expect(lines[0]).toBe('Filename,Party,Uploaded,Status,Records,Exceptions');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(files);
    }).toPass();
  });

  test('a process’s approvals and outbox, and the global outbox: the rows the screen lists', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/finance/processes/1/approvals', 'finance-approver');
    const actions = page.getByRole('article');
    // Other tests ask for actions meanwhile: read both again until the screen and its export agree.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(actions.first().or(page.getByText('There are no pending approvals'))).toBeVisible();
      const shown = await actions.count();
      const { name, lines } = await exportCsv(page);
      expect(name).toBe('finance-approvals.csv');
      expect(lines[0]).toBe(
        'Process,Action,File,Transactions,Records,Selection,Requested by,Requested at,Comment',
      );
      // A page holds 10; the export every pending action of the process.
      if (shown < 10) expect(lines).toHaveLength(shown + 1);
      else expect(lines.length).toBeGreaterThan(shown);
    }).toPass();

    for (const path of ['/dashboard/finance/processes/1/outbox', '/dashboard/finance/outbox']) {
      await page.goto(path);
      const extracts = page.getByRole('table', { name: 'Extracts' }).getByRole('rowheader');
      await expect(extracts.first().or(page.getByText(/^No /).first())).toBeVisible();
      const files = await extracts.allTextContents();
      const { name, lines } = await exportCsv(page);
      expect(name).toBe('finance-outbox.csv');
      expect(lines[0]).toMatch(/^Filename,Date Created/);
      expect(
        lines.slice(1, files.length + 1).map((line) => line.split(',')[0]),
        path,
      ).toEqual(files);
    }
  });

  test('users: the Find box is in the link, and the export holds the users it finds', async ({ page }) => {
    await signInAt(page, '/dashboard/admin/users', 'admin');
    const users = page.getByRole('navigation', { name: 'Users' }).getByRole('link');
    await expect(users.first()).toBeVisible();
    const everyone = await users.count();
    const find = page.getByRole('textbox', { name: 'Find user' });
    await find.fill('FINANCE');
    await expect(page, 'the Find box reaches the URL').toHaveURL(/[?&]q=FINANCE/);
    const found = await users.allTextContents();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(everyone);
    expect(found.every((name) => name.toLowerCase().includes('finance'))).toBe(true);

    const { name, lines } = await exportCsv(page);
    expect(name).toBe('users.csv');
    expect(lines[0]).toBe('Username,Email,Mobile number,Role');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(found);

    await users.first().click();
    await expect(page, 'opening a user keeps the view').toHaveURL(/\/users\/[^?]+\?q=FINANCE/);
    await page.reload();
    await expect(find, 'a reload shows the same view').toHaveValue('FINANCE');
    await expect(users).toHaveCount(found.length);
    await page.goBack();
    await page.goBack();
    await expect(find, 'Back returns to every user').toHaveValue('');
    await expect(users).toHaveCount(everyone);
  });

  test('roles and a process’s settlements: the rows the screen lists', async ({ page }) => {
    await signInAt(page, '/dashboard/admin/roles', 'admin');
    const roles = page.getByRole('navigation', { name: 'Roles' }).getByRole('link');
    await expect(roles.first()).toBeVisible();
    const names = await roles.allTextContents();
    const exported = await exportCsv(page);
    expect(exported.name).toBe('roles.csv');
    expect(exported.lines[0]).toBe('Role,Permissions');
    expect(exported.lines.slice(1).map((line) => line.split(',')[0])).toEqual(names);

    await page.goto('/dashboard/finance/processes/1/settlements');
    const runs = page.getByRole('button', { name: /^Settlement \d+$/ });
    await expect(runs.first()).toBeVisible();
    const titles = await runs.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')),
    );
    const { name, lines } = await exportCsv(page);
    expect(name).toBe('finance-settlements.csv');
    expect(lines[0]).toBe('Settlement ID,Status,Start,End');
    expect(lines.slice(1).map((line) => `Settlement ${line.split(',')[0]}`)).toEqual(titles);
  });

  test('load balancer services and receivers: the rows the screen lists', async ({ page }) => {
    await signInAt(page, '/dashboard/load-balancer/services', 'operator');
    const services = page.getByRole('table').getByRole('rowheader');
    await expect(services.first()).toBeVisible();
    const serviceNames = await services.allTextContents();
    const servicesCsv = await exportCsv(page);
    expect(servicesCsv.name).toBe('load-balancer-services.csv');
    expect(servicesCsv.lines[0]).toBe('Service,Status');
    expect(servicesCsv.lines.slice(1).map((line) => line.split(',')[0])).toEqual(serviceNames);

    await page.goto('/dashboard/load-balancer/services/eft-payments');
    const receivers = page.getByRole('table', { name: 'Receivers' }).getByRole('rowheader');
    await expect(receivers.first()).toBeVisible();
    const receiverNames = await receivers.allTextContents();
    const receiversCsv = await exportCsv(page);
    expect(receiversCsv.name).toBe('load-balancer-eft-payments-receivers.csv');
    expect(receiversCsv.lines[0]).toBe('Receiver,Status,Active,Throughput,Success rate,Weight');
    expect(receiversCsv.lines.slice(1).map((line) => line.split(',')[0])).toEqual(receiverNames);
  });

  test('vouchers: every voucher of the filter, in the screen’s order', async ({ page }) => {
    // The simulator adds vouchers meanwhile: read both again until the screen and its export agree.
    await signInAt(page, '/dashboard/vouchers', 'operator');
    const vouchers = page.getByRole('table', { name: 'Vouchers' }).getByRole('row');
    await expect(vouchers.first(), 'signed in (a reload before would land on the login page)').toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(vouchers, 'a page of 25 vouchers and the header row').toHaveCount(26);
      const range = (await page.getByText(/^1-25 of [\d\s,]+$/).textContent()) ?? '';
      const total = Number(range.replace(/^1-25 of /, '').replace(/\D/g, ''));
      const firstPage = (await vouchers.allTextContents()).slice(1);
      const { name, lines } = await exportCsv(page);
      expect(name).toBe('vouchers.csv');
      expect(lines[0]).toBe('Reference Number,Date Last Modified,Date Created,Status');
      expect(lines, 'every voucher of the filter, not one page').toHaveLength(total + 1);
      lines.slice(1, 26).forEach((line, index) => {
        expect(firstPage[index], 'in the screen’s order').toContain(line.split(',')[0]);
      });
    }).toPass();
  });

  test('the reviews inbox: the requests the screen lists, with their ages', async ({ page }) => {
    // Other tests ask for reviews meanwhile: read both again until the screen and its export agree.
    await signInAt(page, '/dashboard/reviews?area=config-maps', 'approver');
    await expect(page.getByRole('heading', { name: 'Reviews', level: 1 }), 'signed in').toBeVisible();
    const summaries = page.getByRole('table', { name: 'Requests to review' }).getByRole('rowheader');
    await expect(async () => {
      await page.reload();
      await expect(summaries.first()).toBeVisible();
      const shown = await summaries.allTextContents();
      const { name, lines } = await exportCsv(page);
      expect(name).toBe('reviews.csv');
      expect(lines[0]).toBe('Kind,Area,Summary,Requested by,When,Age');
      // A map's name may hold a comma: its summary is a quoted cell.
      expect(lines.slice(1).map((line) => cellsOf(line)[2])).toEqual(shown);
      expect(
        lines.slice(1).map((line) => cellsOf(line)[5]),
        'ages in whole seconds',
      ).toEqual(shown.map(() => expect.stringMatching(/^\d+$/)));
    }).toPass();
  });
});
