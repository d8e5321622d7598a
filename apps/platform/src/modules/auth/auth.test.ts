import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  accessTokenClaimsSchema,
  LOGIN_MESSAGES,
} from '@web-control/contract/auth';
import { PERMISSIONS } from '@web-control/contract/permissions';
import type { DatabaseHandle } from '../../db/connection.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import type { App } from '../../server.ts';
import type { ManualClock } from '../../clock.ts';
import {
  AUTH_AUDIT_ACTIONS,
  LOCKOUT_MINUTES,
  MAX_FAILED_LOGINS,
  REFRESH_TOKEN_TTL_HOURS,
  SESSION_IDLE_MESSAGE,
} from './service.ts';
import { hashRefreshToken } from './tokens.ts';
import { DEFAULT_SESSION_IDLE_MINUTES } from '../../settings.ts';
import { MINUTE_MS, SECOND_MS } from '../../time.ts';

/** A route any signed-in user may call: shows whether an access token still works. */
function addProbeRoute(instance: App): void {
  instance.get('/api/test/me', { config: { permissions: [] } }, () => ({ ok: true }));
}

const INVALID_CREDENTIALS_BODY = { errorMessage: LOGIN_MESSAGES.failed, code: 'INVALID_CREDENTIALS' };

describe.each(TEST_DATABASE_KINDS)('auth API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    app = await buildTestApp({ database, configure: addProbeRoute });
    return () => app.close();
  });

  function auditRows(action: string, actor?: string) {
    let query = database.db.selectFrom('audit_log').selectAll().where('action', '=', action);
    if (actor !== undefined) {
      query = query.where('actor', '=', actor);
    }
    return query.orderBy('id').execute();
  }

  const postLogin = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const postRefresh = (refreshToken: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

  it('signs a seeded demo user in with tokens carrying the role permissions', async () => {
    const response = await postLogin('support', TEST_DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access_token: string; refresh_token: string }>();
    const claims = accessTokenClaimsSchema
      .extend({ iat: accessTokenClaimsSchema.shape.exp })
      .parse(decodeJwt(body.access_token));
    expect(claims.username).toBe('support');
    expect(claims.preferred_username).toBe('support');
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(claims.permissions)).toEqual(
      new Set([
        'VIEW_TRANSACTIONS',
        'MONITOR_SERVICES',
        'VIEW_PROCESSES',
        'VIEW_ACTIONS',
        'VIEW_AUDITS',
        'VIEW_MAPPINGS',
        'VIEW_LOAD_BALANCER',
        'VIEW_VOUCHERS',
      ]),
    );
    expect(claims.iat).toBe(Math.floor(app.clock.now().getTime() / SECOND_MS));
    expect(claims.exp).toBe((claims.iat ?? 0) + ACCESS_TOKEN_TTL_SECONDS);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);

    const adminTokens = await login(app, 'admin', TEST_DEMO_PASSWORD);
    expect(new Set(decodeJwt(adminTokens.access_token).permissions as string[])).toEqual(
      new Set(PERMISSIONS),
    );

    const [audit] = await auditRows(AUTH_AUDIT_ACTIONS.login, 'support');
    expect(audit).toMatchObject({ outcome: 'success', client_address: '127.0.0.1' });
    expect(audit?.occurred_at.getTime()).toBe(app.clock.now().getTime());
  });

  it('signs a user in whatever the case of the name, as names are unique whatever their case', async () => {
    // A phone keyboard writes "Support"; creating a user "SUPPORT" is refused as taken.
    const response = await postLogin('Support', TEST_DEMO_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const claims = decodeJwt(response.json<{ access_token: string }>().access_token);
    expect(claims.username, 'the name as stored').toBe('support');
  });

  it('stores refresh tokens only as hashes', async () => {
    const tokens = await login(app, 'operator', TEST_DEMO_PASSWORD);
    const stored = await database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.token_hash)).not.toContain(tokens.refresh_token);
  });

  it('rotates the refresh token and re-reads the permissions at every refresh', async () => {
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const first = await login(app, user.username, user.password);

    await database.db
      .insertInto('role_permissions')
      .columns(['role_id', 'permission_id'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .innerJoin('permissions', (join) => join.on('permissions.name', '=', 'VIEW_VOUCHERS'))
          .select(['users.role_id', 'permissions.permission_id'])
          .where('users.user_id', '=', user.userId),
      )
      .execute();
    app.clock.advance(MINUTE_MS);

    const response = await postRefresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = response.json<{ access_token: string; refresh_token: string }>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).permissions).toEqual(['VIEW_TRANSACTIONS', 'VIEW_VOUCHERS']);

    // The new token works once more; the chain continues.
    const third = await postRefresh(second.refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it('treats a spent refresh token as theft: revokes the whole family and audits it', async () => {
    const user = await createTestUser(database, []);
    const first = await login(app, user.username, user.password);
    const second = (await postRefresh(first.refresh_token)).json<{ refresh_token: string }>();

    const reuse = await postRefresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });

    // The legitimate holder's newer token died with the family.
    const afterReuse = await postRefresh(second.refresh_token);
    expect(afterReuse.statusCode).toBe(401);

    const rows = await auditRows(AUTH_AUDIT_ACTIONS.refreshTokenReuse, user.username);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows[0]).toMatchObject({ outcome: 'failure', client_address: '127.0.0.1' });
    // The spent first token and the live second one.
    expect(rows[0]?.detail).toMatchObject({ revokedTokens: 2 });

    // Another session of the same user is untouched.
    const other = await login(app, user.username, user.password);
    expect((await postRefresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await postRefresh('not-a-token')).statusCode).toBe(401);
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    app.clock.advance(REFRESH_TOKEN_TTL_HOURS * 60 * MINUTE_MS + 1);
    const response = await postRefresh(tokens.refresh_token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
  });

  it('logout revokes the session and is audited; an unknown token still answers 204', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await postRefresh(tokens.refresh_token)).statusCode).toBe(401);
    expect(await auditRows(AUTH_AUDIT_ACTIONS.logout, user.username)).toEqual([
      expect.objectContaining({ outcome: 'success', client_address: '127.0.0.1' }),
    ]);

    const before = (await auditRows(AUTH_AUDIT_ACTIONS.logout)).length;
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: 'unknown-token' },
    });
    expect(unknown.statusCode).toBe(204);
    const after = await auditRows(AUTH_AUDIT_ACTIONS.logout);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      outcome: 'failure',
      actor: null,
      detail: { reason: 'unknown-token' },
    });
  });

  it('locks an account after 10 failures with the same answer as an unknown user, and unlocks after 30 minutes', async () => {
    const user = await createTestUser(database, []);
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt += 1) {
      const response = await postLogin(user.username, 'wrong-password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIALS_BODY);
    }
    expect(await auditRows(AUTH_AUDIT_ACTIONS.loginFailed, user.username)).toHaveLength(MAX_FAILED_LOGINS);
    expect(await auditRows(AUTH_AUDIT_ACTIONS.loginLockout, user.username)).toHaveLength(1);

    const locked = await postLogin(user.username, user.password);
    const unknown = await postLogin('no-such-user', user.password);
    const wrong = await postLogin('admin', 'wrong-password');
    for (const response of [locked, unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIALS_BODY);
      expect(response.headers['content-type']).toBe(locked.headers['content-type']);
    }
    expect(locked.body).toBe(unknown.body);
    expect(locked.body).toBe(wrong.body);

    app.clock.advance(LOCKOUT_MINUTES * MINUTE_MS - 1000);
    expect((await postLogin(user.username, user.password)).statusCode).toBe(401);
    app.clock.advance(2000);
    expect((await postLogin(user.username, user.password)).statusCode).toBe(200);

    const row = await database.db
      .selectFrom('users')
      .select(['failed_login_count', 'locked_until'])
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it('a success resets the failure count', async () => {
    const user = await createTestUser(database, []);
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      await postLogin(user.username, 'wrong-password');
    }
    expect((await postLogin(user.username, user.password)).statusCode).toBe(200);
    expect((await postLogin(user.username, 'wrong-password')).statusCode).toBe(401);
    // One failure after the reset does not lock.
    expect((await postLogin(user.username, user.password)).statusCode).toBe(200);
  });

  it('refuses a disabled user the same way and refuses their refresh', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    await database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('user_id', '=', user.userId)
      .execute();
    const response = await postLogin(user.username, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID_CREDENTIALS_BODY);
    expect((await postRefresh(tokens.refresh_token)).statusCode).toBe(401);
    const failed = await auditRows(AUTH_AUDIT_ACTIONS.loginFailed, user.username);
    expect(failed.at(-1)?.detail).toEqual({ reason: 'disabled' });
  });

  it('audits failed logins with the reason, never the password nor the text of an unknown username', async () => {
    // People type their password into the username field: an unknown name is not stored.
    await postLogin('Secret-Guess-0', 'secret-guess-1');
    const rows = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', AUTH_AUDIT_ACTIONS.loginFailed)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(rows[0]).toMatchObject({ outcome: 'failure', actor: null, detail: { reason: 'unknown-user' } });
    expect(JSON.stringify(rows)).not.toContain('Secret-Guess-0');
    expect(JSON.stringify(rows)).not.toContain('secret-guess-1');
  });

  const probe = (accessToken: string) =>
    app.inject({ url: '/api/test/me', headers: { authorization: `Bearer ${accessToken}` } });

  it('ends the current access token at once on logout', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    const other = await login(app, user.username, user.password);
    expect((await probe(tokens.access_token)).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: tokens.refresh_token },
    });
    const refused = await probe(tokens.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // Only that session ends; the user's other sign-in goes on.
    expect((await probe(other.access_token)).statusCode).toBe(200);
  });

  it('ends the access tokens of a family at once when a refresh token is reused', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    const rotated = (await postRefresh(tokens.refresh_token)).json<{ access_token: string }>();
    expect((await probe(rotated.access_token)).statusCode).toBe(200);
    expect((await postRefresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await probe(rotated.access_token)).statusCode).toBe(401);
    expect((await probe(tokens.access_token)).statusCode).toBe(401);
  });

  it('ends a session SESSION_MAX_HOURS after its sign-in however often it is refreshed', async () => {
    const capped = await buildTestApp({
      database,
      settings: { sessionMaxHours: 2 },
      configure: addProbeRoute,
    });
    try {
      const user = await createTestUser(database, []);
      let tokens = await login(capped, user.username, user.password);
      const probeCapped = () =>
        capped.inject({ url: '/api/test/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
      // Used and refreshed every 4 minutes, as a console in use does, up to a minute before the end.
      for (let minute = 4; minute <= 119; minute += 4) {
        capped.clock.advance(4 * MINUTE_MS);
        const refreshed = await capped.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          payload: { refreshToken: tokens.refresh_token },
        });
        expect(refreshed.statusCode, `minute ${minute}`).toBe(200);
        tokens = refreshed.json();
        expect((await probeCapped()).statusCode, `minute ${minute}`).toBe(200);
      }
      capped.clock.advance(4 * MINUTE_MS);
      const refused = await capped.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: tokens.refresh_token },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      // The access token signed two minutes before the end stops with the session, not 5 minutes later.
      expect((await probeCapped()).statusCode).toBe(401);
      expect(await auditRows(AUTH_AUDIT_ACTIONS.sessionExpired, user.username)).toEqual([
        expect.objectContaining({ outcome: 'refused' }),
      ]);
    } finally {
      await capped.close();
    }
  });

  /** The last activity the session's live refresh token records. */
  async function lastActiveAt(refreshToken: string): Promise<Date | undefined> {
    const row = await database.db
      .selectFrom('refresh_tokens')
      .select('last_active_at')
      .where('token_hash', '=', hashRefreshToken(refreshToken))
      .executeTakeFirst();
    return row?.last_active_at;
  }

  it('refuses a refresh after SESSION_IDLE_MINUTES without activity, revokes the session and audits it', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    app.clock.advance(25 * MINUTE_MS);

    const refused = await postRefresh(tokens.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      errorMessage: SESSION_IDLE_MESSAGE(DEFAULT_SESSION_IDLE_MINUTES),
      code: 'SESSION_IDLE',
    });
    const live = await database.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.user_id', 'refresh_tokens.user_id')
      .select('token_id')
      .where('users.username', '=', user.username)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live, 'the idle session is revoked').toEqual([]);
    expect((await postRefresh(tokens.refresh_token)).json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    expect(await auditRows(AUTH_AUDIT_ACTIONS.sessionIdle, user.username)).toEqual([
      expect.objectContaining({ outcome: 'refused' }),
    ]);
  });

  it('refreshes after exactly SESSION_IDLE_MINUTES without activity, and the setting moves the limit', async () => {
    const user = await createTestUser(database, []);
    const tokens = await login(app, user.username, user.password);
    app.clock.advance(DEFAULT_SESSION_IDLE_MINUTES * MINUTE_MS);
    expect((await postRefresh(tokens.refresh_token)).statusCode).toBe(200);

    const relaxed = await buildTestApp({ database, settings: { sessionIdleMinutes: 30 } });
    try {
      const other = await login(relaxed, user.username, user.password);
      relaxed.clock.advance(25 * MINUTE_MS);
      const refreshed = await relaxed.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: other.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await relaxed.close();
    }
  });

  it('counts any authenticated request as activity, written at most once a minute, and a refresh as none', async () => {
    const user = await createTestUser(database, []);
    let tokens = await login(app, user.username, user.password);
    const signedInAt = app.clock.now();
    app.clock.advance(30 * SECOND_MS);
    expect((await probe(tokens.access_token)).statusCode).toBe(200);
    expect(await lastActiveAt(tokens.refresh_token), 'not written twice within a minute').toEqual(signedInAt);
    app.clock.advance(40 * SECOND_MS);
    expect((await probe(tokens.access_token)).statusCode).toBe(200);
    const usedAt = app.clock.now();
    expect(await lastActiveAt(tokens.refresh_token)).toEqual(usedAt);

    // Refreshed every 4 minutes, as a console left open does, but nobody uses it.
    for (let idle = 4; idle <= 12; idle += 4) {
      app.clock.advance(4 * MINUTE_MS);
      const refreshed = await postRefresh(tokens.refresh_token);
      expect(refreshed.statusCode, `idle for ${idle} minutes`).toBe(200);
      tokens = refreshed.json();
      expect(await lastActiveAt(tokens.refresh_token), 'a refresh is no activity').toEqual(usedAt);
    }
    app.clock.advance(4 * MINUTE_MS);
    const refused = await postRefresh(tokens.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_IDLE' });
  });

  it('sees the client behind a trusted proxy (TRUST_PROXY) in the audit log and the rate limit', async () => {
    const proxied = await buildTestApp({ database, settings: { trustProxy: 'true', loginRateLimit: 2 } });
    const untrusted = await buildTestApp({ database, settings: { loginRateLimit: 2 } });
    try {
      const user = await createTestUser(database, []);
      const fromClient = (instance: App, client: string) =>
        instance.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: user.password },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await fromClient(proxied, '203.0.113.7')).statusCode).toBe(200);
      expect((await fromClient(proxied, '203.0.113.7')).statusCode).toBe(200);
      expect((await fromClient(proxied, '203.0.113.7')).statusCode).toBe(429);
      expect((await fromClient(proxied, '203.0.113.8')).statusCode).toBe(200);
      const logins = await auditRows(AUTH_AUDIT_ACTIONS.login, user.username);
      expect(logins.map((row) => row.client_address)).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.8']);

      // Without TRUST_PROXY the header is the client's own word and is ignored.
      expect((await fromClient(untrusted, '203.0.113.9')).statusCode).toBe(200);
      expect((await auditRows(AUTH_AUDIT_ACTIONS.login, user.username)).at(-1)?.client_address).toBe(
        '10.0.0.1',
      );
    } finally {
      await proxied.close();
      await untrusted.close();
    }
  });

  it('rate limits login per client address with the JSON error shape', async () => {
    const limited = await buildTestApp({ database, settings: { loginRateLimit: 3 } });
    try {
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 4; attempt += 1) {
        last = await limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'x', password: 'y' },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const tooMany: unknown = expect.stringMatching(/Too many/);
      expect(last?.json()).toEqual({ errorMessage: tooMany, code: 'RATE_LIMITED' });
      expect(last?.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'x', password: 'y' },
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
