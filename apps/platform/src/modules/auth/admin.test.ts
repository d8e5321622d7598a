import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_CARD_NUMBER_MESSAGE,
  MSISDN_MESSAGE,
  ROLE_NAME_CARD_NUMBER_MESSAGE,
  permissionsResponseSchema,
  rolesResponseSchema,
  USERNAME_CARD_NUMBER_MESSAGE,
  usersResponseSchema,
  type Role,
} from '@web-control/contract/admin';
import { PERMISSIONS_CHANGED_HEADER } from '@web-control/contract/auth';
import { PERMISSIONS, type Permission } from '@web-control/contract/permissions';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { ADMIN_AUDIT_ACTIONS, ADMIN_MESSAGES } from './admin-service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ANY_UUID: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/);
const ANY_NUMBER: unknown = expect.any(Number);

/** Every route of administration, with a body that would pass validation. */
const MANAGE_ROUTES: Array<{ method: Method; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/auth/manage/users' },
  { method: 'GET', url: '/api/auth/manage/users/00000000-0000-4000-8000-000000000000' },
  {
    method: 'POST',
    url: '/api/auth/manage/users',
    payload: { username: 'someone', email: 'someone@test.local', msisdn: null, roles: [{ roleId: 1 }] },
  },
  {
    method: 'PUT',
    url: '/api/auth/manage/users/00000000-0000-4000-8000-000000000000',
    payload: { username: 'someone', email: 'someone@test.local', msisdn: null, roles: [{ roleId: 1 }] },
  },
  { method: 'DELETE', url: '/api/auth/manage/users/00000000-0000-4000-8000-000000000000' },
  { method: 'GET', url: '/api/auth/manage/users/00000000-0000-4000-8000-000000000000/sign-in-lock' },
  { method: 'DELETE', url: '/api/auth/manage/users/00000000-0000-4000-8000-000000000000/sign-in-lock' },
  { method: 'GET', url: '/api/auth/manage/roles' },
  { method: 'POST', url: '/api/auth/manage/roles', payload: { role: 'Someone', permissions: [] } },
  { method: 'PUT', url: '/api/auth/manage/roles/1', payload: { role: 'Someone', permissions: [] } },
  { method: 'DELETE', url: '/api/auth/manage/roles/1' },
  { method: 'GET', url: '/api/auth/manage/permissions' },
];

