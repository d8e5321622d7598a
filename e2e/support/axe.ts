import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SERVED_SHELL } from './constants';

/** Mantine's own key for the colour scheme it keeps in local storage. */
export const SCHEME_KEY = 'mantine-color-scheme-value';

type Scheme = 'light' | 'dark';

function shownScheme(page: Page): Promise<Scheme> {
  return page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light',
  );
}

/**
 * Chooses a scheme as the header's toggle would, without a reload (an open row or dialog stays):
 * Mantine's local-storage manager follows a storage event, as it does for another tab's choice.
 */
async function chooseScheme(page: Page, value: string): Promise<void> {
  await page.evaluate(
    ([key, next]) => {
      window.localStorage.setItem(key, next);
      window.dispatchEvent(
        new StorageEvent('storage', { key, newValue: next, storageArea: window.localStorage }),
      );
    },
    [SCHEME_KEY, value] as const,
  );
}

function violationsOf(result: Awaited<ReturnType<AxeBuilder['analyze']>>) {
  return result.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/**
 * Axe finds nothing on the screen as it is, then nothing in the other colour scheme (the console
 * is drawn for both, issue 25); the user's own choice is put back after.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  scope: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
): Promise<void> {
  // Each pass takes seconds on a busy machine: the second is given its own time.
  test.info().setTimeout(test.info().timeout + 20_000);
  await expect(
    page.locator(SERVED_SHELL),
    'the console has drawn the screen over the served page',
  ).toHaveCount(0);
  expect(violationsOf(await scope(new AxeBuilder({ page })).analyze()), `${what} passes axe`).toEqual([]);
  const chosen = await page.evaluate((key) => window.localStorage.getItem(key), SCHEME_KEY);
  const other: Scheme = (await shownScheme(page)) === 'dark' ? 'light' : 'dark';
  await chooseScheme(page, other);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', other);
  const result = await scope(new AxeBuilder({ page })).analyze();
  await chooseScheme(page, chosen ?? 'auto');
  expect(violationsOf(result), `${what} passes axe in ${other} mode`).toEqual([]);
}
