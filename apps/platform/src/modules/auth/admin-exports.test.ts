import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { askExportToken, exportLines } from '../../testing/exports.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';

/** More than one cursor batch of users. */
const USERS = 1_100;

describe.each(TEST_DATABASE_KINDS)('user and role exports on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let admin: string;
  let adminName: string;
  let nobody: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const user = await createTestUser(database, ['MANAGE_USERS']);
    adminName = user.username;
    admin = (await login(app, user.username, user.password)).access_token;
    const other = await createTestUser(database, ['VIEW_AUDITS']);
    nobody = (await login(app, other.username, other.password)).access_token;
    const role = await database.db
      .insertInto('roles')
      .values({ name: '=Exporters' })
      .returning('role_id')
      .executeTakeFirstOrThrow();
    const users = Array.from({ length: USERS }, (_, index) => ({
      username: `bulk-${String(index).padStart(4, '0')}`,
      email: index === 0 ? '@SUM(1)' : null,
      msisdn: index === 0 ? '+27820000000' : null,
      role_id: index === 0 ? role.role_id : null,
    }));
    for (let start = 0; start < users.length; start += 500) {
      await database.db
        .insertInto('users')
        .values(users.slice(start, start + 500))
        .execute();
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('exports every user of the Find box, by name, formula-safe', async () => {
    const all = await database.db.selectFrom('users').select('username').execute();
    const lines = await exportLines(app, admin, 'users', {});
    expect(lines[0]).toBe('Username,Email,Mobile number,Role');
    expect(lines).toHaveLength(all.length + 1);

    const bulk = await exportLines(app, admin, 'users', { q: 'BULK-' });
    expect(bulk).toHaveLength(USERS + 1);
    expect(bulk[1], 'a formula is written inert').toBe(`bulk-0000,'@SUM(1),'+27820000000,'=Exporters`);
    expect(bulk[2]).toBe('bulk-0001,,,');
    expect(await exportLines(app, admin, 'users', { q: adminName.toUpperCase() })).toEqual([
      'Username,Email,Mobile number,Role',
      expect.stringMatching(new RegExp(`^${adminName},${adminName}@test\\.local,,Test role `)),
    ]);
  });

  it('exports every role of the Find box with its permissions', async () => {
    const roles = await database.db.selectFrom('roles').select('name').execute();
    const lines = await exportLines(app, admin, 'roles', {});
    expect(lines[0]).toBe('Role,Permissions');
    expect(lines).toHaveLength(roles.length + 1);
    const found = await exportLines(app, admin, 'roles', { q: 'exporters' });
    expect(found).toEqual(['Role,Permissions', `'=Exporters,`]);
    const adminRole = await database.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.role_id', 'users.role_id')
      .select('roles.name')
      .where('users.username', '=', adminName)
      .executeTakeFirstOrThrow();
    expect(lines).toContain(`${adminRole.name},MANAGE_USERS`);
  });

  it('refuses the exports without MANAGE_USERS', async () => {
    expect((await askExportToken(app, nobody, 'users', {})).statusCode).toBe(403);
    expect((await askExportToken(app, nobody, 'roles', {})).statusCode).toBe(403);
    expect((await askExportToken(app, admin, 'users', { q: 'x'.repeat(200) })).statusCode).toBe(400);
  });
});
