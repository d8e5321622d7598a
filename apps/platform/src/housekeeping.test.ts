import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from './clock.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createHousekeeping, HOUSEKEEPING_INTERVAL_MS, pgliteVacuumTask } from './housekeeping.ts';
import { createPasswordResetRepository } from './modules/auth/password-reset-repository.ts';
import { purgeExpiredAuthTokens } from './modules/auth/purge.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { REFRESH_TOKEN_TTL_HOURS } from './modules/auth/service.ts';
import { purgeExpiredSsoTransactions } from './modules/sso/purge.ts';
import { createSsoRepository } from './modules/sso/repository.ts';
import { SSO_TRANSACTION_TTL_MINUTES } from './modules/sso/service.ts';
import { createTestUser } from './testing/test-app.ts';
import { createTestDatabase } from './testing/test-database.ts';
import { HOUR_MS, MINUTE_MS } from './time.ts';

const SILENT = { info: () => undefined, error: () => undefined };
const START = new Date('2026-03-02T08:00:00Z');

describe('housekeeping', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await database.close();
  });

  it('purges expired refresh-token families, password links and sign-ons every hour', async () => {
    const { db } = database;
    const auth = createAuthRepository();
    const passwords = createPasswordResetRepository();
    const clock = new ManualClock(START);
    const at = (hours: number) => new Date(START.getTime() + hours * HOUR_MS);
    const ttl = REFRESH_TOKEN_TTL_HOURS * HOUR_MS;
    const alice = await createTestUser(database, []);
    const bob = await createTestUser(database, []);

    // Alice's session was refreshed at +11 h: her first token expired, her family did not.
    await auth.insertRefreshToken(db, {
      tokenHash: 'alice-1',
      familyId: '00000000-0000-4000-8000-00000000a11c',
      userId: alice.userId,
      issuedAt: START,
      familyStartedAt: START,
      lastActiveAt: START,
      expiresAt: new Date(START.getTime() + ttl),
    });
    await auth.insertRefreshToken(db, {
      tokenHash: 'alice-2',
      familyId: '00000000-0000-4000-8000-00000000a11c',
      userId: alice.userId,
      issuedAt: at(11),
      familyStartedAt: START,
      lastActiveAt: at(11),
      expiresAt: new Date(at(11).getTime() + ttl),
    });
    await auth.insertRefreshToken(db, {
      tokenHash: 'bob-1',
      familyId: '00000000-0000-4000-8000-000000000b0b',
      userId: bob.userId,
      issuedAt: START,
      familyStartedAt: START,
      lastActiveAt: START,
      expiresAt: new Date(START.getTime() + ttl),
    });
    await passwords.insertToken(db, {
      tokenHash: 'reset-expired',
      purpose: 'reset',
      userId: bob.userId,
      createdAt: START,
      expiresAt: at(1),
    });
    await passwords.insertToken(db, {
      tokenHash: 'enrolment-open',
      purpose: 'enrolment',
      userId: alice.userId,
      createdAt: START,
      expiresAt: at(7 * 24),
    });
    await createSsoRepository().insertTransaction(db, {
      stateHash: 'sso-expired',
      issuer: 'https://idp.example',
      redirectUri: 'http://localhost/login',
      codeVerifier: 'verifier',
      nonce: 'nonce',
      createdAt: START,
      expiresAt: new Date(START.getTime() + SSO_TRANSACTION_TTL_MINUTES * MINUTE_MS),
    });

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const housekeeping = createHousekeeping({
      clock,
      log: SILENT,
      tasks: [
        { name: 'auth', run: (now) => purgeExpiredAuthTokens(db, now) },
        { name: 'sso', run: (now) => purgeExpiredSsoTransactions(db, now) },
      ],
    });
    const remaining = async () => ({
      refreshTokens: (
        await db.selectFrom('refresh_tokens').select('token_hash').orderBy('token_hash').execute()
      )
        .map((row) => row.token_hash)
        .filter((hash) => ['alice-1', 'alice-2', 'bob-1'].includes(hash)),
      passwordLinks: (
        await db.selectFrom('password_tokens').select('token_hash').orderBy('token_hash').execute()
      )
        .map((row) => row.token_hash)
        .filter((hash) => ['reset-expired', 'enrolment-open'].includes(hash)),
      ssoTransactions: (await db.selectFrom('sso_transactions').select('state_hash').execute()).map(
        (row) => row.state_hash,
      ),
    });
    try {
      housekeeping.start();
      await housekeeping.runOnce();
      expect(await remaining()).toEqual({
        refreshTokens: ['alice-1', 'alice-2', 'bob-1'],
        passwordLinks: ['enrolment-open', 'reset-expired'],
        ssoTransactions: ['sso-expired'],
      });

      clock.advance(REFRESH_TOKEN_TTL_HOURS * HOUR_MS + MINUTE_MS);
      await vi.advanceTimersByTimeAsync(HOUSEKEEPING_INTERVAL_MS);
      await housekeeping.stop();
      expect(await remaining()).toEqual({
        refreshTokens: ['alice-1', 'alice-2'],
        passwordLinks: ['enrolment-open'],
        ssoTransactions: [],
      });
    } finally {
      await housekeeping.stop();
      vi.useRealTimers();
    }
  });

  it('vacuums and analyzes the PGlite tables that changed enough, as autovacuum would', async () => {
    const { db } = database;
    await sql`create table vacuum_probe (id integer primary key, value integer)`.execute(db);
    await sql`create table vacuum_quiet (id integer primary key)`.execute(db);
    await sql`insert into vacuum_probe select i, i from generate_series(1, 20000) i`.execute(db);
    await sql`insert into vacuum_quiet select i from generate_series(1, 1000) i`.execute(db);
    const vacuum = pgliteVacuumTask(db);
    // Whatever the seed and the inserts above left to do first.
    await vacuum.run(START);
    const runs = async () => {
      const result = await sql<{ name: string; vacuums: number; analyzes: number }>`
        select relname as name, vacuum_count::integer as vacuums, analyze_count::integer as analyzes
        from pg_stat_user_tables where relname in ('vacuum_probe', 'vacuum_quiet') order by relname`.execute(
        db,
      );
      return result.rows;
    };
    const before = await runs();
    await sql`update vacuum_probe set value = value + 1 where id <= 10000`.execute(db);
    await sql`update vacuum_quiet set id = -id where id <= 10`.execute(db);

    expect(await vacuum.run(START)).toEqual({ vacuumed: 1, analyzed: 1 });
    // Half of the probe's rows changed; ten of the other's thousand are under the thresholds.
    expect(await runs()).toEqual([
      {
        name: 'vacuum_probe',
        vacuums: (before[0]?.vacuums ?? 0) + 1,
        analyzes: (before[0]?.analyzes ?? 0) + 1,
      },
      { name: 'vacuum_quiet', vacuums: before[1]?.vacuums, analyzes: before[1]?.analyzes },
    ]);
    const visibility = await sql<{ visible: number; pages: number }>`
      select relallvisible as visible, relpages as pages from pg_class where relname = 'vacuum_probe'`.execute(
      db,
    );
    expect(visibility.rows[0]?.visible).toBe(visibility.rows[0]?.pages);
    expect(await vacuum.run(START)).toEqual({ vacuumed: 0, analyzed: 0 });
    await sql`drop table vacuum_probe, vacuum_quiet`.execute(db);
  });
});
