import { z } from 'zod';
import { downloadTokenQuerySchema, FINANCE_PAGE_LIMIT_MAX, paginationInfoSchema } from './finance.ts';
import { fileNameSchema, integerIdSchema, isoInstantSchema, text } from './inputs.ts';
import type { Permission } from './permissions.ts';
import { cardNumbersMasked } from './validation.ts';

/** Settlement runs (RECON_SETTLEMENT; closing needs FINALISE_SETTLEMENTS) and the outbox of extracts. */

export const SETTLEMENTS_DEFAULT_LIMIT = 25;
export const OUTBOX_DEFAULT_LIMIT = 25;

export const SETTLEMENT_RUN_STATUSES = ['OPEN', 'CLOSED'] as const;
export const settlementRunStatusSchema = z.enum(SETTLEMENT_RUN_STATUSES);
export type SettlementRunStatus = z.infer<typeof settlementRunStatusSchema>;

const limit = z.coerce.number().int().min(1).max(FINANCE_PAGE_LIMIT_MAX);
const offset = z.coerce.number().int().min(0).max(2_147_483_647).default(0);
const optionalId = z.coerce.number().pipe(integerIdSchema).optional();

export const settlementsQuerySchema = z.object({
  processId: optionalId,
  /** On the run's start date, both ends inclusive. */
  fromDateTimeInclusive: isoInstantSchema.optional(),
  toDateTimeInclusive: isoInstantSchema.optional(),
  offset,
  limit: limit.default(SETTLEMENTS_DEFAULT_LIMIT),
});
export type SettlementsQuery = z.infer<typeof settlementsQuerySchema>;

export const settlementRunSchema = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  status: settlementRunStatusSchema,
  startDate: z.iso.datetime({ offset: true }),
  /** null while OPEN (the console shows 'TBD'). */
  endDate: z.iso.datetime({ offset: true }).nullable(),
  /** How many transactions the run holds. */
  transactionCount: z.number().int(),
});
export type SettlementRun = z.infer<typeof settlementRunSchema>;

export const settlementsResponseSchema = z.object({
  settlementRuns: z.array(settlementRunSchema),
  paginationInfo: paginationInfoSchema,
});

/** A total of the run: per party and currency, and per currency over the run (name 'Total'). */
export const aggregateSchema = z.object({
  name: text(),
  currency: text(),
  /** In the currency's major unit (the feeds' amounts are minor units). */
  amount: z.number(),
  transactionCount: z.number().int(),
});
export type Aggregate = z.infer<typeof aggregateSchema>;

