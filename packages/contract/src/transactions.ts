import { z } from 'zod';
import { INSTANT_RANGE_MESSAGE, instantOf, isStorableInstant, offsetMinutesOf, text } from './inputs.ts';
import { holdsCardNumber } from './iso8583-masking.ts';
import { iso8583MessageSchema } from './iso8583-message.ts';

/** Transactions and their message traces (ECS API and {transactionsApi}, VIEW_TRANSACTIONS). */

export const TRANSACTIONS_PAGE_SIZE = 20;
/** The deepest offset a list query may ask for. */
export const TRANSACTIONS_MAX_OFFSET = 1_000_000;

/** The states the switch reports, in the order of the filter option list. */
export const TRANSACTION_STATES = [
  'In flight',
  'SAF queue',
  'Approved',
  'Declined',
  'Timeout',
  'Completed',
  'Completed abnormally',
] as const;
export const transactionStateSchema = z.enum(TRANSACTION_STATES);
export type TransactionState = z.infer<typeof transactionStateSchema>;

/**
 * Compact ISO 8601 basic format: `20261122T000000Z`, optionally with milliseconds
 * (`20261122T000000.000Z`) or an offset instead of Z (`20261122T020000+0200`).
 */
export const COMPACT_ISO_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{3}))?(Z|[+-]\d{4})$/;

/** The instant a compact ISO string names, or undefined when it is not a real date and time. */
export function parseCompactIso(value: string): Date | undefined {
  return readCompactIso(value)?.date;
}

/**
 * The first instant after the moment a compact ISO bound names, to its precision: a `dateTo` of
 * `20261122T000000Z` takes in that whole second, `20261122T000000.000Z` only its first millisecond.
 * Undefined when there is none to bound by: not an instant, or the last moment of the supported
 * years (`99991231T235959Z`), before which every storable instant falls.
 */
export function afterCompactIso(value: string): Date | undefined {
  const read = readCompactIso(value);
  if (read === undefined) return undefined;
  const after = new Date(read.date.getTime() + read.precisionMs);
  return isStorableInstant(after) ? after : undefined;
}

function readCompactIso(
  value: string,
): { date: Date; offsetMinutes: number; precisionMs: number } | undefined {
  const match = COMPACT_ISO_PATTERN.exec(value);
  if (match === null) return undefined;
  const [, year, month, day, hours, minutes, seconds, millis, zone] = match;
  const offsetMinutes = offsetMinutesOf(zone ?? 'Z');
  const date = instantOf({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hours: Number(hours),
    minutes: Number(minutes),
    seconds: Number(seconds),
    milliseconds: Number(millis ?? '0'),
    offsetMinutes,
  });
  return date === undefined
    ? undefined
    : { date, offsetMinutes, precisionMs: millis === undefined ? 1000 : 1 };
}

/** The compact ISO basic form of an instant, in UTC: `20261122T000000Z`. */
export function formatCompactIso(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '');
}

const compactIsoSchema = text()
  .refine((value) => parseCompactIso(value) !== undefined, {
    message: 'Must be a date and time in compact ISO 8601 basic format, such as 20261122T000000Z',
    abort: true,
  })
  .refine((value) => {
    const read = readCompactIso(value);
    return read !== undefined && isStorableInstant(read.date, read.offsetMinutes);
  }, INSTANT_RANGE_MESSAGE);

export const STAN_PATTERN = /^\d{6}$/;
const STAN_MESSAGE = 'Must be a STAN: six digits, such as 004217';
/** First 6 digits, a mask (`*`, `x`, `.`, `…`, `•`, spaces or dashes), last 4. */
export const MASKED_CARD_PATTERN = /^(\d{6})[*xX.\u2026\u2022 -]+(\d{4})$/;
/** A card number is never searched for, so it is never in an address, a log or a history. */
export const FULL_CARD_NUMBER_MESSAGE =
  'A full card number is never searched: give its first 6 and last 4 digits, such as 489537******1234';
const MASKED_CARD_MESSAGE =
  'Must be a masked card number: its first 6 and last 4 digits, such as 489537******1234';

/** The first 6 and last 4 digits of a masked card number, or undefined when it is none. */
export function cardKeyOf(masked: string): string | undefined {
  const match = MASKED_CARD_PATTERN.exec(masked.trim());
  return match === null ? undefined : `${match[1] ?? ''}${match[2] ?? ''}`;
}

const maskedCardSchema = text()
  .trim()
  .regex(MASKED_CARD_PATTERN, MASKED_CARD_MESSAGE)
  .transform((value) => cardKeyOf(value) ?? value);

