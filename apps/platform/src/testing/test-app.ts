import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Permission } from '@web-control/contract/permissions';
import type { TokenPair } from '@web-control/contract/auth';
import { tokenPairSchema } from '@web-control/contract/auth';
import { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { buildApp, type App, type BuildOptions } from '../server.ts';
import type { SettingsInput } from '../settings.ts';

export interface TestAppOptions {
  database: DatabaseHandle;
  clock?: ManualClock;
  settings?: Partial<SettingsInput>;
  /** Collects the log lines (as parsed JSON) instead of silencing the logger. */
  logLines?: Record<string, unknown>[];
  /** Runs before ready(): the place to add test-only routes. */
  configure?: (app: App) => void;
}

/**
 * A platform app on the given database, silent, with a hand-driven clock; no ambient env. Unless
 * the test names one, DATA_DIR is a fresh temporary folder (written mail lands there) removed on close.
 */
export async function buildTestApp(options: TestAppOptions): Promise<App & { clock: ManualClock }> {
  const clock = options.clock ?? new ManualClock(new Date('2026-03-02T08:00:00Z'));
  const ownDataDir =
    options.settings?.dataDir === undefined
      ? await mkdtemp(path.join(tmpdir(), 'web-control-test-'))
      : undefined;
  const buildOptions: BuildOptions = {
    env: {},
    settings: {
      consoleDist: '/nonexistent-console-dist',
      // Tests that drive the simulator write the history they need themselves.
      simulatorHistoryHours: 0,
      ...(ownDataDir === undefined ? {} : { dataDir: ownDataDir }),
      ...options.settings,
    },
    database: options.database,
    clock,
    logger: options.logLines !== undefined,
    logStream: options.logLines === undefined ? undefined : collectLines(options.logLines),
  };
  const app = await buildApp(buildOptions);
  if (ownDataDir !== undefined) {
    app.addHook('onClose', async () => rm(ownDataDir, { recursive: true, force: true }));
  }
  options.configure?.(app);
  await app.ready();
  return Object.assign(app, { clock });
}

function collectLines(lines: Record<string, unknown>[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
}

let userSequence = 0;

/** Creates a role holding exactly `permissions` and a user in it; returns the credentials. */
export async function createTestUser(
  database: DatabaseHandle,
  permissions: readonly Permission[],
  options: { password?: string; disabled?: boolean } = {},
): Promise<{ username: string; password: string; userId: string }> {
  userSequence += 1;
  const suffix = `${process.pid}-${userSequence}-${Math.random().toString(36).slice(2, 8)}`;
  const username = `test-user-${suffix}`;
  const password = options.password ?? `password-${suffix}`;
  const { db } = database;
  const role = await db
    .insertInto('roles')
    .values({ name: `Test role ${suffix}` })
    .returning('role_id')
    .executeTakeFirstOrThrow();
  if (permissions.length > 0) {
    const rows = await db
      .selectFrom('permissions')
      .select('permission_id')
      .where('name', 'in', [...permissions])
      .execute();
    await db
      .insertInto('role_permissions')
      .values(rows.map((row) => ({ role_id: role.role_id, permission_id: row.permission_id })))
      .execute();
  }
  const user = await db
    .insertInto('users')
    .values({
      username,
      email: `${username}@test.local`,
      msisdn: null,
      password_hash: await hashPassword(password),
      role_id: role.role_id,
      disabled: options.disabled ?? false,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return { username, password, userId: user.user_id };
}

export async function login(app: App, username: string, password: string): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return tokenPairSchema.parse(response.json());
}
