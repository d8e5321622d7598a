import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './constants';

/** Signs in through the login form (the page must be on /login). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Login' }), 'the login page is shown').toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

export async function signInAt(page: Page, path: string, username: string): Promise<void> {
  await page.goto(path);
  await expect(page, 'an unauthenticated visit goes to /login').toHaveURL(/\/login/);
  await signIn(page, username);
}
