import { z } from 'zod';
import {
  FINANCE_COMMENT_MAX_LENGTH,
  MATCH_STATUSES,
  paginationInfoSchema,
  reconTransactionSchema,
  SETTLEMENT_STATUSES,
  type FieldType,
} from './finance.ts';
import { integerIdSchema, isoInstantSchema, text } from './inputs.ts';
import { commentText } from './validation.ts';

/**
 * Recon results: the query of `GET {recon}/processes/{id}/transactions` and its download, fixed
 * as ONE query-string encoding that the console's URL and the platform share:
 *
 *   matchStatus=UNMATCHED&settlementStatus=ISSUE
 *   &f.amount.GREATER_THAN=100                       one filter: f.<field>.<TYPE>=<value>
 *   &f.createdDateTime.BETWEEN=<from>&f.createdDateTime.BETWEEN=<to>   BETWEEN: the key twice
 *   &sortBy=amount.desc,id.asc                        field.direction, comma-separated, priority order
 *   &offset=25&limit=25
 *
 * The field is everything between `f.` and the last dot, so a field name may hold dots; DATETIME
 * values are ISO 8601 instants with a zone. Bulk actions by filter take the same query string.
 */

export const FILTER_TYPES = [
  'EXACTLY',
  'STARTS_WITH',
  'ENDS_WITH',
  'GREATER_THAN',
  'LESS_THAN',
  'BETWEEN',
] as const;
export const filterTypeSchema = z.enum(FILTER_TYPES);
export type FilterType = z.infer<typeof filterTypeSchema>;

/** The filter types each kind of field takes (GREATER_THAN and LESS_THAN are strict, BETWEEN inclusive). */
export const FILTER_TYPES_OF: Record<FieldType, readonly FilterType[]> = {
  TEXT: ['EXACTLY', 'STARTS_WITH', 'ENDS_WITH'],
  INTEGRAL: ['EXACTLY', 'GREATER_THAN', 'LESS_THAN', 'BETWEEN'],
  DATETIME: ['GREATER_THAN', 'LESS_THAN', 'BETWEEN'],
};

/** An INTEGRAL filter value of a process field: a number, decimals allowed. */
export const FILTER_NUMBER_PATTERN = /^-?\d{1,30}(\.\d{1,10})?$/;
/** An INTEGRAL filter value of a fixed column: a whole number, compared as bigint. */
/** The digits a fixed column's whole number takes (a bigint id). */
export const FILTER_WHOLE_NUMBER_DIGITS = 18;
export const FILTER_WHOLE_NUMBER_PATTERN = new RegExp(`^-?\\d{1,${String(FILTER_WHOLE_NUMBER_DIGITS)}}$`);

/** Columns every transaction has beside the process's own fields; they filter and sort like fields. */
export const FIXED_FIELDS = {
  id: 'INTEGRAL',
  score: 'INTEGRAL',
  createdDateTime: 'DATETIME',
} as const satisfies Record<string, FieldType>;
/** Sortable but not filterable by `f.` (they have their own parameters). */
export const STATUS_SORT_FIELDS = ['matchStatus', 'settlementStatus'] as const;

export const RESULTS_PAGE_SIZES = [10, 25, 50, 75, 100] as const;
export const RESULTS_DEFAULT_LIMIT = 25;
export const RESULTS_LIMIT_MAX = 100;
export const FILTER_VALUE_MAX_LENGTH = 200;
export const FILTERS_MAX = 20;
export const SORT_ENTRIES_MAX = 5;

export const FILTER_PARAM_PREFIX = 'f.';
export const SORT_PARAM = 'sortBy';

export const filterItemSchema = z.object({
  fieldName: text().min(1).max(100),
  type: filterTypeSchema,
  value: text().min(1).max(FILTER_VALUE_MAX_LENGTH),
  /** BETWEEN's upper bound (inclusive). */
  value2: text().min(1).max(FILTER_VALUE_MAX_LENGTH).optional(),
});
export type FilterItem = z.infer<typeof filterItemSchema>;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const sortEntrySchema = z.object({
  fieldName: text().min(1).max(100),
  direction: z.enum(SORT_DIRECTIONS),
});
export type SortEntry = z.infer<typeof sortEntrySchema>;

/** The match status the grid asks for; PARTIALLY_MATCHED is a MATCHED transaction scored below 100. */
export const resultsMatchStatusSchema = z.enum(MATCH_STATUSES);
export const resultsSettlementStatusSchema = z.enum(SETTLEMENT_STATUSES);

/** A recon results query, decoded. */
export const reconQuerySchema = z.object({
  matchStatus: resultsMatchStatusSchema.optional(),
  settlementStatus: resultsSettlementStatusSchema.optional(),
  filters: z.array(filterItemSchema).max(FILTERS_MAX),
  sortBy: z.array(sortEntrySchema).max(SORT_ENTRIES_MAX),
  offset: z.number().int().min(0).max(2_147_483_647),
  limit: z.number().int().min(1).max(RESULTS_LIMIT_MAX),
});
export type ReconQuery = z.infer<typeof reconQuerySchema>;

