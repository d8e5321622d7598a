import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './support/api';
import { waitForMailedLink } from './support/mail';
import { signIn, signInAt } from './support/session';

const NEW_PASSWORD = 'Enrolled-Passw0rd!';
const RESET_PASSWORD = 'Reset-Passw0rd!2';

async function choosePassword(page: Page, password: string, button: string) {
  await expect(page.getByRole('heading', { name: 'Choose a Password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: button }).click();
}

test('an administrator creates a role and a user, who enrols, signs in, follows a role change, resets and is deleted', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // the whole journey of one user, through four sign-ins and two e-mails
  const suffix = Date.now().toString(36);
  const roleName = `Viewers ${suffix}`;
  const username = `viewer.${suffix}`;
  const email = `${username}@bank.example`;

  // A role that may only view transactions.
  await signInAt(page, '/dashboard/admin/roles', 'admin');
  await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Select a role');
  await page.getByRole('link', { name: 'create role' }).click();
  await page.getByLabel('Role name').fill(roleName);
  const viewTransactions = page.getByRole('button', { name: 'VIEW_TRANSACTIONS' });
  await expect(viewTransactions).toHaveAttribute('aria-pressed', 'false');
  await viewTransactions.click();
  await expect(viewTransactions).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: roleName }), 'the new role opens').toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Roles' }).getByRole('link', { name: roleName }),
  ).toBeVisible();

  // A user holding it, who receives an enrolment e-mail.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('status')).toHaveText('Select a user');
  await page.getByRole('link', { name: 'create user' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption({ label: roleName });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: username }), 'the new user opens').toBeVisible();
  await expect(page.getByRole('cell', { name: roleName })).toBeVisible();

  // The user enrols through the link and signs in: only the permitted menu.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  // Before the page loads, so the console's session timers run on the clock the test moves.
  await userPage.clock.install();
  const enrolLink = await waitForMailedLink(email, '/enroll/');
  await userPage.goto(enrolLink);
  await expect(userPage).toHaveTitle('Complete Account | Web Control');
  await choosePassword(userPage, NEW_PASSWORD, 'Set Password');
  await expect(userPage).toHaveURL('/login');
  await expect(userPage.getByRole('status')).toHaveText('Excellent, you can now log in below');
  await expect(userPage.getByLabel('Username')).toHaveValue(username);
  await userPage.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await userPage.getByRole('button', { name: 'Submit' }).click();
  await expect(userPage).toHaveURL('/dashboard/home');
  const menu = userPage.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Transactions', 'Documentation']);

  // The role gains VIEW_VOUCHERS: the signed-in user's menu follows at their next call, no reload.
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const { roles } = (await (await request.get('/api/auth/manage/roles', { headers: auth })).json()) as {
    roles: Array<{ roleId: number; role: string }>;
  };
  const { permissions } = (await (
    await request.get('/api/auth/manage/permissions', { headers: auth })
  ).json()) as { permissions: Array<{ id: number; permission: string }> };
  const permissionIds = permissions
    .filter(({ permission }) => ['VIEW_TRANSACTIONS', 'VIEW_VOUCHERS'].includes(permission))
    .map(({ id }) => ({ id }));
  const roleId = roles.find((role) => role.role === roleName)?.roleId;
  const granted = await request.put(`/api/auth/manage/roles/${roleId}`, {
    headers: auth,
    data: { role: roleName, permissions: permissionIds },
  });
  expect(granted.status(), 'the role gains VIEW_VOUCHERS').toBe(204);
  // The home graphs' next refresh (every 30 s) answers that the permissions changed.
  await userPage.clock.fastForward('00:31');
  await expect(menu.getByRole('link'), 'the menu follows without a reload').toHaveText([
    'Home',
    'Transactions',
    'Vouchers',
    'Documentation',
  ]);

  // The enrolment link works once only.
  const reusedPage = await userContext.newPage();
  await reusedPage.goto(enrolLink);
  await choosePassword(reusedPage, 'Another-Passw0rd!', 'Set Password');
  await expect(reusedPage.getByRole('alert')).toHaveText('This enrolment link has expired');
  await reusedPage.close();

  // A password reset through the e-mailed link.
  const resetPage = await browser.newPage();
  await resetPage.goto('/login');
  await resetPage.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(resetPage.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await resetPage.getByLabel('Email').fill(email);
  await resetPage.getByRole('button', { name: 'Reset Password' }).click();
  await expect(resetPage.getByRole('status')).toHaveText("We've sent you a reset link");
  await resetPage.goto(await waitForMailedLink(email, '/reset/'));
  await choosePassword(resetPage, RESET_PASSWORD, 'Change Password');
  await expect(resetPage.getByRole('status')).toHaveText('Excellent, you can now log in below');
  await signIn(resetPage, username, RESET_PASSWORD);
  await expect(resetPage).toHaveURL('/dashboard/home');
  await resetPage.close();

  // Deleting the user ends their session.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This action is irreversible')).toBeVisible();
  await page.getByRole('button', { name: 'Okay' }).click();
  await expect(page, 'after a delete the app goes to the list').toHaveURL('/dashboard/admin/users');
  await expect(
    page.getByRole('navigation', { name: 'Users' }).getByRole('link', { name: username }),
  ).toHaveCount(0);

  // The home graphs' next refresh (every 30 s) is refused: the deleted user's session is over.
  await userPage.clock.fastForward('00:31');
  await expect(userPage, 'the deleted user is sent to sign in').toHaveURL(/\/login/);
  await userPage.getByLabel('Username').fill(username);
  await userPage.getByLabel('Password', { exact: true }).fill(RESET_PASSWORD);
  await userPage.getByRole('button', { name: 'Submit' }).click();
  await expect(userPage.getByRole('alert')).toHaveText('Incorrect username or password');
  await userContext.close();
});

