import type { z } from 'zod';
import type {
  PermissionOption,
  Role,
  User,
  roleInputSchema,
  userInputSchema,
} from '@web-control/contract/admin';
import type { Permission } from '@web-control/contract/permissions';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor, type AuditedChange } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { createAdminRepository, type AdminRoleRecord, type AdminUserRecord } from './admin-repository.ts';
import type { PasswordResetService } from './password-reset-service.ts';
import { createAuthRepository } from './repository.ts';

export type UserInputData = z.output<typeof userInputSchema>;
export type RoleInputData = z.output<typeof roleInputSchema>;

/** The permission that opens administration; someone must always hold it. */
export const ADMIN_PERMISSION: Permission = 'MANAGE_USERS';

export const ADMIN_AUDIT_ACTIONS = {
  userCreated: 'USER_CREATED',
  userUpdated: 'USER_UPDATED',
  userDeleted: 'USER_DELETED',
  roleCreated: 'ROLE_CREATED',
  roleUpdated: 'ROLE_UPDATED',
  roleDeleted: 'ROLE_DELETED',
} as const;

export const ADMIN_MESSAGES = {
  userNotFound: 'This user does not exist',
  userChanged: 'Someone else changed this user while you were editing.',
  roleChanged: 'Someone else changed this role while you were editing.',
  roleNotFound: 'This role does not exist',
  usernameTaken: (username: string) => `A user named "${username}" already exists`,
  roleNameTaken: (role: string) => `A role named "${role}" already exists`,
  nameTaken: 'A user or role with this name already exists',
  usernameUnchangeable: (username: string) => `The username cannot be changed (it is "${username}")`,
  unknownRole: (roleId: number) => `Role ${roleId} does not exist`,
  unknownPermissions: (ids: readonly number[]) =>
    ids.length === 1 ? `Permission ${ids[0]} does not exist` : `Permissions ${ids.join(', ')} do not exist`,
  deleteSelf: 'You cannot delete your own account',
  changeOwnRole: 'You cannot change your own role; ask another administrator',
  changeHeldRole: 'You cannot change a role you hold; ask another administrator',
  deleteLastHolder: `This user is the last one holding ${ADMIN_PERMISSION} and cannot be deleted`,
  demoteLastHolder: `This user is the last one holding ${ADMIN_PERMISSION}; give it to someone else first`,
  stripLastHolders: `The users of this role are the last ones holding ${ADMIN_PERMISSION}; it cannot be removed from the role`,
  roleInUse: (role: string, users: number) =>
    `The role "${role}" is held by ${users} ${users === 1 ? 'user' : 'users'}; give ${users === 1 ? 'them' : 'each of them'} another role first`,
} as const;

export interface AdminServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  passwords: PasswordResetService;
}

function toUser(record: AdminUserRecord): User & { roles: NonNullable<User['roles']> } {
  return {
    userId: record.userId,
    username: record.username,
    email: record.email,
    msisdn: record.msisdn,
    roles:
      record.roleId === null || record.roleName === null
        ? []
        : [{ roleId: record.roleId, role: record.roleName }],
    version: record.version,
  };
}

function toRole(record: AdminRoleRecord): Role {
  return {
    roleId: record.roleId,
    role: record.name,
    permissions: record.permissions.map((permission) => ({ id: permission.id, permission: permission.name })),
    version: record.version,
  };
}

/** A save made against an older version: 409 with the user or role as they are now. */
function staleUser(current: AdminUserRecord) {
  return conflict(ADMIN_MESSAGES.userChanged, { current: toUser(current) });
}

function staleRole(current: AdminRoleRecord) {
  return conflict(ADMIN_MESSAGES.roleChanged, { current: toRole(current) });
}

function holdsAdminPermission(role: AdminRoleRecord | undefined): boolean {
  return role?.permissions.some((permission) => permission.name === ADMIN_PERMISSION) ?? false;
}

/** { field: { from, to } } for each field whose value differs. */
function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
}

