import { z } from 'zod';
import { integerIdSchema, text } from './inputs.ts';
import { commentText } from './validation.ts';

/** Finance reconciliation: processes, inbox files, results and jobs (actions and audits: finance-actions.ts). */

export const FINANCE_PAGE_LIMIT_MAX = 500;
export const FINANCE_DEFAULT_LIMIT = 25;

export const FIELD_TYPES = ['TEXT', 'INTEGRAL', 'DATETIME'] as const;
export const fieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const FILE_STATUSES = ['REGISTERED', 'FILTER', 'LOADED', 'ERROR'] as const;
export const fileStatusSchema = z.enum(FILE_STATUSES);
export type FileStatus = z.infer<typeof fileStatusSchema>;

export const MATCH_STATUSES = ['MATCHED', 'UNMATCHED', 'PARTIALLY_MATCHED', 'REJECTED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const SETTLEMENT_STATUSES = ['PENDING', 'ISSUE', 'SETTLED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const ACTION_TYPES = [
  'ACCEPT_TRANSACTIONS',
  'REJECT_TRANSACTIONS',
  'RESOLVE_TRANSACTIONS',
  'LOAD_FILE',
  'RELOAD_FILE',
  'ROLLBACK_FILE',
] as const;
export const actionTypeSchema = z.enum(ACTION_TYPES);
export type ActionType = z.infer<typeof actionTypeSchema>;
/** The actions on a whole file (the others are on transactions). */
export const FILE_ACTION_TYPES = ['LOAD_FILE', 'RELOAD_FILE', 'ROLLBACK_FILE'] as const;
export type FileActionType = (typeof FILE_ACTION_TYPES)[number];

export const AUDIT_STATUSES = ['REGISTERED', 'SUCCESS', 'ERROR', 'REJECTED'] as const;
export const auditStatusSchema = z.enum(AUDIT_STATUSES);
export type AuditStatus = z.infer<typeof auditStatusSchema>;

/** The approvals query's pending status constant. */
export const ACTION_STATUS_PENDING = 'pending';
export const ACTION_STATUSES = [ACTION_STATUS_PENDING, 'approved', 'rejected'] as const;

/**
 * Upload headers: the file name, the action comment and the target process ids (comma-separated).
 * The name and comment travel percent-encoded (`encodeHeaderText`): a header holds Latin-1 only,
 * and a comment such as "John’s file ✓" is not.
 */
export const FINANCE_UPLOAD_HEADERS = {
  fileName: 'finance-file-name',
  comment: 'finance-action-comment',
  processId: 'finance-process-id',
} as const;

/** Any text as a header value: its UTF-8 percent-encoded. */
export function encodeHeaderText(value: string): string {
  return encodeURIComponent(value);
}

/** A text header as sent: decoded, or as it came when it is not percent-encoded ("50% done"). */
function decodedHeaderText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const paginationInfoSchema = z.object({
  /** The next page's number (1-based), null on the last page. */
  nextPage: z.number().int().nullable(),
  /** The records shown, e.g. '1-25', or '0-0' when there are none. */
  range: text(),
  totalRecords: z.number().int(),
});
export type PaginationInfo = z.infer<typeof paginationInfoSchema>;

const limit = z.coerce.number().int().min(1).max(FINANCE_PAGE_LIMIT_MAX).default(FINANCE_DEFAULT_LIMIT);
const offset = z.coerce.number().int().min(0).max(2_147_483_647).default(0);
export const pageQuerySchema = z.object({ offset, limit });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** processIds as the console sends them: one value, several, or comma-separated. */
export const processIdsSchema = z
  .union([text(), z.array(text())])
  .transform((value, context) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(','));
    const ids = parts.map((part) => part.trim()).filter((part) => part !== '');
    const numbers = ids.map(Number);
    if (numbers.some((id) => !integerIdSchema.safeParse(id).success)) {
      context.addIssue({ code: 'custom', message: 'processIds must be process ids' });
      return z.NEVER;
    }
    return numbers;
  })
  .optional();

