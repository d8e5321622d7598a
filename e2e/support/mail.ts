import { expect } from '@playwright/test';
import { readLatestMail } from '@web-control/platform/testing/read-mail';
import { E2E_DATA_DIR } from './constants';

/**
 * Waits for the newest message to `recipient` whose link leads to `path` (…/enroll/ or
 * …/reset/), and returns the link's path on the console.
 */
export async function waitForMailedLink(
  recipient: string,
  path: string,
  dataDir = E2E_DATA_DIR,
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const candidate = (await readLatestMail(dataDir, recipient))?.link;
        link = candidate && new URL(candidate).pathname.startsWith(path) ? candidate : '';
        return link;
      },
      { message: `an e-mail to ${recipient} carries a ${path} link`, timeout: 10_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
