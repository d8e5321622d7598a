import type { Transaction } from 'kysely';
import type { AdminReview, AdminReviewKind, SentForReview } from '@web-control/contract/reviews';
import type { Clock } from '../../clock.ts';
import type { Database, Db, DbExecutor } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { createApprovalsEngine, type ApprovalKind, type ApprovalRequest } from '../approvals/service.ts';
import type { Actor } from '../audit/audited-change.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import type { AdminChanges, RoleInputData, UserInputData } from './admin-changes.ts';
import { createAdminRepository } from './admin-repository.ts';
import { adminKindSpecs, type Enrolment, type KindSpec } from './admin-review-kinds.ts';
import { adminRefusalOf } from './admin-service.ts';
import type { PasswordResetService } from './password-reset-service.ts';

export const ADMIN_REVIEW_TEXTS = {
  notFound: 'This review request does not exist.',
} as const;

/** One kind, typed by its payload inside and uniform outside. */
interface AdminKind<P, R> {
  engine: ApprovalKind<P>;
  spec: KindSpec<P, R>;
  get: (requestId: string) => Promise<AdminReview>;
  decide: (
    actor: Actor,
    requestId: string,
    decision: 'approve' | 'reject',
    comment: string,
  ) => Promise<AdminReview>;
}

export type AdminReviews = ReturnType<typeof createAdminReviews>;

/**
 * FOUR_EYES=admin: a user or role change becomes a request in the approvals engine, checked by
 * every rule when asked; another administrator's approval makes it with the same rules, only while
 * the user or role is still at the version it was asked against, and audits it as a direct one.
 */
