import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './constants';

/** An access token for a demo user, signed in through the API (for set-up and clean-up calls). */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), `${username} signs in through the API`).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}
