import type { z } from 'zod';
import {
  CHANGE_HELD_ROLE_MESSAGE,
  CHANGE_OWN_ROLE_MESSAGE,
  DELETE_SELF_MESSAGE,
  type Role,
  type User,
  type roleInputSchema,
  type userInputSchema,
} from '@web-control/contract/admin';
import type { Permission } from '@web-control/contract/permissions';
import type { Clock } from '../../clock.ts';
import type { DbExecutor } from '../../db/schema.ts';
import { badRequest, conflict, fieldConflict, notFound } from '../../errors.ts';
import type { Actor } from '../audit/audited-change.ts';
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
  signInUnlocked: 'USER_SIGN_IN_UNLOCKED',
  roleCreated: 'ROLE_CREATED',
  roleUpdated: 'ROLE_UPDATED',
  roleDeleted: 'ROLE_DELETED',
} as const;

export const ADMIN_MESSAGES = {
  userNotFound: 'This user does not exist',
  notLockedOut: 'This user is not locked out.',
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
  deleteSelf: DELETE_SELF_MESSAGE,
  changeOwnRole: CHANGE_OWN_ROLE_MESSAGE,
  changeHeldRole: CHANGE_HELD_ROLE_MESSAGE,
  deleteLastHolder: `This user is the last one holding ${ADMIN_PERMISSION} and cannot be deleted`,
  demoteLastHolder: `This user is the last one holding ${ADMIN_PERMISSION}; give it to someone else first`,
  stripLastHolders: `The users of this role are the last ones holding ${ADMIN_PERMISSION}; it cannot be removed from the role`,
  roleInUse: (role: string, users: number) =>
    `The role "${role}" is held by ${users} ${users === 1 ? 'user' : 'users'}; give ${users === 1 ? 'them' : 'each of them'} another role first`,
} as const;