test('a reset link that was never sent says it has expired', async ({ page }) => {
  await page.goto('/reset/not-a-real-token');
  await expect(page).toHaveTitle('Reset Password | Web Control');
  await choosePassword(page, 'Valid-Passw0rd!', 'Change Password');
  await expect(page.getByRole('alert')).toHaveText('This reset link has expired');
  await page.getByRole('link', { name: 'Take me back to login' }).click();
  await expect(page).toHaveURL('/login');
});

/** Opens `name` in the roles' list, asks to delete it and confirms; gives the failure dialog. */
async function refusedRoleDelete(page: Page, name: string, failureTitle: string) {
  await signInAt(page, '/dashboard/admin/roles', 'admin');
  await page.getByRole('navigation', { name: 'Roles' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Okay' }).click();
  return page.getByRole('dialog', { name: failureTitle });
}

test('deleting oneself is not offered, and says why', async ({ page }) => {
  await signInAt(page, '/dashboard/admin/users', 'admin');
  await page
    .getByRole('navigation', { name: 'Users' })
    .getByRole('link', { name: 'admin', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'admin', level: 2 })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(
    'You cannot delete your own account; ask another administrator',
  );
});

test("deleting a role someone holds is refused with the platform's reason", async ({ page }) => {
  const refusal = await refusedRoleDelete(page, 'Support', 'Failed to delete role');
  await expect(refusal).toContainText(/The role "Support" is held by \d+ users?; give .* another role first/);
  await page.keyboard.press('Escape');
  await expect(refusal).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete' }), 'the focus is back where it was').toBeFocused();
});

test('two administrators edit one role: the second save shows what the first changed', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const roleName = `Shift ${suffix}`;
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/auth/manage/roles', {
    headers: { authorization: `Bearer ${token}` },
    data: { role: roleName, permissions: [] },
  });
  expect(created.status(), 'the role is created through the API').toBe(201);
  const { roleId } = (await created.json()) as { roleId: number };
  const editPath = `/dashboard/admin/roles/${roleId}/edit`;

  // Both open the form before either saves.
  await signInAt(page, editPath, 'admin');
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signInAt(second, editPath, 'admin');
  await expect(page.getByLabel('Role name')).toHaveValue(roleName);
  await expect(second.getByLabel('Role name')).toHaveValue(roleName);

  await page.getByLabel('Role name').fill(`${roleName} (first)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('heading', { name: `${roleName} (first)` }),
    'the first save opens the role',
  ).toBeVisible();

  await second.getByRole('button', { name: 'VIEW_TRANSACTIONS' }).click();
  await second.getByRole('button', { name: 'Save' }).click();
  const conflict = second.getByRole('alert');
  await expect(conflict, 'the second save is refused and says why').toContainText(
    'Someone else changed this role while you were editing.',
  );
  const nameRow = conflict.getByRole('row', { name: /Role name/ });
  await expect(nameRow.getByRole('cell')).toHaveText([`${roleName} (first)`, roleName]);
  await expect(
    second.getByRole('button', { name: 'VIEW_TRANSACTIONS' }),
    'the typed change stays in the form',
  ).toHaveAttribute('aria-pressed', 'true');

  await conflict.getByRole('button', { name: 'Load the current version' }).click();
  await expect(second.getByLabel('Role name')).toHaveValue(`${roleName} (first)`);
  await second.getByRole('button', { name: 'VIEW_TRANSACTIONS' }).click();
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByRole('heading', { name: `${roleName} (first)` })).toBeVisible();
  await expect(second.getByLabel('VIEW_TRANSACTIONS: granted')).toBeVisible();
  await secondContext.close();
});

test('leaving a role form with changes not saved asks first, by a link or the browser’s Back', async ({
  page,
}) => {
  await signInAt(page, '/dashboard/admin/roles', 'admin');
  const roles = page.getByRole('navigation', { name: 'Roles' });
  await roles.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const toggle = page.getByRole('button', { name: 'VIEW_TRANSACTIONS' });
  const pressed = await toggle.getAttribute('aria-pressed');
  await toggle.click();
  const editUrl = page.url();

  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.goBack();
  await expect(question, 'Back asks first').toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(page.url(), 'the form stays').toBe(editUrl);
  await expect(toggle, 'with the change made').not.toHaveAttribute('aria-pressed', pressed ?? '');

  await roles.getByRole('link', { name: 'Administrator', exact: true }).click();
  await expect(question, 'another role in the list asks too').toBeVisible();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { name: 'Administrator', exact: true })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(
    page.getByRole('heading', { name: 'Support', exact: true }),
    'nothing was saved',
  ).toBeVisible();
  await expect(
    page.getByLabel(`VIEW_TRANSACTIONS: ${pressed === 'true' ? 'granted' : 'not granted'}`),
  ).toBeVisible();
});

test('a username as long as the form allows wraps in its heading: the page never scrolls sideways', async ({
  page,
}) => {
  const stamp = `e2e-long-${Date.now().toString(36)}-`;
  const username = stamp + 'y'.repeat(128 - stamp.length);
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, '/dashboard/admin/users/create', 'admin');
  await expect(page.getByRole('heading', { name: 'Create user' })).toBeVisible();
  await expect(page.getByLabel('Role').getByRole('option', { name: 'Support' })).toBeAttached();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${stamp}@example.com`);
  await page.getByLabel('Role').selectOption({ label: 'Support' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: username }), 'the new user opens').toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    'nothing to scroll sideways to',
  ).toBe(0);
});