export const processIdParamsSchema = z.object({ id: z.coerce.number().pipe(integerIdSchema) });
export const fileIdParamsSchema = processIdParamsSchema;

/** An INTEGRAL field holding money in minor units, and where each record's currency comes from. */
export const moneyFieldSchema = z.object({
  /** The field holding the record's ISO 4217 code; null: the specification's default, ZAR. */
  currencyField: text().nullable(),
});

export const processFieldSchema = z.object({
  name: text(),
  /** What operators read: the results grid's column header and filter label (specification 2, section 9). */
  displayName: text(),
  type: fieldTypeSchema,
  reconcilable: z.boolean(),
  /** Records of different parties with equal key fields form one recon transaction. */
  key: z.boolean(),
  /** Set for an amount: shown in the currency's own decimals; null for any other field. */
  money: moneyFieldSchema.nullable(),
});
export type ProcessField = z.infer<typeof processFieldSchema>;

export const processDefinitionSchema = z.object({
  id: z.number().int(),
  name: text(),
  displayName: text(),
  /** Party id to party name. */
  parties: z.record(text(), text()),
  fields: z.array(processFieldSchema),
});
export type ProcessDefinition = z.infer<typeof processDefinitionSchema>;

export const processSummarySchema = processDefinitionSchema.extend({
  pendingApprovals: z.number().int(),
  reconExceptions: z.number().int(),
  missingFiles: z.number().int(),
  uploadErrors: z.number().int(),
});
export type ProcessSummary = z.infer<typeof processSummarySchema>;

export const processesResponseSchema = z.object({
  processes: z.array(processSummarySchema),
  paginationInfo: paginationInfoSchema,
});
export type ProcessesResponse = z.infer<typeof processesResponseSchema>;

export const fileSourceSchema = z.object({
  displayName: text(),
  lastUploadDt: z.iso.datetime({ offset: true }).nullable(),
  successRecords: z.number().int(),
  errorRecords: z.number().int(),
});