export function toUser(record: AdminUserRecord): User & { roles: NonNullable<User['roles']> } {
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

export function toRole(record: AdminRoleRecord): Role {
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

/** What a change writes, and the detail its audit row records. */
export interface Written<T> {
  result: T;
  detail: Record<string, unknown>;
}

/**
 * A change checked against the data as it is now (every rule, with `actor` as whoever makes it),
 * not yet written: FOUR_EYES=admin checks at the request and again at the approval, which writes.
 */
export interface Planned<T, S> {
  /** What the checks read: the request's payload is made from it. */
  state: S;
  write: () => Promise<Written<T>>;
}

/**
 * Each administration change as a plan, run inside the caller's transaction (which holds the
 * administration lock when it writes). `expectedVersion`, when given, refuses a change made
 * against an older version with the user or role as they are now.
 */
export function createAdminChanges(deps: { clock: Clock; passwords: PasswordResetService }) {
  const repository = createAdminRepository();
  const authRepository = createAuthRepository();
  const { clock, passwords } = deps;

  async function requireRole(tx: DbExecutor, roleId: number): Promise<AdminRoleRecord> {
    const role = await repository.findRole(tx, roleId);
    if (role === undefined) {
      throw badRequest(ADMIN_MESSAGES.unknownRole(roleId), 'roles');
    }
    return role;
  }

  async function requireUser(tx: DbExecutor, userId: string, expectedVersion: number | undefined) {
    const before = await repository.findUser(tx, userId);
    if (before === undefined) {
      throw notFound(ADMIN_MESSAGES.userNotFound);
    }
    if (expectedVersion !== undefined && before.version !== expectedVersion) {
      throw staleUser(before);
    }
    return before;
  }

  async function requireRoleAt(tx: DbExecutor, roleId: number, expectedVersion: number | undefined) {
    const before = await repository.findRole(tx, roleId);
    if (before === undefined) {
      throw notFound(ADMIN_MESSAGES.roleNotFound);
    }
    if (expectedVersion !== undefined && before.version !== expectedVersion) {
      throw staleRole(before);
    }
    return before;
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
    /** The user is created without a password; the enrolment link goes out once this commits. */
    async createUser(
      tx: DbExecutor,
      input: UserInputData,
    ): Promise<Planned<{ userId: string; link: string }, { role: AdminRoleRecord }>> {
      if (await repository.usernameTaken(tx, input.username)) {
        throw fieldConflict(ADMIN_MESSAGES.usernameTaken(input.username), 'username');
      }
      const role = await requireRole(tx, input.roles[0]?.roleId ?? 0);
      return {
        state: { role },
        write: async () => {
          const fields = { email: input.email, msisdn: input.msisdn, roleId: role.roleId };
          const userId = await repository.insertUser(tx, { ...fields, username: input.username });
          const link = await passwords.createEnrolmentLink(tx, userId);
          return {
            result: { userId, link },
            detail: { userId, username: input.username, ...fields, role: role.name },
          };
        },
      };
    },

    /** Answers the new version. */
    async updateUser(
      tx: DbExecutor,
      actor: Actor,
      userId: string,
      input: UserInputData,
      expectedVersion: number | undefined,
    ): Promise<Planned<number, { before: AdminUserRecord; role: AdminRoleRecord }>> {
      const roleId = input.roles[0]?.roleId ?? 0;
      const before = await requireUser(tx, userId, expectedVersion);
      if (input.username !== before.username) {
        throw badRequest(ADMIN_MESSAGES.usernameUnchangeable(before.username), 'username');
      }
      // Nobody picks their own permissions: not more (escalation), not fewer (locking themselves out).
      if (userId === actor.userId && roleId !== before.roleId) {
        throw fieldConflict(ADMIN_MESSAGES.changeOwnRole, 'roles');
      }
      const role = await requireRole(tx, roleId);
      if (!holdsAdminPermission(role)) {
        const roleBefore = before.roleId === null ? undefined : await repository.findRole(tx, before.roleId);
        if (
          holdsAdminPermission(roleBefore) &&
          (await repository.countHolders(tx, ADMIN_PERMISSION, { userId })) === 0
        ) {
          throw conflict(ADMIN_MESSAGES.demoteLastHolder);
        }
      }
      return {
        state: { before, role },
        write: async () => {
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
        },
      };
    },

    /** Deleting a user ends their sessions at once: refresh tokens go with them, access tokens stop at the guard. */
    async deleteUser(
      tx: DbExecutor,
      actor: Actor,
      userId: string,
      expectedVersion: number | undefined,
    ): Promise<Planned<undefined, { before: AdminUserRecord }>> {
      if (userId === actor.userId) {
        throw conflict(ADMIN_MESSAGES.deleteSelf);
      }
      const before = await requireUser(tx, userId, expectedVersion);
      const role = before.roleId === null ? undefined : await repository.findRole(tx, before.roleId);
      if (
        holdsAdminPermission(role) &&
        (await repository.countHolders(tx, ADMIN_PERMISSION, { userId })) === 0
      ) {
        throw conflict(ADMIN_MESSAGES.deleteLastHolder);
      }
      return {
        state: { before },
        write: async () => {
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
        },
      };
    },

    async createRole(
      tx: DbExecutor,
      input: RoleInputData,
    ): Promise<Planned<{ roleId: number }, { permissions: Array<{ id: number; name: string }> }>> {
      if (await repository.roleNameTaken(tx, input.role)) {
        throw fieldConflict(ADMIN_MESSAGES.roleNameTaken(input.role), 'role');
      }
      const permissions = await resolvePermissions(tx, input.permissions);
      return {
        state: { permissions },
        write: async () => {
          const roleId = await repository.insertRole(tx, input.role);
          await repository.replaceRolePermissions(
            tx,
            roleId,
            permissions.map((permission) => permission.id),
          );
          return {
            result: { roleId },
            detail: {
              roleId,
              role: input.role,
              permissions: permissions.map((permission) => permission.name),
            },
          };
        },
      };
    },

    /** Answers the new version. */
    async updateRole(
      tx: DbExecutor,
      actor: Actor,
      roleId: number,
      input: RoleInputData,
      expectedVersion: number | undefined,
    ): Promise<
      Planned<number, { before: AdminRoleRecord; permissions: Array<{ id: number; name: string }> }>
    > {
      const before = await requireRoleAt(tx, roleId, expectedVersion);
      if (await repository.roleNameTaken(tx, input.role, roleId)) {
        throw fieldConflict(ADMIN_MESSAGES.roleNameTaken(input.role), 'role');
      }
      const own = actor.userId === null ? undefined : await repository.findUser(tx, actor.userId);
      if (own?.roleId === roleId) {
        throw conflict(ADMIN_MESSAGES.changeHeldRole);
      }
      const permissions = await resolvePermissions(tx, input.permissions);
      const keepsAdmin = permissions.some((permission) => permission.name === ADMIN_PERMISSION);
      if (
        holdsAdminPermission(before) &&
        !keepsAdmin &&
        (await repository.countUsersOfRole(tx, roleId)) > 0 &&
        (await repository.countHolders(tx, ADMIN_PERMISSION, { roleId })) === 0
      ) {
        throw conflict(ADMIN_MESSAGES.stripLastHolders);
      }
      return {
        state: { before, permissions },
        write: async () => {
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
        },
      };
    },

    /** A role someone holds is never deleted (its users would silently lose every permission). */
    async deleteRole(
      tx: DbExecutor,
      roleId: number,
      expectedVersion: number | undefined,
    ): Promise<Planned<undefined, { before: AdminRoleRecord }>> {
      const before = await requireRoleAt(tx, roleId, expectedVersion);
      const holders = await repository.countUsersOfRole(tx, roleId);
      if (holders > 0) {
        throw conflict(ADMIN_MESSAGES.roleInUse(before.name, holders));
      }
      return {
        state: { before },
        write: async () => {
          await repository.deleteRole(tx, roleId);
          return {
            result: undefined,
            detail: {
              roleId,
              role: before.name,
              permissions: before.permissions.map((permission) => permission.name),
            },
          };
        },
      };
    },
  };
}

export type AdminChanges = ReturnType<typeof createAdminChanges>;