export const transactionsQuerySchema = z
  .object({
    /** A service type id (GET /service_types). */
    service: text().trim().min(1).max(64).optional(),
    /** Exact reference number (a card transaction's RRN, DE 37); never a card number. */
    reference: text()
      .trim()
      .min(1)
      .max(64)
      .refine((value) => !holdsCardNumber(value), FULL_CARD_NUMBER_MESSAGE)
      .optional(),
    /** System trace audit number (DE 11), six digits; with a date range, as it repeats. */
    stan: text()
      .trim()
      .regex(STAN_PATTERN, STAN_MESSAGE)
      .describe('System trace audit number (DE 11), six digits; give the date range too, as STANs repeat')
      .optional(),
    /** A masked card number, first 6 and last 4 digits (489537******1234); answered as the 10 digits. */
    card: maskedCardSchema
      .describe('A masked card number: first 6 and last 4 digits, such as 489537******1234')
      .optional(),
    /** A receiver id (GET /receivers). */
    receiver: text().trim().min(1).max(64).optional(),
    dateFrom: compactIsoSchema.optional(),
    dateTo: compactIsoSchema.optional(),
    /** The uuid of the newest row of the first page: later pages hold only rows that existed then. */
    latestRecord: z.uuid().optional(),
    /** page * 20 - 20. */
    offset: z.coerce.number().int().min(0).max(TRANSACTIONS_MAX_OFFSET).optional(),
  })
  .refine(
    (query) =>
      query.dateFrom === undefined ||
      query.dateTo === undefined ||
      (parseCompactIso(query.dateFrom)?.getTime() ?? 0) <= (parseCompactIso(query.dateTo)?.getTime() ?? 0),
    { message: 'dateTo must not precede dateFrom', path: ['dateTo'] },
  );
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

/** A service data value: text, a number, a nested list of entries; meta.currency marks minor units. */
export type ServiceDataValue = string | number | boolean | null | ServiceDataEntry[];
export interface ServiceDataEntry {
  name: string;
  value: ServiceDataValue;
  meta?: { currency?: string } | undefined;
}
/** Named, so the OpenAPI document can refer to itself recursively through a component. */
export const serviceDataEntrySchema: z.ZodType<ServiceDataEntry> = z
  .lazy(() =>
    z.object({
      name: text(),
      value: z.union([text(), z.number(), z.boolean(), z.null(), z.array(serviceDataEntrySchema)]),
      meta: z.object({ currency: text().optional() }).optional(),
    }),
  )
  .meta({ id: 'ServiceDataEntry' });

export const serviceDataSchema = z.object({
  base: z.array(serviceDataEntrySchema),
  service: z.array(serviceDataEntrySchema),
  error: z.array(serviceDataEntrySchema),
});
export type ServiceData = z.infer<typeof serviceDataSchema>;

export const transactionSchema = z.object({
  uuid: z.uuid(),
  referenceNumber: text(),
  originatorId: text(),
  /** The receiver's name; null when no receiver was chosen. */
  receiver: text().nullable(),
  serviceDesc: text(),
  tranState: text(),
  timeStarted: z.iso.datetime(),
  timeCompleted: z.iso.datetime().nullable(),
  serverDesc: text(),
  /** Absent or null: the row shows only its trace ID and environment. */
  serviceData: serviceDataSchema.nullish(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * The details of a 404 for a transaction: pending when a recorded leg already names it as its next
 * leg (it is being written and will appear within seconds); otherwise it never will.
 */
export const transactionNotFoundDetailsSchema = z.object({ pending: z.boolean() });
export type TransactionNotFoundDetails = z.infer<typeof transactionNotFoundDetailsSchema>;

export const transactionsResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  paging: z.object({ previousPage: z.boolean(), nextPage: z.boolean() }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

export const receiverOptionSchema = z.object({ id: text(), receiverName: text() });
export type ReceiverOption = z.infer<typeof receiverOptionSchema>;
export const receiverOptionsResponseSchema = z.object({ receivers: z.array(receiverOptionSchema) });

export const serviceTypeSchema = z.object({ id: text(), serviceDesc: text() });
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const serviceTypesResponseSchema = z.object({ serviceTypes: z.array(serviceTypeSchema) });

export const transactionStatesResponseSchema = z.object({ tranStates: z.array(text()) });

export const originatorTypeSchema = z.object({ id: text(), originatorDesc: text() });
export type OriginatorType = z.infer<typeof originatorTypeSchema>;
export const originatorTypesResponseSchema = z.object({ originatorTypes: z.array(originatorTypeSchema) });

export const EDGE_TYPES = ['INLET', 'OUTLET'] as const;
export const DIRECTIONS = ['SEND', 'RECEIVE'] as const;

export const edgeMessageSchema = z.object({
  /** Unique within the transaction; orders the messages with timeCreated. */
  id: text(),
  edgeName: text(),
  edgeType: z.enum(EDGE_TYPES),
  direction: z.enum(DIRECTIONS),
  nrRepeats: z.number().int().min(1),
  /** JSON, XML, plain text or ISO 8583 (card data masked), as the edge carried it. */
  content: text(),
  messageDesc: text(),
  timeCreated: z.iso.datetime(),
  /** The content decoded when it is an ISO 8583 message; null (or absent) for other formats. */
  iso8583: iso8583MessageSchema
    .nullish()
    .describe('The content decoded, when it is an ISO 8583 message (card legs); null for other formats'),
});
export type EdgeMessage = z.infer<typeof edgeMessageSchema>;
export const messagesResponseSchema = z.object({ messages: z.array(edgeMessageSchema) });

export const transactionLegSchema = z.object({
  uuid: z.uuid(),
  state: text(),
  uuidPrev: z.uuid().nullable(),
  uuidNext: z.uuid().nullable(),
});
export type TransactionLeg = z.infer<typeof transactionLegSchema>;
/** GET {transactionsApi}/{uuid}: the leg, with the transaction it belongs to for the summary. */
export const transactionLegResponseSchema = z.object({
  transactionLeg: transactionLegSchema,
  transaction: transactionSchema,
});
export type TransactionLegResponse = z.infer<typeof transactionLegResponseSchema>;

export const transactionUuidParamsSchema = z.object({ uuid: z.uuid() });