export const snapshotSchema = z.object({
  fileSources: z.array(fileSourceSchema),
  reconStats: z.object({
    matched: z.number().int(),
    unmatched: z.number().int(),
    partial: z.number().int(),
    rejected: z.number().int(),
    since: z.iso.datetime({ offset: true }),
  }),
  settlementStats: z.object({
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    stats: z.array(z.object({ statName: text(), amount: z.number() })),
  }),
  actionStats: z.object({ totalPending: z.number().int() }),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const uploadCandidatesQuerySchema = z.object({ filename: text().min(1).max(255) });
export const uploadCandidatesResponseSchema = z.object({
  processes: z.array(z.object({ id: z.number().int() })),
});

export const FINANCE_COMMENT_MAX_LENGTH = 1000;
/** A finance action's comment, as the upload's header and every review carry it. */
export const financeComment = commentText(FINANCE_COMMENT_MAX_LENGTH);

/** POST {files}: the body is the raw file; what it is about travels in these headers. */
export const uploadHeadersSchema = z.object({
  [FINANCE_UPLOAD_HEADERS.fileName]: z.preprocess(decodedHeaderText, text().trim().min(1).max(255)),
  [FINANCE_UPLOAD_HEADERS.comment]: z.preprocess(decodedHeaderText, financeComment),
  [FINANCE_UPLOAD_HEADERS.processId]: text()
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(integerIdSchema).min(1)),
});

export const uploadResponseSchema = z.object({
  files: z.array(z.object({ id: z.number().int(), fileName: text(), actionId: text() })),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const reconFilesQuerySchema = pageQuerySchema.extend({ processIds: processIdsSchema });

export const reconFileSchema = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  fileName: text(),
  partyName: text(),
  createdDateTime: z.iso.datetime({ offset: true }),
  status: fileStatusSchema,
  records: z.number().int().nullable(),
  exceptions: z.number().int().nullable(),
  /** Why the file's load failed (the file is in ERROR); null otherwise, and for rows refused as exceptions. */
  errorReason: text().nullable(),
  /** The inbox's list: the file's load, rollback or reload waiting for approval; null when none waits. */
  pendingAction: z.enum(FILE_ACTION_TYPES).nullable().optional(),
  /** While the file is in FILTER and its load runs: records read so far of the file's total. */
  progress: z
    .object({ read: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .nullable()
    .optional(),
});
export type ReconFile = z.infer<typeof reconFileSchema>;

export const reconFilesResponseSchema = z.object({
  reconFiles: z.array(reconFileSchema),
  paginationInfo: paginationInfoSchema,
});

/** The paging the console shows: nextPage and range from offset, limit and the total. */
export function paginationInfoOf(page: PageQuery, totalRecords: number, shown: number): PaginationInfo {
  const hasNext = page.offset + shown < totalRecords;
  return {
    nextPage: hasNext ? Math.floor(page.offset / page.limit) + 2 : null,
    range: shown === 0 ? '0-0' : `${page.offset + 1}-${page.offset + shown}`,
    totalRecords,
  };
}

export const RECORD_TYPES = ['PRIMARY', 'DISCARD'] as const;
/** One party's record of a recon transaction; a party's second record of the same key is DISCARD. */
export const reconRecordSchema = z.object({
  type: z.enum(RECORD_TYPES),
  partyId: z.number().int(),
  fields: z.record(text(), text()),
});
export type ReconRecord = z.infer<typeof reconRecordSchema>;

export const reconTransactionSchema = z.object({
  id: text(),
  createdDateTime: z.iso.datetime({ offset: true }),
  matchStatus: z.enum(MATCH_STATUSES),
  settlementStatus: z.enum(SETTLEMENT_STATUSES),
  /** Percent: 100 when every party agrees. */
  score: z.number(),
  records: z.array(reconRecordSchema),
  /** The party a resolve marked correct, whose values settle and show; absent or null otherwise. */
  correctPartyId: z.number().int().nullable().optional(),
});
export type ReconTransaction = z.infer<typeof reconTransactionSchema>;

export const reconTransactionsResponseSchema = z.object({
  transactions: z.array(reconTransactionSchema),
  paginationInfo: paginationInfoSchema,
});

export const jobSchema = z.object({
  name: text(),
  lastRuntime: z.iso.datetime({ offset: true }).nullable(),
  lastSuccessfulRuntime: z.iso.datetime({ offset: true }).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export type JobSuccess = 'Pending' | 'Successful' | 'Unsuccessful';

/** A job that never ran is pending; its last run succeeded when it is also its last successful run. */
export function jobSuccessOf(job: Pick<Job, 'lastRuntime' | 'lastSuccessfulRuntime'>): JobSuccess {
  if (job.lastRuntime === null) return 'Pending';
  if (
    job.lastSuccessfulRuntime !== null &&
    Date.parse(job.lastRuntime) === Date.parse(job.lastSuccessfulRuntime)
  )
    return 'Successful';
  return 'Unsuccessful';
}

export const jobsResponseSchema = z.object({
  apiJobList: z.array(jobSchema),
  paginationInfo: paginationInfoSchema,
});

/** fileIdentifier: an inbox file's id, or an extract's path (`extracts/{id}`). */
export const downloadTokenQuerySchema = z.object({
  fileIdentifier: z.union([
    text().regex(/^extracts\/\d{1,10}$/, 'Must be a file id or an extract path'),
    z.coerce.number().pipe(integerIdSchema),
  ]),
});
export const downloadTokenResponseSchema = z.object({ token: text() });
export const downloadQuerySchema = z.object({ access_token: text().min(1).max(200) });
/** A download's body: the file's bytes (Fastify sends them as they are). */
export const fileContentSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .describe('The file’s bytes');
