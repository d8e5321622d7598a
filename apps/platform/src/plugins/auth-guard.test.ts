import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@web-control/contract/auth';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import type { ManualClock } from '../clock.ts';
import { SECOND_MS } from '../time.ts';

const ANY_STRING: unknown = expect.any(String);

describe.each(TEST_DATABASE_KINDS)('permission guard on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({
      database,
      configure: (instance) => {
        instance.get('/api/test/undeclared', () => ({ reached: true }));
        instance.get('/api/test/any-user', { config: { permissions: [] } }, (request) => ({
          user: request.user,
        }));
        instance.get(
          '/api/test/two-permissions',
          { config: { permissions: ['VIEW_TRANSACTIONS', 'MANAGE_USERS'] } },
          () => ({
            reached: true,
          }),
        );
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('refuses a route that declares no access rule, even for an administrator (deny by default)', async () => {
    const admin = await login(app, 'admin', 'test-demo-password');
    const anonymous = await app.inject({ url: '/api/test/undeclared' });
    const signedIn = await app.inject({
      url: '/api/test/undeclared',
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    for (const response of [anonymous, signedIn]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorMessage: ANY_STRING, code: 'FORBIDDEN' });
    }
  });

  it('answers 401 without a token, with a malformed one, or with a forged one', async () => {
    const admin = await login(app, 'admin', 'test-demo-password');
    const [header, payload] = admin.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer not.a.jwt',
      `Basic ${admin.access_token}`,
      `Bearer ${forged}`,
    ]) {
      const response = await app.inject({
        url: '/api/test/any-user',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual({ errorMessage: ANY_STRING, code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 403 when a permission is missing, 200 when all are held, and puts the user on the request', async () => {
    const partial = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const full = await createTestUser(database, ['VIEW_TRANSACTIONS', 'MANAGE_USERS']);
    const partialTokens = await login(app, partial.username, partial.password);
    const fullTokens = await login(app, full.username, full.password);

    const refused = await app.inject({
      url: '/api/test/two-permissions',
      headers: { authorization: `Bearer ${partialTokens.access_token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const allowed = await app.inject({
      url: '/api/test/two-permissions',
      headers: { authorization: `Bearer ${fullTokens.access_token}` },
    });
    expect(allowed.statusCode).toBe(200);

    const me = await app.inject({
      url: '/api/test/any-user',
      headers: { authorization: `Bearer ${partialTokens.access_token}` },
    });
    expect(me.json()).toEqual({
      user: {
        id: partial.userId,
        username: partial.username,
        permissions: ['VIEW_TRANSACTIONS'],
        // The token holds the user's permissions now: the answer carries no permissions-changed.
        permissionsChanged: false,
      },
    });
    expect(me.headers['permissions-changed']).toBeUndefined();
  });

  it('audits every 403 with the user, the route and the missing permissions', async () => {
    const partial = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const tokens = await login(app, partial.username, partial.password);
    const refused = await app.inject({
      url: '/api/test/two-permissions',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(refused.statusCode).toBe(403);
    const undeclared = await app.inject({ url: '/api/test/undeclared' });
    expect(undeclared.statusCode).toBe(403);
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['actor', 'outcome', 'detail', 'client_address'])
      .where('action', '=', 'ACCESS_DENIED')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows).toEqual([
      {
        actor: null,
        outcome: 'refused',
        detail: { method: 'GET', url: '/api/test/undeclared', missing: [] },
        client_address: '127.0.0.1',
      },
      {
        actor: partial.username,
        outcome: 'refused',
        detail: { method: 'GET', url: '/api/test/two-permissions', missing: ['MANAGE_USERS'] },
        client_address: '127.0.0.1',
      },
    ]);
  });

  it('answers 401 once the access token has expired', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    const call = () =>
      app.inject({ url: '/api/test/any-user', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await call()).statusCode).toBe(200);
    app.clock.advance(ACCESS_TOKEN_TTL_SECONDS * SECOND_MS + SECOND_MS);
    const expired = await call();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
