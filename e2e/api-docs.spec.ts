import { expect, test } from '@playwright/test';

test('the OpenAPI document is browsable under /api/docs', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') blocked.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Web Control/ })).toBeVisible();
  await expect(page.getByText('/api/auth/login')).toBeVisible();
  expect(blocked, 'the page runs under the security policy without errors').toEqual([]);
});
