import type { Transaction } from 'kysely';
import { z } from 'zod';
import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import type { Clock } from '../../clock.ts';
import type { Database, Db, DbExecutor } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { createApprovalsRepository, type PendingReviewsFilter } from './repository.ts';
import { APPROVAL_STATUSES, type ApprovalRequestRow, type ApprovalStatus } from './table.ts';

export const APPROVAL_AUDIT_ACTIONS = {
  requested: 'APPROVAL_REQUESTED',
  approved: 'APPROVAL_APPROVED',
  rejected: 'APPROVAL_REJECTED',
} as const;

export const APPROVAL_COMMENT_MAX_LENGTH = 1000;

export const APPROVAL_MESSAGES = {
  notFound: 'This approval request does not exist.',
  ownChanges: OWN_CHANGES_REVIEW_MESSAGE,
  signedInReviewer: 'Only a signed-in user can review a request.',
  commentRequired: 'Please enter a comment explaining your decision.',
  commentTooLong: `A comment can be at most ${APPROVAL_COMMENT_MAX_LENGTH} characters.`,
  scopeRequired: 'Please say what the request is about.',
  invalidPayload: 'The details of this request are not valid.',
  alreadyApproved: 'This request has already been approved.',
  alreadyRejected: 'This request has already been rejected.',
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const authorIdsSchema = z.array(z.string());

/**
 * Four-eyes, the one check of every review (approval requests and map reviews alike): only a
 * signed-in user who authored none of the changes may review, whoever submitted them. Returns the
 * reviewer's user id.
 */
export function assertReviewerIsNotAuthor(actor: Actor, authorIds: Iterable<string>): string {
  if (actor.userId === null) {
    throw forbidden(APPROVAL_MESSAGES.signedInReviewer);
  }
  if (new Set(authorIds).has(actor.userId)) {
    throw forbidden(APPROVAL_MESSAGES.ownChanges);
  }
  return actor.userId;
}

export interface ApprovalReview {
  reviewedById: string;
  reviewedBy: string;
  reviewedAt: Date;
  comment: string;
}

export interface ApprovalRequest<P> {
  id: string;
  kind: string;
  /** What the request is about, e.g. a process or a configuration map id. */
  scope: string;
  payload: P;
  status: ApprovalStatus;
  /** null when the platform itself asked. */
  requestedById: string | null;
  requestedBy: string;
  requestedAt: Date;
  /** Everyone whose changes the request holds (the requester among them): none may review it. */
  authorIds: string[];
  comment: string | null;
  /** null while pending. */
  review: ApprovalReview | null;
}

export interface ApprovalKindHandler<P> {
  /** Checks a payload at submission and types the stored one when it is read back. */
  payloadSchema: z.ZodType<P>;
  /**
   * Makes the approved change, in the review's own transaction: a refusal thrown here (an
   * AppError) rolls the approval back and leaves the request pending.
   */
  apply(tx: Transaction<Database>, request: ApprovalRequest<P>, reviewer: Actor): Promise<void>;
  /** Optional: runs in the rejection's own transaction, e.g. to release what the request held. */
  rejected?(tx: Transaction<Database>, request: ApprovalRequest<P>, reviewer: Actor): Promise<void>;
}

export interface ApprovalSubmission<P> {
  scope: string;
  payload: P;
  comment?: string;
  /** Who else made the changes the request holds; the requester always counts. */
  authorIds?: readonly string[];
}

/** One kind of approval: everything a module does with its requests goes through this. */
export interface ApprovalKind<P> {
  readonly kind: string;
  submit: (
    actor: Actor,
    /**
     * The request, or a function that checks the change and makes it in the submission's
     * transaction, so a refusal there is audited as a refused request.
     */
    input: ApprovalSubmission<P> | ((tx: Transaction<Database>) => Promise<ApprovalSubmission<P>>),
    /** Runs in the submission's transaction once the request exists, so both commit or neither. */
    within?: (tx: Transaction<Database>, request: ApprovalRequest<P>) => Promise<void>,
  ) => Promise<ApprovalRequest<P>>;
  /** Approves and applies in one transaction; no author may. */
  approve: (actor: Actor, requestId: string, comment: string) => Promise<ApprovalRequest<P>>;
  reject: (actor: Actor, requestId: string, comment: string) => Promise<ApprovalRequest<P>>;
  /** A request of this kind; another kind's id is not found, so one module can't review another's. */
  get: (requestId: string) => Promise<ApprovalRequest<P>>;
  /** Pending requests, oldest first, with how many there are in all. */
  listPending: (filter: {
    scope?: string;
    limit: number;
    offset: number;
  }) => Promise<{ requests: Array<ApprovalRequest<P>>; total: number }>;
}

export interface ApprovalsEngine {
  registerKind<P>(kind: string, handler: ApprovalKindHandler<P>): ApprovalKind<P>;
}

/** Trimmed; null when empty. A request's comment is optional, a review's is required. */
function readComment(comment: string | undefined): string | null {
  const trimmed = comment?.trim() ?? '';
  if (trimmed === '') {
    return null;
  }
  if (trimmed.length > APPROVAL_COMMENT_MAX_LENGTH) {
    throw badRequest(APPROVAL_MESSAGES.commentTooLong, 'comment');
  }
  return trimmed;
}

/** The four-eyes engine: makers submit, someone else approves (applying the change) or rejects. */
export function createApprovalsEngine(deps: { db: Db; clock: Clock; audit: AuditService }): ApprovalsEngine {
  const { db, clock } = deps;
  const repository = createApprovalsRepository();
  const runAuditedChange = createAuditedChange(deps);
  const kinds = new Set<string>();

  function registerKind<P>(kind: string, handler: ApprovalKindHandler<P>): ApprovalKind<P> {
    if (kinds.has(kind)) {
      throw new Error(`Approval kind ${kind} is already registered`);
    }
    kinds.add(kind);

    function toRequest(row: ApprovalRequestRow): ApprovalRequest<P> {
      return {
        id: row.request_id,
        kind: row.kind,
        scope: row.scope,
        payload: handler.payloadSchema.parse(row.payload),
        status: row.status,
        requestedById: row.requested_by_id,
        requestedBy: row.requested_by,
        requestedAt: row.requested_at,
        authorIds: authorIdsSchema.parse(row.author_ids),
        comment: row.request_comment,
        review:
          row.reviewed_by_id === null || row.reviewed_by === null || row.reviewed_at === null
            ? null
            : {
                reviewedById: row.reviewed_by_id,
                reviewedBy: row.reviewed_by,
                reviewedAt: row.reviewed_at,
                comment: row.review_comment ?? '',
              },
      };
    }

    async function findOwn(executor: DbExecutor, requestId: string): Promise<ApprovalRequestRow> {
      const row = UUID_PATTERN.test(requestId) ? await repository.findById(executor, requestId) : undefined;
      if (row?.kind !== kind) {
        throw notFound(APPROVAL_MESSAGES.notFound);
      }
      return row;
    }

    async function review(
      actor: Actor,
      requestId: string,
      status: typeof APPROVAL_STATUSES.approved | typeof APPROVAL_STATUSES.rejected,
      comment: string,
    ): Promise<ApprovalRequest<P>> {
      const action =
        status === APPROVAL_STATUSES.approved
          ? APPROVAL_AUDIT_ACTIONS.approved
          : APPROVAL_AUDIT_ACTIONS.rejected;
      return runAuditedChange(
        actor,
        {
          action,
          target: { kind, requestId },
          describe: (request: ApprovalRequest<P>) => ({
            scope: request.scope,
            comment: request.review?.comment,
          }),
        },
        async (tx) => {
          const reviewComment = readComment(comment);
          if (reviewComment === null) {
            throw badRequest(APPROVAL_MESSAGES.commentRequired, 'comment');
          }
          const pending = await findOwn(tx, requestId);
          const reviewerId = assertReviewerIsNotAuthor(actor, authorIdsSchema.parse(pending.author_ids));
          const decided = await repository.decide(tx, requestId, {
            status,
            reviewedById: reviewerId,
            reviewedBy: actor.username,
            reviewedAt: clock.now(),
            comment: reviewComment,
          });
          if (decided === undefined) {
            const current = await findOwn(tx, requestId);
            throw conflict(
              current.status === APPROVAL_STATUSES.approved
                ? APPROVAL_MESSAGES.alreadyApproved
                : APPROVAL_MESSAGES.alreadyRejected,
            );
          }
          const request = toRequest(decided);
          if (status === APPROVAL_STATUSES.approved) {
            await handler.apply(tx, request, actor);
          } else {
            await handler.rejected?.(tx, request, actor);
          }
          return request;
        },
      );
    }

    return {
      kind,
      submit: (actor, input, within) => {
        const known = typeof input === 'function' ? undefined : input;
        return runAuditedChange(
          actor,
          {
            action: APPROVAL_AUDIT_ACTIONS.requested,
            target: known === undefined ? { kind } : { kind, scope: known.scope.trim() },
            describe: (request: ApprovalRequest<P>) => ({
              requestId: request.id,
              ...(known === undefined ? { scope: request.scope } : {}),
            }),
          },
          async (tx) => {
            const given = typeof input === 'function' ? await input(tx) : input;
            const scope = given.scope.trim();
            const comment = readComment(given.comment);
            if (scope === '') {
              throw badRequest(APPROVAL_MESSAGES.scopeRequired, 'scope');
            }
            const payload = handler.payloadSchema.safeParse(given.payload);
            if (!payload.success) {
              throw badRequest(APPROVAL_MESSAGES.invalidPayload, 'payload');
            }
            const row = await repository.insert(tx, {
              kind,
              scope,
              payload: payload.data,
              requestedById: actor.userId,
              requestedBy: actor.username,
              requestedAt: clock.now(),
              authorIds: [
                ...new Set([...(actor.userId === null ? [] : [actor.userId]), ...(given.authorIds ?? [])]),
              ],
              comment,
            });
            const request = toRequest(row);
            await within?.(tx, request);
            return request;
          },
        );
      },
      approve: (actor, requestId, comment) => review(actor, requestId, APPROVAL_STATUSES.approved, comment),
      reject: (actor, requestId, comment) => review(actor, requestId, APPROVAL_STATUSES.rejected, comment),
      get: async (requestId) => toRequest(await findOwn(db, requestId)),
      listPending: async (filter) => {
        const { rows, total } = await repository.listPending(db, { kind, ...filter });
        return { requests: rows.map(toRequest), total };
      },
    };
  }

  return { registerKind };
}

export interface PendingReview {
  id: string;
  kind: string;
  scope: string;
  payload: unknown;
  requestedBy: string;
  requestedAt: Date;
}

/**
 * The pending requests of some kinds that a reviewer may decide (none they authored), across the
 * modules that registered them: the reviews inbox reads the engine's requests through this.
 */
export async function listPendingReviews(
  db: Db,
  filter: PendingReviewsFilter,
): Promise<{ reviews: PendingReview[]; total: number }> {
  const { rows, total } = await createApprovalsRepository().listPendingFor(db, filter);
  return {
    reviews: rows.map((row) => ({
      id: row.request_id,
      kind: row.kind,
      scope: row.scope,
      payload: row.payload,
      requestedBy: row.requested_by,
      requestedAt: row.requested_at,
    })),
    total,
  };
}