export const settlementDetailSchema = z.object({
  settlementRun: settlementRunSchema,
  /** Empty while the run is OPEN: aggregates are computed when it closes. */
  aggregates: z.array(aggregateSchema),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

export const settlementIdParamsSchema = z.object({ id: z.coerce.number().pipe(integerIdSchema) });

/** GET {recon}/settlements/waiting: the process whose waiting transactions are counted. */
export const settlementWaitingQuerySchema = z.object({ processId: z.coerce.number().pipe(integerIdSchema) });

/**
 * The process's matched transactions PENDING settlement that no run holds yet. While today's run
 * (its UTC business date) is OPEN they join it (the settlement job every 5 minutes, or its close);
 * once it is CLOSED they wait for the next day's run, which opens at `nextRunFrom`.
 */
export const settlementWaitingSchema = z.object({
  transactionCount: z.number().int(),
  todaysRun: z.object({ id: z.number().int(), status: settlementRunStatusSchema }).nullable(),
  nextRunFrom: z.iso.datetime({ offset: true }),
});
export type SettlementWaiting = z.infer<typeof settlementWaitingSchema>;

/** POST {recon}/settlements/{id}/close: the confirmation's comment is optional. */
export const closeSettlementBodySchema = z.object({
  comment: cardNumbersMasked(text().trim().max(1000)).optional(),
});

/** Outbox. A tag id is a short word; a filter is `tag=<tagId>:<value>`, repeated. */
export const EXTRACT_TAGS = {
  kind: 'Kind',
  process: 'Process',
  party: 'Party',
  currency: 'Currency',
  run: 'Settlement run',
  date: 'Business date',
} as const;
export type ExtractTagId = keyof typeof EXTRACT_TAGS;
export const EXTRACT_TAG_IDS = Object.keys(EXTRACT_TAGS) as ExtractTagId[];
export const extractTagIdSchema = z.enum(EXTRACT_TAG_IDS as [ExtractTagId, ...ExtractTagId[]]);

/** The values of the kind tag. */
export const EXTRACT_KINDS = {
  settlementReport: 'settlement-report',
  exceptions: 'exceptions',
  reconSummary: 'recon-summary',
} as const;

/**
 * Who may download an extract of these kinds: an exceptions extract holds an inbox file's refused
 * rows, so it asks what the inbox's own download asks.
 */
export function extractDownloadPermission(kinds: readonly string[]): Permission {
  return kinds.includes(EXTRACT_KINDS.exceptions) ? 'DOWNLOAD_INBOX_FILES' : 'VIEW_PROCESSES';
}

const TAG_FILTER_MESSAGE = `Must be <tag>:<value>, the tag one of ${EXTRACT_TAG_IDS.join(', ')}`;

export const tagFilterSchema = text()
  .max(300)
  .transform((value, context) => {
    const colon = value.indexOf(':');
    const tagId = extractTagIdSchema.safeParse(value.slice(0, Math.max(colon, 0)));
    if (colon <= 0 || !tagId.success) {
      context.addIssue({ code: 'custom', message: TAG_FILTER_MESSAGE });
      return z.NEVER;
    }
    return { tagId: tagId.data, value: value.slice(colon + 1) };
  });
export type TagFilter = z.infer<typeof tagFilterSchema>;

export const extractsQuerySchema = z.object({
  fromDateTimeInclusive: isoInstantSchema.optional(),
  toDateTimeInclusive: isoInstantSchema.optional(),
  /** Repeated: every tag must match (tags of one id with several values: any of them). */
  tag: z
    .union([tagFilterSchema, z.array(tagFilterSchema).max(20)], {
      // One tag or several: a tag that reads as neither says how one is written, not "Invalid input";
      // any other fault (too many tags) keeps its own words.
      error: (issue) =>
        issue.errors.flat().some((inner) => inner.message === TAG_FILTER_MESSAGE)
          ? TAG_FILTER_MESSAGE
          : undefined,
    })
    .transform((value) => (Array.isArray(value) ? value : [value]).filter((item) => item.value !== ''))
    .optional(),
  processId: optionalId,
  offset,
  limit: limit.default(OUTBOX_DEFAULT_LIMIT),
});
export type ExtractsQuery = z.infer<typeof extractsQuerySchema>;

/** An extract's path: what {files}/token takes as fileIdentifier and the download takes as path. */
export const EXTRACT_PATH_PATTERN = /^extracts\/(\d{1,10})$/;
export const extractPathSchema = text().regex(EXTRACT_PATH_PATTERN, 'Must be an extract path');
export function extractPathOf(extractId: number): string {
  return `extracts/${extractId}`;
}

export const extractSchema = z.object({
  path: text(),
  fileName: text(),
  createdDate: z.iso.datetime({ offset: true }),
  /** Tag name to its values. */
  tags: z.record(text(), z.array(text())),
});
export type Extract = z.infer<typeof extractSchema>;

export const extractsResponseSchema = z.object({
  extracts: z.array(extractSchema),
  paginationInfo: paginationInfoSchema,
});

export const extractTagNamesResponseSchema = z.object({
  extractTagNames: z.array(z.object({ id: text(), name: text() })),
});
export const extractTagParamsSchema = z.object({ tagId: extractTagIdSchema });
export const extractTagValuesQuerySchema = z.object({ processId: optionalId });
export const extractTagValuesResponseSchema = z.object({
  extractTagValues: z.array(z.object({ value: text() })),
});

/** {recon}/extracts/download: opened in a new window with a token from {files}/token. */
export const extractDownloadQuerySchema = z.object({
  path: extractPathSchema,
  filename: fileNameSchema.optional(),
  access_token: text().min(1).max(200),
});

/** {files}/token's fileIdentifier: an inbox file's id or an extract's path. */
export const fileIdentifierSchema = downloadTokenQuerySchema.shape.fileIdentifier;
