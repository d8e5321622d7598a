import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInLockSchema } from '@web-control/contract/admin';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { MINUTE_MS } from '../../time.ts';
import { ADMIN_AUDIT_ACTIONS, ADMIN_MESSAGES } from './admin-service.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from './service.ts';

const UNKNOWN_USER_ID = '00000000-0000-4000-8000-000000000000';

describe.each(TEST_DATABASE_KINDS)('an administrator and a user’s sign-in lock on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    app = await buildTestApp({ database });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    return () => app.close();
  });

  function lockCall(method: 'GET' | 'DELETE', userId: string, token = adminToken) {
    return app.inject({
      method,
      url: `/api/auth/manage/users/${userId}/sign-in-lock`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function readLock(userId: string) {
    const response = await lockCall('GET', userId);
    expect(response.statusCode, response.body).toBe(200);
    return signInLockSchema.parse(response.json());
  }

  function signIn(username: string, password: string) {
    return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  }

  async function storedLock(userId: string) {
    return database.db
      .selectFrom('users')
      .select(['failed_login_count', 'locked_until'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  it('shows the wrong passwords counted, then the lock with its end; unlocked, the right password signs in', async () => {
    const user = await createTestUser(database, []);
    expect(await readLock(user.userId)).toEqual({ lockedUntil: null, failedAttempts: 0 });
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      await signIn(user.username, 'wrong-password');
    }
    expect(await readLock(user.userId)).toEqual({ lockedUntil: null, failedAttempts: MAX_FAILED_LOGINS - 1 });

    const lockedAt = app.clock.now().getTime();
    expect((await signIn(user.username, 'wrong-password')).statusCode).toBe(401);
    const lockedUntil = new Date(lockedAt + LOCKOUT_MINUTES * MINUTE_MS).toISOString();
    expect(await readLock(user.userId)).toEqual({ lockedUntil, failedAttempts: 0 });
    expect((await signIn(user.username, user.password)).statusCode, 'locked out').toBe(401);

    const unlocked = await lockCall('DELETE', user.userId);
    expect(unlocked.statusCode, unlocked.body).toBe(204);
    expect(await storedLock(user.userId)).toEqual({ failed_login_count: 0, locked_until: null });
    expect(await readLock(user.userId)).toEqual({ lockedUntil: null, failedAttempts: 0 });
    expect((await signIn(user.username, user.password)).statusCode, 'in at once').toBe(200);

    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor', 'outcome', 'detail'])
      .where('action', '=', ADMIN_AUDIT_ACTIONS.signInUnlocked)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor: 'admin',
      outcome: 'success',
      detail: { userId: user.userId, before: { lockedUntil, failedAttempts: 0 } },
    });
  });

  it('reads a lock past its end as none, and refuses to unlock a user who is not locked out', async () => {
    const user = await createTestUser(database, []);
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt += 1) {
      await signIn(user.username, 'wrong-password');
    }
    app.clock.advance(LOCKOUT_MINUTES * MINUTE_MS + 1000);
    // The administrator's session went idle meanwhile.
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    expect(await readLock(user.userId)).toEqual({ lockedUntil: null, failedAttempts: 0 });

    // Wrong passwords short of the limit are not forgotten by an unlock.
    await signIn(user.username, 'wrong-password');
    await signIn(user.username, 'wrong-password');
    const before = await storedLock(user.userId);
    expect(before.failed_login_count).toBe(2);
    const refused = await lockCall('DELETE', user.userId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorMessage: ADMIN_MESSAGES.notLockedOut, code: 'CONFLICT' });
    expect(await storedLock(user.userId)).toEqual(before);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', ADMIN_AUDIT_ACTIONS.signInUnlocked)
      .where(sql<string>`detail->>'userId'`, '=', user.userId)
      .execute();
    expect(audit, 'the refusal is audited').toEqual([{ outcome: 'refused' }]);
  });

  it('answers 404 for a user who does not exist, 400 for a malformed id, and 403 without MANAGE_USERS', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const missing = await lockCall(method, UNKNOWN_USER_ID);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ errorMessage: ADMIN_MESSAGES.userNotFound, code: 'NOT_FOUND' });
      expect((await lockCall(method, 'abc')).statusCode).toBe(400);
    }

    const locked = await createTestUser(database, []);
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt += 1) {
      await signIn(locked.username, 'wrong-password');
    }
    const viewer = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const viewerToken = (await login(app, viewer.username, viewer.password)).access_token;
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await lockCall(method, locked.userId, viewerToken)).statusCode).toBe(403);
    }
    expect((await storedLock(locked.userId)).locked_until, 'still locked').not.toBeNull();
  });
});
