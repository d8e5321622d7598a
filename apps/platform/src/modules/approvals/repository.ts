import { sql } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';
import { APPROVAL_STATUSES, type ApprovalRequestRow, type ApprovalStatus } from './table.ts';

export interface NewApprovalRequest {
  kind: string;
  scope: string;
  payload: unknown;
  requestedById: string | null;
  requestedBy: string;
  requestedAt: Date;
  authorIds: readonly string[];
  comment: string | null;
}

export interface ApprovalDecision {
  status: Exclude<ApprovalStatus, 'PENDING'>;
  reviewedById: string;
  reviewedBy: string;
  reviewedAt: Date;
  comment: string;
}

export interface PendingFilter {
  kind: string;
  scope?: string | undefined;
  limit: number;
  offset: number;
}

/** The pending requests of some kinds a reviewer may decide, a page of them. */
export interface PendingReviewsFilter {
  kinds: readonly string[];
  reviewerId: string;
  requester?: string | undefined;
  offset: number;
  limit: number;
}

export function createApprovalsRepository() {
  return {
    insert(executor: DbExecutor, request: NewApprovalRequest): Promise<ApprovalRequestRow> {
      return executor
        .insertInto('approval_requests')
        .values({
          kind: request.kind,
          scope: request.scope,
          payload: JSON.stringify(request.payload),
          status: APPROVAL_STATUSES.pending,
          requested_by_id: request.requestedById,
          requested_by: request.requestedBy,
          requested_at: request.requestedAt,
          author_ids: JSON.stringify(request.authorIds),
          request_comment: request.comment,
          reviewed_by_id: null,
          reviewed_by: null,
          reviewed_at: null,
          review_comment: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findById(executor: DbExecutor, requestId: string): Promise<ApprovalRequestRow | undefined> {
      return executor
        .selectFrom('approval_requests')
        .selectAll()
        .where('request_id', '=', requestId)
        .executeTakeFirst();
    },

    /**
     * Decides a pending request; undefined when it is no longer pending. Of two racing reviews
     * the second waits on the row lock and then finds the status changed.
     */
    decide(
      executor: DbExecutor,
      requestId: string,
      decision: ApprovalDecision,
    ): Promise<ApprovalRequestRow | undefined> {
      return executor
        .updateTable('approval_requests')
        .set({
          status: decision.status,
          reviewed_by_id: decision.reviewedById,
          reviewed_by: decision.reviewedBy,
          reviewed_at: decision.reviewedAt,
          review_comment: decision.comment,
        })
        .where('request_id', '=', requestId)
        .where('status', '=', APPROVAL_STATUSES.pending)
        .returningAll()
        .executeTakeFirst();
    },

    /** Pending requests of one kind (and scope), oldest first, with how many there are in all. */
    async listPending(
      executor: DbExecutor,
      filter: PendingFilter,
    ): Promise<{ rows: ApprovalRequestRow[]; total: number }> {
      let query = executor
        .selectFrom('approval_requests')
        .where('status', '=', APPROVAL_STATUSES.pending)
        .where('kind', '=', filter.kind);
      if (filter.scope !== undefined) {
        query = query.where('scope', '=', filter.scope);
      }
      const rows = await query
        .selectAll()
        .orderBy('requested_at')
        .orderBy('request_id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const count = await query
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.total) };
    },

    /**
     * Pending requests of the given kinds that `reviewerId` authored none of (the reviews inbox),
     * oldest first: at most `limit`, and how many there are in all.
     */
    async listPendingFor(
      executor: DbExecutor,
      filter: PendingReviewsFilter,
    ): Promise<{ rows: ApprovalRequestRow[]; total: number }> {
      if (filter.kinds.length === 0) {
        return { rows: [], total: 0 };
      }
      let query = executor
        .selectFrom('approval_requests')
        .where('status', '=', APPROVAL_STATUSES.pending)
        .where('kind', 'in', filter.kinds)
        .where(sql<boolean>`not (author_ids @> ${JSON.stringify([filter.reviewerId])}::jsonb)`);
      if (filter.requester !== undefined) {
        // Usernames sign in whatever their case, so a requester is found whatever its case too.
        query = query.where(sql`lower(requested_by)`, '=', filter.requester.toLowerCase());
      }
      const rows = await query
        .selectAll()
        .orderBy('requested_at')
        .orderBy('request_id')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute();
      const count = await query
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.total) };
    },
  };
}
