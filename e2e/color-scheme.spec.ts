import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCHEME_KEY } from './support/axe';
import { SERVED_SHELL } from './support/constants';
import { signIn, signInAt } from './support/session';

// Without a heading: the screen's own level-1 heading (a process's or a map's name).
const SCREENS: { path: string; heading?: string }[] = [
  { path: '/dashboard/home', heading: 'Home' },
  { path: '/dashboard/monitoring/overview', heading: 'Health Overview' },
  { path: '/dashboard/monitoring/node', heading: 'Node View' },
  { path: '/dashboard/load-balancer/services', heading: 'Load Balancer - Services' },
  { path: '/dashboard/load-balancer/services/card-authorisations', heading: 'Card Authorisations' },
  { path: '/dashboard/transactions', heading: 'Transactions' },
  { path: '/dashboard/finance/processes', heading: 'Processes' },
  { path: '/dashboard/finance/processes/1/inbox' },
  { path: '/dashboard/finance/processes/1/results' },
  { path: '/dashboard/finance/processes/1/approvals' },
  { path: '/dashboard/finance/processes/1/settlements' },
  { path: '/dashboard/finance/processes/1/outbox' },
  { path: '/dashboard/finance/jobs', heading: 'Jobs' },
  { path: '/dashboard/finance/audits', heading: 'Audit Log' },
  { path: '/dashboard/finance/outbox', heading: 'Outbox' },
  { path: '/dashboard/config/maps', heading: 'Maps' },
  { path: '/dashboard/config/maps/currency-codes' },
  { path: '/dashboard/config/approvals' },
  { path: '/dashboard/vouchers', heading: 'Vouchers' },
  { path: '/dashboard/admin/users', heading: 'User Management' },
  { path: '/dashboard/admin/roles', heading: 'Role Management' },
  { path: '/dashboard/reviews', heading: 'Reviews' },
];

function scheme(page: Page) {
  return page.locator('html');
}

test.describe('colour scheme', () => {
  test('the header chooses system, light or dark, and the browser remembers it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAt(page, '/dashboard/home', 'operator');
    await expect(scheme(page), 'the system scheme at first').toHaveAttribute(
      'data-mantine-color-scheme',
      'light',
    );
    await page.getByRole('button', { name: 'Colour scheme: System' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.reload();
    await expect(
      page.getByRole('button', { name: 'Colour scheme: Dark' }),
      'remembered across a reload',
    ).toBeVisible();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByRole('button', { name: 'Colour scheme: Dark' }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(scheme(page), 'System follows the system').toHaveAttribute(
      'data-mantine-color-scheme',
      'dark',
    );
  });

  // A few screens a test, so each stays well within its time on a busy machine and they run side by side.
  const SCREENS_A_TEST = 6;
  const groups = Array.from({ length: Math.ceil(SCREENS.length / SCREENS_A_TEST) }, (_, index) =>
    SCREENS.slice(index * SCREENS_A_TEST, (index + 1) * SCREENS_A_TEST),
  );
  for (const mode of ['light', 'dark'] as const) {
    for (const screens of groups) {
      const first = screens[0]?.path ?? '';
      test(`no contrast violation in ${mode} mode on ${first} and the ${screens.length - 1} screens after it`, async ({
        page,
      }) => {
        await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          SCHEME_KEY,
          mode,
        ] as const);
        await page.goto('/login');
        await signIn(page, 'admin');
        await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
        for (const screen of screens) {
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { name: screen.heading, level: 1 }).first()).toBeVisible();
          await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', mode);
          // The served page's heading and loaders gone, so the check sees the screen's content.
          await expect(page.locator(SERVED_SHELL)).toHaveCount(0);
          await expect(page.getByRole('progressbar')).toHaveCount(0);
          const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
          const found = result.violations.flatMap((violation) =>
            violation.nodes.map(
              (node) => `${screen.path}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`,
            ),
          );
          expect(found, `${screen.path} in ${mode} mode`).toEqual([]);
        }
      });
    }
  }
});