test('on a phone, choosing a user brings their details into view below the list', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 560 });
  await signInAt(page, '/dashboard/admin/users', 'admin');
  // The list's first user: the click itself needs no scrolling, so the page stays where it was.
  const list = page.getByRole('navigation', { name: 'Users' });
  await list.getByRole('link', { name: 'admin', exact: true }).click();
  const heading = page.getByRole('heading', { name: 'admin', level: 2 });
  await expect(heading, 'the tap shows what it chose').toBeInViewport({ ratio: 1 });
});

/** A user of the Support role made through the API (no password yet), with the admin's headers. */
async function createSupportUser(request: APIRequestContext, prefix: string) {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const username = `${prefix}-${Date.now().toString(36)}`;
  const roles = (await (await request.get('/api/auth/manage/roles', { headers })).json()) as {
    roles: Array<{ roleId: number; role: string }>;
  };
  const roleId = roles.roles.find((role) => role.role === 'Support')?.roleId ?? 0;
  const created = await request.post('/api/auth/manage/users', {
    headers,
    data: { username, email: `${username}@example.com`, msisdn: null, roles: [{ roleId }] },
  });
  expect(created.status(), 'the user is created through the API').toBe(201);
  const { userId } = (await created.json()) as { userId: string };
  return { headers, username, roleId, userId };
}

test('a user locked out by wrong passwords shows as locked until when, and Unlock lets them try again', async ({
  page,
  request,
}) => {
  const { headers, username, userId } = await createSupportUser(request, 'e2e-locked');
  // Ten wrong passwords lock the account (the platform's MAX_FAILED_LOGINS).
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const refused = await request.post('/api/auth/login', { data: { username, password: 'Wrong-guess-1!' } });
    expect(refused.status()).toBe(401);
  }
  await signInAt(page, `/dashboard/admin/users/${userId}`, 'admin');
  const signInRow = page.getByRole('row', { name: /Password sign-in/ });
  await expect(signInRow, 'locked, until when').toContainText(
    /Locked after too many wrong passwords, until \S/,
  );
  await signInRow.getByRole('button', { name: `Unlock ${username}` }).click();
  await expect(page.getByText(`${username} can sign in with their password again.`), 'a toast').toBeVisible();
  await expect(signInRow, 'the row reads the lock again').toHaveText(/Not locked$/);
  const lock = await request.get(`/api/auth/manage/users/${userId}/sign-in-lock`, { headers });
  expect(await lock.json(), 'the platform holds no lock').toEqual({ lockedUntil: null, failedAttempts: 0 });
});

test('on a phone, a user edit that someone else saved first shows what they changed within the screen', async ({
  page,
  request,
}) => {
  const { headers, username, roleId, userId } = await createSupportUser(request, 'e2e-conflict');
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAt(page, `/dashboard/admin/users/${userId}/edit`, 'admin');
  await expect(page.getByLabel('Email')).toHaveValue(`${username}@example.com`);
  const changed = await request.put(`/api/auth/manage/users/${userId}`, {
    headers,
    data: {
      username,
      email: `someone.else.with.a.long.address.${username}@example.com`,
      msisdn: '+27820000001',
      roles: [{ roleId }],
    },
  });
  expect(changed.status(), 'someone else saves first').toBe(204);
  await page.getByLabel('Mobile number').fill('+27 82 999 9999');
  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('alert');
  await expect(conflict).toContainText('Someone else changed this user while you were editing.');
  await expect(conflict.getByRole('row', { name: /Email/ }).getByRole('cell')).toHaveText([
    `someone.else.with.a.long.address.${username}@example.com`,
    `${username}@example.com`,
  ]);
  expect(
    await conflict.evaluate((alert) => alert.scrollWidth - alert.clientWidth),
    'the panel holds its table',
  ).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    'nothing to scroll sideways to',
  ).toBe(0);
});
