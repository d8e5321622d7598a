import { sql } from 'kysely';
import type { Permission } from '@web-control/contract/permissions';
import type { DbExecutor } from '../../db/schema.ts';

export interface AdminUserRecord {
  userId: string;
  username: string;
  email: string | null;
  msisdn: string | null;
  roleId: number | null;
  roleName: string | null;
  version: number;
}

export interface SignInLockRecord {
  lockedUntil: Date | null;
  failedAttempts: number;
}

export interface AdminRoleRecord {
  roleId: number;
  name: string;
  version: number;
  permissions: Array<{ id: number; name: string }>;
}

export interface UserFields {
  email: string | null;
  msisdn: string | null;
  roleId: number;
}

/**
 * Any number, fixed: every change to users and roles takes this transaction-scoped lock first,
 * so two administrators can't each remove "the other" last holder of MANAGE_USERS.
 */
const ADMINISTRATION_LOCK_KEY = 734_190_001;

/** The queries of user and role administration. */
export function createAdminRepository() {
  function selectUsers(executor: DbExecutor) {
    return executor
      .selectFrom('users')
      .leftJoin('roles', 'roles.role_id', 'users.role_id')
      .select([
        'users.user_id as userId',
        'users.username as username',
        'users.email as email',
        'users.msisdn as msisdn',
        'users.role_id as roleId',
        'roles.name as roleName',
        'users.version as version',
      ]);
  }

  function selectRoles(executor: DbExecutor) {
    return executor
      .selectFrom('roles')
      .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.role_id')
      .leftJoin('permissions', 'permissions.permission_id', 'role_permissions.permission_id')
      .select([
        'roles.role_id as roleId',
        'roles.name as name',
        'roles.version as version',
        'permissions.permission_id as permissionId',
        'permissions.name as permissionName',
      ])
      .orderBy(sql`lower(roles.name)`)
      .orderBy('roles.role_id')
      .orderBy('permissions.permission_id');
  }

  /** One row per role and permission (left joined), folded into roles in query order. */
  function foldRoles(
    rows: Array<{
      roleId: number;
      name: string;
      version: number;
      permissionId: number | null;
      permissionName: string | null;
    }>,
  ): AdminRoleRecord[] {
    const roles = new Map<number, AdminRoleRecord>();
    for (const row of rows) {
      let role = roles.get(row.roleId);
      if (role === undefined) {
        role = { roleId: row.roleId, name: row.name, version: row.version, permissions: [] };
        roles.set(row.roleId, role);
      }
      if (row.permissionId !== null && row.permissionName !== null) {
        role.permissions.push({ id: row.permissionId, name: row.permissionName });
      }
    }
    return [...roles.values()];
  }

  return {
    async lockAdministration(executor: DbExecutor): Promise<void> {
      await sql`select pg_advisory_xact_lock(${ADMINISTRATION_LOCK_KEY})`.execute(executor);
    },

    listUsers(executor: DbExecutor): Promise<AdminUserRecord[]> {
      return selectUsers(executor)
        .orderBy(sql`lower(users.username)`)
        .orderBy('users.username')
        .execute();
    },

    findUser(executor: DbExecutor, userId: string): Promise<AdminUserRecord | undefined> {
      return selectUsers(executor).where('users.user_id', '=', userId).executeTakeFirst();
    },

    /** The user's sign-in lock as stored (a lock past its time still holds it); undefined: no such user. */
    findSignInLock(executor: DbExecutor, userId: string): Promise<SignInLockRecord | undefined> {
      return executor
        .selectFrom('users')
        .select(['locked_until as lockedUntil', 'failed_login_count as failedAttempts'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async usernameTaken(executor: DbExecutor, username: string): Promise<boolean> {
      const row = await executor
        .selectFrom('users')
        .select('user_id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertUser(executor: DbExecutor, user: UserFields & { username: string }): Promise<string> {
      const row = await executor
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          msisdn: user.msisdn,
          password_hash: null,
          role_id: user.roleId,
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      return row.user_id;
    },

    /**
     * Writes the fields and raises the version, only while the version is still `expected` (when
     * given): the new version, or undefined when someone else's save came first.
     */
    async updateUser(
      executor: DbExecutor,
      userId: string,
      fields: UserFields,
      expected: number | undefined,
    ): Promise<number | undefined> {
      let query = executor
        .updateTable('users')
        .set((eb) => ({
          email: fields.email,
          msisdn: fields.msisdn,
          role_id: fields.roleId,
          version: eb('version', '+', 1),
          updated_at: sql<Date>`now()`,
        }))
        .where('user_id', '=', userId);
      if (expected !== undefined) {
        query = query.where('version', '=', expected);
      }
      return (await query.returning('version').executeTakeFirst())?.version;
    },

    async deleteUser(executor: DbExecutor, userId: string): Promise<void> {
      await executor.deleteFrom('users').where('user_id', '=', userId).execute();
    },

    async listRoles(executor: DbExecutor): Promise<AdminRoleRecord[]> {
      return foldRoles(await selectRoles(executor).execute());
    },

    async findRole(executor: DbExecutor, roleId: number): Promise<AdminRoleRecord | undefined> {
      return foldRoles(await selectRoles(executor).where('roles.role_id', '=', roleId).execute())[0];
    },

    async roleNameTaken(executor: DbExecutor, name: string, exceptRoleId?: number): Promise<boolean> {
      let query = executor
        .selectFrom('roles')
        .select('role_id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptRoleId !== undefined) {
        query = query.where('role_id', '<>', exceptRoleId);
      }
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertRole(executor: DbExecutor, name: string): Promise<number> {
      const row = await executor
        .insertInto('roles')
        .values({ name })
        .returning('role_id')
        .executeTakeFirstOrThrow();
      return row.role_id;
    },

    /** As updateUser: names the role and raises its version while it is still `expected`. */
    async updateRole(
      executor: DbExecutor,
      roleId: number,
      name: string,
      expected: number | undefined,
    ): Promise<number | undefined> {
      let query = executor
        .updateTable('roles')
        .set((eb) => ({ name, version: eb('version', '+', 1), updated_at: sql<Date>`now()` }))
        .where('role_id', '=', roleId);
      if (expected !== undefined) {
        query = query.where('version', '=', expected);
      }
      return (await query.returning('version').executeTakeFirst())?.version;
    },

    async replaceRolePermissions(
      executor: DbExecutor,
      roleId: number,
      permissionIds: readonly number[],
    ): Promise<void> {
      await executor.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
      if (permissionIds.length > 0) {
        await executor
          .insertInto('role_permissions')
          .values(permissionIds.map((permissionId) => ({ role_id: roleId, permission_id: permissionId })))
          .execute();
      }
    },

    async deleteRole(executor: DbExecutor, roleId: number): Promise<void> {
      await executor.deleteFrom('roles').where('role_id', '=', roleId).execute();
    },

    async countUsersOfRole(executor: DbExecutor, roleId: number): Promise<number> {
      const row = await executor
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('role_id', '=', roleId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listPermissions(executor: DbExecutor): Promise<Array<{ id: number; name: string }>> {
      return executor
        .selectFrom('permissions')
        .select(['permission_id as id', 'name'])
        .orderBy('permission_id')
        .execute();
    },

    /** Enabled users whose role holds `permission`, optionally leaving out one user or one role. */
    async countHolders(
      executor: DbExecutor,
      permission: Permission,
      except: { userId?: string; roleId?: number } = {},
    ): Promise<number> {
      let query = executor
        .selectFrom('users')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'users.role_id')
        .innerJoin('permissions', 'permissions.permission_id', 'role_permissions.permission_id')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('permissions.name', '=', permission)
        .where('users.disabled', '=', false);
      if (except.userId !== undefined) {
        query = query.where('users.user_id', '<>', except.userId);
      }
      if (except.roleId !== undefined) {
        query = query.where('users.role_id', '<>', except.roleId);
      }
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
