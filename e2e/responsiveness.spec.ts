import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAt } from './support/session';

const MANIFEST_PATH = new URL('../apps/console/dist/.vite/manifest.json', import.meta.url);
const RECEIVER_MODALS_SOURCE = 'src/features/load-balancer/components/receiver-modals.tsx';
const EFT_PATH = '/dashboard/load-balancer/services/eft-payments';
const LOADER_IN_DIALOG = '[role="dialog"] [aria-label="Loading"], [role="dialog"] [role="progressbar"]';
const LOADER_SEEN = 'loaderSeenInDialog';

/** The built file that holds a source module (the build's manifest names it). */
function builtChunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return entry.file;
}

test('a confirmation modal opens with its content at once, never a loader', async ({ page }) => {
  const chunk = builtChunkOf(RECEIVER_MODALS_SOURCE);
  const chunkLoaded = page.waitForResponse((response) => response.url().endsWith(chunk));
  // Records a loader inside a dialog the moment one is inserted, however briefly it stays.
  await page.addInitScript(
    ({ selector, flag }) => {
      Reflect.set(window, flag, false);
      new MutationObserver(() => {
        if (document.querySelector(selector)) Reflect.set(window, flag, true);
      }).observe(document, { childList: true, subtree: true });
    },
    { selector: LOADER_IN_DIALOG, flag: LOADER_SEEN },
  );
  await signInAt(page, EFT_PATH, 'admin');
  const bankserv = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'BankservAfrica EFT', exact: true }) });
  await expect(bankserv.getByRole('switch', { name: 'Active' })).toBeChecked();
  await chunkLoaded;

  await bankserv.getByRole('switch', { name: 'Active' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(dialog.getByRole('heading', { name: 'Are You Sure?' })).toBeVisible();
  await expect(dialog, 'the dialog shows its question').toContainText('Disable BankservAfrica EFT?');
  expect(
    await page.evaluate((flag) => Reflect.get(window, flag) as boolean, LOADER_SEEN),
    'no loader showed',
  ).toBe(false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(bankserv.getByRole('switch', { name: 'Active' }), 'Cancel changes nothing').toBeChecked();
});

const SIGNED_IN_SCREENS = [
  '/dashboard/transactions',
  '/dashboard/load-balancer/services',
  '/dashboard/finance/processes',
  '/dashboard/finance/processes/1/results',
  '/dashboard/config/maps',
  '/dashboard/vouchers',
  '/dashboard/admin/users',
];

for (const path of SIGNED_IN_SCREENS) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await signInAt(page, path, 'admin');
    // The sign-in page's own heading is a level-1 heading too: wait until the screen has replaced it.
    await expect(page.getByRole('heading', { name: 'Login' }), 'signed in').toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByLabel(/^Loading/), 'the screen has loaded').toHaveCount(0);
    await expectAccessible(page, path);
  });
}
