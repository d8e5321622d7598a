import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken } from './support/api';
import { expectAccessible } from './support/axe';
import { FOUR_EYES_BASE_URL, FOUR_EYES_DATA_DIR, SECOND_ADMIN } from './support/constants';
import { waitForMailedLink } from './support/mail';
import { signInAt } from './support/session';

// These tests use the platform started with FOUR_EYES=load-balancer,admin.
test.use({ baseURL: FOUR_EYES_BASE_URL });
// Each test signs in twice on its own platform and runs axe in both schemes: on a busy CI machine
// one took more than 140 s (14 s on a quiet one).
test.describe.configure({ timeout: 240_000 });

async function signedIn(browser: Browser, path: string, username: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: FOUR_EYES_BASE_URL })).newPage();
  await signInAt(page, path, username);
  return page;
}

test('FOUR_EYES=admin: a new user is sent for review, another administrator approves it from the inbox, and only then the user exists', async ({
  browser,
}) => {
  const username = `asked.${Date.now().toString(36)}`;
  const email = `${username}@bank.example`;
  const summary = `Create user ${username}`;

  const maker = await signedIn(browser, '/dashboard/admin/users/create', 'admin');
  await expect(maker.getByRole('heading', { name: 'Create user' })).toBeVisible();
  await expect(maker.getByLabel('Role').getByRole('option', { name: 'Support' })).toBeAttached();
  await maker.getByLabel('Username').fill(username);
  await maker.getByLabel('Email').fill(email);
  await maker.getByLabel('Role').selectOption({ label: 'Support' });
  await maker.getByRole('button', { name: 'Save' }).click();
  await expect(maker.getByText('Sent for review')).toBeVisible();
  await expect(maker, 'back at the list, which has not changed').toHaveURL('/dashboard/admin/users');
  await expect(maker.getByRole('status')).toHaveText('Select a user');
  const users = maker.getByRole('navigation', { name: 'Users' });
  await expect(users.getByRole('link', { name: 'admin', exact: true })).toBeVisible();
  await expect(users.getByRole('link', { name: username })).toHaveCount(0);

  await maker.goto('/dashboard/reviews?area=admin');
  await expect(maker.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(
    maker
      .getByText('No request waiting for your review matches the filters.')
      .or(maker.getByRole('table', { name: 'Requests to review' })),
  ).toBeVisible();
  await expect(maker.getByRole('rowheader', { name: summary }), 'never one’s own').toHaveCount(0);

  const checker = await signedIn(browser, '/dashboard/reviews?area=admin', SECOND_ADMIN);
  const row = checker
    .getByRole('table', { name: 'Requests to review' })
    .getByRole('row')
    .filter({ has: checker.getByRole('rowheader', { name: summary }) });
  await expect(row.getByRole('cell', { name: 'Create user', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'User Management', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await row.getByRole('link', { name: `Open ${summary}` }).click();

  await expect(checker).toHaveURL(/\/dashboard\/admin\/reviews\//);
  await expect(checker.getByRole('heading', { name: 'User Management review' })).toBeVisible();
  const changes = checker.getByRole('table', { name: 'Requested changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'Email' })).toContainText(email);
  await expect(changes.getByRole('row').filter({ hasText: 'Role' })).toContainText('Support');
  await expectAccessible(checker, 'the user change review');

  await checker.getByRole('button', { name: 'Approve' }).click();
  const dialog = checker.getByRole('dialog', { name: 'Approve' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Known to the bank');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText('Change approved and made.')).toBeVisible();
  await expect(checker, 'the decision returns to the inbox as it was').toHaveURL(
    /\/dashboard\/reviews\?area=admin$/,
  );
  await expect(checker.getByRole('rowheader', { name: summary }), 'decided, it leaves the inbox').toHaveCount(
    0,
  );

  // Made on approval: the user is listed, and their enrolment e-mail went out.
  expect(await waitForMailedLink(email, '/enroll/', FOUR_EYES_DATA_DIR)).toMatch(/^\/enroll\//);
  await maker.goto('/dashboard/admin/users');
  await expect(
    maker.getByRole('navigation', { name: 'Users' }).getByRole('link', { name: username }),
  ).toBeVisible();
});

test('FOUR_EYES=load-balancer: a weight change is sent for review and made once another user approves it', async ({
  browser,
}) => {
  const servicePath = '/dashboard/load-balancer/services/airtime-vending';
  const summary = 'Set the weight of Cell C Airtime (airtime-vending) to 400';
  const maker = await signedIn(browser, servicePath, 'operator');
  const cellC = maker
    .getByRole('table', { name: 'Receivers' })
    .getByRole('row')
    .filter({ has: maker.getByRole('rowheader', { name: 'Cell C Airtime', exact: true }) });
  await cellC.getByRole('button', { name: 'Edit weight of Cell C Airtime' }).click();
  const dialog = maker.getByRole('dialog', { name: 'Adjust the weight of Cell C Airtime' });
  await dialog.getByRole('textbox', { name: 'Weight' }).fill('400');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(maker.getByText('Sent for review')).toBeVisible();
  await expect(
    cellC.getByRole('cell', { name: '250', exact: true }),
    'unchanged until approved',
  ).toBeVisible();

  const checker = await signedIn(browser, '/dashboard/reviews?area=load-balancer', 'admin');
  await checker.getByRole('link', { name: `Open ${summary}` }).click();
  await expect(checker.getByRole('heading', { name: 'Receiver change review' })).toBeVisible();
  await checker.getByRole('button', { name: 'Approve' }).click();
  const approve = checker.getByRole('dialog', { name: 'Approve' });
  await approve.getByRole('textbox', { name: 'Comment' }).fill('Cell C has the capacity');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(checker).toHaveURL(/\/dashboard\/reviews\?area=load-balancer$/);

  await maker.reload();
  await expect(cellC.getByRole('cell', { name: '400', exact: true }), 'made on approval').toBeVisible();
});

test('FOUR_EYES=load-balancer: disabling a receiver is sent for review; rejected, the receiver stays active', async ({
  browser,
}) => {
  const servicePath = '/dashboard/load-balancer/services/airtime-vending';
  const summary = 'Deactivate Vodacom Airtime (airtime-vending)';
  const maker = await signedIn(browser, servicePath, 'operator');
  const vodacom = maker
    .getByRole('table', { name: 'Receivers' })
    .getByRole('row')
    .filter({ has: maker.getByRole('rowheader', { name: 'Vodacom Airtime', exact: true }) });
  await vodacom.getByRole('switch', { name: 'Active' }).click();
  await maker.getByRole('dialog', { name: 'Are You Sure?' }).getByRole('button', { name: 'Okay' }).click();
  await expect(maker.getByText('Sent for review')).toBeVisible();
  await expect(vodacom.getByRole('switch', { name: 'Active' }), 'active until approved').toBeChecked();

  const checker = await signedIn(browser, '/dashboard/reviews?area=load-balancer', 'admin');
  await checker.getByRole('link', { name: `Open ${summary}` }).click();
  await expect(checker.getByRole('heading', { name: 'Receiver change review' })).toBeVisible();
  await expectAccessible(checker, 'the receiver change review');
  await checker.getByRole('button', { name: 'Reject' }).click();
  const reject = checker.getByRole('dialog', { name: 'Reject' });
  await reject.getByRole('textbox', { name: 'Comment' }).fill('Vodacom carries the evening peak');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(checker.getByText('Change rejected.')).toBeVisible();
  await expect(checker).toHaveURL(/\/dashboard\/reviews\?area=load-balancer$/);
  await expect(
    checker.getByRole('link', { name: `Open ${summary}` }),
    'decided, it leaves the inbox',
  ).toHaveCount(0);

  await maker.reload();
  await expect(vodacom.getByRole('switch', { name: 'Active' }), 'rejected, nothing changed').toBeChecked();
});

test('FOUR_EYES=admin: a role’s change is sent for review and made once another administrator approves it', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const listed = await request.get('/api/auth/manage/roles', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { roles } = (await listed.json()) as { roles: { roleId: number; role: string }[] };
  const support = roles.find((role) => role.role === 'Support');
  if (support === undefined) throw new Error('The demo has no Support role');

  const maker = await signedIn(browser, `/dashboard/admin/roles/${support.roleId}/edit`, 'admin');
  await expect(maker.getByLabel('Role name')).toHaveValue('Support');
  const permission = maker.getByRole('button', { name: 'VIEW_PROCESSES' });
  const granted = (await permission.getAttribute('aria-pressed')) === 'true';
  await permission.click();
  await maker.getByRole('button', { name: 'Save' }).click();
  await expect(maker.getByText('Sent for review')).toBeVisible();

  const checker = await signedIn(browser, '/dashboard/reviews?area=admin', SECOND_ADMIN);
  await checker.getByRole('link', { name: 'Open Change role Support' }).click();
  await expect(checker.getByRole('heading', { name: 'User Management review' })).toBeVisible();
  await expect(
    checker
      .getByRole('table', { name: 'Requested changes' })
      .getByRole('row')
      .filter({ hasText: 'Permissions' }),
  ).toContainText('VIEW_PROCESSES');
  await expectAccessible(checker, 'the role change review');
  await checker.getByRole('button', { name: 'Approve' }).click();
  const approve = checker.getByRole('dialog', { name: 'Approve' });
  await approve.getByRole('textbox', { name: 'Comment' }).fill('Support reads the processes');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText('Change approved and made.')).toBeVisible();

  await maker.goto(`/dashboard/admin/roles/${support.roleId}/edit`);
  await expect(maker.getByRole('button', { name: 'VIEW_PROCESSES' }), 'made on approval').toHaveAttribute(
    'aria-pressed',
    granted ? 'false' : 'true',
  );
});
