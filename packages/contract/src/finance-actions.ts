import { z } from 'zod';
import {
  ACTION_STATUS_PENDING,
  ACTION_STATUSES,
  actionTypeSchema,
  auditStatusSchema,
  financeComment,
  pageQuerySchema,
  paginationInfoSchema,
  processIdsSchema,
  reconFileSchema,
} from './finance.ts';
import { integerIdSchema, isoInstantSchema, text } from './inputs.ts';

/** Finance's four-eyes actions: requests, their review and their audit log. */

/** The confirmation's result, as the body of rollback and reload. */
export const fileActionBodySchema = z.object({ comment: financeComment });
export const actionRequestedResponseSchema = z.object({ actionId: text() });

export const actionsQuerySchema = pageQuerySchema.extend({
  status: z.enum(ACTION_STATUSES).default(ACTION_STATUS_PENDING),
  processIds: processIdsSchema,
});

export const actionMetaSchema = z.object({
  selectionType: text().nullable(),
  requestUrl: text().nullable(),
  records: z.number().int().nullable(),
  transactionCount: z.number().int().nullable(),
  fileName: text().nullable(),
  /** A resolve's party marked correct, whose values the transactions take; null for other actions. */
  partyName: text().nullable().optional(),
});
export type ActionMeta = z.infer<typeof actionMetaSchema>;

export const actionSchema = z.object({
  id: text(),
  processId: z.number().int(),
  processName: text(),
  type: actionTypeSchema,
  username: text(),
  comment: text(),
  createdDate: z.iso.datetime({ offset: true }),
  meta: actionMetaSchema,
});
export type Action = z.infer<typeof actionSchema>;

const TRANSACTION_VERBS = {
  ACCEPT_TRANSACTIONS: 'Accept',
  REJECT_TRANSACTIONS: 'Reject',
  RESOLVE_TRANSACTIONS: 'Resolve',
} as const;
const FILE_VERBS = { LOAD_FILE: 'Load', RELOAD_FILE: 'Reload', ROLLBACK_FILE: 'Rollback' } as const;

/**
 * 'Accept 1 transaction', 'Reject 3 transactions', 'Rollback file bank.csv' (specification 2,
 * section 9): how the approvals and the reviews inbox name an action.
 */
export function describeAction(action: Pick<Action, 'type' | 'meta'>): string {
  const { type, meta } = action;
  if (type === 'LOAD_FILE' || type === 'RELOAD_FILE' || type === 'ROLLBACK_FILE') {
    return `${FILE_VERBS[type]} file ${meta.fileName ?? ''}`.trimEnd();
  }
  const count = meta.transactionCount ?? 0;
  return `${TRANSACTION_VERBS[type]} ${count} transaction${count === 1 ? '' : 's'}`;
}

export const actionsResponseSchema = z.object({
  actions: z.array(actionSchema),
  paginationInfo: paginationInfoSchema,
});

export const actionParamsSchema = z.object({ id: z.uuid() });
export const processActionParamsSchema = z.object({
  id: z.coerce.number().pipe(integerIdSchema),
  actionId: z.uuid(),
});
/** The file of a file action, as its approver weighs it: what it holds and where it stands. */
export const actionFileSchema = reconFileSchema.extend({
  sizeBytes: z.number().int().nonnegative(),
  /** Lines after the header when stored: the records its load reads. */
  recordsTotal: z.number().int().nonnegative().nullable(),
});
export type ActionFile = z.infer<typeof actionFileSchema>;

/**
 * Where an action's review stands: pending until someone approves or rejects it (a load approved
 * and still running counts as approved); then who did and when.
 */
export const actionReviewSchema = z.object({
  status: z.enum(ACTION_STATUSES),
  reviewerUsername: text().nullable(),
  reviewedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type ActionReview = z.infer<typeof actionReviewSchema>;

export const actionMetadataResponseSchema = actionMetaSchema.extend({
  action: actionSchema,
  review: actionReviewSchema,
  /** A file action's file; null for a transaction action, or once the file is gone. */
  file: actionFileSchema.nullable(),
});

export const reviewBodySchema = z.object({ comment: financeComment });

export const auditsQuerySchema = pageQuerySchema.extend({
  fromDateTimeInclusive: isoInstantSchema.optional(),
  toDateTimeInclusive: isoInstantSchema.optional(),
  username: text().max(200).optional(),
  type: actionTypeSchema.optional(),
  status: auditStatusSchema.optional(),
});
export type AuditsQuery = z.infer<typeof auditsQuerySchema>;

export const auditSchema = z.object({
  auditId: z.number().int(),
  /** The action audited: its request (REGISTERED) and its outcome share it. */
  actionId: z.uuid(),
  auditDate: z.iso.datetime({ offset: true }),
  username: text(),
  reviewerUsername: text().nullable(),
  type: actionTypeSchema,
  status: auditStatusSchema,
  /** The file of a file's action (load, rollback, reload), so two loads of one day tell apart. */
  fileName: text().nullable().optional(),
});
export type Audit = z.infer<typeof auditSchema>;

export const auditsResponseSchema = z.object({
  audits: z.array(auditSchema),
  paginationInfo: paginationInfoSchema,
});