export function createAdminService(deps: AdminServiceDeps) {
  const repository = createAdminRepository();
  const authRepository = createAuthRepository();
  const { db, clock, audit, passwords } = deps;

  const runAuditedChange = createAuditedChange({ db, audit });

  /**
   * One audited change, serialised with every other administration change; a second user or role
   * of the same name (a race the checks did not see) is a 409. The work returns its result and
   * the detail its success row records.
   */
  async function change<T>(
    actor: Actor,
    action: string,
    target: Record<string, unknown>,
    work: (tx: DbExecutor) => Promise<{ result: T; detail: Record<string, unknown> }>,
  ): Promise<T> {
    const audited: AuditedChange<{ result: T; detail: Record<string, unknown> }> = {
      action,
      target,
      lock: (tx) => repository.lockAdministration(tx),
      refusalOf: (error) => (isUniqueViolation(error) ? conflict(ADMIN_MESSAGES.nameTaken) : undefined),
      describe: ({ detail }) => detail,
    };
    return (await runAuditedChange(actor, audited, work)).result;
  }

  async function requireRole(tx: DbExecutor, roleId: number): Promise<AdminRoleRecord> {
    const role = await repository.findRole(tx, roleId);
    if (role === undefined) {
      throw badRequest(ADMIN_MESSAGES.unknownRole(roleId), 'roles');
    }
    return role;
  }

  /** The permissions named by id, each once; unknown ids are a 400 naming them. */
  async function resolvePermissions(tx: DbExecutor, ids: ReadonlyArray<{ id: number }>) {
    const known = new Map(
      (await repository.listPermissions(tx)).map((permission) => [permission.id, permission]),
    );
    const wanted = [...new Set(ids.map((permission) => permission.id))];
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badRequest(ADMIN_MESSAGES.unknownPermissions(unknown), 'permissions');
    }
    return wanted.flatMap((id) => known.get(id) ?? []).sort((a, b) => a.id - b.id);
  }

  return {
    async listUsers(): Promise<User[]> {
      return (await repository.listUsers(db)).map(toUser);
    },

    async getUser(userId: string): Promise<User> {
      const record = await repository.findUser(db, userId);
      if (record === undefined) {
        throw notFound(ADMIN_MESSAGES.userNotFound);
      }
      return toUser(record);
    },

    /** Creates the user without a password and mails them an enrolment link. */
    async createUser(input: UserInputData, actor: Actor): Promise<{ userId: string }> {
      const roleId = input.roles[0]?.roleId ?? 0;
      const created = await change(
        actor,
        ADMIN_AUDIT_ACTIONS.userCreated,
        { username: input.username },
        async (tx) => {
          if (await repository.usernameTaken(tx, input.username)) {
            throw conflict(ADMIN_MESSAGES.usernameTaken(input.username));
          }
          const role = await requireRole(tx, roleId);
          const fields = { email: input.email, msisdn: input.msisdn, roleId };
          const userId = await repository.insertUser(tx, { ...fields, username: input.username });
          const link = await passwords.createEnrolmentLink(tx, userId);
          return {
            result: { userId, link },
            detail: { userId, username: input.username, ...fields, role: role.name },
          };
        },
      );
      await passwords.sendEnrolmentMail(
        { userId: created.userId, username: input.username, email: input.email },
        created.link,
        actor,
      );
      return { userId: created.userId };
    },

    /**
     * `expectedVersion` (If-Match) makes the save conditional: made against an older version it is
     * refused with the user as they are now. Answers the new version.
     */
    async updateUser(
      userId: string,
      input: UserInputData,
      actor: Actor,
      expectedVersion?: number,
    ): Promise<number> {
      const roleId = input.roles[0]?.roleId ?? 0;
      return change(actor, ADMIN_AUDIT_ACTIONS.userUpdated, { userId }, async (tx) => {
        const before = await repository.findUser(tx, userId);
        if (before === undefined) {
          throw notFound(ADMIN_MESSAGES.userNotFound);
        }
        if (expectedVersion !== undefined && before.version !== expectedVersion) {
          throw staleUser(before);
        }
        if (input.username !== before.username) {
          throw badRequest(ADMIN_MESSAGES.usernameUnchangeable(before.username), 'username');
        }
        // Nobody picks their own permissions: not more (escalation), not fewer (locking themselves out).
        if (userId === actor.userId && roleId !== before.roleId) {
          throw conflict(ADMIN_MESSAGES.changeOwnRole);
        }
        const role = await requireRole(tx, roleId);
        if (!holdsAdminPermission(role)) {
          const roleBefore =
            before.roleId === null ? undefined : await repository.findRole(tx, before.roleId);
          if (
            holdsAdminPermission(roleBefore) &&
            (await repository.countHolders(tx, ADMIN_PERMISSION, { userId })) === 0
          ) {
            throw conflict(ADMIN_MESSAGES.demoteLastHolder);
          }
        }
        const after = { email: input.email, msisdn: input.msisdn, roleId };
        const version = await repository.updateUser(tx, userId, after, expectedVersion);
        if (version === undefined) {
          throw staleUser((await repository.findUser(tx, userId)) ?? before);
        }
        if (roleId !== before.roleId) {
          await authRepository.bumpAuthzVersionOfUser(tx, userId);
        }
        // A link mailed to the old address must not outlive the address.
        const spentLinks =
          input.email === before.email ? 0 : await passwords.spendOpenLinksOfUser(tx, userId);
        const changes = describeChanges(
          { email: before.email, msisdn: before.msisdn, roleId: before.roleId, role: before.roleName },
          { ...after, role: role.name },
        );
        return {
          result: version,
          detail: {
            userId,
            username: before.username,
            version,
            changes,
            ...(spentLinks > 0 ? { spentLinks } : {}),
          },
        };
      });
    },

    /** Deleting a user ends their sessions at once: refresh tokens go with them, access tokens stop at the guard. */
    async deleteUser(userId: string, actor: Actor): Promise<void> {
      await change(actor, ADMIN_AUDIT_ACTIONS.userDeleted, { userId }, async (tx) => {
        if (userId === actor.userId) {
          throw conflict(ADMIN_MESSAGES.deleteSelf);
        }
        const before = await repository.findUser(tx, userId);
        if (before === undefined) {
          throw notFound(ADMIN_MESSAGES.userNotFound);
        }
        const role = before.roleId === null ? undefined : await repository.findRole(tx, before.roleId);
        if (
          holdsAdminPermission(role) &&
          (await repository.countHolders(tx, ADMIN_PERMISSION, { userId })) === 0
        ) {
          throw conflict(ADMIN_MESSAGES.deleteLastHolder);
        }
        const revokedSessions = await authRepository.revokeRefreshTokensOfUser(tx, userId, clock.now());
        await repository.deleteUser(tx, userId);
        return {
          result: undefined,
          detail: {
            userId,
            username: before.username,
            email: before.email,
            msisdn: before.msisdn,
            roleId: before.roleId,
            role: before.roleName,
            revokedSessions,
          },
        };
      });
    },

    async listRoles(): Promise<Role[]> {
      return (await repository.listRoles(db)).map(toRole);
    },

    async listPermissions(): Promise<PermissionOption[]> {
      return (await repository.listPermissions(db)).map((permission) => ({
        id: permission.id,
        permission: permission.name,
      }));
    },

    async createRole(input: RoleInputData, actor: Actor): Promise<{ roleId: number }> {
      return change(actor, ADMIN_AUDIT_ACTIONS.roleCreated, { role: input.role }, async (tx) => {
        if (await repository.roleNameTaken(tx, input.role)) {
          throw conflict(ADMIN_MESSAGES.roleNameTaken(input.role));
        }
        const permissions = await resolvePermissions(tx, input.permissions);
        const roleId = await repository.insertRole(tx, input.role);
        await repository.replaceRolePermissions(
          tx,
          roleId,
          permissions.map((permission) => permission.id),
        );
        return {
          result: { roleId },
          detail: { roleId, role: input.role, permissions: permissions.map((permission) => permission.name) },
        };
      });
    },

    /** As updateUser: conditional on `expectedVersion` when given; answers the new version. */
    async updateRole(
      roleId: number,
      input: RoleInputData,
      actor: Actor,
      expectedVersion?: number,
    ): Promise<number> {
      return change(actor, ADMIN_AUDIT_ACTIONS.roleUpdated, { roleId }, async (tx) => {
        const before = await repository.findRole(tx, roleId);
        if (before === undefined) {
          throw notFound(ADMIN_MESSAGES.roleNotFound);
        }
        if (expectedVersion !== undefined && before.version !== expectedVersion) {
          throw staleRole(before);
        }
        if (await repository.roleNameTaken(tx, input.role, roleId)) {
          throw conflict(ADMIN_MESSAGES.roleNameTaken(input.role));
        }
        const own = actor.userId === null ? undefined : await repository.findUser(tx, actor.userId);
        if (own?.roleId === roleId) {
          throw conflict(ADMIN_MESSAGES.changeHeldRole);
        }
        const permissions = await resolvePermissions(tx, input.permissions);
        const keepsAdmin = permissions.some((permission) => permission.name === ADMIN_PERMISSION);
        if (holdsAdminPermission(before) && !keepsAdmin) {
          if (
            (await repository.countUsersOfRole(tx, roleId)) > 0 &&
            (await repository.countHolders(tx, ADMIN_PERMISSION, { roleId })) === 0
          ) {
            throw conflict(ADMIN_MESSAGES.stripLastHolders);
          }
        }
        const version = await repository.updateRole(tx, roleId, input.role, expectedVersion);
        if (version === undefined) {
          throw staleRole((await repository.findRole(tx, roleId)) ?? before);
        }
        await repository.replaceRolePermissions(
          tx,
          roleId,
          permissions.map((permission) => permission.id),
        );
        await authRepository.bumpAuthzVersionOfRole(tx, roleId);
        const namesBefore = before.permissions.map((permission) => permission.name);
        const namesAfter = permissions.map((permission) => permission.name);
        return {
          result: version,
          detail: {
            roleId,
            role: input.role,
            version,
            changes: {
              ...describeChanges({ role: before.name }, { role: input.role }),
              ...(namesBefore.join() === namesAfter.join()
                ? {}
                : { permissions: { from: namesBefore, to: namesAfter } }),
            },
          },
        };
      });
    },

    /** A role someone holds is never deleted (its users would silently lose every permission). */
    async deleteRole(roleId: number, actor: Actor): Promise<void> {
      await change(actor, ADMIN_AUDIT_ACTIONS.roleDeleted, { roleId }, async (tx) => {
        const before = await repository.findRole(tx, roleId);
        if (before === undefined) {
          throw notFound(ADMIN_MESSAGES.roleNotFound);
        }
        const holders = await repository.countUsersOfRole(tx, roleId);
        if (holders > 0) {
          throw conflict(ADMIN_MESSAGES.roleInUse(before.name, holders));
        }
        await repository.deleteRole(tx, roleId);
        return {
          result: undefined,
          detail: {
            roleId,
            role: before.name,
            permissions: before.permissions.map((permission) => permission.name),
          },
        };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
