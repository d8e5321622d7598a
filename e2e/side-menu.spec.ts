import { expect, test } from '@playwright/test';
import { signInAt } from './support/session';

test.describe('side menu', () => {
  test('on a narrow screen it opens, and closes after 400 ms when a link is followed', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await signInAt(page, '/dashboard/home', 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle, 'the layout is drawn').toBeVisible();
    // Off the screen until opened, the menu is not drawn before.
    await expect(menu, 'the menu starts closed').toHaveCount(0);
    await toggle.click();
    await expect(menu).toBeInViewport();
    await expect(page.locator('main'), 'the screen under the menu is out of reach').toHaveAttribute(
      'inert',
      '',
    );

    const clickedAt = Date.now();
    await menu.getByRole('link', { name: 'Transactions' }).click();
    await expect(toggle, 'the keyboard goes on from the menu’s button').toBeFocused();
    await expect(page).toHaveURL('/dashboard/transactions');
    expect(Date.now() - clickedAt, 'navigation waited for the menu to close').toBeGreaterThanOrEqual(400);
    await expect(menu, 'navigation closed the menu').not.toBeInViewport();
  });

  test('a narrow window made wide draws the menu beside the screen', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await signInAt(page, '/dashboard/home', 'admin');
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(menu).toBeInViewport();
  });

  test('on a wide screen it can be hidden and shown again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAt(page, '/dashboard/home', 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeInViewport();
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect(menu).not.toBeInViewport();

    // From the header's last control, Tab goes on into the screen, not into the menu off the screen.
    await page.getByText('logged in as').click();
    const inMenu: boolean[] = [];
    for (let tab = 0; tab < 10; tab += 1) {
      await page.keyboard.press('Tab');
      inMenu.push(await page.evaluate(() => document.activeElement?.closest('nav') != null));
    }
    expect(inMenu, 'no Tab reaches a link of the hidden menu').not.toContain(true);

    await page.getByRole('button', { name: 'Show menu' }).click();
    await expect(menu).toBeInViewport();
    await expect(
      menu.getByRole('link', { name: 'Transactions' }),
      'shown again, it takes the keyboard',
    ).toBeVisible();
  });

  test('Finance offers its processes, outbox, audit log and jobs', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAt(page, '/dashboard/home', 'finance-approver');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const finance = menu.getByRole('button', { name: 'Finance' });
    await expect(finance, 'closed away from finance').toHaveAttribute('aria-expanded', 'false');
    await finance.focus();
    await page.keyboard.press('Enter');
    await expect(finance, 'the keyboard opens it').toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: /^(Processes|Outbox|Audit Log|Jobs)$/ })).toHaveText([
      'Processes',
      'Outbox',
      'Audit Log',
      'Jobs',
    ]);
    await menu.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/finance\/audits/);
    await expect(menu.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Jobs' }).click();
    await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  });

  test('ctrl/meta-click is left to the browser: a new tab opens and this page stays', async ({
    page,
    context,
  }) => {
    await signInAt(page, '/dashboard/home', 'admin');
    const newPage = context.waitForEvent('page');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Transactions' })
      .click({ modifiers: ['ControlOrMeta'] });
    await expect(await newPage).toHaveURL(/\/dashboard\/transactions/);
    await expect(page).toHaveURL('/dashboard/home');
  });

  test('once a newer build is served, menu navigation loads the page in full', async ({ page }) => {
    await page.route('**/version.json', (route) => route.fulfill({ json: { buildId: 'a-newer-build' } }));
    await signInAt(page, '/dashboard/home', 'admin');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    // Coming back to the tab asks for the served build (as does a check every minute).
    const versionChecked = page.waitForResponse('**/version.json');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await versionChecked;
    const fullLoad = page.waitForEvent('load');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await fullLoad;
    await expect(page).toHaveURL('/dashboard/transactions');
  });
});
