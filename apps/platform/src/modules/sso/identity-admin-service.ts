import { SSO_IDENTITY_MESSAGES, type IdentityLinkInput, type UserIdentity } from '@web-control/contract/sso';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { ADMIN_MESSAGES } from '../auth/admin-service.ts';
import type { ExternalSignIn } from '../auth/service.ts';
import { createSsoRepository } from './repository.ts';
import { SSO_AUDIT_ACTIONS } from './service.ts';
import type { UserIdentityRow } from './table.ts';

export interface IdentityAdminServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** The auth module's users, read through its exported service (this module never reads `users`). */
  users: Pick<ExternalSignIn, 'findUserById'>;
}

interface LinkResult {
  identity: UserIdentity;
  username: string;
  replaced: Array<{ subject: string; linkedBy: string }>;
}

function toIdentity(row: UserIdentityRow): UserIdentity {
  return {
    identityId: row.identity_id,
    issuer: row.issuer,
    subject: row.subject,
    linkedBy: row.linked_by,
    linkedAt: row.created_at.toISOString(),
    lastSignInAt: row.last_login_at?.toISOString() ?? null,
  };
}

/** An administrator's view and links of the external identities that sign in as a user. */
export function createIdentityAdminService(deps: IdentityAdminServiceDeps) {
  const repository = createSsoRepository();
  const { db, clock, users } = deps;
  const runAuditedChange = createAuditedChange({ db, audit: deps.audit });

  async function requireUser(executor: DbExecutor, userId: string) {
    const user = await users.findUserById(executor, userId);
    if (user === undefined) {
      throw notFound(ADMIN_MESSAGES.userNotFound);
    }
    return user;
  }

  return {
    async listIdentities(userId: string): Promise<UserIdentity[]> {
      await requireUser(db, userId);
      return (await repository.listIdentitiesOfUser(db, userId)).map(toIdentity);
    },

    /**
     * Links (issuer, subject) to the user as the administrator's link. An identity already linked
     * to another user is a 409; the user's other identities at the same issuer are replaced.
     */
    async linkIdentity(userId: string, input: IdentityLinkInput, actor: Actor): Promise<UserIdentity> {
      const { issuer, subject } = input;
      const result = await runAuditedChange<LinkResult>(
        actor,
        {
          action: SSO_AUDIT_ACTIONS.identityLinked,
          target: { userId, issuer, subject, linkedBy: 'administrator' },
          // Two administrators linking the same identity at once: the second insert hits the unique key.
          refusalOf: (error) =>
            isUniqueViolation(error) ? conflict(SSO_IDENTITY_MESSAGES.linkedJustNow) : undefined,
          describe: (result) => ({ username: result.username, replaced: result.replaced }),
        },
        async (tx): Promise<LinkResult> => {
          const user = await requireUser(tx, userId);
          const existing = await repository.findIdentity(tx, issuer, subject);
          if (existing !== undefined && existing.user_id !== userId) {
            const owner = await users.findUserById(tx, existing.user_id);
            throw conflict(SSO_IDENTITY_MESSAGES.linkedToAnother(owner?.username ?? existing.user_id));
          }
          const replaced = await repository.deleteOtherIdentitiesAtIssuer(tx, userId, issuer, subject);
          let row: UserIdentityRow;
          if (existing === undefined) {
            row = await repository.insertAdministratorLink(tx, { issuer, subject, userId, now: clock.now() });
          } else {
            await repository.setLinkMethod(tx, existing.identity_id, 'administrator');
            row = { ...existing, linked_by: 'administrator' };
          }
          return {
            identity: toIdentity(row),
            username: user.username,
            replaced: replaced.map((identity) => ({
              subject: identity.subject,
              linkedBy: identity.linked_by,
            })),
          };
        },
      );
      return result.identity;
    },

    /** Removes the link; the identity can then sign in only by a verified e-mail again. */
    async unlinkIdentity(userId: string, input: IdentityLinkInput, actor: Actor): Promise<void> {
      const { issuer, subject } = input;
      await runAuditedChange<{ username: string; linkedBy: string }>(
        actor,
        {
          action: SSO_AUDIT_ACTIONS.identityUnlinked,
          target: { userId, issuer, subject },
          describe: (result) => result,
        },
        async (tx) => {
          const user = await requireUser(tx, userId);
          const removed = await repository.deleteIdentityOfUser(tx, userId, issuer, subject);
          if (removed === undefined) {
            throw notFound(SSO_IDENTITY_MESSAGES.notLinked);
          }
          return { username: user.username, linkedBy: removed.linked_by };
        },
      );
    },
  };
}

export type IdentityAdminService = ReturnType<typeof createIdentityAdminService>;
