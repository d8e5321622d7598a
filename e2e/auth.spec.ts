import { expect, test } from '@playwright/test';
import { signIn, signInAt } from './support/session';
import { expectAccessible } from './support/axe';

test.describe('sign-in', () => {
  test('an unauthenticated visit goes to /login and lands on the requested page after login', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/transactions', 'admin');
    await expect(page, 'the user lands on the page first asked for').toHaveURL('/dashboard/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    await expect(page).toHaveTitle('Transactions | Web Control');
  });

  test('a wrong password says so and keeps the user on /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'admin', 'not-the-password');
    await expect(page.getByRole('alert'), 'the failure is explained').toHaveText(
      'Incorrect username or password',
    );
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unknown user gets exactly the same answer as a wrong password', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'nobody-here', 'whatever-Passw0rd!');
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
  });

  test('the login form explains missing fields and keeps Submit disabled', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login | Web Control');
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByLabel('Username').focus();
    await expect(page.getByText('Please enter a valid username')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    await expect(page.getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'https://support.example/',
    );
    await expectAccessible(page, 'the login page');
  });

  test('a console left alone warns after 14 minutes and signs out after 15', async ({ page }) => {
    await page.clock.install();
    await signInAt(page, '/dashboard/admin/users', 'admin');
    const users = page.getByRole('navigation', { name: 'Users' });
    await expect(users).toBeVisible();
    const warning = page.getByText('Are you still there?');
    await page.clock.fastForward('14:05');
    await expect(warning, 'a minute before the end the user is warned').toBeVisible();
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    await expect(warning, 'using the console takes the warning back').toBeHidden();
    await page.clock.fastForward('15:05');
    await expect(page, 'after 15 idle minutes the console signs out').toHaveURL(
      '/login?from=%2Fdashboard%2Fadmin%2Fusers',
    );
    await expect(page.getByRole('status')).toHaveText(
      'You were signed out after 15 minutes without activity',
    );
    expect(await page.evaluate(() => localStorage.getItem('webControl.refreshToken'))).toBeNull();
    await signIn(page, 'admin');
    await expect(users, 'signing in again opens the screen the user left').toBeVisible();
  });

  test('logout ends the session', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page, 'logout goes to /login').toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('webControl.refreshToken'))).toBeNull();
    await page.goto('/dashboard/home');
    await expect(page, 'the session is gone').toHaveURL(/\/login/);
  });

  test('a failed logout tells the user to contact support', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, json: { errorMessage: 'Boom', code: 'INTERNAL_ERROR' } }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logout failed, please contact support.')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/home');
  });

  test('a session whose refresh token was revoked ends at /login', async ({ page, request }) => {
    await page.clock.install();
    await signInAt(page, '/dashboard/home', 'support');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    const refreshToken = await page.evaluate(() => localStorage.getItem('webControl.refreshToken'));
    const revoked = await request.post('/api/auth/logout', { data: { refresh_token: refreshToken } });
    expect(revoked.status()).toBe(204);

    // Five minutes later the access token is near its end; the refresh is refused.
    await page.clock.fastForward('05:00');
    await expect(page, 'the user is sent to sign in again').toHaveURL(/\/login\?from=%2Fdashboard%2Fhome/);
    expect(await page.evaluate(() => localStorage.getItem('webControl.accessToken'))).toBeNull();
  });

  test('a session stays alive by refreshing its token before it expires', async ({ page }) => {
    await page.clock.install();
    await signInAt(page, '/dashboard/home', 'support');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    const first = await page.evaluate(() => localStorage.getItem('webControl.refreshToken'));
    await page.clock.fastForward('04:40');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('webControl.refreshToken')), {
        message: 'the token pair was rotated',
      })
      .not.toBe(first);
    await expect(page).toHaveURL('/dashboard/home');
  });

  test('an access token the console cannot read is refreshed, not a reason to sign in again', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/home', 'support');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('webControl.accessToken', 'garbage.garbage.garbage'));
    const refreshed = page.waitForResponse('**/api/auth/refresh-token');
    await page.goto('/dashboard/transactions');
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Transactions' }), 'still signed in').toBeVisible();
    await expect(page).toHaveURL('/dashboard/transactions');
  });

  test('another user signing in on another tab: this tab opens again as them, dropping what was typed, and says so', async ({
    context,
    page,
  }) => {
    await signInAt(page, '/dashboard/load-balancer/services/eft-payments', 'operator');
    await page
      .getByRole('button', { name: /^Edit weight of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Adjust the weight of / });
    await dialog.getByRole('textbox', { name: 'Weight' }).fill('101');

    const other = await context.newPage();
    await other.goto('/login');
    await signIn(other, 'admin');
    await expect(other.getByText('logged in as admin')).toBeVisible();

    await expect(
      page.getByText(
        'admin signed in on another tab of this browser, so this tab now works as admin. Anything typed here as operator and not saved was dropped.',
      ),
    ).toBeVisible();
    await expect(dialog, 'the weight operator typed cannot be saved as admin').toBeHidden();
    await expect(page.getByText('logged in as admin')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/load-balancer/services/eft-payments');
  });
});
