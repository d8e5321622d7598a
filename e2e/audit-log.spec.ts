import { expect, test } from '@playwright/test';
import { signInAt } from './support/session';

// Issue 22, point 21: an action is two rows of the audit log (specification 2: its request,
// REGISTERED and 'Unreviewed', then its outcome); both name the action, so the pair is plain.
test("an action's request and its outcome name the same action", async ({ page }) => {
  await signInAt(page, '/dashboard/finance/audits', 'finance-approver');
  const table = page.getByRole('table', { name: 'Audit Log' });
  // The demo feeds load in the background after the platform starts: ask again until one is there.
  const requests = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'system', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: 'Registered', exact: true }) });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return requests.count();
      },
      { message: 'a demo feed file loaded by system', timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBeGreaterThan(0);
  const event = (await requests.first().getByRole('cell').first().textContent()) ?? '';
  const reference = /action [0-9a-f]{6}$/.exec(event)?.[0];
  expect(reference, 'the request names its action').toBeDefined();
  const pair = table.getByRole('row').filter({ hasText: reference ?? '' });
  await expect(pair, 'the request and its outcome').toHaveCount(2);
  await expect(pair.getByRole('cell', { name: 'Unreviewed', exact: true })).toHaveCount(1);
  await expect(pair.getByRole('cell', { name: /^(Success|Failed)$/ })).toHaveCount(1);
});

// A card number typed as the user is never searched: the field says why, and the list waits
// rather than show every user's entries as though it had been filtered.
test('a card number typed as the user is refused at the field, and the list waits for a name', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/finance/audits', 'finance-approver');
  const table = page.getByRole('table', { name: 'Audit Log' });
  await expect(table.or(page.getByText('No log entries found'))).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/recon/actions/audits')) asked.push(request.url());
  });
  const user = page.getByRole('textbox', { name: 'User' });
  await user.fill('4111 1111 1111 1111');
  await expect(user).toHaveAccessibleDescription('A card number is never searched: give a name.');
  await expect(page.getByText('Correct or clear User to see the audit log.')).toBeVisible();
  await expect(table).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  await user.fill('system');
  await expect(table.or(page.getByText('No log entries found'))).toBeVisible();
  expect(asked.length, 'the name is asked for').toBeGreaterThan(0);
  expect(asked.join(' '), 'the card number never is').not.toMatch(/4111/);
});
