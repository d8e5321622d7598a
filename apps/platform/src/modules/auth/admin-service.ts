import type { PermissionOption, Role, SignInLock, User } from '@web-control/contract/admin';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor, type AuditedChange } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_MESSAGES,
  createAdminChanges,
  toRole,
  toUser,
  type AdminChanges,
  type RoleInputData,
  type UserInputData,
  type Written,
} from './admin-changes.ts';
import { createAdminRepository, type SignInLockRecord } from './admin-repository.ts';
import { createAuthRepository } from './repository.ts';
import type { PasswordResetService } from './password-reset-service.ts';

export {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_MESSAGES,
  ADMIN_PERMISSION,
  type RoleInputData,
  type UserInputData,
} from './admin-changes.ts';

export interface AdminServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  passwords: PasswordResetService;
}

/** A second user or role of the same name (a race the checks did not see) is a 409. */
export function adminRefusalOf(error: unknown) {
  return isUniqueViolation(error) ? conflict(ADMIN_MESSAGES.nameTaken) : undefined;
}

/** A lock past its time is none: the next right password signs in. */
function signInLockOf(record: SignInLockRecord, now: Date): SignInLock {
  const locked = record.lockedUntil !== null && record.lockedUntil > now;
  return {
    lockedUntil: locked ? (record.lockedUntil?.toISOString() ?? null) : null,
    failedAttempts: record.failedAttempts,
  };
}

export function createAdminService(deps: AdminServiceDeps) {
  const repository = createAdminRepository();
  const signIns = createAuthRepository();
  const { db, clock, audit, passwords } = deps;
  const changes: AdminChanges = createAdminChanges(deps);
  const runAuditedChange = createAuditedChange({ db, audit });

  /**
   * One audited change, serialised with every other administration change. The work returns its
   * result and the detail its success row records.
   */
  async function change<T>(
    actor: Actor,
    action: string,
    target: Record<string, unknown>,
    work: (tx: DbExecutor) => Promise<Written<T>>,
  ): Promise<T> {
    const audited: AuditedChange<Written<T>> = {
      action,
      target,
      lock: (tx) => repository.lockAdministration(tx),
      refusalOf: adminRefusalOf,
      describe: ({ detail }) => detail,
    };
    return (await runAuditedChange(actor, audited, work)).result;
  }

  return {
    /** The changes as plans, for FOUR_EYES=admin to check at the request and make at the approval. */
    changes,

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

    async getSignInLock(userId: string): Promise<SignInLock> {
      const record = await repository.findSignInLock(db, userId);
      if (record === undefined) throw notFound(ADMIN_MESSAGES.userNotFound);
      return signInLockOf(record, clock.now());
    },

    /**
     * Lets a locked-out user try their password again at once (the lock and the count go); a user
     * not locked is refused, so an unlock never just forgets wrong passwords. Made directly, with
     * FOUR_EYES=admin too (decision 0075).
     */
    async unlockSignIn(userId: string, actor: Actor): Promise<void> {
      await change(actor, ADMIN_AUDIT_ACTIONS.signInUnlocked, { userId }, async (tx) => {
        const record = await repository.findSignInLock(tx, userId);
        if (record === undefined) throw notFound(ADMIN_MESSAGES.userNotFound);
        const before = signInLockOf(record, clock.now());
        if (before.lockedUntil === null) throw conflict(ADMIN_MESSAGES.notLockedOut);
        await signIns.resetFailedLogins(tx, userId);
        return { result: undefined, detail: { before } };
      });
    },

    /** Creates the user without a password and mails them an enrolment link. */
    async createUser(input: UserInputData, actor: Actor): Promise<{ userId: string }> {
      const created = await change(
        actor,
        ADMIN_AUDIT_ACTIONS.userCreated,
        { username: input.username },
        async (tx) => (await changes.createUser(tx, input)).write(),
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
    updateUser(
      userId: string,
      input: UserInputData,
      actor: Actor,
      expectedVersion?: number,
    ): Promise<number> {
      return change(actor, ADMIN_AUDIT_ACTIONS.userUpdated, { userId }, async (tx) =>
        (await changes.updateUser(tx, actor, userId, input, expectedVersion)).write(),
      );
    },

    async deleteUser(userId: string, actor: Actor): Promise<void> {
      await change(actor, ADMIN_AUDIT_ACTIONS.userDeleted, { userId }, async (tx) =>
        (await changes.deleteUser(tx, actor, userId, undefined)).write(),
      );
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

    createRole(input: RoleInputData, actor: Actor): Promise<{ roleId: number }> {
      return change(actor, ADMIN_AUDIT_ACTIONS.roleCreated, { role: input.role }, async (tx) =>
        (await changes.createRole(tx, input)).write(),
      );
    },

    /** As updateUser: conditional on `expectedVersion` when given; answers the new version. */
    updateRole(
      roleId: number,
      input: RoleInputData,
      actor: Actor,
      expectedVersion?: number,
    ): Promise<number> {
      return change(actor, ADMIN_AUDIT_ACTIONS.roleUpdated, { roleId }, async (tx) =>
        (await changes.updateRole(tx, actor, roleId, input, expectedVersion)).write(),
      );
    },

    async deleteRole(roleId: number, actor: Actor): Promise<void> {
      await change(actor, ADMIN_AUDIT_ACTIONS.roleDeleted, { roleId }, async (tx) =>
        (await changes.deleteRole(tx, roleId, undefined)).write(),
      );
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
