import { expect, test, type Page } from '@playwright/test';
import { IDENTITY_PROVIDER_NAME, OIDC_ISSUER, SSO_BASE_URL } from './support/constants';
import { expectAccessible } from './support/axe';

// These tests use the second platform, which signs users in through the OpenID provider.
test.use({ baseURL: SSO_BASE_URL });

const UNKNOWN_IDENTITY_MESSAGE =
  'No Web Control account matches this sign-in. Ask an administrator to create one.';

/** Signs in on the provider's own (development) login form; any password is accepted there. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page, 'the browser is at the identity provider').toHaveURL(
    new RegExp(`^${OIDC_ISSUER}/interaction/`),
  );
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('single sign-on', () => {
  test('a visit goes through the provider and comes back to the page asked for, signed in', async ({
    page,
  }) => {
    await page.goto('/dashboard/home');
    await signInAtProvider(page, 'admin');
    await expect(page, 'the user lands on the page first asked for').toHaveURL('/dashboard/home');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('banner'), 'signed in as the matching demo user').toContainText(
      'logged in as admin',
    );
    expect(
      await page.evaluate(() => localStorage.getItem('webControl.refreshToken')),
      'the platform’s own tokens are stored',
    ).not.toBeNull();
  });

  test('the login page offers the provider’s button while a returned code is exchanged', async ({ page }) => {
    // Hold the exchange so the page can be seen mid-way.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login/token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard/transactions');
    await signInAtProvider(page, 'admin');
    await expect(page.getByRole('status'), 'a loading indicator shows').toHaveText('Signing you in…');
    await expect(page.getByRole('button', { name: `Sign in with ${IDENTITY_PROVIDER_NAME}` })).toBeVisible();
    release();
    await expect(page).toHaveURL('/dashboard/transactions');
  });

  test('a tampered state lands on /login and forgets the remembered hints', async ({ page }) => {
    // Any page of the console's origin will do to set the flag (the login page would redirect away).
    await page.goto('/api/health');
    await page.evaluate(() => localStorage.setItem('webControl.ssoCompanyHints', 'true'));
    // Change the state on its way to the platform, so the provider returns one this browser never
    // issued; then hold the fresh start that follows at /login (a 204 leaves the page where it is).
    const tamperedState = 'tampered-state-value-0123456789';
    let tampered = false;
    let restarted = false;
    await page.route(
      (url) => url.pathname === '/api/auth/login/auth',
      async (route) => {
        const url = new URL(route.request().url());
        if (url.searchParams.get('state') === tamperedState) return route.continue();
        if (tampered) {
          restarted = true;
          return route.fulfill({ status: 204 });
        }
        tampered = true;
        url.searchParams.set('state', tamperedState);
        return route.fulfill({ status: 302, headers: { location: url.href } });
      },
    );
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login/token')) exchanges.push(request.url());
    });

    await page.goto('/dashboard/home');
    await signInAtProvider(page, 'admin');
    await expect(page, 'the user is sent to /login').toHaveURL(`${SSO_BASE_URL}/login`);
    expect(tampered).toBe(true);
    await expect.poll(() => restarted, { message: 'the login page starts a fresh sign-in' }).toBe(true);
    await expect(page).toHaveURL(`${SSO_BASE_URL}/login`);
    expect(exchanges, 'no code is exchanged for an unknown state').toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('webControl.ssoCompanyHints'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('webControl.refreshToken'))).toBeNull();
  });

  test('an identity unknown to the platform is refused with a clear message', async ({ page }) => {
    await page.goto('/dashboard/home');
    await signInAtProvider(page, 'stranger');
    await expect(page.getByRole('alert'), 'the refusal is explained').toHaveText(UNKNOWN_IDENTITY_MESSAGE);
    await expect(page).toHaveURL(/\/login\?/);
    expect(await page.evaluate(() => localStorage.getItem('webControl.refreshToken'))).toBeNull();
  });

  test('an identity an administrator links by issuer and subject then signs in as that user', async ({
    page,
    browser,
  }) => {
    // An account at the provider without an e-mail: only an administrator's link can let it in.
    const subject = `contractor-${Date.now().toString(36)}`;
    await page.goto('/dashboard/admin/users');
    await signInAtProvider(page, 'admin');
    await page.getByRole('navigation', { name: 'Users' }).getByRole('link', { name: 'support' }).click();
    await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();

    await page.getByRole('button', { name: 'Link identity' }).click();
    await page.getByLabel('Issuer').fill(OIDC_ISSUER);
    await page.getByLabel('Subject').fill(subject);
    await expectAccessible(page, 'the user page with its link form');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const identities = page.getByRole('table', { name: 'Single sign-on' });
    await expect(
      identities.getByRole('row', { name: new RegExp(subject) }),
      'the new link is listed as the administrator’s',
    ).toContainText('Administrator');
    const closeToast = page.getByRole('button', { name: 'Close notification' });
    await expect(closeToast, 'the toast can be closed').toBeVisible();
    // Held under the pointer through both schemes' checks: on a busy machine they outlast its 4 s,
    // and axe found the toast fading out (its text below the contrast it has when shown).
    await closeToast.hover();
    await expectAccessible(page, 'the page with its toast');

    const context = await browser.newContext({ baseURL: SSO_BASE_URL });
    try {
      const other = await context.newPage();
      await other.goto('/dashboard/home');
      await signInAtProvider(other, subject);
      await expect(other.getByRole('banner'), 'the identity signs in as the linked user').toContainText(
        'logged in as support',
      );
    } finally {
      await context.close();
    }

    // Unlinked, the identity is a stranger again (and the demo user is left as it was).
    await identities.getByRole('button', { name: `Unlink ${subject}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    await expect(identities.getByRole('row', { name: new RegExp(subject) })).toHaveCount(0);
  });
});
