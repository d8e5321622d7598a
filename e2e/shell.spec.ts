import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { signInAt } from './support/session';

test.describe('shell', () => {
  test('shows the client name, support and guide links, the user and the footer', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    const header = page.getByRole('banner');
    await expect(header.getByText('E2E Bank')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'https://support.example/',
    );
    await expect(header.getByRole('link', { name: 'User Guide' })).toHaveAttribute(
      'href',
      'https://guide.example/',
    );
    await expect(header).toContainText('logged in as admin');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('v1.22.0');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('All rights reserved');
  });

  test('on a phone the header holds the client name, Search, the links and the user on a line or two each', async ({
    page,
  }) => {
    // The demo's own client name, longer than the tests' "E2E Bank".
    await page.route('**/config.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace('E2E Bank', 'Web Control Demo'),
      });
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await signInAt(page, '/dashboard/home', 'admin');
    const header = page.getByRole('banner');
    const lineCount = (locator: Locator) =>
      locator.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
    await expect(header.getByText('Web Control Demo')).toBeVisible();
    expect(await lineCount(header.getByText('Web Control Demo')), 'the client name').toBeLessThanOrEqual(2);
    const user = header.getByText('logged in as');
    await expect(user).toHaveText('logged in as admin');
    expect(await lineCount(user), '"logged in as", then the name under it').toBe(2);
    // Beside them the Search button is a magnifier, and still opens the palette.
    const search = header.getByRole('button', { name: 'Search' });
    await expect(search).toHaveText('');
    await search.click();
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  });

  test('the palette, closed with Escape, leaves the keyboard where it was opened from', async ({ page }) => {
    await signInAt(page, '/dashboard/vouchers', 'operator');
    const reference = page.getByRole('textbox', { name: 'Voucher Reference Number' });
    await reference.click();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    // The first time loads the palette; the second opens it as it is.
    for (const time of ['first', 'second']) {
      await page.keyboard.press('Control+K');
      await expect(palette).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();
      await expect(reference, `the ${time} time`).toBeFocused();
    }
    // A choice goes to its screen: the header's Search, which opened it, does not take the focus back.
    const search = page.getByRole('banner').getByRole('button', { name: /^Search/ });
    await search.click();
    await palette.getByRole('textbox').fill('Load Balancer');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Load Balancer', level: 1 });
    await expect(heading).toBeVisible();
    await expect(palette).toBeHidden();
    await expect(search).not.toBeFocused();
    await expect(heading, 'the keyboard goes on from the screen chosen').toBeFocused();
  });

  test('the first Tab offers Skip to content, which takes the keyboard past the header and menu', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/config/maps', 'operator');
    await expect(page.getByRole('button', { name: 'Create Map' })).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip, 'seen once reached').toBeInViewport();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus'), 'the next stop is in the screen').toHaveCount(1);
  });

  test('Refresh pressed from the keyboard has the focus back once its refresh has finished', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/vouchers', 'operator');
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    // The list's next answer waits for the test, so the busy Refresh is seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/moneytransfer/orders?**', async (route) => {
      await released;
      await route.continue();
    });
    await refresh.focus();
    await page.keyboard.press('Enter');
    await expect(refresh, 'busy while the list reloads').toBeDisabled();
    await expect(page.locator('body'), 'the browser drops the focus of a disabled button').toBeFocused();
    release();
    await expect(refresh).toBeEnabled();
    await expect(refresh).toBeFocused();
  });

  test('an administrator sees every menu entry', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const entry of [
      'Home',
      'Monitoring',
      'Load Balancer',
      'Transactions',
      'Vouchers',
      'Finance',
      'Configure',
      'User Management',
      'Documentation',
      'Logout',
    ]) {
      await expect(menu.getByText(entry, { exact: true }), `${entry} is in the menu`).toBeVisible();
    }
  });

  test('a user without a permission does not see its entry and is turned away from its route', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/home', 'support');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Transactions' })).toBeVisible();
    await expect(menu.getByText('User Management'), 'support may not manage users').toHaveCount(0);

    // The page's early call would be refused, and audited as the user's: it is not made.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await page.goto('/dashboard/admin/users');
    await expect(page, 'the guarded route sends the user to /login').toHaveURL(/\/login/);
    await expect(page.getByRole('status')).toContainText('Your account may not open the page you asked for');
    expect(refused, 'nothing was asked that the platform refuses').toEqual([]);
  });

  test('menu links navigate inside the console', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Load Balancer' })
      .click();
    await expect(page).toHaveURL('/dashboard/load-balancer/services');
    await expect(page.getByRole('heading', { name: 'Load Balancer - Services' })).toBeVisible();
  });

  test('the redirects of the specification', async ({ page }) => {
    await signInAt(page, '/', 'admin');
    await expect(page, '/ goes to the default path').toHaveURL('/dashboard/home');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard/home');
    await page.goto('/dashboard/monitoring');
    await expect(page).toHaveURL('/dashboard/monitoring/overview');
    await page.goto('/dashboard/load-balancer');
    await expect(page).toHaveURL('/dashboard/load-balancer/services');
    await page.goto('/dashboard/admin');
    await expect(page).toHaveURL('/dashboard/admin/users');
    await page.goto('/dashboard/finance');
    await expect(page).toHaveURL('/dashboard/finance/processes');
    await page.goto('/dashboard/config');
    await expect(page).toHaveURL('/dashboard/config/maps');
  });

  test('the Documentation entry opens the documentation in a new tab', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    const popup = page.waitForEvent('popup');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Documentation' })
      .click();
    const documentation = await popup;
    await expect(documentation).toHaveURL(/\/api\/docs/);
    await documentation.close();

    const reopened = page.waitForEvent('popup');
    await page.goto('/dashboard/documentation');
    await expect(page, 'the documentation route goes home').toHaveURL('/dashboard/home');
    await expect(await reopened, 'and opens the documentation').toHaveURL(/\/api\/docs/);
  });

  test('without a support address the Support link and Not Found lead to the documentation', async ({
    page,
  }) => {
    // The deployment names no support address: /config.js as the platform writes it without SUPPORT_URL.
    await page.route('**/config.js', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/\s*"supportUrl": "[^"]*",?/, '');
      await route.fulfill({ response, body });
    });
    await signInAt(page, '/dashboard/home', 'admin');
    const header = page.getByRole('banner');
    await expect(
      header.getByRole('link', { name: 'Support' }),
      'the header always has Support',
    ).toHaveAttribute('href', '/api/docs');
    await page.goto('/dashboard/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/api/docs');
  });

  test('an unknown address shows the Not Found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText(
        "We unfortunately couldn't find the page you're looking for. Please contact support if this is unexpected.",
      ),
    ).toBeVisible();
    await expect(page).toHaveTitle('Not Found | Web Control');
  });

  test('an address the files refuse shows the Not Found page, whose support link reads in dark mode', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const address of ['/dashboard//transactions', '/no/such/%00']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Page Not Found' }), address).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'contact support' })).toBeVisible();
    const result = await new AxeBuilder({ page })
      .withRules(['link-in-text-block', 'color-contrast'])
      .analyze();
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('an unknown address under /dashboard links back to the start page', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    await expect(page.getByRole('heading', { name: 'Home' }), 'signed in').toBeVisible();
    await page.goto('/dashboard/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the start page' }).click();
    await expect(page, 'the link goes to the default path').toHaveURL('/dashboard/home');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  });

  test('an area whose chunk fails to load shows the error page, and Reload brings the screen back', async ({
    page,
  }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    const chunk = '**/assets/area-load-balancer-*.js';
    await page.route(chunk, (route) => route.abort('failed'));
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Load Balancer' }).click();

    await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    await expect(
      page.getByText(
        'Something went wrong while loading or showing this page. Reload to try again; if it keeps happening, please contact support.',
      ),
    ).toBeVisible();
    await expect(page).toHaveTitle('Something went wrong | Web Control');
    await expect(menu, 'the page stays inside the dashboard layout').toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute(
      'href',
      '/dashboard/home',
    );
    await expect(page.getByRole('button', { name: 'Back to the previous page' })).toBeVisible();

    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL('/dashboard/load-balancer/services');
    await expect(
      page.getByRole('heading', { name: 'Load Balancer - Services' }),
      'the reloaded page loads the chunk',
    ).toBeVisible();
  });

  test('without its configuration the console says so', async ({ page }) => {
    await page.route('**/config.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/login');
    await expect(page.getByRole('alert')).toContainText(
      'The configuration for this console cannot be found. Please contact support.',
    );
  });

  test('toasts appear at the top centre with a close button', async ({ page }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, json: {} }));
    const logout = page.getByRole('button', { name: 'Logout' });
    const toast = page.getByRole('alert').filter({ hasText: 'Logout failed, please contact support.' });
    await logout.click();
    await expect(toast).toBeVisible();
    // Held under the pointer while it is measured: a toast closes itself after 4 s, and on a busy
    // machine the checks below can outlast that.
    await toast.hover();

    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y < viewport.height / 3, 'the toast is at the top').toBeTruthy();
    const newestFirst = await toast.evaluate((element) => {
      const list = element.parentElement?.closest('[data-position="top-center"] > div');
      return list ? getComputedStyle(list).flexDirection : 'missing';
    });
    expect(newestFirst, 'the newest toast is drawn on top').toBe('column-reverse');

    // A second one from the keyboard (the pointer stays), then one closed by its own button at once.
    await logout.press('Enter');
    await expect(toast).toHaveCount(2);
    await toast.first().getByRole('button').click();
    await expect(toast).toHaveCount(1);
  });
});
