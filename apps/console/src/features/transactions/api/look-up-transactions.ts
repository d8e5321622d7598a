import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  cardKeyOf,
  formatCompactIso,
  transactionsQuerySchema,
  transactionsResponseSchema,
  type Transaction,
  type TransactionsQuery,
} from '@web-control/contract/transactions';
import dayjs from 'dayjs';
import { formatNumericDay, parseDay, parseNumericDay } from '../../../shared/format/dates';
import { request } from '../../../shared/http/http-client';
import { transactionKeys } from './keys';

/** Shorter references match too much to be worth a lookup. */
export const MIN_REFERENCE_LENGTH = 4;

/**
 * What support is given to find a transaction: its reference (a card's RRN), its masked card
 * number (first 6 and last 4 digits), or its STAN with the local day it happened on.
 */
export type TransactionLookup =
  | { kind: 'reference'; reference: string }
  | { kind: 'card'; card: string }
  | { kind: 'stan'; stan: string; day: string };

/** `stan 004217`, `stan 004217 03/02/2026`, or `004217 03/02/2026` (also `2026-02-03`). */
const STAN_LOOKUP = /^(stan\s*)?(\d{6})(?:\s+(\S+))?$/i;

/** What a typed text asks to look up, or undefined when it is nothing to look up. */
export function parseTransactionLookup(text: string, now: Date = new Date()): TransactionLookup | undefined {
  const typed = text.trim();
  if (cardKeyOf(typed) !== undefined) return { kind: 'card', card: typed };
  const stan = STAN_LOOKUP.exec(typed);
  const [, prefix, digits, dayText] = stan ?? [];
  if (digits !== undefined && (prefix !== undefined || dayText !== undefined)) {
    const day =
      dayText === undefined
        ? dayjs(now).format('YYYY-MM-DD')
        : (parseNumericDay(dayText) ?? parseDay(dayText));
    return day === null ? undefined : { kind: 'stan', stan: digits, day };
  }
  const reference = typed;
  const valid = transactionsQuerySchema.safeParse({ reference }).success;
  return reference.length >= MIN_REFERENCE_LENGTH && valid ? { kind: 'reference', reference } : undefined;
}

/** "reference 406108123456", "card 489537******1234", "STAN 004217 on 03/02/2026". */
export function describeLookup(lookup: TransactionLookup): string {
  switch (lookup.kind) {
    case 'reference':
      return `reference ${lookup.reference}`;
    case 'card':
      return `card ${lookup.card}`;
    case 'stan':
      return `STAN ${lookup.stan} on ${formatNumericDay(lookup.day)}`;
  }
}

function toQuery(lookup: TransactionLookup): TransactionsQuery {
  switch (lookup.kind) {
    case 'reference':
      return { reference: lookup.reference };
    case 'card':
      return { card: lookup.card };
    case 'stan':
      return {
        stan: lookup.stan,
        dateFrom: formatCompactIso(dayjs(lookup.day).startOf('day').toDate()),
        dateTo: formatCompactIso(dayjs(lookup.day).endOf('day').toDate()),
      };
  }
}

/** The newest transactions the lookup matches (a page of them); no date filter but the STAN's day. */
export async function lookUpTransactions(
  lookup: TransactionLookup,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  return (
    await request({
      api: 'ecsApi',
      path: '/transactions',
      query: toQuery(lookup),
      schema: transactionsResponseSchema,
      signal,
    })
  ).transactions;
}

export function transactionLookupQuery(lookup: TransactionLookup | undefined) {
  return queryOptions({
    queryKey: transactionKeys.lookup(lookup ?? null),
    queryFn: ({ signal }) => (lookup === undefined ? [] : lookUpTransactions(lookup, signal)),
    enabled: lookup !== undefined,
  });
}

export function useTransactionLookup(lookup: TransactionLookup | undefined) {
  return useQuery(transactionLookupQuery(lookup));
}
