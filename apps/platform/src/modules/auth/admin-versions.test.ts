import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  permissionsResponseSchema,
  rolesResponseSchema,
  userSchema,
  usersResponseSchema,
} from '@web-control/contract/admin';
import type { Permission } from '@web-control/contract/permissions';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { IF_MATCH_INVALID_MESSAGE } from '../../plugins/route-helpers.ts';
import type { App } from '../../server.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { createAdminRepository } from './admin-repository.ts';
import { ADMIN_AUDIT_ACTIONS, ADMIN_MESSAGES } from './admin-service.ts';

type Method = 'GET' | 'POST' | 'PUT';

describe.each(TEST_DATABASE_KINDS)('edit versions of users and roles on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;
  let permissionIds: Map<string, number>;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    const permissions = permissionsResponseSchema.parse((await call('GET', '/manage/permissions')).json());
    permissionIds = new Map(permissions.permissions.map((option) => [option.permission, option.id]));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(method: Method, path: string, payload?: object, ifMatch?: string) {
    return app.inject({
      method,
      url: `/api/auth${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
      },
    });
  }

  function ids(...names: Permission[]): Array<{ id: number }> {
    return names.map((name) => ({ id: permissionIds.get(name) ?? -1 }));
  }

  function unique(prefix: string): string {
    sequence += 1;
    return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
  }

  async function createRole(permissions: Permission[]): Promise<number> {
    const response = await call('POST', '/manage/roles', {
      role: unique('Role'),
      permissions: ids(...permissions),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ roleId: number }>().roleId;
  }

  async function createUser(roleId: number): Promise<{ userId: string; username: string }> {
    const username = unique('user');
    const response = await call('POST', '/manage/users', {
      username,
      email: `${username}@test.local`,
      msisdn: null,
      roles: [{ roleId }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return { userId: response.json<{ userId: string }>().userId, username };
  }

  async function getRole(roleId: number) {
    const { roles } = rolesResponseSchema.parse((await call('GET', '/manage/roles')).json());
    return roles.find((role) => role.roleId === roleId);
  }

  async function userState(userId: string) {
    return {
      user: await database.db.selectFrom('users').selectAll().where('user_id', '=', userId).execute(),
      passwordTokens: await database.db
        .selectFrom('password_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
    };
  }

  async function roleState(roleId: number) {
    return {
      role: await database.db.selectFrom('roles').selectAll().where('role_id', '=', roleId).execute(),
      permissions: await database.db
        .selectFrom('role_permissions')
        .selectAll()
        .where('role_id', '=', roleId)
        .orderBy('permission_id')
        .execute(),
    };
  }

  function auditRows(action: string) {
    return database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  }

  it('shows each user’s version in the list and detail, and the detail’s as its ETag', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const { userId } = await createUser(roleId);
    const detail = await call('GET', `/manage/users/${userId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.headers.etag).toBe('"1"');
    expect(userSchema.parse(detail.json()).version).toBe(1);
    const { users } = usersResponseSchema.parse((await call('GET', '/manage/users')).json());
    expect(users.find((user) => user.userId === userId)?.version).toBe(1);
    expect((await getRole(roleId))?.version).toBe(1);
  });

  it('saves a user against the current version, raises it and answers its ETag', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const { userId, username } = await createUser(roleId);
    const saved = await call(
      'PUT',
      `/manage/users/${userId}`,
      { username, email: `${username}@elsewhere.local`, msisdn: null, roles: [{ roleId }] },
      '"1"',
    );
    expect(saved.statusCode, saved.body).toBe(204);
    expect(saved.headers.etag).toBe('"2"');
    expect((await call('GET', `/manage/users/${userId}`)).json()).toMatchObject({
      email: `${username}@elsewhere.local`,
      version: 2,
    });
  });

  it('refuses a user saved against an older version with 409, the user as they are now, and no change', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const otherRoleId = await createRole(['VIEW_VOUCHERS']);
    const { userId, username } = await createUser(roleId);
    const first = await call(
      'PUT',
      `/manage/users/${userId}`,
      {
        username,
        email: `${username}@first.local`,
        msisdn: '+27820000001',
        roles: [{ roleId: otherRoleId }],
      },
      '"1"',
    );
    expect(first.statusCode, first.body).toBe(204);
    const before = await userState(userId);

    const stale = await call(
      'PUT',
      `/manage/users/${userId}`,
      { username, email: `${username}@second.local`, msisdn: null, roles: [{ roleId }] },
      '"1"',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      errorMessage: ADMIN_MESSAGES.userChanged,
      code: 'CONFLICT',
      details: {
        current: {
          userId,
          username,
          email: `${username}@first.local`,
          msisdn: '+27820000001',
          roles: [{ roleId: otherRoleId, role: (await getRole(otherRoleId))?.role }],
          version: 2,
        },
      },
    });
    expect(await userState(userId)).toEqual(before);
    const audited = (await auditRows(ADMIN_AUDIT_ACTIONS.userUpdated)).filter(
      (row) => (row.detail as { userId?: string }).userId === userId,
    );
    expect(audited.map((row) => row.outcome)).toEqual(['success', 'refused']);
    expect(audited[1]?.detail).toMatchObject({ status: 409, reason: ADMIN_MESSAGES.userChanged });
  });

  it('lets one of two racing saves of a user win; the other gets 409', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const { userId, username } = await createUser(roleId);
    const save = (email: string) =>
      call('PUT', `/manage/users/${userId}`, { username, email, msisdn: null, roles: [{ roleId }] }, '"1"');
    const answers = await Promise.all([save(`${username}@a.local`), save(`${username}@b.local`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 204);
    expect((await call('GET', `/manage/users/${userId}`)).json()).toMatchObject({
      email: `${username}@${winner === 0 ? 'a' : 'b'}.local`,
      version: 2,
    });
  });

  it('updates only while the version is the expected one, in one conditional UPDATE', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const { userId } = await createUser(roleId);
    const repository = createAdminRepository();
    const fields = { email: 'racer@test.local', msisdn: null, roleId };
    expect(await repository.updateUser(database.db, userId, fields, 1)).toBe(2);
    expect(await repository.updateUser(database.db, userId, { ...fields, email: 'late@test.local' }, 1)).toBe(
      undefined,
    );
    expect((await repository.findUser(database.db, userId))?.email).toBe('racer@test.local');
    expect(await repository.updateRole(database.db, roleId, 'Racing role', 1)).toBe(2);
    expect(await repository.updateRole(database.db, roleId, 'Late role', 1)).toBe(undefined);
    expect((await repository.findRole(database.db, roleId))?.name).toBe('Racing role');
  });

  it('saves without If-Match unconditionally, and refuses an If-Match that names no version with 400', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const { userId, username } = await createUser(roleId);
    const body = { username, email: `${username}@test.local`, msisdn: null, roles: [{ roleId }] };
    const before = await userState(userId);
    for (const tag of ['1', 'W/"1"', '"0"', '"abc"', '*', '"1", "2"']) {
      const refused = await call('PUT', `/manage/users/${userId}`, body, tag);
      expect(refused.statusCode, tag).toBe(400);
      expect(refused.json()).toMatchObject({ errorMessage: IF_MATCH_INVALID_MESSAGE });
    }
    expect(await userState(userId)).toEqual(before);
    const unconditional = await call('PUT', `/manage/users/${userId}`, body);
    expect(unconditional.statusCode).toBe(204);
    expect(unconditional.headers.etag).toBe('"2"');
  });

  it('saves a role against the current version and raises it', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const saved = await call(
      'PUT',
      `/manage/roles/${roleId}`,
      { role: 'Versioned role', permissions: ids('VIEW_VOUCHERS') },
      '"1"',
    );
    expect(saved.statusCode, saved.body).toBe(204);
    expect(saved.headers.etag).toBe('"2"');
    expect(await getRole(roleId)).toMatchObject({ role: 'Versioned role', version: 2 });
  });

  it('refuses a role saved against an older version with 409, the role as it is now, and no change', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const name = unique('Night shift');
    const first = await call(
      'PUT',
      `/manage/roles/${roleId}`,
      { role: name, permissions: ids('MONITOR_SERVICES') },
      '"1"',
    );
    expect(first.statusCode, first.body).toBe(204);
    const before = await roleState(roleId);

    const stale = await call(
      'PUT',
      `/manage/roles/${roleId}`,
      { role: `${name} (mine)`, permissions: ids('VIEW_VOUCHERS') },
      '"1"',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      errorMessage: ADMIN_MESSAGES.roleChanged,
      code: 'CONFLICT',
      details: {
        current: {
          roleId,
          role: name,
          permissions: [{ id: permissionIds.get('MONITOR_SERVICES'), permission: 'MONITOR_SERVICES' }],
          version: 2,
        },
      },
    });
    expect(await roleState(roleId)).toEqual(before);
    const audited = (await auditRows(ADMIN_AUDIT_ACTIONS.roleUpdated)).filter(
      (row) => (row.detail as { roleId?: number }).roleId === roleId,
    );
    expect(audited.map((row) => row.outcome)).toEqual(['success', 'refused']);
  });

  it('lets one of two racing saves of a role win; the other gets 409', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const save = (role: string, permission: Permission) =>
      call('PUT', `/manage/roles/${roleId}`, { role, permissions: ids(permission) }, '"1"');
    const names = [unique('Racer A'), unique('Racer B')] as const;
    const answers = await Promise.all([save(names[0], 'VIEW_VOUCHERS'), save(names[1], 'VIEW_AUDITS')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 204);
    const role = await getRole(roleId);
    expect(role).toMatchObject({ role: names[winner === 0 ? 0 : 1], version: 2 });
    expect(role?.permissions.map((permission) => permission.permission)).toEqual([
      winner === 0 ? 'VIEW_VOUCHERS' : 'VIEW_AUDITS',
    ]);
  });
});