describe.each(TEST_DATABASE_KINDS)('user and role administration on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;
  let permissionIds: Map<string, number>;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    app = await buildTestApp({ database });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    const permissions = permissionsResponseSchema.parse((await call('GET', '/manage/permissions')).json());
    permissionIds = new Map(permissions.permissions.map((option) => [option.permission, option.id]));
    return () => app.close();
  });

  function call(method: Method, path: string, payload?: object, token: string | null = adminToken) {
    return app.inject({
      method,
      url: `/api/auth${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  function ids(...names: Permission[]): Array<{ id: number }> {
    return names.map((name) => ({ id: permissionIds.get(name) ?? -1 }));
  }

  function unique(prefix: string): string {
    sequence += 1;
    return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
  }

  async function createRole(permissions: Permission[], name = unique('Role')): Promise<number> {
    const response = await call('POST', '/manage/roles', { role: name, permissions: ids(...permissions) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ roleId: number }>().roleId;
  }

  async function createUser(roleId: number, username = unique('user')): Promise<string> {
    const response = await call('POST', '/manage/users', {
      username,
      email: `${username}@test.local`,
      msisdn: null,
      roles: [{ roleId }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ userId: string }>().userId;
  }

  /** Everything administration can change, to prove a refused change left it as it was. */
  async function snapshot() {
    const { db } = database;
    return {
      users: await db.selectFrom('users').selectAll().orderBy('user_id').execute(),
      roles: await db.selectFrom('roles').selectAll().orderBy('role_id').execute(),
      rolePermissions: await db
        .selectFrom('role_permissions')
        .selectAll()
        .orderBy('role_id')
        .orderBy('permission_id')
        .execute(),
      refreshTokens: await db.selectFrom('refresh_tokens').selectAll().orderBy('token_id').execute(),
      passwordTokens: await db.selectFrom('password_tokens').selectAll().orderBy('token_id').execute(),
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

  async function expectRefused(
    response: { statusCode: number; json: () => unknown },
    status: number,
    errorMessage: string,
    before: Awaited<ReturnType<typeof snapshot>>,
    /** The body field a 409 names (a name taken, one's own role), which the console marks. */
    field?: string,
  ) {
    expect(response.statusCode).toBe(status);
    const details =
      status === 400
        ? [expect.objectContaining({ message: errorMessage })]
        : field === undefined
          ? undefined
          : [{ location: 'body', field, message: errorMessage }];
    expect(response.json()).toEqual({
      errorMessage,
      code: status === 409 ? 'CONFLICT' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
      ...(details === undefined ? {} : { details }),
    });
    expect(await snapshot()).toEqual(before);
  }

  it('answers 401 without a token and 403 without MANAGE_USERS on every manage route', async () => {
    const viewer = await createTestUser(
      database,
      PERMISSIONS.filter((name) => name !== 'MANAGE_USERS'),
    );
    const viewerToken = (await login(app, viewer.username, viewer.password)).access_token;
    const before = await snapshot();
    for (const route of MANAGE_ROUTES) {
      const path = route.url.replace('/api/auth', '');
      const anonymous = await call(route.method, path, route.payload, null);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const forbidden = await call(route.method, path, route.payload, viewerToken);
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists every permission with its id, in the order of the specification', async () => {
    const response = await call('GET', '/manage/permissions');
    expect(response.statusCode).toBe(200);
    const { permissions } = permissionsResponseSchema.parse(response.json());
    expect(permissions.map((option) => option.permission)).toEqual([...PERMISSIONS]);
    expect(response.json()).toEqual({
      permissions: PERMISSIONS.map((permission) => ({ id: ANY_NUMBER, permission })),
    });
  });

  it('creates, lists, updates and deletes a role', async () => {
    const name = unique('Night shift');
    const created = await call('POST', '/manage/roles', {
      role: name,
      permissions: ids('MONITOR_SERVICES', 'VIEW_TRANSACTIONS', 'VIEW_TRANSACTIONS'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ roleId: ANY_NUMBER });
    const { roleId } = created.json<{ roleId: number }>();

    const listed = await call('GET', '/manage/roles');
    expect(listed.statusCode).toBe(200);
    const roles = rolesResponseSchema.parse(listed.json()).roles;
    expect(roles.find((role) => role.roleId === roleId)).toEqual({
      roleId,
      role: name,
      permissions: [
        { id: permissionIds.get('VIEW_TRANSACTIONS'), permission: 'VIEW_TRANSACTIONS' },
        { id: permissionIds.get('MONITOR_SERVICES'), permission: 'MONITOR_SERVICES' },
      ],
      version: 1,
    });
    expect(roles.find((role) => role.role === 'Administrator')?.permissions).toHaveLength(PERMISSIONS.length);
    expect(roles.find((role) => role.role === 'Support')?.permissions.map((p) => p.permission)).not.toContain(
      'MANAGE_USERS',
    );

    const renamed = `${name} (renamed)`;
    const updated = await call('PUT', `/manage/roles/${roleId}`, {
      role: renamed,
      permissions: ids('VIEW_VOUCHERS'),
    });
    expect(updated.statusCode).toBe(204);
    expect(updated.body).toBe('');
    const afterUpdate = rolesResponseSchema.parse((await call('GET', '/manage/roles')).json()).roles;
    expect(afterUpdate.find((role) => role.roleId === roleId)).toEqual({
      roleId,
      role: renamed,
      permissions: [{ id: permissionIds.get('VIEW_VOUCHERS'), permission: 'VIEW_VOUCHERS' }],
      version: 2,
    });

    const deleted = await call('DELETE', `/manage/roles/${roleId}`);
    expect(deleted.statusCode).toBe(204);
    const afterDelete = rolesResponseSchema.parse((await call('GET', '/manage/roles')).json()).roles;
    expect(afterDelete.map((role) => role.roleId)).not.toContain(roleId);

    const missing = await call('PUT', `/manage/roles/${roleId}`, { role: 'x', permissions: [] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorMessage: ADMIN_MESSAGES.roleNotFound, code: 'NOT_FOUND' });
    expect((await call('DELETE', `/manage/roles/${roleId}`)).statusCode).toBe(404);
  });

  it('creates, reads, lists, updates and deletes a user', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const otherRoleId = await createRole(['VIEW_VOUCHERS']);
    const username = unique('ann');
    const created = await call('POST', '/manage/users', {
      username,
      email: `${username}@test.local`,
      msisdn: '+27821234567',
      roles: [{ roleId }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ userId: ANY_UUID });
    const { userId } = created.json<{ userId: string }>();

    const roles = rolesResponseSchema.parse((await call('GET', '/manage/roles')).json()).roles;
    const roleName = (id: number) => roles.find((role: Role) => role.roleId === id)?.role;

    const detail = await call('GET', `/manage/users/${userId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      userId,
      username,
      email: `${username}@test.local`,
      msisdn: '+27821234567',
      roles: [{ roleId, role: roleName(roleId) }],
      version: 1,
    });

    const listed = usersResponseSchema.parse((await call('GET', '/manage/users')).json()).users;
    expect(listed.find((user) => user.userId === userId)).toEqual(detail.json());
    const usernames = listed.map((user) => user.username.toLowerCase());
    expect(usernames).toEqual([...usernames].sort());
    expect(usernames).toContain('admin');

    const updated = await call('PUT', `/manage/users/${userId}`, {
      username,
      email: `${username}@elsewhere.local`,
      msisdn: '',
      roles: [{ roleId: otherRoleId }],
    });
    expect(updated.statusCode, updated.body).toBe(204);
    expect((await call('GET', `/manage/users/${userId}`)).json()).toEqual({
      userId,
      username,
      email: `${username}@elsewhere.local`,
      msisdn: null,
      roles: [{ roleId: otherRoleId, role: roleName(otherRoleId) }],
      version: 2,
    });

    const deleted = await call('DELETE', `/manage/users/${userId}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await call('GET', `/manage/users/${userId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errorMessage: ADMIN_MESSAGES.userNotFound, code: 'NOT_FOUND' });
    expect((await call('DELETE', `/manage/users/${userId}`)).statusCode).toBe(404);
    expect((await call('GET', '/manage/users/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses to change a username, an unknown role or permission, with a 400 that changes nothing', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const username = unique('bob');
    const userId = await createUser(roleId, username);
    const before = await snapshot();

    await expectRefused(
      await call('PUT', `/manage/users/${userId}`, {
        username: `${username}-renamed`,
        email: 'new@test.local',
        msisdn: null,
        roles: [{ roleId }],
      }),
      400,
      ADMIN_MESSAGES.usernameUnchangeable(username),
      before,
    );
    await expectRefused(
      await call('POST', '/manage/users', {
        username: unique('carl'),
        email: 'carl@test.local',
        msisdn: null,
        roles: [{ roleId: 987_654 }],
      }),
      400,
      'Role 987654 does not exist',
      before,
    );
    await expectRefused(
      await call('POST', '/manage/roles', {
        role: unique('Broken'),
        permissions: [...ids('VIEW_TRANSACTIONS'), { id: 99_998 }, { id: 99_999 }],
      }),
      400,
      'Permissions 99998, 99999 do not exist',
      before,
    );
    await expectRefused(
      await call('PUT', `/manage/roles/${roleId}`, { role: 'Renamed', permissions: [{ id: 99_999 }] }),
      400,
      'Permission 99999 does not exist',
      before,
    );
  });

  it('refuses a card number as a username, in an e-mail address or as a mobile number (400), keeping nothing', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const before = await snapshot();
    const user = { username: unique('dan'), email: 'dan@test.local', msisdn: null, roles: [{ roleId }] };
    for (const [change, message] of [
      [{ username: 'walk-4111111111111111' }, USERNAME_CARD_NUMBER_MESSAGE],
      [{ email: '4111111111111111@example.com' }, EMAIL_CARD_NUMBER_MESSAGE],
      [{ msisdn: '4111111111111111' }, MSISDN_MESSAGE],
    ] as const) {
      const refused = await call('POST', '/manage/users', { ...user, ...change });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ errorMessage: string }>().errorMessage).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
    // A telephone number of E.164's 15 digits is one.
    const created = await call('POST', '/manage/users', { ...user, msisdn: '+271234567890123' });
    expect(created.statusCode, created.body).toBe(201);
    // Grouped as people write it, it is kept without the grouping; grouping hides no card number.
    const grouped = await call('POST', '/manage/users', {
      ...user,
      username: unique('dee'),
      msisdn: ' +27 82-000 0001 ',
    });
    expect(grouped.statusCode, grouped.body).toBe(201);
    const { userId } = grouped.json<{ userId: string }>();
    expect((await call('GET', `/manage/users/${userId}`)).json()).toMatchObject({ msisdn: '+27820000001' });
    for (const msisdn of ['4111 1111 1111 1111', '1'.repeat(30)]) {
      const refused = await call('POST', '/manage/users', { ...user, username: unique('dee'), msisdn });
      expect(refused.json<{ errorMessage: string }>().errorMessage, msisdn).toContain(MSISDN_MESSAGE);
    }
  });

  it('refuses a card number in a role name (400), keeping nothing', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const before = await snapshot();
    for (const [method, path] of [
      ['POST', '/manage/roles'],
      ['PUT', `/manage/roles/${roleId}`],
    ] as const) {
      const refused = await call(method, path, { role: 'Ops 4111 1111 1111 1111', permissions: [] });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ errorMessage: string }>().errorMessage).toContain(ROLE_NAME_CARD_NUMBER_MESSAGE);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a pasted e-mail address without the spaces around it', async () => {
    const roleId = await createRole(['VIEW_TRANSACTIONS']);
    const created = await call('POST', '/manage/users', {
      username: unique('eve'),
      email: ' eve@test.local ',
      msisdn: null,
      roles: [{ roleId }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { userId } = created.json<{ userId: string }>();
    expect((await call('GET', `/manage/users/${userId}`)).json()).toMatchObject({ email: 'eve@test.local' });
  });

  it('refuses duplicate usernames and role names whatever their case (409), changing nothing', async () => {
    const roleName = unique('Auditors');
    const roleId = await createRole(['VIEW_AUDITS'], roleName);
    const username = unique('dora');
    await createUser(roleId, username);
    const before = await snapshot();

    const taken = await call('POST', '/manage/users', {
      username: username.toUpperCase(),
      email: 'x@test.local',
      msisdn: null,
      roles: [{ roleId }],
    });
    await expectRefused(
      taken,
      409,
      `A user named "${username.toUpperCase()}" already exists`,
      before,
      'username',
    );
    const roleTaken = await call('POST', '/manage/roles', { role: roleName.toLowerCase(), permissions: [] });
    await expectRefused(
      roleTaken,
      409,
      `A role named "${roleName.toLowerCase()}" already exists`,
      before,
      'role',
    );
    await expectRefused(
      await call('PUT', `/manage/roles/${roleId}`, { role: 'administrator', permissions: [] }),
      409,
      'A role named "administrator" already exists',
      before,
      'role',
    );
    // Renaming a role to its own name in another case is no conflict.
    expect(
      (await call('PUT', `/manage/roles/${roleId}`, { role: roleName.toUpperCase(), permissions: [] }))
        .statusCode,
    ).toBe(204);

    const refused = (await auditRows(ADMIN_AUDIT_ACTIONS.userCreated)).at(-1);
    expect(refused).toMatchObject({
      actor: 'admin',
      outcome: 'refused',
      client_address: '127.0.0.1',
      detail: {
        username: username.toUpperCase(),
        status: 409,
        reason: `A user named "${username.toUpperCase()}" already exists`,
      },
    });
  });

  it('refuses to let administrators delete themselves, change their own role or a role they hold', async () => {
    const actor = await createTestUser(database, ['MANAGE_USERS']);
    const token = (await login(app, actor.username, actor.password)).access_token;
    const actorRoleId = (
      await database.db
        .selectFrom('users')
        .select('role_id')
        .where('user_id', '=', actor.userId)
        .executeTakeFirstOrThrow()
    ).role_id;
    const viewingRoleId = await createRole(['VIEW_TRANSACTIONS']);
    const everythingRoleId = await createRole([...permissionIds.keys()] as Permission[]);
    const before = await snapshot();
    const moveSelfTo = (roleId: number) =>
      call(
        'PUT',
        `/manage/users/${actor.userId}`,
        { username: actor.username, email: 'me@test.local', msisdn: null, roles: [{ roleId }] },
        token,
      );

    await expectRefused(
      await call('DELETE', `/manage/users/${actor.userId}`, undefined, token),
      409,
      ADMIN_MESSAGES.deleteSelf,
      before,
    );
    // Neither down (locking themselves out) nor up (every permission).
    await expectRefused(await moveSelfTo(viewingRoleId), 409, ADMIN_MESSAGES.changeOwnRole, before, 'roles');
    await expectRefused(
      await moveSelfTo(everythingRoleId),
      409,
      ADMIN_MESSAGES.changeOwnRole,
      before,
      'roles',
    );
    for (const permissions of [ids('VIEW_AUDITS'), ids('MANAGE_USERS', 'APPROVE_ACTIONS', 'EDIT_MAPPINGS')]) {
      await expectRefused(
        await call('PUT', `/manage/roles/${actorRoleId}`, { role: 'Mine', permissions }, token),
        409,
        ADMIN_MESSAGES.changeHeldRole,
        before,
      );
    }
    // Their own e-mail they may change, keeping their role.
    const ownRoleId = actorRoleId ?? 0;
    const ownEmail = await call(
      'PUT',
      `/manage/users/${actor.userId}`,
      { username: actor.username, email: 'me@test.local', msisdn: null, roles: [{ roleId: ownRoleId }] },
      token,
    );
    expect(ownEmail.statusCode).toBe(204);
    // Another administrator may do the rest.
    const demoted = await call('PUT', `/manage/users/${actor.userId}`, {
      username: actor.username,
      email: 'me@test.local',
      msisdn: null,
      roles: [{ roleId: viewingRoleId }],
    });
    expect(demoted.statusCode).toBe(204);
  });

  it('applies a demotion and a changed role to the current access token at its next request', async () => {
    const user = await createTestUser(database, ['MANAGE_USERS', 'VIEW_TRANSACTIONS']);
    const tokens = await login(app, user.username, user.password);
    const userRoleId = (
      await database.db
        .selectFrom('users')
        .select('role_id')
        .where('user_id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).role_id;
    const before = await call('GET', '/manage/roles', undefined, tokens.access_token);
    expect(before.statusCode).toBe(200);
    expect(
      before.headers[PERMISSIONS_CHANGED_HEADER],
      'the token holds the user’s permissions',
    ).toBeUndefined();

    const stripped = await call('PUT', `/manage/roles/${userRoleId}`, {
      role: unique('Stripped'),
      permissions: ids('VIEW_TRANSACTIONS'),
    });
    expect(stripped.statusCode).toBe(204);
    const refused = await call('GET', '/manage/roles', undefined, tokens.access_token);
    expect(refused.statusCode).toBe(403);
    // The refusal tells the console its token is out of date, so it refreshes it.
    expect(refused.headers[PERMISSIONS_CHANGED_HEADER]).toBe('true');

    const other = await createTestUser(database, ['MANAGE_USERS']);
    const otherTokens = await login(app, other.username, other.password);
    const viewingRoleId = await createRole(['VIEW_TRANSACTIONS']);
    const moved = await call('PUT', `/manage/users/${other.userId}`, {
      username: other.username,
      email: `${other.username}@test.local`,
      msisdn: null,
      roles: [{ roleId: viewingRoleId }],
    });
    expect(moved.statusCode).toBe(204);
    expect((await call('GET', '/manage/roles', undefined, otherTokens.access_token)).statusCode).toBe(403);
  });

  it('refuses to delete a role that users hold, naming how many', async () => {
    const roleName = unique('Busy');
    const roleId = await createRole(['VIEW_TRANSACTIONS'], roleName);
    await createUser(roleId);
    await createUser(roleId);
    const before = await snapshot();
    await expectRefused(
      await call('DELETE', `/manage/roles/${roleId}`),
      409,
      `The role "${roleName}" is held by 2 users; give each of them another role first`,
      before,
    );
  });

  it('applies a changed role at the next token refresh', async () => {
    const first = await createRole(['VIEW_TRANSACTIONS']);
    const second = await createRole(['VIEW_VOUCHERS', 'MONITOR_SERVICES']);
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const tokens = await login(app, user.username, user.password);
    expect(decodeJwt(tokens.access_token).permissions).toEqual(['VIEW_TRANSACTIONS']);

    const moved = await call('PUT', `/manage/users/${user.userId}`, {
      username: user.username,
      email: `${user.username}@test.local`,
      msisdn: null,
      roles: [{ roleId: second }],
    });
    expect(moved.statusCode).toBe(204);
    // A promotion too: what the token can reach still answers, and says the permissions changed.
    const stale = await app.inject({
      method: 'GET',
      url: '/api/moneytransfer/orders',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(stale.headers[PERMISSIONS_CHANGED_HEADER]).toBe('true');
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json<{ access_token: string }>().access_token).permissions).toEqual([
      'MONITOR_SERVICES',
      'VIEW_VOUCHERS',
    ]);
    expect(first).not.toBe(second);
  });

  it('ends every session of a deleted user at once: refresh tokens and the current access token', async () => {
    const user = await createTestUser(database, ['MANAGE_USERS']);
    const first = await login(app, user.username, user.password);
    const second = await login(app, user.username, user.password);
    expect((await call('GET', '/manage/permissions', undefined, first.access_token)).statusCode).toBe(200);

    expect((await call('DELETE', `/manage/users/${user.userId}`)).statusCode).toBe(204);

    for (const token of [first.access_token, second.access_token]) {
      const refused = await call('GET', '/manage/permissions', undefined, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    for (const refreshToken of [first.refresh_token, second.refresh_token]) {
      const refresh = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    }
    const remaining = await database.db
      .selectFrom('refresh_tokens')
      .select('token_id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(remaining).toEqual([]);
    const [audit] = (await auditRows(ADMIN_AUDIT_ACTIONS.userDeleted)).filter(
      (row) => row.detail.userId === user.userId,
    );
    expect(audit).toMatchObject({
      actor: 'admin',
      outcome: 'success',
      detail: { username: user.username, revokedSessions: 2 },
    });
  });

  it('refuses the access token of a disabled user at once', async () => {
    const user = await createTestUser(database, ['MANAGE_USERS']);
    const tokens = await login(app, user.username, user.password);
    expect((await call('GET', '/manage/roles', undefined, tokens.access_token)).statusCode).toBe(200);
    await database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await call('GET', '/manage/roles', undefined, tokens.access_token)).statusCode).toBe(401);
  });

  it('audits each change with actor, before and after, and client address, never a token', async () => {
    const roleName = unique('Audited');
    const roleId = await createRole(['VIEW_TRANSACTIONS'], roleName);
    await call('PUT', `/manage/roles/${roleId}`, { role: `${roleName}!`, permissions: ids('VIEW_AUDITS') });
    const username = unique('erin');
    const userId = await createUser(roleId, username);
    const otherRoleId = await createRole(['VIEW_VOUCHERS']);
    await call('PUT', `/manage/users/${userId}`, {
      username,
      email: 'erin@new.local',
      msisdn: null,
      roles: [{ roleId: otherRoleId }],
    });
    await call('DELETE', `/manage/users/${userId}`);
    await call('DELETE', `/manage/roles/${roleId}`);

    const common = { actor: 'admin', outcome: 'success', client_address: '127.0.0.1' };
    const last = async (action: string) => (await auditRows(action)).at(-1);
    expect(await last(ADMIN_AUDIT_ACTIONS.roleCreated)).toMatchObject({
      ...common,
      detail: { roleId: otherRoleId, permissions: ['VIEW_VOUCHERS'] },
    });
    const roleCreations = await auditRows(ADMIN_AUDIT_ACTIONS.roleCreated);
    expect(roleCreations.find((row) => row.detail.roleId === roleId)).toMatchObject({
      ...common,
      detail: { roleId, role: roleName, permissions: ['VIEW_TRANSACTIONS'] },
    });
    expect(await last(ADMIN_AUDIT_ACTIONS.roleUpdated)).toMatchObject({
      ...common,
      detail: {
        roleId,
        changes: {
          role: { from: roleName, to: `${roleName}!` },
          permissions: { from: ['VIEW_TRANSACTIONS'], to: ['VIEW_AUDITS'] },
        },
      },
    });
    const created = await last(ADMIN_AUDIT_ACTIONS.userCreated);
    expect(created).toMatchObject({
      ...common,
      detail: { userId, username, email: `${username}@test.local`, msisdn: null, roleId },
    });
    expect(await last(ADMIN_AUDIT_ACTIONS.userUpdated)).toMatchObject({
      ...common,
      detail: {
        userId,
        username,
        changes: {
          email: { from: `${username}@test.local`, to: 'erin@new.local' },
          roleId: { from: roleId, to: otherRoleId },
          role: { from: `${roleName}!` },
        },
      },
    });
    expect((await last(ADMIN_AUDIT_ACTIONS.userUpdated))?.detail.changes).not.toHaveProperty('msisdn');
    expect(await last(ADMIN_AUDIT_ACTIONS.userDeleted)).toMatchObject({
      ...common,
      detail: { userId, username },
    });
    expect(await last(ADMIN_AUDIT_ACTIONS.roleDeleted)).toMatchObject({ ...common, detail: { roleId } });

    const tokens = await database.db.selectFrom('password_tokens').select('token_hash').execute();
    const everything = JSON.stringify(await database.db.selectFrom('audit_log').select('detail').execute());
    for (const token of tokens) {
      expect(everything).not.toContain(token.token_hash);
    }
    expect(everything).not.toMatch(/\/enroll\//);
  });

  it('documents the routes in the OpenAPI document under admin and passwords', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    expect(document.paths['/api/auth/manage/users']?.post?.tags).toEqual(['admin']);
    expect(document.paths['/api/auth/manage/users/{userId}']?.delete?.tags).toEqual(['admin']);
    expect(document.paths['/api/auth/manage/roles/{roleId}']?.put?.tags).toEqual(['admin']);
    expect(document.paths['/api/auth/manage/permissions']?.get?.tags).toEqual(['admin']);
    expect(document.paths['/api/auth/manage/users/forgot']?.post?.tags).toEqual(['passwords']);
    expect(document.paths['/api/auth/manage/users/reset/{token}']?.post?.tags).toEqual(['passwords']);
  });
});

describe.each(TEST_DATABASE_KINDS)('the last holder of MANAGE_USERS on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let token: string;
  let adminUserId: string;
  let administratorRoleId: number;
  let supportRoleId: number;
  let actorRoleId: number;

  beforeAll(async () => {
    // A fresh copy where the seeded admin is the only holder besides our actor.
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const actor = await createTestUser(database, ['MANAGE_USERS']);
    token = (await login(app, actor.username, actor.password)).access_token;
    const { db } = database;
    adminUserId = (
      await db.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).user_id;
    administratorRoleId = (
      await db
        .selectFrom('roles')
        .select('role_id')
        .where('name', '=', 'Administrator')
        .executeTakeFirstOrThrow()
    ).role_id;
    supportRoleId = (
      await db.selectFrom('roles').select('role_id').where('name', '=', 'Support').executeTakeFirstOrThrow()
    ).role_id;
    actorRoleId =
      (
        await db
          .selectFrom('users')
          .select('role_id')
          .where('user_id', '=', actor.userId)
          .executeTakeFirstOrThrow()
      ).role_id ?? 0;
    // The actor's role loses MANAGE_USERS; their access token still carries it for a few minutes,
    // which leaves admin as the last real holder.
    await db.deleteFrom('role_permissions').where('role_id', '=', actorRoleId).execute();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(method: Method, path: string, payload?: object) {
    return app.inject({
      method,
      url: `/api/auth${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function snapshot() {
    const { db } = database;
    return {
      users: await db.selectFrom('users').selectAll().orderBy('user_id').execute(),
      roles: await db.selectFrom('roles').selectAll().orderBy('role_id').execute(),
      rolePermissions: await db
        .selectFrom('role_permissions')
        .selectAll()
        .orderBy('role_id')
        .orderBy('permission_id')
        .execute(),
      refreshTokens: await db.selectFrom('refresh_tokens').selectAll().orderBy('token_id').execute(),
    };
  }

  function expectConflict(response: { statusCode: number; json: () => unknown }, errorMessage: string) {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorMessage, code: 'CONFLICT' });
  }

  it('can never lose it: not by deletion, a new role, a changed role or a deleted role', async () => {
    const before = await snapshot();
    expectConflict(await call('DELETE', `/manage/users/${adminUserId}`), ADMIN_MESSAGES.deleteLastHolder);
    expectConflict(
      await call('PUT', `/manage/users/${adminUserId}`, {
        username: 'admin',
        email: 'admin@demo.local',
        msisdn: null,
        roles: [{ roleId: supportRoleId }],
      }),
      ADMIN_MESSAGES.demoteLastHolder,
    );
    expectConflict(
      await call('PUT', `/manage/roles/${administratorRoleId}`, {
        role: 'Administrator',
        permissions: [{ id: 1 }],
      }),
      ADMIN_MESSAGES.stripLastHolders,
    );
    expectConflict(
      await call('DELETE', `/manage/roles/${administratorRoleId}`),
      ADMIN_MESSAGES.roleInUse('Administrator', 1),
    );
    expect(await snapshot()).toEqual(before);

    const refusals = await database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('outcome', '=', 'refused')
      .orderBy('id')
      .execute();
    expect(refusals).toEqual([
      { action: ADMIN_AUDIT_ACTIONS.userDeleted, outcome: 'refused' },
      { action: ADMIN_AUDIT_ACTIONS.userUpdated, outcome: 'refused' },
      { action: ADMIN_AUDIT_ACTIONS.roleUpdated, outcome: 'refused' },
      { action: ADMIN_AUDIT_ACTIONS.roleDeleted, outcome: 'refused' },
    ]);
  });

  it('may be demoted once someone else holds it', async () => {
    const manageUsers = await database.db
      .selectFrom('permissions')
      .select('permission_id')
      .where('name', '=', 'MANAGE_USERS')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('role_permissions')
      .values({ role_id: actorRoleId, permission_id: manageUsers.permission_id })
      .execute();
    const demoted = await call('PUT', `/manage/users/${adminUserId}`, {
      username: 'admin',
      email: 'admin@demo.local',
      msisdn: null,
      roles: [{ roleId: supportRoleId }],
    });
    expect(demoted.statusCode).toBe(204);
  });
});