/** What selects transactions, without paging: the by-filter actions and the download. */
export type ReconSelection = Omit<ReconQuery, 'offset' | 'limit'>;

export const EMPTY_RECON_QUERY: ReconQuery = {
  filters: [],
  sortBy: [],
  offset: 0,
  limit: RESULTS_DEFAULT_LIMIT,
};

/** Query-string values as URLSearchParams or a parsed query object (Fastify's) hold them. */
export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function entriesOf(input: QueryInput): Array<[string, string]> {
  if (input instanceof URLSearchParams) {
    return [...input.entries()];
  }
  return Object.entries(input).flatMap(([key, value]): Array<[string, string]> => {
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).map((item) => [key, item]);
  });
}

/** Encodes a query as the one query string; empty filter values are dropped, defaults left out. */
export function encodeReconQuery(query: Partial<ReconQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.matchStatus !== undefined) params.set('matchStatus', query.matchStatus);
  if (query.settlementStatus !== undefined) params.set('settlementStatus', query.settlementStatus);
  for (const filter of query.filters ?? []) {
    if (filter.value.trim() === '') continue;
    const key = `${FILTER_PARAM_PREFIX}${filter.fieldName}.${filter.type}`;
    params.append(key, filter.value);
    if (filter.type === 'BETWEEN' && filter.value2 !== undefined) {
      params.append(key, filter.value2);
    }
  }
  const sortBy = query.sortBy ?? [];
  if (sortBy.length > 0) {
    params.set(SORT_PARAM, sortBy.map((entry) => `${entry.fieldName}.${entry.direction}`).join(','));
  }
  if (query.offset !== undefined && query.offset !== 0) params.set('offset', String(query.offset));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  return params;
}

export type DecodeResult = { success: true; data: ReconQuery } | { success: false; error: string };

const wholeNumber = /^\d+$/;

/**
 * Decodes the query string. Unknown parameters other than `f.` ones are ignored (the console
 * keeps its own keys in the URL); a malformed filter or sort is an error naming it. A limit that
 * is not a number falls back to the default, as the console reads it.
 */
export function decodeReconQuery(input: QueryInput): DecodeResult {
  const entries = entriesOf(input);
  const single = (name: string) => entries.find(([key]) => key === name)?.[1];
  const filters: FilterItem[] = [];
  const seen = new Map<string, FilterItem>();
  for (const [key, value] of entries) {
    if (!key.startsWith(FILTER_PARAM_PREFIX)) continue;
    const rest = key.slice(FILTER_PARAM_PREFIX.length);
    const dot = rest.lastIndexOf('.');
    const fieldName = dot > 0 ? rest.slice(0, dot) : '';
    const type = filterTypeSchema.safeParse(rest.slice(dot + 1));
    if (fieldName === '' || !type.success) {
      return { success: false, error: `${key}: expected f.<field>.<${FILTER_TYPES.join('|')}>` };
    }
    if (value.trim() === '') continue;
    const previous = seen.get(rest);
    if (previous === undefined) {
      const item: FilterItem = { fieldName, type: type.data, value };
      seen.set(rest, item);
      filters.push(item);
    } else if (type.data === 'BETWEEN' && previous.value2 === undefined) {
      previous.value2 = value;
    } else {
      return { success: false, error: `${key}: given more than once` };
    }
  }
  for (const filter of filters) {
    if (filter.type === 'BETWEEN' && filter.value2 === undefined) {
      return { success: false, error: `f.${filter.fieldName}.BETWEEN: needs two values (from and to)` };
    }
  }
  const sortBy: SortEntry[] = [];
  const sortText = single(SORT_PARAM);
  for (const part of (sortText ?? '').split(',')) {
    if (part.trim() === '') continue;
    const dot = part.lastIndexOf('.');
    const direction = z.enum(SORT_DIRECTIONS).safeParse(part.slice(dot + 1));
    if (dot <= 0 || !direction.success) {
      return { success: false, error: `sortBy: '${part}' is not field.asc or field.desc` };
    }
    const fieldName = part.slice(0, dot);
    if (sortBy.some((entry) => entry.fieldName === fieldName)) {
      return { success: false, error: `sortBy: ${fieldName} is given more than once` };
    }
    sortBy.push({ fieldName, direction: direction.data });
  }
  const offsetText = single('offset');
  const limitText = single('limit');
  const candidate = {
    matchStatus: single('matchStatus') || undefined,
    settlementStatus: single('settlementStatus') || undefined,
    filters,
    sortBy,
    offset: offsetText === undefined || offsetText === '' ? 0 : Number(offsetText),
    limit: limitText !== undefined && wholeNumber.test(limitText) ? Number(limitText) : RESULTS_DEFAULT_LIMIT,
  };
  const parsed = reconQuerySchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { success: false, error: `${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}` };
  }
  return { success: true, data: parsed.data };
}

/**
 * The querystring schema of the results, download and by-filter calls: the named parameters are
 * documented for OpenAPI; `f.<field>.<TYPE>` parameters pass through and decode to a ReconQuery.
 */