export function createAdminReviews(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  changes: AdminChanges;
  passwords: PasswordResetService;
}) {
  const engine = createApprovalsEngine(deps);
  const repository = createAdminRepository();
  /** A new user's enrolment link, from the approval's transaction to the mail sent once it commits. */
  const enrolments = new Map<string, Enrolment>();

  function register<P, R>(name: AdminReviewKind, spec: KindSpec<P, R>): AdminKind<P, R> {
    const approval = engine.registerKind<P>(name, {
      payloadSchema: spec.schema,
      apply: async (tx: Transaction<Database>, request, reviewer) => {
        await repository.lockAdministration(tx);
        let written;
        try {
          written = await (await spec.plan(tx, reviewer, request.payload)).write();
        } catch (error) {
          throw adminRefusalOf(error) ?? error;
        }
        const enrolment = spec.enrolment?.(request.payload, written.result);
        if (enrolment !== undefined) enrolments.set(request.id, enrolment);
        await deps.audit.record(tx, {
          action: spec.action,
          outcome: AUDIT_OUTCOMES.success,
          actor: reviewer.username,
          clientAddress: reviewer.clientAddress,
          detail: {
            ...spec.target(request.payload),
            ...written.detail,
            requestId: request.id,
            requestedBy: request.requestedBy,
          },
        });
      },
    });
    function review(request: ApprovalRequest<P>): AdminReview {
      const subject = spec.subject?.(request.payload);
      return {
        id: request.id,
        kind: name,
        status: request.status,
        summary: spec.summary(request.payload),
        changes: spec.changes(request.payload),
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt.toISOString(),
        comment: request.comment,
        authors: request.authorIds.map((id) =>
          id === subject?.id ? subject.name : id === request.requestedById ? request.requestedBy : id,
        ),
      };
    }
    return {
      engine: approval,
      spec,
      get: async (requestId) => review(await approval.get(requestId)),
      decide: async (actor, requestId, decision, comment) =>
        review(await approval[decision](actor, requestId, comment)),
    };
  }

  const all = adminKindSpecs(deps.changes);
  const kinds = {
    USER_CREATE: register('USER_CREATE', all.USER_CREATE),
    USER_UPDATE: register('USER_UPDATE', all.USER_UPDATE),
    USER_DELETE: register('USER_DELETE', all.USER_DELETE),
    ROLE_CREATE: register('ROLE_CREATE', all.ROLE_CREATE),
    ROLE_UPDATE: register('ROLE_UPDATE', all.ROLE_UPDATE),
    ROLE_DELETE: register('ROLE_DELETE', all.ROLE_DELETE),
  };
  const list: ReadonlyArray<Pick<AdminKind<unknown, unknown>, 'get' | 'decide'>> = Object.values(kinds);

  async function submit<P, R>(
    kind: AdminKind<P, R>,
    actor: Actor,
    scope: string,
    ask: (tx: DbExecutor) => Promise<P>,
  ): Promise<SentForReview> {
    const request = await kind.engine.submit(actor, async (tx) => {
      const payload = await ask(tx);
      const subject = kind.spec.subject?.(payload);
      return { scope, payload, authorIds: subject === undefined ? [] : [subject.id] };
    });
    return { requestId: request.id, status: 'PENDING' };
  }

  /** Tries each kind: another kind's id is not found there. */
  async function find(requestId: string) {
    for (const kind of list) {
      const review = await kind.get(requestId).catch(() => undefined);
      if (review !== undefined) return { kind, review };
    }
    throw notFound(ADMIN_REVIEW_TEXTS.notFound);
  }

  return {
    createUser: (actor: Actor, input: UserInputData) =>
      submit(kinds.USER_CREATE, actor, input.username, async (tx) => {
        const { state } = await deps.changes.createUser(tx, input);
        const { username, email, msisdn } = input;
        return { username, email, msisdn, roleId: state.role.roleId, roleName: state.role.name };
      }),

    updateUser: (actor: Actor, userId: string, input: UserInputData, expectedVersion?: number) =>
      submit(kinds.USER_UPDATE, actor, userId, async (tx) => {
        const { state } = await deps.changes.updateUser(tx, actor, userId, input, expectedVersion);
        const { before, role } = state;
        return {
          userId,
          version: expectedVersion ?? before.version,
          username: before.username,
          email: input.email,
          msisdn: input.msisdn,
          roleId: role.roleId,
          roleName: role.name,
          before: { email: before.email, msisdn: before.msisdn, roleName: before.roleName },
        };
      }),

    deleteUser: (actor: Actor, userId: string) =>
      submit(kinds.USER_DELETE, actor, userId, async (tx) => {
        const { before } = (await deps.changes.deleteUser(tx, actor, userId, undefined)).state;
        const { username, email, msisdn, roleName, version } = before;
        return { userId, version, username, email, msisdn, roleName };
      }),

    createRole: (actor: Actor, input: RoleInputData) =>
      submit(kinds.ROLE_CREATE, actor, input.role, async (tx) => {
        const { permissions } = (await deps.changes.createRole(tx, input)).state;
        return {
          role: input.role,
          permissionIds: permissions.map((permission) => permission.id),
          permissions: permissions.map((permission) => permission.name),
        };
      }),

    updateRole: (actor: Actor, roleId: number, input: RoleInputData, expectedVersion?: number) =>
      submit(kinds.ROLE_UPDATE, actor, String(roleId), async (tx) => {
        const plan = await deps.changes.updateRole(tx, actor, roleId, input, expectedVersion);
        const { before, permissions } = plan.state;
        return {
          roleId,
          version: expectedVersion ?? before.version,
          role: input.role,
          permissionIds: permissions.map((permission) => permission.id),
          permissions: permissions.map((permission) => permission.name),
          before: { role: before.name, permissions: before.permissions.map((permission) => permission.name) },
        };
      }),

    deleteRole: (actor: Actor, roleId: number) =>
      submit(kinds.ROLE_DELETE, actor, String(roleId), async (tx) => {
        const { before } = (await deps.changes.deleteRole(tx, roleId, undefined)).state;
        return {
          roleId,
          version: before.version,
          role: before.name,
          permissions: before.permissions.map((permission) => permission.name),
        };
      }),

    async get(requestId: string): Promise<AdminReview> {
      return (await find(requestId)).review;
    },

    /** An approved new user gets their enrolment mail once the approval has committed. */
    async decide(
      actor: Actor,
      requestId: string,
      decision: 'approve' | 'reject',
      comment: string,
    ): Promise<AdminReview> {
      const { kind, review } = await find(requestId);
      try {
        const decided = await kind.decide(actor, review.id, decision, comment);
        const enrolment = enrolments.get(review.id);
        if (enrolment !== undefined) {
          const { userId, username, email, link } = enrolment;
          await deps.passwords.sendEnrolmentMail({ userId, username, email }, link, actor);
        }
        return decided;
      } finally {
        enrolments.delete(review.id);
      }
    },

    /** The inbox's summary of a stored request; empty for a payload no kind reads. */
    summaryOf(kind: string, payload: unknown): string {
      const spec = (all as Record<string, KindSpec<unknown> | undefined>)[kind];
      const parsed = spec?.schema.safeParse(payload);
      return spec !== undefined && parsed?.success === true ? spec.summary(parsed.data) : '';
    },
  };
}