export const reconQueryStringSchema = z
  .object({
    matchStatus: resultsMatchStatusSchema.optional(),
    settlementStatus: resultsSettlementStatusSchema.optional(),
    sortBy: text()
      .max(1000)
      .optional()
      .describe('field.direction, comma-separated, in priority order, e.g. amount.desc,id.asc'),
    offset: text().optional(),
    limit: text().optional(),
  })
  .catchall(
    z.union([text().max(FILTER_VALUE_MAX_LENGTH), z.array(text().max(FILTER_VALUE_MAX_LENGTH)).max(2)]),
  )
  .describe(
    'Filters: f.<field>.<EXACTLY|STARTS_WITH|ENDS_WITH|GREATER_THAN|LESS_THAN|BETWEEN>=<value>; BETWEEN repeats the key for the upper bound. DATETIME values are ISO 8601 instants.',
  )
  .transform((value, context) => {
    const decoded = decodeReconQuery(value);
    if (!decoded.success) {
      context.addIssue({ code: 'custom', message: decoded.error });
      return z.NEVER;
    }
    return decoded.data;
  });

export const reconResultsResponseSchema = z.object({
  transactions: z.array(reconTransactionSchema),
  paginationInfo: paginationInfoSchema,
});
export type ReconResultsResponse = z.infer<typeof reconResultsResponseSchema>;

/** Bulk actions: by key (the selected rows) or by filter (the query string fixes the set when asked). */
export const TRANSACTION_ACTIONS = ['accept', 'reject', 'resolve'] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];
export const TRANSACTION_ACTION_TYPES = {
  accept: 'ACCEPT_TRANSACTIONS',
  reject: 'REJECT_TRANSACTIONS',
  resolve: 'RESOLVE_TRANSACTIONS',
} as const;
/** The paths under {recon}/processes/{id}/actions/. */
export const TRANSACTION_ACTION_PATHS = {
  accept: { byKey: 'acceptTransactionsByKey', byFilter: 'acceptTransactionsByFilter' },
  reject: { byKey: 'rejectTransactionsByKey', byFilter: 'rejectTransactionsByFilter' },
  resolve: { byKey: 'resolveTransactionsByKey', byFilter: 'resolveTransactionsByFilter' },
} as const;

export const SELECTION_TYPES = { byKey: 'BY_KEY', byFilter: 'BY_FILTER' } as const;
export type SelectionType = (typeof SELECTION_TYPES)[keyof typeof SELECTION_TYPES];

/** Which of accept, reject and resolve a transaction allows (spec 2, section 4; the platform enforces it). */
export function allowedActionsOf(transaction: {
  matchStatus: (typeof MATCH_STATUSES)[number];
  settlementStatus: (typeof SETTLEMENT_STATUSES)[number];
  score: number;
}): TransactionAction[] {
  if (transaction.matchStatus === 'REJECTED' || transaction.settlementStatus === 'SETTLED') {
    return [];
  }
  if (transaction.matchStatus === 'UNMATCHED') return ['accept', 'reject'];
  if (transaction.matchStatus === 'MATCHED' && transaction.score < 100) return ['resolve', 'reject'];
  // MATCHED at 100, PENDING settlement: it can still be taken out of settlement.
  return ['reject'];
}

export const TRANSACTION_KEYS_MAX = 1000;
export const transactionKeySchema = z.object({
  id: text().regex(/^\d{1,18}$/, 'Must be a transaction id'),
  createdDateTime: isoInstantSchema,
});
export type TransactionKey = z.infer<typeof transactionKeySchema>;

const actionComment = commentText(FINANCE_COMMENT_MAX_LENGTH);

/** The confirmation's result: the action comment; resolve also names the correct party. */
export const transactionActionBodySchema = z.object({ comment: actionComment });
export const resolveActionBodySchema = transactionActionBodySchema.extend({ partyId: integerIdSchema });
export type TransactionActionBody = z.infer<typeof transactionActionBodySchema>;
export type ResolveActionBody = z.infer<typeof resolveActionBodySchema>;

export const byKeyFields = {
  transactionKeys: z.array(transactionKeySchema).min(1).max(TRANSACTION_KEYS_MAX),
};
export const transactionsByKeyBodySchema = transactionActionBodySchema.extend(byKeyFields);
export const resolveByKeyBodySchema = resolveActionBodySchema.extend(byKeyFields);
export type TransactionsByKeyBody = z.infer<typeof transactionsByKeyBodySchema>;
export type ResolveByKeyBody = z.infer<typeof resolveByKeyBodySchema>;

export const transactionActionResponseSchema = z.object({
  actionId: text(),
  /** How many transactions the action fixed when it was requested. */
  transactionCount: z.number().int(),
});
export type TransactionActionResponse = z.infer<typeof transactionActionResponseSchema>;

/** The CSV download's columns before the parties' fields. */
export const DOWNLOAD_FIXED_COLUMNS = ['id', 'createdDateTime', 'matchStatus', 'settlementStatus', 'score'];

/**
 * A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading quote
 * mark; a negative number ("-500", "-12.50") stays a number, so a refund still sums.
 */
export function inertCsvValue(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/** A CSV cell: made inert, then quoted when needed. */
export function csvCell(value: string): string {
  const inert = inertCsvValue(value);
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}
